package datapath

import (
	"fmt"
	"sync/atomic"

	"herdsim/dataset"
	"herdsim/internal/bitcols"
	"herdsim/internal/parallel"
	"herdsim/internal/signtab"
)

// Functional is the datapath's arithmetic without its clock: the same memories, registers,
// formats and overflow modes as Machine, and every saturating or wrapping addition in the
// same order, evaluated a vector at a time instead of a cycle at a time. It gives the
// Machine's results bit for bit (X, Z, every z_n, every F(x_n), sweeps, cycles, W, b, c
// and the overflow count of every register; tested against Machine with narrow formats
// in both overflow modes), at the speed long runs need: the USPS experiment's 2000
// iterations on 700 vectors, and the energies of its 4000 evaluation images.
//
// Where no partial sum can overflow its register it adds in any order (the exact sum is
// the same; sign tables, package signtab): a hidden field h = w_i.x + b_i when
// L1 = sum_j |W_ij| gives L1 + |b_i| <= the field register's largest value, or, vector by
// vector, |h| and (|h - b_i| + L1)/2 are (every partial sum S_m of the pass is at most
// min(P_m, |h - b_i| + L1 - P_m), P_m the magnitudes added so far); an energy when
// sum_j |c_j| + sum_i |h_i| fits the energy register; the positive statistics always
// (Validate makes the positive register hold N). Elsewhere it adds in the Machine's order.
// It keeps no range logs (Machine.Ranges), only overflow counts.
type Functional struct {
	arch    Arch
	regs    [numRegs]register
	over    [numRegs]uint64 // overflows per register in the herding iterations
	data    *Vectors
	xcols   bitcols.Columns // the data as D bit columns
	w       []int64         // K x D row-major
	wT      []float64       // [W^T | c] as float64 (D x (K+1)), for the tables
	bf      []float64       // [b | 0] as float64
	tables  signtab.Tables  // the fast path's fields and c.x: exact sums of integers below 2^53
	b, c    []int64
	rowL1   []int64 // sum_j |W_ij|
	groupL1 []int64 // K x groups: sum |W_ij| over the pixels of each group of the tables
	rowFits []bool  // rowL1 + |b_i| fits the field register: no partial sum of any vector can overflow
	rowSafe []bool  // rowL1 + |b_i| < 2^53: the tables' sum is exact
	sumAbsC int64   // sum_j |c_j|

	iteration int
	xs, zs    []bool
	bestN     int
	best      int64 // SH: the best-energy register
	bestZ     []bool
	hidden    [][]int8
	energies  []int64
	fields    []int64   // N x K scratch
	evalScr   []int64   // Energies' fields, grown to the largest set it was given
	fastScr   []float64 // the tables' fields and c.x, grown likewise
	cxScr     []int64   // c.x of every vector, grown likewise
}

// Vectors are +-1 vectors prepared for the functional model's field passes.
type Vectors struct {
	n, d  int
	rows  [][]int8
	codes []uint8 // sign patterns of tableWidth pixels (signtab.Codes)
}

// tableWidth is the pixels per group of the fast path's sign tables (classify's width).
const tableWidth = 6

// NewVectors prepares the rows of data (every value +-1).
func NewVectors(data *dataset.Binary) *Vectors {
	return &Vectors{n: data.N(), d: data.D, rows: data.Rows,
		codes: signtab.Codes(data.N(), data.D, tableWidth, func(n, j int) bool { return data.Rows[n][j] > 0 })}
}

// N is the number of vectors.
func (v *Vectors) N() int { return v.n }

