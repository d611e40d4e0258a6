package classify

import (
	"math"
	"slices"

	"herdsim/internal/parallel"
	"herdsim/internal/signtab"
)

// fast holds the RBM's sign-table form of its products and its buffers (reused every Step).
//
// The visible units are +-1, so every product of a batch with the weights is a sum of
// table rows (signtab.Tables): the hidden fields W x + b of the data, of CD's reconstructions
// and of the evaluation images from 6-input groups of W's columns; CD's visible fields
// W^T h + c from 6-unit groups of W's rows; and the gradient's sums over the batch,
// sum_n t_n,i x_n,j, from 4-example groups of each pixel's column of signs. Everything
// stays float64 and the random draws are those of the dot-product form, in the same
// order; only the order of the additions differs (see the package documentation).
type fast struct {
	data *Signs // the training rows, packed
	// hidden fields: input-major weights [W^T | c] (D x (K+1)); output K is c.x
	hidW       []float64
	hid        signtab.Tables
	hidFrom    []float64 // the W and c the hidden tables were built from (to reuse them)
	hidBias    []float64 // [b | 0]
	a, an      []float64 // fields of the data and of CD's reconstructions, N x (K+1)
	e          []float64 // exp(-2|a|) of the data's hidden fields, N x K
	hp, hnNeg  *Matrix   // tanh of a and -tanh of an, N x K: views of gradW
	u          []float64 // uniforms, N x max(K, D)
	hs, vs     []uint8   // CD's hidden samples (N x K, groups of visWidth) and reconstructions (N x D, groups of hidWidth)
	hsG, vsG   int       // groups per row of hs and vs
	vis        signtab.Tables
	v          []float64 // CD's visible fields, N x D
	gradW      []float64 // input-major weights of the gradient's sums: [hp; -hn] (CD) or hp (PCD)
	grad       signtab.Tables
	xCodes     []uint8   // per pixel j: the data's column of signs in 4-bit groups (D x groups)
	codes      []uint8   // CD: per pixel, the column of [x; x'] in 4-bit groups
	codeGroups int       // groups per column of codes (CD: 2N rows, PCD: N)
	gT         []float64 // the gradient's sums, D x K
	gW         *Matrix   // the W gradient, K x D
	evalA      []float64 // fields of FreeEnergiesSigns' rows
}

// Group widths of the sign tables: 6 inputs (64 patterns) for the fields, whose tables (64
// patterns x 8 outputs x 43 groups, 176 kB a block) stay in L2, and 4 rows (16 patterns)
// for the gradient, whose tables serve only D = 256 columns each.
const (
	hidWidth = 6 // visible inputs per group of the hidden fields
	visWidth = 6 // hidden inputs per group of the visible fields
	gradBits = 4 // training rows per group of the gradient's sums
)

func (r *RBM) initFast(data *Signs) {
	n, k, d := data.Rows, r.cfg.Hidden, data.Cols
	f := &r.fast
	f.data = data
	f.hidW, f.hidBias = make([]float64, d*(k+1)), make([]float64, k+1)
	f.a, f.e = make([]float64, n*(k+1)), make([]float64, n*k)
	rows := n
	if r.cfg.Method == CD1 {
		rows = 2 * n
	}
	f.gradW, f.gT, f.gW = make([]float64, rows*k), make([]float64, d*k), NewMatrix(k, d)
	f.hp = &Matrix{Rows: n, Cols: k, Data: f.gradW[:n*k]}
	if r.cfg.Method == CD1 {
		f.hnNeg = &Matrix{Rows: n, Cols: k, Data: f.gradW[n*k:]}
		f.an = make([]float64, n*(k+1))
		f.u, f.v = make([]float64, n*max(k, d)), make([]float64, n*d)
		f.hsG, f.vsG = (k+visWidth-1)/visWidth, (d+hidWidth-1)/hidWidth
		f.hs, f.vs = make([]uint8, n*f.hsG), make([]uint8, n*f.vsG)
	}
	// The data transposed, in groups of gradBits training rows (the rows past n, CD's
	// reconstructions, are filled per step).
	f.codeGroups = (rows + gradBits - 1) / gradBits
	f.xCodes = signtab.Codes(d, rows, gradBits, func(j, m int) bool { return m < n && data.plus(m, j) })
	if r.cfg.Method == CD1 {
		f.codes = make([]uint8, len(f.xCodes))
	}
}

