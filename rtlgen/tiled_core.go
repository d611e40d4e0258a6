package rtlgen

import (
	"fmt"
	"strings"

	"herdsim/datapath"
)

// tiledCoreModule is herd_core for a tiled Arch: the load port, the phase machine of the
// schedule table, the memories of the memory map and each phase's datapath, every value
// through its register's cast. Pipelines are timed so that each phase ends with the state
// datapath.TileMachine has at the same cycle (the phase lengths include their latencies).
func tiledCoreModule(a datapath.Arch) *module {
	m := &module{name: "herd_core", comment: `herd_core: the tiled herding datapath of datapath/tile*.go. After reset it takes the
initial memories on the load stream (X words, W words as three beats, b and c values:
rtlgen.TileLoadStream), then runs iterations back to back. Each iteration's pseudo-sample
leaves on m_axis_sample as one record of RB beats (x*, z*, the cycle count and the overflow
flag; datapath.TileSizes.RB); the records wait in a buffer of SLOTS, and when it is full the
core holds in DONE until the stream takes a record: it stalls, it never drops one. done is
high for the one cycle the core leaves DONE, when the iteration's memories are final. Every
phase takes the cycles of datapath.Schedule, so an iteration takes exactly
Arch.IterationCycles clocks, not counting the cycles it holds in DONE.`}
	m.ports = []port{
		{"input", "wire", "", "clk", ""},
		{"input", "wire", "", "rst", "synchronous, active high: back to the load"},
		{"input", "wire", "15:0", "s_axis_load_tdata", "load stream beat"},
		{"input", "wire", "", "s_axis_load_tvalid", ""},
		{"output", "wire", "", "s_axis_load_tready", "high while the core loads"},
		{"output", "reg", "15:0", "m_axis_sample_tdata", "record beat: x* words, z* words, cycles low, {overflow, cycles high}"},
		{"output", "reg", "", "m_axis_sample_tvalid", ""},
		{"input", "wire", "", "m_axis_sample_tready", ""},
		{"output", "reg", "", "m_axis_sample_tlast", "the record's last beat"},
		{"input", "wire", "15:0", "s_axis_cmd_tdata", "command beat: {op, n} (rtlgen.Cmd*: RUN n, STOP, READ)"},
		{"input", "wire", "", "s_axis_cmd_tvalid", ""},
		{"output", "wire", "", "s_axis_cmd_tready", "low while a command waits to run"},
		{"output", "reg", "15:0", "m_axis_read_tdata", "read-back beat: W words, b, c (the load stream's format)"},
		{"output", "reg", "", "m_axis_read_tvalid", ""},
		{"input", "wire", "", "m_axis_read_tready", ""},
		{"output", "reg", "", "m_axis_read_tlast", "the read-back's last beat"},
		{"output", "wire", "", "idle", "loaded, no iteration to begin, no read-back: W, b, c are final"},
		{"output", "wire", "", "done", "one cycle as the core leaves DONE to begin the next iteration (the last of a run waits in DONE, idle)"},
		{"output", "reg", "", "overflow", "sticky: some register write wrapped or saturated"},
	}
	m.add("Sizes of the Arch (datapath.Arch, datapath.TileSizes) and the schedule's phase lengths.", tiledParams(a))
	m.add("Derived widths and sized constants (every comparison is between equal widths).", tiledConstants(a))
	m.add("Overflow helpers of every register: fits_<r> and cast_<r> take the exact value at the\nregister's exact width <R>_X (its width plus what its sums need) and wrap or saturate.", tiledRegFunctions())
	m.add("Sign extensions of the operands of the exact sums, to the exact width of their register.", tiledExtFunctions(a))
	m.add(`Comparisons with constants, as logic: Yosys would build each "x < C" as a carry chain, a
logic cell a bit, where the gates of ltc_* fold to a few LUTs.`, constCompares())
	m.add("Shared state: the phase counters, the load's end, the search's flags.", `
reg running;      // the load is done: iterations run
reg load_done;    // the last load beat was written: running starts next cycle
/* verilator lint_off UNUSEDSIGNAL */  // the core's tile: only SH's energy pass reads it
reg [TW-1:0] tile;
/* verilator lint_on UNUSEDSIGNAL */
reg [NBW-1:0] batch;
reg [SWW-1:0] sweep;
reg changed;      // the sweep changed x* or z*
reg from_data;    // the search started at a data vector: its first z half is not a change
reg xs_rd;        // x*_j from the x* memory, the cycle after its address (tiledSearch)
reg [PW-1:0] zs_rd;  // a group of z* from zs_mem, the cycle after its address (tiledSearch)
wire wb_write;    // WRITEBACK writes a W word next cycle (tiledWriteback)
reg [47:0] wb_word;
reg hold;         // DONE waits: the record buffer is full or no iteration is pending
reg has_todo;     // an iteration is pending (tiledControl)
wire start_n;     // the first iteration begins next cycle (tiledControl)
reg rd_on;        // a read-back runs (tiledControl)
wire cmd_read;    // READ starts a read-back
wire rd_step;     // the read-back stream takes a beat
wire hold_a;      // the same, for the look-ahead phase machine (a cycle early)
`)
	m.add("The phase machine, rendered from datapath.Schedule (states, lengths, edges).", phaseMachine(a))
	m.add(`Phase windows: conditions on the phase and its cycle, registered from the look-ahead
state so that the enables and selects they drive start at a register.`, `
reg w_zn, w_pack, w_xbit, w_zbit, w_lo, w_hi, w_wbw, w_rp, w_ppp, w_ppw, w_ppc, w_ppz;
/* verilator lint_off UNUSEDSIGNAL */  // mode H has no energy pass
reg w_e0, w_em;
/* verilator lint_on UNUSEDSIGNAL */
always @(posedge clk) begin
  w_e0 <= !rst && nx_e_pass && cyc_n == CY_E0;                                 // SH: the readout's first value is next
  w_em <= !rst && nx_e_pass && cyc_n == CY_EM;                                 // SH: and the cycle before
  // PASS, b > 0, cyc < D (word skip: cyc < L_(b-1)): batch b-1's statistics
  w_ppp <= !rst && (SKIP != 0 ? la_st : nx_pass && batch_a != {NBW{1'b0}} && ltc_cy(cyc_n, CY_D));
  w_ppc <= !rst && SKIP != 0 && nx_prefetch && ltc_cy(cyc_n, CY_D);          // word skip: PREFETCH, cyc < D: P's words zeroed
  w_ppz <= !rst && SKIP != 0 && (la_zs || (nx_writeback && cyc_n == 0));     // word skip: sum z of the batch captured
  w_ppw <= !rst && nx_writeback && cyc_n != {CYW{1'b0}};                        // WRITEBACK, cyc >= 1: the last batch's
  w_zn <= !rst && nx_c_update && !ltc_cy(cyc_n, CY_XEND1) && ltc_cy(cyc_n, CY_ZEND1);  // z*'s groups are read
  w_pack <= !rst && nx_c_update && cyc_n != {CYW{1'b0}} && ltc_cy(cyc_n, CY_PK);  // the packer takes bit cyc - 1
  w_xbit <= !ltc_cy(CY_D, cyc_n);                                             // cyc <= D: x*'s bits
  w_zbit <= !ltc_cy(cyc_n, CY_XEND) && ltc_cy(cyc_n, CY_ZEND);                // z*'s bits
  w_lo <= !rst && nx_c_update && cyc_n == CY_PK;                              // the record's cycles, low
  w_hi <= !rst && nx_c_update && cyc_n == CY_PK1;                             // and high
  w_wbw <= !rst && nx_writeback && !ltc_cy(cyc_n, CY_WB1) && ltc_cy(cyc_n, CY_WB1END);  // a W word is written next cycle
  w_rp <= !rst && nx_sweep && !ltc_cy(cyc_n, CY_D3) && ltc_cy(cyc_n, CY_RPEND);  // the replay reads
end
`)
	m.add("Memories: X and W in SPRAM (herd_spram), the rest in block RAM (read at a registered\naddress, the word shows the next cycle).", tiledMemories)
	m.add(`The load stream: X words, W words (3 beats: SPRAM 0, 1, 2), b values, c values. A beat is
registered, then written; sum_n x_nj accumulates in sx_mem as the X words pass (datapath's
load: 2 popcount(word & valid) - valid per batch).`, tiledLoad)
	m.add(`Commands: RUN n adds n iterations to the pending count, STOP clears it, READ streams W, b and
c out once the core is idle. The core begins an iteration while the count is not zero and
holds in DONE otherwise.`, tiledControl(a))
	m.add("Registered addresses for the next cycle, from the next state.", tiledAddresses+tiledReadAddrs)
	m.add("PREFETCH / E_PREFETCH: word (g, j) lands a cycle after its read: the tile buffer takes\nthe group's slots (SH's energy pass: the c row from c_mem), the start ring s_r = b_r - sum W.", tiledPrefetch)
	m.add("The accumulator array and PASS / E_PASS: cycle 0 captures and clears, cycle 1 adds the\nstart values to every column, cycles 2..D+1 add 2 W_rj where x_nj = +1.", tiledArray)
	m.add("Positive statistics of batch b-1 during pass b (and of the last batch in WRITEBACK):\nvalid - 2 popcount((z XOR x) & mask), accumulated into P.", tiledPositive)
	m.add("WRITEBACK: per j, the tile's new weights W + P - N z* x* (update, then W cast), written\none W word (group) a cycle; hidden-bias growth at j = 0.", tiledWriteback)
	m.add("SWEEP: the z half streams W words (g, j) in address order into PW field accumulators;\nthe x half replays group g from the row buffer into vis (c_j at g = 0); the last replay's\nsigns are x*. GATHER, START, C_UPDATE.", tiledSearch)
	m.add("SH: the array's readout into the energies, and the best vector.", tiledEnergy)
	m.add(`The output records. C_UPDATE packs x* (cycles 1 .. D, from the x* memory, padded to whole
words) and z* (cycles 16 XB + 1 .. 16 XB + K, from zs_mem a group at a time) into 16-bit
words, a bit a cycle, then the cycle count, into slot rec_ws of the record buffer; the record is committed at
C_UPDATE's last cycle, and DONE holds while every slot is full. m_axis_sample reads the
committed slots in order, one beat a cycle while the receiver takes them.`, tiledRecord(a))
	m.add("The sticky overflow flag and the outputs.", `
// Each check is registered on its own, then their OR sets the flag: no check's logic
// reaches the flag's enable through the others' OR.
reg [8:0] ovf_q;
always @(posedge clk) begin
  ovf_q <= rst ? 9'b0 : {ovf_prefetch, arr_ovf, ovf_positive, ovf_zsum, ovf_writeback, ovf_search,
                         cu_ovf1, cu_ovf2, ovf_energy};
  if (rst) overflow <= 1'b0;
  else if (|ovf_q) overflow <= 1'b1;
end
assign done = in_done && !hold;
`)
	m.add(`Formal properties (read_verilog -formal -DFORMAL): sim.ProveHandshake proves them for every
reset and input sequence by k-induction with yosys-smtbmc, every memory's read data left
free. An output beat offered and not taken stays, unchanged; the record buffer never takes
a record it has no slot for, nor releases one it does not hold. The invariants (the fill
against the slots, the phase the fill allows, the read-back's one beat in flight) make
the proof inductive; they are asserted, so proven too.`, tiledFormal)
	return m
}

