// herd_addr: the address generators of the core's shared memories (docs/hardware.md, "Memory
// map"): the X and W SPRAMs' addresses and write ports, and the read addresses of the tile
// buffer, b, c and sum x (registered: a block RAM shows the word a cycle after its address).
// Every address is set from the next cycle's state (the phase machine's windows nw_*, its
// look-ahead cycle cyc_n), so that no address path starts in the phase logic.
//
//   X SPRAM   word b D + j of batch b, pixel j (word skip: vector 0's D words, then the busy
//             words in order from X_BUSY)
//   W SPRAMs  word g D + j of group g, pixel j (word skip: j words from JBASE in SPRAM 0)
//   b         word g: the PW values of group g
//   c, sum x  word j
//   tile      word j: the T rows of the tile

`default_nettype none

module herd_addr #(
  parameter integer D       = 64,
  parameter integer GT      = 1,     // groups a tile
  parameter integer BG      = 8,     // b memory words
  parameter integer SKIP    = 0,     // the word-skip datapath
  parameter integer WL      = 3,     // W memories (16-bit lanes) a W word spans
  parameter integer XAW     = 14,    // SPRAM address width
  parameter integer JBASE   = 8192,  // word skip: W SPRAM 0's first j word
  parameter integer X_BUSY  = 64,    // word skip: the first busy X word
  // the walks' address steps (datapath.AddrSteps)
  parameter integer STEP_BATCH  = D,               // X: from a batch's first word to the next batch's
  parameter integer STEP_GROUP  = D,               // W: from group g's word j to group g + 1's
  parameter integer STEP_TILE   = GT * D,          // W: from a tile's first word to the next tile's
  parameter integer STEP_NEXTJ  = 1 - (GT - 1) * D,  // W: from group GT - 1 of j to group 0 of j + 1
  parameter integer STEP_TGROUP = GT,              // b: from a tile's first group to the next tile's
  // derived (leave them)
  parameter integer DW  = (D > 1) ? $clog2(D) : 1,
  parameter integer BGW = (BG > 1) ? $clog2(BG) : 1,
  parameter integer AGW = $clog2(GT + 1) > 0 ? $clog2(GT + 1) : 1,
  parameter integer QW  = (WL > 1) ? $clog2(WL) : 1  // a lane's (or a b slot's) index
) (
  input  wire           clk,
  input  wire           rst,
  input  wire           running,
  // the load's and the read-back's words (herd_load)
  input  wire           lw_x,
  input  wire           lw_w,
  input  wire [QW-1:0]  lw_q,
  input  wire [XAW-1:0] lw_addr,
  input  wire [15:0]    lw_data,
  input  wire           lr_w,
  input  wire           lr_b,
  input  wire           lr_c,
  input  wire [XAW-1:0] ld_w,
  input  wire [BGW-1:0] ld_bg,
  input  wire [DW-1:0]  ld_i,
  // the phase machine: the next cycle's state
  input  wire [DW-1:0]  cyc_nj,          // the next cycle's cycle, low bits (j)
  input  wire           clr_batch, step_batch, clr_tile, step_tile,
  input  wire           in_pass, in_writeback,
  input  wire           nw_pass_d, nw_pass_0, nw_gather_d, nw_gather_0,
  input  wire           nw_arow0, nw_arun, nw_jbase, nw_epf_0, nw_epf_gtd, nw_cu_d,
  input  wire           nw_sw_0, nw_sw_gd,
  // the datapath's own addresses
  input  wire           in_xrd,          // word skip: a busy word's j is read (herd_pass)
  input  wire           xr2,             // and its X word, two cycles later
  input  wire [XAW-1:0] best_base,       // the search's start vector's first X word (herd_energy)
  input  wire           wb_write,        // WRITEBACK writes wb_word next cycle (herd_writeback)
  input  wire [16*WL-1:0] wb_word,
  input  wire [DW-1:0]  wb_j2, wb_j3,    // WRITEBACK: j of the issue two and three cycles ago (herd_positive)
  input  wire [DW-1:0]  rp_j0,           // the replay's next j (herd_search)
  input  wire [DW-1:0]  skip_j,          // word skip: the j word's j (W SPRAM 0's read data)
  // the addresses
  output reg  [XAW-1:0] xa,
  output reg  [15:0]    x_wdata,
  output reg            x_we,
  output reg  [XAW-1:0] wa,
  output reg  [16*WL-1:0] w_wdata,
  output reg  [WL-1:0]  w_we,
  output reg  [DW-1:0]  aj,              // PREFETCH, WRITEBACK: j of the next cycle's word
  output reg  [AGW-1:0] ag,              // and its group in the tile, gi (fastest)
  output reg            ag_last,         // ag == GT - 1, a register
  output reg  [DW-1:0]  tile_ra,
  output reg  [BGW-1:0] b_ra,
  output reg  [DW-1:0]  c_ra,
  output reg  [DW-1:0]  sx_ra,
  output reg  [DW-1:0]  sj,              // SWEEP: j of the next word read
  output reg  [XAW-1:0] sg,              // and its group
  output reg            sj_last          // sj == D - 1, a register
);
  // Address steps, sized to the addresses (lint's WIDTH is off for the truncation).
  /* verilator lint_off WIDTH */
  localparam [XAW-1:0] A_BATCH = STEP_BATCH;
  localparam [XAW-1:0] A_GROUP = STEP_GROUP;
  localparam [XAW-1:0] A_TILE  = STEP_TILE;
  localparam [BGW-1:0] A_GT    = STEP_TGROUP;
  localparam [XAW-1:0] A_NEXTJ = STEP_NEXTJ;        // mod 2^XAW
  localparam [XAW-1:0] A_JBASE = JBASE;
  localparam [XAW-1:0] A_XBUSY = X_BUSY;
  localparam [AGW-1:0] GT_LAST = GT - 1;
  localparam [DW-1:0] D_LAST1  = D - 2;
  /* verilator lint_on WIDTH */

  reg [XAW-1:0] xbase, tbase;      // batch b's first X word (b D); tile k's first W word (k GT D)
  reg [XAW-1:0] xbase1, tbase1;    // the next batch's and tile's (registers: no adder before the address muxes)
  reg [BGW-1:0] bgbase;            // tile k's first group (k GT)
  wire [XAW-1:0] xbase_n = clr_batch ? {XAW{1'b0}} : step_batch ? xbase1 : xbase;
  wire [XAW-1:0] tbase_n = clr_tile ? {XAW{1'b0}} : step_tile ? tbase1 : tbase;
  wire [BGW-1:0] bgbase_n = clr_tile ? {BGW{1'b0}} : step_tile ? bgbase + A_GT : bgbase;
  // wa is a load (a load or read-back beat's word, a prefetch or write-back run's first
  // word, the sweep's first) or wa plus its step, the step chosen from registers before the
  // adder: one carry chain, then a choice of two.
  // Word skip: PREFETCH's cycle (T/PW) D sets wa to the tile's first j word (JBASE) and xa
  // to its first busy X word (X_BUSY); each cycle that reads a busy word's j (in_xrd) steps
  // wa, and each that reads its X word, two cycles later (xr2), steps xa, so that a whole
  // tile's passes read the busy words and their j in order.
  wire wa_load = lw_w || lr_w || nw_arow0 || (nw_sw_gd && nw_sw_0) || (SKIP != 0 && nw_jbase);
  wire [XAW-1:0] wa_src = lw_w ? lw_addr : lr_w ? ld_w : nw_arow0 ? tbase_n : (SKIP != 0 && nw_jbase) ? A_JBASE : {XAW{1'b0}};
  wire [XAW-1:0] wa_inc = !nw_arun ? {{(XAW-1){1'b0}}, 1'b1} : ag_last ? A_NEXTJ : A_GROUP;
  integer wl;  // a W lane (the load writes one)
  always @(posedge clk) begin
    if (rst) begin
      xbase <= {XAW{1'b0}};
      tbase <= {XAW{1'b0}};
      xbase1 <= A_BATCH;
      tbase1 <= A_TILE;
    end else if (running) begin
      xbase <= xbase_n;
      tbase <= tbase_n;
      xbase1 <= xbase_n + A_BATCH;
      tbase1 <= tbase_n + A_TILE;
    end
    if (rst || clr_tile) bgbase <= {BGW{1'b0}};
    else if (step_tile) bgbase <= bgbase + A_GT;
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
    // reads in address order. WRITEBACK writes word (g, j) at cycle WB_FIRST + j GT + gi.
    w_we <= {WL{1'b0}};
    if (wa_load) wa <= wa_src;
    else if (nw_arun || nw_sw_gd || (SKIP != 0 && in_xrd)) wa <= wa + wa_inc;  // one adder on wa itself
    if (lw_w) begin
      w_wdata <= {WL{lw_data}};
      for (wl = 0; wl < WL; wl = wl + 1) w_we[wl] <= lw_q == wl[QW-1:0];  // lane lw_q
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
      w_we <= {WL{1'b1}};
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */  // b's words are fewer than the groups' addresses
  wire [XAW-1:0] sg_next = sg + 1'b1;
  /* verilator lint_on UNUSEDSIGNAL */
  // Block RAM read addresses for the next cycle.
  always @(posedge clk) begin
    // The tile buffer: PASS reads j at cycle j (word skip: the j that lands with a busy
    // word, a cycle after its read); WRITEBACK reads the word again for its stage 4
    // (W + P - N z* x*), j of the issue two cycles ago (word skip: three, for stage 4b), so
    // that the word shows four cycles after the issue.
    if (SKIP != 0 && in_pass) tile_ra <= skip_j;
    else if (SKIP == 0 && nw_pass_d) tile_ra <= cyc_nj;
    if (in_writeback) tile_ra <= SKIP != 0 ? wb_j3 : wb_j2;
    // b: PREFETCH and WRITEBACK (growth) read group g with its W word; the read-back its
    // word; SWEEP group g at g D.
    if (nw_arow0)
      b_ra <= bgbase_n;
    else if (nw_arun)
      b_ra <= ag_last ? bgbase : b_ra + 1'b1;
    else if (lr_b)
      b_ra <= ld_bg;
    else if (nw_sw_0) begin
      b_ra <= {BGW{1'b0}};
      sj <= {DW{1'b0}};
      sj_last <= 1'b0;
      sg <= {XAW{1'b0}};
    end else if (nw_sw_gd) begin
      // sj_last is a register: the group's step reaches sg's and b_ra's enables from one
      // flip-flop, not from a comparison
      sj <= sj_last ? {DW{1'b0}} : sj + 1'b1;
      sj_last <= sj == D_LAST1;
      if (sj_last) begin
        sg <= sg_next;
        b_ra <= sg_next[BGW-1:0];
      end
    end
    // c: E_PREFETCH (the c row) with its W word; the replay (vis base); C_UPDATE at cycle j;
    // the read-back.
    if (nw_epf_0) c_ra <= {DW{1'b0}};
    else if (nw_epf_gtd) c_ra <= ag_last ? aj + 1'b1 : aj;
    else if (nw_cu_d) c_ra <= cyc_nj;
    else if (lr_c) c_ra <= ld_i;
    else c_ra <= rp_j0;
    if (nw_cu_d) sx_ra <= cyc_nj;
  end
endmodule

`default_nettype wire
