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
// vector and hidden unit. G and A are float32, twice as many per SIMD instruction as
// float64: their entries are integers with |G| <= D and |A| <= N D, exact in float32 while
// N D < 2^24 (usable checks it; larger sets use the direct form). The fields stay float64.
// Every value is an exact integer, so fields, signs and energies are bit-identical to the
// direct form (tested).
type incremental struct {
	n, k   int
	gram   []float32 // G, N x N (symmetric, integers in [-D, D])
	rowSum []float64 // sum_m G_nm = x_n . sum_m x_m
	a      []float32 // A^T, K x N: row i is sum_n z_ni G_n.
	h      []float64 // H^T, K x N: row i holds the fields of hidden unit i for every n
	cx     []float64 // c . x_n, N
	xf     []float32 // the data rows as float32, N x D
	p      []float32 // the positive term P = Z^T X, K x D, moved along the flips like A (|P| <= N: exact)
	pb     []float64 // sum_n z_ni, K
	zT     []int8    // Z_t transposed, K x N: row i is hidden unit i over the data (zero before the first iteration)
	xdot   []float64 // x_n . x*, N (scratch)
}

// incrementalUsable reports whether A = G Z is exact in float32 for n vectors of length d.
func incrementalUsable(n, d int) bool { return n*d < 1<<24 }

// newIncremental builds G and the fields of the initial parameters (computed directly once).
func newIncremental(data *vectors, p *Params) *incremental {
	n, k := data.n, p.K
	inc := &incremental{n: n, k: k, gram: make([]float32, n*n), rowSum: make([]float64, n),
		a: make([]float32, k*n), h: make([]float64, k*n), cx: make([]float64, n),
		zT: make([]int8, k*n), xdot: make([]float64, n),
		xf: make([]float32, n*data.d), p: make([]float32, k*data.d), pb: make([]float64, k)}
	for idx, v := range data.x {
		inc.xf[idx] = float32(v)
	}
	parallel.For(n, 8, func(lo, hi int) {
		for r := lo; r < hi; r++ {
			for m := 0; m < n; m++ {
				g := floats.Dot(data.row(r), data.row(m))
				inc.gram[r*n+m] = float32(g)
				inc.rowSum[r] += g
			}
		}
	})
	parallel.For(k, 4, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			for r := 0; r < n; r++ {
				inc.h[i*n+r] = floats.Dot(p.Row(i), data.row(r)) + p.B[i]
			}
		}
	})
	for r := 0; r < n; r++ {
		inc.cx[r] = floats.Dot(p.C, data.row(r))
	}
	return inc
}

// positive takes the hidden states and energies from the maintained fields and moves A
// from Z_{t-1} to Z_t along the flips, which the sign pass gathers as it overwrites Z_{t-1}.
// z is N x K, energy has N entries.
func (inc *incremental) positive(z []int8, energy []float64) {
	n, k := inc.n, inc.k
	var mu sync.Mutex
	var chunks [][][]int32 // per range of data vectors, per hidden unit: its flips
	parallel.For(n, 16, func(lo, hi int) {
		flips := make([][]int32, k)
		for r := lo; r < hi; r++ {
			energy[r] = inc.cx[r]
		}
		for i := 0; i < k; i++ {
			row, zrow := inc.h[i*n+lo:i*n+hi], inc.zT[i*n+lo:i*n+hi]
			e := energy[lo:hi]
			for r, v := range row {
				if s := sign(v); s != zrow[r] {
					flips[i] = append(flips[i], int32(lo+r)<<3|int32(s-zrow[r]+2))
					zrow[r] = s
				}
				if v < 0 {
					v = -v
				}
				e[r] += v
			}
		}
		transposeBlock(inc.zT, z, k, n, lo, hi)
		mu.Lock()
		chunks = append(chunks, flips)
		mu.Unlock()
	})
	parallel.For(k, 4, func(lo, hi int) { inc.flipRows(lo, hi, chunks) })
}

// flipRows moves rows [lo, hi) of A, P and sum z along the flips of their hidden units
// (gathered in chunks, whose order does not matter: every sum is exact): with
// d = z_ri - zprev_ri, A[i, :] += d G[r, :], P[i, :] += d x_r and sum z_i += d.
func (inc *incremental) flipRows(lo, hi int, chunks [][][]int32) {
	n, dim := inc.n, len(inc.xf)/inc.n
	flips := make([][]int32, hi-lo)
	for i := lo; i < hi; i++ {
		for _, c := range chunks {
			flips[i-lo] = append(flips[i-lo], c[i]...)
		}
		inc.pb[i] += flipSum(flips[i-lo])
	}
	addFlipsUnits(inc.a[lo*n:hi*n], n, inc.gram, flips)
	addFlipsUnits(inc.p[lo*dim:hi*dim], dim, inc.xf, flips)
}

// positiveTerm copies the maintained P and sum z into the engine's float64 buffers.
func (inc *incremental) positiveTerm(pos, posB []float64) {
	for idx, v := range inc.p {
		pos[idx] = float64(v)
	}
	copy(posB, inc.pb)
}

// advance applies one update to the fields: H += A - N (X x*) z*^T + db, and c.x_n for the
// visible-bias update dc = sum_m x_m - N x*. db is nil when b does not grow.
func (inc *incremental) advance(data *vectors, xs, zs, db []float64) {
	n := inc.n
	N := float64(n)
	for r := 0; r < n; r++ {
		inc.xdot[r] = floats.Dot(data.row(r), xs)
		inc.cx[r] += inc.rowSum[r] - N*inc.xdot[r]
	}
	parallel.For(inc.k, 4, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			hrow, arow := inc.h[i*n:(i+1)*n], inc.a[i*n:(i+1)*n]
			for r, v := range arow {
				hrow[r] += float64(v)
			}
			floats.AddScaled(hrow, -N*zs[i], inc.xdot)
			if db != nil {
				floats.AddConst(db[i], hrow)
			}
		}
	})
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
