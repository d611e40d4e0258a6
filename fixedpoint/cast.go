package fixedpoint

// Cast returns v in the user format f: first quantised with r to a multiple of f's step
// 2^-f.Frac, then, if that code is outside f's range, handled with o. The Status tells
// whether bits were lost to quantisation and whether o had to act. Cast is exact: the
// result is the mode's answer for the exact value of v, whatever the widths involved.
//
// Cast panics if f is not a user format (Word 1..64, Frac within ±MaxFrac) or a mode is
// not one of the declared constants.
func (v Value) Cast(f Format, r Round, o Overflow) (Value, Status) {
	f.mustBeUser("fixedpoint: Cast")
	mustBeValid("Cast", r, o)
	neg, m := v.signMag()
	var st Status
	up := 0 // how far the code moves left to reach f's fraction length
	if d := v.f.frac() - f.Frac; d > 0 {
		m, st.Quantised = roundShift(neg, m, d, r)
	} else {
		up = -d
	}
	var raw u128
	raw, st.Overflowed = fit(neg, m, up, false, f, o)
	return Value{raw: raw, f: pack(f)}, st
}

// roundShift divides the magnitude m by 2^d (d >= 1), rounding per r for a number of sign
// neg, and reports whether the division was inexact.
func roundShift(neg bool, m u128, d int, r Round) (u128, bool) {
	n := uint(min(d, 129)) // every shift past 128 bits acts alike: all of m is fraction
	half := m.bit(n - 1)
	sticky := m.lowNonZero(n - 1)
	t := m.rsh(n)
	if !half && !sticky {
		return t, false
	}
	if roundsUp(neg, r, half, sticky, t.lo&1 == 1) {
		t = t.add(u128{lo: 1})
	}
	return t, true
}

// roundsUp decides, for an inexact quantisation, whether the magnitude goes up to the
// next code (away from zero) rather than staying truncated (toward zero). half is the
// first dropped bit (fraction >= 1/2), sticky whether any later dropped bit is set, odd
// whether the truncated magnitude is odd. Working on the magnitude makes the modes about
// zero (TRN_ZERO, RND_ZERO, RND_INF) direct and the ones about ±inf depend on the sign.
func roundsUp(neg bool, r Round, half, sticky, odd bool) bool {
	switch r {
	case Trn: // floor: negative numbers grow in magnitude
		return neg
	case TrnZero:
		return false
	}
	if !half { // below the midpoint: nearest is the truncated code
		return false
	}
	if sticky { // above the midpoint
		return true
	}
	switch r { // exactly on the midpoint
	case Rnd:
		return !neg
	case RndMinInf:
		return neg
	case RndInf:
		return true
	case RndConv:
		return odd
	}
	return false // RndZero
}

// limit is the largest magnitude a code of format f may have with sign neg under o.
func limit(neg bool, f Format, o Overflow) uint64 {
	if !f.Signed {
		if neg {
			return 0
		}
		return ^uint64(0) >> (64 - f.Word)
	}
	half := uint64(1) << (f.Word - 1)
	if neg && o != SatSym {
		return half
	}
	return half - 1
}

// fit turns the quantised sign and magnitude m × 2^up into a code of f, applying o when it
// is out of range. wide says the true magnitude exceeds 128 bits (m holds its low bits).
func fit(neg bool, m u128, up int, wide bool, f Format, o Overflow) (u128, bool) {
	lim := limit(neg, f, o)
	k := uint(min(up, 64)) // shifting a 64-bit limit by 64 or more leaves 0 either way
	if !wide && m.cmp(u128{lo: lim >> k}) <= 0 {
		return encode(neg, m.lo<<k, f), false
	}
	switch o {
	case Wrap:
		return wrap(neg, m.lo<<k, f), true
	case Sat, SatSym:
		return encode(neg, lim, f), true
	}
	return u128{}, true // SatZero
}

// encode returns the code for sign neg and magnitude mag, which fits f.
func encode(neg bool, mag uint64, f Format) u128 {
	if neg {
		mag = -mag
	}
	if f.Signed {
		return u128FromInt64(int64(mag))
	}
	return u128{lo: mag}
}

// wrap keeps the low f.Word bits of the two's complement of ±low, where low holds the
// low 64 bits of the magnitude: those are all the bits a 64-bit word depends on.
func wrap(neg bool, low uint64, f Format) u128 {
	if neg {
		low = -low
	}
	s := uint(64 - f.Word)
	if f.Signed {
		return u128FromInt64(int64(low<<s) >> s)
	}
	return u128{lo: low << s >> s}
}
