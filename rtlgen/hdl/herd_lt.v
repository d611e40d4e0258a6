// herd_lt: a < b for unsigned W-bit operands, written as gates from the top bit down. The
// core compares its counters with constants; Yosys builds "x < C" as a carry chain, a
// logic cell a bit, where these gates fold with the constant to a few LUTs.
// Combinational.

`default_nettype none

module herd_lt #(
  parameter integer W = 8
) (
  input  wire [W-1:0] a,
  input  wire [W-1:0] b,
  output reg          lt
);
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
endmodule

`default_nettype wire
