package rtlgen

import (
	"fmt"
	"strings"
)

// What the testbench (herd_tb, tiled_tb.go) and the tools that run it share: the expected
// files it reads, the lines it prints, and the Verilog of its checks.

// ExpectedFiles are the plusargs herd_tb reads its expected words from, by the vector
// set's logical names (testvectors.Name*): +x_star=FILE and so on.
var ExpectedFiles = []string{"x_star", "z_star", "cycles", "overflow", "w_final", "b_final", "c_final"}

// Verdict lines of herd_tb: PassLine alone on a line, MismatchPrefix at the start of the
// first mismatch's line.
const (
	PassLine       = "PASS"
	MismatchPrefix = "MISMATCH"
)

// IterPrefix starts herd_tb's progress lines, "ITER <t>": iterations 1..t are checked. One
// comes every IterEvery(T) iterations and at iteration T, flushed, so that a long run can
// show its progress (package sim reads them) in fewer than 200 lines, whatever T.
const IterPrefix = "ITER"

// IterEvery is how many iterations pass between two of herd_tb's ITER lines.
func IterEvery(iterations int) int { return max(1, iterations/100) }

// iterLine is the Verilog that prints the ITER line of iteration count n (an integer
// variable or a parenthesised expression) when it is due; indent is the statement's
// indentation.
func iterLine(n, indent string) string {
	return fmt.Sprintf(`%[2]sif (%[1]s %% ITER_EVERY == 0 || %[1]s == T) begin
%[2]s  $display("%[3]s %%0d", %[1]s);
%[2]s  $fflush;
%[2]send
`, n, indent, IterPrefix)
}

// addExpected adds the testbench's expected-word memories (sized by localparams D, K, T,
// CW, W_W, B_W, C_W) and their check task (VW bits compared; the first mismatch prints
// the MISMATCH line and ends the run with $fatal).
func addExpected(m *module) {
	m.add("Expected words, from the vector set's files (plusargs).", `
reg [D-1:0] exp_x_star [0:T-1];
reg [K-1:0] exp_z_star [0:T-1];
reg [CW-1:0] exp_cycles [0:T-1];
reg exp_overflow [0:T-1];
reg [W_W-1:0] exp_w_final [0:K*D-1];
reg [B_W-1:0] exp_b_final [0:K-1];
reg [C_W-1:0] exp_c_final [0:D-1];
reg [8*1024-1:0] fname;
`)
	m.add("check: the first mismatch ends the run with a non-zero exit.", `
task check;
  input integer iter;
  input [8*8-1:0] name;
  input integer index;
  input [VW-1:0] expected;
  input [VW-1:0] got;
  begin
    if (expected !== got) begin
      $display("MISMATCH iteration=%0d name=%0s index=%0d expected=%0h got=%0h", iter, name, index, expected, got);
      $fatal(1, "herd_tb: mismatch");
    end
  end
endtask
`)
}

// expectedLoads is the Verilog that reads every expected file named by its plusarg.
func expectedLoads() string {
	var loads strings.Builder
	for _, f := range ExpectedFiles {
		fmt.Fprintf(&loads, "  if (!$value$plusargs(\"%[1]s=%%s\", fname)) $fatal(1, \"herd_tb: missing +%[1]s=FILE\");\n  $readmemh(fname, exp_%[1]s);\n", f)
	}
	return loads.String()
}
