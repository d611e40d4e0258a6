package rtlgen

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"herdsim/datapath"
	"herdsim/herding"
)

// runBlockTB runs testbench tb (a file of hdl/) in Icarus on the modules given by their
// file names and texts, with the testbench's parameters set, and returns its output.
func runBlockTB(t *testing.T, tb string, modules map[string]string, params map[string]int) (string, error) {
	t.Helper()
	dir := t.TempDir()
	files := []string{tb}
	if err := os.WriteFile(filepath.Join(dir, tb), []byte(HDLSource(tb)), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, text := range modules {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	top := strings.TrimSuffix(tb, ".v")
	args := []string{"-g2005", "-Wall", "-s", top, "-o", "tb.vvp"}
	for k, v := range params {
		args = append(args, "-P", fmt.Sprintf("%s.%s=%d", top, k, v))
	}
	build := exec.Command("iverilog", append(args, files...)...)
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("iverilog: %v\n%s", err, out)
	}
	run := exec.Command("vvp", "-n", "tb.vvp")
	run.Dir = dir
	out, err := run.CombinedOutput()
	return string(out), err
}

// A blockTB is a block's testbench: the modules it tests, parameter sets it must pass, and
// a mutation of one module (old to new) it must fail, proving that it checks something.
type blockTB struct {
	tb      string
	modules []string
	params  []map[string]int
	file    string // the mutated module
	old     string
	new     string
}

var blockTBs = []blockTB{
	{"herd_cast_tb.v", []string{"herd_cast.v"},
		[]map[string]int{{"XW": 7, "W": 4, "SAT": 1}, {"XW": 7, "W": 4, "SAT": 0}, {"XW": 6, "W": 2, "SAT": 1}, {"XW": 9, "W": 8, "SAT": 1}},
		"herd_cast.v", "{1'b0, {(W-1){1'b1}}}", "{1'b0, {(W-1){1'b1}}} - 1'b1"},
	{"herd_lt_tb.v", []string{"herd_lt.v"},
		[]map[string]int{{"W": 1}, {"W": 5}},
		"herd_lt.v", "lt = lt | (eq & ~a[k] & b[k]);", "lt = lt | (eq & ~a[k] & b[k]) | (eq & (k == 0));"},
	{"herd_ram_tb.v", []string{"herd_ram.v"},
		[]map[string]int{{"W": 12, "DEPTH": 24, "SLOTS": 3}, {"W": 12, "DEPTH": 16, "SLOTS": 1}, {"W": 12, "DEPTH": 3, "SLOTS": 2}},
		"herd_ram.v", "if (we[s]) mem[wa][s*SW +: SW]", "if (we[0]) mem[wa][s*SW +: SW]"},
	{"herd_crc16_tb.v", []string{"herd_crc16.v"}, []map[string]int{nil},
		"herd_crc16.v", "16'h1021", "16'h8005"},
	{"herd_uart_tb.v", []string{"herd_uart_tx.v", "herd_uart_rx.v"},
		[]map[string]int{{"BAUD_DIV": 7}, {"BAUD_DIV": 10}, {"BAUD_DIV": 4}},
		"herd_uart_rx.v", "sh <= {rx_s[1], sh[7:1]}", "sh <= {sh[6:0], rx_s[1]}"},
}

// TestBlocks: each block's own testbench passes at several parameter sets, and fails on a
// mutation of the block.
func TestBlocks(t *testing.T) {
	if _, err := exec.LookPath("iverilog"); err != nil {
		t.Skip("iverilog not on PATH (apt-get install iverilog)")
	}
	for _, b := range blockTBs {
		t.Run(b.tb, func(t *testing.T) {
			modules := map[string]string{}
			for _, m := range b.modules {
				modules[m] = HDLSource(m)
			}
			for _, p := range b.params {
				out, err := runBlockTB(t, b.tb, modules, p)
				if err != nil || !strings.Contains(out, "PASS") {
					t.Fatalf("%v: %v\n%s", p, err, out)
				}
			}
			mutated := strings.Replace(modules[b.file], b.old, b.new, 1)
			if mutated == modules[b.file] {
				t.Fatalf("the mutation did not apply: %s has no %q", b.file, b.old)
			}
			modules[b.file] = mutated
			out, err := runBlockTB(t, b.tb, modules, b.params[0])
			if err == nil || !strings.Contains(out, "FAIL") {
				t.Fatalf("%s with %q for %q passed its testbench: %v\n%s", b.file, b.new, b.old, err, out)
			}
		})
	}
}

// TestHDLLintOnItsOwn: every hand-written source is lint-clean under verilator
// --lint-only -Wall as the top module, at its parameters' defaults, with the other sources
// (and, for the modules that instantiate them, the generated herd_phases and herd_core of
// the Arch the defaults describe: the default data's, mode SH, K = 16, T = 3) beside it.
func TestHDLLintOnItsOwn(t *testing.T) {
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not on PATH (apt-get install verilator): lint not run")
	}
	a := defaultsArch()
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string]string{PhasesFile: phasesModule(a).render(), CoreFile: wrapperModule(a).render()}
	all := append(append([]string{TestbenchFile}, HDLFiles...), BoardHDLFiles...)
	for _, f := range all {
		files[f] = HDLSource(f)
	}
	for n, v := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(v), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range all {
		t.Run(f, func(t *testing.T) {
			args := []string{"--lint-only", "-Wall", "-DHERD_NO_PLL", "-y", dir, "--top-module", strings.TrimSuffix(f, ".v")}
			if f == TestbenchFile {
				args = append(args, "--timing")
			}
			out, err := exec.Command("verilator", append(args, filepath.Join(dir, f))...).CombinedOutput()
			if err != nil || strings.TrimSpace(string(out)) != "" {
				t.Errorf("verilator lint: %v\n%s", err, out)
			}
		})
	}
}

// defaultsArch is the Arch herd_tiled_core's parameter defaults describe: the default
// data's (K = 16, D = 64, N = 128), mode SH, a tile of 3, lossless over 2 iterations.
func defaultsArch() datapath.Arch {
	a := datapath.DefaultArch(16, 64, 128, 1, herding.DefaultSweeps, 2, herding.ModeSH, false)
	a.Lanes, a.Tile = 0, 3
	return a
}
