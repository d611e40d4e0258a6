package datapath

import (
	"fmt"
	mbits "math/bits"
	"slices"
	"sync/atomic"

	"herdsim/dataset"
	"herdsim/internal/bitcols"
	"herdsim/internal/parallel"
	"herdsim/internal/signtab"
)

// Functional is the datapath's arithmetic without its clock: the same registers, formats
// and overflow modes as TileMachine, and every saturating or wrapping addition in the
// order the tiled passes make it (tile_phases.go), evaluated a vector at a time instead of
// a cycle at a time. It gives TileMachine's results bit for bit (X, Z, every z_n, SH's
// F(x_n), the search's start and sweeps, cycles, W, b, c and the overflow count of every
// register; tested against TileMachine with narrow registers in both overflow modes), at
// the speed long runs need: the USPS experiment's 2000 iterations on 700 vectors, and the
// energies of its 4000 evaluation images.
//
// The order it reproduces, per row r of a pass (hidden unit i with bias b_i, or in the
// energy pass the c row with bias 0):
//
//	start chain  s_r = b_r - W_r0 - W_r1 - ... - W_r,D-1, through the field register at
//	             every step, once per row and pass (PREFETCH);
//	adds         acc = s_r, then acc += 2 W_rj for each j with x_nj = +1, in j order,
//	             through the field register (PASS): the field of vector n;
//	energy       e = |h_0|, + |h_1|, ..., + |h_K-1|, + the c row's field, through the
//	             energy register (E_PASS's readout); SH keeps F(x_n) when n = 0 or it is
//	             larger than the best-energy register, through that register. Mode H
//	             has no energy pass: its energies (Energies, DataEnergies, for the USPS
//	             study) are the same adds with c.x exact, no register of the H core
//	             holding the c row;
//	search       z half h_i = b_i, + (+-W_ij by x*_j) for j in order, through the field
//	             register; x half vis_j = c_j + (the sum of group 0's +-W_ij by z*_i), then
//	             + each later group's sum, through vis_field after every group of PW rows;
//	update       W + P - N z*_i x*_j through the update register, then W (b and c alike).
//
// Word skip (Arch.SkipBusy) reorders the data into batches and reads only the busy words,
// so that each vector's adds are still its x_nj = +1 in j order: the values are the same,
// and only the cycle count (Arch.IterationCycles) follows the layout.
//
// Where no partial sum can overflow its register it adds in any order (the exact sum is
// the same; sign tables, package signtab). Each bound is a bound on every partial sum of
// the tiled order:
//
//   - a row whose L1 = sum_j |W_rj| has |b_r| + L1 within the field register (and below
//     2^53, where the tables' float sums are exact): the start chain's partial sums are
//     b_r - (a sum of some of the row's W), and every add's acc = s_r + 2 (a sum of some
//     positive W) - 2 (a sum of some negative W), so all lie in [b_r - L1, b_r + L1]; its
//     field is b_r + W_r x_n from the tables, its start b_r - sum_j W_rj;
//   - elsewhere, a vector whose adds cannot leave the register from s_r: they move the
//     accumulator within s_r + u +- A, u the sum of the W added and A that of their |W|,
//     at most the sum of the row's m largest |W| for a vector of m pixels at +1; its field
//     is s_r + 2u, u from the tables;
//   - elsewhere again, in the start chain and the search's +-W, a table group (6 pixels)
//     whose sum of |W| cannot take the accumulator out of the register adds its table
//     entry; the others, and the other vectors' adds, add pixel by pixel;
//   - an energy whose sum of |h_i| fits the energy register (the partial sums grow to it)
//     and whose total with the c row's field does too;
//   - the positive statistics always (Validate makes the positive register hold N).
//
// It keeps no range logs (TileMachine.Ranges), only overflow counts.
type Functional struct {
	arch  Arch
	s     TileSizes
	regs  [numRegs]register
	over  [numRegs]uint64 // overflows per register in the herding iterations
	data  *Vectors
	xcols bitcols.Columns // the data as D bit columns
	w     []int64         // K x D row-major
	b, c  []int64

	// The field rows: 0..K-1 are W's rows with bias b_i, K is the energy pass's c row
	// (bias 0). weightsChanged refreshes them after every update.
	wT     []float64 // [W^T | c] as float64 (D x (K+1)), for the tables
	bf     []float64 // [b | 0] as float64
	tables signtab.Tables
	// Where every row's |bias| + L1 is below 2^31 (USPS's weights are below 2^16), the
	// tables are int32 (signtab.Ints: half the bytes a look-up, twice the outputs), exact
	// as the float64 ones, and wT, bf and tables are left as they were.
	useInts   bool
	wT32      []int32
	b32       []int32
	ints      signtab.Ints
	rows      []fieldRow   // K + 1
	groups    []groupBound // (K + 1) x the tables' groups
	zeroCodes []uint8      // the codes of x = -1 everywhere: the start chain's signs
	absScr    []int64      // topAbsSums' scratch
	visScr    []int64      // xHalf's vis_j
	treeScr   []int64      // xHalf's group sums
	cTable    bool         // sum_j |c_j| < 2^53: the tables' c column is c.x exactly

	iteration int
	xs, zs    []bool
	startN    int   // the data vector the search started at, -1 for the previous pseudo-sample
	bestN     int   // SH: the vector the best-energy register kept
	best      int64 // SH: the best-energy register
	hidden    [][]int8
	energies  []int64   // SH: F(x_n) of the last energy pass
	fields    []int64   // N x (K+1): the last passes' fields, hidden units and c row
	passed    bool      // fields holds a Step's passes
	fastScr   []float64 // the tables' fields, grown to the largest set of vectors given
	fast32Scr []int32   // the same from the int32 tables
}

