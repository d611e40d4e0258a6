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

// The functional model gives the Machine's results bit for bit: every Result field (x*,
// z*, every z_n and F(x_n), sweeps, cycles), W, b, c and every register's overflow count,
// iteration by iteration, lossless and with narrow registers that overflow in both modes
// (the ordered slow paths) or only in W (the fast field path on wrapped weights).
func TestFunctionalMatchesMachine(t *testing.T) {
	data := dataset.Default()
	n, d := data.N(), data.D
	cases := []struct {
		name       string
		arch       Arch
		overflowIn []Reg // registers that must overflow, so the case tests what it says
	}{
		{"lossless SH grow K=18 L=4", DefaultArch(18, d, n, 4, 3, 40, herding.ModeSH, true), nil},
		{"lossless H K=16 L=16", DefaultArch(16, d, n, 16, 2, 40, herding.ModeH, false), nil},
		{"narrow sat H", narrow(DefaultArch(16, d, n, 4, 3, 40, herding.ModeH, true), fixedpoint.Sat,
			map[Reg]int{RegW: 10, RegB: 10, RegC: 10, RegField: 12, RegVisField: 11, RegEnergy: 14, RegBestEnergy: 13, RegUpdate: 10}),
			[]Reg{RegField, RegVisField, RegEnergy, RegUpdate}}, // W never overflows: the update adder saturates first
		{"narrow wrap SH", narrow(DefaultArch(18, d, n, 4, 3, 40, herding.ModeSH, true), fixedpoint.Wrap,
			map[Reg]int{RegW: 10, RegB: 10, RegC: 10, RegField: 12, RegVisField: 11, RegEnergy: 14, RegBestEnergy: 13, RegUpdate: 11}),
			[]Reg{RegW, RegField, RegVisField, RegEnergy, RegBestEnergy}},
		{"narrow W only, wrap SH", narrow(DefaultArch(16, d, n, 4, 3, 40, herding.ModeSH, false), fixedpoint.Wrap,
			map[Reg]int{RegW: 10}), []Reg{RegW}},
		{"narrow W only, sat H", narrow(DefaultArch(16, d, n, 4, 3, 40, herding.ModeH, false), fixedpoint.Sat,
			map[Reg]int{RegW: 10}), []Reg{RegW}},
	}
	vecs := NewVectors(data)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, b, cc := initial(t, data, c.arch.K)
			m, err := New(c.arch, data, w, b, cc)
			require.NoError(t, err)
			f, err := NewFunctional(c.arch, data, w, b, cc)
			require.NoError(t, err)
			energies := make([]int64, n)
			varied := false // energies that differ between vectors somewhere, or comparing them says little
			for it := 1; it <= 40; it++ {
				f.Energies(vecs, energies)
				want, got := m.RunIteration(), f.Step()
				require.Len(t, want.Energies, n, "iteration %d: the Machine reports every F(x_n)", it)
				varied = varied || slices.Min(want.Energies) != slices.Max(want.Energies)
				require.Equal(t, want, got, "iteration %d", it)
				require.Equal(t, want.Energies, energies, "iteration %d: Energies before the step", it)
				mw, mb, mc := m.Weights()
				fw, fb, fc := f.Weights()
				require.Equal(t, mw, fw, "iteration %d: W", it)
				require.Equal(t, mb, fb, "iteration %d: b", it)
				require.Equal(t, mc, fc, "iteration %d: c", it)
			}
			require.True(t, varied, "every F(x_n) was the same in every iteration")
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

func TestFunctionalRejectsMismatchedInput(t *testing.T) {
	data := dataset.Default()
	arch := DefaultArch(8, data.D, data.N(), 4, 2, 5, herding.ModeH, false)
	w, b, c := initial(t, data, 8)
	_, err := NewFunctional(arch, data, w[:10], b, c)
	require.ErrorContains(t, err, "initial parameters")
	arch.N++
	_, err = NewFunctional(arch, data, w, b, c)
	require.ErrorContains(t, err, "the Arch is built for")
	bad := narrow(DefaultArch(8, data.D, data.N(), 4, 2, 5, herding.ModeH, false), fixedpoint.Sat, map[Reg]int{RegW: 8})
	_, err = NewFunctional(bad, data, w, b, c)
	require.ErrorContains(t, err, "cannot hold the initial weights")
}
