package herding

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkSignPass times the sign pass over K = 1000 rows of N = 700 fields with a
// pending update (the positive phase's first kernel at the paper's largest K), the
// build's kernel (AVX-512 in a GOEXPERIMENT=simd build on a CPU that has it) against the
// portable one: the AVX-512 pass was once three times slower than the portable one (see
// "Legacy SSE" in signpass_simd.go).
func BenchmarkSignPass(b *testing.B) {
	b.Run("kernel", func(b *testing.B) { benchSignRows(b, signPass) })
	b.Run("portable", func(b *testing.B) { benchSignRows(b, signPassPortable) })
}

func benchSignRows(b *testing.B, pass func(fieldRow32, []int8, []int64, int, *unitFlips)) {
	const k, n = 1000, 700
	rng := rand.New(rand.NewPCG(1, 2))
	h := make([]int32, k*n)
	a := make([]int32, k*n)
	nd := make([]int32, n)
	z := make([]int8, k*n)
	for i := range h {
		h[i] = int32(rng.IntN(2000) - 1000)
		a[i] = int32(rng.IntN(40) - 20)
		z[i] = int8(1 | h[i]>>31)
	}
	for i := range nd {
		nd[i] = int32(rng.IntN(10) - 5)
	}
	energy := make([]int64, n)
	var f unitFlips
	b.ResetTimer()
	for it := 0; it < b.N; it++ {
		for i := 0; i < k; i++ {
			f.reset()
			pass(fieldRow32{h: h[i*n : (i+1)*n], a: a[i*n : (i+1)*n], nd: nd, db: 0}, z[i*n:(i+1)*n], energy, 0, &f)
		}
	}
}
