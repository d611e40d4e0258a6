package herding

import (
	"testing"

	"herdsim/internal/splitmix"
)

// BenchmarkFlipKernel times the flip kernel alone at the USPS late regime's shape: 500
// hidden units (one core's half of K = 1000), a 700 x 700 G, 30 flips per unit.
func BenchmarkFlipKernel(b *testing.B) {
	const units, n, perUnit = 500, 700, 30
	src := splitmix.New(1)
	rows := newFlipRows(n, n, 256)
	for r := range n {
		for c := range n {
			rows.set(r, c, int(src.Below(513))-256)
		}
	}
	flips := make([]unitFlips, units)
	for u := range flips {
		for range perUnit {
			flips[u].note(int(src.Below(n)), int8(2*src.Below(2))-1)
		}
	}
	acc := make([]int32, units*rows.width())
	b.Logf("kernel %s", FlipKernel())
	b.Run("built", func(b *testing.B) {
		for b.Loop() {
			addFlipsUnits(acc, rows, flips)
		}
	})
	b.Run("portable", func(b *testing.B) {
		for b.Loop() {
			addFlipsUnitsPortable(acc, rows, flips)
		}
	})
}