// buildHidden makes the hidden-field tables for the current W and c, unless they are
// already built from the same values.
func (r *RBM) buildHidden() {
	k, d := r.cfg.Hidden, r.W.Cols
	f := &r.fast
	if len(f.hidFrom) == k*d+d && slices.Equal(f.hidFrom[:k*d], r.W.Data) && slices.Equal(f.hidFrom[k*d:], r.C) {
		return
	}
	for i := 0; i < k; i++ {
		for j, w := range r.W.Row(i) {
			f.hidW[j*(k+1)+i] = w
		}
	}
	for j, c := range r.C {
		f.hidW[j*(k+1)+k] = c
	}
	f.hid.Build(f.hidW, d, k+1, hidWidth)
	f.hidFrom = append(append(f.hidFrom[:0], r.W.Data...), r.C...)
}

// hiddenFieldsOf sets out (rows x (K+1)) to [x W^T + b | c.x] for the rows x, given as
// codes of hidWidth columns.
func (r *RBM) hiddenFieldsOf(x []uint8, rows int, out []float64) {
	r.buildHidden()
	copy(r.hidBias, r.B)
	r.hidBias[r.cfg.Hidden] = 0
	r.hid.Fields(x, r.hid.Groups(), rows, r.hidBias, out, r.cfg.Hidden+1)
}

// FreeEnergiesSigns writes F_RBM(x) = sum_i log(2 cosh((W x + b)_i)) + c.x of every row of
// the packed x; it is FreeEnergies for +-1 rows packed once.
func (r *RBM) FreeEnergiesSigns(x *Signs, out []float64) {
	if len(out) != x.Rows || x.Cols != r.W.Cols {
		panic("classify: FreeEnergiesSigns: sizes do not match the RBM")
	}
	k := r.cfg.Hidden
	if n := x.Rows * (k + 1); cap(r.evalA) < n {
		r.evalA = make([]float64, n)
	}
	a := r.evalA[:x.Rows*(k+1)]
	r.hiddenFieldsOf(x.hiddenCodes(), x.Rows, a)
	softRows(a, k, x.Rows, out, nil, nil)
}

// softRows computes, for every row n of the fields a (rows x (K+1), column K holding c.x),
// out[n] = sum_i log(2 cosh a_n,i) + c.x: sum_i |a| + log(prod_i (1 + exp(-2|a|))) + c.x,
// the product taken over chunks of 512 units (each factor is at most 2, so no overflow)
// with one log per chunk: within a few ulps of the sum of the log1p terms. With e and th
// it also keeps e = exp(-2|a|) and tanh(a) = sign(a) (1 - e)/(1 + e) (rows x K).
func softRows(a []float64, k, rows int, out, e, th []float64) {
	parallel.For(rows, 16, func(lo, hi int) {
		scratch := make([]float64, k)
		for n := lo; n < hi; n++ {
			row := a[n*(k+1) : (n+1)*(k+1)]
			ev := scratch
			if e != nil {
				ev = e[n*k : (n+1)*k]
			}
			expNeg2AbsAll(ev, row[:k])
			if out != nil {
				out[n] = logCosh(row[:k], ev) + row[k]
			}
			if th != nil {
				tanhFrom(row[:k], ev, th[n*k:(n+1)*k])
			}
		}
	})
}

