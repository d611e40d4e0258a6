package herding

import (
	"gonum.org/v1/gonum/floats"

	"herdsim/internal/bitcols"
	"herdsim/internal/parallel"
)

// sign is the sign of docs/spec.md, "Model": ties go to +1.
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