// fieldRow is what a field row's passes share: its bound and its start value.
type fieldRow struct {
	fits      bool   // |bias| + L1 fits the field register and 2^53: no partial sum can overflow, the tables give the field
	start     int64  // s_r as the start chain leaves it in the field register
	startOver uint64 // the start chain's overflows (one chain per row and pass)
	bias, sum int64  // the bias and sum_j W_rj
	// topAbs[m] is the sum of the row's m largest |W| (m = 0..D), for vectorFits; nil where
	// the row fits, or where the tables are not exact (|bias| + L1 >= 2^53).
	topAbs []int64
}

// groupBound is one table group of a row: how far its +-W can move an accumulator.
type groupBound struct {
	l1  int64 // sum of |W|: the reach of the start chain's and the search's +-W
	sum int64 // sum of W
}

// unbounded is a reach no accumulator can take: a group whose table entries may not be
// exact (a weight of 2^49 or more) gets it, so that it is always added pixel by pixel.
// Accumulators stay within 62 bits, so acc +- unbounded stays within int64.
const unbounded = 1 << 62

// Vectors are +-1 vectors prepared for the functional model's field passes.
type Vectors struct {
	n, d  int
	rows  [][]int8
	codes []uint8 // sign patterns of tableWidth pixels (signtab.Codes)
	ones  []int   // each vector's pixels at +1
}

// tableWidth is the pixels per group of the fast path's sign tables (classify's width).
const tableWidth = 6

// NewVectors prepares the rows of data (every value +-1).
func NewVectors(data *dataset.Binary) *Vectors {
	v := &Vectors{n: data.N(), d: data.D, rows: data.Rows, ones: make([]int, data.N()),
		codes: signtab.Codes(data.N(), data.D, tableWidth, func(n, j int) bool { return data.Rows[n][j] > 0 })}
	for n, row := range data.Rows {
		for _, x := range row {
			if x > 0 {
				v.ones[n]++
			}
		}
	}
	return v
}

// N is the number of vectors.
func (v *Vectors) N() int { return v.n }

