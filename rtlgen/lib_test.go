package rtlgen

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runAccArrayTB runs hdl/herd_acc_array_tb.v in Icarus on the given module text with the
// given parameters and returns its output; extra are more iverilog arguments (defines,
// the iCE40 cell models).
func runAccArrayTB(t *testing.T, module string, params map[string]int, extra ...string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	tb, err := hdlFS.ReadFile("hdl/herd_acc_array_tb.v")
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"tb.v": string(tb), "m.v": module} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"-g2005", "-Wall", "-o", "tb.vvp"}
	for k, v := range params {
		args = append(args, "-P", fmt.Sprintf("herd_acc_array_tb.%s=%d", k, v))
	}
	args = append(args, extra...)
	args = append(args, "tb.v", "m.v")
	build := exec.Command("iverilog", args...)
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("iverilog: %v\n%s", err, out)
	}
	run := exec.Command("vvp", "-n", "tb.vvp")
	run.Dir = dir
	out, err := run.CombinedOutput()
	return string(out), err
}

// TestAccArray: the accumulator array matches its behavioural model cycle for cycle (the
// accumulators, z, the readout and the overflow flag, at the documented latencies) in both
// overflow modes, with and without the readout and the input register, at widths narrow
// enough to overflow and at tree shapes of one to three levels above the pairs; and the
// testbench fails when the module adds wrongly, misses an overflow or reads out of order.
func TestAccArray(t *testing.T) {
	if _, err := exec.LookPath("iverilog"); err != nil {
		t.Skip("iverilog not on PATH (apt-get install iverilog)")
	}
	module := HDLSource(AccArrayFile)
	for _, p := range []map[string]int{
		{"B": 16, "T": 4, "FW": 22, "FSAT": 0, "READOUT": 0}, // USPS H's shape (T = 4, field 22)
		{"B": 16, "T": 4, "FW": 10, "FSAT": 1, "READOUT": 1},
		{"B": 4, "T": 2, "FW": 6, "FSAT": 0, "READOUT": 1, "IN_REG": 1},
		{"B": 4, "T": 3, "FW": 5, "FSAT": 1, "READOUT": 0},
		{"B": 4, "T": 2, "FW": 6, "FSAT": 0, "READOUT": 1, "MAC": 3}, // behavioural DSP accumulators
		{"B": 4, "T": 1, "FW": 5, "FSAT": 0, "READOUT": 1},           // two pairs: one level above them
		{"B": 16, "T": 2, "FW": 7, "FSAT": 0, "READOUT": 1},          // SH's shape at T = 2
		{"B": 16, "T": 3, "FW": 6, "FSAT": 1, "READOUT": 1, "IN_REG": 1},
	} {
		t.Run(fmt.Sprint(p), func(t *testing.T) {
			out, err := runAccArrayTB(t, module, p)
			if err != nil || !strings.Contains(out, "PASS") {
				t.Fatalf("%v\n%s", err, out)
			}
		})
	}
	broken := strings.Replace(module, "wire [FW:0] sum = acc_q + {addend[FW-1], addend};", "wire [FW:0] sum = acc_q + {addend[FW-1], addend} + {{FW{1'b0}}, (acc_q == 3)};", 1)
	if broken == module {
		t.Fatal("the mutation did not apply: the module's adder line changed")
	}
	out, err := runAccArrayTB(t, broken, map[string]int{"B": 4, "T": 2, "FW": 6, "FSAT": 0, "READOUT": 1})
	if err == nil || !strings.Contains(out, "MISMATCH") {
		t.Fatalf("a wrong add passed the testbench: %v\n%s", err, out)
	}
	// An overflow check that misses every odd accumulator must fail.
	blind := strings.Replace(module, "(rng_g[(2*oa+1 < N_ACC) ? 2*oa+1 : 0] ^ rng_t[(2*oa+1 < N_ACC) ? 2*oa+1 : 0])", "1'b0", 1)
	if blind == module {
		t.Fatal("the mutation did not apply: the overflow check's pair level changed")
	}
	out, err = runAccArrayTB(t, blind, map[string]int{"B": 4, "T": 2, "FW": 6, "FSAT": 0, "READOUT": 1})
	if err == nil || !strings.Contains(out, "MISMATCH") {
		t.Fatalf("an overflow check blind to half the accumulators passed the testbench: %v\n%s", err, out)
	}
	// A readout whose pairs are taken the other way round (place 2a+1 first) must fail.
	swapped := strings.Replace(module, "{FW{sel[2*a]}}", "{FW{sel[(2*a+1 < N_ACC) ? 2*a+1 : 0]}}", 1)
	swapped = strings.Replace(swapped, "{FW{sel[(2*a+1 < N_ACC) ? 2*a+1 : 0]}}) : {FW{1'b0}}", "{FW{sel[2*a]}}) : {FW{1'b0}}", 1)
	if swapped == module {
		t.Fatal("the mutation did not apply: the readout's pair level changed")
	}
	out, err = runAccArrayTB(t, swapped, map[string]int{"B": 4, "T": 2, "FW": 6, "FSAT": 0, "READOUT": 1})
	if err == nil || !strings.Contains(out, "MISMATCH") {
		t.Fatalf("a readout out of order passed the testbench: %v\n%s", err, out)
	}
}

// TestAccArrayMAC: with the UP5K's primitives (UP5KDefine, Yosys's SB_MAC16 model) the
// accumulators in DSP blocks match the behavioural model cycle for cycle, z, chain and
// overflow included, at widths that overflow (6 bits) and at USPS's (22 bits, above one
// 16-bit half); and a DSP configured wrongly (the halves' carry cut) fails.
func TestAccArrayMAC(t *testing.T) {
	if _, err := exec.LookPath("iverilog"); err != nil {
		t.Skip("iverilog not on PATH (apt-get install iverilog)")
	}
	cells, err := ICE40CellModels()
	if err != nil {
		t.Skip(err)
	}
	module := HDLSource(AccArrayFile)
	up5k := []string{"-g2012", "-DNO_ICE40_DEFAULT_ASSIGNMENTS", "-D" + UP5KDefine, cells}
	for _, p := range []map[string]int{
		{"B": 4, "T": 2, "FW": 6, "FSAT": 0, "READOUT": 1, "MAC": 8},
		{"B": 16, "T": 2, "FW": 22, "FSAT": 0, "READOUT": 0, "MAC": 8, "IN_REG": 1},
	} {
		t.Run(fmt.Sprint(p), func(t *testing.T) {
			out, err := runAccArrayTB(t, module, p, up5k...)
			if err != nil || !strings.Contains(out, "PASS") {
				t.Fatalf("%v\n%s", err, out)
			}
		})
	}
	broken := strings.Replace(module, ".TOPADDSUB_CARRYSELECT(2'd2)", ".TOPADDSUB_CARRYSELECT(2'd0)", 1)
	if broken == module {
		t.Fatal("the mutation did not apply: the SB_MAC16's carry select changed")
	}
	out, err := runAccArrayTB(t, broken, map[string]int{"B": 16, "T": 2, "FW": 22, "FSAT": 0, "READOUT": 0, "MAC": 8}, up5k...)
	if err == nil || !strings.Contains(out, "MISMATCH") {
		t.Fatalf("a DSP accumulator without its carry passed the testbench: %v\n%s", err, out)
	}
}
