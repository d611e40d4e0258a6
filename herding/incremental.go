package herding

import (
	"math"
	"sync"

	"gonum.org/v1/gonum/floats"

	"herdsim/internal/parallel"
)

// incremental keeps the fields of every data vector up to date from one iteration to the
// next instead of recomputing them (issue 7). With G = X X^T and Z_t the hidden states of
// iteration t (N x K):
//
//	H_{t+1} = H_t + A_t - N (X x*_t) z*_t^T + 1 db_t^T,   A_t = G Z_t = A_{t-1} + G (Z_t - Z_{t-1})
//	c.x_n  += sum_m G_nm - N x_n.x*_t
//
// where H_t = X W_t^T + b are the fields. Only a small fraction of the z_n,i flip between
// iterations, and each flip costs one row of G (N adds) instead of a dot product per data
// vector and hidden unit. G and A are float32, twice as many per SIMD instruction as
// float64: their entries are integers with |G| <= D and |A| <= N D, exact in float32 while
// N D < 2^24 (usable checks it; larger sets use the direct form). The fields stay float64.
// Every value is an exact integer, so fields, signs and energies are bit-identical to the
// direct form (tested).
type incremental struct {
	fields           // over the data itself: A = G Z with G = X X^T
	n      int       // N, the number of data vectors (fields.m)
	gram   []float32 // G, N x N (symmetric, integers in [-D, D])
	xf     []float32 // the data rows as float32, N x D
	p      []float32 // the positive term P = Z^T X, K x D, moved along the flips like A (|P| <= N: exact)
	pb     []float64 // sum_n z_ni, K
	zT     []int8    // Z_t transposed, K x N: row i is hidden unit i over the data (zero before the first iteration)

	bufMu    sync.Mutex
	flipBufs map[int][][]int32 // per chunk of data vectors (by its first index): per unit, its flips
}

// incrementalUsable reports whether A = G Z is exact in float32 for n vectors of length d.
func incrementalUsable(n, d int) bool { return n*d < 1<<24 }

// newIncremental builds G and the fields of the initial parameters (computed directly once).
func newIncremental(data *vectors, p *Params, sumX []float64) *incremental {
	n, k := data.n, p.K
	inc := &incremental{fields: newFields(data, p, sumX), n: n, gram: make([]float32, n*n),
		zT: make([]int8, k*n), xf: make([]float32, n*data.d), p: make([]float32, k*data.d), pb: make([]float64, k)}
	for idx, v := range data.x {
		inc.xf[idx] = float32(v)
	}
	parallel.For(n, 8, func(lo, hi int) {
		for r := lo; r < hi; r++ {
			for m := 0; m < n; m++ {
				inc.gram[r*n+m] = float32(floats.Dot(data.row(r), data.row(m)))
			}
		}
	})
	return inc
}

// positive applies the pending field update, then takes the hidden states and energies
// from the fields and moves A from Z_{t-1} to Z_t along the flips, which the sign pass
// gathers as it overwrites Z_{t-1}. Doing the update in the sign pass reads and writes
// the K x N fields once per iteration instead of three or four times. The hidden states
// stay in zT (K x N; transpose gives N x K); energy has N entries.
func (inc *incremental) positive(energy []float64) {
	n, k := inc.n, inc.k
	var mu sync.Mutex
	var chunks [][][]int32 // per range of data vectors, per hidden unit: its flips
	parallel.For(n, 16, func(lo, hi int) {
		flips := inc.flipBuffers(lo)
		copy(energy[lo:hi], inc.cx[lo:hi])
		for i := 0; i < k; i++ {
			if inc.pending {
				inc.updateRow(i, lo, hi)
			}
			flips[i] = signPass(inc.row(i, lo, hi), inc.zT[i*n+lo:i*n+hi], energy[lo:hi], lo, flips[i])
		}
		mu.Lock()
		chunks = append(chunks, flips)
		mu.Unlock()
	})
	inc.pending = false
	parallel.For(k, 4, func(lo, hi int) { inc.flipRows(lo, hi, chunks) })
}