// NewFunctional loads the functional model as New loads the Machine.
func NewFunctional(arch Arch, data *dataset.Binary, w0, b0, c0 []int64) (*Functional, error) {
	if err := checkLoad(arch, data, w0, b0, c0); err != nil {
		return nil, err
	}
	k, d, n := arch.K, arch.D, arch.N
	f := &Functional{arch: arch, data: NewVectors(data), iteration: 1,
		w: make([]int64, k*d), wT: make([]float64, (k+1)*d), bf: make([]float64, k+1), b: make([]int64, k), c: make([]int64, d),
		rowL1: make([]int64, k), groupL1: make([]int64, k*((d+tableWidth-1)/tableWidth)), rowFits: make([]bool, k), rowSafe: make([]bool, k),
		xs: make([]bool, d), zs: make([]bool, k), bestZ: make([]bool, k), energies: make([]int64, n), fields: make([]int64, n*k)}
	for r := range f.regs {
		f.regs[r] = newRegister(arch.Regs[r])
	}
	f.xcols = bitcols.New(d, n)
	f.xcols.FillRows(data.Rows)
	for i, v := range w0 {
		f.w[i] = f.put(RegW, v)
	}
	for i, v := range b0 {
		f.b[i] = f.put(RegB, v)
	}
	for j, v := range c0 {
		f.c[j] = f.put(RegC, v)
	}
	f.hidden = make([][]int8, n)
	for i := range f.hidden {
		f.hidden[i] = make([]int8, k)
	}
	f.weightsChanged()
	return f, nil
}

// ResumeAt makes the model continue a run that another exact implementation (the float
// reference, while CannotOverflow held) carried to just before iteration t, loaded with
// that run's W, b and c: x and z are iteration t-1's pseudo-sample, where mode H's search
// starts (SH starts from the best data vector, which the positive phase finds again).
// Call it before the first Step.
func (f *Functional) ResumeAt(t int, x, z []int8) error {
	if f.iteration != 1 || t < 1 {
		return fmt.Errorf("datapath: ResumeAt(%d) on a model at iteration %d", t, f.iteration)
	}
	if t == 1 {
		return nil
	}
	if len(x) != f.arch.D || len(z) != f.arch.K {
		return fmt.Errorf("datapath: ResumeAt: pseudo-sample of %d and %d units, the Arch has D = %d, K = %d", len(x), len(z), f.arch.D, f.arch.K)
	}
	for j, v := range x {
		f.xs[j] = v > 0
	}
	for i, v := range z {
		f.zs[i] = v > 0
	}
	f.iteration = t
	return nil
}

// put casts v through register r and counts an overflow.
func (f *Functional) put(r Reg, v int64) int64 {
	out, overflowed := f.regs[r].cast(v)
	if overflowed {
		f.over[r]++
	}
	return out
}

// Arch returns the model's Arch.
func (f *Functional) Arch() Arch { return f.arch }

// Overflows returns how many values overflowed each register in the iterations so far
// (Machine.Ranges()[r].Overflows for the same run).
func (f *Functional) Overflows() map[Reg]uint64 {
	out := map[Reg]uint64{}
	for r, n := range f.over {
		out[Reg(r)] = n
	}
	return out
}

// Weights returns W (K x D row-major), b and c.
func (f *Functional) Weights() (w, b, c []int64) {
	return append([]int64(nil), f.w...), append([]int64(nil), f.b...), append([]int64(nil), f.c...)
}

// weightsChanged refreshes the tables of W, b and c and the bounds of the fast paths.
func (f *Functional) weightsChanged() {
	k, d := f.arch.K, f.arch.D
	for i, v := range f.w {
		f.wT[(i%d)*(k+1)+i/d] = float64(v)
	}
	for j, v := range f.c {
		f.wT[j*(k+1)+k] = float64(v)
	}
	for i, v := range f.b {
		f.bf[i] = float64(v)
	}
	f.tables.Build(f.wT, d, k+1, tableWidth)
	groups := f.tables.Groups()
	for i := range f.rowFits {
		row := f.w[i*d : (i+1)*d]
		for g := 0; g < groups; g++ {
			f.groupL1[i*groups+g] = sumAbs(row[g*tableWidth : min((g+1)*tableWidth, d)])
		}
		f.rowL1[i] = sumAbs(row) // |W| < 2^53 and D < 2^10: no wrap
		bound := f.rowL1[i] + abs64(f.b[i])
		f.rowFits[i], f.rowSafe[i] = bound <= f.regs[RegField].hi && bound < 1<<53, bound < 1<<53
	}
	f.sumAbsC = sumAbs(f.c)
}

