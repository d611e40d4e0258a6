// herd_tiled_core: the tiled herding datapath (datapath/tile*.go, docs/hardware.md), every size,
// width and latency a parameter. rtlgen's herd_core (generated) sets them for a
// datapath.Arch; the phase machine (herd_phases) is rendered from datapath.Schedule.
//
// After reset it takes its initial memories on the load stream (herd_load), then runs
// iterations back to back as the command stream asks (herd_cmd). Each iteration's
// pseudo-sample leaves on m_axis_sample as one record (herd_record); when the record buffer
// is full the core holds in DONE until the stream takes a record: it stalls, it never drops
// one. done is high for the one cycle the core leaves DONE, when the iteration's memories
// are final. Every phase takes the cycles of datapath.Schedule, so an iteration takes
// exactly Arch.IterationCycles clocks, not counting the cycles it holds in DONE.
//
//   herd_phases     the phase machine: phase, cycle, tile, batch, sweep, and the windows
//   herd_skip       word skip: each pass's length and busy words (ROMs)
//   herd_load       load stream, read-back stream, sum x
//   herd_cmd        commands: RUN, STOP, READ
//   herd_addr       X and W SPRAM addresses, shared block RAM read addresses
//   herd_prefetch   PREFETCH: tile buffer, start values, row masks
//   herd_pass       PASS: the accumulator array (herd_acc_array)
//   herd_positive   positive statistics P (and sum z)
//   herd_writeback  WRITEBACK: W += P - N z* x*, b's growth
//   herd_search     GATHER, SWEEP, C_UPDATE: x*, z*, c
//   herd_energy     SH: energies and the best vector
//   herd_record     the output records and m_axis_sample
//
// Memories here: X and W in four herd_spram (SB_SPRAM256KA on the UP5K), the tile buffer,
// b and c in herd_ram; each block keeps its own others.

