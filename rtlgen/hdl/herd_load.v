// herd_load: the core's load and read-back streams (docs/hardware.md, "The load and read-back streams") and
// the sum of the data over the vectors, sum_n x_nj.
//
// After reset the core takes its initial memories on s_axis_load, one 16-bit beat at a
// time, in the order of datapath.LoadLayout: X_WORDS X words (with word skip vector 0's D
// words, then each busy X word followed by its j word), W_WORDS W words as three beats
// (SPRAM 0, 1, 2), K b values and D c values of B_BEATS and C_BEATS beats each, low beat
// first. A beat is registered, then placed (lw_*: the write of the next cycle, for the
// memories of herd_tiled_core). READ (cmd_read) walks the W, b and c part again with the
// same counters, the writes off, and offers each word on m_axis_read as the load brought
// it: the memories' addresses go out as lr_* (read the word the counters name), the data
// come back two cycles later.
//
// sum x: each X word's term over its batch's real vectors (2 popcount - valid; word skip:
// vector 0's word j starts sum x_j at -N, each j word adds 2 popcount of its X word) is
// added into the sum-x memory in three stages as the load passes; C_UPDATE reads it at
// sx_ra once the core runs.

`default_nettype none

module herd_load #(
  parameter integer K          = 16,
  parameter integer D          = 64,
  parameter integer N          = 128,
  parameter integer NB         = 8,     // batches of 16 vectors
  parameter integer PW         = 2,     // weights a W word
  parameter integer SKIP       = 0,     // 1: the word-skip datapath's X part
  parameter integer X_BEATS    = 512,   // beats of the X part (X words and word skip's j words)
  parameter integer W_WORDS    = 512,   // W words
  parameter integer W_BEATS_1  = 3,     // beats a W word: its lanes, one a W memory (datapath.TileSizes.L)
  parameter integer B_W        = 16,    // b's width
  parameter integer C_W        = 16,    // c's width
  parameter integer B_BEATS    = 1,     // beats a b value: ceil(B_W / 16)
  parameter integer C_BEATS    = 1,     // beats a c value: ceil(C_W / 16)
  parameter integer POSITIVE_W = 9,     // sum x's register
  parameter integer POSITIVE_X = 10,
  parameter integer POSITIVE_SAT = 0,
  parameter integer XAW        = 14,    // SPRAM address width
  parameter integer JBASE      = 8192,  // word skip: W SPRAM 0's j word of busy X word 0 (a power of two)
  parameter integer JPC        = 11,    // word skip: a j word's popcount starts at this bit
  parameter integer BG         = 8,     // b memory words
  // derived (leave them): port widths
  parameter integer DW  = (D > 1) ? $clog2(D) : 1,                       // a visible unit's index
  parameter integer BGW = (BG > 1) ? $clog2(BG) : 1,                     // a b word's address
  parameter integer IW  = ((K > D ? K : D) > 1) ? $clog2(K > D ? K : D) : 1,  // a b or c value's index
  parameter integer BCW = (B_W > C_W) ? B_W : C_W,                       // the wider of b and c
  parameter integer QW  = (W_BEATS_1 > 1) ? $clog2(W_BEATS_1) : 1         // a W lane's or a b slot's index
) (
  input  wire                  clk,
  input  wire                  rst,
  input  wire [15:0]           s_axis_load_tdata,
  input  wire                  s_axis_load_tvalid,
  output wire                  s_axis_load_tready,
  input  wire                  start_n,     // the first iteration begins next cycle
  output reg                   load_done,   // the last beat is written: running next cycle
  output reg                   running,     // iterations run
  output reg                   ld_finish,   // the last beat is placed (a cycle before load_done)
  // the beat's write, for the next cycle
  output reg                   lw_x,        // an X word at lw_addr
  output reg                   lw_w,        // a W beat: SPRAM lw_q at lw_addr (word skip: a j word)
  output reg                   lw_b,        // a b value: slot lw_q of word lw_addr
  output reg                   lw_c,        // a c value at lw_addr
  output reg  [15:0]           lw_data,
  output reg  [XAW-1:0]        lw_addr,
  output reg  [QW-1:0]         lw_q,
  output reg  [BCW-1:0]        lw_val,
  // the read-back
  input  wire                  cmd_read,    // READ: start a read-back
  output reg                   rd_on,       // a read-back runs
  output reg                   lr_w,        // the memories take the counters' address: W at ld_w
  output reg                   lr_b,        // b at ld_bg
  output reg                   lr_c,        // c at ld_i
  output reg  [XAW-1:0]        ld_w,
  output reg  [BGW-1:0]        ld_bg,
  output reg  [IW-1:0]         ld_i,
  input  wire [16*W_BEATS_1-1:0] w_rd,        // the memories' words, two cycles after lr_*
  input  wire [PW*B_W-1:0]     b_rd,
  input  wire [C_W-1:0]        c_rd,
  output reg  [15:0]           m_axis_read_tdata,
  output reg                   m_axis_read_tvalid,
  input  wire                  m_axis_read_tready,
  output reg                   m_axis_read_tlast,
  // sum x
  input  wire [DW-1:0]         sx_ra,
  output wire [POSITIVE_W-1:0] sx_rd
);
  function integer wid;  // bits of an unsigned counter that reaches v (at least 1)
    input integer v;
    wid = (v < 1) ? 1 : $clog2(v + 1);
  endfunction
  localparam integer W_BEATS = W_BEATS_1 * W_WORDS;
  localparam integer BEATS   = X_BEATS + W_BEATS + K * B_BEATS + D * C_BEATS;
  localparam integer LOADW   = (wid(BEATS) > XAW) ? wid(BEATS) : XAW;  // X addresses are the beat counter's low bits
  localparam integer NBW     = wid(NB);
  localparam integer LAST_VALID = N - (NB - 1) * 16;
  localparam integer JAW     = $clog2(JBASE);
  generate
    if (W_BEATS_1 < 1 || PW > W_BEATS_1) begin : g_bad_w_word
      herd_param_error_load_a_w_word_is_a_beat_a_lane_at_most_a_weight_a_lane bad ();
    end
    if (B_BEATS != (B_W + 15) / 16 || C_BEATS != (C_W + 15) / 16) begin : g_bad_beats
      herd_param_error_load_a_value_is_ceil_width_over_16_beats bad ();
    end
    if (B_BEATS > 2 || C_BEATS > 2) begin : g_bad_bc
      herd_param_error_load_b_and_c_are_at_most_32_bits bad ();
    end
    if (SKIP != 0 && (JBASE != (1 << JAW) || JAW >= XAW)) begin : g_bad_jbase
      herd_param_error_load_jbase_is_a_power_of_two_below_the_spram bad ();
    end
  endgenerate
  // Constants sized to what they meet (truncated from integers: lint's WIDTH is off here).
  /* verilator lint_off WIDTH */
  localparam [LOADW-1:0] LD_XL     = X_BEATS - 1;                   // the last beat of X
  localparam [LOADW-1:0] LD_W0     = X_BEATS;                       // the first of W (a read-back's start)
  localparam [LOADW-1:0] LD_XWL    = X_BEATS + W_BEATS - 1;         // the last of W
  localparam [LOADW-1:0] LD_XWBL   = X_BEATS + W_BEATS + K * B_BEATS - 1;  // the last of b
  localparam [LOADW-1:0] LD_LAST   = BEATS - 1;
  localparam [LOADW-1:0] LD_LASTM1 = BEATS - 2;
  localparam [1:0] LD_BLAST = B_BEATS - 1;
  localparam [1:0] LD_CLAST = C_BEATS - 1;
  localparam [QW-1:0] PW_LAST = PW - 1;
  localparam [QW-1:0] WQ_LAST = W_BEATS_1 - 1;  // the last lane of a W word
  localparam [IW-1:0] A_KLAST = K - 1;
  localparam [DW-1:0] D_LAST  = D - 1;
  localparam [NBW-1:0] NB_LAST = NB - 1;
  localparam [4:0] LAST_VALID5 = LAST_VALID;
  localparam [15:0] LAST_MASK = (1 << LAST_VALID) - 1;  // the last batch's real vectors
  localparam [POSITIVE_X-1:0] NEG_N_X = -N;             // word skip: -N, sum x's start
  localparam [XAW-1:0] JBASE_A = JBASE;
  /* verilator lint_on WIDTH */

  reg [LOADW-1:0] ld_n;                 // beats taken
  reg [NBW-1:0] ld_b;                   // X: batch of the beat
  reg [DW-1:0] ld_j;                    // X: visible unit of the beat
  reg [XAW-1:0] ld_xa;                  // word skip: the next X word's address
  reg [JAW-1:0] ld_ka;                  // word skip: the next j word's (W SPRAM 0 at JBASE + k)
  reg ld_head, ld_odd;                  // word skip: vector 0's words come; the next beat is a j word
  reg [QW-1:0] ld_q;                    // W: lane (W memory) of the beat
  reg [15:0] ld_acc;                    // b, c: the value's low beat
  reg [1:0] ld_k;                       // b, c: beats of the value so far
  reg [QW-1:0] ld_bs;                   // b: slot of the value (i mod PW)
  // A beat is taken into in_data, then placed the next cycle (in_v): the stream's tvalid
  // reaches a register only. ld_all: the last beat is taken (the one in flight counts).
  reg in_v, ld_all;
  reg [15:0] in_data;
  wire ld_take = s_axis_load_tvalid && s_axis_load_tready;
  wire ld_last_take = in_v ? (ld_n == LD_LASTM1) : (ld_n == LD_LAST);
  // ld_finish is set as the last beat is taken, so that the phase machine's first cycle
  // does not wait for a comparison on ld_n.
  always @(posedge clk) begin
    in_v <= !rst && ld_take;
    ld_finish <= !rst && ld_take && ld_last_take;
    if (ld_take) in_data <= s_axis_load_tdata;
    if (rst) ld_all <= 1'b0;
    else if (ld_take && ld_last_take) ld_all <= 1'b1;
  end
  reg ld_in_x, ld_in_w, ld_in_b, ld_in_c;  // the next beat's part of the stream (one-hot registers)
  assign s_axis_load_tready = !running && !load_done && !ld_all;
  reg lw_first, lw_lastb;               // the X word is of the first batch, of the last
  reg lw_sj;                            // word skip: a beat for sum x at lw_j (vector 0's word: -N; a j word: + 2 lw_pc)
  reg [4:0] lw_pc;                      // word skip: the popcount a j word carries
  reg [DW-1:0] lw_j;
  /* verilator lint_off UNUSEDSIGNAL */  // bits above b's and c's widths are padding
  wire [31:0] ld_val = (ld_k == 2'd0) ? {16'b0, in_data} : {in_data, ld_acc};
  /* verilator lint_on UNUSEDSIGNAL */
  always @(posedge clk) begin
    {lw_x, lw_w, lw_b, lw_c, lw_sj} <= 5'b0;
    if (rst) begin
      ld_n <= {LOADW{1'b0}};
      ld_b <= {NBW{1'b0}};
      ld_j <= {DW{1'b0}};
      ld_w <= {XAW{1'b0}};
      ld_q <= {QW{1'b0}};
      ld_k <= 2'd0;
      ld_i <= {IW{1'b0}};
      ld_bg <= {BGW{1'b0}};
      ld_bs <= {QW{1'b0}};
      ld_xa <= {XAW{1'b0}};
      ld_ka <= {JAW{1'b0}};
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
      // READ walks the W, b and c part of the load again: the same counters, stepped by
      // each read-back beat taken, with the writes off.
      if (cmd_read) begin
        ld_n <= LD_W0;
        ld_w <= {XAW{1'b0}};
        ld_q <= {QW{1'b0}};
        ld_k <= 2'd0;
        ld_i <= {IW{1'b0}};
        ld_bg <= {BGW{1'b0}};
        ld_bs <= {QW{1'b0}};
        {ld_in_x, ld_in_w, ld_in_b, ld_in_c} <= 4'b0100;
      end
      if (in_v || rd_step) begin
        ld_n <= ld_n + 1'b1;
        lw_data <= in_data;
        if (ld_in_x && SKIP != 0 && ld_odd) begin
          // word skip: the j word of the X word before, into W SPRAM 0 at JBASE + k; it
          // adds 2 popcount of the word to sum x at j
          lw_w <= 1'b1;
          lw_sj <= 1'b1;
          lw_first <= 1'b0;
          lw_addr <= JBASE_A | {{(XAW-JAW){1'b0}}, ld_ka};
          lw_q <= {QW{1'b0}};
          lw_j <= in_data[DW-1:0];
          lw_pc <= in_data[JPC +: 5];
          ld_ka <= ld_ka + 1'b1;
          ld_odd <= 1'b0;
        end else if (ld_in_x) begin
          // word skip: vector 0's D words (each starts sum x_j at -N), then busy X words,
          // each followed by its j word
          lw_x <= 1'b1;
          lw_sj <= SKIP != 0 && ld_head;
          lw_pc <= 5'd0;
          lw_addr <= SKIP != 0 ? ld_xa : ld_n[XAW-1:0];
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
          ld_q <= (ld_q == WQ_LAST) ? {QW{1'b0}} : ld_q + 1'b1;
          if (ld_q == WQ_LAST) ld_w <= ld_w + 1'b1;
        end else begin
          // b or c: a value is B_BEATS or C_BEATS beats; written with its last beat.
          ld_acc <= in_data;
          ld_k <= ld_k + 1'b1;
          if (ld_k == (ld_in_b ? LD_BLAST : LD_CLAST)) begin
            ld_k <= 2'd0;
            lw_b <= ld_in_b && !rd_on;
            lw_c <= ld_in_c && !rd_on;
            lw_addr <= ld_in_b ? {{(XAW-BGW){1'b0}}, ld_bg} : {{(XAW-IW){1'b0}}, ld_i};
            lw_q <= ld_bs;
            lw_val <= ld_val[BCW-1:0];
            ld_i <= ld_i + 1'b1;
            if (ld_in_b) begin
              ld_bs <= (ld_bs == PW_LAST) ? {QW{1'b0}} : ld_bs + 1'b1;
              if (ld_bs == PW_LAST) ld_bg <= ld_bg + 1'b1;
            end
            if (ld_in_b && ld_i == A_KLAST) ld_i <= {IW{1'b0}};
          end
        end
        if (ld_n == LD_XL) {ld_in_x, ld_in_w} <= 2'b01;
        if (ld_n == LD_XWL) {ld_in_w, ld_in_b} <= 2'b01;
        if (ld_n == LD_XWBL) {ld_in_b, ld_in_c} <= 2'b01;
      end
    end
  end

  // sum x, in three stages (the load runs at the core's clock too): nibble counts of the
  // masked word, the batch's term (with sum x_j read at j, so that it lands with the term),
  // then sum + term written back (j comes round again only D >= 4 beats later, after the
  // write). Word skip: the popcount the j word carries (a pixel's next word is at least two
  // beats on: the read follows the write).
  wire [15:0] lw_masked = lw_data & (lw_lastb ? LAST_MASK : 16'hffff);
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
  wire [POSITIVE_X-1:0] sx_base = ls_first2 ? (SKIP != 0 ? NEG_N_X : {POSITIVE_X{1'b0}}) : pos_ext(sx_rd);
  wire [POSITIVE_X-1:0] sx_exact = sx_base + {{(POSITIVE_X-7){ls_term[6]}}, ls_term};
  wire [POSITIVE_W-1:0] sx_new;
  /* verilator lint_off PINCONNECTEMPTY */
  herd_cast #(.XW(POSITIVE_X), .W(POSITIVE_W), .SAT(POSITIVE_SAT)) sx_cast (.v(sx_exact), .q(sx_new), .fits(), .top());
  /* verilator lint_on PINCONNECTEMPTY */
  function [POSITIVE_X-1:0] pos_ext;  // sum x, sign-extended (POSITIVE_X > POSITIVE_W)
    input [POSITIVE_W-1:0] v;
    pos_ext = {{(POSITIVE_X-POSITIVE_W){v[POSITIVE_W-1]}}, v};
  endfunction
  herd_ram #(.W(POSITIVE_W), .DEPTH(D)) sx_mem (.clk(clk), .we(ls_v2), .wa(ls_j2), .wd(sx_new),
    .re(1'b1), .ra(running ? sx_ra : ls_j1), .rd(sx_rd));

  // The read-back: the memories in the load stream's order and format, one beat at a time:
  // the address from the load's counters (lr_*), two cycles of read, the beat offered until
  // taken, which steps the counters as a load beat does (rd_step, the cycle after).
  reg [3:0] rd_pipe;              // the beat's address (bit 0), reads (1, 2), data (3)
  reg [31:0] rd_bval, rd_cval;
  reg [15:0] rd_beat;
  always @* begin
    rd_bval = 32'd0;
    rd_bval[B_W-1:0] = b_rd[ld_bs*B_W +: B_W];
    rd_cval = 32'd0;
    rd_cval[C_W-1:0] = c_rd;
    if (ld_in_w) rd_beat = w_rd[ld_q*16 +: 16];
    else if (ld_in_b) rd_beat = ld_k[0] ? rd_bval[31:16] : rd_bval[15:0];
    else rd_beat = ld_k[0] ? rd_cval[31:16] : rd_cval[15:0];
  end
  // The stream's tready reaches a register only: the load counters step the cycle after a
  // beat is taken (rd_step), not in the same one.
  wire rd_take = m_axis_read_tvalid && m_axis_read_tready;
  reg rd_step;                    // the read-back stream took a beat: the counters step
  always @(posedge clk) rd_step <= !rst && rd_take && !m_axis_read_tlast;
  always @(posedge clk) begin
    {lr_w, lr_b, lr_c} <= 3'b0;
    if (rst) begin
      rd_on <= 1'b0;
      rd_pipe <= 4'b0;
      m_axis_read_tvalid <= 1'b0;
      m_axis_read_tlast <= 1'b0;
    end else if (cmd_read) begin
      rd_on <= 1'b1;
      rd_pipe <= 4'b0001;
    end else if (rd_on) begin
      rd_pipe <= {rd_pipe[2:0], 1'b0};
      if (rd_pipe[0]) {lr_w, lr_b, lr_c} <= {ld_in_w, ld_in_b, ld_in_c};
      if (rd_pipe[3]) begin
        m_axis_read_tdata <= rd_beat;
        m_axis_read_tvalid <= 1'b1;
        m_axis_read_tlast <= ld_n == LD_LAST;
      end
      if (rd_take) begin
        m_axis_read_tvalid <= 1'b0;
        m_axis_read_tlast <= 1'b0;
        if (m_axis_read_tlast) rd_on <= 1'b0;
      end
      if (rd_step) rd_pipe <= 4'b0001;  // the counters step: the next beat's address
    end
  end
`ifdef FORMAL
  // The read-back: one beat at a time; its address and reads (rd_pipe, one-hot) run only
  // while no beat is offered, and READ starts only while no read-back runs.
  reg f_past;
  initial f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;
  always @* if (!rst && f_past) begin
    assert((rd_pipe & (rd_pipe - 4'd1)) == 4'd0);
    if (m_axis_read_tvalid) assert(rd_on && rd_pipe == 4'd0);
    if (cmd_read) assert(!rd_on && !m_axis_read_tvalid);
    if (rd_step) assert(rd_on && !m_axis_read_tvalid && rd_pipe == 4'd0);
  end
  // A beat offered and not taken stays, unchanged (AXI4-Stream).
  always @(posedge clk) if (f_past && !$past(rst) && !rst && $past(m_axis_read_tvalid && !m_axis_read_tready)) begin
    assert(m_axis_read_tvalid);
    assert(m_axis_read_tdata == $past(m_axis_read_tdata));
    assert(m_axis_read_tlast == $past(m_axis_read_tlast));
  end
`endif
endmodule

`default_nettype wire
