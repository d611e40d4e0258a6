// herd_record: the output records (docs/hardware.md, "The record"). C_UPDATE packs x*
// (cycles 1 .. D, from the x* memory, padded to whole words) and z* (cycles 16 XB + 1 ..
// 16 XB + K, from the z* memory a group at a time) into 16-bit words, a bit a cycle, then
// the iteration's cycle count (low half, then the high half with the overflow flag in bit
// 15), into slot rec_ws of a buffer of 2^SLOTSW slots (one block RAM). The record is
// committed at C_UPDATE's last cycle; DONE holds while every slot but one is full, so an
// iteration always has a slot for its record and the core stalls rather than drop one.
// m_axis_sample reads the committed slots in order, one beat a cycle while the receiver
// takes them (tlast on a record's last beat).

`default_nettype none

module herd_record #(
  parameter integer K      = 16,
  parameter integer D      = 64,
  parameter integer XB     = 4,    // x* words of a record: ceil(D / 16)
  parameter integer ZB     = 1,    // z* words: ceil(K / 16)
  parameter integer PW     = 2,
  parameter integer CU_LEN = 83,   // C_UPDATE's cycles (datapath.TileSizes.CUpdateLen)
  parameter integer CNTW   = 17,   // the iteration cycle counter's width (the longest iteration plus 3)
  parameter integer CYW    = 13,
  parameter integer PSW    = (PW > 1) ? $clog2(PW) : 1  // a slot's index in a group of z*
) (
  input  wire          clk,
  input  wire          rst,
  /* verilator lint_off UNUSEDSIGNAL */  // the packer reads cyc's low bits, the formal properties in_done
  input  wire [CYW-1:0] cyc,
  input  wire [CYW-1:0] cyc_n,
  input  wire          nx_c_update,
  input  wire          nx_done,
  input  wire          end_c_update,   // C_UPDATE's last cycle: the record is committed
  input  wire          running,
  input  wire          in_done,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire          done,           // the core leaves DONE
  input  wire          has_todo,       // an iteration is pending (herd_cmd)
  input  wire          overflow,       // the sticky overflow flag
  input  wire          xs_rd,          // x*_j (herd_search)
  input  wire [PW-1:0] zs_rd,          // a group of z* (herd_search)
  input  wire [PSW-1:0] zsel,          // and its bit to pack
  output wire          hold_a,         // the look-ahead phase machine holds in DONE
  output reg           hold,           // the core holds in DONE
  output wire [15:0]   m_axis_sample_tdata,
  output reg           m_axis_sample_tvalid,
  input  wire          m_axis_sample_tready,
  output reg           m_axis_sample_tlast
);
  localparam integer RB     = XB + ZB + 2;                         // beats of a record
  localparam integer WIW    = (XB + ZB > 2) ? $clog2(XB + ZB) : 1;  // a packed word's index
  localparam integer SLOTW  = (RB > 2) ? $clog2(RB) : 1;           // a beat's offset in its slot
  localparam integer SLOTSW = (8 - SLOTW > 1) ? 8 - SLOTW : 1;      // a slot's index: the slots fill a 256-word block RAM
  generate
    if (CU_LEN != ((D + 4 > 16 * (XB + ZB) + 3) ? D + 4 : 16 * (XB + ZB) + 3)) begin : g_bad_len
      herd_param_error_record_c_update_length bad ();
    end
  endgenerate
  /* verilator lint_off WIDTH */
  localparam [CYW-1:0] CY_D     = D;
  localparam [CYW-1:0] CY_XEND  = 16 * XB + 1;      // z* enters the packer (bit k at cycle k + 1)
  localparam [CYW-1:0] CY_ZEND  = 16 * XB + K + 1;  // z* is packed
  // The record's cycle words take C_UPDATE's last two cycles: the high word's write lands
  // with the commit at the phase's end.
  localparam [CYW-1:0] CY_PK    = CU_LEN - 2;       // the packing is over: cycles low
  localparam [CYW-1:0] CY_PK1   = CU_LEN - 1;       // C_UPDATE's last cycle: cycles high
  localparam [SLOTW-1:0] RB_LO    = RB - 2;         // the record's cycles-low beat
  localparam [SLOTW-1:0] RB_LASTW = RB - 1;         // its last beat
  localparam [CNTW-1:0] CNT_3     = 3;
  /* verilator lint_on WIDTH */
  localparam [SLOTSW:0] SLOTS_ALL = 1 << SLOTSW, SLOTS_M1 = SLOTS_ALL - 1, SLOTS_M2 = SLOTS_ALL - 2;

  // The packer's windows, registered from the next cycle's state.
  wire before_pk, before_d, before_xend, before_zend;
  herd_lt #(.W(CYW)) lt_pk (.a(cyc_n), .b(CY_PK), .lt(before_pk));
  herd_lt #(.W(CYW)) lt_d (.a(CY_D), .b(cyc_n), .lt(before_d));
  herd_lt #(.W(CYW)) lt_xend (.a(cyc_n), .b(CY_XEND), .lt(before_xend));
  herd_lt #(.W(CYW)) lt_zend (.a(cyc_n), .b(CY_ZEND), .lt(before_zend));
  reg w_pack, w_xbit, w_zbit, w_lo, w_hi;
  always @(posedge clk) begin
    w_pack <= !rst && nx_c_update && cyc_n != {CYW{1'b0}} && before_pk;  // the packer takes bit cyc - 1
    w_xbit <= !before_d;                                                 // cyc <= D: x*'s bits
    w_zbit <= !before_xend && before_zend;                               // z*'s bits
    w_lo <= !rst && nx_c_update && cyc_n == CY_PK;                       // the record's cycles, low
    w_hi <= !rst && nx_c_update && cyc_n == CY_PK1;                      // and high
  end

  reg [14:0] pk;                    // the packer: the word's bits so far, entering at the top
  reg [CNTW-1:0] it_cnt;            // cycles of this iteration so far, plus 3 (see below)
  reg [14:0] cnt_hi_q;              // it_cnt's high half, a cycle late
  reg [SLOTSW-1:0] rec_ws, rec_rs;  // the slot being written, the slot being read
  reg [SLOTSW:0] filled;            // committed records not yet read
  reg [SLOTW-1:0] ro;               // the next beat to read
  reg ob_we;
  reg [SLOTSW+SLOTW-1:0] ob_wa;
  reg [15:0] ob_wd;
  reg [(1<<PSW)-1:0] zs_pick;       // the group's bits, padded so that zsel always selects one
  always @* begin
    zs_pick = {(1<<PSW){1'b0}};
    zs_pick[PW-1:0] = zs_rd;
  end
  wire pk_in = w_xbit ? xs_rd : w_zbit ? zs_pick[zsel] : 1'b0;
  wire [15:0] pk_word = {pk_in, pk};  // a word every 16 cycles
  wire packing = w_pack;              // bit cyc - 1
  wire commit = end_c_update;
  // The packed word's index in its record: cyc / 16 - 1, at the record's offset width.
  wire [WIW-1:0] pk_idx = cyc[WIW+3:4] - 1'b1;
  wire [SLOTW-1:0] pk_slot;
  generate
    if (SLOTW > WIW) begin : g_pad
      assign pk_slot = {{(SLOTW-WIW){1'b0}}, pk_idx};
    end else begin : g_nopad
      assign pk_slot = pk_idx;
    end
  endgenerate
  // ob_any (filled != 0) and ro_last (ro == RB_LASTW) are registers, so that the stream's
  // step starts at flip-flops.
  reg ob_any, ro_last;
  wire ob_adv = ob_any && (!m_axis_sample_tvalid || m_axis_sample_tready);
  wire ob_release = ob_adv && ro_last;
  wire [SLOTSW:0] filled_next = filled + {{SLOTSW{1'b0}}, commit} - {{SLOTSW{1'b0}}, ob_release};
  // DONE holds while fewer than two slots are free before its record's commit, so that one
  // is free for the next record. The look-ahead phase machine sees it a cycle early, from
  // the fill register alone (not from the commit or the stream's tready, which would put an
  // adder before the phase logic): an iteration runs with at most SLOTS - 1 records waiting,
  // so its record has a slot; in DONE the buffer fills to SLOTS, never more. full_q:
  // filled >= SLOTS - 1, a register set from filled's next value (the same test a cycle
  // earlier), so that the hold reaches the phase logic from one flip-flop. It and ob_any are
  // decided from filled and the step (commit, ob_release), not from filled_next: no adder
  // before them.
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
      ob_wa <= {rec_ws, pk_slot};
      ob_wd <= pk_word;
    end else if (w_lo) begin
      ob_wa <= {rec_ws, RB_LO};
      ob_wd <= it_cnt[15:0];
    end else begin
      ob_wa <= {rec_ws, RB_LASTW};
      ob_wd <= {overflow, cnt_hi_q};
    end
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
  herd_ram #(.W(16), .DEPTH(1 << (SLOTSW + SLOTW))) ob_mem (.clk(clk), .we(ob_we), .wa(ob_wa), .wd(ob_wd),
    .re(ob_adv), .ra({rec_rs, ro}), .rd(m_axis_sample_tdata));
`ifdef FORMAL
  // The record buffer: slots rec_rs .. rec_rs + filled - 1 hold the records committed and
  // not yet read, and the packer writes rec_ws, the slot after them. DONE holds while
  // SLOTS - 1 records wait before its commit, so the buffer fills to SLOTS at most, in DONE,
  // and an iteration runs with a free slot for its record.
  reg f_past;
  initial f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;
  always @* if (!rst && f_past) begin
    assert(!(commit && filled == SLOTS_ALL));        // a record with no slot: dropped
    assert(!(ob_release && filled == 0));            // a record released twice
    assert(filled <= SLOTS_ALL);
    assert(rec_ws == rec_rs + filled[SLOTSW-1:0]);
    assert(ob_any == (filled != 0) && ro_last == (ro == RB_LASTW) && full_q == (filled >= SLOTS_M1));
    if (running && !in_done) assert(filled <= SLOTS_M1);
    // Before the first iteration no record (end_c_update is cleared by reset: a reset in
    // the cycle before C_UPDATE's last commits nothing).
    if (!running) assert(filled == 0 && !m_axis_sample_tvalid);
  end
  // A beat offered and not taken stays, unchanged (AXI4-Stream).
  always @(posedge clk) if (f_past && !$past(rst) && !rst && $past(m_axis_sample_tvalid && !m_axis_sample_tready)) begin
    assert(m_axis_sample_tvalid);
    assert(m_axis_sample_tdata == $past(m_axis_sample_tdata));
    assert(m_axis_sample_tlast == $past(m_axis_sample_tlast));
  end
`endif
endmodule

`default_nettype wire