// tiledFormal is herd_core's formal block (FORMAL only): the handshake's properties and
// the invariants that make them inductive (sim.ProveHandshake).
const tiledFormal = "`ifdef FORMAL" + `
reg f_past;  // $past is defined
initial f_past = 1'b0;
always @(posedge clk) f_past <= 1'b1;
initial assume(rst);
// The output streams (AXI4-Stream): a beat offered and not taken stays, unchanged.
always @(posedge clk) begin
  if (f_past && !$past(rst) && !rst) begin
    if ($past(m_axis_sample_tvalid && !m_axis_sample_tready)) begin
      assert(m_axis_sample_tvalid);
      assert(m_axis_sample_tdata == $past(m_axis_sample_tdata));
      assert(m_axis_sample_tlast == $past(m_axis_sample_tlast));
    end
    if ($past(m_axis_read_tvalid && !m_axis_read_tready)) begin
      assert(m_axis_read_tvalid);
      assert(m_axis_read_tdata == $past(m_axis_read_tdata));
      assert(m_axis_read_tlast == $past(m_axis_read_tlast));
    end
  end
end
// The record buffer: slots rec_rs .. rec_rs + filled - 1 hold the records committed and not
// yet read, and the packer writes rec_ws, the slot after them. DONE holds while SLOTS - 1
// records wait before its commit, so the buffer fills to SLOTS at most, in DONE, and an
// iteration runs with a free slot for its record.
always @* begin
  if (!rst && f_past) begin
    assert(!(commit && filled == SLOTS_ALL));        // a record with no slot: dropped
    assert(!(ob_release && filled == 0));          // a record released twice
    assert(filled <= SLOTS_ALL);
    assert(rec_ws == rec_rs + filled[SLOTSW-1:0]);
    assert(ob_any == (filled != 0) && ro_last == (ro == RB_LASTW) && full_q == (filled >= SLOTS_M1));
    if (running && ph != PH_DONE) assert(filled <= SLOTS_M1);
    // Before the first iteration no record (end_c_update is cleared by reset: a reset in the
    // cycle before C_UPDATE's last commits nothing).
    if (!running) assert(filled == 0 && !m_axis_sample_tvalid);
    if (!running && !load_done) assert(ph_a == PH_FIRST && ph == PH_FIRST);
    // The read-back: one beat at a time; its address and reads (rd_pipe, one-hot) run only
    // while no beat is offered, and READ starts only while no read-back runs.
    assert((rd_pipe & (rd_pipe - 4'd1)) == 4'd0);
    if (m_axis_read_tvalid) assert(rd_on && rd_pipe == 4'd0);
    if (cmd_read) assert(!rd_on && !m_axis_read_tvalid);
    if (cmd_read || rd_on) assert(idle_now);       // W, b and c are final while they are read
    if (rd_step) assert(rd_on && !m_axis_read_tvalid && rd_pipe == 4'd0);
  end
end
` + "`endif\n"

// The Verilog blocks of tiledCoreModule, in its order.
var (
	tiledLoad = `
reg [LOADW-1:0] ld_n;                 // beats taken
reg [NBW-1:0] ld_b;                   // X: batch of the beat
reg [DW-1:0] ld_j;                    // X: visible unit of the beat; W: word within a group run
reg [13:0] ld_w;                      // W: word index
reg [13:0] ld_xa;                     // word skip: the next X word's address
reg [12:0] ld_ka;                     // word skip: the next j word's (W SPRAM 0 at A_JBASE + k)
reg ld_head, ld_odd;                  // word skip: vector 0's words come; the next beat is a j word
reg [1:0] ld_q;                       // W: SPRAM of the beat
/* verilator lint_off UNUSEDSIGNAL */  // bits above b's and c's widths are padding
reg [15:0] ld_acc;                    // b, c: the value's low beat
reg [1:0] ld_k;                       // b, c: beats of the value so far
reg [13:0] ld_i;                      // b, c: value index
reg [13:0] ld_bg;                     // b: group of the value (i / PW)
reg [1:0] ld_bs;                      // b: slot of the value (i mod PW)
// A beat is taken into in_data, then placed the next cycle (in_v): the stream's tvalid
// reaches a register only. ld_all: the last beat is taken (the one in flight counts).
reg in_v, ld_all;
reg [15:0] in_data;
wire ld_take = s_axis_load_tvalid && s_axis_load_tready;
wire ld_last_take = in_v ? (ld_n == LD_LASTM1) : (ld_n == LD_LAST);
// ld_finish: the last beat is placed (load_done next cycle); a register, set as the beat is
// taken, so that the phase machine's first cycle does not wait for a comparison on ld_n.
reg ld_finish;
always @(posedge clk) begin
  in_v <= !rst && ld_take;
  ld_finish <= !rst && ld_take && ld_last_take;
  if (ld_take) in_data <= s_axis_load_tdata;
  if (rst) ld_all <= 1'b0;
  else if (ld_take && ld_last_take) ld_all <= 1'b1;
end
reg ld_in_x, ld_in_w, ld_in_b, ld_in_c;  // the next beat's part of the stream (one-hot registers)
assign s_axis_load_tready = !running && !load_done && !ld_all;
// The registered beat, written in the next cycle.
reg lw_x, lw_w, lw_b, lw_c, lw_first, lw_lastb;
reg lw_sj;                            // word skip: a beat for sum x at lw_j (vector 0's word: -N; a j word: + 2 lw_pc)
reg [4:0] lw_pc;                      // word skip: the popcount a j word carries
reg [15:0] lw_data;
reg [13:0] lw_addr;
reg [1:0] lw_q;
reg [DW-1:0] lw_j;
reg [BCW-1:0] lw_val;
wire [31:0] ld_val = (ld_k == 2'd0) ? {16'b0, in_data} : {in_data, ld_acc};
/* verilator lint_on UNUSEDSIGNAL */
always @(posedge clk) begin
  {lw_x, lw_w, lw_b, lw_c, lw_sj} <= 5'b0;
  if (rst) begin
    ld_n <= {LOADW{1'b0}};
    ld_b <= {NBW{1'b0}};
    ld_j <= {DW{1'b0}};
    ld_w <= 14'd0;
    ld_q <= 2'd0;
    ld_k <= 2'd0;
    ld_i <= 14'd0;
    ld_bg <= 14'd0;
    ld_bs <= 2'd0;
    ld_xa <= 14'd0;
    ld_ka <= 13'd0;
    ld_odd <= 1'b0;
    ld_head <= 1'b1;
    load_done <= 1'b0;
    running <= 1'b0;
    {ld_in_x, ld_in_w, ld_in_b, ld_in_c} <= 4'b1000;
  end else begin
    if (load_done) begin
      load_done <= 1'b0;
      running <= 1'b1;
    end
    if (start_n) load_done <= 1'b1;
    // READ walks the W, b and c part of the load again (tiledControl): the same counters,
    // stepped by each read-back beat taken, with the writes off.
    if (cmd_read) begin
      ld_n <= LD_W0;
      ld_w <= 14'd0;
      ld_q <= 2'd0;
      ld_k <= 2'd0;
      ld_i <= 14'd0;
      ld_bg <= 14'd0;
      ld_bs <= 2'd0;
      {ld_in_x, ld_in_w, ld_in_b, ld_in_c} <= 4'b0100;
    end
    if (in_v || rd_step) begin
      ld_n <= ld_n + 1'b1;
      lw_data <= in_data;
      if (ld_in_x && SKIP != 0 && ld_odd) begin
        // word skip: the j word of the X word before, into W SPRAM 0 at A_JBASE + k; it
        // adds 2 popcount of the word to sum x at j
        lw_w <= 1'b1;
        lw_sj <= 1'b1;
        lw_first <= 1'b0;
        lw_addr <= {1'b1, ld_ka};
        lw_q <= 2'd0;
        lw_j <= in_data[DW-1:0];
        lw_pc <= in_data[JPC +: 5];
        ld_ka <= ld_ka + 1'b1;
        ld_odd <= 1'b0;
      end else if (ld_in_x) begin
        // word skip: vector 0's D words (each starts sum x_j at -N), then busy X words, each
        // followed by its j word
        lw_x <= 1'b1;
        lw_sj <= SKIP != 0 && ld_head;
        lw_pc <= 5'd0;
        lw_addr <= SKIP != 0 ? ld_xa : ld_n[13:0];
        ld_xa <= ld_xa + 1'b1;
        ld_odd <= SKIP != 0 && !ld_head;
        if (ld_j == D_LAST) ld_head <= 1'b0;
        lw_j <= ld_j;
        lw_first <= (ld_b == {NBW{1'b0}});
        lw_lastb <= (ld_b == NB_LAST);
        ld_j <= (ld_j == D_LAST) ? {DW{1'b0}} : ld_j + 1'b1;
        if (ld_j == D_LAST) ld_b <= ld_b + 1'b1;
      end else if (ld_in_w) begin
        lw_w <= !rd_on;
        lw_addr <= ld_w;
        lw_q <= ld_q;
        ld_q <= (ld_q == 2'd2) ? 2'd0 : ld_q + 1'b1;
        if (ld_q == 2'd2) ld_w <= ld_w + 1'b1;
      end else begin
        // b or c: a value is ceil(width/16) beats; write it with its last beat.
        ld_acc <= in_data;
        ld_k <= ld_k + 1'b1;
        if (ld_k == (ld_in_b ? LD_BLAST : LD_CLAST)) begin
          ld_k <= 2'd0;
          lw_b <= ld_in_b && !rd_on;
          lw_c <= ld_in_c && !rd_on;
          lw_addr <= ld_in_b ? ld_bg : ld_i;
          lw_q <= ld_bs;
          lw_val <= ld_val[BCW-1:0];
          ld_i <= ld_i + 1'b1;
          if (ld_in_b) begin
            ld_bs <= (ld_bs == PW_LAST) ? 2'd0 : ld_bs + 1'b1;
            if (ld_bs == PW_LAST) ld_bg <= ld_bg + 1'b1;
          end
          if (ld_in_b && ld_i == A_KLAST) ld_i <= 14'd0;
        end
      end
      if (ld_n == LD_XL) {ld_in_x, ld_in_w} <= 2'b01;
      if (ld_n == LD_XWL) {ld_in_w, ld_in_b} <= 2'b01;
      if (ld_n == LD_XWBL) {ld_in_b, ld_in_c} <= 2'b01;
    end
  end
end
// The X word's sum over its batch's real vectors, for sum x, in three stages (the load runs
// at the core's clock too): nibble counts of the masked word, the batch's term (with sum x_j
// read at j, so that it lands with the term), then sum + term written back (j comes round
// again only D >= 4 beats later, after the write). Word skip: vector 0's word j starts sum
// x_j at -N, and each busy word's j word adds 2 popcount of its X word (the popcount it
// carries; a pixel's next word is at least two beats on: the read follows the write).
wire [15:0] lw_mask = lw_lastb ? LAST_MASK : 16'hffff;
wire [15:0] lw_masked = lw_data & lw_mask;
reg [11:0] ls_nib;                    // stage A: four 3-bit nibble counts
reg [4:0] ls_valid;
reg [4:0] ls_pc;                      // word skip: the j word's popcount
reg [6:0] ls_term;                    // stage B: 2 popcount - valid, -16 .. 16
reg ls_v1, ls_v2, ls_first1, ls_first2;
reg [DW-1:0] ls_j1, ls_j2;
integer li;
always @(posedge clk) begin
  for (li = 0; li < 4; li = li + 1)
    ls_nib[3*li +: 3] <= {2'b0, lw_masked[4*li]} + {2'b0, lw_masked[4*li+1]} + {2'b0, lw_masked[4*li+2]} + {2'b0, lw_masked[4*li+3]};
  ls_valid <= lw_lastb ? LAST_VALID5 : 5'd16;
  ls_pc <= lw_pc;
  {ls_v1, ls_first1, ls_j1} <= {SKIP != 0 ? lw_sj : lw_x, lw_first, lw_j};
  ls_term <= SKIP != 0 ? {1'b0, ls_pc, 1'b0}
           : {({2'b0, ls_nib[2:0]} + {2'b0, ls_nib[5:3]} + {2'b0, ls_nib[8:6]} + {2'b0, ls_nib[11:9]}), 1'b0} - {2'b0, ls_valid};
  {ls_v2, ls_first2, ls_j2} <= {ls_v1, ls_first1, ls_j1};
end
wire [POSITIVE_X-1:0] lw_sx = (ls_first2 ? (SKIP != 0 ? NEG_N_X : {POSITIVE_X{1'b0}}) : px_p(sx_rd)) + px_7(ls_term);
always @(posedge clk) if (ls_v2) sx_mem[ls_j2] <= cast_positive(lw_sx);
`

	tiledMemories = `
// X: word b D + j, bit m = x_{16b+m, j}. W: word g D + j of 48 bits across three SPRAMs,
// slot s (row g PW + s) at bits [s SW +: W_W].
reg [13:0] xa, wa;
reg [15:0] x_wdata;
reg x_we;
reg [47:0] w_wdata;
reg [2:0] w_we;
wire [15:0] x_rd;
wire [47:0] w_rd;
herd_spram xram (.clk(clk), .addr(xa), .wdata(x_wdata), .we(x_we), .rdata(x_rd));
// HERD_FAULT_W (tests only): every write of W word 0 flips its bit 0, as a stuck memory bit
// would; the board-loop test shows that verify catches it.
` + "`" + `ifdef HERD_FAULT_W
wire [15:0] w_fault = (wa == 14'd0) ? 16'h0001 : 16'h0000;
` + "`" + `else
wire [15:0] w_fault = 16'h0000;
` + "`" + `endif
herd_spram wram0 (.clk(clk), .addr(wa), .wdata(w_wdata[15:0] ^ w_fault), .we(w_we[0]), .rdata(w_rd[15:0]));
herd_spram wram1 (.clk(clk), .addr(wa), .wdata(w_wdata[31:16]), .we(w_we[1]), .rdata(w_rd[31:16]));
herd_spram wram2 (.clk(clk), .addr(wa), .wdata(w_wdata[47:32]), .we(w_we[2]), .rdata(w_rd[47:32]));

// Block RAMs (registered read address <x>_ra, data <x>_rd the next cycle). No phase reads an
// address in the cycle it is written (each read-modify-write reads j + 1 while it writes j),
// so no_rw_check spares Yosys the collision logic it would otherwise add. ram_style keeps
// the small ones (b, x* for the default data) in block RAM too: Yosys would build them from
// flip-flops and multiplexers though EBRs are free (278 cells at K = 16, D = 64).
(* no_rw_check, ram_style = "block" *) reg [T*W_W-1:0] tile_mem [0:D-1];            // tile buffer: word j, row r at [r W_W +: W_W]
(* no_rw_check, ram_style = "block" *) reg [T*POSITIVE_W-1:0] p_mem [0:D-1];        // P of the tile's rows at j
(* no_rw_check, ram_style = "block" *) reg [XBW-1:0] xb_mem [0:D-1];                // the previous batch's X words (word skip: tiledPositive)
(* no_rw_check, ram_style = "block" *) reg [PW*B_W-1:0] b_mem [0:BG-1];             // b of group g's rows
(* no_rw_check, ram_style = "block" *) reg [C_W-1:0] c_mem [0:D-1];
(* no_rw_check, ram_style = "block" *) reg [POSITIVE_W-1:0] sx_mem [0:D-1];
(* no_rw_check, ram_style = "block" *) reg [VIS_FIELD_W-1:0] vis_mem [0:D-1];
(* no_rw_check, ram_style = "block" *) reg [PW*W_W-1:0] rb_mem [0:2*D-1];           // the search's row buffer: group g at (g mod 2) D + j
reg [DW-1:0] tile_ra, p_ra, xb_ra, c_ra, sx_ra, vis_ra;
reg [13:0] b_ra;
reg [DW:0] rb_ra;
reg [T*W_W-1:0] tile_rd;
reg [T*POSITIVE_W-1:0] p_rd;
reg [XBW-1:0] xb_rd;
reg [PW*B_W-1:0] b_rd;
reg [C_W-1:0] c_rd;
reg [POSITIVE_W-1:0] sx_rd;
reg [VIS_FIELD_W-1:0] vis_rd;
reg [PW*W_W-1:0] rb_rd;
integer mi;
initial begin  // rows K.. of the last group stay zero (block RAM initial contents)
  for (mi = 0; mi < BG; mi = mi + 1) b_mem[mi] = {(PW*B_W){1'b0}};
end
always @(posedge clk) begin
  tile_rd <= tile_mem[tile_ra];
  p_rd <= p_mem[p_ra];
  xb_rd <= xb_mem[xb_ra];
  b_rd <= b_mem[b_ra[BGW-1:0]];
  c_rd <= c_mem[c_ra];
  sx_rd <= sx_mem[running ? sx_ra : ls_j1];
  vis_rd <= vis_mem[vis_ra];
  rb_rd <= rb_mem[rb_ra];
end
`

	tiledAddresses = `
// Sub-counters of the next cycle: PREFETCH and WRITEBACK step (j, gi), gi fastest.
reg [DW-1:0] aj;              // j of the next cycle's word
reg [AGW-1:0] ag;             // gi of the next cycle's word
reg ag_last;                  // ag == GT_LAST, a register
reg [13:0] xbase, tbase;      // batch b's first X word (b D); tile k's first W word (k GT D)
reg [13:0] xbase1, tbase1;    // the next batch's and tile's (registers: no adder before the address muxes)
reg [13:0] best_base;         // SH: the best vector's batch (its first X word)
reg [3:0] best_col;           // SH: the best vector's bit in its batch's words
wire [13:0] xbase_n = clr_batch ? 14'd0 : step_batch ? xbase1 : xbase;
wire [13:0] tbase_n = clr_tile ? 14'd0 : step_tile ? tbase1 : tbase;
// wa is a load (a load or read-back beat's word, a prefetch or write-back run's first
// word, the sweep's first) or wa plus its step, the step chosen from registers before the
// adder: one carry chain, then a choice of two.
// Word skip: PREFETCH's cycle (T/PW) D sets wa to the tile's first j word (A_JBASE) and xa
// to its first busy X word (A_XBUSY); each cycle that reads a busy word's j (in_xrd) steps wa, and each
// that reads its X word, two cycles later (xr2), steps xa, so that a whole tile's passes
// read the busy words and their j in order.
wire wa_load = lw_w || lr_w || nw_arow0 || (nw_sw_gd && nw_sw_0) || (SKIP != 0 && nw_jbase);
wire [13:0] wa_src = lw_w ? lw_addr : lr_w ? ld_w : nw_arow0 ? tbase_n : (SKIP != 0 && nw_jbase) ? A_JBASE : 14'd0;
wire [13:0] wa_inc = !nw_arun ? 14'd1 : ag_last ? A_NEXTJ : A_D;
// WRITEBACK writes word (g, j) at cycle 7 + j GT + gi (tiledWriteback's pipeline).
always @(posedge clk) begin
  if (rst) begin
    xbase <= 14'd0;
    tbase <= 14'd0;
    xbase1 <= A_D;
    tbase1 <= A_GTD;
  end else if (running) begin
    xbase <= xbase_n;
    tbase <= tbase_n;
    xbase1 <= xbase_n + A_D;
    tbase1 <= tbase_n + A_GTD;
  end
  // X SPRAM: load writes; PASS / E_PASS read (b, j) at cycle j; GATHER reads its vector.
  x_we <= 1'b0;
  if (lw_x) begin
    xa <= lw_addr;
    x_wdata <= lw_data;
    x_we <= 1'b1;
  end else if (SKIP != 0 && (nw_jbase || xr2))
    xa <= nw_jbase ? A_XBUSY : xa + 1'b1;
  else if (SKIP == 0 && nw_pass_d)
    xa <= nw_pass_0 ? xbase_n : xa + 1'b1;
  else if (nw_gather_d)
    xa <= nw_gather_0 ? best_base : xa + 1'b1;
  // W SPRAMs: load writes; PREFETCH reads and WRITEBACK writes (g, j), gi fastest; SWEEP
  // reads in address order.
  w_we <= 3'b0;
  if (wa_load) wa <= wa_src;
  else if (nw_arun || nw_sw_gd || (SKIP != 0 && in_xrd)) wa <= wa + wa_inc;  // one adder on wa itself, no run base kept beside it
  if (lw_w) begin
    w_wdata <= {3{lw_data}};
    w_we <= 3'b001 << lw_q;
  end
  // (j, gi) of a prefetch or write-back run.
  if (lw_w || lr_w) begin
    // the load's and the read-back's words: not a run
  end else if (nw_arow0) begin
    aj <= {DW{1'b0}};
    ag <= {AGW{1'b0}};
    ag_last <= GT_LAST == {AGW{1'b0}};
  end else if (nw_arun) begin
    if (ag_last) begin
      ag <= {AGW{1'b0}};
      aj <= aj + 1'b1;
      ag_last <= GT_LAST == {AGW{1'b0}};
    end else begin
      ag <= ag + 1'b1;
      ag_last <= ag + 1'b1 == GT_LAST;
    end
  end
  if (wb_write) begin
    w_wdata <= wb_word;
    w_we <= 3'b111;
  end
end
`
)

