package classify

import (
	"math"

	"herdsim/internal/splitmix"
)

// refRBM is the RBM as it was before the sign tables (dot products through mulABt,
// math.Exp, math.Log1p and math.Tanh), kept verbatim as the reference that
// TestRBMMatchesReference compares against.
type refRBM struct {
	cfg    RBMConfig
	x, xT  *Matrix
	W      *Matrix
	B, C   []float64
	vW     *Matrix
	vB, vC []float64
	rng    *splitmix.Source
	chain  *Matrix
	dataF  []float64
	meanX  []float64
}

func newRefRBM(data *Matrix, cfg RBMConfig) *refRBM {
	k, d := cfg.Hidden, data.Cols
	r := &refRBM{cfg: cfg, x: data, xT: data.T(), W: NewMatrix(k, d), B: make([]float64, k), C: make([]float64, d),
		vW: NewMatrix(k, d), vB: make([]float64, k), vC: make([]float64, d), dataF: make([]float64, data.Rows)}
	init := splitmix.New(cfg.Seed)
	for i := range r.W.Data {
		r.W.Data[i] = cfg.InitScale * (2*uniform(init) - 1)
	}
	r.rng = splitmix.New(splitmix.New(cfg.Seed).Next() ^ 0x5DEECE66D)
	r.meanX = colMeans(data)
	if cfg.Method == PCD {
		r.chain = NewMatrix(1, d)
		for j := range r.chain.Data {
			r.chain.Data[j] = sampleSign(r.rng, 0)
		}
	}
	return r
}

func (r *refRBM) hiddenFields(x *Matrix) *Matrix {
	a := NewMatrix(x.Rows, r.cfg.Hidden)
	mulABt(x, r.W, a)
	addRowVector(a, r.B)
	return a
}

func (r *refRBM) FreeEnergies(x *Matrix, out []float64) {
	r.freeEnergiesFrom(x, r.hiddenFields(x), out)
}

func (r *refRBM) freeEnergiesFrom(x, a *Matrix, out []float64) {
	for n := range out {
		f := 0.0
		for _, v := range a.Row(n) {
			av := math.Abs(v)
			f += av + math.Log1p(math.Exp(-2*av))
		}
		for j, v := range x.Row(n) {
			f += r.C[j] * v
		}
		out[n] = f
	}
}

func (r *refRBM) Step() {
	a := r.hiddenFields(r.x)
	r.freeEnergiesFrom(r.x, a, r.dataF)
	hp := tanhOf(a)
	var gW *Matrix
	var gB, gC []float64
	if r.cfg.Method == CD1 {
		gW, gB, gC = r.cdGradient(a, hp)
	} else {
		gW, gB, gC = r.pcdGradient(hp)
	}
	step := func(p, vel, g []float64) {
		for i := range p {
			vel[i] = r.cfg.Momentum*vel[i] + r.cfg.Step*g[i]
			p[i] += vel[i]
		}
	}
	step(r.W.Data, r.vW.Data, gW.Data)
	step(r.B, r.vB, gB)
	step(r.C, r.vC, gC)
}

func (r *refRBM) cdGradient(a, hp *Matrix) (*Matrix, []float64, []float64) {
	hs := r.sample(a)
	vs := r.sample(r.visibleFields(hs))
	hn := tanhOf(r.hiddenFields(vs))
	n := r.x.Rows
	left := NewMatrix(r.cfg.Hidden, 2*n)
	right := NewMatrix(r.x.Cols, 2*n)
	for m := 0; m < n; m++ {
		for i := 0; i < r.cfg.Hidden; i++ {
			left.Data[i*2*n+m] = hp.Data[m*r.cfg.Hidden+i]
			left.Data[i*2*n+n+m] = -hn.Data[m*r.cfg.Hidden+i]
		}
		for j := 0; j < r.x.Cols; j++ {
			right.Data[j*2*n+m] = r.x.Data[m*r.x.Cols+j]
			right.Data[j*2*n+n+m] = vs.Data[m*r.x.Cols+j]
		}
	}
	gW := NewMatrix(r.cfg.Hidden, r.x.Cols)
	mulABt(left, right, gW)
	scaleSlice(gW.Data, 1/float64(n))
	return gW, subtract(colMeans(hp), colMeans(hn)), subtract(r.meanX, colMeans(vs))
}

func (r *refRBM) pcdGradient(hp *Matrix) (*Matrix, []float64, []float64) {
	hs := r.sample(r.hiddenFields(r.chain))
	r.chain = r.sample(r.visibleFields(hs))
	hn := tanhOf(r.hiddenFields(r.chain))
	gW := NewMatrix(r.cfg.Hidden, r.x.Cols)
	mulABt(hp.T(), r.xT, gW)
	scaleSlice(gW.Data, 1/float64(r.x.Rows))
	for i := 0; i < r.cfg.Hidden; i++ {
		row := gW.Row(i)
		for j, v := range r.chain.Data {
			row[j] -= hn.Data[i] * v
		}
	}
	return gW, subtract(colMeans(hp), hn.Data), subtract(r.meanX, r.chain.Data)
}

func (r *refRBM) visibleFields(h *Matrix) *Matrix {
	v := NewMatrix(h.Rows, r.x.Cols)
	mulABt(h, r.W.T(), v)
	addRowVector(v, r.C)
	return v
}

func (r *refRBM) sample(a *Matrix) *Matrix {
	s := NewMatrix(a.Rows, a.Cols)
	for i := range s.Data {
		s.Data[i] = uniform(r.rng)
	}
	for i := range s.Data {
		s.Data[i] = signFor(s.Data[i], a.Data[i])
	}
	return s
}
