package datapath

// Overflow bounds: when no register can overflow, the datapath's arithmetic is the exact
// integer arithmetic of docs/spec.md, and any exact implementation (herding's flip-driven
// reference) gives its results bit for bit. Callers that need the datapath's results over
// long runs (the USPS accuracy in usps and explore) run the fast reference while these
// bounds hold and the functional model from the first iteration they do not.

// CannotOverflow reports whether one iteration of the datapath (TileMachine, Functional)
// from weights w (K x D), b and c, and the energy passes of any +-1 vectors under them
// (Functional.Energies), keep every value inside its register, so that no overflow mode
// comes into play. When it cannot prove it, it names the first register it cannot prove.
//
// The bounds hold for every order of addition, the tiled passes' included, so for every
// partial sum:
//
//	field       |b_i| + sum_j |W_ij|                      (every row i: the start chain
//	            b_i - W_i0 - ... and every add's s_i + 2 W_ij stay in [b_i - L1, b_i + L1],
//	            and so does the search's b_i + sum_j +-W_ij)
//	            sum_j |c_j|                               (mode SH's energy pass: the c
//	            row, bias 0; mode H's energies take c.x exact)
//	vis_field   |c_j| + sum_i |W_ij|                      (every column j)
//	energy      sum_j |c_j| + sum_i (|b_i| + sum_j |W_ij|) (also best_energy in SH)
//	update, W   max |W_ij| + 2N   (W + P - N z* x*, |P| <= N)
//	update, c   max |c_j| + 2N    (c + sum_n x_n - N x*)
//	update, b   max |b_i| + 2N    (with hidden-bias growth)
//
// The positive register always holds N (Validate).
func (a *Arch) CannotOverflow(w, b, c []int64) (Reg, bool) {
	n2 := 2 * int64(a.N)
	cL1 := sumAbs(c)
	rowMax, energy := int64(0), cL1
	if a.Mode == modeSH {
		rowMax = cL1
	}
	for i := 0; i < a.K; i++ {
		row := abs64(b[i]) + sumAbs(w[i*a.D:(i+1)*a.D])
		rowMax = max(rowMax, row)
		energy = min(energy+row, unbounded)
	}
	colMax := int64(0)
	for j := 0; j < a.D; j++ {
		col := abs64(c[j])
		for i := 0; i < a.K; i++ {
			col = min(col+abs64(w[i*a.D+j]), unbounded)
		}
		colMax = max(colMax, col)
	}
	bounds := []regBound{
		{RegField, rowMax},
		{RegVisField, colMax},
		{RegEnergy, energy},
		{RegUpdate, maxAbs(w) + n2},
		{RegW, maxAbs(w) + n2},
		{RegUpdate, maxAbs(c) + n2},
		{RegC, maxAbs(c) + n2},
	}
	if a.Mode == modeSH {
		bounds = append(bounds, regBound{RegBestEnergy, energy})
	}
	if a.GrowHiddenBias {
		bounds = append(bounds, regBound{RegUpdate, maxAbs(b) + n2}, regBound{RegB, maxAbs(b) + n2})
	}
	for _, rb := range bounds {
		if rb.bound > newRegister(a.Regs[rb.reg]).hi {
			return rb.reg, false
		}
	}
	return 0, true
}

// regBound is the largest magnitude a register may be presented.
type regBound struct {
	reg   Reg
	bound int64
}

// sumAbs is sum |v|, at most unbounded (2^62): registers hold at most 62 bits, so the
// sum of four values may pass int64 and every bound it enters is below it.
func sumAbs(v []int64) int64 {
	var s int64
	for _, x := range v {
		s = min(s+abs64(x), unbounded)
	}
	return s
}

func maxAbs(v []int64) int64 {
	var m int64
	for _, x := range v {
		m = max(m, abs64(x))
	}
	return m
}
