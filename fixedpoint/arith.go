package fixedpoint

// Arithmetic is exact: every result is in a format wide enough to hold it (SumFormat,
// DiffFormat, ProductFormat, NegFormat, AbsFormat), and nothing is rounded or wrapped. A
// register of the datapath is modelled by a Cast of the result to the register's format.
// The operations panic when the exact result would be wider than MaxWideWord bits, which
// takes operands that are already wide results or whose binary points lie far apart:
// Cast first.

// Add returns x+y exactly, in SumFormat(x.Format(), y.Format()).
func (x Value) Add(y Value) Value {
	f := SumFormat(x.Format(), y.Format())
	f.mustBeWide("Add")
	if x.f.frac() == y.f.frac() { // the common case needs no alignment
		return Value{raw: x.raw.add(y.raw), f: pack(f)}
	}
	return Value{raw: x.aligned(f.Frac).add(y.aligned(f.Frac)), f: pack(f)}
}

// Sub returns x-y exactly, in DiffFormat(x.Format(), y.Format()).
func (x Value) Sub(y Value) Value {
	f := DiffFormat(x.Format(), y.Format())
	f.mustBeWide("Sub")
	if x.f.frac() == y.f.frac() {
		return Value{raw: x.raw.sub(y.raw), f: pack(f)}
	}
	return Value{raw: x.aligned(f.Frac).sub(y.aligned(f.Frac)), f: pack(f)}
}

// aligned returns the code of x at the fraction length frac >= x.f.frac(). The result format
// of Add and Sub leaves room for it, so the shift loses no bits.
func (x Value) aligned(frac int) u128 { return x.raw.lsh(uint(frac - x.f.frac())) }

// Mul returns x×y exactly, in ProductFormat(x.Format(), y.Format()): two 64-bit operands
// give a 128-bit product.
func (x Value) Mul(y Value) Value {
	f := ProductFormat(x.Format(), y.Format())
	f.mustBeWide("Mul")
	// The product format fits 128 bits, so the product modulo 2^128 of the sign-extended
	// codes is the exact product.
	return Value{raw: x.raw.mul(y.raw), f: pack(f)}
}

// Neg returns -x exactly, in NegFormat(x.Format()).
func (x Value) Neg() Value {
	f := NegFormat(x.Format())
	f.mustBeWide("Neg")
	return Value{raw: x.raw.neg(), f: pack(f)}
}

// Abs returns |x| exactly, in AbsFormat(x.Format()).
func (x Value) Abs() Value {
	_, m := x.signMag()
	return Value{raw: m, f: pack(AbsFormat(x.Format()))}
}

// Lsh returns x × 2^n exactly: the same code with the binary point n places to the
// right (Frac decreases by n). A hardware left shift within a register is Lsh then Cast
// to the register's format (WRAP drops the bits shifted out).
func (x Value) Lsh(n uint) Value { return x.shift(-int(min(n, 2*MaxWideFrac+1)), "Lsh") }

// Rsh returns x × 2^-n exactly: the same code with the binary point n places to the left
// (Frac increases by n). A hardware arithmetic right shift is Rsh then Cast with TRN.
func (x Value) Rsh(n uint) Value { return x.shift(int(min(n, 2*MaxWideFrac+1)), "Rsh") }

// shift moves the binary point by n. Lsh and Rsh clamp their count at 2·MaxWideFrac+1,
// which is out of range from any fraction length, so the int conversion cannot wrap.
func (x Value) shift(n int, op string) Value {
	f := x.Format()
	f.Frac += n
	f.mustBeWide(op)
	return Value{raw: x.raw, f: pack(f)}
}

// Sign returns -1, 0 or +1 as x is negative, zero or positive.
func (x Value) Sign() int {
	switch {
	case x.raw.isZero():
		return 0
	case x.f.signed() && x.raw.negative():
		return -1
	}
	return 1
}

// Cmp compares the values of x and y, whatever their formats: -1 if x < y, 0 if x == y,
// +1 if x > y.
func (x Value) Cmp(y Value) int {
	sx, sy := x.Sign(), y.Sign()
	if sx != sy || sx == 0 {
		return cmpInt(sx, sy)
	}
	_, mx := x.signMag()
	_, my := y.signMag()
	return sx * cmpScaled(mx, x.f.frac(), my, y.f.frac())
}

// Equal reports whether x and y have the same value (formats may differ).
func (x Value) Equal(y Value) bool { return x.Cmp(y) == 0 }

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// cmpScaled compares a × 2^-fa with b × 2^-fb without widening: with fa >= fb it compares
// floor(a / 2^(fa-fb)) with b, and on a draw the bits of a below the point decide.
func cmpScaled(a u128, fa int, b u128, fb int) int {
	if fa < fb {
		return -cmpScaled(b, fb, a, fa)
	}
	n := uint(min(fa-fb, 128))
	if c := a.rsh(n).cmp(b); c != 0 {
		return c
	}
	if a.lowNonZero(n) {
		return 1
	}
	return 0
}

// Min returns the smaller of x and y (x when they are equal), unchanged, in its own format.
func Min(x, y Value) Value {
	if y.Cmp(x) < 0 {
		return y
	}
	return x
}

// Max returns the larger of x and y (x when they are equal), unchanged, in its own format.
func Max(x, y Value) Value {
	if y.Cmp(x) > 0 {
		return y
	}
	return x
}
