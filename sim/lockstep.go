package sim

import (
	"fmt"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
)

// Divergence is the first place the datapath left the reference.
type Divergence struct {
	Iteration int    `json:"iteration"`
	Signal    string `json:"signal"` // "x*", "z*", "start", "sweeps", "cycles", "z_n", "W", "b" or "c"
	Index     []int  `json:"index"`  // [j] for x* and c, [i] for z* and b, [n, i] for z_n, [i, j] for W; null for start, sweeps and cycles
	// The two values. For "start" they are the data vector the search started from, -1 for
	// the previous pseudo-sample (mode H); for "cycles" the reference's is the cycle formula
	// of the Arch's datapath at the reference's sweeps (what a lossless run takes).
	Reference int64 `json:"reference"`
	Datapath  int64 `json:"datapath"`
	// The overflow events before the divergence (the first 1000 of the run) and how many there were in all.
	OverflowsBefore     []datapath.Overflow `json:"overflows_before"`
	OverflowCountBefore uint64              `json:"overflow_count_before"`
}

// Report is the verdict of a lockstep run.
type Report struct {
	BitExact        bool                         `json:"bit_exact"`
	Iterations      int                          `json:"iterations"` // iterations compared (up to and including a divergence)
	FirstDivergence *Divergence                  `json:"first_divergence"`
	Cycles          []uint64                     `json:"cycles"`    // of every iteration compared
	Overflowed      []bool                       `json:"-"`         // the sticky overflow flag after every iteration compared
	Overflows       map[string]uint64            `json:"overflows"` // per register, over the run
	Ranges          map[string]datapath.RangeLog `json:"ranges"`
	// RangeReport is the same logs through fixedpoint's Recorder, with each register's
	// format and the narrowest format that held every value (MATLAB logreport's fields).
	RangeReport fixedpoint.Report `json:"range_report"`
}

// Lockstep runs the float64 reference and the datapath side by side from the same initial
// weights (docs/spec.md, "Initialisation": seed) for up to iterations iterations and
// compares, after each one, everything the hardware exposes: x*, z*, the data vector the
// search started from, the sweeps it ran and the iteration's cycles, then every z_n, W, b
// and c. It stops at the first difference. tick is called after every iteration (for a
// progress bar); it may be nil.
func Lockstep(data *dataset.Binary, arch datapath.Arch, seed uint64, iterations int, tick func()) (*Report, error) {
	ref, err := herding.New(data, herding.Config{Hidden: arch.K, Mode: arch.Mode, Sweeps: arch.Sweeps, Seed: seed, GrowHiddenBias: arch.GrowHiddenBias})
	if err != nil {
		return nil, err
	}
	w0, b0, c0 := ref.Params().Ints()
	m, err := datapath.NewTile(arch, data, w0, b0, c0)
	if err != nil {
		return nil, err
	}
	rep := &Report{Overflows: map[string]uint64{}, Ranges: map[string]datapath.RangeLog{}}
	if _, count := m.Overflows(); count > 0 {
		// The initial weights did not fit: report it at iteration 0.
		rep.FirstDivergence = initialDivergence(ref, m)
	}
	for t := 1; t <= iterations && rep.FirstDivergence == nil; t++ {
		want, err := ref.Step()
		if err != nil {
			return nil, err
		}
		got := m.RunIteration()
		rep.Iterations = t
		rep.Cycles = append(rep.Cycles, got.Cycles)
		rep.Overflowed = append(rep.Overflowed, got.Overflowed)
		rep.FirstDivergence = compare(t, ref, want, got, m)
		if tick != nil {
			tick()
		}
	}
	rep.BitExact = rep.FirstDivergence == nil
	rep.RangeReport = m.Recorder().Report()
	for r, log := range m.Ranges() {
		rep.Ranges[r.String()] = log
		rep.Overflows[r.String()] = log.Overflows
	}
	return rep, nil
}

