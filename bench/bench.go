package bench

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/internal/interrupt"
	"herdsim/rtlgen"
	"herdsim/sim"
	"herdsim/testvectors"
)

// Options choose one measurement.
type Options struct {
	VectorsDir string   // the vector set (herdsim vectors)
	RTLDir     string   // its folder from herdsim rtl; empty: generated in a temporary directory
	Simulators []string // default: icarus and verilator
	Log        io.Writer
}

// Speed is one implementation's measurement.
type Speed struct {
	Name            string  `json:"name"` // go-model, icarus, verilator
	Cycles          uint64  `json:"cycles"`
	BuildSeconds    float64 `json:"build_seconds"` // 0 for the Go model (compiled with herdsim)
	RunSeconds      float64 `json:"run_seconds"`
	CyclesPerSecond float64 `json:"cycles_per_second"`
	// RelativeToGo is this implementation's cycles per second over the Go model's.
	RelativeToGo float64 `json:"relative_to_go_model"`
}

// Report is the table of one run.
type Report struct {
	K, D, N    int
	Tile       int     `json:"tile"`
	Iterations int     `json:"iterations"`
	Cycles     uint64  `json:"cycles"` // of the whole vector set, the same for every row
	Speeds     []Speed `json:"speeds"`
	// Ratios are speed ratios by "a/b" (cycles per second of a over b), for every pair.
	Ratios map[string]float64 `json:"ratios"`
}

// ErrMismatch is wrapped by Run's error when an implementation does not reproduce the
// vector set (a verdict, where every other error is a tool or input error).
var ErrMismatch = errors.New("mismatch")

// Run measures the Go model and each simulator on one vector set. A simulator that is
// missing is an error (*sim.RTLError); a run that does not PASS is an error too, wrapping
// ErrMismatch.
func Run(opt Options) (*Report, error) {
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	sims := opt.Simulators
	if len(sims) == 0 {
		sims = sim.Simulators
	}
	for _, s := range sims {
		if err := sim.CheckSimulator(s); err != nil {
			return nil, err
		}
	}
	set, _, err := testvectors.Read(opt.VectorsDir)
	if err != nil {
		return nil, err
	}
	rtlDir := opt.RTLDir
	if rtlDir == "" {
		tmp, err := interrupt.TempDir("", "herdsim-bench-*")
		if err != nil {
			return nil, err
		}
		defer interrupt.Remove(tmp)
		if _, err := rtlgen.Write(tmp, set); err != nil {
			return nil, err
		}
		rtlDir = tmp
	}
	a := set.Arch
	rep := &Report{K: a.K, D: a.D, N: a.N, Tile: a.Tile, Iterations: set.Iterations, Ratios: map[string]float64{}}
	for _, c := range set.Cycles {
		rep.Cycles += c
	}
	fmt.Fprintf(opt.Log, "bench: go-model, %d iterations, %d cycles\n", set.Iterations, rep.Cycles)
	goSpeed, err := GoModel(set)
	if err != nil {
		return nil, err
	}
	rep.Speeds = append(rep.Speeds, *goSpeed)
	for _, s := range sims {
		fmt.Fprintf(opt.Log, "bench: %s\n", s)
		r, err := sim.RTLSim(sim.RTLSimOptions{Simulator: s, VectorsDir: opt.VectorsDir, RTLDir: rtlDir})
		if err != nil {
			return nil, err
		}
		if !r.Pass {
			return nil, fmt.Errorf("bench: %s did not pass the vector set (%w): %s", s, ErrMismatch, r.Mismatch)
		}
		rep.Speeds = append(rep.Speeds, Speed{Name: s, Cycles: r.Cycles, BuildSeconds: r.Build.Seconds(),
			RunSeconds: r.Run.Seconds(), CyclesPerSecond: float64(r.Cycles) / r.Run.Seconds()})
	}
	for i := range rep.Speeds {
		rep.Speeds[i].RelativeToGo = rep.Speeds[i].CyclesPerSecond / goSpeed.CyclesPerSecond
		for j := range rep.Speeds {
			if i != j {
				rep.Ratios[rep.Speeds[i].Name+"/"+rep.Speeds[j].Name] = rep.Speeds[i].CyclesPerSecond / rep.Speeds[j].CyclesPerSecond
			}
		}
	}
	return rep, nil
}

// GoModel runs the datapath model over the vector set's iterations, checks every
// pseudo-sample and cycle count against the set, and reports its speed.
func GoModel(set *testvectors.Set) (*Speed, error) {
	a := set.Arch
	data := &dataset.Binary{Name: "vectors", D: a.D, Rows: set.X}
	m, err := datapath.NewTile(a, data, set.W0, set.B0, set.C0)
	if err != nil {
		return nil, err
	}
	var cycles uint64
	t0 := time.Now()
	for t := 0; t < set.Iterations; t++ {
		r := m.RunIteration()
		if r.Cycles != set.Cycles[t] || !equal(r.X, set.XStar[t]) || !equal(r.Z, set.ZStar[t]) {
			return nil, fmt.Errorf("bench: the Go model differs from the vector set at iteration %d (%w)", t+1, ErrMismatch)
		}
		cycles += r.Cycles
	}
	el := time.Since(t0).Seconds()
	return &Speed{Name: "go-model", Cycles: cycles, RunSeconds: el, CyclesPerSecond: float64(cycles) / el}, nil
}

func equal(a, b []int8) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Markdown is the report as a markdown table.
func (r *Report) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "K = %d, D = %d, N = %d, T = %d; %d iterations, %d cycles (the same vector set for every row)\n\n",
		r.K, r.D, r.N, r.Tile, r.Iterations, r.Cycles)
	b.WriteString("| implementation | build s | run s | cycles/s | relative to the Go model |\n| --- | --- | --- | --- | --- |\n")
	for _, s := range r.Speeds {
		build := "-"
		if s.BuildSeconds > 0 {
			build = fmt.Sprintf("%.2f", s.BuildSeconds)
		}
		fmt.Fprintf(&b, "| %s | %s | %.3f | %.3g | %.3g |\n", s.Name, build, s.RunSeconds, s.CyclesPerSecond, s.RelativeToGo)
	}
	return b.String()
}
