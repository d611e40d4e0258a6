// herd_search: the negative phase (datapath.TGather .. TSweepEnd, TCUpdate;
// TileMachine.gather, sweep, updateC): x* and z*, the coordinate-ascent sweeps, and c's
// update.
//
// SWEEP streams W once: the z half reads words (g, j) in address order into PW field
// accumulators (h_i = b_i, then + or - W_ij by x*_j, cast to the field register every step);
// the group's signs are z*, compared with the old ones (a change). Each word's slots go into
// a row buffer of two groups, and the x half replays group g from it into the visible fields
// (vis_j = c_j at g = 0, plus the group's terms + or - W_ij by z*_i summed exactly, cast);
// the last replay's signs are x*. GATHER loads x* from the start vector's X words (SH: the
// best, herd_energy's best_col; H: vector 0). C_UPDATE: c_j + sum x_j - N x*_j through the
// update register, then c's.
//
// x* lives in a block RAM of D bits, read at each phase's j (xs_rd, a cycle later); z* in
// one of PW bits a word, group g at word g, walked in order by one address register (zrg)
// for the sweep, PREFETCH (the tile's groups into ztile, for the write-back) and the record
// (C_UPDATE, a bit a cycle: zs_rd and zsel).

`default_nettype none

module herd_search #(
  parameter integer K             = 16,
  parameter integer D             = 64,
  parameter integer N             = 128,
  parameter integer T             = 2,
  parameter integer WL            = 3,     // W memories (16-bit lanes) a W word spans
  parameter integer PW            = 2,
  parameter integer SW            = 24,
  parameter integer G             = 8,     // groups: ceil(K / PW)
  parameter integer ZG            = 8,     // z* words: NT T / PW
  parameter integer NTE           = 9,
  parameter integer S             = 10,    // most sweeps
  parameter integer XB            = 4,     // x* words of a record
  parameter integer MODE_SH       = 1,
  parameter integer W_W           = 17,
  parameter integer B_W           = 2,
  parameter integer C_W           = 17,
  parameter integer C_X           = 20,
  parameter integer C_SAT         = 0,
  parameter integer FIELD_W       = 24,
  parameter integer FIELD_X       = 25,
  parameter integer FIELD_SAT     = 0,
  parameter integer VIS_FIELD_W   = 22,
  parameter integer VIS_FIELD_X   = 23,
  parameter integer VIS_FIELD_SAT = 0,
  parameter integer POSITIVE_W    = 9,
  parameter integer UPDATE_W      = 19,
  parameter integer UPDATE_X      = 21,
  parameter integer UPDATE_SAT    = 0,
  parameter integer CYW           = 13,
  parameter integer XAW           = 14,
  // derived (leave them)
  parameter integer DW  = (D > 1) ? $clog2(D) : 1,
  parameter integer TW  = ($clog2(NTE + 1) > 0) ? $clog2(NTE + 1) : 1,
  parameter integer SWW = ($clog2(S + 1) > 0) ? $clog2(S + 1) : 1,
  parameter integer PSW = (PW > 1) ? $clog2(PW) : 1  // a slot's index in a group
) (
  input  wire                   clk,
  input  wire                   rst,
  input  wire [CYW-1:0]         cyc,
  input  wire [CYW-1:0]         cyc_n,
  input  wire [SWW-1:0]         sweep,       // sweeps begun this iteration, less one
  input  wire [TW-1:0]          tile_n,
  input  wire                   in_gather, in_start, in_sweep, in_writeback, in_c_update,
  input  wire                   nx_sweep, nx_c_update,
  input  wire                   nw_sw_0, nw_sw_1, nw_sw_d3, nw_sw_pd3, nw_pf_0, nw_cu_d, nw_ztl,
  input  wire [DW-1:0]          sj,          // SWEEP: the word read (herd_addr)
  input  wire [XAW-1:0]         sg,
  input  wire                   sj_last,
  input  wire [16*WL-1:0]       w_rd,
  input  wire [PW*B_W-1:0]      b_rd,
  input  wire [C_W-1:0]         c_rd,
  input  wire [POSITIVE_W-1:0]  sx_rd,
  input  wire [15:0]            x_rd,
  input  wire [3:0]             best_col,    // SH: the start vector's bit in its X words (herd_energy)
  input  wire [DW-1:0]          wj,          // WRITEBACK's j (herd_positive)
  output wire                   xs_rd,       // x*_j, a cycle after its j
  output wire [PW-1:0]          zs_rd,       // a group of z*, a cycle after zrg
  output reg  [PSW-1:0]         zsel,        // the record's bit of that group
  output wire [T-1:0]           ztile,       // z* of the tile's rows
  output reg                    changed,     // the sweep changed x* or z*
  output wire [DW-1:0]          rp_ja,       // the replay's j a cycle before its c is added (c's read address)
  output reg                    cu_we,       // C_UPDATE: c_(cu_wa) := cu_wd
  output reg  [DW-1:0]          cu_wa,
  output wire [C_W-1:0]         cu_wd,
  output wire [1:0]             overflow     // {the sweep's fields, the update of c}
);
  localparam integer FTOP  = FIELD_X - FIELD_W + 1;
  localparam integer VTOP  = VIS_FIELD_X - VIS_FIELD_W + 1;
  localparam integer GW    = (G > 1) ? $clog2(G) : 1;
  localparam integer ZGW   = ($clog2(ZG + 1) > 0) ? $clog2(ZG + 1) : 1;
  localparam integer LG_ROWS = K - (G - 1) * PW;    // hidden units in the last group
  /* verilator lint_off WIDTH */
  localparam [CYW-1:0] CY_D     = D;
  localparam [CYW-1:0] CY_D3    = D + 3;            // the replay's first read
  localparam [CYW-1:0] CY_GD    = G * D;            // the z half's reads
  localparam [CYW-1:0] CY_RPEND = (G + 1) * D + 3;  // past the replay's last read
  localparam [CYW-1:0] CY_XEND1 = 16 * XB;          // the record reads z*'s groups a cycle ahead of the packer
  localparam [CYW-1:0] CY_ZEND1 = 16 * XB + K;
  localparam [DW-1:0]  D_LAST   = D - 1;
  localparam [DW:0]    RB_LAST  = 2 * D - 1;        // the row buffer's last word
  localparam [GW-1:0]  G_LAST   = G - 1;
  localparam [XAW-1:0] A_GLAST  = G - 1;
  localparam [PSW-1:0] PW_LAST  = PW - 1;
  localparam [UPDATE_X-1:0] N_U = N;
  /* verilator lint_on WIDTH */
  function [FIELD_X-1:0] fx_b;
    input [B_W-1:0] v;
    fx_b = {{(FIELD_X-B_W){v[B_W-1]}}, v};
  endfunction
  function [FIELD_X-1:0] fx_f;
    input [FIELD_W-1:0] v;
    fx_f = {{(FIELD_X-FIELD_W){v[FIELD_W-1]}}, v};
  endfunction
  function [FIELD_X-1:0] fx_w;
    input [W_W-1:0] v;
    fx_w = {{(FIELD_X-W_W){v[W_W-1]}}, v};
  endfunction
  function [VIS_FIELD_X-1:0] vx_w;
    input [W_W-1:0] v;
    vx_w = {{(VIS_FIELD_X-W_W){v[W_W-1]}}, v};
  endfunction
  function [VIS_FIELD_X-1:0] vx_c;
    input [C_W-1:0] v;
    vx_c = {{(VIS_FIELD_X-C_W){v[C_W-1]}}, v};
  endfunction
  function [VIS_FIELD_X-1:0] vx_v;
    input [VIS_FIELD_W-1:0] v;
    vx_v = {{(VIS_FIELD_X-VIS_FIELD_W){v[VIS_FIELD_W-1]}}, v};
  endfunction
  function [UPDATE_X-1:0] ux_c;
    input [C_W-1:0] v;
    ux_c = {{(UPDATE_X-C_W){v[C_W-1]}}, v};
  endfunction
  function [UPDATE_X-1:0] ux_p;
    input [POSITIVE_W-1:0] v;
    ux_p = {{(UPDATE_X-POSITIVE_W){v[POSITIVE_W-1]}}, v};
  endfunction
  function [C_X-1:0] cx_u;
    input [UPDATE_W-1:0] v;
    cx_u = {{(C_X-UPDATE_W){v[UPDATE_W-1]}}, v};
  endfunction

  reg from_data;    // the search started at a data vector: its first z half is not a change

  // z half: the word read at cycle c lands at c + 1 and is added at c + 2.
  reg sw_v1, sw_v2, sw_f1, sw_f2, sw_l1, sw_l2, sw_zu;
  reg sw_lg1, sw_lg2, sw_lgz;  // the word is of the last group (its rows past K are not units)
  // +-W_ij by x*_j, formed as the word lands: W, complemented where x*_j = -1 (sw_n), and the
  // accumulate adds sw_n as its carry-in: -W = ~W + 1 in the accumulate's one carry chain.
  reg [PW*FIELD_X-1:0] sw_w;
  reg [PW-1:0] sw_n;
  reg [PW*B_W-1:0] sw_b;
  reg [PW*FIELD_W-1:0] sacc;
  // The range check a cycle after the add, from each accumulator's registered top bits (stop).
  wire [PW*FIELD_W-1:0] sacc_n;
  wire [PW*FTOP-1:0] stop_n;
  reg [PW*FTOP-1:0] stop;
  reg [PW-1:0] schk;
  wire [PW-1:0] schk_n, smisfit;
  genvar gs;
  generate
    for (gs = 0; gs < PW; gs = gs + 1) begin : g_acc
      /* verilator lint_off UNUSEDSIGNAL */  // bit 0 is the carry-in's slot
      wire [FIELD_X:0] sum = {(sw_f2 ? fx_b(sw_b[gs*B_W +: B_W]) : fx_f(sacc[gs*FIELD_W +: FIELD_W])), 1'b1}
                           + {sw_w[gs*FIELD_X +: FIELD_X], sw_n[gs]};
      /* verilator lint_on UNUSEDSIGNAL */
      /* verilator lint_off PINCONNECTEMPTY */
      herd_cast #(.XW(FIELD_X), .W(FIELD_W), .SAT(FIELD_SAT)) cast (
        .v(sum[FIELD_X:1]), .q(sacc_n[gs*FIELD_W +: FIELD_W]), .fits(), .top(stop_n[gs*FTOP +: FTOP]));
      /* verilator lint_on PINCONNECTEMPTY */
      assign schk_n[gs] = sw_v2 && (!sw_lg2 || gs < LG_ROWS);
      assign smisfit[gs] = (|stop[gs*FTOP +: FTOP]) && !(&stop[gs*FTOP +: FTOP]);
    end
  endgenerate
  wire cyc_below_gd, cyc_below_d;
  herd_lt #(.W(CYW)) lt_gd (.a(cyc), .b(CY_GD), .lt(cyc_below_gd));
  herd_lt #(.W(CYW)) lt_d (.a(cyc), .b(CY_D), .lt(cyc_below_d));
  reg [DW:0] rb_wa, rb_ra;          // the row buffer: group g at (g mod 2) D + j
  reg [PW*W_W-1:0] w_rd_slots;
  integer ss;
  always @* for (ss = 0; ss < PW; ss = ss + 1) w_rd_slots[ss*W_W +: W_W] = w_rd[ss*SW +: W_W];
  always @(posedge clk) begin
    sw_v1 <= in_sweep && cyc_below_gd;
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
    if (sw_v2) sacc <= sacc_n;
    stop <= stop_n;
    schk <= schk_n;
    sw_zu <= sw_v2 && sw_l2;
    sw_lgz <= sw_lg2;
    // The replay reads index c - D - 3 (mod 2 D) at cycle c.
    if (nw_sw_d3) rb_ra <= {(DW+1){1'b0}};
    else if (nw_sw_pd3) rb_ra <= (rb_ra == RB_LAST) ? {(DW+1){1'b0}} : rb_ra + 1'b1;
  end
  wire [PW*W_W-1:0] rb_rd, rb_t;     // the row buffer's word; as the replay's tree takes it
  herd_ram #(.W(PW*W_W), .DEPTH(2*D)) rb_mem (.clk(clk), .we(sw_v1), .wa(rb_wa), .wd(w_rd_slots),
    .re(1'b1), .ra(rb_ra), .rd(rb_rd));
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

  // x*: each phase reads x*_j at its own j (the word shows the next cycle, as xs_rd);
  // GATHER and the last replay write it.
  reg rp_v1, rp_v2, rp_v3, rp_last1, rp_last2, rp_last3, x_new3;
  reg [DW-1:0] rp_j1, rp_j2, rp_j3;
  wire rp_vt, rp_firstt, rp_lastt;   // stage 1 as the replay's tail sees it (RP_REG, below)
  wire [DW-1:0] rp_jt, rp_jv;        // and j there; j a cycle before (vis and c's address)
  wire [PW-1:0] rp_zt;
  reg ga_v2;
  reg [DW-1:0] ga_j2;
  reg [15:0] ga_x;
  reg [DW-1:0] xs_ra;
  always @* begin
    if (rp_vt && rp_lastt) xs_ra = rp_jt;        // the last replay: the old x*_j, for the change
    else if (in_sweep) xs_ra = sj;               // the z half: x*_j of the word read
    else if (in_writeback) xs_ra = wj;   // the update of word j
    else xs_ra = cyc[DW-1:0];                    // C_UPDATE and the record
  end
  herd_ram #(.W(1), .DEPTH(D)) xs_mem (.clk(clk), .we(ga_v2 || (rp_v3 && rp_last3)), .wa(ga_v2 ? ga_j2 : rp_j3),
    .wd(ga_v2 ? ga_x[MODE_SH != 0 ? best_col : 4'd0] : x_new3),  // H: vector 0's bit 0
    .re(1'b1), .ra(xs_ra), .rd(xs_rd));

  // z*: one address register, zrg, walks the groups in order for each of its readers: the
  // sweep (the old bits of the group whose z half ends, compared with the new ones, which
  // overwrite them), PREFETCH (the tile's groups into ztile, for the write-back) and
  // C_UPDATE (the record, a bit a cycle). A read shows a cycle after its address, so each
  // reader steps zrg a cycle before it wants the next group. The first sweep writes every
  // group before it is used (its compare is not counted, from_data); the zeros it starts
  // with keep simulations X-free.
  wire zs_walk_lo, zs_walk_hi;
  herd_lt #(.W(CYW)) lt_xend1 (.a(cyc_n), .b(CY_XEND1), .lt(zs_walk_lo));
  herd_lt #(.W(CYW)) lt_zend1 (.a(cyc_n), .b(CY_ZEND1), .lt(zs_walk_hi));
  reg w_zn;             // C_UPDATE reads z*'s groups for the record
  always @(posedge clk) w_zn <= !rst && nx_c_update && !zs_walk_lo && zs_walk_hi;
  reg [ZGW-1:0] zrg;
  reg [PSW-1:0] zsn;    // C_UPDATE: the slot of the group's bit read next
  /* verilator lint_off UNUSEDSIGNAL */  // the lowest PW bits are the group before the tile's first
  reg [T+PW-1:0] zt_sh; // the tile's groups shift in from the top
  /* verilator lint_on UNUSEDSIGNAL */
  assign ztile = zt_sh[T+PW-1:PW];
  herd_ram #(.W(PW), .DEPTH(ZG + 1), .INIT(1)) zs_mem (.clk(clk), .we(sw_zu), .wa(zrg), .wd(z_new),
    .re(1'b1), .ra(zrg), .rd(zs_rd));
  always @(posedge clk) begin
    if (rst || nw_sw_0 || (nw_pf_0 && tile_n == {TW{1'b0}}) || nw_cu_d) zrg <= {ZGW{1'b0}};
    else if (sw_zu || nw_ztl || (w_zn && zsn == PW_LAST)) zrg <= zrg + 1'b1;
    if (nw_ztl) zt_sh <= {zs_rd, zt_sh[T+PW-1:PW]};  // PREFETCH cycles 1, 3, .., 2 GT - 1: ztile takes a group
    zsn <= (!w_zn || zsn == PW_LAST) ? {PSW{1'b0}} : zsn + 1'b1;
    zsel <= zsn;
  end

  // x half: the replay of group g reads the row buffer at cycles (g + 1) D + 3 + j.
  wire rp_lo, rp_hi;
  herd_lt #(.W(CYW)) lt_d3 (.a(cyc_n), .b(CY_D3), .lt(rp_lo));
  herd_lt #(.W(CYW)) lt_rpend (.a(cyc_n), .b(CY_RPEND), .lt(rp_hi));
  reg w_rp;             // the replay reads next cycle
  always @(posedge clk) w_rp <= !rst && nx_sweep && !rp_lo && rp_hi;
  reg [DW-1:0] rp_j0;
  reg rp_first1, rp_first2;
  reg [GW-1:0] rp_g0;
  reg [PW-1:0] rp_z1;
  // Wide W words (PW > 3): the row buffer's word and its stage-1 companions are registered
  // once more before the tree (on the ECP5 a block RAM's clock-to-output alone is half an
  // 80 MHz cycle), so the replay's tail (the add into vis, x*'s write, the change) runs a
  // cycle later: its x* lands at SWEEP's cycle (G + 1) D + 6, within LatSweep's 8, and
  // group g + 1 reads vis_j D - 2 cycles after group g writes it. The schedule is the
  // same: the Go model does not see the stage.
  localparam integer RP_REG = (PW > 3) ? 1 : 0;
  generate
    if (RP_REG != 0) begin : g_rp_reg
      reg v1b, first1b, last1b;
      reg [DW-1:0] j1b;
      reg [PW-1:0] z1b;
      reg [PW*W_W-1:0] rb_q;
      always @(posedge clk) {v1b, first1b, last1b, j1b, z1b, rb_q} <= {rp_v1, rp_first1, rp_last1, rp_j1, rp_z1, rb_rd};
      assign {rp_vt, rp_firstt, rp_lastt, rp_jt, rp_zt, rb_t} = {v1b, first1b, last1b, j1b, z1b, rb_q};
      assign rp_jv = rp_j1;
    end else begin : g_rp_wire
      assign {rp_vt, rp_firstt, rp_lastt, rp_jt, rp_zt, rb_t} = {rp_v1, rp_first1, rp_last1, rp_j1, rp_z1, rb_rd};
      assign rp_jv = rp_j0;
    end
  endgenerate
  assign rp_ja = rp_jv;
  // The replay's sum of +-W: complemented words, each -1 of the terms added as an adder's
  // carry-in (the last one in vexact's, rp_cin). The PW terms are summed by a tree, not a
  // chain, so that wide W words (PW up to 32) add in ceil(log2 PW) + 1 adder levels: leaves
  // at nodes PW .. 2 PW - 1, node k = node 2k + node 2k + 1 with term k - 1's -1 as its
  // carry-in, node 1 the sum (every node from 2 on is a child of exactly one node).
  reg [VIS_FIELD_X-1:0] rp_tree, vexact;
  wire [VIS_FIELD_X-1:0] rp_tree_n;
  /* verilator lint_off UNUSEDSIGNAL */  // bit 0 is the carry-in's slot
  reg [VIS_FIELD_X:0] rp_sum;
  /* verilator lint_on UNUSEDSIGNAL */
  reg rp_cin;
  always @(posedge clk) begin
    if (nw_sw_d3) begin
      rp_j0 <= {DW{1'b0}};
      rp_g0 <= {GW{1'b0}};
    end else if (w_rp) begin
      rp_j0 <= (rp_j0 == D_LAST) ? {DW{1'b0}} : rp_j0 + 1'b1;
      if (rp_j0 == D_LAST) rp_g0 <= rp_g0 + 1'b1;
    end
    rp_v1 <= w_rp;
    rp_j1 <= rp_j0;
    rp_first1 <= (rp_g0 == {GW{1'b0}});
    rp_last1 <= (rp_g0 == G_LAST);
    rp_z1 <= zrep;
    {rp_v2, rp_j2, rp_first2, rp_last2} <= {rp_vt, rp_jt, rp_firstt, rp_lastt};
    rp_tree <= rp_tree_n;
    rp_cin <= ~rp_zt[PW-1];
  end
  reg [DW-1:0] vis_ra;
  always @(posedge clk) vis_ra <= rp_jv;
  wire [VIS_FIELD_W-1:0] vis_rd;
  // node k at [k VIS_FIELD_X +: VIS_FIELD_X]; split_var: Verilator sees each node on its own
  wire [2*PW*VIS_FIELD_X-1:VIS_FIELD_X] rp_node /* verilator split_var */;
  genvar rn;
  generate
    for (rn = 0; rn < PW; rn = rn + 1) begin : g_rp_leaf
      assign rp_node[(PW+rn)*VIS_FIELD_X +: VIS_FIELD_X] = vx_w(rb_t[rn*W_W +: W_W]) ^ {VIS_FIELD_X{~rp_zt[rn]}};
    end
    for (rn = 1; rn < PW; rn = rn + 1) begin : g_rp_node
      /* verilator lint_off UNUSEDSIGNAL */  // bit 0 is the carry-in's slot
      wire [VIS_FIELD_X:0] sum = {rp_node[2*rn*VIS_FIELD_X +: VIS_FIELD_X], 1'b1}
                               + {rp_node[(2*rn+1)*VIS_FIELD_X +: VIS_FIELD_X], ~rp_zt[rn-1]};
      /* verilator lint_on UNUSEDSIGNAL */
      assign rp_node[rn*VIS_FIELD_X +: VIS_FIELD_X] = sum[VIS_FIELD_X:1];
    end
  endgenerate
  assign rp_tree_n = rp_node[VIS_FIELD_X +: VIS_FIELD_X];
  always @* begin
    rp_sum = {(rp_first2 ? vx_c(c_rd) : vx_v(vis_rd)), 1'b1} + {rp_tree, rp_cin};
    vexact = rp_sum[VIS_FIELD_X:1];
  end
  wire [VIS_FIELD_W-1:0] vis_new;
  wire [VTOP-1:0] vtop_n;
  /* verilator lint_off PINCONNECTEMPTY */
  herd_cast #(.XW(VIS_FIELD_X), .W(VIS_FIELD_W), .SAT(VIS_FIELD_SAT)) vis_cast (.v(vexact), .q(vis_new), .fits(), .top(vtop_n));
  /* verilator lint_on PINCONNECTEMPTY */
  // Stage 3 writes the field and, at the last replay, x*_j and the change: the RAM read, the
  // add and the cast take stage 2's whole cycle. Its range check reads vexact's registered
  // top bits (vtop), as the z half's does.
  reg xs_old3;
  reg [VIS_FIELD_W-1:0] vis_new3;
  reg [VTOP-1:0] vtop;
  always @(posedge clk) begin
    {rp_v3, rp_j3, rp_last3, vis_new3} <= {rp_v2, rp_j2, rp_last2, vis_new};
    x_new3 <= ~vis_new[VIS_FIELD_W-1];
    xs_old3 <= xs_rd;
    vtop <= vtop_n;
  end
  herd_ram #(.W(VIS_FIELD_W), .DEPTH(D)) vis_mem (.clk(clk), .we(rp_v3), .wa(rp_j3), .wd(vis_new3),
    .re(1'b1), .ra(vis_ra), .rd(vis_rd));
  wire sacc_ovf = |(schk & smisfit);
  wire vis_ovf = rp_v3 && (|vtop) && !(&vtop);

  // GATHER: bit best_col of the X words of the start vector into x*. The X word lands at
  // c + 1 and is registered (ga_x) before SH's choice of its bit (a 16-way mux by best_col)
  // goes to x*'s memory at c + 2: the SPRAM's output reaches a flip-flop, not the mux and
  // the block RAM's write port.
  reg ga_v1;
  reg [DW-1:0] ga_j1;
  always @(posedge clk) begin
    ga_v1 <= in_gather && cyc_below_d;
    ga_j1 <= cyc[DW-1:0];
    {ga_v2, ga_j2, ga_x} <= {ga_v1, ga_j1, x_rd};
  end

  // C_UPDATE: c + sum x - N x*_j through the update register, then c.
  reg cu_v1;
  reg [DW-1:0] cu_j1;
  reg [UPDATE_W-1:0] cu_u;
  reg cu_ovf1, cu_ovf2;
  wire [UPDATE_W-1:0] cu_u_n;
  wire cu_u_fits, cu_c_fits;
  /* verilator lint_off PINCONNECTEMPTY */
  herd_cast #(.XW(UPDATE_X), .W(UPDATE_W), .SAT(UPDATE_SAT)) cu_cast_u (
    .v(ux_c(c_rd) + ux_p(sx_rd) - (xs_rd ? N_U : -N_U)), .q(cu_u_n), .fits(cu_u_fits), .top());
  herd_cast #(.XW(C_X), .W(C_W), .SAT(C_SAT)) cu_cast_c (.v(cx_u(cu_u)), .q(cu_wd), .fits(cu_c_fits), .top());
  /* verilator lint_on PINCONNECTEMPTY */
  always @(posedge clk) begin
    cu_v1 <= in_c_update && cyc_below_d;
    cu_j1 <= cyc[DW-1:0];
    {cu_we, cu_wa} <= {cu_v1, cu_j1};
    if (cu_v1) cu_u <= cu_u_n;
    cu_ovf1 <= cu_v1 && !cu_u_fits;
    cu_ovf2 <= cu_we && !cu_c_fits;
  end

  // The search's flags.
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
  assign overflow = {sacc_ovf || vis_ovf, cu_ovf1 || cu_ovf2};
endmodule

`default_nettype wire
