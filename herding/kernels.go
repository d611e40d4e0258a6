package herding

import (
	"slices"

	"gonum.org/v1/gonum/floats"

	"herdsim/internal/bitcols"
	"herdsim/internal/parallel"
)

// sign is SPEC.md's sign: ties go to +1.
func sign(v float64) int8 {
	if v >= 0 {
		return 1
	}
	return -1
}

// vectors is a row-major matrix of +-1 values kept as float64, the form the dot-product
// kernels read. Each row is one visible vector.
type vectors struct {
	n, d int
	x    []float64
}

func newVectors(rows [][]int8, d int) vectors {
	v := vectors{n: len(rows), d: d, x: make([]float64, len(rows)*d)}
	for n, row := range rows {
		for j, s := range row {
			v.x[n*d+j] = float64(s)
		}
	}
	return v
}

func (v *vectors) row(n int) []float64 { return v.x[n*v.d : (n+1)*v.d] }

// blockRows is how many visible vectors share one pass over W: each row of W is read once
// per block while it sits in L1, instead of once per vector.
const blockRows = 16

// fieldPass computes, for every vector n of xs, the hidden fields h_n = (W x_n + b)/gamma,
// the hidden states z_n = sign(h_n) (into z, row-major N x K, when z is not nil) and
// F(x_n) = sum_i |h_n,i| + c.x_n/gamma + offset (into energy). Each n is computed alone,
// in a fixed order, so the result does not depend on how vectors are split over cores.
func fieldPass(p *Params, gamma, offset float64, xs *vectors, z []int8, energy []float64) {
	parallel.For(xs.n, blockRows, func(lo, hi int) {
		h := make([]float64, blockRows*p.K)
		for b0 := lo; b0 < hi; b0 += blockRows {
			b1 := min(b0+blockRows, hi)
			blockFields(p, xs, b0, b1, h)
			for n := b0; n < b1; n++ {
				hn := h[(n-b0)*p.K : (n-b0+1)*p.K]
				var zn []int8
				if z != nil {
					zn = z[n*p.K : (n+1)*p.K]
				}
				energy[n] = finishVector(p, gamma, offset, xs.row(n), hn, zn)
			}
		}
	})
}

// blockFields fills h[(n-b0)*K + i] = W_i . x_n + b_i for n in [b0, b1).
func blockFields(p *Params, xs *vectors, b0, b1 int, h []float64) {
	for i := 0; i < p.K; i++ {
		w := p.Row(i)
		for n := b0; n < b1; n++ {
			h[(n-b0)*p.K+i] = floats.Dot(w, xs.row(n)) + p.B[i]
		}
	}
}

// finishVector applies the temperature, takes signs and returns F(x) for one vector.
func finishVector(p *Params, gamma, offset float64, x, h []float64, z []int8) float64 {
	abs := 0.0
	for i, v := range h {
		if gamma != 1 {
			v /= gamma
		}
		if z != nil {
			z[i] = sign(v)
		}
		if v >= 0 {
			abs += v
		} else {
			abs -= v
		}
	}
	cx := floats.Dot(p.C, x)
	if gamma != 1 {
		cx /= gamma
	}
	return abs + cx + offset
}

// search is the coordinate ascent of SPEC.md step 3 from (x, z), in place: at most
// maxSweeps sweeps of z <- sign(W x + b) then x <- sign(W^T z + c), stopping after the
// first sweep that changes neither. acc is scratch of length D. It returns the sweeps run.
// One pass over W per sweep: each row, right after its dot product gives z_i, is added to
// W^T z while it is in L1 (the sums run over i in the same order as a second pass would).
// exact says every value is an integer below 2^53 (the scaled form): then the dot
// products may sum in any order (the AVX-512 kernel's) and, for a large W, the rows are
// shared among the cores, each summing its part of W^T z (added up in any order: the
// same bits); else the sums keep gonum's order, on one core.
func search(p *Params, gamma float64, maxSweeps int, x, z, acc []float64, exact bool) int {
	var parts [][]float64
	if workers := min(parallel.Workers(p.K*p.D, parallel.Grain), maxWorkers); exact && workers > 1 {
		parts = make([][]float64, workers)
		for w := range parts {
			parts[w] = make([]float64, p.D)
		}
	}
	for sweep := 1; sweep <= maxSweeps; sweep++ {
		var changed bool
		if parts != nil {
			changed = sweepRowsParallel(p, x, z, acc, parts)
		} else {
			copy(acc, p.C)
			changed = sweepRows(p, gamma, x, z, acc, 0, p.K, exact)
		}
		for j, v := range acc {
			if gamma != 1 {
				v /= gamma
			}
			if s := float64(sign(v)); s != x[j] {
				x[j], changed = s, true
			}
		}
		if !changed {
			return sweep
		}
	}
	return maxSweeps
}

// sweepRows is the z half of a sweep over rows [lo, hi): z_i <- sign(W_i x + b_i), and
// acc += z_i W_i. It reports whether a z_i changed.
func sweepRows(p *Params, gamma float64, x, z, acc []float64, lo, hi int, exact bool) bool {
	rowDot := floats.Dot
	if exact {
		rowDot = dotExact
	}
	changed := false
	for i := lo; i < hi; i++ {
		row := p.Row(i)
		v := rowDot(row, x) + p.B[i]
		if gamma != 1 {
			v /= gamma
		}
		s := float64(sign(v))
		if s != z[i] {
			z[i], changed = s, true
		}
		addSigned(acc, row, s > 0)
	}
	return changed
}

// sweepRowsParallel is sweepRows over every row, shared among the workers, each summing
// its rows' part of W^T z in a buffer of its own (parts, one per worker); acc = c + the
// parts (exact integers: any order).
func sweepRowsParallel(p *Params, x, z, acc []float64, parts [][]float64) bool {
	var changed [maxWorkers]bool
	for _, part := range parts {
		clear(part)
	}
	parallel.Share(p.K, 32, len(parts), func(w, lo, hi int) {
		if sweepRows(p, 1, x, z, parts[w], lo, hi, true) {
			changed[w] = true
		}
	})
	copy(acc, p.C)
	for _, part := range parts {
		addSigned(acc, part, true)
	}
	return slices.Contains(changed[:], true)
}

// addSignedPortable adds row to acc when plus, else subtracts it (floats.Add and
// floats.Sub: elementwise, so any kernel gives the same bits).
func addSignedPortable(acc, row []float64, plus bool) {
	if plus {
		floats.Add(acc, row)
	} else {
		floats.Sub(acc, row)
	}
}

// positiveTerm fills pos[i*D+j] = sum_n z_ni x_nj from bit columns, by XOR and popcount.
func positiveTerm(zcols, xcols *bitcols.Columns, n, k, d int, pos []float64) {
	parallel.For(k, 8, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			zc := zcols.Column(i)
			row := pos[i*d : (i+1)*d]
			for j := range row {
				row[j] = float64(bitcols.Agreement(zc, xcols.Column(j), n))
			}
		}
	})
}
