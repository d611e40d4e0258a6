package classify

import (
	"fmt"
	"math"

	"herdsim/internal/parallel"
	"herdsim/internal/splitmix"
)

// Method is how the RBM's negative statistics are drawn.
type Method int

const (
	// CD1 is contrastive divergence with one-step reconstructions of every training vector.
	CD1 Method = iota
	// PCD is persistent contrastive divergence with one persistent chain.
	PCD
)

// String returns "CD1" or "PCD".
func (m Method) String() string {
	if m == PCD {
		return "PCD"
	}
	return "CD1"
}

// RBMConfig describes RBM learning. CDConfig and PCDConfig give the paper's settings.
type RBMConfig struct {
	Hidden    int     // K
	Method    Method  // CD1 or PCD
	Step      float64 // step size applied to the batch-averaged gradient
	Momentum  float64 // velocity = Momentum*velocity + Step*gradient
	InitScale float64 // W_0 uniform in [-InitScale, InitScale]; b_0 = c_0 = 0
	Seed      uint64  // splitmix64 seed of W_0 and of the sampling
}

// CDConfig is CD-1 as in the paper: step 1e-3, momentum 0.9, full batch.
func CDConfig(hidden int, seed uint64) RBMConfig {
	return RBMConfig{Hidden: hidden, Method: CD1, Step: 1e-3, Momentum: 0.9, InitScale: 0.01, Seed: seed}
}

// PCDConfig is PCD as in the paper: one persistent chain, step 1e-3, no momentum.
func PCDConfig(hidden int, seed uint64) RBMConfig {
	return RBMConfig{Hidden: hidden, Method: PCD, Step: 1e-3, Momentum: 0, InitScale: 0.01, Seed: seed}
}

// RBM is a +-1 restricted Boltzmann machine being learned on one data set.
type RBM struct {
	cfg     RBMConfig
	x       *Matrix   // the data (N x D)
	W       *Matrix   // K x D
	B, C    []float64 // hidden (K) and visible (D) biases
	vW      *Matrix   // momentum of W
	vB, vC  []float64 // momentum of B and C
	rng     *splitmix.Source
	chain   *Matrix   // PCD's persistent visible state (1 x D)
	dataF   []float64 // free energies of the data under the parameters the last Step began with
	meanX   []float64 // batch mean of x (the positive term of C)
	updates int
	fast    // the sign-table form of the products (fast.go)
}

// NewRBM prepares learning on data, a matrix of +-1 rows.
func NewRBM(data *Matrix, cfg RBMConfig) (*RBM, error) {
	if cfg.Hidden <= 0 || cfg.Step <= 0 || cfg.Momentum < 0 || cfg.Momentum >= 1 || cfg.InitScale < 0 {
		return nil, fmt.Errorf("classify: RBM config %+v: need Hidden > 0, Step > 0, 0 <= Momentum < 1, InitScale >= 0", cfg)
	}
	if data.Rows == 0 {
		return nil, fmt.Errorf("classify: RBM on no data")
	}
	packed, err := PackSigns(data)
	if err != nil {
		return nil, fmt.Errorf("classify: RBM data: %w", err)
	}
	k, d := cfg.Hidden, data.Cols
	r := &RBM{cfg: cfg, x: data, W: NewMatrix(k, d), B: make([]float64, k), C: make([]float64, d),
		vW: NewMatrix(k, d), vB: make([]float64, k), vC: make([]float64, d), dataF: make([]float64, data.Rows)}
	init := splitmix.New(cfg.Seed)
	for i := range r.W.Data {
		r.W.Data[i] = cfg.InitScale * (2*uniform(init) - 1)
	}
	r.rng = splitmix.New(splitmix.New(cfg.Seed).Next() ^ 0x5DEECE66D) // sampling stream, apart from W_0's
	r.meanX = colMeans(data)
	if cfg.Method == PCD {
		r.chain = NewMatrix(1, d)
		for j := range r.chain.Data {
			r.chain.Data[j] = sampleSign(r.rng, 0)
		}
	}
	r.initFast(packed)
	return r, nil
}

// uniform returns a float64 in [0, 1) from the top 53 bits of the next output.
func uniform(s *splitmix.Source) float64 { return float64(s.Next()>>11) / (1 << 53) }

// sampleSign draws +1 with probability 1/(1 + exp(-2a)), the conditional of a +-1 unit
// whose field is a.
func sampleSign(s *splitmix.Source, a float64) float64 { return signFor(uniform(s), a) }

// Updates is the number of Steps taken.
func (r *RBM) Updates() int { return r.updates }

// Config returns the configuration.
func (r *RBM) Config() RBMConfig { return r.cfg }

// DataFreeEnergies returns F_RBM of every training vector under the parameters that the
// last Step started from (read-only; nil values before the first Step are zeros).
func (r *RBM) DataFreeEnergies() []float64 { return r.dataF }

