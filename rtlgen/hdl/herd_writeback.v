// herd_writeback: WRITEBACK (datapath.TWriteback, TileMachine.writeback): the tile's new
// weights W + P - N z*_r x*_j, through the update register and W's, written back in place
// one W word (group) a cycle, and with hidden-bias growth b + sum z - N z*_r at j = 0.
//
// P of pixel j arrives from herd_positive as stage 3 of its pipeline (pp_v3 && pp_wb3), with
// the tile word (re-read for it, tile_rd) and x*_j (xs_rd) alongside; they are held for the
// GT cycles of j's groups. Stage 4 (issue + 4 .. issue + 3 + GT) chooses the group's rows of
// the held inputs and forms P - N z*_r x*_j; stage 5 adds W and casts into the SPRAM's write
// data. Word (g, j) of group gi is written at cycle WB_FIRST + j GT + gi (WB_FIRST = 7): its
// data and write enable are registered the cycle before. Word skip: stage 4 forms
// 2 Q - sum z and stage 4b (datapath.LatSkipWriteback) the N term: W's write is a cycle later.

`default_nettype none

module herd_writeback #(
  parameter integer N            = 128,
  parameter integer D            = 64,
  parameter integer T            = 2,
  parameter integer WL            = 3,     // W memories (16-bit lanes) a W word spans
  parameter integer PW           = 2,
  parameter integer SW           = 24,
  parameter integer GT           = 1,
  parameter integer BG           = 8,
  parameter integer SKIP         = 0,
  parameter integer GROW         = 0,
  parameter integer W_W          = 17,
  parameter integer W_X          = 20,
  parameter integer W_SAT        = 0,
  parameter integer B_W          = 2,
  parameter integer B_X          = 20,
  parameter integer B_SAT        = 0,
  parameter integer POSITIVE_W   = 9,
  parameter integer POSITIVE_X   = 10,
  parameter integer UPDATE_W     = 19,
  parameter integer UPDATE_X     = 21,
  parameter integer UPDATE_SAT   = 0,
  parameter integer WB_FIRST     = 7,    // WRITEBACK's cycle of its first W write (datapath)
  parameter integer CYW          = 13,
  // derived (leave them)
  parameter integer AGW = ($clog2(GT + 1) > 0) ? $clog2(GT + 1) : 1,
  parameter integer BGW = (BG > 1) ? $clog2(BG) : 1
) (
  input  wire                     clk,
  input  wire                     rst,
  input  wire [CYW-1:0]           cyc,
  input  wire [CYW-1:0]           cyc_n,
  input  wire                     in_writeback,
  input  wire                     nx_writeback,
  input  wire                     pp_v3,      // herd_positive's stage 3: P of j
  input  wire                     pp_wb3,
  input  wire [T*POSITIVE_W-1:0]  pnew,
  input  wire [T*POSITIVE_W-1:0]  zsum,       // sum z of the tile's rows
  input  wire                     xs_rd,      // x*_j, a cycle after its read (herd_search)
  input  wire [T-1:0]             ztile,      // z* of the tile's rows (herd_search)
  input  wire [T-1:0]             rv,         // the tile's rows that hold a hidden unit
  input  wire [T*W_W-1:0]         tile_rd,    // the tile word
  input  wire [AGW-1:0]           ag,         // growth: the group of b read at b_ra
  input  wire [BGW-1:0]           b_ra,
  input  wire [PW*B_W-1:0]        b_rd,
  output wire                     wb_write,   // a W word is written next cycle: wb_word
  output reg  [16*WL-1:0]         wb_word,
  output reg                      gb_we,      // growth: b word gb_wa := gb_wd
  output reg  [BGW-1:0]           gb_wa,
  output reg  [PW*B_W-1:0]        gb_wd,
  output wire                     overflow
);
  localparam integer STAGE4B = (SKIP != 0) ? 1 : 0;  // datapath.LatSkipWriteback
  generate
    if (WB_FIRST != 7 + STAGE4B) begin : g_bad_latency
      herd_param_error_writeback_first_write_is_7_plus_word_skips_stage bad ();
    end
  endgenerate
  /* verilator lint_off WIDTH */
  localparam [UPDATE_X-1:0] N_U     = N;              // N, for the updates
  localparam [AGW-1:0]      GT_LAST = GT - 1;
  localparam [CYW-1:0] CY_WB     = WB_FIRST;          // the first W write
  localparam [CYW-1:0] CY_WB1    = WB_FIRST - 1;
  localparam [CYW-1:0] CY_WB1END = WB_FIRST - 1 + GT * D;
  localparam [CYW-1:0] CY_WBGT   = WB_FIRST + GT;     // the growth writes
  /* verilator lint_on WIDTH */
  function [UPDATE_X-1:0] ux_w;  // a weight, for an update
    input [W_W-1:0] v;
    ux_w = {{(UPDATE_X-W_W){v[W_W-1]}}, v};
  endfunction
  function [UPDATE_X-1:0] ux_p;  // a positive statistic, for an update
    input [POSITIVE_W-1:0] v;
    ux_p = {{(UPDATE_X-POSITIVE_W){v[POSITIVE_W-1]}}, v};
  endfunction
  function [UPDATE_X-1:0] ux_b;  // b, for an update
    input [B_W-1:0] v;
    ux_b = {{(UPDATE_X-B_W){v[B_W-1]}}, v};
  endfunction
  function [UPDATE_X-1:0] ux_q;  // word skip's 2 Q - sum z, for an update
    input [POSITIVE_X:0] v;
    /* verilator lint_off UNUSEDSIGNAL */  // the extension's bits above UPDATE_X
    reg [UPDATE_X+POSITIVE_X:0] x;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      x = {{UPDATE_X{v[POSITIVE_X]}}, v};
      ux_q = x[UPDATE_X-1:0];
    end
  endfunction
  function [POSITIVE_X-1:0] px_p;  // a positive statistic, at its sums' width
    input [POSITIVE_W-1:0] v;
    px_p = {{(POSITIVE_X-POSITIVE_W){v[POSITIVE_W-1]}}, v};
  endfunction
  function [W_X-1:0] wx_u;  // an update, for W's cast
    input [UPDATE_W-1:0] v;
    wx_u = {{(W_X-UPDATE_W){v[UPDATE_W-1]}}, v};
  endfunction
  function [B_X-1:0] bx_u;  // an update, for b's cast
    input [UPDATE_W-1:0] v;
    bx_u = {{(B_X-UPDATE_W){v[UPDATE_W-1]}}, v};
  endfunction

  reg [T*POSITIVE_W-1:0] pfin;
  reg wb_v4;
  reg wbx2, wbx3;                          // x*_j along the pipeline (xs_rd is stage 1)
  reg [T-1:0] zx;                          // z*_r == x*_j for the tile's rows, held with the word
  always @(posedge clk) begin
    if (pp_v3 && pp_wb3) pfin <= pnew;
    wb_v4 <= pp_v3 && pp_wb3;
    {wbx2, wbx3} <= {xs_rd, wbx2};
    // The sign of each row's N z*_r x*_j, taken with the word (ztile stays put for the tile).
    if (pp_v3 && pp_wb3) zx <= ~(ztile ^ {T{wbx3}});
  end
  // Group wg4 of the held word: wb_v4 starts at group 0 (GT-way choices, not barrel shifters).
  reg wb_on;                                // stage 4 runs: from the first wb_v4 to the phase's end
  reg [AGW-1:0] wg4;                       // a register: 0 with wb_v4, else the group after the last
  reg [W_W-1:0] g_w;
  reg [POSITIVE_W-1:0] g_p, g_zs;
  reg [POSITIVE_X-1:0] g_zx_p;             // word skip: sum z at the positive sums' width
  reg [POSITIVE_X:0] g_q;                  // word skip: 2 Q - sum z (|.| <= 3 N: one bit over P's sums)
  reg g_zx, g_live;
  integer wr, wg;
  /* verilator lint_off UNUSEDSIGNAL */    // word skip chooses W in stage 4b
  reg [PW*W_W-1:0] g4_w;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [PW*UPDATE_X-1:0] g4_pn;             // P - N z* x* (word skip: 2 Q - sum z, the N term a stage later)
  reg [PW-1:0] g4_live;
  /* verilator lint_off UNUSEDSIGNAL */    // word skip's stage 4b reads it
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
  reg [PW*W_W-1:0] g5_w;                    // stage 5's inputs: W, P - N z* x*, the row is live
  reg [PW*UPDATE_X-1:0] g5_pn;
  reg [PW-1:0] g5_live;
  reg g5_on;
  generate
    if (SKIP != 0) begin : g_wb_skip
      // The tile word is read a cycle later for it (herd_addr), so stage 4b chooses its
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
  end
  // Stage 5: W + (P - N z* x*) through the update register, then W's.
  wire [PW*W_W-1:0] wb_res_n;
  wire [PW-1:0] wb_bad;
  genvar gs;
  generate
    for (gs = 0; gs < PW; gs = gs + 1) begin : g_slot
      wire [UPDATE_W-1:0] u;
      wire [W_W-1:0] w;
      wire u_fits, w_fits;
      /* verilator lint_off PINCONNECTEMPTY */
      herd_cast #(.XW(UPDATE_X), .W(UPDATE_W), .SAT(UPDATE_SAT)) cast_u (
        .v(ux_w(g5_w[gs*W_W +: W_W]) + g5_pn[gs*UPDATE_X +: UPDATE_X]), .q(u), .fits(u_fits), .top());
      herd_cast #(.XW(W_X), .W(W_W), .SAT(W_SAT)) cast_w (.v(wx_u(u)), .q(w), .fits(w_fits), .top());
      /* verilator lint_on PINCONNECTEMPTY */
      assign wb_res_n[gs*W_W +: W_W] = g5_live[gs] ? w : {W_W{1'b0}};
      assign wb_bad[gs] = g5_live[gs] && (!u_fits || !w_fits);
    end
  endgenerate
  reg wb_ovf;
  always @(posedge clk) wb_ovf <= g5_on && |wb_bad;
  // The write's enable, registered from the next cycle's state: WRITEBACK, cycle in
  // [WB_FIRST, WB_FIRST + (T/PW) D).
  wire before_wb1, before_wb1end;
  herd_lt #(.W(CYW)) lt_wb1 (.a(cyc_n), .b(CY_WB1), .lt(before_wb1));
  herd_lt #(.W(CYW)) lt_wb1end (.a(cyc_n), .b(CY_WB1END), .lt(before_wb1end));
  reg w_wbw;
  always @(posedge clk) w_wbw <= !rst && nx_writeback && !before_wb1 && before_wb1end;
  assign wb_write = w_wbw;
  integer wsl;
  always @* begin
    wb_word = {(16*WL){1'b0}};
    for (wsl = 0; wsl < PW; wsl = wsl + 1)
      wb_word[wsl*SW +: W_W] = wb_res_n[wsl*W_W +: W_W];
  end

  // Hidden-bias growth: at j = 0, group gi's b word is read at its W write (cycle
  // WB_FIRST + gi), b + sum z - N z* is cast to the update register, then to b, and written.
  reg gb_v1;
  reg [BGW-1:0] gb_g1;
  reg [AGW-1:0] gb_gi1, gb_gi2;
  reg [PW*UPDATE_W-1:0] gb_u;
  wire [PW*UPDATE_W-1:0] gb_u_n;
  wire [PW*B_W-1:0] gb_new;
  wire [PW-1:0] gb_bad1, gb_bad2;
  generate
    for (gs = 0; gs < PW; gs = gs + 1) begin : g_grow
      wire [UPDATE_X-1:0] exact = ux_b(b_rd[gs*B_W +: B_W]) + ux_p(zsum[(gb_gi1*PW+gs)*POSITIVE_W +: POSITIVE_W])
                                - (ztile[gb_gi1*PW+gs] ? N_U : -N_U);
      wire u_fits, b_fits;
      /* verilator lint_off PINCONNECTEMPTY */
      herd_cast #(.XW(UPDATE_X), .W(UPDATE_W), .SAT(UPDATE_SAT)) cast_u (
        .v(exact), .q(gb_u_n[gs*UPDATE_W +: UPDATE_W]), .fits(u_fits), .top());
      herd_cast #(.XW(B_X), .W(B_W), .SAT(B_SAT)) cast_b (
        .v(bx_u(gb_u[gs*UPDATE_W +: UPDATE_W])), .q(gb_new[gs*B_W +: B_W]), .fits(b_fits), .top());
      /* verilator lint_on PINCONNECTEMPTY */
      assign gb_bad1[gs] = rv[gb_gi1*PW + gs] && !u_fits;
      assign gb_bad2[gs] = rv[gb_gi2*PW + gs] && !b_fits;
    end
  endgenerate
  wire before_wb, before_wbgt;
  herd_lt #(.W(CYW)) lt_wb (.a(cyc), .b(CY_WB), .lt(before_wb));
  herd_lt #(.W(CYW)) lt_wbgt (.a(cyc), .b(CY_WBGT), .lt(before_wbgt));
  reg gb_ovf1, gb_ovf2;
  always @(posedge clk) begin
    gb_v1 <= GROW != 0 && in_writeback && !before_wb && before_wbgt;
    gb_g1 <= b_ra;
    gb_gi1 <= ag;
    gb_we <= gb_v1;
    gb_wa <= gb_g1;
    gb_gi2 <= gb_gi1;
    if (GROW != 0) gb_u <= gb_u_n;  // without growth nothing reads it: Yosys drops the adders
    gb_ovf1 <= gb_v1 && |gb_bad1;
    gb_ovf2 <= gb_we && |gb_bad2;
  end
  always @* gb_wd = gb_new;
  assign overflow = wb_ovf || gb_ovf1 || gb_ovf2;
endmodule

`default_nettype wire