// Step runs one iteration and returns what the Machine's RunIteration returns.
func (f *Functional) Step() *Result {
	f.positivePhase()
	p, sx, pb := f.positiveStats()
	sweeps := f.search()
	f.update(p, sx, pb)
	var overflows uint64
	for _, n := range f.over {
		overflows += n
	}
	r := newResult(f.iteration, f.xs, f.zs, f.hidden, searchStart(f.arch.Mode, f.iteration, f.bestN), sweeps, f.arch.CyclesPerIteration(sweeps), overflows > 0)
	r.Energies = append([]int64(nil), f.energies...)
	f.iteration++
	return r
}

// positivePhase computes every data vector's fields, hidden states and energy, and keeps
// the search's start (SH: the vector of largest F, strictly larger so the lowest n wins
// ties; H at t = 1: vector 0).
func (f *Functional) positivePhase() {
	a := f.arch
	cx := f.cx(a.N)
	f.over[RegField] += f.fieldsOf(f.data, f.fields, cx)
	for n := 0; n < a.N; n++ {
		h := f.fields[n*a.K : (n+1)*a.K]
		for i, v := range h {
			f.hidden[n][i] = int8(pm1(v >= 0))
		}
		e, over := f.energyOf(f.data.rows[n], h, cx[n])
		f.energies[n], f.over[RegEnergy] = e, f.over[RegEnergy]+over
		keep := n == 0 && f.iteration == 1
		if a.Mode == modeSH {
			keep = n == 0 || e > f.best
			if keep {
				f.best = f.put(RegBestEnergy, e)
			}
		}
		if keep {
			f.bestN = n
			for i, v := range h {
				f.bestZ[i] = v >= 0
			}
		}
	}
}

// fieldsOf writes the hidden fields h = W x + b of every vector of v (v.N() x K, through
// the field register) and c.x (exact, for the energies), and returns how many partial sums
// overflowed the field register. The sign tables give exact sums (every partial sum below
// 2^53); they are the register's values wherever no partial sum can overflow it (see
// Functional), else the field is added in the Machine's order.
func (f *Functional) fieldsOf(v *Vectors, out, cx []int64) uint64 {
	k := f.arch.K
	if len(f.fastScr) < v.n*(k+1) {
		f.fastScr = make([]float64, v.n*(k+1))
	}
	fast := f.fastScr[:v.n*(k+1)]
	f.tables.Fields(v.codes, f.tables.Groups(), v.n, f.bf, fast, k+1)
	hi, groups := f.regs[RegField].hi, f.tables.Groups()
	var overflows atomic.Uint64
	parallel.For(v.n, 16, func(lo, up int) {
		var over uint64
		for n := lo; n < up; n++ {
			exact := fast[n*(k+1) : (n+1)*(k+1)]
			cx[n] = int64(exact[k])
			for i := 0; i < k; i++ {
				h := int64(exact[i])
				if f.rowFits[i] || (f.rowSafe[i] && abs64(h) <= hi && abs64(h-f.b[i])+f.rowL1[i] <= 2*hi) {
					out[n*k+i] = h
					continue
				}
				var o uint64
				out[n*k+i], o = f.fieldByGroups(i, v.codes[n*groups:(n+1)*groups], v.rows[n])
				over += o
			}
		}
		overflows.Add(over)
	})
	return overflows.Load()
}

