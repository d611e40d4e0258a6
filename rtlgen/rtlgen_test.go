package rtlgen_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/rtlgen"
	"herdsim/sim"
)

// archs are the Archs the tests build: different lanes (a partial last group in the
// second), widths, modes, hidden-bias growth and overflow modes.
func archs() map[string]datapath.Arch {
	sh := datapath.DefaultArch(16, 64, 128, 4, 10, 12, herding.ModeSH, false)
	h := datapath.DefaultArch(10, 64, 128, 3, 10, 12, herding.ModeH, true)
	for r := range h.Regs {
		h.Regs[r].Overflow = 1 // fixedpoint.Sat
	}
	return map[string]datapath.Arch{"K16L4SH": sh, "K10L3Hgrow": h}
}

func writeRTL(t *testing.T, a datapath.Arch, iterations int) string {
	t.Helper()
	s, err := sim.ReferenceVectors(dataset.Default(), a, herding.DefaultSeed, iterations)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := rtlgen.Write(dir, s); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestVerilatorLint: verilator --lint-only -Wall gives no warning on the core, the lane
// and the testbench, for several Archs.
func TestVerilatorLint(t *testing.T) {
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not on PATH (apt-get install verilator): lint not run")
	}
	for name, a := range archs() {
		t.Run(name, func(t *testing.T) {
			dir := writeRTL(t, a, 3)
			for _, top := range []string{"herd_core", "herd_tb"} {
				args := []string{"--lint-only", "-Wall", "--timing", "--top-module", top}
				for _, f := range append(rtlgen.SourceFiles, rtlgen.TBFile) {
					args = append(args, filepath.Join(dir, f))
				}
				out, err := exec.Command("verilator", args...).CombinedOutput()
				if err != nil || strings.TrimSpace(string(out)) != "" {
					t.Errorf("verilator lint of %s: %v\n%s", top, err, out)
				}
			}
		})
	}
	_ = os.Remove
}
