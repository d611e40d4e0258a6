package herding

import (
	"herdsim/internal/splitmix"
)

// Params are the herding weights: W (K x D, row-major, row i = hidden unit i), hidden
// biases B (K) and visible biases C (D). In the scaled form every entry is an integer.
type Params struct {
	K, D int
	W    []float64
	B, C []float64
}

func newParams(k, d int) Params {
	return Params{K: k, D: d, W: make([]float64, k*d), B: make([]float64, k), C: make([]float64, d)}
}

// Row returns row i of W (shared, not a copy).
func (p *Params) Row(i int) []float64 { return p.W[i*p.D : (i+1)*p.D] }

// Clone returns a deep copy.
func (p *Params) Clone() *Params {
	q := newParams(p.K, p.D)
	copy(q.W, p.W)
	copy(q.B, p.B)
	copy(q.C, p.C)
	return &q
}

// InitialWeights returns W_0 in the scaled form (docs/spec.md, "Initialisation"): drawn
// from splitmix64 seeded with seed, row-major, W_0[i][j] = int64(next() % (2N+1)) - N.
// b_0 and c_0 are zero.
func InitialWeights(k, d, n int, seed uint64) Params {
	p := newParams(k, d)
	src := splitmix.New(seed)
	span := uint64(2*n + 1)
	for idx := range p.W {
		p.W[idx] = float64(int64(src.Below(span)) - int64(n))
	}
	return p
}

// Ints returns W, b and c as integers. In the scaled form every parameter is an integer
// below 2^53, so the conversion is exact; the datapath and the vectors take them this way.
func (p *Params) Ints() (w, b, c []int64) {
	return toInts(p.W), toInts(p.B), toInts(p.C)
}

func toInts(s []float64) []int64 {
	out := make([]int64, len(s))
	for i, v := range s {
		out[i] = int64(v)
	}
	return out
}