// fieldByGroups is one lane's field pass as the Machine runs it (D additions of +-W_ij,
// each through the field register, then b_i), a table group at a time: a group whose
// weights cannot take the accumulator out of its register (|acc| + the group's sum of |W|
// within it) adds its table entry, exact; the others add their pixels one by one through
// the register. codes are the vector's table codes, x the vector.
func (f *Functional) fieldByGroups(i int, codes []uint8, x []int8) (int64, uint64) {
	field := &f.regs[RegField]
	lo, span := field.lo, uint64(field.hi-field.lo)
	row := f.w[i*f.arch.D : (i+1)*f.arch.D]
	groupL1 := f.groupL1[i*len(codes) : (i+1)*len(codes)]
	var acc int64
	var over uint64
	for g, p := range codes {
		if abs64(acc)+groupL1[g] <= field.hi {
			acc += int64(f.tables.Term(i, g, p))
			continue
		}
		for j := g * tableWidth; j < min((g+1)*tableWidth, len(row)); j++ {
			if acc += row[j] * int64(x[j]); uint64(acc-lo) > span {
				acc, _ = field.cast(acc)
				over++
			}
		}
	}
	return castCounting(field, acc+f.b[i], &over), over
}

// energyOf is F(x) = c.x + sum_i |h_i| through the energy register in the Machine's
// order: the c_j x_j during group 0's pass, then |h_i| for i = 0..K-1. cx is c.x, exact:
// when sum_j |c_j| + sum_i |h_i| fits the register, no partial sum can overflow it.
func (f *Functional) energyOf(x []int8, h []int64, cx int64) (int64, uint64) {
	reg := &f.regs[RegEnergy]
	var sumH int64
	for _, v := range h {
		sumH += abs64(v)
	}
	if f.sumAbsC < 1<<53 && f.sumAbsC+sumH <= reg.hi {
		return cx + sumH, 0
	}
	return f.energyInOrder(x, h)
}

// energyInOrder is the energy register's pass in the Machine's order, every addition
// through the register.
func (f *Functional) energyInOrder(x []int8, h []int64) (int64, uint64) {
	reg := &f.regs[RegEnergy]
	var e int64
	var over uint64
	for j, c := range f.c {
		e = castCounting(reg, e+int64(x[j])*c, &over)
	}
	for _, v := range h {
		e = castCounting(reg, e+abs64(v), &over)
	}
	return e, over
}

// cx is scratch for c.x of n vectors.
func (f *Functional) cx(n int) []int64 {
	if len(f.cxScr) < n {
		f.cxScr = make([]int64, n)
	}
	return f.cxScr[:n]
}

func castCounting(r *register, v int64, over *uint64) int64 {
	out, overflowed := r.cast(v)
	if overflowed {
		*over++
	}
	return out
}

// Energies writes F(x) of every vector of v as the datapath's field pass computes it under
// the present weights (the energy register at the end of the pass, as Result.Energies for
// the data), and returns how many values overflowed the field and energy registers. It
// does not change the model, nor its overflow counts.
func (f *Functional) Energies(v *Vectors, out []int64) uint64 {
	if len(out) != v.n || v.d != f.arch.D {
		panic("datapath: Functional.Energies: sizes do not match")
	}
	k := f.arch.K
	if len(f.evalScr) < v.n*k {
		f.evalScr = make([]int64, v.n*k)
	}
	fields, cx := f.evalScr[:v.n*k], f.cx(v.n)
	overflows := f.fieldsOf(v, fields, cx)
	var energyOver atomic.Uint64
	parallel.For(v.n, 64, func(lo, hi int) {
		var over uint64
		for n := lo; n < hi; n++ {
			var o uint64
			out[n], o = f.energyOf(v.rows[n], fields[n*k:(n+1)*k], cx[n])
			over += o
		}
		energyOver.Add(over)
	})
	return overflows + energyOver.Load()
}

