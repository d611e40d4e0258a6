package bench_test

import (
	"path/filepath"
	"strings"
	"testing"

	"herdsim/bench"
	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/sim"
	"herdsim/testvectors"
)

// smallSet writes the vector set of the default data with K = 8 (the default tile) and T
// iterations.
func smallSet(t testing.TB, iters int) (string, *testvectors.Set) {
	t.Helper()
	a := datapath.DefaultArch(8, 64, 128, 0, 10, iters, herding.ModeSH, false)
	set, err := sim.ReferenceVectors(dataset.Default(), a, herding.DefaultSeed, iters)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "vectors")
	if _, err := testvectors.Write(dir, set, testvectors.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	return dir, set
}

// TestRunAllThree: one tiny run gives a speed for the Go model, Icarus and Verilator over
// the same cycles, positive ratios, a build time for each simulator, and a markdown table
// (timings themselves are not asserted).
func TestRunAllThree(t *testing.T) {
	for _, s := range sim.Simulators {
		if err := sim.CheckSimulator(s); err != nil {
			t.Skipf("%v: bench not run", err)
		}
	}
	dir, set := smallSet(t, 1)
	rep, err := bench.Run(bench.Options{VectorsDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Speeds) != 3 {
		t.Fatalf("speeds %+v, want go-model, icarus, verilator", rep.Speeds)
	}
	for i, name := range []string{"go-model", "icarus", "verilator"} {
		s := rep.Speeds[i]
		if s.Name != name || s.Cycles != set.Cycles[0] || s.Cycles != rep.Cycles || s.CyclesPerSecond <= 0 || s.RelativeToGo <= 0 {
			t.Errorf("row %d: %+v (want %s over %d cycles, positive speeds)", i, s, name, set.Cycles[0])
		}
		if name != "go-model" && s.BuildSeconds <= 0 {
			t.Errorf("%s: no build time", name)
		}
	}
	for _, k := range []string{"verilator/icarus", "go-model/icarus", "go-model/verilator", "icarus/verilator"} {
		if rep.Ratios[k] <= 0 {
			t.Errorf("ratio %s = %v", k, rep.Ratios[k])
		}
	}
	md := rep.Markdown()
	for _, want := range []string{"| go-model |", "| icarus |", "| verilator |", "build s"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
}

// TestGoModelChecks: the Go model's run is checked against the set: a wrong expected
// pseudo-sample is an error, not a speed.
func TestGoModelChecks(t *testing.T) {
	_, set := smallSet(t, 2)
	if _, err := bench.GoModel(set); err != nil {
		t.Fatal(err)
	}
	set.ZStar[1][0] = -set.ZStar[1][0]
	if _, err := bench.GoModel(set); err == nil || !strings.Contains(err.Error(), "iteration 2") {
		t.Errorf("corrupted z*: %v", err)
	}
}

// BenchmarkGoModel: the Go model's simulated cycles per second on the small set.
func BenchmarkGoModel(b *testing.B) {
	_, set := smallSet(b, 4)
	var cycles uint64
	var secs float64
	for b.Loop() {
		s, err := bench.GoModel(set)
		if err != nil {
			b.Fatal(err)
		}
		cycles += s.Cycles
		secs += s.RunSeconds
	}
	b.ReportMetric(float64(cycles)/secs/1e6, "Mcycles/s")
}
