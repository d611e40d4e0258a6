package datapath

import (
	"fmt"

	"herdsim/dataset"
	"herdsim/fixedpoint"
)

// Model is a cycle-level datapath model: the lane Machine or the TileMachine, chosen by the
// Arch (Arch.Tiled). Everything that compares a datapath with the reference or a vector
// set works through it.
type Model interface {
	RunIteration() *Result
	Weights() (w, b, c []int64)
	Ranges() map[Reg]RangeLog
	Overflows() ([]Overflow, uint64)
	Arch() Arch
}

// NewModel loads the datapath the Arch describes with data and initial parameters.
func NewModel(arch Arch, data *dataset.Binary, w0, b0, c0 []int64) (Model, error) {
	if arch.Tiled() {
		return NewTile(arch, data, w0, b0, c0)
	}
	return New(arch, data, w0, b0, c0)
}

// IterationCycles is the exact number of cycles of iteration t (from 1) whose search ran
// sweeps sweeps, on the datapath the Arch describes.
func (a *Arch) IterationCycles(t, sweeps int) uint64 {
	if a.Tiled() {
		return a.TileCycles(sweeps, t == 1)
	}
	return a.CyclesPerIteration(sweeps)
}

// Formula is the Arch's cycle formula in words, for reports.
func (a *Arch) Formula() string {
	if a.Tiled() {
		return TileCycleFormula
	}
	return CycleFormula
}

// RecorderOf reports every register's range log of a model through fixedpoint's Recorder
// (the model counts in its own loop, where a Cast per value would cost too much).
func RecorderOf(m Model) *fixedpoint.Recorder {
	rec := fixedpoint.NewRecorder()
	arch, ranges := m.Arch(), m.Ranges()
	for _, r := range Regs() {
		log, spec := ranges[r], arch.Regs[r]
		rec.Observe(r.String(), spec.Format, fixedpoint.Trn, spec.Overflow,
			fixedpoint.NewInt64(log.Min), fixedpoint.NewInt64(log.Max), log.Count, log.Overflows, 0)
	}
	return rec
}

// SizeText names the datapath and its size knob, for messages: "lanes L=4" or "tiled T=6".
func (a *Arch) SizeText() string {
	if a.Tiled() {
		return fmt.Sprintf("tiled T=%d", a.Tile)
	}
	return fmt.Sprintf("lanes L=%d", a.Lanes)
}
