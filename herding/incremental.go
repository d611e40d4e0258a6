package herding

import (
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
// vector and hidden unit. G and X are held in 16-bit lanes and A and P as int32 (see
// flips.go): exact while D < 2^15 and N D < 2^31 (incrementalUsable; larger sets use the
// direct form). The fields stay float64. Every value is an exact integer, so fields,
// signs and energies are bit-identical to the direct form (tested).
type incremental struct {
	fields           // over the data itself: A = G Z with G = X X^T
	n      int       // N, the number of data vectors (fields.m)
	gram   *flipRows // G, N x N (symmetric, integers in [-D, D])
	xrows  *flipRows // the data rows, N x D
	p      []int32   // the positive term P = Z^T X, K rows of xrows.width(), moved along the flips like A
	pb     []float64 // sum_n z_ni, K
	zT     []int8    // Z_t transposed, K x N: row i is hidden unit i over the data (+1 before the first iteration)

	bufMu    sync.Mutex
	flipBufs map[int][]unitFlips // per chunk of data vectors (by its first index): per unit, its flips
	flips    []unitFlips         // per unit, the flips of every chunk
}

// incrementalUsable reports whether the flip-driven sums are exact for n vectors of
// length d: G's entries lie in [-d, d].
func incrementalUsable(n, d int) bool { return flipsUsable(n, d) }

// newIncremental builds G and the fields of the initial parameters (computed directly
// once). The flips start from Z = +1 everywhere, where A = G 1, P = 1 X and sum z = N.
func newIncremental(data *vectors, p *Params, sumX []float64) *incremental {
	n, k, d := data.n, p.K, data.d
	gram, xrows := newFlipRows(n, n, d), newFlipRows(n, d, 1)
	inc := &incremental{fields: newFields(data, p, sumX, gram.width()), n: n, gram: gram, xrows: xrows,
		zT: startStates(k * n), p: make([]int32, k*xrows.width()), pb: make([]float64, k), flips: make([]unitFlips, k)}
	parallel.For(n, 8, func(lo, hi int) {
		for r := lo; r < hi; r++ {
			for m := 0; m < n; m++ {
				gram.set(r, m, int(floats.Dot(data.row(r), data.row(m))))
			}
			for j, v := range data.row(r) {
				xrows.set(r, j, int(v))
			}
		}
	})
	for i := 0; i < k; i++ {
		inc.pb[i] = float64(n)
		for j, v := range sumX {
			inc.p[i*xrows.width()+j] = int32(v)
		}
	}
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
	var chunks [][]unitFlips // per range of data vectors, per hidden unit: its flips
	parallel.For(n, 16, func(lo, hi int) {
		flips := inc.flipBuffers(lo)
		copy(energy[lo:hi], inc.cx[lo:hi])
		for i := 0; i < k; i++ {
			signPass(inc.rowUpdate(i, lo, hi), inc.zT[i*n+lo:i*n+hi], energy[lo:hi], lo, &flips[i])
		}
		mu.Lock()
		chunks = append(chunks, flips)
		mu.Unlock()
	})
	inc.pending = false
	parallel.For(k, 4, func(lo, hi int) { inc.flipRows(lo, hi, chunks) })
}

// flipBuffers returns the per-unit flip lists of the chunk of data vectors that starts at
// lo, emptied, reusing the previous iteration's storage (chunks are the same every
// iteration).
func (inc *incremental) flipBuffers(lo int) []unitFlips {
	inc.bufMu.Lock()
	defer inc.bufMu.Unlock()
	if inc.flipBufs == nil {
		inc.flipBufs = map[int][]unitFlips{}
	}
	bufs, ok := inc.flipBufs[lo]
	if !ok {
		bufs = make([]unitFlips, inc.k)
		inc.flipBufs[lo] = bufs
	}
	for i := range bufs {
		bufs[i].reset()
	}
	return bufs
}

// flipRows moves rows [lo, hi) of A, P and sum z along the flips of their hidden units,
// gathered by chunk and merged here (their order does not matter: every sum is exact), so
// that the kernels visit each row of A once: with d = +-2 the change of z_ri,
// A[i, :] += d G[r, :], P[i, :] += d x_r and sum z_i += d.
func (inc *incremental) flipRows(lo, hi int, chunks [][]unitFlips) {
	for i := lo; i < hi; i++ {
		inc.flips[i].reset()
		for _, c := range chunks {
			inc.flips[i].add(c[i])
		}
		inc.pb[i] += inc.flips[i].zChange()
	}
	aw, pw := inc.gram.width(), inc.xrows.width()
	addFlipsUnits(inc.a[lo*aw:hi*aw], inc.gram, inc.flips[lo:hi])
	addFlipsUnits(inc.p[lo*pw:hi*pw], inc.xrows, inc.flips[lo:hi])
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