var (
	tiledPrefetch = `
reg [13:0] bgbase;                // tile k's first group (k GT)
// The tile's row masks, registered from the next cycle's tile: every tile before the last
// is whole (no K + T bit masks shifted a tile at a time).
reg [T-1:0] rv;                   // tile rows that hold a hidden unit
/* verilator lint_off UNUSEDSIGNAL */  // mode H has no energy pass
reg [T-1:0] rve;                  // or the c row too (the energy pass)
/* verilator lint_on UNUSEDSIGNAL */
wire [TW-1:0] rv_tile = rst ? {TW{1'b0}} : tile_n;
always @(posedge clk) begin
  rv <= ltc_tw(rv_tile, NT_LAST) ? {T{1'b1}} : (rv_tile == NT_LAST) ? RV_LAST : {T{1'b0}};
  rve <= ltc_tw(rv_tile, NTE_LAST) ? {T{1'b1}} : RVE_LAST;
end
wire [13:0] bgbase_n = clr_tile ? 14'd0 : step_tile ? bgbase + A_GT : bgbase;
always @(posedge clk) begin
  if (rst || clr_tile) begin
    bgbase <= 14'd0;
  end else if (step_tile) begin
    bgbase <= bgbase + A_GT;
  end
end
// The word read at cycle c lands at c + 1 with its (j, gi) (the *0 registers) and is
// registered again at c + 2 (LatPrefetch): the SPRAM's output, through the c row's select,
// ends at flip-flops, not in the start value's carry chain.
// What each slot's row holds is registered with it, so no row mask is chosen after the read.
reg pf_v0, pf_j00, pf_glast0, pf_v, pf_j0, pf_glast;
reg [DW-1:0] pf_j_0, pf_j;
reg [PW-1:0] pf_hid0, pf_crow0, pf_live0;  // per slot: a hidden unit; the c row; either, in this pass
reg [PW-1:0] pf_hid, pf_live;
reg [PW*W_W-1:0] pf_slots;        // the landed word's slots (the c row's from c), registered
reg [PW*B_W-1:0] pf_b;
integer pq;
always @(posedge clk) begin
  pf_v0 <= (in_prefetch || in_e_prefetch) && ltc_cy(cyc, CY_GTD);
  pf_j_0 <= aj;
  pf_j00 <= aj == {DW{1'b0}};
  pf_glast0 <= ag_last;
  for (pq = 0; pq < PW; pq = pq + 1) begin
    pf_hid0[pq] <= rv[tile_row(ag, pq)];
    pf_crow0[pq] <= MODE_SH != 0 && in_e_prefetch && rve[tile_row(ag, pq)] && !rv[tile_row(ag, pq)];  // constant in mode H: no c-row mux on W
    pf_live0[pq] <= (MODE_SH != 0 && in_e_prefetch) ? rve[tile_row(ag, pq)] : rv[tile_row(ag, pq)];
  end
end
always @(posedge clk) begin
  {pf_v, pf_j, pf_j0, pf_glast, pf_hid, pf_live} <= {pf_v0, pf_j_0, pf_j00, pf_glast0, pf_hid0, pf_live0};
  for (pq = 0; pq < PW; pq = pq + 1)
    pf_slots[pq*W_W +: W_W] <= pf_crow0[pq] ? wfrom_c(c_rd) : w_rd[pq*SW +: W_W];
  pf_b <= b_rd;
end
// The start ring: T start values, stage k = rows k PW .. k PW + PW - 1 of the ring's
// current turn; stage 0 is the group that lands, and the ring turns one stage a word.
reg [T*FIELD_W-1:0] st;
reg [PW*FIELD_W-1:0] pf_new;
integer ps;
reg [FIELD_X-1:0] pf_exact;
reg [PW*FIELD_TOP-1:0] pf_tops;   // every slot's top bits, for the overflow check
always @* begin
  for (ps = 0; ps < PW; ps = ps + 1) begin
    pf_exact = (pf_j0 ? (pf_hid[ps] ? fx_b(pf_b[ps*B_W +: B_W]) : {FIELD_X{1'b0}}) : fx_f(st[ps*FIELD_W +: FIELD_W]))
             - fx_w(pf_slots[ps*W_W +: W_W]);
    pf_tops[ps*FIELD_TOP +: FIELD_TOP] = top_field(pf_exact);
    pf_new[ps*FIELD_W +: FIELD_W] = cast_field(pf_exact);
    if (!pf_live[ps]) pf_new[ps*FIELD_W +: FIELD_W] = {FIELD_W{1'b0}};
  end
end
// The overflow check runs a cycle later, on the registered top bits (the flag is sticky).
reg [PW*FIELD_TOP-1:0] pf_tops_q;
reg [PW-1:0] pf_chk_q;
reg pf_ovf;
always @(posedge clk) begin
  pf_tops_q <= pf_tops;
  pf_chk_q <= {PW{pf_v}} & pf_live;
end
always @* begin
  pf_ovf = 1'b0;
  for (ps = 0; ps < PW; ps = ps + 1)
    if (pf_chk_q[ps] && misfit_field(pf_tops_q[ps*FIELD_TOP +: FIELD_TOP])) pf_ovf = 1'b1;
end
// The GT groups of word j land one a cycle (gi = 0 first): the first GT - 1 wait in a
// shift register and the last writes the whole word, so the tile buffer has one plain
// write port (no partial writes, no data muxes).
generate
  if (GT > 1) begin : g_stage
    reg [(GT-1)*PW*W_W-1:0] pf_stage;
    wire [(GT-1)*PW*W_W-1:0] pf_staged;  // a group on: the new one on top
    if (GT > 2) begin : g_long
      assign pf_staged = {pf_slots, pf_stage[(GT-1)*PW*W_W-1:PW*W_W]};
    end else begin : g_short
      assign pf_staged = pf_slots;
    end
    always @(posedge clk) begin
      if (pf_v) pf_stage <= pf_staged;
      if (pf_v && pf_glast) tile_mem[pf_j] <= {pf_slots, pf_stage};
    end
  end else begin : g_nostage
    always @(posedge clk) if (pf_v && pf_glast) tile_mem[pf_j] <= pf_slots;  // pf_glast: always, one group a tile
  end
endgenerate
generate
  if (GT > 1) begin : g_ring
    always @(posedge clk) if (pf_v) st <= {pf_new, st[T*FIELD_W-1:PW*FIELD_W]};
  end else begin : g_ring1
    always @(posedge clk) if (pf_v) st <= pf_new;
  end
endgenerate
wire ovf_prefetch = pf_ovf;
`

	tiledArray = `
reg arr_clear, arr_add, arr_all, arr_capture, arr_read;
reg [15:0] arr_mask;
// In WRAP mode the accumulators hold a field halved: a field is its start s_r plus even
// terms 2 W_rj, so its low bit is s_r's, the same in every column of the row. They start
// at s_r >> 1 and add W_rj, one bit narrower (FIELD_W - 1 bits hold the halves of FIELD_W-bit
// fields exactly, and a half overflows its range iff the field overflows its own), and the
// field is {acc, s_r[0]}. Saturation does not halve (its limits are odd and even), so SAT
// keeps whole fields and adds 2 W_rj.
localparam integer ASH = (FIELD_SAT == 0) ? 1 : 0;  // bits the accumulators drop
localparam integer AW = FIELD_W - ASH;              // accumulator width
reg [T*AW-1:0] arr_bus;
wire [T*16-1:0] arr_z;
/* verilator lint_off UNUSEDSIGNAL */  // mode H has no readout
wire [AW-1:0] arr_rd;
/* verilator lint_on UNUSEDSIGNAL */
wire arr_ovf;
herd_acc_array #(.B(16), .T(T), .FW(AW), .FSAT(FIELD_SAT), .READOUT(MODE_SH), .IN_REG(0),
                .MAC(MAC_ACCS)) arr (
  .clk(clk), .clear(arr_clear), .add(arr_add), .all(arr_all), .colmask(arr_mask), .bus(arr_bus),
  .capture(arr_capture), .read(arr_read), .z(arr_z), .rd_out(arr_rd), .overflow(arr_ovf)
);
wire nx_any_pass = nx_pass || nx_e_pass;
function [AW-1:0] acc_w;  // a weight's term, 2 W halved or not, at the accumulators' width (AW > W_W)
  input [W_W-1:0] w;
  begin
    acc_w = {{(AW-W_W){w[W_W-1]}}, w} << (1 - ASH);
  end
endfunction
// Word skip: busy word k of a pass has its j read at cycle k (in_xrd, from the look-ahead's
// la_rd); j lands at k + 1 and addresses the tile buffer at k + 2, the weights land at k + 3
// with the X word (read at k + 2, xr2) and are added at k + 4 (datapath.LatSkipAdd).
reg in_xrd, xr1, xr2, xr3;
always @(posedge clk) begin
  in_xrd <= !rst && la_rd;
  {xr1, xr2, xr3} <= {in_xrd, xr1, xr2};
end
integer ar;
always @(posedge clk) begin
  // Controls act at the end of the cycle they are high in: set from the next state.
  arr_clear <= nx_any_pass && cyc_n == 0;
  arr_capture <= (nx_pass || nx_writeback) && cyc_n == 0;
  arr_add <= SKIP != 0 ? xr3 || (nx_pass && cyc_n == CY_1) : nx_any_pass && !ltc_cy(cyc_n, CY_1) && !ltc_cy(CY_D1, cyc_n);  // cycle 1: the start (all)
  arr_all <= nx_any_pass && cyc_n == CY_1;
  // SH: the readout starts at the last add's cycle and walks the array, still, to the pass's end.
  arr_read <= MODE_SH != 0 && nx_e_pass && cyc_n == CY_D1;
  // Data for the next cycle: the start values at cycle 0, else 2 W_rj of the tile word
  // read a cycle ago, and that cycle's X word.
  arr_mask <= x_rd;
  for (ar = 0; ar < T; ar = ar + 1)
    arr_bus[ar*AW +: AW] <= ((in_pass || in_e_pass) && cyc == 0) ? st[ar*FIELD_W + ASH +: AW] : acc_w(tile_rd[ar*W_W +: W_W]);
end
`

	tiledPositive = `
// One pipeline for PASS (batch b-1 at j, issued at cycle j) and WRITEBACK (the last batch at
// j, issued at cycle 1 + j GT): issue (xb, tile read) -> stage 1 (xor, nibble counts) ->
// stage 2 (term; P read) -> stage 3 (P + term, cast).
reg [DCW-1:0] wj;                 // WRITEBACK: j of this cycle's group run (stops at D)
reg [AGW-1:0] wq;                 // WRITEBACK: cycle within j (0 .. GT - 1)
always @(posedge clk) begin
  if (nw_wb_1) begin
    wj <= {DCW{1'b0}};
    wq <= {AGW{1'b0}};
  end else if (in_writeback) begin
    wq <= (wq == GT_LAST) ? {AGW{1'b0}} : wq + 1'b1;
    if (wq == GT_LAST && wj != D_END) wj <= wj + 1'b1;  // stops at D: the run is over
  end
end
// Word skip: the statistics are Q = sum of z over the vectors with x = +1, the term
// 2 popcount(z & x) - popcount(x) (datapath/tile_skip.go); batch b-1's busy word k is issued
// at cycle k < L_(b-1) of pass b and brings its j from xb_mem; PREFETCH issues P's words
// j < D with no X bit and P read as 0, which writes them 0; WRITEBACK reads the last batch's
// word at pixel j (zero where it is not busy) with Q.
reg [T*POSITIVE_W-1:0] zsum;     // sum z of the tile's rows over the batches captured
wire pp_issue_pass = w_ppp;
wire pp_issue_wb = w_ppw && wq == {AGW{1'b0}} && ltc_dc(wj, D_END);
wire pp_issue_clr = SKIP != 0 && w_ppc;
wire pp_issue_zs = w_ppz;
reg pp_v1, pp_v2, pp_v3, pp_wb1, pp_wb2, pp_wb3, pp_f1, pp_f2, pp_f3;
/* verilator lint_off UNUSEDSIGNAL */  // without word skip pp_jq does not read pp_k1
reg pp_k1;                        // word skip: a pass's issue (j from xb_mem)
/* verilator lint_on UNUSEDSIGNAL */
reg pp_c1;                        // word skip: PREFETCH's zeroing of P
reg pp_z1, pp_z2, pp_z3, pp_zl1;  // word skip: sum z of the captured batch (of the last: its mask)
reg [DW-1:0] pp_j1, pp_j2, pp_j3;
wire [15:0] xb_x = xb_rd[15:0];   // the X word (word skip: its j and popcount above it)
wire [DW-1:0] pp_jq;              // j of the issue a cycle ago (word skip: a pass's from xb_mem)
always @(posedge clk) begin
  pp_v1 <= pp_issue_pass || pp_issue_wb || pp_issue_clr || pp_issue_zs;
  pp_wb1 <= pp_issue_wb;
  pp_f1 <= SKIP != 0 ? pp_issue_clr || (pp_issue_zs && (in_writeback ? (NB == 1) : (batch == ONE_B)))
                     : pp_issue_wb ? (NB == 1) : (batch == ONE_B);
  {pp_z1, pp_zl1} <= {pp_issue_zs, pp_issue_zs && in_writeback};
  {pp_z2, pp_z3} <= {pp_z1, pp_z2};
  pp_k1 <= SKIP != 0 && pp_issue_pass;
  pp_c1 <= pp_issue_clr;
  pp_j1 <= pp_issue_wb ? wj[DW-1:0] : in_writeback ? pp_j1 : cyc[DW-1:0];  // WRITEBACK: j held for stage 4
  {pp_v2, pp_wb2, pp_f2, pp_j2} <= {pp_v1, pp_wb1, pp_f1, pp_jq};
  {pp_v3, pp_wb3, pp_f3, pp_j3} <= {pp_v2, pp_wb2, pp_f2, pp_j2};
end
// The previous batch's X words: written as they pass (cycle j + 1 of each pass). Word skip:
// {popcount, j, X word} of busy word k at cycle k + 3, at k (the popcount and j land from
// the j word at k + 1); the last batch holds every pixel's word, so the write-back reads
// its word j at j.
/* verilator lint_off UNUSEDSIGNAL */  // word skip reads xk3, else xw_j
reg xw_v;
reg [DW-1:0] xw_j;
reg [DW-1:0] xk1, xk2, xk3, xj3;
reg [4:0] xpc2, xpc3;
/* verilator lint_on UNUSEDSIGNAL */
always @(posedge clk) begin
  xw_v <= (in_pass || in_e_pass) && ltc_cy(cyc, CY_D);
  xw_j <= cyc[DW-1:0];
  {xk1, xk2, xk3, xj3} <= {cyc[DW-1:0], xk1, xk2, tile_ra};
  {xpc2, xpc3} <= {w_rd[JPC +: 5], xpc2};
end
generate
  if (SKIP != 0) begin : g_xb_skip
    assign pp_jq = pp_k1 ? xb_rd[DW+15:16] : pp_j1;
    always @(posedge clk) if (xr3) xb_mem[xk3] <= {xpc3, xj3, x_rd};
  end else begin : g_xb
    assign pp_jq = pp_j1;
    always @(posedge clk) if (xw_v) xb_mem[xw_j] <= x_rd;
  end
endgenerate
wire [15:0] pp_mask = pp_c1 ? 16'h0000 : (pp_wb1 || pp_zl1) ? LAST_MASK : 16'hffff;
reg [T*12-1:0] pc1;               // stage 1: per row, four 3-bit nibble counts
reg [T*7-1:0] pterm;              // stage 2: per row, valid - 2 popcount (-16 .. 16; word skip: 2 popcount - popcount x)
reg [4:0] pvalid1;
/* verilator lint_off UNUSEDSIGNAL */  // word skip's
reg [4:0] pcx1;                   // stage 1: popcount of the X word (0 for P's zeroing, the valid vectors for sum z)
/* verilator lint_on UNUSEDSIGNAL */
reg [15:0] pxm;
integer pr, pn;
reg [15:0] pxz;
reg [T*12-1:0] pc1_n;
reg [T*7-1:0] pterm_n;
always @* begin
  pxm = (xb_x | {16{pp_z1}}) & pp_mask;  // sum z: the term with every x = +1 (2 popcount z - valid)
  for (pr = 0; pr < T; pr = pr + 1) begin
    pxz = SKIP != 0 ? arr_z[pr*16 +: 16] & pxm : (arr_z[pr*16 +: 16] ^ xb_x) & pp_mask;
    for (pn = 0; pn < 4; pn = pn + 1)
      pc1_n[pr*12 + 3*pn +: 3] = {2'b0, pxz[4*pn]} + {2'b0, pxz[4*pn+1]} + {2'b0, pxz[4*pn+2]} + {2'b0, pxz[4*pn+3]};
    pterm_n[pr*7 +: 7] = SKIP != 0 ?
        {1'b0, ({2'b0, pc1[pr*12 +: 3]} + {2'b0, pc1[pr*12+3 +: 3]} + {2'b0, pc1[pr*12+6 +: 3]} + {2'b0, pc1[pr*12+9 +: 3]}), 1'b0} - {2'b0, pcx1}
      : {2'b0, pvalid1} - {1'b0, ({2'b0, pc1[pr*12 +: 3]} + {2'b0, pc1[pr*12+3 +: 3]}
                       + {2'b0, pc1[pr*12+6 +: 3]} + {2'b0, pc1[pr*12+9 +: 3]}), 1'b0};
  end
end
always @(posedge clk) begin
  // word skip: the popcount the j word brought (a padding vector's bit is 0: the mask
  // does not change it), 0 for P's zeroing, the valid vectors for sum z
  pcx1 <= pp_c1 ? 5'd0 : pp_z1 ? (pp_zl1 ? LAST_VALID5 : 5'd16) : xb_rd[XBW-1:XBW-5];
  pvalid1 <= pp_wb1 ? LAST_VALID5 : 5'd16;
  pc1 <= pc1_n;
  pterm <= pterm_n;
end
// Stage 3: P + term (the term alone for the first batch), cast to the positive register.
// The range check is a cycle later, from each row's registered top bits (ptop), so that
// neither the check nor the OR over the rows follows the add's carry chain in its cycle.
reg [T*POSITIVE_W-1:0] pnew;
reg [POSITIVE_X-1:0] pexact;
reg [T*POSITIVE_TOP-1:0] ptop_n, ptop;
reg [T-1:0] pchk, pmisfit;
always @* begin
  for (pr = 0; pr < T; pr = pr + 1) begin
    pexact = (pp_f3 ? {POSITIVE_X{1'b0}} : pp_z3 ? px_p(zsum[pr*POSITIVE_W +: POSITIVE_W]) : px_p(p_rd[pr*POSITIVE_W +: POSITIVE_W]))
           + px_7(pterm[pr*7 +: 7]);
    pnew[pr*POSITIVE_W +: POSITIVE_W] = cast_positive(pexact);
    ptop_n[pr*POSITIVE_TOP +: POSITIVE_TOP] = top_positive(pexact);
    pmisfit[pr] = misfit_positive(ptop[pr*POSITIVE_TOP +: POSITIVE_TOP]);
  end
end
always @(posedge clk) begin
  if (pp_v3 && !pp_wb3 && !pp_z3) p_mem[pp_j3] <= pnew;
  ptop <= ptop_n;
  pchk <= {T{pp_v3}} & rv;
end
wire ovf_positive = |(pchk & pmisfit);
// Hidden-bias growth (and word skip's P = 2 Q - Zsum): sum z of the captured batch, one cycle
// after the capture. Word skip counts it in the statistics' pipeline instead (pp_z), with
// every x = +1, after the batch's busy words: no popcount of its own.
reg zs_v, zs_first, zs_last;
reg zsum_ovf;
reg [POSITIVE_X-1:0] zexact;
reg [T*POSITIVE_W-1:0] zsum_n;
reg [4:0] zones;
integer zr, zn;
always @(posedge clk) begin
  zs_v <= GROW != 0 && SKIP == 0 && ((in_pass && cyc == 0 && batch != {NBW{1'b0}}) || (in_writeback && cyc == 0));
  zs_first <= in_writeback ? (NB == 1) : (batch == ONE_B);
  zs_last <= in_writeback;
end
always @* begin
  zsum_ovf = 1'b0;
  for (zr = 0; zr < T; zr = zr + 1) begin
    zones = 5'd0;
    for (zn = 0; zn < 16; zn = zn + 1)
      zones = zones + {4'b0, arr_z[zr*16+zn] & (zs_last ? (zn < LAST_VALID) : 1'b1)};
    zexact = (zs_first ? {POSITIVE_X{1'b0}} : px_p(zsum[zr*POSITIVE_W +: POSITIVE_W]))
           + px_7({1'b0, zones, 1'b0} - {1'b0, zs_last ? LAST_VALID6 : 6'd16});
    zsum_n[zr*POSITIVE_W +: POSITIVE_W] = cast_positive(zexact);
    if (!fits_positive(zexact) && rv[zr]) zsum_ovf = 1'b1;
  end
end
always @(posedge clk) begin
  if (zs_v) zsum <= zsum_n;
  else if (pp_v3 && pp_z3) zsum <= pnew;
end
wire ovf_zsum = zs_v && zsum_ovf;
`
)

