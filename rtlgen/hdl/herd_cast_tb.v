// herd_cast_tb: every exact value of XW bits through herd_cast against the register's
// definition (docs/spec.md, "Registers"): wrap keeps the low W bits; saturation clamps to
// [-2^(W-1), 2^(W-1) - 1]; fits iff the value is in that range; top is the value's top
// XW - W + 1 bits. Prints PASS, or FAIL and stops with a non-zero exit.

`default_nettype none

module herd_cast_tb #(
  parameter integer XW  = 7,
  parameter integer W   = 4,
  parameter integer SAT = 1
) ();
  reg [XW-1:0] v;
  wire [W-1:0] q;
  wire fits;
  wire [XW-W:0] top;
  herd_cast #(.XW(XW), .W(W), .SAT(SAT)) dut (.v(v), .q(q), .fits(fits), .top(top));
  integer i, val, lo, hi, want;
  reg want_fits;
  initial begin
    lo = -(1 << (W - 1));
    hi = (1 << (W - 1)) - 1;
    for (i = 0; i < (1 << XW); i = i + 1) begin
      v = i;
      #1;
      val = (i >= (1 << (XW - 1))) ? i - (1 << XW) : i;  // v as a signed number
      want_fits = val >= lo && val <= hi;
      want = (SAT != 0 && val < lo) ? lo : (SAT != 0 && val > hi) ? hi : val;
      if (fits !== want_fits || q !== want[W-1:0] || top !== v[XW-1:W-1]) begin
        $display("FAIL v=%0d: q=%0h fits=%0b top=%0h, want q=%0h fits=%0b", val, q, fits, top, want[W-1:0], want_fits);
        $fatal(1, "herd_cast_tb");
      end
    end
    $display("PASS");
    $finish;
  end
endmodule

`default_nettype wire
