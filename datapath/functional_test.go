package datapath

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
)

// narrow sets registers to a width and overflow mode.
func narrow(a Arch, o fixedpoint.Overflow, widths map[Reg]int) Arch {
	for r, w := range widths {
		a.Regs[r] = RegSpec{Format: fixedpoint.Format{Signed: true, Word: w}, Overflow: o}
	}
	return a
}

// functionalCase is an Arch on data, and the registers its run must overflow (nil: none
// may), so that the case tests what it says. Wide weights (scale > 1: W_0 times scale)
// make the fields and visible fields overflow where W's width needs wide accumulators.
type functionalCase struct {
	data       *dataset.Binary
	arch       Arch
	overflowIn []Reg
	scale      int64
}

// functionalCases cover both modes and overflow modes, hidden-bias growth, one, two and
// three weights a W word, tiles of 2 to 12 rows, a partial last batch and tile, word
// skip, and registers from lossless to narrow enough that every one the mode uses
// overflows.
func functionalCases() map[string]functionalCase {
	def := dataset.Default()
	d, n := def.D, def.N()
	n100, n37 := firstRows(def, 100), firstRows(def, 37)
	return map[string]functionalCase{
		"lossless SH grow K=18 T=6": {def, DefaultArch(18, d, n, 6, 10, 40, herding.ModeSH, true), nil, 1},
		"lossless H K=16 T=3":       {def, DefaultArch(16, d, n, 3, 4, 40, herding.ModeH, false), nil, 1},
		"narrow sat H grow T=3": {def, narrow(DefaultArch(16, d, n, 3, 3, 40, herding.ModeH, true), fixedpoint.Sat,
			map[Reg]int{RegW: 10, RegB: 10, RegC: 10, RegField: 12, RegVisField: 11, RegEnergy: 14, RegBestEnergy: 13, RegUpdate: 10}),
			[]Reg{RegField, RegVisField, RegUpdate}, 1}, // W never overflows: the update adder saturates first
		"narrow wrap SH grow T=6": {def, narrow(DefaultArch(18, d, n, 6, 10, 40, herding.ModeSH, true), fixedpoint.Wrap,
			map[Reg]int{RegW: 10, RegB: 10, RegC: 10, RegField: 12, RegVisField: 11, RegEnergy: 14, RegBestEnergy: 13, RegUpdate: 11}),
			[]Reg{RegW, RegB, RegC, RegField, RegVisField, RegEnergy, RegBestEnergy}, 1},
		"narrow sat SH PW=2 K=7 T=4 N=37": {n37, narrow(DefaultArch(7, d, 37, 4, 10, 40, herding.ModeSH, false), fixedpoint.Sat,
			map[Reg]int{RegW: 17, RegC: 17, RegField: 18, RegVisField: 15, RegEnergy: 19, RegBestEnergy: 18}),
			[]Reg{RegField, RegVisField, RegEnergy, RegBestEnergy}, 1 << 8},
		"narrow wrap H PW=1 K=5 T=2": {def, narrow(DefaultArch(5, d, n, 2, 10, 40, herding.ModeH, false), fixedpoint.Wrap,
			map[Reg]int{RegW: 25, RegField: 26, RegVisField: 24}),
			[]Reg{RegField, RegVisField}, 1 << 16},
		"narrow wrap H grow skip K=10 T=6 N=100": {n100, narrow(skipped(DefaultArch(10, d, 100, 6, 4, 40, herding.ModeH, true), n100), fixedpoint.Wrap,
			map[Reg]int{RegW: 10, RegB: 10, RegField: 12, RegVisField: 11, RegUpdate: 11}),
			[]Reg{RegW, RegB, RegField, RegVisField, RegUpdate}, 1},
		"narrow W and c, wrap SH T=12": {def, narrow(DefaultArch(16, d, n, 12, 10, 40, herding.ModeSH, false), fixedpoint.Wrap,
			map[Reg]int{RegW: 10, RegC: 10}), []Reg{RegW, RegC}, 1},
		"narrow W only, sat H T=3": {def, narrow(DefaultArch(16, d, n, 3, 10, 40, herding.ModeH, false), fixedpoint.Sat,
			map[Reg]int{RegW: 10}), []Reg{RegW}, 1},
		// Rows whose |b| + L1 reaches 2^31: the float64 tables (the others take the int32 ones).
		wideWeights: {def, narrow(DefaultArch(6, d, n, 2, 10, 40, herding.ModeSH, false), fixedpoint.Wrap,
			map[Reg]int{RegW: 40, RegB: 40, RegC: 40, RegField: 42, RegVisField: 44, RegEnergy: 48, RegBestEnergy: 48, RegUpdate: 41}),
			[]Reg{RegField}, 1 << 30},
	}
}

// wideWeights is the functional case whose weights take the float64 sign tables.
const wideWeights = "wide weights wrap SH K=6 T=2"

// The cases take both kinds of sign tables: int32 where every row's |b| + L1 is below
// 2^31, float64 in wideWeights.
func TestFunctionalTakesBothKindsOfTables(t *testing.T) {
	for name, c := range functionalCases() {
		w, b, cc := initial(t, c.data, c.arch.K)
		for i := range w {
			w[i] *= c.scale
		}
		f, err := NewFunctional(c.arch, c.data, w, b, cc)
		require.NoError(t, err)
		require.Equal(t, name != wideWeights, f.useInts, name)
	}
}