var (
	tiledWriteback = `
// Stages 4 and 5, one group a cycle: stage 4 (issue + 4 .. issue + 3 + GT) chooses the group's
// rows of the held inputs (the tile word, P, x*_j: held for GT cycles) and forms P - N z*_r x*_j;
// stage 5 adds W, casts through the update register and W's, into the SPRAM's write data.
reg [T*POSITIVE_W-1:0] pfin;
reg wb_v4;
reg wbx2, wbx3;                          // x*_j along the pipeline (xs_rd is stage 1)
reg [T-1:0] zx;                          // z*_r == x*_j for the tile's rows, held with the word
wire [T-1:0] ztile;                       // z* of the tile's rows (tiledSearch's zs_mem)
reg [PW*W_W-1:0] wb_res_n;
reg [PW*W_W-1:0] g5_w;                    // stage 5's inputs: W, P - N z* x*, the row is live
reg [PW*UPDATE_X-1:0] g5_pn;
reg [PW-1:0] g5_live;
reg g5_on;
reg [UPDATE_W-1:0] wb_u;
reg [UPDATE_X-1:0] wb_exact;
reg [W_X-1:0] wb_wx;
reg wb_ovf_n, wb_ovf;
integer wr;
always @(posedge clk) begin
  if (pp_v3 && pp_wb3) pfin <= pnew;
  wb_v4 <= pp_v3 && pp_wb3;
  {wbx2, wbx3} <= {xs_rd, wbx2};
  // The sign of each row's N z*_r x*_j, taken with the word (zt stays put for the tile).
  if (pp_v3 && pp_wb3) zx <= ~(ztile ^ {T{wbx3}});
end
// Group wg4 of the held word: wb_v4 starts at group 0 (GT-way choices, not barrel shifters).
reg wb_on;                                // stage 4 runs: from the first wb_v4 to the phase's end
reg [AGW-1:0] wg4;                       // a register: 0 with wb_v4, else the group after the last
reg [W_W-1:0] g_w;
reg [POSITIVE_W-1:0] g_p, g_zs;
reg [POSITIVE_X-1:0] g_zx_p;      // word skip: sum z at the positive sums' width
reg [POSITIVE_X:0] g_q;           // word skip: 2 Q - Zsum (|.| <= 3 N: one bit over P's sums)
reg g_zx, g_live;
integer wg;
/* verilator lint_off UNUSEDSIGNAL */  // word skip chooses W in stage 4b
reg [PW*W_W-1:0] g4_w;
/* verilator lint_on UNUSEDSIGNAL */
reg [PW*UPDATE_X-1:0] g4_pn;      // P - N z* x* (word skip: 2 Q - Zsum, the N term a stage later)
reg [PW-1:0] g4_live;
/* verilator lint_off UNUSEDSIGNAL */  // word skip's stage 4b reads it
reg [PW-1:0] g4_zx;
/* verilator lint_on UNUSEDSIGNAL */
always @* begin
  for (wr = 0; wr < PW; wr = wr + 1) begin
    g_w = {W_W{1'b0}};
    g_p = {POSITIVE_W{1'b0}};
    g_zs = {POSITIVE_W{1'b0}};
    g_zx = 1'b0;
    g_live = 1'b0;
    for (wg = 0; wg < GT; wg = wg + 1)
      if (wg4 == wg[AGW-1:0]) begin
        g_w = tile_rd[(wg*PW + wr)*W_W +: W_W];
        g_p = pfin[(wg*PW + wr)*POSITIVE_W +: POSITIVE_W];
        g_zs = zsum[(wg*PW + wr)*POSITIVE_W +: POSITIVE_W];
        g_zx = zx[wg*PW + wr];
        g_live = rv[wg*PW + wr];
      end
    g4_w[wr*W_W +: W_W] = g_w;
    g_zx_p = px_p(g_zs);
    g_q = {px_p(g_p), 1'b0} - {g_zx_p[POSITIVE_X-1], g_zx_p};
    g4_pn[wr*UPDATE_X +: UPDATE_X] = SKIP != 0 ? ux_q(g_q) : ux_p(g_p) - (g_zx ? N_U : -N_U);
    g4_live[wr] = g_live;
    g4_zx[wr] = g_zx;
  end
end
// Word skip: stage 4b takes the N term (datapath.LatSkipWriteback): W's write is a cycle later.
generate
  if (SKIP != 0) begin : g_wb_skip
    // The tile word is read a cycle later for it (tiledReadAddrs), so stage 4b chooses its
    // group (wg45), not stage 4.
    reg [PW*UPDATE_X-1:0] g45_q;
    reg [PW-1:0] g45_zx, g45_live;
    reg g45_on;
    reg [AGW-1:0] wg45;
    reg [PW*W_W-1:0] g45_w;
    integer wk, wgk;
    always @* begin
      g45_w = {(PW*W_W){1'b0}};
      for (wk = 0; wk < PW; wk = wk + 1)
        for (wgk = 0; wgk < GT; wgk = wgk + 1)
          if (wg45 == wgk[AGW-1:0]) g45_w[wk*W_W +: W_W] = tile_rd[(wgk*PW + wk)*W_W +: W_W];
    end
    always @(posedge clk) begin
      {g45_q, g45_zx, g45_live, wg45} <= {g4_pn, g4_zx, g4_live, wg4};
      g45_on <= wb_v4 || wb_on;
      {g5_w, g5_live, g5_on} <= {g45_w, g45_live, g45_on};
      for (wk = 0; wk < PW; wk = wk + 1)
        g5_pn[wk*UPDATE_X +: UPDATE_X] <= g45_q[wk*UPDATE_X +: UPDATE_X] - (g45_zx[wk] ? N_U : -N_U);
    end
  end else begin : g_wb
    always @(posedge clk) begin
      {g5_w, g5_pn, g5_live} <= {g4_w, g4_pn, g4_live};
      g5_on <= wb_v4 || wb_on;
    end
  end
endgenerate
always @(posedge clk) begin
  wb_on <= in_writeback && (wb_v4 || wb_on);
  wg4 <= (pp_v3 && pp_wb3 || wg4 == GT_LAST) ? {AGW{1'b0}} : wg4 + 1'b1;  // pp_v3 && pp_wb3: wb_v4 next
  wb_ovf <= g5_on && wb_ovf_n;
end
always @* begin
  wb_ovf_n = 1'b0;
  for (wr = 0; wr < PW; wr = wr + 1) begin
    wb_exact = ux_w(g5_w[wr*W_W +: W_W]) + g5_pn[wr*UPDATE_X +: UPDATE_X];
    wb_u = cast_update(wb_exact);
    wb_wx = wx_u(wb_u);
    wb_res_n[wr*W_W +: W_W] = g5_live[wr] ? cast_w(wb_wx) : {W_W{1'b0}};
    if (g5_live[wr] && (!fits_update(wb_exact) || !fits_w(wb_wx))) wb_ovf_n = 1'b1;
  end
end
// Word (g, j) of group gi is written at cycle 7 + j GT + gi (WB_FIRST): its data (stage 5)
// and write enable are registered the cycle before.
assign wb_write = w_wbw;
integer wsl;
always @* begin
  wb_word = 48'd0;
  for (wsl = 0; wsl < PW; wsl = wsl + 1)
    wb_word[wsl*SW +: W_W] = wb_res_n[wsl*W_W +: W_W];
end
// Hidden-bias growth: at j = 0, group gi's b word is read at its W write (cycle 7 + gi),
// b + sum z - N z* is cast to the update register, then to b, and written.
reg gb_v1, gb_v2;
reg [BGW-1:0] gb_g1, gb_g2;
reg [AGW-1:0] gb_gi1, gb_gi2;
reg [PW*UPDATE_W-1:0] gb_u, gb_u_n;
reg [PW*B_W-1:0] gb_new;
reg gb_ovf1_n, gb_ovf2_n, gb_ovf1, gb_ovf2;
reg [UPDATE_X-1:0] gb_exact;
reg [B_X-1:0] gb_bx;
integer gs;
always @* begin
  gb_ovf1_n = 1'b0;
  gb_ovf2_n = 1'b0;
  for (gs = 0; gs < PW; gs = gs + 1) begin
    gb_exact = ux_b(b_rd[gs*B_W +: B_W]) + ux_p(zsum[(gb_gi1*PW+gs)*POSITIVE_W +: POSITIVE_W])
             - (ztile[gb_gi1*PW+gs] ? N_U : -N_U);
    gb_u_n[gs*UPDATE_W +: UPDATE_W] = cast_update(gb_exact);
    if (rv[gb_gi1*PW + gs] && !fits_update(gb_exact)) gb_ovf1_n = 1'b1;
    gb_bx = bx_u(gb_u[gs*UPDATE_W +: UPDATE_W]);
    gb_new[gs*B_W +: B_W] = cast_b(gb_bx);
    if (rv[gb_gi2*PW + gs] && !fits_b(gb_bx)) gb_ovf2_n = 1'b1;
  end
end
always @(posedge clk) begin
  gb_v1 <= GROW != 0 && in_writeback && !ltc_cy(cyc, CY_WB) && ltc_cy(cyc, CY_WBGT);
  gb_g1 <= b_ra[BGW-1:0];
  gb_gi1 <= ag;
  gb_v2 <= gb_v1;
  gb_g2 <= gb_g1;
  gb_gi2 <= gb_gi1;
  if (GROW != 0) gb_u <= gb_u_n;  // without growth nothing reads it: let Yosys drop the adders (the b write's data mux keeps gb_new else)
  gb_ovf1 <= gb_v1 && gb_ovf1_n;
  gb_ovf2 <= gb_v2 && gb_ovf2_n;
end
// One write port: the load writes one slot (b_i at word i / PW), growth a whole word.
integer bs;
always @(posedge clk)
  for (bs = 0; bs < PW; bs = bs + 1)
    if ((lw_b && lw_q == bs[1:0]) || gb_v2)
      b_mem[lw_b ? lw_addr[BGW-1:0] : gb_g2][bs*B_W +: B_W] <= lw_b ? lw_val[B_W-1:0] : gb_new[bs*B_W +: B_W];
wire ovf_writeback = wb_ovf || gb_ovf1 || gb_ovf2;
`

	tiledSearch = `
// z half: the word read at cycle c lands at c + 1 and is added at c + 2.
reg sw_v1, sw_v2, sw_f1, sw_f2, sw_l1, sw_l2, sw_zu;
reg sw_lg1, sw_lg2, sw_lgz;  // the word is of the last group (its rows past K are not units)
// +-W_ij by x*_j, formed as the word lands: W, complemented where x*_j = -1 (sw_n), and the
// accumulate adds sw_n as its carry-in: -W = ~W + 1 in the accumulate's one carry chain.
reg [PW*FIELD_X-1:0] sw_w;
reg [PW-1:0] sw_n;
/* verilator lint_off UNUSEDSIGNAL */  // bit 0 is the carry-in's slot
reg [FIELD_X:0] sw_sum;
/* verilator lint_on UNUSEDSIGNAL */
reg [PW*B_W-1:0] sw_b;
reg [PW*FIELD_W-1:0] sacc;
reg [DW:0] rb_wa;
// The range check a cycle after the add, from each accumulator's registered top bits (stop).
reg [FIELD_X-1:0] sexact;
reg [PW*FIELD_W-1:0] sacc_n;
reg [PW*FIELD_TOP-1:0] stop_n, stop;
reg [PW-1:0] schk_n, schk, smisfit;
integer ss;
always @* begin
  for (ss = 0; ss < PW; ss = ss + 1) begin
    sw_sum = {(sw_f2 ? fx_b(sw_b[ss*B_W +: B_W]) : fx_f(sacc[ss*FIELD_W +: FIELD_W])), 1'b1}
           + {sw_w[ss*FIELD_X +: FIELD_X], sw_n[ss]};
    sexact = sw_sum[FIELD_X:1];
    sacc_n[ss*FIELD_W +: FIELD_W] = cast_field(sexact);
    stop_n[ss*FIELD_TOP +: FIELD_TOP] = top_field(sexact);
    schk_n[ss] = sw_v2 && (!sw_lg2 || ss < LG_ROWS);
    smisfit[ss] = misfit_field(stop[ss*FIELD_TOP +: FIELD_TOP]);
  end
end
always @(posedge clk) begin
  sw_v1 <= in_sweep && ltc_cy(cyc, CY_GD);
  sw_f1 <= sj == {DW{1'b0}};
  sw_l1 <= sj_last;
  sw_lg1 <= sg == A_GLAST;
  {sw_v2, sw_f2, sw_l2, sw_lg2} <= {sw_v1, sw_f1, sw_l1, sw_lg1};
  for (ss = 0; ss < PW; ss = ss + 1) begin
    sw_w[ss*FIELD_X +: FIELD_X] <= fx_w(w_rd[ss*SW +: W_W]) ^ {FIELD_X{~xs_rd}};
    sw_n[ss] <= ~xs_rd;
  end
  if (sw_v1 && sw_f1) sw_b <= b_rd;
  rb_wa <= (nw_sw_1 || rb_wa == RB_LAST) ? {(DW+1){1'b0}} : rb_wa + 1'b1;
  if (sw_v1) rb_mem[rb_wa] <= w_rd_slots;
  if (sw_v2) sacc <= sacc_n;
  stop <= stop_n;
  schk <= schk_n;
  sw_zu <= sw_v2 && sw_l2;
  sw_lgz <= sw_lg2;
end
reg [PW*W_W-1:0] w_rd_slots;
always @* for (ss = 0; ss < PW; ss = ss + 1) w_rd_slots[ss*W_W +: W_W] = w_rd[ss*SW +: W_W];
// The group's z: the signs, the change against the old bits (zs_rd); zrep for the replay.
reg [PW-1:0] zrep, z_new;
reg z_chg;
always @* begin
  z_chg = 1'b0;
  for (ss = 0; ss < PW; ss = ss + 1) begin
    z_new[ss] = ~sacc[ss*FIELD_W + FIELD_W - 1];
    if ((!sw_lgz || ss < LG_ROWS) && z_new[ss] != zs_rd[ss]) z_chg = 1'b1;
  end
end
wire sw_count = !(from_data && sweep == {SWW{1'b0}});
// x* moves one place a step: turning (x*_j at bit 0 in cycle j) or taking a new bit on top.
// x* lives in a block RAM of D bits: each phase reads x*_j at its own j (the word shows the
// next cycle, as xs_rd), GATHER and the last replay write it.
(* no_rw_check, ram_style = "block" *) reg xs_mem [0:D-1];
reg [DW-1:0] xs_ra;
always @* begin
  if (rp_v1 && rp_last1) xs_ra = rp_j1;        // the last replay: the old x*_j, for the change
  else if (in_sweep) xs_ra = sj;               // the z half: x*_j of the word read
  else if (in_writeback) xs_ra = wj[DW-1:0];   // the update of word j
  else xs_ra = cyc[DW-1:0];                    // C_UPDATE and the record
end
always @(posedge clk) begin
  xs_rd <= xs_mem[xs_ra];
  if (ga_v2) xs_mem[ga_j2] <= ga_x[MODE_SH != 0 ? best_col : 4'd0];  // H: vector 0's bit 0
  else if (rp_v3 && rp_last3) xs_mem[rp_j3] <= x_new3;
end
// z* lives in a block RAM, group g's PW bits at word g. One address register, zrg, walks
// the groups in order for each of its readers: the sweep (the old bits of the group whose
// z half ends, compared with the new ones, which overwrite them), PREFETCH (the tile's
// groups into ztile, for the write-back) and C_UPDATE (the record, a bit a cycle). A read
// shows a cycle after its address, so each reader steps zrg a cycle before it wants the
// next group.
(* no_rw_check, ram_style = "block" *) reg [PW-1:0] zs_mem [0:ZG];
reg [ZGW-1:0] zrg;
wire w_ztl = nw_ztl;   // PREFETCH cycles 1, 3, .., 2 GT - 1: ztile takes a group
reg [1:0] zsn, zsel;   // C_UPDATE: the slot of the group's bit read next, and of the one packed
/* verilator lint_off UNUSEDSIGNAL */  // the lowest PW bits are the group before the tile's first
reg [T+PW-1:0] zt_sh;  // the tile's groups shift in from the top
/* verilator lint_on UNUSEDSIGNAL */
assign ztile = zt_sh[T+PW-1:PW];
initial begin  // the first sweep writes every group before it is used (its compare is not counted, from_data); zeros keep simulations X-free
  for (mi = 0; mi <= ZG; mi = mi + 1) zs_mem[mi] = {PW{1'b0}};
end
always @(posedge clk) begin
  zs_rd <= zs_mem[zrg];
  if (sw_zu) zs_mem[zrg] <= z_new;
  if (rst || nw_sw_0 || (nw_pf_0 && tile_n == {TW{1'b0}}) || nw_cu_d) zrg <= {ZGW{1'b0}};
  else if (sw_zu || w_ztl || (w_zn && zsn == PW_LAST)) zrg <= zrg + 1'b1;
  if (w_ztl) zt_sh <= {zs_rd, zt_sh[T+PW-1:PW]};
  zsn <= (!w_zn || zsn == PW_LAST) ? 2'd0 : zsn + 1'b1;
  zsel <= zsn;
end
// x half: the replay of group g reads the row buffer at cycles (g + 1) D + 3 + j.
reg rp_v1, rp_v2, rp_first1, rp_first2, rp_last1, rp_last2;
reg [DW-1:0] rp_j0, rp_j1, rp_j2;
reg [GW-1:0] rp_g0;
reg [PW-1:0] rp_z1;
// The replay's sum of +-W: complemented words, each -1 of the terms added as the next
// adder's carry-in (the last one in vexact's, rp_cin): one carry chain per term.
reg [VIS_FIELD_X-1:0] rp_tree, rp_tree_n, vexact;
/* verilator lint_off UNUSEDSIGNAL */  // bit 0 is the carry-in's slot
reg [VIS_FIELD_X:0] rp_sum;
/* verilator lint_on UNUSEDSIGNAL */
reg rp_cin;
wire rp_issue = w_rp;
always @(posedge clk) begin
  if (nw_sw_d3) begin
    rp_j0 <= {DW{1'b0}};
    rp_g0 <= {GW{1'b0}};
  end else if (rp_issue) begin
    rp_j0 <= (rp_j0 == D_LAST) ? {DW{1'b0}} : rp_j0 + 1'b1;
    if (rp_j0 == D_LAST) rp_g0 <= rp_g0 + 1'b1;
  end
  rp_v1 <= rp_issue;
  rp_j1 <= rp_j0;
  rp_first1 <= (rp_g0 == {GW{1'b0}});
  rp_last1 <= (rp_g0 == G_LAST);
  rp_z1 <= zrep;
  {rp_v2, rp_j2, rp_first2, rp_last2} <= {rp_v1, rp_j1, rp_first1, rp_last1};
  rp_tree <= rp_tree_n;
  rp_cin <= ~rp_z1[PW-1];
end
integer rs;
always @* begin
  rp_tree_n = vx_w(rb_rd[0 +: W_W]) ^ {VIS_FIELD_X{~rp_z1[0]}};
  for (rs = 1; rs < PW; rs = rs + 1) begin
    rp_sum = {rp_tree_n, 1'b1} + {vx_w(rb_rd[rs*W_W +: W_W]) ^ {VIS_FIELD_X{~rp_z1[rs]}}, ~rp_z1[rs-1]};
    rp_tree_n = rp_sum[VIS_FIELD_X:1];
  end
  rp_sum = {(rp_first2 ? vx_c(c_rd) : vx_v(vis_rd)), 1'b1} + {rp_tree, rp_cin};
  vexact = rp_sum[VIS_FIELD_X:1];
end
wire [VIS_FIELD_W-1:0] vis_new = cast_vis_field(vexact);
// Stage 3 writes the field and, at the last replay, x*_j and the change: the RAM read, the
// add and the cast take stage 2's whole cycle.
// Its range check reads vexact's registered top bits (vtop), as the z half's does.
reg rp_v3, rp_last3, x_new3, xs_old3;
reg [DW-1:0] rp_j3;
reg [VIS_FIELD_W-1:0] vis_new3;
reg [VIS_FIELD_TOP-1:0] vtop;
always @(posedge clk) begin
  {rp_v3, rp_j3, rp_last3, vis_new3} <= {rp_v2, rp_j2, rp_last2, vis_new};
  x_new3 <= ~vis_new[VIS_FIELD_W-1];
  xs_old3 <= xs_rd;
  vtop <= top_vis_field(vexact);
end
always @(posedge clk) if (rp_v3) vis_mem[rp_j3] <= vis_new3;
wire sacc_ovf = |(schk & smisfit);
wire vis_ovf = rp_v3 && misfit_vis_field(vtop);
wire ovf_search = sacc_ovf || vis_ovf;
// GATHER: bit best_col of the X words of the start vector, shifted into xs.
// The X word lands at c + 1 and is registered (ga_x) before SH's choice of its bit (a
// 16-way mux by best_col) goes to x*'s memory at c + 2: the SPRAM's output reaches a
// flip-flop, not the mux and the block RAM's write port (SH's routed critical path).
reg ga_v1, ga_v2;
reg [DW-1:0] ga_j1, ga_j2;
reg [15:0] ga_x;
always @(posedge clk) begin
  ga_v1 <= in_gather && ltc_cy(cyc, CY_D);
  ga_j1 <= cyc[DW-1:0];
  {ga_v2, ga_j2, ga_x} <= {ga_v1, ga_j1, x_rd};
end
// C_UPDATE: c + sum x - N x*_j through the update register, then c.
reg cu_v1, cu_v2;
reg [DW-1:0] cu_j1, cu_j2;
reg [UPDATE_W-1:0] cu_u;
reg cu_ovf1, cu_ovf2;
wire [UPDATE_X-1:0] cu_exact = ux_c(c_rd) + ux_p(sx_rd) - (xs_rd ? N_U : -N_U);
wire [C_X-1:0] cu_cx = cx_u(cu_u);
always @(posedge clk) begin
  cu_v1 <= in_c_update && ltc_cy(cyc, CY_D);
  cu_j1 <= cyc[DW-1:0];
  {cu_v2, cu_j2} <= {cu_v1, cu_j1};
  if (cu_v1) cu_u <= cast_update(cu_exact);
  cu_ovf1 <= cu_v1 && !fits_update(cu_exact);
  cu_ovf2 <= cu_v2 && !fits_c(cu_cx);
end
always @(posedge clk) begin
  if (lw_c) c_mem[lw_addr[DW-1:0]] <= lw_val[C_W-1:0];
  else if (cu_v2) c_mem[cu_j2] <= cast_c(cu_cx);
end
// The pseudo-sample registers and the search's flags.
always @(posedge clk) begin
  if (rst) begin
    changed <= 1'b0;
    from_data <= 1'b0;
  end else begin
    if (in_gather) from_data <= 1'b1;
    if (in_start) from_data <= 1'b0;
    if (in_sweep && cyc == 0) changed <= 1'b0;
    else if ((sw_zu && z_chg && sw_count) || (rp_v3 && rp_last3 && x_new3 != xs_old3)) changed <= 1'b1;
    if (sw_zu) zrep <= z_new;
  end
end
`

	tiledEnergy = `
// SH: value k = n T + r of the array's readout shows in cycle D + 1 + L + k of E_PASS for
// its batch b (L = datapath.ReadoutLatency; the last values in the next E_PASS or E_DRAIN);
// |h| for a hidden unit, c.x_n for the c row, summed into the energy of vector n, which
// the last tile compares with the best.
wire ovf_energy;
generate
if (MODE_SH != 0) begin : g_energy
  (* no_rw_check, ram_style = "block" *) reg [ENERGY_W-1:0] e_mem [0:N-1];
  // The energies are read two cycles ahead of their use and the read registered twice:
  // N words span several block RAMs, whose bank select ends at e_rdq's flip-flops, near
  // the block RAMs, and e_rdq2 carries the word to the energy accumulate, so that neither
  // the select nor that route is in the accumulate's carry chain's cycle.
  reg [NW-1:0] e_ra;
  reg [ENERGY_W-1:0] e_rd, e_rdq, e_rdq2, e_acc;
  reg [BEST_ENERGY_W-1:0] best;
  reg [4:0] ek_n;                           // the readout's value shown this cycle: column
  reg [TRW-1:0] ek_r;                       // and row
  reg ek_v;
  reg ev1, ev2, efirst1, efirst2, elast1, elast2, erow1, erow2;
  reg ezero2;                               // tile 0: a vector's first row (efirst2) starts its energy at 0 (e_rdq cleared)
  reg [ENERGY_X-1:0] eabs, eabs2;
  reg [NBW+3:0] ei_1, ei_2;                // the value's vector, {batch, column}, along the stages
  // The batch read out: the pass's own, taken at w_em (its last values show after the
  // pass, when batch has moved on).
  reg [NBW-1:0] e_b;
  reg e_lastb;
  always @(posedge clk) if (w_em) begin
    e_b <= batch;
    e_lastb <= batch == NB_LAST;
  end
  wire [NBW-1:0] e_bb = w_em ? batch : e_b;
  /* verilator lint_off UNUSEDSIGNAL */  // a padding column's index may pass N: never used
  wire [NBW+3:0] e_idx = {e_bb, ek_n[3:0]};  // vector 16 b + column (declared after both)
  /* verilator lint_on UNUSEDSIGNAL */
  // The vector of the value shown two cycles on, whose energy e_ra reads: the next column
  // from row T - 2 on (T >= 2). Before the walk (w_em, w_e0) it is column 0 of batch e_bb.
  wire [3:0] e_col2 = !ek_v ? 4'd0 : (ek_r >= T_LAST2) ? ek_n[3:0] + 1'b1 : ek_n[3:0];
  /* verilator lint_off UNUSEDSIGNAL */
  wire [NBW+3:0] e_idx2 = {e_bb, e_col2};
  /* verilator lint_on UNUSEDSIGNAL */
  wire [4:0] e_valid = e_lastb ? LAST_VALID[4:0] : 5'd16;
  // The field shown: the accumulator, with its row's low bit in WRAP mode (see ASH).
  wire [FIELD_W-1:0] e_field;
  if (ASH != 0) begin : g_half
    assign e_field = {arr_rd, st[ek_r*FIELD_W]};
  end else begin : g_whole
    assign e_field = arr_rd;
  end
  wire [ENERGY_X-1:0] e_exact = (efirst2 ? ex_e(e_rdq2) : ex_e(e_acc)) + eabs2;
  wire [BEST_ENERGY_X-1:0] e_bx = bex_e(e_acc);
  // The comparison with the best so far is registered (stage 4, the update a cycle later):
  // a vector's energy completes T >= 2 cycles after the one before (SH's tiles have at
  // least two rows, datapath.Arch.Validate), so the best it meets is final.
  reg e4_v, e4_take;
  reg [BEST_ENERGY_X-1:0] e_bx4;
  reg [NBW+3:0] ei_4;
  wire [BEST_ENERGY_X-1:0] e_best = bex_b(best);
  wire e_better = $signed(e_bx) > $signed(e_best);
  always @(posedge clk) begin
    // Which value the readout shows next cycle.
    if (w_e0) begin
      ek_v <= 1'b1;
      ek_n <= 5'd0;
      ek_r <= {TRW{1'b0}};
    end else if (ek_v) begin
      ek_r <= (ek_r == T_LAST) ? {TRW{1'b0}} : ek_r + 1'b1;
      if (ek_r == T_LAST) ek_n <= ek_n + 1'b1;
      if (ek_r == T_LAST && ek_n == 5'd15) ek_v <= 1'b0;
    end
    e_ra <= e_idx2[NW-1:0];
    ev1 <= ek_v && ek_n < e_valid;
    efirst1 <= ek_r == {TRW{1'b0}};
    elast1 <= ek_r == T_LAST;
    erow1 <= rve[ek_r];                                            // a hidden unit or the c row
    eabs <= (rv[ek_r] && e_field[FIELD_W-1]) ? -ex_f(e_field) : ex_f(e_field);
    ei_1 <= e_idx;
    {ev2, efirst2, elast2, erow2, ei_2} <= {ev1, efirst1, elast1, erow1, ei_1};
    ezero2 <= tile == {TW{1'b0}};  // registered: the adder's operand choice starts at flip-flops
    e_rd <= e_mem[e_ra];
    e_rdq <= ezero2 ? {ENERGY_W{1'b0}} : e_rd;
    e_rdq2 <= e_rdq;
    eabs2 <= eabs;
    if (ev2 && erow2) e_acc <= cast_energy(e_exact);
  end
  // The vector's energy is complete after its last row: written, and compared in the last tile.
  reg e3_v, e3_last;
  reg [NBW+3:0] ei_3;
  wire [NW-1:0] en_3 = ei_3[NW-1:0];
  wire [13:0] ebatch4 = {{(14-NBW){1'b0}}, ei_4[NBW+3:4]};  // the batch, at the address width
  always @(posedge clk) begin
    e3_v <= ev2 && elast2;
    e3_last <= tile == NTE_LAST;
    ei_3 <= ei_2;
    if (e3_v) e_mem[en_3] <= e_acc;
    e4_v <= e3_v && e3_last;
    e4_take <= en_3 == 0 || e_better;
    e_bx4 <= e_bx;
    ei_4 <= ei_3;
    if (rst) begin
      best <= {BEST_ENERGY_W{1'b0}};
      best_base <= 14'd0;
      best_col <= 4'd0;
    end else if (e4_v && e4_take) begin
      best <= cast_best_energy(e_bx4);
      best_base <= ebatch4 * A_D;  // its first X word (XAddr: batch b at b D)
      best_col <= ei_4[3:0];
    end
  end
  // The energy add's range check a cycle later, from its registered top bits: the check
  // and the OR into the flag then do not follow the add's carry chain in one cycle.
  reg e_chk;
  reg [ENERGY_TOP-1:0] e_top;
  always @(posedge clk) begin
    e_chk <= ev2 && erow2;
    e_top <= top_energy(e_exact);
  end
  assign ovf_energy = (e_chk && misfit_energy(e_top)) ||
                    (e4_v && e4_take && !fits_best_energy(e_bx4));
end else begin : g_no_energy
  assign ovf_energy = 1'b0;
  always @(posedge clk) if (rst) begin
    best_base <= 14'd0;  // vector 0's first X word (word skip: its own words, bit 0)
    best_col <= 4'd0;
  end
end
endgenerate
`
)

