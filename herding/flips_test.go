package herding

import (
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/internal/splitmix"
)

// The build's flip kernel (AVX-512 under GOEXPERIMENT=simd on a CPU that has it, else the
// portable one) and the portable kernel both give the plain sum acc + 2 (sum of up rows -
// sum of down rows), for every row length (whole blocks, single vectors and padding), for
// bounds from 1 (X) to the largest 16-bit lanes hold, with entries at the extremes, and
// for more flips than one 16-bit batch holds.
func TestFlipKernelsAgree(t *testing.T) {
	t.Logf("kernels: %s", Kernels())
	src := splitmix.New(5)
	for _, bound := range []int{1, 256, 4000, maxRowBound} {
		for _, n := range []int{1, 31, 32, 33, 255, 256, 257, 300, 700} {
			const count = 300
			rows := newFlipRows(count, n, bound)
			for r := range count {
				for c := range n {
					v := int(src.Below(uint64(2*bound+1))) - bound
					if src.Below(4) == 0 { // the extremes often, where a lane would overflow first
						v = bound * (1 - 2*int(src.Below(2)))
					}
					rows.set(r, c, v)
					require.Equal(t, v, rows.at(r, c))
				}
			}
			// Unit 0 flips most rows (more than a batch when bound > 128), unit 1 none, unit
			// 2 only up, unit 3 only down.
			prev, z := make([]int8, count), make([]int8, count)
			for r := range z {
				prev[r], z[r] = int8(2*src.Below(2))-1, int8(2*src.Below(2))-1
			}
			flips := make([]unitFlips, 4)
			gatherFlips(z, prev, &flips[0])
			require.Greater(t, len(flips[0].up)+len(flips[0].down), 100)
			flips[2].up, flips[3].down = flips[0].up, flips[0].down

			w := rows.width()
			acc := make([]int32, 4*w)
			for i := range acc {
				acc[i] = int32(src.Below(1<<20)) - 1<<19
			}
			want := append([]int32(nil), acc...)
			for u, f := range flips {
				for c := range n {
					for _, r := range f.up {
						want[u*w+c] += 2 * int32(rows.at(int(r), c))
					}
					for _, r := range f.down {
						want[u*w+c] -= 2 * int32(rows.at(int(r), c))
					}
				}
			}
			portable := append([]int32(nil), acc...)
			addFlipsUnitsPortable(portable, rows, flips)
			require.Equal(t, want, portable, "portable, bound %d, n = %d", bound, n) // padding columns add 0
			built := append([]int32(nil), acc...)
			addFlipsUnits(built, rows, flips)
			require.Equal(t, want, built, "%s, bound %d, n = %d", Kernels(), bound, n)
		}
	}
}

// A flip matrix refuses entries beyond its bound and bounds that 16-bit lanes cannot hold.
func TestFlipRowsBounds(t *testing.T) {
	rows := newFlipRows(2, 5, 3)
	require.Panics(t, func() { rows.set(0, 0, 4) })
	require.Panics(t, func() { rows.set(0, 0, -4) })
	require.Panics(t, func() { newFlipRows(1, 1, maxRowBound+1) })
	require.True(t, flipsUsable(700, 256))
	require.False(t, flipsUsable(10, maxRowBound+1))
	require.False(t, flipsUsable(1<<17, 1<<14))
}