// logCosh returns sum_i log(2 cosh a_i) = sum_i |a_i| + log(prod_i (1 + e_i)), e_i =
// exp(-2|a_i|): four interleaved partial sums and products (fixed lanes i mod 4), the
// products closed by one log per 512 units.
func logCosh(a, e []float64) float64 {
	e = e[:len(a)]
	var s0, s1, s2, s3, logs float64
	for lo := 0; lo < len(a); lo += 512 {
		hi := min(lo+512, len(a))
		p0, p1, p2, p3 := 1.0, 1.0, 1.0, 1.0
		i := lo
		for ; i+4 <= hi; i += 4 {
			s0 += math.Abs(a[i])
			s1 += math.Abs(a[i+1])
			s2 += math.Abs(a[i+2])
			s3 += math.Abs(a[i+3])
			p0 *= 1 + e[i]
			p1 *= 1 + e[i+1]
			p2 *= 1 + e[i+2]
			p3 *= 1 + e[i+3]
		}
		for ; i < hi; i++ {
			s0 += math.Abs(a[i])
			p0 *= 1 + e[i]
		}
		logs += math.Log((p0 * p1) * (p2 * p3)) // each factor is at most 2: at most 2^512
	}
	return ((s0 + s1) + (s2 + s3)) + logs
}

// tanhFrom sets th[i] = tanh(a[i]) from e[i] = exp(-2|a[i]|).
func tanhFrom(a, e, th []float64) {
	e = e[:len(a)]
	th = th[:len(a)]
	for i, v := range a {
		th[i] = math.Copysign((1-e[i])/(1+e[i]), v)
	}
}

// tanhRows sets th (rows x K) to tanh of the fields a (rows x (K+1)).
func tanhRows(a []float64, k, rows int, th []float64) {
	softRows(a, k, rows, nil, nil, th)
}

// dataFields computes the data's hidden fields, free energies (dataF) and tanh (hp).
func (r *RBM) dataFields() {
	r.hiddenFieldsOf(r.data.hiddenCodes(), r.data.Rows, r.a)
	softRows(r.a, r.cfg.Hidden, r.data.Rows, r.dataF, r.e, r.hp.Data)
}

// drawUniforms draws n uniforms serially from the sampling stream into r.u.
func (r *RBM) drawUniforms(n int) []float64 {
	u := r.u[:n]
	for i := range u {
		u[i] = uniform(r.rng)
	}
	return u
}

// cdGradient: negative statistics from one-step reconstructions of every training vector.
func (r *RBM) cdGradient() (*Matrix, []float64, []float64) {
	n, k, d := r.x.Rows, r.cfg.Hidden, r.x.Cols
	// h ~ P(h | x): +1 when u < 1/(1 + exp(-2a)).
	u := r.drawUniforms(n * k)
	clear(r.hs)
	parallel.For(n, 16, func(lo, hi int) {
		for m := lo; m < hi; m++ {
			row := r.hs[m*r.hsG : (m+1)*r.hsG]
			packDraws(row, visWidth, u[m*k:(m+1)*k], r.a[m*(k+1):m*(k+1)+k], r.e[m*k:(m+1)*k])
		}
	})
	// x' ~ P(x | h), from the visible fields h W + c.
	r.vis.Build(r.W.Data, k, d, visWidth)
	r.vis.Fields(r.hs, r.hsG, n, r.C, r.v, d)
	u = r.drawUniforms(n * d)
	clear(r.vs)
	parallel.For(n, 16, func(lo, hi int) {
		ev := make([]float64, d)
		for m := lo; m < hi; m++ {
			row := r.vs[m*r.vsG : (m+1)*r.vsG]
			v := r.v[m*d : (m+1)*d]
			expNeg2AbsAll(ev, v)
			packDraws(row, hidWidth, u[m*d:(m+1)*d], v, ev)
		}
	})
	r.hiddenFieldsOf(r.vs, n, r.an)
	tanhRows(r.an, k, n, r.hnNeg.Data)
	for i, v := range r.hnNeg.Data {
		r.hnNeg.Data[i] = -v
	}
	// W gradient = (hp^T x - hn^T x') / n: for every pixel j the sum over the stacked batch
	// [x; x'] of its signs times gradW = [hp; -hn].
	copy(r.codes, r.xCodes)
	vsMean := make([]float64, d)
	parallel.For(d, 16, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			col := r.codes[j*r.codeGroups : (j+1)*r.codeGroups]
			plus := 0
			g, sh := j/hidWidth, j%hidWidth
			for m := 0; m < n; m++ {
				b := r.vs[m*r.vsG+g] >> sh & 1 // no branch: the samples are coin flips
				col[(n+m)/gradBits] |= b << ((n + m) % gradBits)
				plus += int(b)
			}
			vsMean[j] = float64(2*plus-n) * (1 / float64(n)) // colMeans of the +-1 values: the same bytes
		}
	})
	gW := r.gradientSums(2*n, r.codes)
	mn := colMeans(r.hnNeg)
	for i, v := range mn {
		mn[i] = -v // the mean of hn, bit for bit: negation is exact
	}
	gB := subtract(colMeans(r.hp), mn)
	gC := subtract(r.meanX, vsMean)
	return gW, gB, gC
}