var tiledReadAddrs = `
// Block RAM read addresses for the next cycle.
reg [DW-1:0] sj;              // SWEEP: j of the next word read
reg [13:0] sg;                // SWEEP: its group
reg sj_last;                  // sj == D_LAST, a register: the group's step reaches sg's and
                              // b_ra's enables from one flip-flop, not from a comparison
always @(posedge clk) begin
  // tile buffer, previous X words: PASS reads j at cycle j; WRITEBACK j from cycle 1 + j GT.
  // Word skip: the tile buffer at the j that lands with a busy word (a cycle after its read),
  // the previous batch's word k at cycle k, WRITEBACK the last batch's word k = j.
  if (SKIP != 0 && in_pass) tile_ra <= w_rd[DW-1:0];
  else if (SKIP == 0 && nw_pass_d) tile_ra <= cyc_n[DW-1:0];
  if (nw_pass_d) begin
    xb_ra <= cyc_n[DW-1:0];
  end else if (nw_wb_1) begin
    xb_ra <= {DW{1'b0}};
  end else if (in_writeback && wq == GT_LAST) begin
    xb_ra <= wj[DW-1:0] + 1'b1;
  end
  // WRITEBACK reads the tile word again for stage 4 (W + P - N z* x*): j of the issue two
  // cycles ago, so that the word shows four cycles after the issue.
  if (in_writeback) tile_ra <= SKIP != 0 ? pp_j3 : pp_j2;  // word skip: for stage 4b
  p_ra <= pp_jq;
  // b: PREFETCH and WRITEBACK (growth) read group g with its W word; SWEEP group g at g D.
  if (nw_arow0)
    b_ra <= bgbase_n;
  else if (nw_arun)
    b_ra <= ag_last ? bgbase : b_ra + 1'b1;
  else if (lr_b)
    b_ra <= ld_bg;
  else if (nw_sw_0) begin
    b_ra <= 14'd0;
    sj <= {DW{1'b0}};
    sj_last <= 1'b0;
    sg <= 14'd0;
  end else if (nw_sw_gd) begin
    sj <= sj_last ? {DW{1'b0}} : sj + 1'b1;
    sj_last <= sj == D_LAST1;
    if (sj_last) begin
      sg <= sg + 1'b1;
      b_ra <= sg + 1'b1;
    end
  end
  // c: E_PREFETCH (the c row) with its W word; the replay (vis base); C_UPDATE at cycle j.
  if (nw_epf_0) c_ra <= {DW{1'b0}};
  else if (nw_epf_gtd) c_ra <= ag_last ? aj + 1'b1 : aj;
  else if (nw_cu_d) c_ra <= cyc_n[DW-1:0];
  else if (lr_c) c_ra <= ld_i[DW-1:0];
  else c_ra <= rp_j0;
  if (nw_cu_d) sx_ra <= cyc_n[DW-1:0];
  vis_ra <= rp_j0;
  // The search's row buffer: the replay reads index c - D - 3 (mod 2 D) at cycle c.
  if (nw_sw_d3) rb_ra <= {(DW+1){1'b0}};
  else if (nw_sw_pd3) rb_ra <= (rb_ra == RB_LAST) ? {(DW+1){1'b0}} : rb_ra + 1'b1;
end
`

