package classify

import (
	"testing"

	"herdsim/internal/splitmix"
)

// BenchmarkRBMStepUSPS times one collecting iteration of CD-1 at USPS scale: the free
// energies of 4000 images, then one full-batch update on 700 (K = 50, D = 256).
func BenchmarkRBMStepUSPS(b *testing.B) {
	s := splitmix.New(1)
	x := NewMatrix(700, 256)
	for i := range x.Data {
		x.Data[i] = float64(2*int(s.Below(2)) - 1)
	}
	ev := NewMatrix(4000, 256)
	for i := range ev.Data {
		ev.Data[i] = float64(2*int(s.Below(2)) - 1)
	}
	r, _ := NewRBM(x, CDConfig(50, 1))
	out := make([]float64, 4000)
	b.ResetTimer()
	for range b.N {
		r.FreeEnergies(ev, out)
		r.Step()
	}
}
