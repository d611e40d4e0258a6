package rtlgen

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// cellModelTestbenches are each family's model testbench (hdl/cells/) and a mutation of
// its model that the testbench must catch.
var cellModelTestbenches = map[string]struct {
	tb, from, to string
}{
	// Read-before-write shows the output it had instead of the old word.
	"ecp5": {"ecp5_dp16kd_tb.v", `(WRITEMODE_A == "READBEFOREWRITE") ? old_a`, `(WRITEMODE_A == "READBEFOREWRITE") ? lat_a`},
	// Write mode 2 (read before write) shows the output it had instead of the old word.
	"gowin": {"gowin_bsram_tb.v", `(WRITE_MODE_A == 2) ? old_a`, `(WRITE_MODE_A == 2) ? lat_a`},
	// A WRITE_FIRST port shows the old word.
	"xilinx": {"xilinx_ramb18e1_tb.v", `if (WRITE_MODE_A == "WRITE_FIRST")`, `if (1'b0)`},
}

func cellFile(t *testing.T, name string) string {
	t.Helper()
	data, err := cellsFS.ReadFile("hdl/cells/" + name)
	require.NoError(t, err)
	return string(data)
}

// runCellTB runs a model testbench in Icarus with the model's text, returning its output.
func runCellTB(t *testing.T, tb, model string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tb.v"), []byte(cellFile(t, tb)), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "model.v"), []byte(model), 0o644))
	require.NoError(t, writeCellIncludes(dir))
	build := exec.Command("iverilog", "-g2012", "-o", "tb.vvp", "tb.v", "model.v")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		return string(out), err
	}
	run := exec.Command("vvp", "-n", "tb.vvp")
	run.Dir = dir
	out, err := run.CombinedOutput()
	return string(out), err
}

// TestCellModelTestbenches: each family's block RAM model passes its testbench in Icarus
// (write modes, byte enables, the wide and narrow modes and their layout, initial
// contents, the output register, X on a collision), and a model with one behaviour
// changed fails it.
func TestCellModelTestbenches(t *testing.T) {
	if _, err := exec.LookPath("iverilog"); err != nil {
		t.Skip("iverilog not on PATH (apt-get install iverilog)")
	}
	for family, c := range cellModelTestbenches {
		t.Run(family, func(t *testing.T) {
			model := CellModelSource(family)
			out, err := runCellTB(t, c.tb, model)
			if err != nil || !strings.Contains(out, "PASS") {
				t.Fatalf("%v\n%s", err, out)
			}
			broken := strings.Replace(model, c.from, c.to, 1)
			require.NotEqual(t, model, broken, "the mutation did not apply")
			out, err = runCellTB(t, c.tb, broken)
			if err == nil || !strings.Contains(out, "FAIL") {
				t.Fatalf("a broken %s model passed its testbench: %v\n%s", family, err, out)
			}
		})
	}
}

// TestCellModelsLint: every primitive herdsim models is lint-clean with verilator
// --lint-only -Wall as the top, and every family with its own models has a testbench.
func TestCellModelsLint(t *testing.T) {
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not on PATH (apt-get install verilator)")
	}
	families := make([]string, 0, len(ownCellModels))
	for f := range ownCellModels {
		families = append(families, f)
	}
	sort.Strings(families)
	for _, family := range families {
		own := ownCellModels[family]
		_, ok := cellModelTestbenches[family]
		require.True(t, ok, "the %s models have no testbench", family)
		dir := t.TempDir()
		path := filepath.Join(dir, own.file)
		require.NoError(t, os.WriteFile(path, []byte(CellModelSource(family)), 0o644))
		require.NoError(t, writeCellIncludes(dir))
		for _, m := range own.modules {
			out, err := exec.Command("verilator", "--lint-only", "-Wall", "-I"+dir, "--top-module", m, path).CombinedOutput()
			if err != nil || len(out) > 0 {
				t.Errorf("%s %s: %v\n%s", family, m, err, out)
			}
		}
	}
}

// TestCheckCellModels: a netlist that instantiates a cell whose model is a port list is
// refused by name; cells with behaviour (assignments, processes, instances) pass.
func TestCheckCellModels(t *testing.T) {
	models := `module LUT2(input A, B, output Z); assign Z = A & B; endmodule
module MUXW(input A, B, S, output Z);
  specify (A => Z) = 1; endspecify
  LUT2 l (.A(A), .B(B), .Z(Z));
endmodule
module BRAM(input CLK, output [3:0] DO);
  specify (posedge CLK => (DO : 4'bx)) = 5; endspecify
endmodule
`
	netlist := "module top(input a, b, c, output y, output [3:0] q);\n" +
		"  wire w;\n  LUT2 #(.INIT(4'h8)) \\u.x  (.A(a), .B(b), .Z(w));\n" +
		"  MUXW _1_ (.A(w), .B(c), .S(a), .Z(y));\n"
	require.NoError(t, CheckCellModels(netlist+"endmodule\n", models, "test"))
	err := CheckCellModels(netlist+"  BRAM #(\n    .X(1)\n  ) ram (.CLK(a), .DO(q));\nendmodule\n", models, "test")
	require.Error(t, err)
	require.Contains(t, err.Error(), "uses BRAM, whose cell model has no behaviour")
	// Yosys's own models: the block RAMs herdsim replaces are the ones without behaviour.
	for family, own := range ownCellModels {
		cells, err := CellModels(family)
		if err != nil {
			continue // no Debian Yosys
		}
		data, err := os.ReadFile(cells)
		require.NoError(t, err)
		bodies := moduleBodies(string(data))
		for _, m := range own.modules {
			if body, ok := bodies[m]; ok {
				require.False(t, hasBehaviour(body), "Yosys's %s %s has behaviour now: herdsim's model may be dropped", family, m)
			}
		}
		for _, m := range own.modules {
			require.True(t, hasBehaviour(moduleBodies(CellModelSource(family))[m]), "herdsim's %s %s", family, m)
		}
	}
}
