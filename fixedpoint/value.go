package fixedpoint

import (
	"fmt"
	"math"
	"math/big"
)

// Value is an exact fixed-point number: an integer code in a Format, worth
// code × 2^-Frac. It is a small value type (no pointers), copied freely; operations return
// new Values and never change their receiver.
//
// The code is kept in 128 bits, which is why the exact results of arithmetic can be up to
// MaxWideWord bits wide (a product of two 64-bit words, a sum of two 127-bit ones). The
// zero Value is the number 0 in the format u0.0, whose only value is 0.
type Value struct {
	raw u128 // two's complement, sign- or zero-extended per the format's signedness
	f   pfmt
}

// Format returns the format of v.
func (v Value) Format() Format { return v.f.unpack() }

// FromRaw returns the value with the integer code raw in the user format f, or an error if
// f is not a user format or raw is outside its range.
func FromRaw(raw int64, f Format) (Value, error) {
	if err := f.Validate(); err != nil {
		return Value{}, err
	}
	v := Value{raw: u128FromInt64(raw), f: pack(f)}
	if !rawInRange(v) {
		return Value{}, fmt.Errorf("fixedpoint: raw code %d out of range of %v", raw, f)
	}
	return v, nil
}

// FromRawUint64 is FromRaw for codes of unsigned 64-bit formats, which int64 cannot hold.
func FromRawUint64(raw uint64, f Format) (Value, error) {
	if err := f.Validate(); err != nil {
		return Value{}, err
	}
	v := Value{raw: u128{lo: raw}, f: pack(f)}
	if !rawInRange(v) {
		return Value{}, fmt.Errorf("fixedpoint: raw code %d out of range of %v", raw, f)
	}
	return v, nil
}

// rawInRange reports whether the 128-bit code of v lies within its (user) format.
func rawInRange(v Value) bool {
	neg, m := v.signMag()
	return m.hi == 0 && m.lo <= limit(neg, v.Format(), Sat) && (v.f.signed() || !neg)
}

// NewInt64 returns x exactly, in the format s64.0.
func NewInt64(x int64) Value {
	return Value{raw: u128FromInt64(x), f: pack(Format{Signed: true, Word: 64, Frac: 0})}
}

// NewFloat64 returns x exactly. Every finite float64 is m × 2^e with an odd integer m of
// at most 53 bits (or zero); the format is the narrowest signed one holding it:
// s(bits(|m|)+1).(-e), and s1.0 for zero. So 0.75 is s3.2 with code 3, and -6 is s3.-1
// with code -3. NaN and ±Inf return an error.
func NewFloat64(x float64) (Value, error) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return Value{}, fmt.Errorf("fixedpoint: %v has no fixed-point value", x)
	}
	if x == 0 {
		return Value{f: pack(Format{Signed: true, Word: 1})}, nil
	}
	frac, exp := math.Frexp(x) // x = frac × 2^exp, 0.5 <= |frac| < 1
	m := int64(math.Ldexp(frac, 53))
	e := exp - 53
	for m&1 == 0 {
		m >>= 1
		e++
	}
	raw := u128FromInt64(m)
	return Value{raw: raw, f: pack(Format{Signed: true, Word: raw.magBits(m < 0) + 1, Frac: -e})}, nil
}

// magBits is the bit length of |x| for the two's complement x.
func (a u128) magBits(neg bool) int {
	if neg {
		return a.neg().bitLen()
	}
	return a.bitLen()
}

// signMag splits the code of v into its sign and magnitude. The magnitude of the most
// negative s128 code, 2^127, fits the unsigned 128 bits.
func (v Value) signMag() (neg bool, mag u128) {
	if v.f.signed() && v.raw.negative() {
		return true, v.raw.neg()
	}
	return false, v.raw
}

// RawInt64 returns the integer code of v and whether it fits an int64.
func (v Value) RawInt64() (int64, bool) {
	lo := int64(v.raw.lo)
	if v.f.signed() {
		return lo, v.raw.hi == uint64(lo>>63)
	}
	return lo, v.raw.hi == 0 && lo >= 0
}

// RawUint64 returns the integer code of v and whether it fits a uint64 (it does not when
// negative).
func (v Value) RawUint64() (uint64, bool) {
	return v.raw.lo, v.raw.hi == 0
}

// RawBig returns the integer code of v, whatever its width.
func (v Value) RawBig() *big.Int {
	neg, m := v.signMag()
	z := m.bigUnsigned()
	if neg {
		z.Neg(z)
	}
	return z
}

// Rat returns the exact value of v.
func (v Value) Rat() *big.Rat {
	num := v.RawBig()
	if v.f.frac() <= 0 {
		return new(big.Rat).SetInt(num.Lsh(num, uint(-v.f.frac())))
	}
	den := new(big.Int).Lsh(big.NewInt(1), uint(v.f.frac()))
	return new(big.Rat).SetFrac(num, den)
}

// Float64 returns the float64 nearest to v (ties to even, as IEEE 754 does), and whether
// that is exact: big.Exact, or big.Below / big.Above when the float64 is smaller / larger
// than v. It is exact whenever the code has at most 53 significant bits and the value is
// within float64's normal range; beyond ±MaxFloat64 it returns ±Inf.
func (v Value) Float64() (float64, big.Accuracy) {
	neg, m := v.signMag()
	// Fast path: a code of at most 53 bits scaled within the normal range is exact.
	if m.hi == 0 && m.lo <= 1<<53 && v.f.frac() >= -970 && v.f.frac() <= 1022 {
		x := math.Ldexp(float64(m.lo), -v.f.frac())
		if neg {
			x = -x
		}
		return x, big.Exact
	}
	f := new(big.Float).SetInt(v.RawBig())
	f.SetMantExp(f, -v.f.frac())
	return f.Float64()
}

// Int64 returns v as an integer, quantised with r and, beyond the int64 range, handled
// with o: it is v.Cast(s64.0, r, o).
func (v Value) Int64(r Round, o Overflow) (int64, Status) {
	w, st := v.Cast(Format{Signed: true, Word: 64}, r, o)
	return int64(w.raw.lo), st
}
