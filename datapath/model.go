package datapath

import (
	"fmt"

	"herdsim/dataset"
	"herdsim/fixedpoint"
)

// Overflow is one value that did not fit its register.
type Overflow struct {
	Iteration int    `json:"iteration"`
	Cycle     uint64 `json:"cycle"` // cycle within the iteration, from 0
	Register  string `json:"register"`
	Index     int    `json:"index"` // element of a register file: i*D+j for W, i for b, j for c, the tile row for accumulators
	Value     int64  `json:"value"` // exact value presented
	Stored    int64  `json:"stored"`
}

// maxOverflowEvents bounds the overflow list a TileMachine keeps; counts are always complete.
const maxOverflowEvents = 1000

// Result is one finished iteration.
type Result struct {
	Iteration int
	X, Z      []int8   // the pseudo-sample s*_t
	Hidden    [][]int8 // z_n of the positive phase, N x K
	// Energies are F(x_n) as the energy pass left them (mode SH; nil in mode H, which has
	// no energy pass).
	Energies []int64
	// Start is the data vector the negative search started from (SH: the one the
	// best-energy register kept; H: vector 0 at t = 1), -1 when it started from the
	// previous pseudo-sample: herding.Iteration.Start's convention.
	Start  int
	Sweeps int
	Cycles uint64
	// Overflowed is the hardware's sticky overflow flag at the end of the iteration: some
	// register wrapped or saturated since the load.
	Overflowed bool
}

// newResult is a finished iteration as both models (TileMachine, Functional) report it: the pseudo-sample registers
// as +-1 values and a copy of the positive phase's hidden states.
func newResult(iteration int, xs, zs []bool, hidden [][]int8, start, sweeps int, cycles uint64, overflowed bool) *Result {
	r := &Result{Iteration: iteration, X: make([]int8, len(xs)), Z: make([]int8, len(zs)), Start: start, Sweeps: sweeps, Cycles: cycles, Overflowed: overflowed}
	for j, v := range xs {
		r.X[j] = int8(pm1(v))
	}
	for i, v := range zs {
		r.Z[i] = int8(pm1(v))
	}
	r.Hidden = make([][]int8, len(hidden))
	for n := range hidden {
		r.Hidden[n] = append([]int8(nil), hidden[n]...)
	}
	return r
}

// checkLoad rejects data and initial parameters of other sizes than the Arch (NewTile and
// NewFunctional validate the Arch first, each as it needs).
func checkLoad(arch Arch, data *dataset.Binary, w0, b0, c0 []int64) error {
	if data.N() != arch.N || data.D != arch.D {
		return fmt.Errorf("datapath: data are %d x %d, the Arch is built for N=%d, D=%d", data.N(), data.D, arch.N, arch.D)
	}
	if len(w0) != arch.K*arch.D || len(b0) != arch.K || len(c0) != arch.D {
		return fmt.Errorf("datapath: initial parameters have %d, %d, %d entries, want K*D=%d, K=%d, D=%d", len(w0), len(b0), len(c0), arch.K*arch.D, arch.K, arch.D)
	}
	return nil
}

// pm1 is +1 for true, -1 for false: the +-1 value of a bit.
func pm1(b bool) int64 {
	if b {
		return 1
	}
	return -1
}

// IterationCycles is the exact number of cycles of iteration t (from 1) whose search ran
// sweeps sweeps (TileCycles: mode H's first iteration gathers x_0).
func (a *Arch) IterationCycles(t, sweeps int) uint64 { return a.TileCycles(sweeps, t == 1) }

// Formula is the Arch's cycle formula in words, for reports.
func (a *Arch) Formula() string { return TileCycleFormula }

// Recorder reports every register's range log through fixedpoint's Recorder (the machine
// counts in its own loop, where a Cast per value would cost too much).
func (m *TileMachine) Recorder() *fixedpoint.Recorder {
	rec := fixedpoint.NewRecorder()
	ranges := m.Ranges()
	for _, r := range Regs() {
		log, spec := ranges[r], m.arch.Regs[r]
		rec.Observe(r.String(), spec.Format, fixedpoint.Trn, spec.Overflow,
			fixedpoint.NewInt64(log.Min), fixedpoint.NewInt64(log.Max), log.Count, log.Overflows, 0)
	}
	return rec
}

// SizeText names the datapath's size knob, for messages: "tiled T=6".
func (a *Arch) SizeText() string { return fmt.Sprintf("tiled T=%d", a.Tile) }