// gradientSums returns (in r.gW, reused) the K x D matrix (1/n) sum_m gradW[m][i] s_m,j, where s_m,j is row
// m's sign of pixel j in the column codes, over rows stacked rows.
func (r *RBM) gradientSums(rows int, codes []uint8) *Matrix {
	k, d := r.cfg.Hidden, r.x.Cols
	r.grad.Build(r.gradW[:rows*k], rows, k, gradBits)
	r.grad.Fields(codes, r.codeGroups, d, nil, r.gT, k)
	gW := r.gW
	scale := 1 / float64(r.x.Rows)
	parallel.For(k, 16, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			row := gW.Row(i)
			for j := range row {
				row[j] = r.gT[j*k+i] * scale
			}
		}
	})
	return gW
}

// pcdGradient: negative statistics from the persistent chain after one more Gibbs step.
func (r *RBM) pcdGradient() (*Matrix, []float64, []float64) {
	hs := r.sample(r.hiddenFields(r.chain))
	r.chain = r.sample(r.visibleFields(hs))
	hn := tanhOf(r.hiddenFields(r.chain))
	gW := r.gradientSums(r.x.Rows, r.xCodes)
	for i := 0; i < r.cfg.Hidden; i++ {
		row := gW.Row(i)
		for j, v := range r.chain.Data {
			row[j] -= hn.Data[i] * v
		}
	}
	gB := subtract(colMeans(r.hp), hn.Data)
	gC := subtract(r.meanX, r.chain.Data)
	return gW, gB, gC
}

// plusProb is P(+1) = 1/(1 + exp(-2a)) of a +-1 unit with field a, from e = exp(-2|a|):
// 1/(1 + e) for a >= 0, e/(1 + e) below.
func plusProb(a, e float64) float64 {
	neg := uint64(int64(math.Float64bits(a)) >> 63) // all ones when a's sign bit is set (a = -0 gives 1/2 either way)
	num := math.Float64frombits(math.Float64bits(e)&neg | math.Float64bits(1)&^neg)
	return num / (1 + e) // without a branch: the signs of the fields are coin flips to a predictor
}

// bit is 1 if b, else 0 (a SETcc, not a branch).
func bit(b bool) uint8 {
	var v uint8
	if b {
		v = 1
	}
	return v
}

// packDraws samples the +-1 units whose fields are a (e[i] = exp(-2|a[i]|)) against the
// uniforms u, width units a byte of row, bit b of byte g set when unit g width + b is +1.
func packDraws(row []uint8, width int, u, a, e []float64) {
	for g := range row {
		var c uint8
		for b := 0; b < width && g*width+b < len(u); b++ {
			i := g*width + b
			c |= bit(u[i] < plusProb(a[i], e[i])) << b
		}
		row[g] = c
	}
}
