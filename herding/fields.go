package herding

import (
	"gonum.org/v1/gonum/floats"

	"herdsim/internal/parallel"
)

// fields keeps the float64 hidden fields of a fixed set of M vectors v_m (a Tracker's
// evaluation set; the engine's own fields, int32, are incremental.go's, updated the same
// way) current along the flip-driven update of issue 7. After an update with pseudo-sample (x*, z*), hidden-bias step db and
// A = (V X^T) Z_t, the product of the set's Gram matrix against the data with the current
// hidden states (which the owner moves along the flips):
//
//	H += A - N (V x*) z*^T + 1 db^T,   c.v_m += v_m . sum_n x_n - N v_m . x*
//
// The field update is recorded by record and applied by updateRow in the owner's next pass
// over the fields (the energy sum), so that the K x M float64 fields are
// read and written once per iteration, not three or four times. Every term is an exact
// integer, so the grouping does not change any sum.
type fields struct {
	k, m    int
	h       []float64 // H^T, K x M: row i holds the fields of hidden unit i for every v_m
	a       []int32   // A^T, K x M in rows of aStride, moved along the flips by the owner (|A| <= N D < 2^31)
	aStride int       // the row length of a: M padded for the flip kernel
	cx      []float64 // c . v_m, M
	rowSum  []float64 // v_m . sum_n x_n, M
	dot     []float64 // v_m . x* of the pending update, M

	pending bool      // an update is recorded and not yet applied to h
	scale   []float64 // -N z*_i, K
	growB   []float64 // db, K; empty when b does not grow
}

// newFields computes the fields of set under p directly, once, and starts A at the hidden
// states the flips start from (all +1, see flips.go): A_im = v_m . sum_n x_n. Rows of a
// are aStride long.
func newFields(set *vectors, p *Params, sumX []float64, aStride int) fields {
	k, m := p.K, set.n
	f := fields{k: k, m: m, h: make([]float64, k*m), a: make([]int32, k*aStride), aStride: aStride,
		cx: make([]float64, m), rowSum: make([]float64, m), dot: make([]float64, m),
		scale: make([]float64, k)}
	parallel.For(k, 4, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			for r := 0; r < m; r++ {
				f.h[i*m+r] = floats.Dot(p.Row(i), set.row(r)) + p.B[i]
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

// row returns the fields of hidden unit i for vectors [lo, hi).
func (f *fields) row(i, lo, hi int) []float64 { return f.h[i*f.m+lo : i*f.m+hi] }

// record takes one update of the parameters (n data vectors, pseudo-sample xs, zs,
// hidden-bias step db or nil): c.v_m moves now, the fields in the next pass. An update
// still pending (no pass ran since the last record) is applied first.
func (f *fields) record(set *vectors, n int, xs, zs, db []float64) {
	f.flush()
	N := float64(n)
	for r := 0; r < f.m; r++ {
		f.dot[r] = floats.Dot(set.row(r), xs)
		f.cx[r] += f.rowSum[r] - N*f.dot[r]
	}
	for i, v := range zs {
		f.scale[i] = -N * v
	}
	f.growB = append(f.growB[:0], db...)
	f.pending = true
}

// rowUpdate is the owner's view of the fields of hidden unit i for vectors [lo, hi) in its
// pass over them: the fields, and the pending update if there is one (the owner clears
// pending after the pass).
func (f *fields) rowUpdate(i, lo, hi int) fieldRow {
	row := fieldRow{h: f.row(i, lo, hi)}
	if f.pending {
		row.a, row.dot, row.scale = f.a[i*f.aStride+lo:i*f.aStride+hi], f.dot[lo:hi], f.scale[i]
		if len(f.growB) > 0 {
			row.db = f.growB[i]
		}
	}
	return row
}

// updateRow applies the pending update to the fields of hidden unit i for vectors [lo, hi).
func (f *fields) updateRow(i, lo, hi int) { f.rowUpdate(i, lo, hi).apply() }

// fieldRow is a run of one hidden unit's fields h and, when a is not nil, the pending
// update h += a + scale dot + db.
type fieldRow struct {
	h         []float64
	a         []int32
	dot       []float64
	scale, db float64
}

// from is the row from field n on.
func (row fieldRow) from(n int) fieldRow {
	rest := fieldRow{h: row.h[n:], scale: row.scale, db: row.db}
	if row.a != nil {
		rest.a, rest.dot = row.a[n:], row.dot[n:]
	}
	return rest
}

// apply applies the pending update, if any, to h (every term an exact integer: any
// grouping gives the same sums).
func (row fieldRow) apply() {
	if row.a == nil {
		return
	}
	a, dot := row.a[:len(row.h)], row.dot[:len(row.h)]
	for r := range row.h {
		row.h[r] += float64(a[r]) + row.scale*dot[r] + row.db
	}
}

// flush applies a pending update in a pass of its own.
func (f *fields) flush() {
	if !f.pending {
		return
	}
	parallel.For(f.m, 16, func(lo, hi int) {
		for i := 0; i < f.k; i++ {
			f.updateRow(i, lo, hi)
		}
	})
	f.pending = false
}
