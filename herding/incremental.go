package herding

import (
	"time"

	"herdsim/internal/bitcols"
	"herdsim/internal/parallel"
)

// incremental keeps the fields of every data vector up to date from one iteration to the
// next instead of recomputing them. With G = X X^T and Z_t the hidden states of
// iteration t (N x K):
//
//	H_{t+1} = H_t + A_t - N (X x*_t) z*_t^T + 1 db_t^T,   A_t = G Z_t = A_{t-1} + G (Z_t - Z_{t-1})
//	c.x_n  += sum_m G_nm - N x_n.x*_t
//
// where H_t = X W_t^T + b are the fields. Only a small fraction of the z_n,i flip between
// iterations, and each flip costs one row of G (N adds) instead of a dot product per data
// vector and hidden unit. G and X are held in 16-bit lanes and A and P as int32 (see
// flips.go): exact while D < 2^15 and N D < 2^31 (incrementalUsable; larger sets use the
// direct form). The fields are int32 too: exact while every |h| < 2^31, which the engine
// checks after every update (fieldsFit) and, should the weights ever grow that far,
// continues in the direct form. Every value is an exact integer, so fields, signs and
// energies are bit-identical to the direct form (tested).
//
// One pass per hidden unit does all of an iteration's work on the unit's row (positive):
// the pending field update, the signs, |h| into the energies, and then the unit's flips
// into its row of A (still in L1) and of P. For a large K the hidden units are shared
// among the cores (parallel.Share), each worker with its own partial energies (exact int64
// sums, added in any order).
type incremental struct {
	fieldSet           // over the data: A = G Z, with its own row stride gram.width()
	n        int       // N
	gram     *flipRows // G, N x N (symmetric, integers in [-D, D])
	xrows    *flipRows // the data rows, N x D
	p        []int32   // the positive term P = Z^T X, K rows of xrows.width(), moved along the flips like A
	pb       []float64 // sum_n z_ni, K
	zT       []int8    // Z_t transposed, K x N: row i is hidden unit i over the data (+1 before the first iteration)

	scratch []*unitScratch // per worker of positive
	times   *PhaseTimes    // the engine's phase times (TimePhases), else nil
}

// unitScratch is what one worker of positive needs: its partial energies and one unit's
// flips at a time.
type unitScratch struct {
	energy []int64
	flips  []unitFlips // one entry: the unit in hand
	// With phase times: this worker's time in the two kernels and its flips this pass.
	signPass, flipTime time.Duration
	flipCount          int64
}

// incrementalUsable reports whether the flip-driven sums are exact for n vectors of
// length d: G's entries lie in [-d, d], and the initial fields (|W_0| <= n) fit int32.
func incrementalUsable(n, d int) bool { return flipsUsable(n, d) && fieldsFit(d, float64(n), 0) }

// fieldLimit is the largest |h| the int32 fields hold (2^31 - 1; a test lowers it).
var fieldLimit = float64(1<<31 - 1)

// fieldsFit reports whether every field |W x + b| of vectors of length d fits the int32
// fields when max |W| = maxW and max |b| = maxB.
func fieldsFit(d int, maxW, maxB float64) bool { return float64(d)*maxW+maxB <= fieldLimit }

// newIncremental builds G and the fields of the initial parameters (computed directly
// once). The flips start from Z = +1 everywhere, where A = G 1, P = 1 X and sum z = N.
func newIncremental(data *vectors, p *Params, sumX []float64) *incremental {
	n, k, d := data.n, p.K, data.d
	gram, xrows := newFlipRows(n, n, d), newFlipRows(n, d, 1)
	inc := &incremental{fieldSet: newFieldSet(data, p, sumX, gram.width()), n: n, gram: gram, xrows: xrows,
		p: make([]int32, k*xrows.width()), pb: make([]float64, k), zT: startStates(k * n)}
	signs := inc.signs
	parallel.For(n, 8, func(lo, hi int) {
		for r := lo; r < hi; r++ {
			for m := 0; m < n; m++ {
				gram.set(r, m, bitcols.Agreement(signs[r], signs[m], d))
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

// packSigns returns every data vector as bits (bit j of word j/64 set when x_j = +1).
func packSigns(data *vectors) [][]uint64 {
	words := (data.d + 63) / 64
	out := make([][]uint64, data.n)
	for r := range out {
		out[r] = make([]uint64, words)
		packSignsInto(out[r], data.row(r))
	}
	return out
}

// packSignsInto writes the +-1 vector x as bits into dst (bit j set when x_j = +1).
func packSignsInto(dst []uint64, x []float64) {
	clear(dst)
	for j, v := range x {
		if v > 0 {
			dst[j/64] |= 1 << (j % 64)
		}
	}
}

// positive applies the pending field update, takes the hidden states and energies from
// the fields and moves A, P and sum z from Z_{t-1} to Z_t along the flips, one hidden unit
// at a time (see incremental): reading and writing each unit's fields and its row of A
// once per iteration. The hidden states stay in zT (K x N; transpose gives N x K); energy
// has N entries.
func (inc *incremental) positive(energy []float64) {
	n, aw, pw := inc.n, inc.gram.width(), inc.xrows.width()
	// A field costs about four of parallel.Grain's nanoseconds here (the sign pass and the
	// flips' share: 0.23 ms for K = 50, N = 700 on one core), so K = 50 already pays a second
	// worker (herd --phase-times: the positive phase 0.155 -> 0.133 ms an iteration).
	workers := parallel.Workers(4*inc.k*n, parallel.Grain)
	for len(inc.scratch) < workers {
		inc.scratch = append(inc.scratch, &unitScratch{energy: make([]int64, n), flips: make([]unitFlips, 1)})
	}
	parts := inc.scratch[:workers]
	for _, s := range parts {
		clear(s.energy)
		s.signPass, s.flipTime, s.flipCount = 0, 0, 0
	}
	timed := inc.times != nil
	parallel.Share(inc.k, 8, workers, func(w, lo, hi int) {
		s := parts[w]
		f := &s.flips[0]
		var clock stopwatch
		if timed {
			clock.lap()
		}
		for i := lo; i < hi; i++ {
			f.reset()
			signPass(inc.rowUpdate(i, 0, n), inc.zT[i*n:(i+1)*n], s.energy, 0, f)
			if timed {
				s.signPass += clock.lap()
			}
			if len(f.up)+len(f.down) == 0 {
				continue
			}
			inc.pb[i] += f.zChange()
			addFlipsUnits(inc.a[i*aw:(i+1)*aw], inc.gram, s.flips)
			addFlipsUnits(inc.p[i*pw:(i+1)*pw], inc.xrows, s.flips)
			if timed {
				s.flipTime += clock.lap()
				s.flipCount += int64(len(f.up) + len(f.down))
			}
		}
	})
	if timed {
		for _, s := range parts {
			inc.times.SignPassCPU += s.signPass
			inc.times.FlipsCPU += s.flipTime
			inc.times.Flips += s.flipCount
		}
	}
	inc.pending = false
	for r := range energy[:n] {
		var sum int64
		for _, s := range parts {
			sum += s.energy[r]
		}
		energy[r] = inc.cx[r] + float64(sum) // exact: the engine keeps energies below 2^53
	}
}

// advance records one update of the parameters (pseudo-sample xs, zs, hidden-bias step
// db or nil): c.x_n moves now, the fields in the next pass.
func (inc *incremental) advance(xs, zs, db []float64) { inc.record(inc.n, xs, zs, db) }

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
