// herd_prefetch: PREFETCH and SH's E_PREFETCH (datapath.TPrefetch, TEPrefetch): the tile's
// W rows into the tile buffer and each row's start value s_r = b_r - sum_j W_rj, cast to
// the field register at every step, as datapath.TileMachine.prefetch adds them. The address
// generator (herd_addr) reads word (g, j) of the tile's group gi = ag in the cycle before;
// it lands here with the W SPRAMs' data (w_rd) and b (b_rd), and is registered again
// (datapath.LatPrefetch = 2) so that the SPRAM's output ends at flip-flops. SH's energy pass
// takes the c row, row K, from c (c_rd) with b = 0. Also the tile's row masks: rv, the rows
// that hold a hidden unit, and rve, those and the c row.

`default_nettype none

module herd_prefetch #(
  parameter integer K         = 16,
  parameter integer D         = 64,
  parameter integer T         = 2,    // rows a tile
  parameter integer WL            = 3,     // W memories (16-bit lanes) a W word spans
  parameter integer PW        = 2,    // weights a W word
  parameter integer SW        = 24,   // bits a W word's slot
  parameter integer GT        = 1,    // groups a tile (T / PW)
  parameter integer NT        = 8,    // tiles of the positive pass
  parameter integer NTE       = 9,    // tiles of the energy pass
  parameter integer MODE_SH   = 1,
  parameter integer W_W       = 17,
  parameter integer B_W       = 2,
  parameter integer C_W       = 17,
  parameter integer FIELD_W   = 24,
  parameter integer FIELD_X   = 25,
  parameter integer FIELD_SAT = 0,
  // derived (leave them)
  parameter integer DW  = (D > 1) ? $clog2(D) : 1,
  parameter integer AGW = ($clog2(GT + 1) > 0) ? $clog2(GT + 1) : 1,
  parameter integer TW  = ($clog2(NTE + 1) > 0) ? $clog2(NTE + 1) : 1,
  parameter integer TRW = (T > 1) ? $clog2(T) : 1,
  parameter integer CYW = 13             // the phase cycle counter's width
) (
  input  wire               clk,
  input  wire               rst,
  input  wire [TW-1:0]      tile_n,         // the next cycle's tile
  input  wire               in_prefetch,    // the core is in PREFETCH
  input  wire               in_e_prefetch,  // or in E_PREFETCH
  input  wire [CYW-1:0]     cyc,            // at this cycle of it
  input  wire [DW-1:0]      aj,             // (j, gi) of the word read (herd_addr)
  input  wire [AGW-1:0]     ag,
  input  wire               ag_last,
  input  wire [16*WL-1:0]   w_rd,           // the word, a cycle after its read
  input  wire [PW*B_W-1:0]  b_rd,           // b of its group
  input  wire [C_W-1:0]     c_rd,           // SH: c_j, the c row's weight
  output reg  [T-1:0]       rv,             // the next cycle's tile: rows that hold a hidden unit
  output reg  [T-1:0]       rve,            // or the c row (the energy pass)
  output wire               tb_we,          // the tile buffer's write: word tb_wa, all T rows
  output wire [DW-1:0]      tb_wa,
  output wire [T*W_W-1:0]   tb_wd,
  output reg  [T*FIELD_W-1:0] st,           // the start ring: s_r of the tile's rows
  output reg                overflow        // a start value overflowed (a cycle after it)
);
  localparam integer FTOP = FIELD_X - FIELD_W + 1;
  function [T-1:0] low_ones;  // the low n of T bits
    input integer n;
    integer i;
    begin
      low_ones = {T{1'b0}};
      for (i = 0; i < T; i = i + 1) if (i < n) low_ones[i] = 1'b1;
    end
  endfunction
  /* verilator lint_off WIDTH */
  localparam [TW-1:0] NT_LAST  = NT - 1;
  localparam [TW-1:0] NTE_LAST = NTE - 1;
  localparam [CYW-1:0] CY_GTD  = GT * D;   // a prefetch's reads
  /* verilator lint_on WIDTH */
  localparam [T-1:0] RV_LAST  = low_ones(K - (NT - 1) * T);       // the last tile's rows that hold hidden units
  localparam [T-1:0] RVE_LAST = low_ones(K + 1 - (NTE - 1) * T);  // and the c row: the energy pass's last tile
  function [FIELD_X-1:0] fx_b;  // b, for a field sum
    input [B_W-1:0] v;
    fx_b = {{(FIELD_X-B_W){v[B_W-1]}}, v};
  endfunction
  function [FIELD_X-1:0] fx_f;  // a field, for a field sum
    input [FIELD_W-1:0] v;
    fx_f = {{(FIELD_X-FIELD_W){v[FIELD_W-1]}}, v};
  endfunction
  function [FIELD_X-1:0] fx_w;  // a weight, for a field sum
    input [W_W-1:0] v;
    fx_w = {{(FIELD_X-W_W){v[W_W-1]}}, v};
  endfunction
  function [W_W-1:0] w_of_c;  // c in a tile-buffer slot (c is no wider than W in mode SH)
    input [C_W-1:0] v;
    /* verilator lint_off UNUSEDSIGNAL */  // the extension's bits above W
    reg [W_W+C_W-1:0] x;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      x = {{W_W{v[C_W-1]}}, v};
      w_of_c = x[W_W-1:0];
    end
  endfunction
  function [TRW-1:0] tile_row;  // row PW gi + slot of the tile
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

  // The row masks, registered from the next cycle's tile: every tile before the last is
  // whole (no K + T bit masks shifted a tile at a time).
  wire [TW-1:0] rv_tile = rst ? {TW{1'b0}} : tile_n;
  wire rv_before_nt, rv_before_nte;
  herd_lt #(.W(TW)) lt_nt (.a(rv_tile), .b(NT_LAST), .lt(rv_before_nt));
  herd_lt #(.W(TW)) lt_nte (.a(rv_tile), .b(NTE_LAST), .lt(rv_before_nte));
  always @(posedge clk) begin
    rv <= rv_before_nt ? {T{1'b1}} : (rv_tile == NT_LAST) ? RV_LAST : {T{1'b0}};
    rve <= rv_before_nte ? {T{1'b1}} : RVE_LAST;
  end

  // The word read at cycle c lands at c + 1 with its (j, gi) (the *0 registers) and is
  // registered again at c + 2: the SPRAM's output, through the c row's select, ends at
  // flip-flops, not in the start value's carry chain. What each slot's row holds is
  // registered with it, so no row mask is chosen after the read.
  reg pf_v0, pf_j00, pf_glast0, pf_v, pf_j0, pf_glast;
  reg [DW-1:0] pf_j_0, pf_j;
  reg [PW-1:0] pf_hid0, pf_crow0, pf_live0;  // per slot: a hidden unit; the c row; either, in this pass
  reg [PW-1:0] pf_hid, pf_live;
  reg [PW*W_W-1:0] pf_slots;        // the landed word's slots (the c row's from c), registered
  reg [PW*B_W-1:0] pf_b;
  wire cyc_reads;
  herd_lt #(.W(CYW)) lt_reads (.a(cyc), .b(CY_GTD), .lt(cyc_reads));
  integer pq;
  always @(posedge clk) begin
    pf_v0 <= (in_prefetch || in_e_prefetch) && cyc_reads;
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
      pf_slots[pq*W_W +: W_W] <= pf_crow0[pq] ? w_of_c(c_rd) : w_rd[pq*SW +: W_W];
    pf_b <= b_rd;
  end

  // The start ring: T start values, stage k = rows k PW .. k PW + PW - 1 of the ring's
  // current turn; stage 0 is the group that lands, and the ring turns one stage a word.
  wire [PW*FIELD_W-1:0] pf_new;
  wire [PW*FTOP-1:0] pf_tops;   // every slot's top bits, for the overflow check
  genvar gs;
  generate
    for (gs = 0; gs < PW; gs = gs + 1) begin : g_slot
      wire [FIELD_X-1:0] exact = (pf_j0 ? (pf_hid[gs] ? fx_b(pf_b[gs*B_W +: B_W]) : {FIELD_X{1'b0}}) : fx_f(st[gs*FIELD_W +: FIELD_W]))
                               - fx_w(pf_slots[gs*W_W +: W_W]);
      wire [FIELD_W-1:0] q;
      /* verilator lint_off PINCONNECTEMPTY */
      herd_cast #(.XW(FIELD_X), .W(FIELD_W), .SAT(FIELD_SAT)) cast (.v(exact), .q(q), .fits(), .top(pf_tops[gs*FTOP +: FTOP]));
      /* verilator lint_on PINCONNECTEMPTY */
      assign pf_new[gs*FIELD_W +: FIELD_W] = pf_live[gs] ? q : {FIELD_W{1'b0}};
    end
  endgenerate
  // The overflow check runs a cycle later, on the registered top bits (the flag is sticky).
  reg [PW*FTOP-1:0] pf_tops_q;
  reg [PW-1:0] pf_chk_q;
  always @(posedge clk) begin
    pf_tops_q <= pf_tops;
    pf_chk_q <= {PW{pf_v}} & pf_live;
  end
  always @* begin
    overflow = 1'b0;
    for (pq = 0; pq < PW; pq = pq + 1)
      if (pf_chk_q[pq] && (|pf_tops_q[pq*FTOP +: FTOP]) && !(&pf_tops_q[pq*FTOP +: FTOP])) overflow = 1'b1;
  end

  // The GT groups of word j land one a cycle (gi = 0 first): the first GT - 1 wait in a
  // shift register and the last writes the whole word, so the tile buffer has one plain
  // write port (no partial writes, no data muxes).
  assign tb_we = pf_v && pf_glast;
  assign tb_wa = pf_j;
  generate
    if (GT > 1) begin : g_stage
      reg [(GT-1)*PW*W_W-1:0] pf_stage;
      wire [(GT-1)*PW*W_W-1:0] pf_staged;  // a group on: the new one on top
      if (GT > 2) begin : g_long
        assign pf_staged = {pf_slots, pf_stage[(GT-1)*PW*W_W-1:PW*W_W]};
      end else begin : g_short
        assign pf_staged = pf_slots;
      end
      always @(posedge clk) if (pf_v) pf_stage <= pf_staged;
      assign tb_wd = {pf_slots, pf_stage};
    end else begin : g_nostage
      assign tb_wd = pf_slots;  // pf_glast: always, one group a tile
    end
    if (GT > 1) begin : g_ring
      always @(posedge clk) if (pf_v) st <= {pf_new, st[T*FIELD_W-1:PW*FIELD_W]};
    end else begin : g_ring1
      always @(posedge clk) if (pf_v) st <= pf_new;
    end
  endgenerate
endmodule

`default_nettype wire