// tiledRegFunctions is the Verilog of fits_<r> and cast_<r> for every register: the exact
// value arrives at the register's exact width <R>_X (tiledParams), so every adder is as
// wide as its register's sums need and no wider. A range check that must not follow its
// adder in the same cycle registers top_<r> of the exact value (its <R>_TOP top bits, all
// equal iff it fits) and tests misfit_<r> on them a cycle later.
func tiledRegFunctions() string {
	var b strings.Builder
	for _, r := range datapath.Regs() {
		p, f := regParam(r), regFunc(r)
		fmt.Fprintf(&b, `function fits_%[2]s;  // register %[3]s: the exact value is in range
  input [%[1]s_X-1:0] v;
  fits_%[2]s = ({{(%[1]s_X-%[1]s_W){v[%[1]s_W-1]}}, v[%[1]s_W-1:0]} == v);
endfunction
/* verilator lint_off UNUSEDPARAM */
localparam integer %[1]s_TOP = %[1]s_X - %[1]s_W + 1;  // register %[3]s: the bits that decide fits_%[2]s
/* verilator lint_on UNUSEDPARAM */
function [%[1]s_TOP-1:0] top_%[2]s;  // register %[3]s: the exact value's top bits
  /* verilator lint_off UNUSEDSIGNAL */  // the low bits do not decide the range
  input [%[1]s_X-1:0] v;
  /* verilator lint_on UNUSEDSIGNAL */
  top_%[2]s = v[%[1]s_X-1:%[1]s_W-1];
endfunction
function misfit_%[2]s;  // register %[3]s: top bits (top_%[2]s) of a value out of range
  input [%[1]s_TOP-1:0] t;
  misfit_%[2]s = !(&t || !(|t));
endfunction
function [%[1]s_W-1:0] cast_%[2]s;  // register %[3]s: the value stored (wrap or saturate)
  input [%[1]s_X-1:0] v;
  if (%[1]s_SAT == 0 || fits_%[2]s(v)) cast_%[2]s = v[%[1]s_W-1:0];
  else if (v[%[1]s_X-1]) cast_%[2]s = {1'b1, {(%[1]s_W-1){1'b0}}};
  else cast_%[2]s = {1'b0, {(%[1]s_W-1){1'b1}}};
endfunction
`, p, f, r)
	}
	return b.String()
}

