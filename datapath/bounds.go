package datapath

// Overflow bounds: when no register can overflow, the datapath's arithmetic is the exact
// integer arithmetic of SPEC.md, and any exact implementation (herding's flip-driven
// reference) gives its results bit for bit. Callers that need the datapath's results over
// long runs (the USPS accuracy in usps and explore) run the fast reference while these
// bounds hold and the functional model from the first iteration they do not.

// CannotOverflow reports whether one iteration of the lane datapath (Machine, Functional)
// from weights w (K x D), b and c, and the field passes of any +-1 vectors under them
// (Functional.Energies), keep every value inside its register, so that no overflow mode
// comes into play. When it cannot prove it, it names the first register it cannot prove.
//
// The bounds hold for every order of addition, so for every partial sum:
//
//	field       |b_i| + sum_j |W_ij|                      (every row i)
//	vis_field   |c_j| + sum_i |W_ij|                      (every column j)
//	energy      sum_j |c_j| + sum_i (|b_i| + sum_j |W_ij|) (also best_energy in SH)
//	update, W   max |W_ij| + 2N   (W + P - N z* x*, |P| <= N)
//	update, c   max |c_j| + 2N    (c + sum_n x_n - N x*)
//	update, b   max |b_i| + 2N    (with hidden-bias growth)
//
// The positive register always holds N (Validate).
func (a *Arch) CannotOverflow(w, b, c []int64) (Reg, bool) {
	n2 := 2 * int64(a.N)
	rowMax, energy := int64(0), sumAbs(c)
	for i := 0; i < a.K; i++ {
		row := abs64(b[i]) + sumAbs(w[i*a.D:(i+1)*a.D])
		rowMax = max(rowMax, row)
		energy += row
	}
	colMax := int64(0)
	for j := 0; j < a.D; j++ {
		col := abs64(c[j])
		for i := 0; i < a.K; i++ {
			col += abs64(w[i*a.D+j])
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

// sumAbs is sum |v|; the weights of a run fit 53 bits and D, K are small, so it cannot wrap.
func sumAbs(v []int64) int64 {
	var s int64
	for _, x := range v {
		s += abs64(x)
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
