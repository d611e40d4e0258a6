package rtlgen

import (
	"fmt"
	"strings"

	"herdsim/datapath"
)

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

// tbModule is herd_tb: the self-checking testbench. It runs the free-running core for the
// vector set's T iterations and compares, at every done pulse, x* and z* and the
// iteration's cycle count, and after the last one the final W, b and c (read from the
// lanes' banks and c_mem by hierarchical names). The first mismatch prints
// "MISMATCH iteration=<t> name=<file> index=<word> expected=<hex> got=<hex>" and ends
// with $fatal(1) (non-zero exit in vvp and in a verilated binary); all equal prints PASS.
// On the way it prints "ITER <t>" lines (IterPrefix).
func tbModule(a datapath.Arch, iterations int) *module {
	m := &module{name: "herd_tb", comment: `herd_tb: self-checking testbench of herd_core against a vector set (testvectors format 2).
Plusargs: +x_star=FILE +z_star=FILE +cycles=FILE +overflow=FILE +w_final=FILE +b_final=FILE +c_final=FILE
(the vector set's files), optional +vcd=FILE to dump a VCD. The core's memory images
(x.hex, c.hex, w_bank<l>.hex, b_bank<l>.hex) are read from the working directory.`}
	m.add("Sizes of the Arch and of the vector set (T iterations), as herd_core has them.", fmt.Sprintf(`
localparam K = %d;
localparam D = %d;
localparam L = %d;
localparam G = (K + L - 1) / L;
localparam T = %d;
localparam ITER_EVERY = %d;  // an ITER line every this many iterations, and at T
localparam W_W = %d;
localparam B_W = %d;
localparam C_W = %d;
localparam CW = 32;  // width of a cycles word
localparam VW = %s;  // compared words: wider than every word (and a cycle count)
`, a.K, a.D, a.Lanes, iterations, IterEvery(iterations), a.Spec(datapath.RegW).Format.Word, a.Spec(datapath.RegB).Format.Word, a.Spec(datapath.RegC).Format.Word,
		"((D > K ? D : K) > 64 ? (D > K ? D : K) : 64) + 1"))
	m.add("Clock, reset and the core.", `
reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk <= ~clk;
wire done, overflow;
wire [D-1:0] x_star;
wire [K-1:0] z_star;
herd_core dut (.clk(clk), .rst(rst), .done(done), .x_star(x_star), .z_star(z_star), .overflow(overflow));
`)
	loads := expectedLoads()
	addExpected(m)
	var fin strings.Builder
	for l := 0; l < a.Lanes; l++ {
		fmt.Fprintf(&fin, `  for (g = 0; g < G; g = g + 1)
    if (g * L + %[1]d < K) begin
      check(T, "b_final", g * L + %[1]d, {{(VW-B_W){1'b0}}, exp_b_final[g * L + %[1]d]}, {{(VW-B_W){1'b0}}, dut.lane%[1]d.b_mem[g]});
      for (jj = 0; jj < D; jj = jj + 1)
        check(T, "w_final", (g * L + %[1]d) * D + jj, {{(VW-W_W){1'b0}}, exp_w_final[(g * L + %[1]d) * D + jj]}, {{(VW-W_W){1'b0}}, dut.lane%[1]d.w_mem[g * D + jj]});
    end
`, l)
	}
	m.add("Every done cycle (sampled at the falling edge, when the outputs are stable): x*, z*, the\ncycle count (from the first cycle after reset, or after the previous done); after\niteration T the final W, b and c, then PASS. A run longer than expected is a cycles mismatch.", `
integer t, cyc, g, jj;
task check_final;
  begin
`+fin.String()+`    for (jj = 0; jj < D; jj = jj + 1)
      check(T, "c_final", jj, {{(VW-C_W){1'b0}}, exp_c_final[jj]}, {{(VW-C_W){1'b0}}, dut.c_mem[jj]});
  end
endtask
initial begin
`+loads+`  if ($value$plusargs("vcd=%s", fname)) begin
    $dumpfile(fname);
    $dumpvars(0, herd_tb);
  end
  repeat (2) @(negedge clk);
  rst = 1'b0;  // the next rising edge runs iteration 1's first cycle
`+iterationChecks+`end
`)
	return m
}

// addExpected adds both testbenches' expected-word memories (sized by localparams D, K, T,
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

// iterationChecks is the lane testbench's run from the first cycle of iteration 1 (cyc
// counts its cycles): at every done, x*, z*, the cycle count and the overflow flag (and
// the ITER line when due); a run longer than expected is a cycles mismatch; at iteration
// T's done, the final weights (task check_final), then PASS.
var iterationChecks = `  cyc = 0;
  for (t = 0; t < T; t = t + 0) begin
    cyc = cyc + 1;
    if (done) begin
      check(t + 1, "x_star", t, {{(VW-D){1'b0}}, exp_x_star[t]}, {{(VW-D){1'b0}}, x_star});
      check(t + 1, "z_star", t, {{(VW-K){1'b0}}, exp_z_star[t]}, {{(VW-K){1'b0}}, z_star});
      check(t + 1, "cycles", t, {{(VW-CW){1'b0}}, exp_cycles[t]}, {{(VW-32){1'b0}}, cyc});
      check(t + 1, "overflow", t, {{(VW-1){1'b0}}, exp_overflow[t]}, {{(VW-1){1'b0}}, overflow});
      cyc = 0;
      t = t + 1;
` + iterLine("t", "      ") + `    end else if (cyc > exp_cycles[t]) begin
      check(t + 1, "cycles", t, {{(VW-CW){1'b0}}, exp_cycles[t]}, {{(VW-32){1'b0}}, cyc});
    end
    if (t < T) @(negedge clk);
  end
  check_final;
  $display("overflow=%0d", overflow);
  $display("PASS");
  $finish;
`
