package herding

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/internal/splitmix"
)

// The build's sign pass (AVX-512 under GOEXPERIMENT=simd) gives the portable pass's
// fields, states, energies and flips, and its energy pass the portable one's fields and energies, with and without a pending update, for lengths with
// and without a tail, with fields at +0 and -0 (ties go to +1) and states that flip.
func TestSignPassesAgree(t *testing.T) {
	t.Logf("flip kernel: %s", FlipKernel())
	src := splitmix.New(9)
	for _, n := range []int{1, 7, 8, 9, 64, 350, 351} {
		for _, pending := range []bool{false, true} {
			h := make([]float64, n)
			a, dot := make([]int32, n), make([]float64, n)
			z, energy := make([]int8, n), make([]float64, n)
			for r := range n {
				h[r] = float64(int(src.Below(2001)) - 1000)
				switch src.Below(8) {
				case 0:
					h[r] = 0
				case 1:
					h[r] = math.Copysign(0, -1)
				}
				a[r], dot[r] = int32(src.Below(201))-100, float64(int(src.Below(33))-16)
				z[r], energy[r] = int8(2*src.Below(2))-1, float64(src.Below(1000))
			}
			row := func(h []float64) fieldRow {
				if !pending {
					return fieldRow{h: h}
				}
				return fieldRow{h: h, a: a, dot: dot, scale: -7, db: 3}
			}
			// The energy pass (a Tracker's) first, on copies.
			eh, ee := append([]float64(nil), h...), append([]float64(nil), energy...)
			wh, we := append([]float64(nil), h...), append([]float64(nil), energy...)
			energyPassPortable(row(wh), we)
			energyPass(row(eh), ee)
			require.Equal(t, wh, eh, "n=%d pending=%v: energy pass fields", n, pending)
			require.Equal(t, we, ee, "n=%d pending=%v: energy pass energies", n, pending)

			wantH, wantZ, wantE := append([]float64(nil), h...), append([]int8(nil), z...), append([]float64(nil), energy...)
			var want unitFlips
			signPassPortable(row(wantH), wantZ, wantE, 5, &want)
			var got unitFlips
			signPass(row(h), z, energy, 5, &got)
			require.Equal(t, wantH, h, "n=%d pending=%v: fields", n, pending)
			require.Equal(t, wantZ, z, "n=%d pending=%v: states", n, pending)
			require.Equal(t, wantE, energy, "n=%d pending=%v: energies", n, pending)
			require.ElementsMatch(t, want.up, got.up, "n=%d pending=%v: up flips", n, pending)
			require.ElementsMatch(t, want.down, got.down, "n=%d pending=%v: down flips", n, pending)
			if n >= 64 {
				require.NotEmpty(t, want.up)
				require.NotEmpty(t, want.down)
			}
		}
	}
	// The portable pass itself: the sign of +0 and -0 is +1, and |h| is added.
	z, energy := []int8{-1, -1, 1}, []float64{0, 0, 0}
	var f unitFlips
	signPassPortable(fieldRow{h: []float64{0, math.Copysign(0, -1), -2}}, z, energy, 10, &f)
	require.Equal(t, []int8{1, 1, -1}, z)
	require.Equal(t, []float64{0, 0, 2}, energy)
	require.Equal(t, unitFlips{up: []int32{10, 11}, down: []int32{12}}, f)
}