// signPass overwrites zrow with the signs of the fields h (data vectors lo, lo+1, ...),
// adds |h| to the energies and appends a flip for every sign that changed. The sign and
// the absolute value are taken without branches: half of the fields are negative, in no
// pattern a branch predictor could learn.
func signPass(h []float64, zrow []int8, energy []float64, lo int, flips []int32) []int32 {
	for r, v := range h {
		if s := signNoBranch(v); s != zrow[r] {
			flips = append(flips, flipCode(lo+r, s-zrow[r]))
			zrow[r] = s
		}
		energy[r] += math.Abs(v)
	}
	return flips
}

// signNoBranch is sign(v) from the sign bit of v + 0, which is +0 for v = -0, so that ties
// still go to +1.
func signNoBranch(v float64) int8 {
	return int8(1 - 2*int(math.Float64bits(v+0)>>63))
}

// flipBuffers returns the per-unit flip lists of the chunk of data vectors that starts at
// lo, emptied, reusing the previous iteration's storage (chunks are the same every
// iteration).
func (inc *incremental) flipBuffers(lo int) [][]int32 {
	inc.bufMu.Lock()
	defer inc.bufMu.Unlock()
	if inc.flipBufs == nil {
		inc.flipBufs = map[int][][]int32{}
	}
	bufs, ok := inc.flipBufs[lo]
	if !ok {
		bufs = make([][]int32, inc.k)
		inc.flipBufs[lo] = bufs
	}
	for i := range bufs {
		bufs[i] = bufs[i][:0]
	}
	return bufs
}

// flipRows moves rows [lo, hi) of A, P and sum z along the flips of their hidden units
// (gathered in chunks, whose order does not matter: every sum is exact): with
// d = z_ri - zprev_ri, A[i, :] += d G[r, :], P[i, :] += d x_r and sum z_i += d.
func (inc *incremental) flipRows(lo, hi int, chunks [][][]int32) {
	n, dim := inc.n, len(inc.xf)/inc.n
	for _, c := range chunks {
		for i := lo; i < hi; i++ {
			inc.pb[i] += flipSum(c[i])
		}
		addFlipsUnits(inc.a[lo*n:hi*n], n, inc.gram, c[lo:hi])
		addFlipsUnits(inc.p[lo*dim:hi*dim], dim, inc.xf, c[lo:hi])
	}
}

// advance records one update of the parameters (see fields.record): the fields move in
// the next sign pass.
func (inc *incremental) advance(data *vectors, xs, zs, db []float64) {
	inc.record(data, inc.n, xs, zs, db)
}

// transpose writes the hidden states of the last sign pass into z, N x K.
func (inc *incremental) transpose(z []int8) {
	parallel.For(inc.n, 16, func(lo, hi int) { transposeBlock(inc.zT, z, inc.k, inc.n, lo, hi) })
}

// column writes z_m of the last sign pass into dst as +-1 floats.
func (inc *incremental) column(m int, dst []float64) {
	for i := range dst {
		dst[i] = float64(inc.zT[i*inc.n+m])
	}
}

// transposeBlock writes columns [lo, hi) of the k x n matrix src into rows lo..hi-1 of the
// n x k matrix dst, in tiles that stay in L1 (a column-at-a-time copy would miss the cache
// on every write).
func transposeBlock(src, dst []int8, k, n, lo, hi int) {
	const tile = 32
	for r0 := lo; r0 < hi; r0 += tile {
		r1 := min(r0+tile, hi)
		for i0 := 0; i0 < k; i0 += tile {
			i1 := min(i0+tile, k)
			for r := r0; r < r1; r++ {
				out := dst[r*k : (r+1)*k]
				for i := i0; i < i1; i++ {
					out[i] = src[i*n+r]
				}
			}
		}
	}
}
