package herding

// Batch holds visible vectors packed for repeated energy evaluation (the USPS experiment
// scores its validation and test images at every iteration).
type Batch struct{ v vectors }

// NewBatch packs rows of +-1 values of length d.
func NewBatch(rows [][]int8, d int) *Batch { return &Batch{v: newVectors(rows, d)} }

// Len is the number of vectors.
func (b *Batch) Len() int { return b.v.n }

// Energies writes F(x) = sum_i |(W x + b)_i| + c.x (docs/spec.md, "Model") of every vector
// into out, in the parameters' own units (N times the paper's F in the scaled form). The
// best hidden state for x is sign(W x + b), so F(x) is the largest negative energy over z.
func (p *Params) Energies(b *Batch, out []float64) {
	if len(out) != b.v.n || b.v.d != p.D {
		panic("herding: Energies: batch and output sizes do not match the parameters")
	}
	fieldPass(p, 1, 0, &b.v, nil, out)
}

// Energy returns F(x) of one vector.
func (p *Params) Energy(x []int8) float64 {
	out := make([]float64, 1)
	p.Energies(NewBatch([][]int8{x}, len(x)), out)
	return out[0]
}

// DataEnergies returns F(x_n) of the training vectors from the last positive phase
// (read-only). SH starts its search at the largest: e_n = -F(x_n) is smallest there.
func (e *Engine) DataEnergies() []float64 { return e.energy }
