package classify

import (
	"fmt"
	"testing"

	"herdsim/internal/signtab"
	"herdsim/internal/splitmix"
)

// randomSigns is an n x d matrix of +-1 values, +1 with probability 1/2.
func randomSigns(s *splitmix.Source, n, d int) *Matrix {
	x := NewMatrix(n, d)
	for i := range x.Data {
		x.Data[i] = float64(2*int(s.Below(2)) - 1)
	}
	return x
}

// BenchmarkRBMStepUSPS times one collecting iteration at USPS scale, as the grid runs it:
// the free energies of 4000 images (packed once, as the grid does), then one full-batch update on 700 (D = 256), for every
// RBM model of Figure 3 (CD1..CD3: K = 50, 100, 250 by CD-1; PCD: K = 500).
func BenchmarkRBMStepUSPS(b *testing.B) {
	for _, m := range []struct {
		name string
		cfg  RBMConfig
	}{{"CD1", CDConfig(50, 1)}, {"CD2", CDConfig(100, 1)}, {"CD3", CDConfig(250, 1)}, {"PCD", PCDConfig(500, 1)}} {
		b.Run(fmt.Sprintf("%s-K%d", m.name, m.cfg.Hidden), func(b *testing.B) {
			s := splitmix.New(1)
			x := randomSigns(s, 700, 256)
			ev, _ := PackSigns(randomSigns(s, 4000, 256))
			r, _ := NewRBM(x, m.cfg)
			out := make([]float64, 4000)
			b.ResetTimer()
			for range b.N {
				r.FreeEnergiesSigns(ev, out)
				r.Step()
			}
		})
	}
}

// BenchmarkSignFields times the sign-table look-ups alone at the size of the evaluation
// images' hidden fields for CD3 (4000 rows, D = 256, K + 1 = 251 outputs), for groups of
// 4, 5, 6 (the one used) and 8 inputs.
func BenchmarkSignFields(b *testing.B) {
	s := splitmix.New(1)
	w := make([]float64, 256*251)
	for i := range w {
		w[i] = uniform(s)
	}
	x, _ := PackSigns(randomSigns(s, 4000, 256))
	for _, width := range []int{4, 5, 6, 8} {
		b.Run(fmt.Sprint(width), func(b *testing.B) {
			codes := x.codes(width)
			var t signtab.Tables
			t.Build(w, 256, 251, width)
			out := make([]float64, 4000*251)
			b.ResetTimer()
			for range b.N {
				t.Fields(codes, t.Groups(), x.Rows, nil, out, 251)
			}
		})
	}
}
