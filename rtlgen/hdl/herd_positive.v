// herd_positive: the positive statistics P = sum_n z_n x_n^T of the tile's rows
// (datapath.TileMachine.accumulateP, positive), counted while the next batch accumulates:
// batch b-1's during PASS b (issued at cycle j for pixel j), the last batch's in WRITEBACK
// (issued at cycle 1 + j GT, j held for the write-back's stage 4). A batch's term at j is
// valid - 2 popcount((z XOR x) & mask) for a row's z bits and the batch's X word, added into
// P (a block RAM, word j: the T rows) through the positive register.
//
// One pipeline: issue (the previous batch's X word and P read) -> stage 1 (xor, nibble
// counts) -> stage 2 (the term; P lands) -> stage 3 (P + term, cast; written back, or for
// the write-back handed on as pnew with pp_v3 && pp_wb3).
//
// Word skip: the statistics are Q = sum of z over the vectors with x = +1, the term
// 2 popcount(z & x) - popcount(x) (datapath/tile_skip.go); batch b-1's busy word k is
// issued at cycle k < L_(b-1) of pass b and brings its j from the previous-batch memory;
// PREFETCH issues P's words j < D with no X bit and P read as 0, which writes them 0;
// WRITEBACK reads the last batch's word at pixel j (zero where it is not busy) with Q. Sum z
// (for P = 2 Q - sum z) is one more issue after each batch, every x = +1.
//
// Hidden-bias growth without word skip counts sum z of the captured batch here too (zsum).

