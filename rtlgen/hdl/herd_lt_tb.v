// herd_lt_tb: every pair of W-bit operands through herd_lt against a < b (run it with
// SYNTHESIS defined: the gates synthesis builds; simulators take a < b). Prints PASS, or
// FAIL and stops with a non-zero exit.

`default_nettype none

module herd_lt_tb #(
  parameter integer W = 5
) ();
  reg [W-1:0] a, b;
  wire lt;
  herd_lt #(.W(W)) dut (.a(a), .b(b), .lt(lt));
  integer i, j;
  initial begin
    for (i = 0; i < (1 << W); i = i + 1)
      for (j = 0; j < (1 << W); j = j + 1) begin
        a = i;
        b = j;
        #1;
        if (lt !== (i < j)) begin
          $display("FAIL %0d < %0d: got %0b", i, j, lt);
          $fatal(1, "herd_lt_tb");
        end
      end
    $display("PASS");
    $finish;
  end
endmodule

`default_nettype wire
