package sim

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/rtlgen"
	"herdsim/testvectors"
)

// rtlArchs are the Archs simulated: K=16 L=4 SH (wrap), and K=10 L=3 H with hidden-bias
// growth, a partial last group and saturating registers.
func rtlArchs(iterations int) map[string]datapath.Arch {
	sh := datapath.DefaultArch(16, 64, 128, 4, 10, iterations, herding.ModeSH, false)
	h := datapath.DefaultArch(10, 64, 128, 3, 10, iterations, herding.ModeH, true)
	for r := range h.Regs {
		h.Regs[r].Overflow = fixedpoint.Sat
	}
	return map[string]datapath.Arch{"K16L4SH": sh, "K10L3Hgrow": h}
}

// vectorsAndRTL writes a reference vector set and the RTL generated from it.
func vectorsAndRTL(t *testing.T, a datapath.Arch, iterations int) (vec, rtl string) {
	t.Helper()
	s, err := ReferenceVectors(dataset.Default(), a, herding.DefaultSeed, iterations)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	vec, rtl = filepath.Join(dir, "vectors"), filepath.Join(dir, "rtl")
	if _, err := testvectors.Write(vec, s, testvectors.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := rtlgen.Write(rtl, s); err != nil {
		t.Fatal(err)
	}
	return vec, rtl
}

func needSimulator(t *testing.T, name string) {
	t.Helper()
	if err := CheckSimulator(name); err != nil {
		t.Skipf("%v: simulation not run", err)
	}
}

func runRTL(t *testing.T, simulator, vec, rtl string) (*RTLResult, string) {
	t.Helper()
	var out bytes.Buffer
	res, err := RTLSim(RTLSimOptions{Simulator: simulator, VectorsDir: vec, RTLDir: rtl, Output: &out})
	if err != nil {
		t.Fatalf("%s: %v\n%s", simulator, err, out.String())
	}
	return res, out.String()
}

// TestRTLSimPass: both simulators reproduce the reference's pseudo-samples, cycle counts
// (CyclesPerIteration) and final weights on the default data for two Archs.
// Icarus runs about 8k cycles/s on this design (35k cycles per iteration), Verilator
// about 2M: Icarus gets 3 iterations, Verilator 12 (the build takes ~30 s per Arch).
func TestRTLSimPass(t *testing.T) {
	iterations := map[string]int{"icarus": 3, "verilator": 12}
	for _, simulator := range Simulators {
		for name, a := range rtlArchs(iterations[simulator]) {
			t.Run(name+"/"+simulator, func(t *testing.T) {
				needSimulator(t, simulator)
				vec, rtl := vectorsAndRTL(t, a, iterations[simulator])
				res, out := runRTL(t, simulator, vec, rtl)
				if !res.Pass {
					t.Fatalf("mismatch: %s\n%s", res.Mismatch, out)
				}
				t.Logf("%s: %d cycles, build %v, run %v (%.0f cycles/s)", simulator, res.Cycles, res.Build, res.Run, float64(res.Cycles)/res.Run.Seconds())
			})
		}
	}
}

var _ = os.Remove
var _ = exec.LookPath
var _ = strings.Contains
