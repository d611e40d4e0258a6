// herd_cast: a register's write (docs/spec.md, "Registers"): the exact value v, XW bits of
// two's complement, stored in a W-bit register that wraps (SAT = 0: the low W bits) or
// saturates (SAT = 1: the nearest of -2^(W-1) and 2^(W-1) - 1), exactly datapath's
// register cast. fits says whether v is in the register's range; top is v's top XW - W + 1
// bits, all equal iff it fits, for a range check registered a cycle after the add that
// made v (herd_misfit's test: (|top) && !(&top)). Combinational.

`default_nettype none

module herd_cast #(
  parameter integer XW  = 9,  // the exact value's width, more than W
  parameter integer W   = 8,  // the register's width
  parameter integer SAT = 0   // 0: wrap, 1: saturate
) (
  input  wire [XW-1:0] v,
  output wire [W-1:0]  q,     // the value stored
  output wire          fits,  // v is in range
  output wire [XW-W:0] top    // v's top bits: all equal iff it fits
);
  generate
    if (XW <= W) begin : g_bad_width
      herd_param_error_cast_needs_XW_above_W bad ();
    end
  endgenerate
  assign top = v[XW-1:W-1];
  assign fits = &top || !(|top);
  wire [W-1:0] limit = v[XW-1] ? {1'b1, {(W-1){1'b0}}} : {1'b0, {(W-1){1'b1}}};
  assign q = (SAT == 0 || fits) ? v[W-1:0] : limit;
endmodule

`default_nettype wire