`default_nettype none

module herd_positive #(
  parameter integer D            = 64,
  parameter integer N            = 128,
  parameter integer T            = 2,
  parameter integer GT           = 1,
  parameter integer NB           = 8,
  parameter integer SKIP         = 0,
  parameter integer GROW         = 0,
  parameter integer POSITIVE_W   = 9,
  parameter integer POSITIVE_X   = 10,
  parameter integer POSITIVE_SAT = 0,
  parameter integer CYW          = 13,
  // copies of the previous batch's X words, each read by its own run of rows: the word
  // fans out to every row's popcount, and from one block RAM to T = 56 rows that net set the
  // ECP5-85F's routed critical path (rtlgen.xbCopies: one a 16 rows)
  parameter integer XB_COPIES    = 1,
  // derived (leave them)
  parameter integer DW  = (D > 1) ? $clog2(D) : 1,
  parameter integer DCW = $clog2(D + 1),
  parameter integer NBW = ($clog2(NB + 1) > 0) ? $clog2(NB + 1) : 1,
  parameter integer AGW = ($clog2(GT + 1) > 0) ? $clog2(GT + 1) : 1
) (
  input  wire                  clk,
  input  wire                  rst,
  input  wire [CYW-1:0]        cyc,
  input  wire [CYW-1:0]        cyc_n,
  input  wire [NBW-1:0]        batch,        // the core's batch
  input  wire [NBW-1:0]        batch_a,      // the next cycle's
  input  wire                  in_pass, in_e_pass, in_writeback,
  input  wire                  nx_pass, nx_prefetch, nx_writeback,
  input  wire                  nw_pass_d,    // the next cycle is PASS or E_PASS, cycle < D
  input  wire                  nw_wb_1,      // the next cycle is WRITEBACK's cycle 1
  input  wire                  la_st,        // word skip: the look-ahead cycle issues the previous batch's statistics
  input  wire                  la_zs,        // and its sum z
  input  wire [T*16-1:0]       arr_z,        // the captured batch's z bits (herd_pass)
  input  wire [15:0]           x_rd,         // the X word read a cycle ago
  input  wire                  xr3,          // word skip: a busy X word is added this cycle (herd_pass)
  input  wire [DW-1:0]         tile_ra,      // word skip: its j, the tile buffer's address
  input  wire [4:0]            j_pop,        // word skip: the j word's popcount (W SPRAM 0's read data)
  input  wire [T-1:0]          rv,           // the tile's rows that hold a hidden unit
  output wire [DW-1:0]         wb_j,         // WRITEBACK: j of this cycle's group run
  output reg  [DW-1:0]         pp_j2,        // WRITEBACK: j of the issue two cycles ago
  output reg  [DW-1:0]         pp_j3,        // and three
  output reg                   pp_v3,        // stage 3 holds a term
  output reg                   pp_wb3,       // of the write-back: pnew is P of j for the update
  output wire [T*POSITIVE_W-1:0] pnew,       // stage 3's P (WRITEBACK: P of j for the update)
  output reg  [T*POSITIVE_W-1:0] zsum,       // sum z of the tile's rows over the batches captured
  output wire [1:0]            overflow      // {a statistic, sum z} overflowed
);
  localparam integer PTOP = POSITIVE_X - POSITIVE_W + 1;
  localparam integer LAST_VALID = N - (NB - 1) * 16;
  localparam integer XBW = 16 + ((SKIP != 0) ? DW + 5 : 0);  // the previous batch's X words (word skip: {popcount, j, X word})
  /* verilator lint_off WIDTH */
  localparam [CYW-1:0] CY_D        = D;
  localparam [AGW-1:0] GT_LAST     = GT - 1;
  localparam [DCW-1:0] D_END       = D;
  localparam [NBW-1:0] ONE_B       = 1;
  localparam [4:0]     LAST_VALID5 = LAST_VALID;
  localparam [5:0]     LAST_VALID6 = LAST_VALID;
  localparam [15:0]    LAST_MASK   = (1 << LAST_VALID) - 1;  // the last batch's real vectors
  /* verilator lint_on WIDTH */
  function [POSITIVE_X-1:0] px_p;  // a positive statistic, for its sum
    input [POSITIVE_W-1:0] v;
    px_p = {{(POSITIVE_X-POSITIVE_W){v[POSITIVE_W-1]}}, v};
  endfunction
  function [POSITIVE_X-1:0] px_7;  // a batch's term (-16 .. 16), for a positive sum
    input [6:0] v;
    px_7 = {{(POSITIVE_X-7){v[6]}}, v};
  endfunction

  // The issue windows, registered from the next cycle's state.
  wire cyc_n_below_d;
  herd_lt #(.W(CYW)) lt_d (.a(cyc_n), .b(CY_D), .lt(cyc_n_below_d));
  reg w_ppp, w_ppc, w_ppz, w_ppw;
  always @(posedge clk) begin
    // PASS, b > 0, cyc < D (word skip: cyc < L_(b-1)): batch b-1's statistics
    w_ppp <= !rst && (SKIP != 0 ? la_st : nx_pass && batch_a != {NBW{1'b0}} && cyc_n_below_d);
    w_ppc <= !rst && SKIP != 0 && nx_prefetch && cyc_n_below_d;         // word skip: PREFETCH, cyc < D: P's words zeroed
    w_ppz <= !rst && SKIP != 0 && (la_zs || (nx_writeback && cyc_n == 0));  // word skip: sum z of the batch captured
    w_ppw <= !rst && nx_writeback && cyc_n != {CYW{1'b0}};                // WRITEBACK, cyc >= 1: the last batch's
  end

  reg [DCW-1:0] wj;                 // WRITEBACK: j of this cycle's group run (stops at D)
  reg [AGW-1:0] wq;                 // WRITEBACK: cycle within j (0 .. GT - 1)
  assign wb_j = wj[DW-1:0];
  always @(posedge clk) begin
    if (nw_wb_1) begin
      wj <= {DCW{1'b0}};
      wq <= {AGW{1'b0}};
    end else if (in_writeback) begin
      wq <= (wq == GT_LAST) ? {AGW{1'b0}} : wq + 1'b1;
      if (wq == GT_LAST && wj != D_END) wj <= wj + 1'b1;  // stops at D: the run is over
    end
  end
  wire wj_below_d;
  herd_lt #(.W(DCW)) lt_wj (.a(wj), .b(D_END), .lt(wj_below_d));
  wire pp_issue_pass = w_ppp;
  wire pp_issue_wb = w_ppw && wq == {AGW{1'b0}} && wj_below_d;
  wire pp_issue_clr = SKIP != 0 && w_ppc;
  wire pp_issue_zs = w_ppz;
  reg pp_v1, pp_v2, pp_wb1, pp_wb2, pp_f1, pp_f2, pp_f3;
  /* verilator lint_off UNUSEDSIGNAL */  // without word skip pp_jq does not read pp_k1
  reg pp_k1;                        // word skip: a pass's issue (j from the previous batch's word)
  /* verilator lint_on UNUSEDSIGNAL */
  reg pp_c1;                        // word skip: PREFETCH's zeroing of P
  reg pp_z1, pp_z2, pp_z3, pp_zl1;  // word skip: sum z of the captured batch (of the last: its mask)
  reg [DW-1:0] pp_j1;
  localparam integer XB_ROWS = (T + XB_COPIES - 1) / XB_COPIES;  // rows a copy feeds
  wire [XBW-1:0] xb_rd;             // the previous batch's X word (word skip: its j and popcount above it)
  wire [XB_COPIES*16-1:0] xb_xs;    // the X word from each copy (copy 0: xb_rd's)
  wire [DW-1:0] pp_jq;              // j of the issue a cycle ago (word skip: a pass's from the X word's j)
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
  // its word j at j. Read: PASS reads j at cycle j (word skip: word k at k), WRITEBACK j from
  // cycle 1 + j GT.
  wire cyc_below_d;
  herd_lt #(.W(CYW)) lt_cyc_d (.a(cyc), .b(CY_D), .lt(cyc_below_d));
  reg xw_v;
  reg [DW-1:0] xw_j;
  /* verilator lint_off UNUSEDSIGNAL */  // word skip's: without it the word's j and popcount are not kept
  reg [DW-1:0] xk1, xk2, xk3, xj3;
  reg [4:0] xpc2, xpc3;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [DW-1:0] xb_ra;
  always @(posedge clk) begin
    xw_v <= (in_pass || in_e_pass) && cyc_below_d;
    xw_j <= cyc[DW-1:0];
    {xk1, xk2, xk3, xj3} <= {cyc[DW-1:0], xk1, xk2, tile_ra};
    {xpc2, xpc3} <= {j_pop, xpc2};
    if (nw_pass_d) begin
      xb_ra <= cyc_n[DW-1:0];
    end else if (nw_wb_1) begin
      xb_ra <= {DW{1'b0}};
    end else if (in_writeback && wq == GT_LAST) begin
      xb_ra <= wj[DW-1:0] + 1'b1;
    end
  end
  wire xb_we = (SKIP != 0) ? xr3 : xw_v;
  wire [DW-1:0] xb_wa = (SKIP != 0) ? xk3 : xw_j;
  wire [XBW-1:0] xb_wd;
  generate
    if (SKIP != 0) begin : g_xb_skip
      assign pp_jq = pp_k1 ? xb_rd[DW+15:16] : pp_j1;
      assign xb_wd = {xpc3, xj3, x_rd};
    end else begin : g_xb
      assign pp_jq = pp_j1;
      assign xb_wd = x_rd;
    end
  endgenerate
  genvar gc;
  generate
    if (XB_COPIES < 1 || XB_COPIES > T) begin : g_bad_copies
      herd_param_error_xb_copies bad ();
    end
    herd_ram #(.W(XBW), .DEPTH(D)) xb_mem (.clk(clk), .we(xb_we), .wa(xb_wa), .wd(xb_wd),
      .re(1'b1), .ra(xb_ra), .rd(xb_rd));
    assign xb_xs[15:0] = xb_rd[15:0];
    for (gc = 1; gc < XB_COPIES; gc = gc + 1) begin : g_xb_copy  // the X word alone
      herd_ram #(.W(16), .DEPTH(D)) xb_mem (.clk(clk), .we(xb_we), .wa(xb_wa), .wd(xb_wd[15:0]),
        .re(1'b1), .ra(xb_ra), .rd(xb_xs[gc*16 +: 16]));
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
  reg [15:0] xb_x;                  // the row's copy of the X word
  integer pr, pn;
  reg [15:0] pxz;
  reg [T*12-1:0] pc1_n;
  reg [T*7-1:0] pterm_n;
  always @* begin
    for (pr = 0; pr < T; pr = pr + 1) begin
      xb_x = xb_xs[(pr / XB_ROWS) * 16 +: 16];
      pxm = (xb_x | {16{pp_z1}}) & pp_mask;  // sum z: the term with every x = +1 (2 popcount z - valid)
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
  wire [T*POSITIVE_W-1:0] p_rd;
  wire [T*PTOP-1:0] ptop_n;
  reg [T*PTOP-1:0] ptop;
  reg [T-1:0] pchk;
  genvar gr;
  generate
    for (gr = 0; gr < T; gr = gr + 1) begin : g_row
      wire [POSITIVE_X-1:0] base = pp_f3 ? {POSITIVE_X{1'b0}} : pp_z3 ? px_p(zsum[gr*POSITIVE_W +: POSITIVE_W])
                                 : px_p(p_rd[gr*POSITIVE_W +: POSITIVE_W]);
      /* verilator lint_off PINCONNECTEMPTY */
      herd_cast #(.XW(POSITIVE_X), .W(POSITIVE_W), .SAT(POSITIVE_SAT)) cast (
        .v(base + px_7(pterm[gr*7 +: 7])), .q(pnew[gr*POSITIVE_W +: POSITIVE_W]), .fits(), .top(ptop_n[gr*PTOP +: PTOP]));
      /* verilator lint_on PINCONNECTEMPTY */
    end
  endgenerate
  reg [DW-1:0] p_ra;
  always @(posedge clk) p_ra <= pp_jq;
  herd_ram #(.W(T*POSITIVE_W), .DEPTH(D)) p_mem (.clk(clk), .we(pp_v3 && !pp_wb3 && !pp_z3), .wa(pp_j3),
    .wd(pnew), .re(1'b1), .ra(p_ra), .rd(p_rd));
  reg [T-1:0] pmisfit;
  integer mr;
  always @* for (mr = 0; mr < T; mr = mr + 1)
    pmisfit[mr] = (|ptop[mr*PTOP +: PTOP]) && !(&ptop[mr*PTOP +: PTOP]);
  always @(posedge clk) begin
    ptop <= ptop_n;
    pchk <= {T{pp_v3}} & rv;
  end
  wire ovf_positive = |(pchk & pmisfit);

  // Hidden-bias growth (and word skip's P = 2 Q - Zsum): sum z of the captured batch, one
  // cycle after the capture. Word skip counts it in the statistics' pipeline instead (pp_z),
  // with every x = +1, after the batch's busy words: no popcount of its own.
  reg zs_v, zs_first, zs_last;
  always @(posedge clk) begin
    zs_v <= GROW != 0 && SKIP == 0 && ((in_pass && cyc == 0 && batch != {NBW{1'b0}}) || (in_writeback && cyc == 0));
    zs_first <= in_writeback ? (NB == 1) : (batch == ONE_B);
    zs_last <= in_writeback;
  end
  wire [T*POSITIVE_W-1:0] zsum_n;
  wire [T-1:0] zsum_fits;
  generate
    for (gr = 0; gr < T; gr = gr + 1) begin : g_zsum
      reg [4:0] ones;
      integer zn;
      always @* begin
        ones = 5'd0;
        for (zn = 0; zn < 16; zn = zn + 1)
          ones = ones + {4'b0, arr_z[gr*16+zn] & (zs_last ? (zn < LAST_VALID) : 1'b1)};
      end
      wire [POSITIVE_X-1:0] exact = (zs_first ? {POSITIVE_X{1'b0}} : px_p(zsum[gr*POSITIVE_W +: POSITIVE_W]))
                                  + px_7({1'b0, ones, 1'b0} - {1'b0, zs_last ? LAST_VALID6 : 6'd16});
      /* verilator lint_off PINCONNECTEMPTY */
      herd_cast #(.XW(POSITIVE_X), .W(POSITIVE_W), .SAT(POSITIVE_SAT)) cast (
        .v(exact), .q(zsum_n[gr*POSITIVE_W +: POSITIVE_W]), .fits(zsum_fits[gr]), .top());
      /* verilator lint_on PINCONNECTEMPTY */
    end
  endgenerate
  always @(posedge clk) begin
    if (zs_v) zsum <= zsum_n;
    else if (pp_v3 && pp_z3) zsum <= pnew;
  end
  wire ovf_zsum = zs_v && |(~zsum_fits & rv);
  assign overflow = {ovf_positive, ovf_zsum};
endmodule

`default_nettype wire