`default_nettype none

module herd_tiled_core #(
  // datapath.Arch and datapath.TileSizes
  parameter integer K        = 16,   // hidden units
  parameter integer D        = 64,   // visible units
  parameter integer N        = 128,  // data vectors
  parameter integer T        = 3,    // hidden units a tile (rows of the accumulator array)
  parameter integer S        = 10,   // most sweeps an iteration
  parameter integer MODE_SH  = 1,    // 1: safe herding (SH), 0: herding (H)
  parameter integer GROW     = 0,    // 1: hidden-bias growth
  parameter integer SKIP     = 0,    // 1: the word-skip datapath (a pass reads its batch's busy X words)
  parameter integer WL       = 3,    // W memories (16-bit lanes) a W word spans: 3 SPRAMs on the UP5K
  parameter integer PW       = 3,    // weights a W word: min(WL, 16 WL / W_W)
  parameter integer SW       = 16,   // bits a W word's slot: 16 WL / PW
  parameter integer G        = 6,    // groups of PW rows holding the K units
  parameter integer GT       = 1,    // groups a tile: T / PW
  parameter integer NT       = 6,    // tiles of the positive pass
  parameter integer NTE      = 6,    // SH: tiles of the energy pass (the K units and the c row)
  parameter integer NB       = 8,    // batches of 16 vectors
  parameter integer ZG       = 6,    // z* memory words: NT T / PW
  parameter integer BG       = 6,    // b memory words: NTE T / PW
  parameter integer XB       = 4,    // x* words of a record: ceil(D / 16)
  parameter integer ZB       = 1,    // z* words: ceil(K / 16)
  parameter integer XB_COPIES = 1,    // herd_positive's copies of the previous batch's X words
  parameter integer MAC_ACCS = 8,    // field accumulators in DSP blocks with HERD_ICE40_UP5K (WRAP mode)
  // registers (datapath.Reg): width, 1 = saturate, and the exact width of the values cast to it
  parameter integer W_W = 11,           parameter integer W_SAT = 0,           parameter integer W_X = 12,
  parameter integer B_W = 2,            parameter integer B_SAT = 0,           parameter integer B_X = 12,
  parameter integer C_W = 11,           parameter integer C_SAT = 0,           parameter integer C_X = 12,
  parameter integer FIELD_W = 17,       parameter integer FIELD_SAT = 0,       parameter integer FIELD_X = 18,
  parameter integer VIS_FIELD_W = 15,   parameter integer VIS_FIELD_SAT = 0,   parameter integer VIS_FIELD_X = 16,
  parameter integer ENERGY_W = 21,      parameter integer ENERGY_SAT = 0,      parameter integer ENERGY_X = 22,
  parameter integer BEST_ENERGY_W = 21, parameter integer BEST_ENERGY_SAT = 0, parameter integer BEST_ENERGY_X = 22,
  parameter integer POSITIVE_W = 9,     parameter integer POSITIVE_SAT = 0,    parameter integer POSITIVE_X = 10,
  parameter integer UPDATE_W = 11,      parameter integer UPDATE_SAT = 0,      parameter integer UPDATE_X = 13,
  // memory map and load stream (datapath's tables)
  parameter integer SPRAM_AW = 14,     // SPRAM address width (16K words)
  parameter integer X_DEPTH_AW  = 14,  // the behavioural X memory's words: 2^X_DEPTH_AW
  parameter integer W_DEPTH_AW  = 14,  // the behavioural W memories' words
  parameter integer W0_DEPTH_AW = 14,  // and W memory 0's (word skip: its j list from JBASE)
  parameter integer X_HELD  = 1 << X_DEPTH_AW,    // the words they hold: what the images need
  parameter integer W_HELD  = 1 << W_DEPTH_AW,
  parameter integer W0_HELD = 1 << W0_DEPTH_AW,
  parameter integer JBASE    = 8192,   // word skip: W SPRAM 0's j word of busy X word 0
  parameter integer JPC      = 11,     // word skip: a j word's popcount starts at this bit
  parameter integer X_BUSY   = 64,     // word skip: the first busy X word
  parameter integer X_BEATS  = 512,    // the load stream's X part: X words (word skip: and j words)
  parameter integer W_WORDS  = 384,    // W words the load brings
  parameter integer STEP_BATCH  = D,   // the walks' address steps (datapath.AddrSteps)
  parameter integer STEP_GROUP  = D,
  parameter integer STEP_TILE   = GT * D,
  parameter integer STEP_NEXTJ  = 1 - (GT - 1) * D,
  parameter integer STEP_TGROUP = GT,
  parameter integer W_BEATS_1 = 3,     // beats a W word
  parameter integer B_BEATS  = 1,      // beats a b value
  parameter integer C_BEATS  = 1,      // beats a c value
  // the schedule (datapath.Schedule, latencies)
  parameter integer CYW      = 9,      // the phase cycle counter's width
  parameter integer RL       = 5,      // SH: the array readout's latency (datapath.ReadoutLatency)
  parameter integer WB_FIRST = 7,      // WRITEBACK's first W write
  parameter integer CU_LEN   = 83,     // C_UPDATE's cycles
  parameter integer CNTW     = 17,     // the iteration cycle counter (the longest iteration plus 3)
  // word skip: each pass's LEN - 2 and {L != 0, L - 1} (herd_skip's ROMs)
  parameter [(NB+1)*CYW-1:0] PASS_ROM = 0,
  parameter [(NB+1)*(((D > 1) ? $clog2(D) : 1)+1)-1:0] BUSY_ROM = 0,
  parameter [1:0]   OP_RUN   = 2'd0,   // the command stream's ops (rtlgen.Cmd*)
  parameter [1:0]   OP_STOP  = 2'd1,
  parameter [1:0]   OP_READ  = 2'd2
) (
  input  wire        clk,
  input  wire        rst,                  // synchronous, active high: back to the load
  input  wire [15:0] s_axis_load_tdata,    // load stream beat
  input  wire        s_axis_load_tvalid,
  output wire        s_axis_load_tready,   // high while the core loads
  output wire [15:0] m_axis_sample_tdata,  // record beat: x* words, z* words, cycles low, {overflow, cycles high}
  output wire        m_axis_sample_tvalid,
  input  wire        m_axis_sample_tready,
  output wire        m_axis_sample_tlast,  // the record's last beat
  input  wire [15:0] s_axis_cmd_tdata,     // command beat: {op, n} (RUN n, STOP, READ)
  input  wire        s_axis_cmd_tvalid,
  output wire        s_axis_cmd_tready,    // low while a command waits to run
  output wire [15:0] m_axis_read_tdata,    // read-back beat: W words, b, c (the load stream's format)
  output wire        m_axis_read_tvalid,
  input  wire        m_axis_read_tready,
  output wire        m_axis_read_tlast,    // the read-back's last beat
  output wire        idle,                 // loaded, no iteration to begin, no read-back: W, b, c are final
  output wire        done,                 // one cycle as the core leaves DONE to begin the next iteration
  output reg         overflow,             // sticky: some register write wrapped or saturated
  // Status, for testbenches and LEDs (herd_core keeps them as named wires of its own).
  output wire        running,              // the load is done: iterations run
  output wire        hold,                 // the core holds in DONE (the records wait, or no iteration is pending)
  output wire        has_todo              // an iteration is pending
);
  // Widths derived from the sizes (the blocks derive the same).
  localparam integer DW  = (D > 1) ? $clog2(D) : 1;              // a visible unit's index
  localparam integer TW  = ($clog2(NTE + 1) > 0) ? $clog2(NTE + 1) : 1;  // the tile counter
  localparam integer NBW = ($clog2(NB + 1) > 0) ? $clog2(NB + 1) : 1;    // the batch counter
  localparam integer SWW = ($clog2(S + 1) > 0) ? $clog2(S + 1) : 1;      // the sweep counter
  localparam integer AGW = ($clog2(GT + 1) > 0) ? $clog2(GT + 1) : 1;    // a group within a tile
  localparam integer BGW = (BG > 1) ? $clog2(BG) : 1;            // a b word's address
  localparam integer IW  = ((K > D ? K : D) > 1) ? $clog2(K > D ? K : D) : 1;
  localparam integer BCW = (B_W > C_W) ? B_W : C_W;
  localparam integer AW  = FIELD_W - ((FIELD_SAT == 0) ? 1 : 0); // the accumulators' width
  localparam integer WWB = 16 * WL;                              // a W word's bits
  localparam integer QW  = (WL > 1) ? $clog2(WL) : 1;            // a W lane's (or a b slot's) index
  // The parameters' consistency (datapath.Arch.Sizes): a mismatch stops elaboration.
  generate
    if (WL < 1 || PW != ((WWB / W_W < WL) ? WWB / W_W : WL) || SW != WWB / PW || G != (K + PW - 1) / PW || GT * PW != T
        || NT != (G + GT - 1) / GT || NTE != ((K + PW) / PW + GT - 1) / GT || NB != (N + 15) / 16
        || ZG != NT * GT || BG != NTE * GT || XB != (D + 15) / 16 || ZB != (K + 15) / 16) begin : g_bad_sizes
      herd_param_error_core_sizes_disagree_with_the_arch bad ();
    end
    if (W_WORDS != ((MODE_SH != 0) ? NTE : NT) * GT * D || (SKIP == 0 && X_BEATS != NB * D) || W_BEATS_1 != WL) begin : g_bad_load
      herd_param_error_core_load_stream_sizes bad ();
    end
    if (SKIP != 0 && MODE_SH != 0) begin : g_bad_skip
      herd_param_error_core_word_skip_runs_mode_h bad ();
    end
  endgenerate

  // The phase machine.
  wire load_done, start_n, hold_a, changed;
  wire [CYW-1:0] cyc, cyc_n, pl_m1;
  wire [TW-1:0] tile_n;
  /* verilator lint_off UNUSEDSIGNAL */  // mode SH's (herd_energy): the energy pass's tile
  wire [TW-1:0] tile;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [NBW-1:0] batch, batch_a;
  wire [SWW-1:0] sweep;
  wire step_tile, clr_tile, step_batch, clr_batch;
  /* verilator lint_off UNUSEDSIGNAL */  // word skip's (herd_skip)
  wire at_last_a, nx_run, enter_pass;
  /* verilator lint_on UNUSEDSIGNAL */
  wire nx_e_pass, nx_sweep, nx_prefetch, nx_pass, nx_writeback, nx_c_update, nx_done;
  wire in_e_prefetch, in_e_pass, in_gather, in_start, in_sweep, in_prefetch, in_pass, in_writeback, in_c_update, in_done;
  wire end_c_update;
  wire nw_pass_d, nw_pass_0, nw_gather_d, nw_gather_0, nw_arow0, nw_arun, nw_pf_0, nw_ztl, nw_epf_0, nw_epf_gtd;
  wire nw_wb_1, nw_sw_0, nw_sw_1, nw_sw_gd, nw_sw_d3, nw_sw_pd3, nw_cu_d, nw_jbase;
  herd_phases phases (
    .clk(clk), .rst(rst), .running(running), .load_done(load_done), .start_n(start_n), .hold_a(hold_a),
    .changed(changed), .pl_m1(pl_m1),
    .cyc(cyc), .cyc_a(cyc_n), .tile(tile), .tile_a(tile_n), .batch(batch), .batch_a(batch_a), .sweep(sweep),
    .step_tile(step_tile), .clr_tile(clr_tile), .step_batch(step_batch), .clr_batch(clr_batch),
    .at_last_a(at_last_a), .nx_run(nx_run), .enter_pass(enter_pass),
    .nx_e_pass(nx_e_pass), .nx_sweep(nx_sweep), .nx_prefetch(nx_prefetch), .nx_pass(nx_pass), .nx_writeback(nx_writeback), .nx_c_update(nx_c_update),
    .nx_done(nx_done),
    .in_e_prefetch(in_e_prefetch), .in_e_pass(in_e_pass), .in_gather(in_gather), .in_start(in_start),
    .in_sweep(in_sweep), .in_prefetch(in_prefetch), .in_pass(in_pass), .in_writeback(in_writeback),
    .in_c_update(in_c_update), .in_done(in_done), .end_c_update(end_c_update),
    .nw_pass_d(nw_pass_d), .nw_pass_0(nw_pass_0), .nw_gather_d(nw_gather_d), .nw_gather_0(nw_gather_0),
    .nw_arow0(nw_arow0), .nw_arun(nw_arun), .nw_pf_0(nw_pf_0), .nw_ztl(nw_ztl), .nw_epf_0(nw_epf_0),
    .nw_epf_gtd(nw_epf_gtd), .nw_wb_1(nw_wb_1), .nw_sw_0(nw_sw_0), .nw_sw_1(nw_sw_1), .nw_sw_gd(nw_sw_gd),
    .nw_sw_d3(nw_sw_d3), .nw_sw_pd3(nw_sw_pd3), .nw_cu_d(nw_cu_d), .nw_jbase(nw_jbase)
  );
  wire la_rd, la_st, la_zs;
  generate
    if (SKIP != 0) begin : g_skip
      herd_skip #(.D(D), .NB(NB), .CYW(CYW), .PASS_ROM(PASS_ROM), .BUSY_ROM(BUSY_ROM)) skip (
        .clk(clk), .rst(rst), .nx_run(nx_run), .nx_pass(nx_pass), .at_last_a(at_last_a), .enter_pass(enter_pass),
        .batch_a(batch_a), .cyc_aj(cyc_n[DW-1:0]), .pl_m1(pl_m1), .la_rd(la_rd), .la_st(la_st), .la_zs(la_zs));
    end else begin : g_no_skip
      assign pl_m1 = {CYW{1'b0}};
      assign {la_rd, la_st, la_zs} = 3'b000;
    end
  endgenerate

  // The load, the read-back and the commands.
  wire ld_finish, lw_x, lw_w, lw_b, lw_c, rd_on, lr_w, lr_b, lr_c;
  wire [15:0] lw_data;
  wire [SPRAM_AW-1:0] lw_addr, ld_w;
  wire [QW-1:0] lw_q;
  wire [BCW-1:0] lw_val;
  wire [BGW-1:0] ld_bg;
  wire [IW-1:0] ld_i;
  wire [DW-1:0] sx_ra;
  wire [POSITIVE_W-1:0] sx_rd;
  wire [WWB-1:0] w_rd;
  wire [PW*B_W-1:0] b_rd;
  wire [C_W-1:0] c_rd;
  wire cmd_read;
  /* verilator lint_off UNUSEDSIGNAL */  // the formal properties'
  wire idle_now;
  /* verilator lint_on UNUSEDSIGNAL */
  herd_load #(.K(K), .D(D), .N(N), .NB(NB), .PW(PW), .SKIP(SKIP), .X_BEATS(X_BEATS), .W_WORDS(W_WORDS), .W_BEATS_1(W_BEATS_1),
              .B_W(B_W), .C_W(C_W), .B_BEATS(B_BEATS), .C_BEATS(C_BEATS), .POSITIVE_W(POSITIVE_W), .POSITIVE_X(POSITIVE_X), .POSITIVE_SAT(POSITIVE_SAT),
              .XAW(SPRAM_AW), .JBASE(JBASE), .JPC(JPC), .BG(BG)) load (
    .clk(clk), .rst(rst), .s_axis_load_tdata(s_axis_load_tdata), .s_axis_load_tvalid(s_axis_load_tvalid),
    .s_axis_load_tready(s_axis_load_tready), .start_n(start_n), .load_done(load_done), .running(running),
    .ld_finish(ld_finish), .lw_x(lw_x), .lw_w(lw_w), .lw_b(lw_b), .lw_c(lw_c), .lw_data(lw_data),
    .lw_addr(lw_addr), .lw_q(lw_q), .lw_val(lw_val), .cmd_read(cmd_read), .rd_on(rd_on),
    .lr_w(lr_w), .lr_b(lr_b), .lr_c(lr_c), .ld_w(ld_w), .ld_bg(ld_bg), .ld_i(ld_i), .w_rd(w_rd), .b_rd(b_rd),
    .c_rd(c_rd), .m_axis_read_tdata(m_axis_read_tdata), .m_axis_read_tvalid(m_axis_read_tvalid),
    .m_axis_read_tready(m_axis_read_tready), .m_axis_read_tlast(m_axis_read_tlast), .sx_ra(sx_ra), .sx_rd(sx_rd)
  );
  herd_cmd #(.OP_RUN(OP_RUN), .OP_STOP(OP_STOP), .OP_READ(OP_READ)) cmd (
    .clk(clk), .rst(rst), .s_axis_cmd_tdata(s_axis_cmd_tdata), .s_axis_cmd_tvalid(s_axis_cmd_tvalid),
    .s_axis_cmd_tready(s_axis_cmd_tready), .running(running), .load_done(load_done), .ld_finish(ld_finish),
    .rd_on(rd_on), .in_done(in_done), .hold(hold), .nx_done(nx_done), .hold_a(hold_a), .has_todo(has_todo),
    .start_n(start_n), .cmd_read(cmd_read), .idle_now(idle_now), .idle(idle)
  );

  // Addresses and the shared memories.
  wire [SPRAM_AW-1:0] xa, wa, sg, best_base;
  wire [BGW-1:0] b_ra;
  wire [15:0] x_wdata, x_rd;
  wire x_we;
  wire [WWB-1:0] w_wdata, wb_word;
  wire [WL-1:0] w_we;
  wire [DW-1:0] aj, tile_ra, c_ra, sj, rp_j0, pp_j2, pp_j3;
  wire [AGW-1:0] ag;
  wire ag_last, sj_last, in_xrd, xr2, xr3, wb_write;
  herd_addr #(.D(D), .GT(GT), .BG(BG), .SKIP(SKIP), .WL(WL), .XAW(SPRAM_AW), .JBASE(JBASE), .X_BUSY(X_BUSY),
              .STEP_BATCH(STEP_BATCH), .STEP_GROUP(STEP_GROUP), .STEP_TILE(STEP_TILE), .STEP_NEXTJ(STEP_NEXTJ),
              .STEP_TGROUP(STEP_TGROUP)) addr (
    .clk(clk), .rst(rst), .running(running), .lw_x(lw_x), .lw_w(lw_w), .lw_q(lw_q), .lw_addr(lw_addr),
    .lw_data(lw_data), .lr_w(lr_w), .lr_b(lr_b), .lr_c(lr_c), .ld_w(ld_w),
    .ld_bg(ld_bg), .ld_i(ld_i[DW-1:0]), .cyc_nj(cyc_n[DW-1:0]),
    .clr_batch(clr_batch), .step_batch(step_batch), .clr_tile(clr_tile), .step_tile(step_tile),
    .in_pass(in_pass), .in_writeback(in_writeback), .nw_pass_d(nw_pass_d), .nw_pass_0(nw_pass_0),
    .nw_gather_d(nw_gather_d), .nw_gather_0(nw_gather_0), .nw_arow0(nw_arow0), .nw_arun(nw_arun),
    .nw_jbase(nw_jbase), .nw_epf_0(nw_epf_0), .nw_epf_gtd(nw_epf_gtd), .nw_cu_d(nw_cu_d), .nw_sw_0(nw_sw_0),
    .nw_sw_gd(nw_sw_gd), .in_xrd(in_xrd), .xr2(xr2), .best_base(best_base), .wb_write(wb_write),
    .wb_word(wb_word), .wb_j2(pp_j2), .wb_j3(pp_j3), .rp_j0(rp_j0), .skip_j(w_rd[DW-1:0]),
    .xa(xa), .x_wdata(x_wdata), .x_we(x_we), .wa(wa), .w_wdata(w_wdata), .w_we(w_we), .aj(aj), .ag(ag),
    .ag_last(ag_last), .tile_ra(tile_ra), .b_ra(b_ra), .c_ra(c_ra), .sx_ra(sx_ra), .sj(sj), .sg(sg),
    .sj_last(sj_last)
  );
  // X: word b D + j, bit m = x_{16b+m, j}. W: word g D + j of WL lanes, W memory q holding
  // bits [16 q +: 16] (the UP5K's three SPRAMs), slot s (row g PW + s) at bits [s SW +: W_W].
  herd_spram #(.AW(SPRAM_AW), .DEPTH_AW(X_DEPTH_AW), .WORDS(X_HELD)) xram (.clk(clk), .addr(xa), .wdata(x_wdata), .we(x_we), .rdata(x_rd));
  // HERD_FAULT_W (tests only): every write of W word 0 flips its bit 0, as a stuck memory
  // bit would; the board-loop test shows that verify catches it.
`ifdef HERD_FAULT_W
  wire [15:0] w_fault = (wa == {SPRAM_AW{1'b0}}) ? 16'h0001 : 16'h0000;
`else
  wire [15:0] w_fault = 16'h0000;
`endif
  genvar wq;
  generate
    for (wq = 0; wq < WL; wq = wq + 1) begin : g_wram
      herd_spram #(.AW(SPRAM_AW), .DEPTH_AW((wq == 0) ? W0_DEPTH_AW : W_DEPTH_AW), .WORDS((wq == 0) ? W0_HELD : W_HELD)) wram (.clk(clk), .addr(wa),
        .wdata(w_wdata[16*wq +: 16] ^ ((wq == 0) ? w_fault : 16'h0000)), .we(w_we[wq]), .rdata(w_rd[16*wq +: 16]));
    end
  endgenerate
  // The tile buffer (word j: row r at [r W_W +: W_W]), b (word g: group g's PW values; the
  // load writes one slot, growth a whole word; rows K.. of the last group stay zero) and c.
  // PREFETCH writes the tile buffer while nothing reads it; the others' read-modify-writes
  // read j + 1 while they write j.
  wire tb_we;
  wire [DW-1:0] tb_wa;
  wire [T*W_W-1:0] tb_wd, tile_rd;
  herd_ram #(.W(T*W_W), .DEPTH(D)) tile_mem (.clk(clk), .we(tb_we), .wa(tb_wa), .wd(tb_wd), .re(1'b1),
    .ra(tile_ra), .rd(tile_rd));
  wire gb_we;
  wire [BGW-1:0] gb_wa;
  wire [PW*B_W-1:0] gb_wd;
  reg [PW-1:0] b_we;
  integer bs;
  always @* for (bs = 0; bs < PW; bs = bs + 1) b_we[bs] = (lw_b && lw_q == bs[QW-1:0]) || gb_we;
  herd_ram #(.W(PW*B_W), .DEPTH(BG), .SLOTS(PW), .INIT(1)) b_mem (.clk(clk), .we(b_we),
    .wa(lw_b ? lw_addr[BGW-1:0] : gb_wa), .wd(lw_b ? {PW{lw_val[B_W-1:0]}} : gb_wd), .re(1'b1),
    .ra(b_ra), .rd(b_rd));
  wire cu_we;
  wire [DW-1:0] cu_wa;
  wire [C_W-1:0] cu_wd;
  herd_ram #(.W(C_W), .DEPTH(D)) c_mem (.clk(clk), .we(lw_c || cu_we), .wa(lw_c ? lw_addr[DW-1:0] : cu_wa),
    .wd(lw_c ? lw_val[C_W-1:0] : cu_wd), .re(1'b1), .ra(c_ra), .rd(c_rd));

  // The datapath.
  /* verilator lint_off UNUSEDSIGNAL */  // mode SH's (herd_energy): the c row, the readout
  wire [T-1:0] rve;
  wire [AW-1:0] arr_rd;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [T-1:0] rv, ztile;
  wire [T*FIELD_W-1:0] st;
  wire ovf_prefetch, ovf_array, ovf_writeback, ovf_energy;
  wire [1:0] ovf_positive, ovf_search;
  herd_prefetch #(.K(K), .D(D), .T(T), .WL(WL), .PW(PW), .SW(SW), .GT(GT), .NT(NT), .NTE(NTE), .MODE_SH(MODE_SH),
                  .W_W(W_W), .B_W(B_W), .C_W(C_W), .FIELD_W(FIELD_W), .FIELD_X(FIELD_X), .FIELD_SAT(FIELD_SAT),
                  .CYW(CYW)) prefetch (
    .clk(clk), .rst(rst), .tile_n(tile_n), .in_prefetch(in_prefetch), .in_e_prefetch(in_e_prefetch), .cyc(cyc),
    .aj(aj), .ag(ag), .ag_last(ag_last), .w_rd(w_rd), .b_rd(b_rd), .c_rd(c_rd), .rv(rv), .rve(rve),
    .tb_we(tb_we), .tb_wa(tb_wa), .tb_wd(tb_wd), .st(st), .overflow(ovf_prefetch)
  );
  wire [T*16-1:0] arr_z;
  herd_pass #(.D(D), .T(T), .MODE_SH(MODE_SH), .SKIP(SKIP), .W_W(W_W), .FIELD_W(FIELD_W), .FIELD_SAT(FIELD_SAT),
              .MAC_ACCS(MAC_ACCS), .CYW(CYW), .RL(RL)) pass (
    .clk(clk), .rst(rst), .cyc(cyc), .cyc_n(cyc_n), .in_pass(in_pass), .in_e_pass(in_e_pass), .nx_pass(nx_pass),
    .nx_e_pass(nx_e_pass), .nx_writeback(nx_writeback), .la_rd(la_rd), .x_rd(x_rd), .tile_rd(tile_rd), .st(st),
    .z(arr_z), .rd_out(arr_rd), .overflow(ovf_array), .in_xrd(in_xrd), .xr2(xr2), .xr3(xr3)
  );
  wire [DW-1:0] wj;
  wire pp_v3, pp_wb3;
  wire [T*POSITIVE_W-1:0] pnew, zsum;
  herd_positive #(.D(D), .N(N), .T(T), .GT(GT), .NB(NB), .SKIP(SKIP), .GROW(GROW), .POSITIVE_W(POSITIVE_W),
                  .POSITIVE_X(POSITIVE_X), .POSITIVE_SAT(POSITIVE_SAT), .CYW(CYW), .XB_COPIES(XB_COPIES)) positive (
    .clk(clk), .rst(rst), .cyc(cyc), .cyc_n(cyc_n), .batch(batch), .batch_a(batch_a), .in_pass(in_pass),
    .in_e_pass(in_e_pass), .in_writeback(in_writeback), .nx_pass(nx_pass), .nx_prefetch(nx_prefetch),
    .nx_writeback(nx_writeback), .nw_pass_d(nw_pass_d), .nw_wb_1(nw_wb_1), .la_st(la_st), .la_zs(la_zs),
    .arr_z(arr_z), .x_rd(x_rd), .xr3(xr3), .tile_ra(tile_ra), .j_pop(w_rd[JPC +: 5]), .rv(rv), .wb_j(wj),
    .pp_j2(pp_j2), .pp_j3(pp_j3), .pp_v3(pp_v3), .pp_wb3(pp_wb3), .pnew(pnew), .zsum(zsum), .overflow(ovf_positive)
  );
  wire xs_rd;
  wire [PW-1:0] zs_rd;
  wire [((PW > 1) ? $clog2(PW) : 1)-1:0] zsel;
  herd_writeback #(.N(N), .D(D), .T(T), .WL(WL), .PW(PW), .SW(SW), .GT(GT), .BG(BG), .SKIP(SKIP), .GROW(GROW),
                   .W_W(W_W), .W_X(W_X), .W_SAT(W_SAT), .B_W(B_W), .B_X(B_X), .B_SAT(B_SAT),
                   .POSITIVE_W(POSITIVE_W), .POSITIVE_X(POSITIVE_X), .UPDATE_W(UPDATE_W), .UPDATE_X(UPDATE_X),
                   .UPDATE_SAT(UPDATE_SAT), .WB_FIRST(WB_FIRST), .CYW(CYW)) writeback (
    .clk(clk), .rst(rst), .cyc(cyc), .cyc_n(cyc_n), .in_writeback(in_writeback), .nx_writeback(nx_writeback),
    .pp_v3(pp_v3), .pp_wb3(pp_wb3), .pnew(pnew), .zsum(zsum), .xs_rd(xs_rd), .ztile(ztile), .rv(rv),
    .tile_rd(tile_rd), .ag(ag), .b_ra(b_ra), .b_rd(b_rd), .wb_write(wb_write), .wb_word(wb_word),
    .gb_we(gb_we), .gb_wa(gb_wa), .gb_wd(gb_wd), .overflow(ovf_writeback)
  );
  wire [3:0] best_col;
  herd_search #(.K(K), .D(D), .N(N), .T(T), .WL(WL), .PW(PW), .SW(SW), .G(G), .ZG(ZG), .NTE(NTE), .S(S), .XB(XB),
                .MODE_SH(MODE_SH), .W_W(W_W), .B_W(B_W), .C_W(C_W), .C_X(C_X), .C_SAT(C_SAT),
                .FIELD_W(FIELD_W), .FIELD_X(FIELD_X), .FIELD_SAT(FIELD_SAT), .VIS_FIELD_W(VIS_FIELD_W),
                .VIS_FIELD_X(VIS_FIELD_X), .VIS_FIELD_SAT(VIS_FIELD_SAT), .POSITIVE_W(POSITIVE_W),
                .UPDATE_W(UPDATE_W), .UPDATE_X(UPDATE_X), .UPDATE_SAT(UPDATE_SAT), .CYW(CYW), .XAW(SPRAM_AW)) search (
    .clk(clk), .rst(rst), .cyc(cyc), .cyc_n(cyc_n), .sweep(sweep), .tile_n(tile_n), .in_gather(in_gather),
    .in_start(in_start), .in_sweep(in_sweep), .in_writeback(in_writeback), .in_c_update(in_c_update),
    .nx_sweep(nx_sweep), .nx_c_update(nx_c_update), .nw_sw_0(nw_sw_0), .nw_sw_1(nw_sw_1), .nw_sw_d3(nw_sw_d3),
    .nw_sw_pd3(nw_sw_pd3), .nw_pf_0(nw_pf_0), .nw_cu_d(nw_cu_d), .nw_ztl(nw_ztl), .sj(sj), .sg(sg),
    .sj_last(sj_last), .w_rd(w_rd), .b_rd(b_rd), .c_rd(c_rd), .sx_rd(sx_rd), .x_rd(x_rd), .best_col(best_col),
    .wj(wj), .xs_rd(xs_rd), .zs_rd(zs_rd), .zsel(zsel), .ztile(ztile), .changed(changed),
    .rp_ja(rp_j0), .cu_we(cu_we), .cu_wa(cu_wa), .cu_wd(cu_wd), .overflow(ovf_search)
  );
  generate
    if (MODE_SH != 0) begin : g_energy
      herd_energy #(.D(D), .N(N), .T(T), .NB(NB), .NTE(NTE), .RL(RL), .FIELD_W(FIELD_W), .FIELD_SAT(FIELD_SAT),
                    .ENERGY_W(ENERGY_W), .ENERGY_X(ENERGY_X), .ENERGY_SAT(ENERGY_SAT), .BEST_ENERGY_W(BEST_ENERGY_W),
                    .BEST_ENERGY_X(BEST_ENERGY_X), .BEST_ENERGY_SAT(BEST_ENERGY_SAT), .XAW(SPRAM_AW), .STEP_BATCH(STEP_BATCH),
                    .CYW(CYW)) energy (
        .clk(clk), .rst(rst), .cyc_n(cyc_n), .nx_e_pass(nx_e_pass), .batch(batch), .tile(tile), .arr_rd(arr_rd),
        .st(st), .rv(rv), .rve(rve), .best_base(best_base), .best_col(best_col), .overflow(ovf_energy)
      );
    end else begin : g_no_energy
      // H starts its first search at vector 0: its own words, bit 0 (word skip: its D words
      // come first in X).
      assign best_base = {SPRAM_AW{1'b0}};
      assign best_col = 4'd0;
      assign ovf_energy = 1'b0;
    end
  endgenerate
  herd_record #(.K(K), .D(D), .XB(XB), .ZB(ZB), .PW(PW), .CU_LEN(CU_LEN), .CNTW(CNTW), .CYW(CYW)) record (
    .clk(clk), .rst(rst), .cyc(cyc), .cyc_n(cyc_n), .nx_c_update(nx_c_update), .nx_done(nx_done),
    .end_c_update(end_c_update), .running(running), .in_done(in_done), .done(done), .has_todo(has_todo),
    .overflow(overflow), .xs_rd(xs_rd), .zs_rd(zs_rd), .zsel(zsel), .hold_a(hold_a), .hold(hold),
    .m_axis_sample_tdata(m_axis_sample_tdata), .m_axis_sample_tvalid(m_axis_sample_tvalid),
    .m_axis_sample_tready(m_axis_sample_tready), .m_axis_sample_tlast(m_axis_sample_tlast)
  );

  // The sticky overflow flag: each check is registered on its own, then their OR sets the
  // flag: no check's logic reaches the flag's enable through the others' OR.
  reg [7:0] ovf_q;
  always @(posedge clk) begin
    ovf_q <= rst ? 8'b0 : {ovf_prefetch, ovf_array, ovf_positive, ovf_writeback, ovf_search, ovf_energy};
    if (rst) overflow <= 1'b0;
    else if (|ovf_q) overflow <= 1'b1;
  end
  assign done = in_done && !hold;

`ifdef FORMAL
  // Formal properties (read_verilog -formal -DFORMAL; the blocks hold their own):
  // sim.ProveHandshake proves them for every reset and input sequence by k-induction with
  // yosys-smtbmc, every memory's read data left free.
  initial assume(rst);
  reg f_past;
  initial f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;
  always @* if (!rst && f_past) begin
    if (cmd_read || rd_on) assert(idle_now);       // W, b and c are final while they are read
  end
`endif
endmodule

`default_nettype wire
