package herding

import (
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/internal/splitmix"
)

// The build's sign pass (AVX-512 under GOEXPERIMENT=simd) gives the portable pass's
// fields, states, energies and flips, with and without a pending update, for lengths with
// and without a tail, with fields at 0 (ties go to +1) and at the int32 extremes, and
// states that flip; its energy pass (a Tracker's) the portable one's fields and energies.
func TestSignPassesAgree(t *testing.T) {
	t.Logf("kernels: %s", Kernels())
	src := splitmix.New(9)
	for _, n := range []int{1, 7, 8, 9, 15, 16, 17, 64, 350, 351} {
		for _, pending := range []bool{false, true} {
			h, a, nd := make([]int32, n), make([]int32, n), make([]int32, n)
			z, energy := make([]int8, n), make([]int64, n)
			for r := range n {
				h[r] = int32(src.Below(2001)) - 1000
				switch src.Below(8) {
				case 0:
					h[r] = 0
				case 1:
					h[r] = 1<<31 - 1
				case 2:
					h[r] = -(1<<31 - 1)
				}
				a[r], nd[r] = int32(src.Below(201))-100, -7*(int32(src.Below(33))-16)
				if pending && (h[r] > 1<<30 || h[r] < -(1<<30)) {
					h[r] /= 2 // the update must not leave int32
				}
				z[r], energy[r] = int8(2*src.Below(2))-1, int64(src.Below(1000))
			}
			row := func(h []int32) fieldRow32 {
				if !pending {
					return fieldRow32{h: h}
				}
				return fieldRow32{h: h, a: a, nd: nd, db: 3}
			}
			// The energy pass (a Tracker's) first, on copies.
			eh, ee := append([]int32(nil), h...), append([]int64(nil), energy...)
			wh, we := append([]int32(nil), h...), append([]int64(nil), energy...)
			energyPassPortable(row(wh), we)
			energyPass(row(eh), ee)
			require.Equal(t, wh, eh, "n=%d pending=%v: energy pass fields", n, pending)
			require.Equal(t, we, ee, "n=%d pending=%v: energy pass energies", n, pending)

			wantH, wantZ, wantE := append([]int32(nil), h...), append([]int8(nil), z...), append([]int64(nil), energy...)
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
	// The portable pass itself: the sign of 0 is +1, |h| is added, the extremes are exact.
	z, energy := []int8{-1, -1, 1, 1}, []int64{0, 5, 0, 0}
	var f unitFlips
	signPassPortable(fieldRow32{h: []int32{0, 1<<31 - 1, -2, -(1<<31 - 1)}}, z, energy, 10, &f)
	require.Equal(t, []int8{1, 1, -1, -1}, z)
	require.Equal(t, []int64{0, 5 + 1<<31 - 1, 2, 1<<31 - 1}, energy)
	require.Equal(t, unitFlips{up: []int32{10, 11}, down: []int32{12, 13}}, f)
	energy = []int64{1, 0, 0, 0}
	energyPassPortable(fieldRow32{h: []int32{0, 1<<31 - 1, -2, -(1<<31 - 1)}}, energy)
	require.Equal(t, []int64{1, 1<<31 - 1, 2, 1<<31 - 1}, energy)
}
