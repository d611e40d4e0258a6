package classify

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/internal/signtab"
	"herdsim/internal/splitmix"
)

// withKernels runs f with the AVX2 kernels on (when the CPU has them) or off.
func withKernels(on bool, f func()) {
	a, e := signtab.UseAVX2, useExpAVX2
	defer func() { signtab.UseAVX2, useExpAVX2 = a, e }()
	signtab.UseAVX2, useExpAVX2 = on && a, on && haveExpAVX2
	f()
}

func TestSignsPackAndCodes(t *testing.T) {
	m := FromSigns([][]int8{{1, -1, 1, 1, -1, -1, -1, 1, 1}, {-1, -1, -1, -1, -1, -1, -1, -1, 1}}, 9)
	s, err := PackSigns(m)
	require.NoError(t, err)
	require.Equal(t, m.Data, s.Matrix().Data)
	require.Equal(t, []uint8{0b1101, 0b1000, 0b1, 0, 0, 0b1}, s.codes(4))
	require.Equal(t, []uint8{0b001101, 0b110, 0, 0b100}, s.codes(6))
	m.Data[3] = 0.5
	_, err = PackSigns(m)
	require.Error(t, err)
}

// TestRBMMatchesReference runs the sign-table RBM and refRBM, a verbatim copy of the
// dot-product implementation it replaced, side by side: after 60 updates of CD-1 and of
// PCD every sample was the same draw (else the weights would differ by about the step,
// 1e-3), the parameters agree to 1e-12 and the free energies to 1e-10: rounding.
func TestRBMMatchesReference(t *testing.T) {
	x := defaultMatrix()
	for _, cfg := range []RBMConfig{CDConfig(40, 3), PCDConfig(40, 3), CDConfig(7, 5)} {
		r, err := NewRBM(x, cfg)
		require.NoError(t, err)
		ref := newRefRBM(x, cfg)
		fe, fref := make([]float64, x.Rows), make([]float64, x.Rows)
		for step := 0; step < 60; step++ {
			r.Step()
			ref.Step()
			for n := range fe {
				require.InDelta(t, ref.dataF[n], r.DataFreeEnergies()[n], 1e-10, "%s step %d", cfg.Method, step)
			}
		}
		for i, v := range ref.W.Data {
			require.InDelta(t, v, r.W.Data[i], 1e-12, "%s W", cfg.Method)
		}
		for i, v := range ref.B {
			require.InDelta(t, v, r.B[i], 1e-12, "%s b", cfg.Method)
		}
		for i, v := range ref.C {
			require.InDelta(t, v, r.C[i], 1e-12, "%s c", cfg.Method)
		}
		r.FreeEnergies(x, fe)
		ref.FreeEnergies(x, fref)
		for n := range fe {
			require.InDelta(t, fref[n], fe[n], 1e-10, "%s free energy", cfg.Method)
		}
	}
}

// TestRBMSameBytesForAnyGOMAXPROCSAndKernel: CD-1 and PCD at USPS-like sizes give the same
// bytes with 1, 2 and 3 threads (uneven partitions) and with the AVX2 kernels off.
func TestRBMSameBytesForAnyGOMAXPROCSAndKernel(t *testing.T) {
	s := splitmix.New(21)
	x := randomSigns(s, 300, 256)
	ev, err := PackSigns(randomSigns(s, 500, 256))
	require.NoError(t, err)
	run := func(procs int, avx bool, cfg RBMConfig) ([]float64, []float64, []float64) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		var w, f, d []float64
		withKernels(avx, func() {
			r, err := NewRBM(x, cfg)
			require.NoError(t, err)
			for range 5 {
				r.Step()
			}
			f = make([]float64, ev.Rows)
			r.FreeEnergiesSigns(ev, f)
			w, d = r.W.Data, r.DataFreeEnergies()
		})
		return w, f, d
	}
	for _, cfg := range []RBMConfig{CDConfig(61, 9), PCDConfig(100, 9)} {
		w1, f1, d1 := run(1, true, cfg)
		for _, c := range []struct {
			procs int
			avx   bool
		}{{2, true}, {3, true}, {2, false}} {
			w, f, d := run(c.procs, c.avx, cfg)
			require.Equal(t, w1, w, "%s %+v: W", cfg.Method, c)
			require.Equal(t, f1, f, "%s %+v: free energies", cfg.Method, c)
			require.Equal(t, d1, d, "%s %+v: data free energies", cfg.Method, c)
		}
	}
}
