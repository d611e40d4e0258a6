package herding

import (
	"gonum.org/v1/gonum/floats"

	"herdsim/internal/bitcols"
	"herdsim/internal/parallel"
)

// fieldSet keeps the int32 hidden fields of a fixed set of M vectors v_m current along the
// flip-driven update: the engine's own data (incremental.go) and a Tracker's
// evaluation set (tracker.go) are both one. After an update with pseudo-sample (x*, z*),
// hidden-bias step db and A = (V X^T) Z_t, the product of the set's Gram matrix against
// the data with the current hidden states (which the owner moves along the flips):
//
//	H += A - N (V x*) z*^T + 1 db^T,   c.v_m += v_m . sum_n x_n - N v_m . x*
//
// The field update is recorded by record and applied in the owner's next pass over the
// fields (the sign or energy pass, with rowUpdate), so that the K x M fields are read and
// written once per iteration, not three or four times. Every term is an exact integer, so
// the grouping does not change any sum. The fields are exact while every |h| < 2^31: a
// field of any +-1 vector of length D is at most D max|W| + max|b|, which the engine
// checks after every update (fieldsFit) for its data and therefore for every set.
type fieldSet struct {
	k, m    int
	h       []int32    // H^T, K x M: row i holds the fields of hidden unit i for every v_m
	a       []int32    // A^T, K rows of aStride, moved along the flips by the owner (|A| <= N D < 2^31)
	aStride int        // the row length of a: M padded for the flip kernel
	cx      []float64  // c . v_m, M
	rowSum  []float64  // v_m . sum_n x_n, M
	d       int        // D
	signs   [][]uint64 // the set as bits (packSigns), for v_m . x* by popcount
	xsBits  []uint64   // scratch: x* as bits

	// The update recorded by record and applied by the next pass: h += a + nd + db with
	// nd = -N z*_i (v_m . x*), held for both signs of z*_i.
	pending bool
	nd      [2][]int32 // [0]: -N (v_m . x*), for z*_i = +1; [1]: +N (v_m . x*), for z*_i = -1
	zNeg    []bool     // z*_i = -1, K
	db      []int32    // db, K; empty when b does not grow
}

// newFieldSet computes the fields of set under p directly, once, and starts A at the
// hidden states the flips start from (all +1, see flips.go): A_im = v_m . sum_n x_n.
// Rows of a are aStride long.
func newFieldSet(set *vectors, p *Params, sumX []float64, aStride int) fieldSet {
	k, m := p.K, set.n
	signs := packSigns(set)
	f := fieldSet{k: k, m: m, h: make([]int32, k*m), a: make([]int32, k*aStride), aStride: aStride,
		cx: make([]float64, m), rowSum: make([]float64, m), d: set.d, signs: signs,
		xsBits: make([]uint64, len(signs[0])), nd: [2][]int32{make([]int32, m), make([]int32, m)},
		zNeg: make([]bool, k)}
	parallel.For(k, 4, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			for r := 0; r < m; r++ {
				f.h[i*m+r] = int32(dotExact(p.Row(i), set.row(r)) + p.B[i])
			}
		}
	})
	for r := 0; r < m; r++ {
		f.cx[r] = floats.Dot(p.C, set.row(r))
		f.rowSum[r] = floats.Dot(sumX, set.row(r))
	}
	for i := 0; i < k; i++ {
		for r, v := range f.rowSum {
			f.a[i*aStride+r] = int32(v)
		}
	}
	return f
}

// record takes one update of the parameters (n data vectors, pseudo-sample xs, zs,
// hidden-bias step db or nil): c.v_m moves now, the fields in the next pass. An update
// still pending (no pass ran since the last record) is applied first.
func (f *fieldSet) record(n int, xs, zs, db []float64) {
	f.flush()
	N := float64(n)
	packSignsInto(f.xsBits, xs)
	for r := 0; r < f.m; r++ {
		dot := float64(bitcols.Agreement(f.signs[r], f.xsBits, f.d)) // v_m . x*, in [-D, D]
		f.cx[r] += f.rowSum[r] - N*dot
		f.nd[0][r], f.nd[1][r] = int32(-N*dot), int32(N*dot)
	}
	for i, v := range zs {
		f.zNeg[i] = v < 0
	}
	f.db = f.db[:0]
	for _, v := range db {
		f.db = append(f.db, int32(v)) // |db| <= 2N
	}
	f.pending = true
}

// rowUpdate is the owner's view of the fields of hidden unit i for vectors [lo, hi) in its
// pass over them: the fields, and the pending update if there is one (the owner clears
// pending after the pass).
func (f *fieldSet) rowUpdate(i, lo, hi int) fieldRow32 {
	row := fieldRow32{h: f.h[i*f.m+lo : i*f.m+hi]}
	if f.pending {
		row.a, row.nd = f.a[i*f.aStride+lo:i*f.aStride+hi], f.nd[0][lo:hi]
		if f.zNeg[i] {
			row.nd = f.nd[1][lo:hi]
		}
		if len(f.db) > 0 {
			row.db = f.db[i]
		}
	}
	return row
}

// flush applies a pending update in a pass of its own.
func (f *fieldSet) flush() {
	if !f.pending {
		return
	}
	parallel.For(f.k, 4, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			f.rowUpdate(i, 0, f.m).apply()
		}
	})
	f.pending = false
}