// The functional model gives TileMachine's results bit for bit: every Result field (x*,
// z*, every z_n, SH's F(x_n), the search's start, sweeps, cycles, the overflow flag), W,
// b, c and every register's overflow count, iteration by iteration. Energies before a
// step are what the step's energy pass computes (DataEnergies after it).
func TestFunctionalMatchesTileMachine(t *testing.T) {
	for name, c := range functionalCases() {
		t.Run(name, func(t *testing.T) {
			require.NoError(t, c.arch.Validate())
			w, b, cc := initial(t, c.data, c.arch.K)
			for i := range w {
				w[i] *= c.scale
			}
			m, err := NewTile(c.arch, c.data, w, b, cc)
			require.NoError(t, err)
			f, err := NewFunctional(c.arch, c.data, w, b, cc)
			require.NoError(t, err)
			vecs := NewVectors(c.data)
			energies := make([]int64, c.data.N())
			varied, sweeps := false, map[int]bool{} // energies that differ between vectors, searches of different lengths
			for it := 1; it <= 40; it++ {
				f.Energies(vecs, energies)
				want, got := m.RunIteration(), f.Step()
				require.Equal(t, want, got, "iteration %d", it)
				require.Equal(t, energies, f.DataEnergies(), "iteration %d: Energies before the step", it)
				if c.arch.Mode == herding.ModeSH {
					require.Equal(t, want.Energies, energies, "iteration %d: Energies before the step", it)
				}
				varied = varied || slices.Min(energies) != slices.Max(energies)
				sweeps[got.Sweeps] = true
				mw, mb, mc := m.Weights()
				fw, fb, fc := f.Weights()
				require.Equal(t, mw, fw, "iteration %d: W", it)
				require.Equal(t, mb, fb, "iteration %d: b", it)
				require.Equal(t, mc, fc, "iteration %d: c", it)
			}
			require.True(t, varied, "every F(x_n) was the same in every iteration")
			if c.overflowIn == nil { // narrow registers may leave every search one sweep long
				require.Greater(t, len(sweeps), 1, "every search ran as many sweeps")
			}
			got := f.Overflows()
			t.Logf("overflows %v", got)
			for r, log := range m.Ranges() {
				require.Equal(t, log.Overflows, got[r], "overflows of %s", r)
			}
			for _, r := range c.overflowIn {
				require.Positive(t, got[r], "register %s should overflow in this case", r)
			}
			if c.overflowIn == nil {
				for r, v := range got {
					require.Zero(t, v, "lossless case: %s overflowed", r)
				}
			}
		})
	}
}

// ResumeAt continues a run from another exact implementation's state: the functional
// model resumed at iteration 6 with the TileMachine's weights and pseudo-sample after 5
// gives the TileMachine's iterations 6.. (mode H starts its search there).
func TestFunctionalResumes(t *testing.T) {
	data := dataset.Default()
	for _, mode := range []herding.Mode{herding.ModeH, herding.ModeSH} {
		a := DefaultArch(8, data.D, data.N(), 0, 10, 12, mode, false)
		w, b, c := initial(t, data, a.K)
		m, err := NewTile(a, data, w, b, c)
		require.NoError(t, err)
		var last *Result
		for range 5 {
			last = m.RunIteration()
		}
		w, b, c = m.Weights()
		f, err := NewFunctional(a, data, w, b, c)
		require.NoError(t, err)
		require.Nil(t, f.DataEnergies(), "no step yet")
		require.NoError(t, f.ResumeAt(6, last.X, last.Z))
		for it := 6; it <= 12; it++ {
			require.Equal(t, m.RunIteration(), f.Step(), "%v iteration %d", mode, it)
		}
		require.ErrorContains(t, f.ResumeAt(3, last.X, last.Z), "on a model at iteration 13")
	}
}

func TestFunctionalRejectsMismatchedInput(t *testing.T) {
	data := dataset.Default()
	arch := DefaultArch(8, data.D, data.N(), 0, 2, 5, herding.ModeH, false)
	w, b, c := initial(t, data, 8)
	_, err := NewFunctional(arch, data, w[:10], b, c)
	require.ErrorContains(t, err, "initial parameters")
	arch.N++
	_, err = NewFunctional(arch, data, w, b, c)
	require.ErrorContains(t, err, "the Arch is built for")
	bad := narrow(DefaultArch(8, data.D, data.N(), 0, 2, 5, herding.ModeH, false), fixedpoint.Sat, map[Reg]int{RegW: 8})
	_, err = NewFunctional(bad, data, w, b, c)
	require.ErrorContains(t, err, "cannot hold the initial weights")
	skip := skipped(DefaultArch(8, data.D, data.N(), 0, 2, 5, herding.ModeH, false), data)
	skip.SkipBusy[0]--
	_, err = NewFunctional(skip, data, w, b, c)
	require.ErrorContains(t, err, "other data")
}

// The functional model runs Archs the UP5K cannot hold: the paper's K = 1000 on
// USPS-sized data, whose W needs far more than the W SPRAMs' words (17-bit addresses),
// which a part with block RAM holds; the cycle model runs it too.
func TestFunctionalBeyondTheUP5K(t *testing.T) {
	data := uspsSized(100, 1)
	a := DefaultArch(1000, 256, 100, 0, 2, 3, herding.ModeH, false)
	require.ErrorContains(t, a.ValidateSPRAM(), "one SPRAM holds 16384 words")
	require.NoError(t, a.Validate())
	require.Equal(t, 17, a.Sizes().AW)
	require.NoError(t, a.ValidateArithmetic())
	p := herding.InitialWeights(a.K, a.D, a.N, herding.DefaultSeed)
	w, b, c := p.Ints()
	f, err := NewFunctional(a, data, w, b, c)
	require.NoError(t, err)
	r := f.Step()
	require.Equal(t, a.TileCycles(r.Sweeps, true), r.Cycles)
	tile, err := NewTile(a, data, w, b, c)
	require.NoError(t, err)
	require.Equal(t, r.Cycles, tile.RunIteration().Cycles)
}
