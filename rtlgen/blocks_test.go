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
	args := append([]string{"-g2005", "-Wall", "-s", top, "-o", "tb.vvp"}, tbDefines[tb]...)
	for k, v := range tbFacts[tb] {
		args = append(args, "-P", fmt.Sprintf("%s.%s=%d", top, k, v))
	}
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

// tbFacts are a testbench's parameters that datapath describes: set from it for every run.
var tbFacts = map[string]map[string]int{"herd_load_tb.v": {"JPC": datapath.SkipPopShift}}

// tbDefines are a testbench's macros: herd_lt_tb checks the gates synthesis builds.
var tbDefines = map[string][]string{"herd_lt_tb.v": {"-DSYNTHESIS"}}

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
	// The command stream: the ops as rtlgen numbers them and permuted; other seeds. The
	// mutation lets an iteration that begins with a RUN count down the RUN's count too.
	{"herd_cmd_tb.v", []string{"herd_cmd.v"},
		[]map[string]int{nil, {"OP_RUN": 2, "OP_STOP": 0, "OP_READ": 3}, {"SEED": 2}, {"SEED": 3, "OP_RUN": 1, "OP_STOP": 3, "OP_READ": 0}},
		"herd_cmd.v", "todo <= cmd_d[13:0];", "todo <= cmd_d[13:0] - {13'd0, begin_it};"},
	// Word skip's pass lengths and windows: mixed busy-word lists, none busy, every word
	// busy, one batch, two pixels. The mutation closes la_st at L_b instead of L_(b-1).
	{"herd_skip_tb.v", []string{"herd_skip.v", "herd_ram.v"},
		[]map[string]int{{"D": 64, "NB": 8, "LMODE": 2, "SEED": 1}, {"D": 64, "NB": 8, "LMODE": 2, "SEED": 2},
			{"D": 64, "NB": 8, "LMODE": 0}, {"D": 64, "NB": 8, "LMODE": 1}, {"D": 2, "NB": 1, "LMODE": 2},
			{"D": 5, "NB": 3, "LMODE": 2, "SEED": 2}, {"D": 16, "NB": 7, "LMODE": 2, "SEED": 3}},
		"herd_skip.v", "la_st <= la_st && cyc_aj != st_last;", "la_st <= la_st && cyc_aj != rd_last;"},
	// The records: padded x* and z* with an iteration past 2^16 cycles; the default data's
	// sizes; the smallest record (64 slots); 8 slots; 2 slots of 66 beats; z* padded only.
	// The mutation sets the buffer's full flag a cycle late after a commit: DONE's second
	// cycle does not hold for the record just committed.
	{"herd_record_tb.v", []string{"herd_record.v", "herd_ram.v", "herd_lt.v"},
		[]map[string]int{{"K": 20, "D": 40, "PW": 3}, {"K": 16, "D": 64, "PW": 2, "LONG": 0},
			{"K": 3, "D": 5, "PW": 1, "ITERS": 250, "LONG": 0}, {"K": 50, "D": 256, "PW": 3, "ITERS": 48, "LONG": 0},
			{"K": 16, "D": 1000, "PW": 3, "ITERS": 24, "LONG": 0}, {"K": 17, "D": 16, "PW": 2, "SEED": 3, "LONG": 0}},
		"herd_record.v", "2'b10: begin full_q <= filled >= SLOTS_M2;", "2'b10: begin full_q <= filled >= SLOTS_M1;"},
	// The load: sum x saturating and wrapping, the default data's sizes, the smallest
	// sizes (one vector, 2-bit b, 32-bit c); word skip saturating at -N and wrapping, with
	// a 10-bit SPRAM address, and two pixels; W words of eight lanes, six b values a word. The mutation counts the last batch's padding
	// vectors in sum x.
	{"herd_load_tb.v", []string{"herd_load.v", "herd_ram.v", "herd_cast.v"},
		[]map[string]int{{"K": 5, "D": 8, "N": 40}, {"K": 5, "D": 8, "N": 40, "POSITIVE_SAT": 0},
			{"K": 16, "D": 64, "N": 128, "B_W": 16, "C_W": 16, "POSITIVE_W": 9, "POSITIVE_SAT": 0, "W_WORDS": 128},
			{"K": 1, "D": 4, "N": 1, "PW": 1, "B_W": 2, "C_W": 32, "W_WORDS": 1},
			{"K": 4, "D": 8, "N": 48, "PW": 2, "SKIP": 1, "B_W": 20, "C_W": 16},
			{"K": 4, "D": 8, "N": 48, "PW": 2, "SKIP": 1, "B_W": 20, "C_W": 16, "POSITIVE_SAT": 0, "LSEED": 2},
			{"K": 16, "D": 64, "N": 100, "SKIP": 1, "B_W": 16, "C_W": 9, "POSITIVE_W": 9, "POSITIVE_SAT": 0, "XAW": 10, "JBASE": 512, "W_WORDS": 64},
			{"K": 1, "D": 2, "N": 17, "PW": 1, "SKIP": 1, "B_W": 32, "C_W": 1, "W_WORDS": 1, "LSEED": 3},
			{"K": 20, "D": 8, "N": 40, "WL": 8, "PW": 6, "B_W": 20, "W_WORDS": 32}},
		"herd_load.v", "ls_valid <= lw_lastb ? LAST_VALID5 : 5'd16;", "ls_valid <= 5'd16;"},
	// The link against a hostile host: 48 random frames here (TestLinkRandomFrames runs
	// 100,000 in Verilator). The mutation takes the frame silence away: a cut-off frame
	// swallows the next.
	{"herd_link_tb.v", linkTBModules, []map[string]int{{"FRAMES": 48}},
		"herd_link.v", "if (rst || quiet[QUIET_LOG2]) begin", "if (rst) begin"},
}