// NewFunctional loads the functional model as NewTile loads the TileMachine. The Arch
// must pass ValidateArithmetic (not the UP5K's memory limits: the model holds no SPRAM).
func NewFunctional(arch Arch, data *dataset.Binary, w0, b0, c0 []int64) (*Functional, error) {
	if err := arch.ValidateArithmetic(); err != nil {
		return nil, err
	}
	if err := checkLoad(arch, data, w0, b0, c0); err != nil {
		return nil, err
	}
	if arch.Skip() && !NewSkipLayout(data.Rows).Matches(&arch) {
		return nil, fmt.Errorf("datapath: the Arch's word-skip layout (skip_busy) was made for other data than these %d vectors", len(data.Rows))
	}
	k, d, n := arch.K, arch.D, arch.N
	f := &Functional{arch: arch, s: arch.Sizes(), data: NewVectors(data), iteration: 1,
		w: make([]int64, k*d), wT: make([]float64, (k+1)*d), bf: make([]float64, k+1), b: make([]int64, k), c: make([]int64, d),
		rows: make([]fieldRow, k+1), groups: make([]groupBound, (k+1)*ceilDiv(d, tableWidth)), zeroCodes: make([]uint8, ceilDiv(d, tableWidth)),
		xs: make([]bool, d), zs: make([]bool, k), energies: make([]int64, n), fields: make([]int64, n*(k+1))}
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
// starts (SH starts from the best data vector, which the energy pass finds again).
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
// (TileMachine.Ranges()[r].Overflows for the same run).
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

// rowWeights are field row r's weights: W's row r, or c for the c row (r = K).
func (f *Functional) rowWeights(r int) []int64 {
	if r == f.arch.K {
		return f.c
	}
	return f.w[r*f.arch.D : (r+1)*f.arch.D]
}

// rowBias is field row r's bias: b_r, or 0 for the c row.
func (f *Functional) rowBias(r int) int64 {
	if r == f.arch.K {
		return 0
	}
	return f.b[r]
}

// weightsChanged refreshes the tables of W, b and c, the rows' bounds and their start
// values, which every pass of the next iteration (and Energies) reads.
func (f *Functional) weightsChanged() {
	// Where every row's |bias| + L1 is below 2^31, no field of any vector leaves int32, and
	// the int32 tables give every value exactly.
	f.useInts = true
	for r := range f.rows {
		if f.boundGroups(r) >= 1<<31 {
			f.useInts = false
		}
	}
	if f.useInts {
		f.buildInts()
	} else {
		f.buildFloats()
	}
	for r := range f.rows {
		f.boundRow(r)
	}
	f.cTable = f.useInts || sumAbs(f.c) < 1<<53
}

// buildInts fills the int32 tables of [W^T | c] with the biases [b | 0].
func (f *Functional) buildInts() {
	if f.wT32 == nil {
		f.wT32, f.b32 = make([]int32, len(f.wT)), make([]int32, len(f.bf))
	}
	tableInputs(f, f.wT32, f.b32)
	f.ints.Build(f.wT32, f.arch.D, f.arch.K+1, tableWidth)
}

// buildFloats fills the float64 tables of [W^T | c] with the biases [b | 0].
func (f *Functional) buildFloats() {
	tableInputs(f, f.wT, f.bf)
	f.tables.Build(f.wT, f.arch.D, f.arch.K+1, tableWidth)
}

// tableInputs writes [W^T | c] (D x (K+1)) into wT and [b | 0] into bias, in the tables'
// number type (the values fit it: weightsChanged checks int32's range).
func tableInputs[T int32 | float64](f *Functional, wT, bias []T) {
	k, d := f.arch.K, f.arch.D
	for i, v := range f.w {
		wT[(i%d)*(k+1)+i/d] = T(v)
	}
	for j, v := range f.c {
		wT[j*(k+1)+k] = T(v)
	}
	for i, v := range f.b {
		bias[i] = T(v)
	}
}

// term is a table entry: the signed sum of group g's weights of row r under pattern p.
func (f *Functional) term(r, g int, p uint8) int64 {
	if f.useInts {
		return int64(f.ints.Term(r, g, p))
	}
	return int64(f.tables.Term(r, g, p))
}

// cRowInField reports whether the c row's field goes through the field register: in
// mode SH's energy pass; mode H's core has no energy pass, and its energies take c.x
// exact.
func (f *Functional) cRowInField() bool { return f.arch.Mode == modeSH }

// exactCx is c.x of vector x, from the tables' c column tab where that is exact. Beyond
// (a c register wider than 53 bits) it adds in int64, exact while sum_j |c_j| < 2^63.
func (f *Functional) exactCx(tab int64, x []int8) int64 {
	if f.cTable {
		return tab
	}
	var cx int64
	for j, c := range f.c {
		cx += int64(x[j]) * c
	}
	return cx
}

// boundGroups computes row r's group bounds and returns |b_r| + L1 (L1 at most
// unbounded).
func (f *Functional) boundGroups(r int) int64 {
	row, ng := f.rowWeights(r), len(f.zeroCodes)
	gb := f.groups[r*ng : (r+1)*ng]
	var l1 int64
	for g := range gb {
		gb[g] = boundGroup(row[g*tableWidth : min((g+1)*tableWidth, len(row))])
		l1 = min(l1+gb[g].l1, unbounded)
	}
	return abs64(f.rowBias(r)) + l1
}

// boundRow computes row r's bound and its start chain from its group bounds (boundGroups)
// and the tables.
func (f *Functional) boundRow(r int) {
	row, bias, ng := f.rowWeights(r), f.rowBias(r), len(f.zeroCodes)
	var l1, sum int64
	for _, g := range f.groups[r*ng : (r+1)*ng] {
		l1, sum = min(l1+g.l1, unbounded), sum+g.sum
	}
	field := &f.regs[RegField]
	bound := abs64(bias) + l1
	fr := fieldRow{fits: bound <= field.hi && bound < 1<<53, bias: bias, sum: sum}
	if fr.fits {
		fr.start = bias - sum
	} else {
		fr.start, fr.startOver = f.signedChain(r, bias, f.zeroCodes)
		if bound < 1<<53 {
			fr.topAbs = f.topAbsSums(f.rows[r].topAbs, row)
		}
	}
	f.rows[r] = fr
}

// topAbsSums writes into buf (reused, grown to D+1) the sums of row's m largest |W| for m
// = 0..D.
func (f *Functional) topAbsSums(buf, row []int64) []int64 {
	f.absScr = f.absScr[:0]
	for _, v := range row {
		f.absScr = append(f.absScr, abs64(v))
	}
	slices.Sort(f.absScr)
	buf = append(buf[:0], 0)
	for k := len(f.absScr) - 1; k >= 0; k-- {
		buf = append(buf, buf[len(buf)-1]+f.absScr[k])
	}
	return buf
}

// vectorFits is the field of a vector of ones pixels at +1 on row r when none of its adds
// can overflow the field register (though the row's bound does not show it), from tab, the
// tables' exact bias + sum_j x_j W_rj: with u = (tab - bias + sum_j W_rj)/2 the sum of the
// W added, the accumulator stays within s_r + u +- A (A the sum of the |W| added, at most
// topAbs[ones]) and ends at s_r + 2u.
func (r *fieldRow) vectorFits(tab int64, ones int, field *register) (int64, bool) {
	if r.topAbs == nil {
		return 0, false
	}
	u2 := tab - r.bias + r.sum
	mid, reach := r.start+u2/2, r.topAbs[ones]
	if mid+reach > field.hi || mid-reach < field.lo {
		return 0, false
	}
	return r.start + u2, true
}

// boundGroup is the bound of one table group's weights.
func boundGroup(ws []int64) groupBound {
	var g groupBound
	for _, v := range ws {
		if abs64(v) >= 1<<49 { // six of them may pass 2^53: the table entry may be inexact
			return groupBound{l1: unbounded}
		}
		g.l1, g.sum = g.l1+abs64(v), g.sum+v
	}
	return g
}

// signedChain adds +-W_rj to acc for every j in order, + where the vector of codes has
// x_j = +1, each step through the field register: the start chain (all codes 0: acc =
// b_r - W_r0 - ...) and the search's z half (acc = b_i + sum_j +-W_ij). A table group
// whose sum of |W| cannot take acc out of the register adds its table entry.
func (f *Functional) signedChain(r int, acc int64, codes []uint8) (int64, uint64) {
	field := &f.regs[RegField]
	row, ng := f.rowWeights(r), len(f.zeroCodes)
	gb := f.groups[r*ng : (r+1)*ng]
	var over uint64
	for g, p := range codes {
		if acc+gb[g].l1 <= field.hi && acc-gb[g].l1 >= field.lo {
			acc += f.term(r, g, p)
			continue
		}
		for j := g * tableWidth; j < min((g+1)*tableWidth, len(row)); j++ {
			v := row[j]
			if p>>(j-g*tableWidth)&1 == 0 {
				v = -v
			}
			if acc += v; acc < field.lo || acc > field.hi {
				acc, _ = field.cast(acc)
				over++
			}
		}
	}
	return acc, over
}

// addChain is one vector's adds on row r from its start value: acc += 2 W_rj for each j
// with x_j = +1 (the codes' set bits), in order, each through the field register. The
// adds are few (the +1 pixels), so it takes them one by one from the row's weights, which
// lie in order in memory, rather than a table entry a group, which do not.
func (f *Functional) addChain(r int, codes []uint8) (int64, uint64) {
	field := &f.regs[RegField]
	row := f.rowWeights(r)
	acc := f.rows[r].start
	var over uint64
	for g, p := range codes {
		for bits := uint(p); bits != 0; bits &= bits - 1 {
			if acc += 2 * row[g*tableWidth+mbits.TrailingZeros(bits)]; acc < field.lo || acc > field.hi {
				acc, _ = field.cast(acc)
				over++
			}
		}
	}
	return acc, over
}

// Step runs one iteration and returns what TileMachine's RunIteration returns.
func (f *Functional) Step() *Result {
	f.dataPasses()
	p, sx, pb := f.positiveStats()
	sweeps := f.search()
	f.update(p, sx, pb)
	var overflows uint64
	for _, n := range f.over {
		overflows += n
	}
	r := newResult(f.iteration, f.xs, f.zs, f.hidden, f.startN, sweeps, f.arch.IterationCycles(f.iteration, sweeps), overflows > 0)
	if f.arch.Mode == modeSH {
		r.Energies = append([]int64(nil), f.energies...)
	}
	f.iteration++
	return r
}

// dataPasses are the passes over the data: the positive pass's fields and hidden states
// and, in mode SH, the energy pass's energies and the best vector. Both passes compute the
// same fields of the hidden units (the same W and b, the same order), so they are computed
// once and their overflows counted for each pass; the energy pass adds the c row's.
func (f *Functional) dataPasses() {
	k := f.arch.K
	hiddenOver, cOver := f.fieldsOf(f.data, f.fields)
	f.passed = true
	var chains uint64
	for _, r := range f.rows[:k] {
		chains += r.startOver
	}
	f.over[RegField] += chains + hiddenOver
	for n, z := range f.hidden {
		for i := range z {
			z[i] = int8(pm1(f.fields[n*(k+1)+i] >= 0))
		}
	}
	if f.arch.Mode == modeSH {
		f.over[RegField] += chains + hiddenOver + f.rows[k].startOver + cOver
		f.energyPass()
	}
}

// energyPass computes every data vector's energy through the energy register and keeps
// the largest in the best-energy register (the first, n = 0, always; later ones only when
// strictly larger, so the lowest n wins ties).
func (f *Functional) energyPass() {
	k := f.arch.K
	for n := range f.energies {
		e, over := f.energyOf(f.fields[n*(k+1) : (n+1)*(k+1)])
		f.energies[n], f.over[RegEnergy] = e, f.over[RegEnergy]+over
		if n == 0 || e > f.best {
			f.best, f.bestN = f.put(RegBestEnergy, e), n
		}
	}
}

// fieldsOf writes the fields of every vector of v (fieldsEach) into out, v.N() x (K+1),
// and returns fieldsEach's overflow counts.
func (f *Functional) fieldsOf(v *Vectors, out []int64) (hiddenOver, cOver uint64) {
	ld := f.arch.K + 1
	hiddenOver, cOver, _ = f.fieldsEach(v, func(n int, h []int64) uint64 {
		copy(out[n*ld:(n+1)*ld], h)
		return 0
	})
	return hiddenOver, cOver
}

// fieldsEach computes the fields of every vector of v as the passes do (the K hidden
// units, then the c row), each as the field register holds it after the vector's last add
// (in mode H the c row is c.x exact: cRowInField), and hands them to use (the vector's
// index and its K+1 fields, valid during the call; calls run on several goroutines at
// once), which returns overflows it counts. It returns how many adds overflowed the field
// register on the hidden rows and on the c row (the start chains' overflows are the rows'
// startOver), and the sum of use's counts.
func (f *Functional) fieldsEach(v *Vectors, use func(n int, h []int64) uint64) (hiddenOver, cOver, useOver uint64) {
	ld := f.arch.K + 1
	if f.useInts {
		if len(f.fast32Scr) < v.n*ld {
			f.fast32Scr = make([]int32, v.n*ld)
		}
		fast := f.fast32Scr[:v.n*ld]
		f.ints.Fields(v.codes, f.ints.Groups(), v.n, f.b32, fast, ld)
		return fieldsFrom(f, v, fast, use)
	}
	if len(f.fastScr) < v.n*ld {
		f.fastScr = make([]float64, v.n*ld)
	}
	fast := f.fastScr[:v.n*ld]
	f.tables.Fields(v.codes, f.tables.Groups(), v.n, f.bf, fast, ld)
	return fieldsFrom(f, v, fast, use)
}

// fieldsFrom is fieldsEach from the tables' values fast (v.N() x (K+1), exact where
// fieldOf reads them).
func fieldsFrom[T int32 | float64](f *Functional, v *Vectors, fast []T, use func(n int, h []int64) uint64) (hiddenOver, cOver, useOver uint64) {
	ld := f.arch.K + 1
	tabled := make([]bool, ld) // rows whose every field is the tables' value
	for r, row := range f.rows {
		tabled[r] = row.fits && (r < f.arch.K || f.cRowInField())
	}
	var hid, crow, used atomic.Uint64
	parallel.For(v.n, 16, func(lo, up int) {
		var over [3]uint64 // hidden rows, c row, use
		h := make([]int64, ld)
		for n := lo; n < up; n++ {
			tab := fast[n*ld : (n+1)*ld]
			for r, t := range tab {
				if tabled[r] {
					h[r] = int64(t)
					continue
				}
				var o uint64
				h[r], o = f.fieldOf(r, n, v, int64(t))
				over[r/(ld-1)] += o
			}
			over[2] += use(n, h)
		}
		hid.Add(over[0])
		crow.Add(over[1])
		used.Add(over[2])
	})
	return hid.Load(), crow.Load(), used.Load()
}

// fieldOf is vector n's field on row r, tab its tables' value, and the overflows of its
// adds: the tables' value where the row fits or the vector does (vectorFits), else the
// adds one by one.
func (f *Functional) fieldOf(r, n int, v *Vectors, tab int64) (int64, uint64) {
	if r == f.arch.K && !f.cRowInField() {
		return f.exactCx(tab, v.rows[n]), 0
	}
	row := &f.rows[r]
	if row.fits {
		return tab, 0
	}
	if h, ok := row.vectorFits(tab, v.ones[n], &f.regs[RegField]); ok {
		return h, 0
	}
	groups := len(f.zeroCodes)
	return f.addChain(r, v.codes[n*groups:(n+1)*groups])
}

// energyOf is F(x) as the energy pass adds it from a vector's fields (K hidden units,
// then the c row): |h_0|, |h_1|, ..., then the c row's field, each add through the energy
// register from 0. The partial sums of |h| only grow, so when their sum fits the register
// and so does the total, none can overflow.
func (f *Functional) energyOf(fields []int64) (int64, uint64) {
	reg, k := &f.regs[RegEnergy], len(fields)-1
	var sum int64
	for _, h := range fields[:k] {
		if sum += abs64(h); sum > reg.hi {
			return f.energyInOrder(fields)
		}
	}
	if e := sum + fields[k]; e >= reg.lo && e <= reg.hi {
		return e, 0
	}
	return f.energyInOrder(fields)
}

// energyInOrder is the energy register's adds in the readout's order, every one through
// the register.
func (f *Functional) energyInOrder(fields []int64) (int64, uint64) {
	reg, k := &f.regs[RegEnergy], len(fields)-1
	var e int64
	var over uint64
	for _, h := range fields[:k] {
		e = castCounting(reg, e+abs64(h), &over)
	}
	return castCounting(reg, e+fields[k], &over), over
}

func castCounting(r *register, v int64, over *uint64) int64 {
	out, overflowed := r.cast(v)
	if overflowed {
		*over++
	}
	return out
}

// Energies writes F(x) of every vector of v as the energy pass computes it under the
// present weights (the energy register at the end of the vector's readout, as
// Result.Energies for the data; mode H, which has no energy pass, with c.x exact), and
// returns how many values overflowed the field register (the rows' start chains and the
// vectors' adds) and the energy register. It does not change the model, nor its overflow
// counts.
func (f *Functional) Energies(v *Vectors, out []int64) uint64 {
	if len(out) != v.n || v.d != f.arch.D {
		panic("datapath: Functional.Energies: sizes do not match")
	}
	hiddenOver, cOver, energyOver := f.fieldsEach(v, func(n int, h []int64) uint64 {
		var o uint64
		out[n], o = f.energyOf(h)
		return o
	})
	overflows := hiddenOver + cOver + energyOver
	for r, row := range f.rows {
		if r < f.arch.K || f.cRowInField() {
			overflows += row.startOver
		}
	}
	return overflows
}

// DataEnergies returns F(x_n) of the data as the energy pass computes it under the
// weights of the last Step's passes (in mode SH that Step's Result.Energies; mode H has
// no energy pass, and these are Energies' values), nil before the first Step. It counts
// no overflows.
func (f *Functional) DataEnergies() []int64 {
	if !f.passed {
		return nil
	}
	if f.arch.Mode == modeSH {
		return append([]int64(nil), f.energies...)
	}
	ld, out := f.arch.K+1, make([]int64, f.arch.N)
	for n := range out {
		out[n], _ = f.energyOf(f.fields[n*ld : (n+1)*ld])
	}
	return out
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

// search is the negative phase: from its start (a data vector: SH's best, H's x_0 at
// t = 1; else the previous pseudo-sample), up to S sweeps of the z half and the x half; it
// stops after a sweep that changed nothing, and returns the sweeps run. The first sweep
// from a data vector recomputes that vector's hidden state: its z changes do not count.
func (f *Functional) search() int {
	a := f.arch
	fromData := a.Mode == modeSH || f.iteration == 1
	f.startN = -1
	if fromData {
		f.startN = 0
		if a.Mode == modeSH {
			f.startN = f.bestN
		}
		for j := range f.xs {
			f.xs[j] = f.data.rows[f.startN][j] > 0
		}
	}
	for s := 1; ; s++ {
		changed := f.zHalf(!fromData || s > 1)
		if f.xHalf() {
			changed = true
		}
		if !changed || s == a.Sweeps {
			return s
		}
	}
}

// zHalf sets z*_i = sign(b_i + sum_j +-W_ij by x*) for every hidden unit and reports
// whether one changed (when count).
func (f *Functional) zHalf(count bool) bool {
	codes := signtab.Codes(1, f.arch.D, tableWidth, func(_, j int) bool { return f.xs[j] })
	changed := false
	for i := range f.zs {
		h, over := f.signedChain(i, f.b[i], codes)
		f.over[RegField] += over
		if z := h >= 0; z != f.zs[i] {
			f.zs[i], changed = z, changed || count
		}
	}
	return changed
}

// xHalf sets x*_j = sign of vis_j (c_j, plus each group of PW rows' sum of +-W_ij by z*,
// through vis_field after every group) for every visible unit, and reports whether one
// changed. It sums a group's rows in memory order, for all j at once.
func (f *Functional) xHalf() bool {
	a, pw := f.arch, f.s.PW
	vis := append(f.visScr[:0], f.c...)
	tree := append(f.treeScr[:0], f.c...)
	for g := 0; g < f.s.G; g++ {
		clear(tree)
		for i := g * pw; i < min((g+1)*pw, a.K); i++ {
			addSigned(tree, f.w[i*a.D:(i+1)*a.D], f.zs[i])
		}
		for j, t := range tree {
			vis[j] = f.put(RegVisField, vis[j]+t)
		}
	}
	changed := false
	for j, v := range vis {
		if x := v >= 0; x != f.xs[j] {
			f.xs[j], changed = x, true
		}
	}
	f.visScr, f.treeScr = vis, tree
	return changed
}

// addSigned adds row to sum, or subtracts it when !plus.
func addSigned(sum, row []int64, plus bool) {
	if plus {
		for j, w := range row {
			sum[j] += w
		}
		return
	}
	for j, w := range row {
		sum[j] -= w
	}
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

// abs64 is |v|, without a branch: the energy pass takes it of fields whose signs are
// anyone's guess.
func abs64(v int64) int64 {
	m := v >> 63
	return (v ^ m) - m
}