// hiddenFields returns x W^T + b for the rows of x (by dot products: for PCD's chain and
// ReconstructionError; the batch products use the sign tables).
func (r *RBM) hiddenFields(x *Matrix) *Matrix {
	a := NewMatrix(x.Rows, r.cfg.Hidden)
	mulABt(x, r.W, a)
	addRowVector(a, r.B)
	return a
}

// FreeEnergies writes F_RBM(x) = sum_i log(2 cosh((W x + b)_i)) + c.x of every row of x.
// Rows of +-1 values (the USPS images) take the sign-table path of FreeEnergiesSigns;
// other values take dot products.
func (r *RBM) FreeEnergies(x *Matrix, out []float64) {
	if len(out) != x.Rows || x.Cols != r.W.Cols {
		panic("classify: FreeEnergies: sizes do not match the RBM")
	}
	if s, err := PackSigns(x); err == nil {
		r.FreeEnergiesSigns(s, out)
		return
	}
	r.freeEnergiesFrom(x, r.hiddenFields(x), out)
}

// freeEnergiesFrom is the dot-product form of FreeEnergies for any real x.
func (r *RBM) freeEnergiesFrom(x, a *Matrix, out []float64) {
	parallel.For(len(out), 64, func(lo, hi int) {
		for n := lo; n < hi; n++ {
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
	})
}

// Step makes one full-batch update.
func (r *RBM) Step() {
	r.dataFields()
	var gW *Matrix
	var gB, gC []float64
	if r.cfg.Method == CD1 {
		gW, gB, gC = r.cdGradient()
	} else {
		gW, gB, gC = r.pcdGradient()
	}
	r.apply(gW, gB, gC)
	r.updates++
}

// visibleFields returns h W + c for the rows of h.
func (r *RBM) visibleFields(h *Matrix) *Matrix {
	v := NewMatrix(h.Rows, r.x.Cols)
	mulABt(h, r.W.T(), v)
	addRowVector(v, r.C)
	return v
}

// sample draws a +-1 state for every field: the uniforms are drawn serially from the
// sampling stream in row-major order, then compared with P(+1) on every core.
func (r *RBM) sample(a *Matrix) *Matrix {
	s := NewMatrix(a.Rows, a.Cols)
	for i := range s.Data {
		s.Data[i] = uniform(r.rng)
	}
	parallel.For(len(s.Data), 4096, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.Data[i] = signFor(s.Data[i], a.Data[i])
		}
	})
	return s
}

// signFor is +1 when the uniform u falls below 1/(1 + exp(-2a)), else -1.
func signFor(u, a float64) float64 {
	if u < 1/(1+math.Exp(-2*a)) {
		return 1
	}
	return -1
}

// apply adds the momentum step to every parameter.
func (r *RBM) apply(gW *Matrix, gB, gC []float64) {
	step := func(p, vel, g []float64) {
		for i := range p {
			vel[i] = r.cfg.Momentum*vel[i] + r.cfg.Step*g[i]
			p[i] += vel[i]
		}
	}
	parallel.For(len(r.W.Data), 1<<14, func(lo, hi int) { // elementwise: any partition, the same bytes
		step(r.W.Data[lo:hi], r.vW.Data[lo:hi], gW.Data[lo:hi])
	})
	step(r.B, r.vB, gB)
	step(r.C, r.vC, gC)
}

// ReconstructionError is the mean over the data and pixels of (x - x')^2 / 4 for the
// deterministic mean-field reconstruction x' = tanh(W^T tanh(W x + b) + c): 0 is perfect,
// 0.25 what x' = 0 gives.
func (r *RBM) ReconstructionError() float64 {
	rec := tanhOf(r.visibleFields(tanhOf(r.hiddenFields(r.x))))
	s := 0.0
	for i, v := range r.x.Data {
		d := v - rec.Data[i]
		s += d * d / 4
	}
	return s / float64(len(r.x.Data))
}

func tanhOf(a *Matrix) *Matrix {
	t := NewMatrix(a.Rows, a.Cols)
	for i, v := range a.Data {
		t.Data[i] = math.Tanh(v)
	}
	return t
}

func colMeans(m *Matrix) []float64 {
	out := make([]float64, m.Cols)
	for i := 0; i < m.Rows; i++ {
		for j, v := range m.Row(i) {
			out[j] += v
		}
	}
	scaleSlice(out, 1/float64(m.Rows))
	return out
}

func subtract(a, b []float64) []float64 {
	out := make([]float64, len(a))
	for i := range a {
		out[i] = a[i] - b[i]
	}
	return out
}

func scaleSlice(s []float64, f float64) {
	for i := range s {
		s[i] *= f
	}
}
