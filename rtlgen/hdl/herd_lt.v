// herd_lt: a < b for unsigned W-bit operands, written for synthesis (SYNTHESIS, which Yosys
// defines) as gates from the top bit down: the core compares its counters with constants,
// and Yosys builds "x < C" as a carry chain, a logic cell a bit, where these gates fold with
// the constant to a few LUTs. Simulators take a < b (herd_lt_tb checks the gates against
// it, with SYNTHESIS defined). Combinational.

`default_nettype none

module herd_lt #(
  parameter integer W = 8
) (
  input  wire [W-1:0] a,
  input  wire [W-1:0] b,
  output reg          lt
);
`ifdef SYNTHESIS
  integer k;
  reg eq;
  always @* begin
    lt = 1'b0;
    eq = 1'b1;
    for (k = W - 1; k >= 0; k = k - 1) begin
      lt = lt | (eq & ~a[k] & b[k]);
      eq = eq & (a[k] == b[k]);
    end
  end
`else
  always @* lt = a < b;  // the same function; the gates' loop costs a simulator a third of its time
`endif
endmodule

`default_nettype wire
