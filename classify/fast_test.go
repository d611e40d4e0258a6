package classify

import (
	"math"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/internal/splitmix"
)

// withKernels runs f with the AVX2 kernels on (when the CPU has them) or off.
func withKernels(on bool, f func()) {
	a, e := useAVX2, useExpAVX2
	defer func() { useAVX2, useExpAVX2 = a, e }()
	useAVX2, useExpAVX2 = on && haveAVX2, on && haveAVX2 && haveFMA
	f()
}

// TestSignTablesMatchDotProducts: the table look-ups equal straightforward float64 dot
// products to within 1e-13 of the sum of the magnitudes (only the order of the additions
// differs), for full and short groups and blocks; the AVX2 kernel gives the Go loop's bits.
func TestSignTablesMatchDotProducts(t *testing.T) {
	s := splitmix.New(11)
	for _, c := range []struct{ rows, in, out, width int }{
		{37, 256, 251, 6}, {9, 13, 11, 4}, {21, 50, 8, 8}, {5, 7, 3, 6}, {64, 1400, 17, 4}, {3, 1, 1, 1},
	} {
		w := make([]float64, c.in*c.out)
		for i := range w {
			w[i] = (2*uniform(s) - 1) * math.Pow(10, 3*uniform(s)-2)
		}
		bias := make([]float64, c.out)
		for i := range bias {
			bias[i] = uniform(s) - 0.5
		}
		x, err := PackSigns(randomSigns(s, c.rows, c.in))
		require.NoError(t, err)
		codes := x.codes(c.width)
		groups := (c.in + c.width - 1) / c.width
		var got [2][]float64
		for k, on := range []bool{false, true} {
			withKernels(on, func() {
				var tab signTables
				tab.build(w, c.in, c.out, c.width)
				got[k] = make([]float64, c.rows*(c.out+2))
				tab.fields(codes, groups, c.rows, bias, got[k], c.out+2) // ld > out: the gaps stay 0
			})
		}
		require.Equal(t, got[0], got[1], "%+v: AVX2 kernel against the Go loop", c)
		for r := 0; r < c.rows; r++ {
			for o := 0; o < c.out; o++ {
				want, mag := bias[o], math.Abs(bias[o])
				for j := 0; j < c.in; j++ {
					want += x.At(r, j) * w[j*c.out+o]
					mag += math.Abs(w[j*c.out+o])
				}
				require.InDelta(t, want, got[0][r*(c.out+2)+o], 1e-13*mag, "%+v row %d output %d", c, r, o)
			}
			require.Equal(t, 0.0, got[0][r*(c.out+2)+c.out], "nothing written past the outputs")
		}
	}
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