// tiledRecord is the record buffer (one block RAM of SLOTS records of 2^SLOTW words) with
// its packer on the write side and m_axis_sample on the read side.
func tiledRecord(a datapath.Arch) string {
	s := a.Sizes()
	// The packed word's index in its record: cyc / 16, at the record's offset width.
	wiw := bitsFor(s.XB + s.ZB)
	wordIndex := fmt.Sprintf("cyc[%d:4] - 1'b1", wiw+3)
	if pad := recordSlotBits(s) - wiw; pad > 0 {
		wordIndex = fmt.Sprintf("{%d'b0, %s}", pad, wordIndex)
	}
	return `
reg [14:0] pk;                    // the packer: the word's bits so far, entering at the top
reg [CNTW-1:0] it_cnt;            // cycles of this iteration so far, plus 3 (see below)
reg [14:0] cnt_hi_q;              // it_cnt's high half, a cycle late
reg [SLOTSW-1:0] rec_ws, rec_rs;          // the slot being written, the slot being read
reg [SLOTSW:0] filled;            // committed records not yet read
reg [SLOTW-1:0] ro;               // the next beat to read
reg ob_we;
reg [SLOTSW+SLOTW-1:0] ob_wa;
reg [15:0] ob_wd;
(* no_rw_check, ram_style = "block" *) reg [15:0] ob_mem [0:(1<<(SLOTSW+SLOTW))-1];
reg [3:0] zs_pick;  // the group's bits, padded so that zsel always selects one
always @* begin
  zs_pick = 4'b0;
  zs_pick[PW-1:0] = zs_rd;
end
wire pk_in = w_xbit ? xs_rd : w_zbit ? zs_pick[zsel] : 1'b0;
wire [15:0] pk_word = {pk_in, pk};  // a word every 16 cycles
wire packing = w_pack;  // bit cyc - 1
wire commit = end_c_update;
// ob_any (filled != 0) and ro_last (ro == RB_LASTW) are registers, so that the stream's
// step starts at flip-flops.
reg ob_any, ro_last;
localparam [SLOTSW:0] SLOTS_ALL = 1 << SLOTSW, SLOTS_M1 = SLOTS_ALL - 1, SLOTS_M2 = SLOTS_ALL - 2;
wire ob_adv = ob_any && (!m_axis_sample_tvalid || m_axis_sample_tready);
wire ob_release = ob_adv && ro_last;
wire [SLOTSW:0] filled_next = filled + {{SLOTSW{1'b0}}, commit} - {{SLOTSW{1'b0}}, ob_release};
// DONE holds while fewer than two slots are free before its record's commit, so that one
// is free for the next record. The look-ahead phase machine sees it a cycle early, from
// the fill register alone (not from the commit or the stream's tready, which would put an
// adder before the phase logic): an iteration runs with at most SLOTS - 1 records waiting,
// so its record has a slot; in DONE the buffer fills to SLOTS, never more.
// full_q: filled >= SLOTS - 1, a register set from filled's next value (the same test a
// cycle earlier), so that the hold reaches the phase logic from one flip-flop. It and
// ob_any are decided from filled and the step (commit, ob_release), not from filled_next:
// no adder before them.
reg full_q;
assign hold_a = nx_done && (full_q || !has_todo);
always @(posedge clk) begin
  // it_cnt starts at 3 in an iteration's first cycle, so that at C_UPDATE's cycle CY_PK it
  // holds the iteration's cycles through C_UPDATE's last cycle and DONE.
  hold <= !rst && hold_a;
  if (!running || done) it_cnt <= CNT_3;
  else it_cnt <= it_cnt + 1'b1;
  cnt_hi_q <= {{(31-CNTW){1'b0}}, it_cnt[CNTW-1:16]};
  if (packing) pk <= pk_word[15:1];
  ob_we <= (packing && cyc[3:0] == 4'h0) || w_lo || w_hi;
  if (packing) begin
    ob_wa <= {rec_ws, ` + wordIndex + `};
    ob_wd <= pk_word;
  end else if (w_lo) begin
    ob_wa <= {rec_ws, RB_LO};
    ob_wd <= it_cnt[15:0];
  end else begin
    ob_wa <= {rec_ws, RB_LASTW};
    ob_wd <= {overflow, cnt_hi_q};
  end
  if (ob_we) ob_mem[ob_wa] <= ob_wd;
  if (ob_adv) m_axis_sample_tdata <= ob_mem[{rec_rs, ro}];
  if (rst) begin
    rec_ws <= {SLOTSW{1'b0}};
    rec_rs <= {SLOTSW{1'b0}};
    ro <= {SLOTW{1'b0}};
    filled <= {(SLOTSW+1){1'b0}};
    full_q <= 1'b0;
    ob_any <= 1'b0;
    ro_last <= RB_LASTW == {SLOTW{1'b0}};
    m_axis_sample_tvalid <= 1'b0;
    m_axis_sample_tlast <= 1'b0;
  end else begin
    if (commit) rec_ws <= rec_ws + 1'b1;
    filled <= filled_next;
    case ({commit, ob_release})
      2'b10: begin full_q <= filled >= SLOTS_M2; ob_any <= 1'b1; end
      2'b01: begin full_q <= filled == SLOTS_ALL; ob_any <= filled > 1; end
      default: full_q <= filled >= SLOTS_M1;
    endcase
    if (ob_adv) ro_last <= ob_release ? RB_LASTW == {SLOTW{1'b0}} : ro == RB_LASTW - 1'b1;
    if (ob_adv) begin
      m_axis_sample_tvalid <= 1'b1;
      m_axis_sample_tlast <= ob_release;
      ro <= ob_release ? {SLOTW{1'b0}} : ro + 1'b1;
      if (ob_release) rec_rs <= rec_rs + 1'b1;
    end else if (m_axis_sample_tready) begin
      m_axis_sample_tvalid <= 1'b0;
    end
  end
end
`
}