// linkTBModules are what herd_link_tb runs: the link and the UART it shares with the host.
var linkTBModules = []string{"herd_link.v", "herd_uart_tx.v", "herd_uart_rx.v", "herd_crc16.v", "herd_ram.v"}

// TestLinkRandomFrames: herd_link_tb with 100,000 random frames in Verilator (about 20 s):
// every whole frame answered with its seq and an allowed status, cut-off frames and garbage
// answered by nothing, RESET and IDENT answered and the streams working after every 16.
// And the same testbench fails within 2,000 frames on the link with the window this test
// found: a RECORD frame that starts in a RESET's first cycle waits for a core in reset for
// ever, so the link answers nothing again (the stand-in core offers a record in that cycle
// at half the RESETs).
func TestLinkRandomFrames(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: 100,000 frames take about 20 s")
	}
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not on PATH (apt-get install verilator): the link's random frames are not run")
	}
	link := HDLSource("herd_link.v")
	out, err := runLinkTB(t, link, 100_000)
	if err != nil || !strings.Contains(out, "PASS 100000 frames") {
		t.Fatalf("%v\n%s", err, out)
	}
	t.Log(strings.TrimSpace(out))
	fix := " && !x_rst && (want_rec || want_rd);"
	mutated := strings.Replace(link, fix, " && !core_rst && (want_rec || want_rd);", 1)
	if mutated == link {
		t.Fatalf("herd_link.v has no %q", fix)
	}
	modules := map[string]string{}
	for _, m := range linkTBModules {
		modules[m] = HDLSource(m)
	}
	modules["herd_link.v"] = mutated
	out, err = runBlockTB(t, "herd_link_tb.v", modules, map[string]int{"FRAMES": 2000}) // in Icarus: it fails early
	if err == nil || !strings.Contains(out, "FAIL a frame was not answered") {
		t.Fatalf("the link without the RESET guard passed: %v\n%s", err, out)
	}
}