// compare returns the first difference after iteration t, in the order a user debugs:
// the search (searchMismatch), the hidden states of the data, then the parameters. It is
// the one comparison behind Lockstep and RunFull.
func compare(t int, ref *herding.Engine, want herding.Iteration, got *datapath.Result, m *datapath.TileMachine) *Divergence {
	div := func(signal string, index []int, r, d int64) *Divergence {
		evs, _ := m.Overflows()
		var before []datapath.Overflow
		var count uint64
		for _, e := range evs {
			if e.Iteration <= t {
				before = append(before, e)
			}
		}
		for _, log := range m.Ranges() {
			count += log.Overflows
		}
		return &Divergence{Iteration: t, Signal: signal, Index: index, Reference: r, Datapath: d, OverflowsBefore: before, OverflowCountBefore: count}
	}
	arch := m.Arch()
	if mm := searchMismatch(t, want, got, &arch); mm != nil {
		return div(mm.signal, mm.index, mm.reference, mm.datapath)
	}
	for n, zn := range got.Hidden {
		for i, v := range ref.Hidden(n) {
			if v != zn[i] {
				return div("z_n", []int{n, i}, int64(v), int64(zn[i]))
			}
		}
	}
	rw, rb, rc := ref.Params().Ints()
	dw, db, dc := m.Weights()
	k, d := m.Arch().K, m.Arch().D
	for idx := range rw {
		if rw[idx] != dw[idx] {
			return div("W", []int{idx / d, idx % d}, rw[idx], dw[idx])
		}
	}
	for i := 0; i < k; i++ {
		if rb[i] != db[i] {
			return div("b", []int{i}, rb[i], db[i])
		}
	}
	for j := 0; j < d; j++ {
		if rc[j] != dc[j] {
			return div("c", []int{j}, rc[j], dc[j])
		}
	}
	return nil
}

// mismatch is one differing value: a Divergence without its overflow context.
type mismatch struct {
	signal              string
	index               []int
	reference, datapath int64
}

// searchMismatch returns the first difference in what iteration t's negative search
// exposes, or nil: the pseudo-sample x*, z*; then the data vector the search started from
// (an overflow in the energy or best-energy register moves SH's start, and the search may
// still end at the same x*, z*); then the sweeps it ran; then the iteration's cycles
// against arch's cycle formula at the reference's sweeps, which is what the lossless
// datapath takes (cycles are defined by that formula). It reads only what the reference
// records per iteration (herding.Iteration), so RunFull uses it at every iteration too.
func searchMismatch(t int, want herding.Iteration, got *datapath.Result, arch *datapath.Arch) *mismatch {
	for j := range want.X {
		if want.X[j] != got.X[j] {
			return &mismatch{"x*", []int{j}, int64(want.X[j]), int64(got.X[j])}
		}
	}
	for i := range want.Z {
		if want.Z[i] != got.Z[i] {
			return &mismatch{"z*", []int{i}, int64(want.Z[i]), int64(got.Z[i])}
		}
	}
	if want.Start != got.Start {
		return &mismatch{"start", nil, int64(want.Start), int64(got.Start)}
	}
	if want.Sweeps != got.Sweeps {
		return &mismatch{"sweeps", nil, int64(want.Sweeps), int64(got.Sweeps)}
	}
	if c := arch.IterationCycles(t, want.Sweeps); c != got.Cycles {
		return &mismatch{"cycles", nil, int64(c), int64(got.Cycles)}
	}
	return nil
}

func initialDivergence(ref *herding.Engine, m *datapath.TileMachine) *Divergence {
	evs, count := m.Overflows()
	e := evs[0]
	rw, rb, rc := ref.Params().Ints()
	sig, idx, r := e.Register, []int{e.Index}, int64(0)
	switch e.Register {
	case "W":
		d := m.Arch().D
		idx, r = []int{e.Index / d, e.Index % d}, rw[e.Index]
	case "b":
		r = rb[e.Index]
	case "c":
		r = rc[e.Index]
	default:
		panic(fmt.Sprintf("sim: overflow while loading register %s", e.Register))
	}
	return &Divergence{Iteration: 0, Signal: sig, Index: idx, Reference: r, Datapath: e.Stored, OverflowsBefore: evs, OverflowCountBefore: count}
}
