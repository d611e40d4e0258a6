// herd_energy: SH's energies (datapath.TEPass, TEDrain; TileMachine.captureEnergies): the
// accumulator array's readout into F(x_n) = c.x_n + sum_i |h_n,i| of every data vector, and
// the best vector, where the search starts.
//
// Value k = n T + r of the readout shows in cycle D + 1 + L + k of E_PASS for its batch b
// (L = datapath.ReadoutLatency, herd_acc_array's READ_LATENCY; the last values show in the
// next E_PASS or in E_DRAIN): |h| for a hidden unit, c.x_n for the c row, added into vector
// n's energy through the energy register. The last tile compares each vector's energy with
// the best so far (strictly larger: the lowest n wins ties) and keeps its first X word and
// its bit in the words (best_base, best_col) for GATHER.

`default_nettype none

module herd_energy #(
  parameter integer D               = 64,
  parameter integer N               = 128,
  parameter integer T               = 2,
  parameter integer NB              = 8,
  parameter integer NTE             = 9,
  parameter integer RL              = 4,   // the readout's latency (datapath.ReadoutLatency)
  parameter integer FIELD_W         = 24,
  parameter integer FIELD_SAT       = 0,
  parameter integer ENERGY_W        = 28,
  parameter integer ENERGY_X        = 29,
  parameter integer ENERGY_SAT      = 0,
  parameter integer BEST_ENERGY_W   = 28,
  parameter integer BEST_ENERGY_X   = 29,
  parameter integer BEST_ENERGY_SAT = 0,
  parameter integer XAW             = 14,
  parameter integer STEP_BATCH      = D,   // X: a batch's first word from the previous batch's (datapath.AddrSteps)
  parameter integer CYW             = 13,
  // derived (leave them)
  parameter integer AW  = FIELD_W - ((FIELD_SAT == 0) ? 1 : 0),   // the accumulators' width
  parameter integer NBW = ($clog2(NB + 1) > 0) ? $clog2(NB + 1) : 1,
  parameter integer TW  = ($clog2(NTE + 1) > 0) ? $clog2(NTE + 1) : 1
) (
  input  wire                 clk,
  input  wire                 rst,
  input  wire [CYW-1:0]       cyc_n,
  input  wire                 nx_e_pass,
  input  wire [NBW-1:0]       batch,
  input  wire [TW-1:0]        tile,
  input  wire [AW-1:0]        arr_rd,     // the array's readout (herd_pass)
  /* verilator lint_off UNUSEDSIGNAL */  // a halved field takes its low bit from its start value
  input  wire [T*FIELD_W-1:0] st,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [T-1:0]         rv,         // the tile's rows that hold a hidden unit
  input  wire [T-1:0]         rve,        // or the c row
  output reg  [XAW-1:0]       best_base,  // the best vector's batch's first X word
  output reg  [3:0]           best_col,   // its bit in its batch's X words
  output wire                 overflow
);
  localparam integer ASH  = (FIELD_SAT == 0) ? 1 : 0;
  localparam integer ETOP = ENERGY_X - ENERGY_W + 1;
  localparam integer NW   = (N > 1) ? $clog2(N) : 1;
  localparam integer TRW  = (T > 1) ? $clog2(T) : 1;
  localparam integer LAST_VALID = N - (NB - 1) * 16;
  /* verilator lint_off WIDTH */
  localparam [CYW-1:0] CY_E0    = D + RL;      // the readout shows its first value next cycle
  localparam [CYW-1:0] CY_EM    = D + RL - 1;  // the first vector's energy is read (two cycles ahead of its value)
  localparam [NBW-1:0] NB_LAST  = NB - 1;
  localparam [TW-1:0]  NTE_LAST = NTE - 1;
  localparam [TRW-1:0] T_LAST   = T - 1;
  localparam [TRW-1:0] T_LAST2  = T - 2;       // the row from which the value two on is the next vector's
  localparam [XAW-1:0] A_BATCH  = STEP_BATCH;
  localparam [4:0]     VALID_LAST = LAST_VALID;
  /* verilator lint_on WIDTH */
  generate
    if (T < 2) begin : g_bad_tile
      herd_param_error_energy_needs_two_rows_a_tile bad ();
    end
  endgenerate
  function [ENERGY_X-1:0] ex_e;
    input [ENERGY_W-1:0] v;
    ex_e = {{(ENERGY_X-ENERGY_W){v[ENERGY_W-1]}}, v};
  endfunction
  function [ENERGY_X-1:0] ex_f;
    input [FIELD_W-1:0] v;
    ex_f = {{(ENERGY_X-FIELD_W){v[FIELD_W-1]}}, v};
  endfunction
  function [BEST_ENERGY_X-1:0] bex_e;
    input [ENERGY_W-1:0] v;
    bex_e = {{(BEST_ENERGY_X-ENERGY_W){v[ENERGY_W-1]}}, v};
  endfunction
  function [BEST_ENERGY_X-1:0] bex_b;
    input [BEST_ENERGY_W-1:0] v;
    bex_b = {{(BEST_ENERGY_X-BEST_ENERGY_W){v[BEST_ENERGY_W-1]}}, v};
  endfunction

  reg w_e0, w_em;   // the readout's first value is next; and the cycle before
  always @(posedge clk) begin
    w_e0 <= !rst && nx_e_pass && cyc_n == CY_E0;
    w_em <= !rst && nx_e_pass && cyc_n == CY_EM;
  end
  // The energies are read two cycles ahead of their use and the read registered twice:
  // N words span several block RAMs, whose bank select ends at e_rdq's flip-flops, near the
  // block RAMs, and e_rdq2 carries the word to the energy accumulate, so that neither the
  // select nor that route is in the accumulate's carry chain's cycle.
  reg [NW-1:0] e_ra;
  wire [ENERGY_W-1:0] e_rd;
  reg [ENERGY_W-1:0] e_rdq, e_rdq2, e_acc;
  reg [BEST_ENERGY_W-1:0] best;
  reg [4:0] ek_n;                           // the readout's value shown this cycle: column
  reg [TRW-1:0] ek_r;                       // and row
  reg ek_v;
  reg ev1, ev2, efirst1, efirst2, elast1, elast2, erow1, erow2;
  reg ezero2;                               // tile 0: a vector's first row (efirst2) starts its energy at 0 (e_rdq cleared)
  reg [ENERGY_X-1:0] eabs, eabs2;
  reg [NBW+3:0] ei_1, ei_2;                // the value's vector, {batch, column}, along the stages
  // The batch read out: the pass's own, taken at w_em (its last values show after the pass,
  // when batch has moved on).
  reg [NBW-1:0] e_b;
  reg e_lastb;
  always @(posedge clk) if (w_em) begin
    e_b <= batch;
    e_lastb <= batch == NB_LAST;
  end
  wire [NBW-1:0] e_bb = w_em ? batch : e_b;
  /* verilator lint_off UNUSEDSIGNAL */  // a padding column's index may pass N: never used
  wire [NBW+3:0] e_idx = {e_bb, ek_n[3:0]};  // vector 16 b + column
  /* verilator lint_on UNUSEDSIGNAL */
  // The vector of the value shown two cycles on, whose energy e_ra reads: the next column
  // from row T - 2 on (T >= 2). Before the walk (w_em, w_e0) it is column 0 of batch e_bb.
  wire row_t2;  // ek_r >= T - 2
  generate
    if (T > 2) begin : g_rows
      assign row_t2 = ek_r >= T_LAST2;
    end else begin : g_two_rows
      assign row_t2 = 1'b1;
    end
  endgenerate
  wire [3:0] e_col2 = !ek_v ? 4'd0 : row_t2 ? ek_n[3:0] + 1'b1 : ek_n[3:0];
  /* verilator lint_off UNUSEDSIGNAL */
  wire [NBW+3:0] e_idx2 = {e_bb, e_col2};
  /* verilator lint_on UNUSEDSIGNAL */
  wire [4:0] e_valid = e_lastb ? VALID_LAST : 5'd16;
  // The field shown: the accumulator, with its row's low bit in WRAP mode (herd_pass).
  wire [FIELD_W-1:0] e_field;
  generate
    if (ASH != 0) begin : g_half
      assign e_field = {arr_rd, st[ek_r*FIELD_W]};
    end else begin : g_whole
      assign e_field = arr_rd;
    end
  endgenerate
  wire [ENERGY_X-1:0] e_exact = (efirst2 ? ex_e(e_rdq2) : ex_e(e_acc)) + eabs2;
  wire [ENERGY_W-1:0] e_new;
  wire [ETOP-1:0] e_top_n;
  /* verilator lint_off PINCONNECTEMPTY */
  herd_cast #(.XW(ENERGY_X), .W(ENERGY_W), .SAT(ENERGY_SAT)) e_cast (.v(e_exact), .q(e_new), .fits(), .top(e_top_n));
  /* verilator lint_on PINCONNECTEMPTY */
  wire [BEST_ENERGY_X-1:0] e_bx = bex_e(e_acc);
  // The comparison with the best so far is registered (stage 4, the update a cycle later):
  // a vector's energy completes T >= 2 cycles after the one before, so the best it meets is
  // final.
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
    e_rdq <= ezero2 ? {ENERGY_W{1'b0}} : e_rd;
    e_rdq2 <= e_rdq;
    eabs2 <= eabs;
    if (ev2 && erow2) e_acc <= e_new;
  end
  // The vector's energy is complete after its last row: written, and compared in the last tile.
  reg e3_v, e3_last;
  reg [NBW+3:0] ei_3;
  wire [NW-1:0] en_3 = ei_3[NW-1:0];
  wire [XAW-1:0] ebatch4 = {{(XAW-NBW){1'b0}}, ei_4[NBW+3:4]};  // the batch, at the address width
  herd_ram #(.W(ENERGY_W), .DEPTH(N)) e_mem (.clk(clk), .we(e3_v), .wa(en_3), .wd(e_acc),
    .re(1'b1), .ra(e_ra), .rd(e_rd));
  wire best_fits;
  wire [BEST_ENERGY_W-1:0] best_new;
  /* verilator lint_off PINCONNECTEMPTY */
  herd_cast #(.XW(BEST_ENERGY_X), .W(BEST_ENERGY_W), .SAT(BEST_ENERGY_SAT)) best_cast (
    .v(e_bx4), .q(best_new), .fits(best_fits), .top());
  /* verilator lint_on PINCONNECTEMPTY */
  always @(posedge clk) begin
    e3_v <= ev2 && elast2;
    e3_last <= tile == NTE_LAST;
    ei_3 <= ei_2;
    e4_v <= e3_v && e3_last;
    e4_take <= en_3 == 0 || e_better;
    e_bx4 <= e_bx;
    ei_4 <= ei_3;
    if (rst) begin
      best <= {BEST_ENERGY_W{1'b0}};
      best_base <= {XAW{1'b0}};
      best_col <= 4'd0;
    end else if (e4_v && e4_take) begin
      best <= best_new;
      best_base <= ebatch4 * A_BATCH;  // its first X word (batch b at b D)
      best_col <= ei_4[3:0];
    end
  end
  // The energy add's range check a cycle later, from its registered top bits: the check and
  // the OR into the flag then do not follow the add's carry chain in one cycle.
  reg e_chk;
  reg [ETOP-1:0] e_top;
  always @(posedge clk) begin
    e_chk <= ev2 && erow2;
    e_top <= e_top_n;
  end
  assign overflow = (e_chk && (|e_top) && !(&e_top)) || (e4_v && e4_take && !best_fits);
endmodule

`default_nettype wire