// recordSlotBits is the width of a beat's offset in its record slot: a slot is the power of
// two at least RB words.
func recordSlotBits(s datapath.TileSizes) int { return bitsFor(s.RB) }

// recordSlotsBits is the width of a slot index: the slots fill one 256-word block RAM, and
// there are at least two.
func recordSlotsBits(s datapath.TileSizes) int { return max(1, 8-recordSlotBits(s)) }

// RecordSlots is the number of record slots of the tiled core's output buffer: the core
// holds in DONE rather than begin an iteration with more than RecordSlots - 1 records
// waiting (in DONE, after its commit, all RecordSlots may be full).
func RecordSlots(a datapath.Arch) int { return 1 << recordSlotsBits(a.Sizes()) }

// constCompares are the unsigned less-than functions the core compares its counters with
// (cycle, visible unit), and tile_row, a slot's row in its tile.
func constCompares() string {
	var b strings.Builder
	for _, f := range []struct{ name, width string }{{"cy", "CYW"}, {"dc", "DCW"}, {"tw", "TW"}} {
		fmt.Fprintf(&b, `function ltc_%[1]s;  // x < y
  input [%[2]s-1:0] x, y;
  integer k;
  reg eq;
  begin
    ltc_%[1]s = 1'b0;
    eq = 1'b1;
    for (k = %[2]s - 1; k >= 0; k = k - 1) begin
      ltc_%[1]s = ltc_%[1]s | (eq & ~x[k] & y[k]);
      eq = eq & (x[k] == y[k]);
    end
  end
endfunction
`, f.name, f.width)
	}
	b.WriteString(`function [TRW-1:0] tile_row;  // row PW gi + slot of the tile
  input [AGW-1:0] gi;
  input integer slot;
  /* verilator lint_off UNUSEDSIGNAL */  // a row index is below T
  integer r;
  /* verilator lint_on UNUSEDSIGNAL */
  begin
    r = gi * PW + slot;
    tile_row = r[TRW-1:0];
  end
endfunction
`)
	return b.String()
}