// positiveStats returns P = sum_n z_n x_n^T (K x D), sum_n x_n and, with hidden-bias
// growth, sum_n z_n. No sum can overflow (Validate makes the positive register hold N),
// so they are counted on bit columns (package bitcols).
func (f *Functional) positiveStats() (p, sx, pb []int64) {
	a := f.arch
	xcol, zcol := &f.xcols, bitcols.New(a.K, a.N)
	zcol.FillRows(f.hidden)
	p, sx = make([]int64, a.K*a.D), make([]int64, a.D)
	parallel.For(a.K, 4, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			for j := 0; j < a.D; j++ {
				p[i*a.D+j] = int64(bitcols.Agreement(zcol.Column(i), xcol.Column(j), a.N))
			}
		}
	})
	for j := range sx {
		sx[j] = int64(bitcols.Sum(xcol.Column(j), a.N))
	}
	if a.GrowHiddenBias {
		pb = make([]int64, a.K)
		for i := range pb {
			pb[i] = int64(bitcols.Sum(zcol.Column(i), a.N))
		}
	}
	return p, sx, pb
}

// search is the negative phase: from its start, up to S sweeps of the z half (the field
// pass on x*) and the x half (per visible unit, the lanes' adder trees group by group
// into vis_field, then c_j); it stops after a sweep that changed nothing. It returns the
// sweeps run.
func (f *Functional) search() int {
	a := f.arch
	if a.Mode == modeSH || f.iteration == 1 {
		for j := range f.xs {
			f.xs[j] = f.data.rows[f.bestN][j] > 0
		}
		copy(f.zs, f.bestZ)
	}
	x := make([]int8, a.D)
	for s := 1; ; s++ {
		changed := false
		for j, v := range f.xs {
			x[j] = int8(pm1(v))
		}
		codes := signtab.Codes(1, a.D, tableWidth, func(_, j int) bool { return f.xs[j] })
		for i := range f.zs {
			h, over := f.fieldByGroups(i, codes, x)
			f.over[RegField] += over
			if z := h >= 0; z != f.zs[i] {
				f.zs[i], changed = z, true
			}
		}
		for j := range f.xs {
			if x := f.visibleField(j) >= 0; x != f.xs[j] {
				f.xs[j], changed = x, true
			}
		}
		if !changed || s == a.Sweeps {
			return s
		}
	}
}

// visibleField is W^T z* + c at visible unit j through vis_field: each group's adder tree
// over the lanes is exact, the register takes the running sum after every group, then c_j.
func (f *Functional) visibleField(j int) int64 {
	a := f.arch
	var vis int64
	for g := 0; g < a.Groups(); g++ {
		var tree int64
		for i := g * a.Lanes; i < min((g+1)*a.Lanes, a.K); i++ {
			if f.zs[i] {
				tree += f.w[i*a.D+j]
			} else {
				tree -= f.w[i*a.D+j]
			}
		}
		if g > 0 {
			tree += vis
		}
		vis = f.put(RegVisField, tree)
	}
	return f.put(RegVisField, vis+f.c[j])
}

// update writes W + P - N z* x*^T through the update adder into W, and the same for c
// (and b with hidden-bias growth).
func (f *Functional) update(p, sx, pb []int64) {
	a := f.arch
	N := int64(a.N)
	for i := 0; i < a.K; i++ {
		for j := 0; j < a.D; j++ {
			u := f.put(RegUpdate, f.w[i*a.D+j]+p[i*a.D+j]-N*pm1(f.zs[i] == f.xs[j]))
			f.w[i*a.D+j] = f.put(RegW, u)
		}
		if a.GrowHiddenBias {
			f.b[i] = f.put(RegB, f.put(RegUpdate, f.b[i]+pb[i]-N*pm1(f.zs[i])))
		}
	}
	for j := range f.c {
		f.c[j] = f.put(RegC, f.put(RegUpdate, f.c[j]+sx[j]-N*pm1(f.xs[j])))
	}
	f.weightsChanged()
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
