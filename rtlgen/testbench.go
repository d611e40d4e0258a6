package rtlgen

// What the testbench (hdl/herd_testbench.v) and the tools that run it share: the expected
// files it reads and the lines it prints.

// ExpectedFiles are the plusargs herd_tb reads its expected words from, by the vector
// set's logical names (testvectors.Name*): +x_star=FILE and so on.
var ExpectedFiles = []string{"x_star", "z_star", "cycles", "overflow", "w_final", "b_final", "c_final"}

// Verdict lines of herd_tb: PassLine alone on a line, MismatchPrefix at the start of the
// first mismatch's line (with +keep_going, of each expected file's first), FailPrefix at
// the start of a +keep_going run's last line when it found a mismatch.
const (
	PassLine       = "PASS"
	MismatchPrefix = "MISMATCH"
	FailPrefix     = "FAIL"
)

// IterPrefix starts herd_tb's progress lines, "ITER <t>": iterations 1..t are checked.
// herd_testbench prints one every max(1, T/100) iterations and at iteration T, flushed, so
// that a long run shows its progress (package sim reads them) in at most about 100 lines.
const IterPrefix = "ITER"
