// herd_pass: PASS and SH's E_PASS (datapath.TPass, TEPass): the accumulator array
// (herd_acc_array, T rows x 16 columns) and its controls. Cycle 0 captures the batch before
// (its z) and clears; cycle 1 adds the start values s_r to every column; cycles 2 .. D + 1
// add 2 W_rj of the tile word read a cycle ago to the columns whose vector has x_nj = +1
// (the X word of the same cycle). SH's readout starts at E_PASS's last add and walks the
// array, which stands still until the pass ends.
//
// In WRAP mode the accumulators hold a field halved: a field is its start s_r plus even
// terms 2 W_rj, so its low bit is s_r's, the same in every column of the row. They start
// at s_r >> 1 and add W_rj, one bit narrower (FIELD_W - 1 bits hold the halves of
// FIELD_W-bit fields exactly, and a half overflows its range iff the field overflows its
// own), and the field is {acc, s_r[0]}. Saturation does not halve (its limits are odd and
// even), so SAT keeps whole fields and adds 2 W_rj.
//
// Word skip: busy word k of a pass has its j read at cycle k (la_rd, from the look-ahead
// machine: in_xrd); j lands at k + 1 and addresses the tile buffer at k + 2, the weights
// land at k + 3 with the X word (read at k + 2, xr2) and are added at k + 4
// (datapath.LatSkipAdd).

`default_nettype none

module herd_pass #(
  parameter integer D         = 64,
  parameter integer T         = 2,
  parameter integer MODE_SH   = 1,
  parameter integer SKIP      = 0,
  parameter integer W_W       = 17,
  parameter integer FIELD_W   = 24,
  parameter integer FIELD_SAT = 0,
  parameter integer MAC_ACCS  = 8,    // accumulators in DSP blocks (HERD_ICE40_UP5K, WRAP mode)
  parameter integer CYW       = 13,
  parameter integer RL        = 4,    // SH: the readout latency the schedule counts on (datapath.ReadoutLatency)
  // derived (leave it)
  parameter integer AW = FIELD_W - ((FIELD_SAT == 0) ? 1 : 0)  // the accumulators' width
) (
  input  wire               clk,
  input  wire               rst,
  input  wire [CYW-1:0]     cyc,        // the core's cycle
  input  wire [CYW-1:0]     cyc_n,      // the next cycle's
  input  wire               in_pass, in_e_pass,
  input  wire               nx_pass, nx_e_pass, nx_writeback,
  input  wire               la_rd,      // word skip: the look-ahead cycle reads a busy word's j
  input  wire [15:0]        x_rd,       // the X word read a cycle ago
  input  wire [T*W_W-1:0]   tile_rd,    // the tile word read a cycle ago
  input  wire [T*FIELD_W-1:0] st,       // the start values (herd_prefetch)
  output wire [T*16-1:0]    z,          // the captured batch's z bits, row r at [16 r +: 16]
  output wire [AW-1:0]      rd_out,     // SH: the readout
  output wire               overflow,   // an add overflowed
  output reg                in_xrd,     // word skip: this cycle reads a busy word's j
  output reg                xr2,        // and this one its X word
  output reg                xr3         // and this one adds it
);
  localparam integer ASH = (FIELD_SAT == 0) ? 1 : 0;  // bits the accumulators drop
  /* verilator lint_off WIDTH */
  localparam [CYW-1:0] CY_1  = 1;
  localparam [CYW-1:0] CY_D1 = D + 1;
  /* verilator lint_on WIDTH */
  generate
    // A term is 2 W (SAT) or W (WRAP, halved): the accumulators must hold W_W + 1 or W_W bits.
    if (AW < W_W + 1 - ASH || W_W < 2) begin : g_bad_width
      herd_param_error_pass_field_not_wider_than_w bad ();
    end
  endgenerate
  function [AW-1:0] acc_w;  // a weight's term, 2 W halved or not, at the accumulators' width
    input [W_W-1:0] w;
    // w sign-extended to AW bits: its sign bit repeated AW - W_W + 1 times (at least once:
    // AW may equal W_W, and Verilog has no zero-width replication), then its other bits.
    acc_w = {{(AW-W_W+1){w[W_W-1]}}, w[W_W-2:0]} << (1 - ASH);
  endfunction

  reg arr_clear, arr_add, arr_all, arr_capture, arr_read;
  reg [15:0] arr_mask;
  reg [T*AW-1:0] arr_bus;
  herd_acc_array #(.B(16), .T(T), .FW(AW), .FSAT(FIELD_SAT), .READOUT(MODE_SH), .IN_REG(0),
                  .MAC(MAC_ACCS), .SCHED_RL(RL)) arr (
    .clk(clk), .clear(arr_clear), .add(arr_add), .all(arr_all), .colmask(arr_mask), .bus(arr_bus),
    .capture(arr_capture), .read(arr_read), .z(z), .rd_out(rd_out), .overflow(overflow)
  );
  wire nx_any_pass = nx_pass || nx_e_pass;
  reg xr1;
  always @(posedge clk) begin
    in_xrd <= !rst && la_rd;
    {xr1, xr2, xr3} <= {in_xrd, xr1, xr2};
  end
  wire before_1, before_d1;  // cyc_n < 1, D + 1 < cyc_n
  herd_lt #(.W(CYW)) lt_1 (.a(cyc_n), .b(CY_1), .lt(before_1));
  herd_lt #(.W(CYW)) lt_d1 (.a(CY_D1), .b(cyc_n), .lt(before_d1));
  integer ar;
  always @(posedge clk) begin
    // Controls act at the end of the cycle they are high in: set from the next state.
    arr_clear <= nx_any_pass && cyc_n == 0;
    arr_capture <= (nx_pass || nx_writeback) && cyc_n == 0;
    arr_add <= SKIP != 0 ? xr3 || (nx_pass && cyc_n == CY_1) : nx_any_pass && !before_1 && !before_d1;  // cycle 1: the start (all)
    arr_all <= nx_any_pass && cyc_n == CY_1;
    // SH: the readout starts at the last add's cycle and walks the array, still, to the pass's end.
    arr_read <= MODE_SH != 0 && nx_e_pass && cyc_n == CY_D1;
    // Data for the next cycle: the start values at cycle 0, else 2 W_rj of the tile word
    // read a cycle ago, and that cycle's X word.
    arr_mask <= x_rd;
    for (ar = 0; ar < T; ar = ar + 1)
      arr_bus[ar*AW +: AW] <= ((in_pass || in_e_pass) && cyc == 0) ? st[ar*FIELD_W + ASH +: AW] : acc_w(tile_rd[ar*W_W +: W_W]);
  end
endmodule

`default_nettype wire