// runLinkTB builds herd_link_tb with the link source link in Verilator and runs it for
// frames frames.
func runLinkTB(t *testing.T, link string, frames int) (string, error) {
	t.Helper()
	dir := t.TempDir()
	files := append([]string{"herd_link_tb.v"}, linkTBModules...)
	for _, f := range files {
		text := HDLSource(f)
		if f == "herd_link.v" {
			text = link
		}
		if err := os.WriteFile(filepath.Join(dir, f), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := append([]string{"--binary", "--timing", "-O1", "-Wno-fatal", "-Wno-lint", "-Wno-style", "--top-module", "herd_link_tb",
		fmt.Sprintf("-GFRAMES=%d", frames), "-j", "2", "--Mdir", "obj", "-o", "tb", "-MAKEFLAGS", "OPT_FAST=-O1 OPT_SLOW=-O0"}, files...)
	build := exec.Command("verilator", args...)
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("verilator: %v\n%s", err, out)
	}
	run := exec.Command(filepath.Join(dir, "obj", "tb"))
	run.Dir = dir
	out, err := run.CombinedOutput()
	return string(out), err
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
			// Both sides of a SYNTHESIS switch (herd_lt's gates, as Yosys reads them).
			for _, synthesis := range []string{"-DHERD_NO_SYNTHESIS", "-DSYNTHESIS"} {
				args := []string{"--lint-only", "-Wall", "-DHERD_NO_PLL", synthesis, "-y", dir, "--top-module", strings.TrimSuffix(f, ".v")}
				if f == TestbenchFile {
					args = append(args, "--timing")
				}
				out, err := exec.Command("verilator", append(args, filepath.Join(dir, f))...).CombinedOutput()
				if err != nil || strings.TrimSpace(string(out)) != "" {
					t.Errorf("verilator lint %s: %v\n%s", synthesis, err, out)
				}
			}
		})
	}
}

// defaultsArch is the Arch herd_tiled_core's parameter defaults describe: the default
// data's (K = 16, D = 64, N = 128), mode SH, a tile of 3, lossless over 2 iterations.
func defaultsArch() datapath.Arch {
	return datapath.DefaultArch(16, 64, 128, 3, herding.DefaultSweeps, 2, herding.ModeSH, false)
}

// TestParamChecksStopElaboration: a parameter set that disagrees with itself or with the
// schedule stops Verilator's elaboration with the check's name (the same mechanism stops
// Icarus and Yosys), so a wrong wrapper cannot build a core that is off by a cycle.
func TestParamChecksStopElaboration(t *testing.T) {
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not on PATH (apt-get install verilator): elaboration checks not run")
	}
	dir := t.TempDir()
	for _, f := range HDLFiles {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(HDLSource(f)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		top, check string
		params     []string
	}{
		// 48 accumulators: 24 pairs, three OR4 levels: READ_LATENCY 5 = datapath.ReadoutLatency(3)
		{"herd_acc_array", "", []string{"-GREADOUT=1", "-GT=3", "-GSCHED_RL=5"}},
		{"herd_acc_array", "herd_param_error_acc_array_readout_latency_disagrees_with_the_schedule", []string{"-GREADOUT=1", "-GT=3", "-GSCHED_RL=7"}},
		{"herd_writeback", "herd_param_error_writeback_first_write_is_7_plus_word_skips_stage", []string{"-GWB_FIRST=9"}},
		{"herd_tiled_core", "herd_param_error_core_sizes_disagree_with_the_arch", []string{"-GK=17"}},
	}
	for _, c := range cases {
		args := append([]string{"--lint-only", "-Wall", "-Wno-UNUSEDPARAM", "-DHERD_NO_PLL", "-y", dir, "--top-module", c.top}, c.params...)
		out, err := exec.Command("verilator", append(args, filepath.Join(dir, c.top+".v"))...).CombinedOutput()
		if c.check == "" {
			if err != nil {
				t.Errorf("%s %v: a consistent set fails: %v\n%s", c.top, c.params, err, out)
			}
			continue
		}
		if err == nil || !strings.Contains(string(out), c.check) {
			t.Errorf("%s %v: want elaboration stopped by %s, got %v\n%s", c.top, c.params, c.check, err, out)
		}
	}
}
