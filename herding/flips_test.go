package herding

import (
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/internal/splitmix"
)

// The build's flip kernel (AVX-512 under GOEXPERIMENT=simd on a CPU that has it, else the
// portable one) gives the portable kernel's bits for every row length, block and tail
// included, and every d; and the portable kernel is the plain sum of d rows[r].
func TestFlipKernelsAgree(t *testing.T) {
	t.Logf("flip kernel: %s", FlipKernel())
	src := splitmix.New(5)
	for _, n := range []int{1, 15, 16, 17, 127, 128, 129, 255, 300, 700} {
		rows := make([]float32, 40*n)
		for i := range rows {
			rows[i] = float32(int(src.Below(513)) - 256) // G's entries: integers in [-D, D], D = 256
		}
		acc := make([]float32, n)
		for i := range acc {
			acc[i] = float32(int(src.Below(1<<20)) - 1<<19)
		}
		prev, z := make([]int8, 40), make([]int8, 40)
		for r := range z {
			prev[r] = int8(src.Below(3)) - 1 // -1, 0 (before the first iteration), +1
			z[r] = int8(2*src.Below(2)) - 1
		}
		flips := gatherFlips(z, prev, nil)
		require.NotEmpty(t, flips)

		want := append([]float32(nil), acc...)
		for _, f := range flips {
			r, d := flipAt(f)
			require.Equal(t, float32(z[r]-prev[r]), d)
			for c := range want {
				want[c] += d * rows[r*n+c]
			}
		}
		portable := append([]float32(nil), acc...)
		addFlipsPortable(portable, rows, flips)
		require.Equal(t, want, portable, "portable, n = %d", n)
		// Three units: these flips, none, these flips again.
		many := append(append(append([]float32(nil), acc...), acc...), acc...)
		addFlipsUnits(many, n, rows, [][]int32{flips, nil, flips})
		require.Equal(t, want, many[:n], "%s, n = %d", FlipKernel(), n)
		require.Equal(t, acc, many[n:2*n], "%s, n = %d: a unit without flips", FlipKernel(), n)
		require.Equal(t, want, many[2*n:], "%s, n = %d", FlipKernel(), n)
	}
}
