package fixedpoint

import (
	"fmt"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// MaxDecimalExp bounds the decimal exponent ParseDecimal accepts (after moving the
// decimal point to the end of the digits), so that a short string such as "1e999999999"
// cannot ask for a gigabyte-sized power of ten. 10^±100000 is far beyond every format.
const MaxDecimalExp = 100000

// ParseDecimal converts the decimal number s exactly into the user format f: it is the
// Cast of the exact rational value of s, with the same modes and Status. So "0.1", which no
// binary fraction equals, comes out rounded per r, and "-3.140625" into s16.12 is exact.
//
// s is an optional sign, digits with an optional decimal point (at least one digit), and an
// optional exponent: e or E, an optional sign, digits. Examples: "3", "-0.75", "+.5", "1e-3",
// "12.5E+2". Hex, fractions, underscores, spaces, "inf" and "nan" are rejected.
func ParseDecimal(s string, f Format, r Round, o Overflow) (Value, Status, error) {
	if err := f.Validate(); err != nil {
		return Value{}, Status{}, err
	}
	if r >= numRound || o >= numOverflow {
		return Value{}, Status{}, fmt.Errorf("fixedpoint: ParseDecimal: invalid mode %v, %v", r, o)
	}
	x, err := parseDecimalRat(s)
	if err != nil {
		return Value{}, Status{}, err
	}
	neg, t, inexact := quantiseRat(x, f.Frac, r)
	m, wide := u128FromBig(t)
	raw, ovf := fit(neg, m, 0, wide, f, o)
	return Value{raw: raw, f: pack(f)}, Status{Quantised: inexact, Overflowed: ovf}, nil
}

// parseDecimalRat checks the syntax of s and returns its exact value.
func parseDecimalRat(s string) (*big.Rat, error) {
	bad := func(why string) error { return fmt.Errorf("fixedpoint: %q is not a decimal number: %s", s, why) }
	body := s
	neg := false
	if body != "" && (body[0] == '+' || body[0] == '-') {
		neg = body[0] == '-'
		body = body[1:]
	}
	mant, expStr, hasExp := strings.Cut(strings.ToLower(body), "e")
	intPart, fracPart, _ := strings.Cut(mant, ".")
	digits := intPart + fracPart
	if !isDigits(digits) {
		return nil, bad("want digits with an optional decimal point, e.g. -3.25")
	}
	exp := 0
	if hasExp {
		if !isDigits(strings.TrimPrefix(strings.TrimPrefix(expStr, "+"), "-")) {
			return nil, bad("the exponent after e must be an integer, e.g. 1e-3")
		}
		e, err := strconv.Atoi(expStr)
		if err != nil || e < -2*MaxDecimalExp || e > 2*MaxDecimalExp {
			return nil, bad(fmt.Sprintf("exponent beyond ±%d", MaxDecimalExp))
		}
		exp = e
	}
	exp -= len(fracPart)
	if exp < -MaxDecimalExp || exp > MaxDecimalExp {
		return nil, bad(fmt.Sprintf("exponent beyond ±%d", MaxDecimalExp))
	}
	num, _ := new(big.Int).SetString(digits, 10)
	if neg {
		num.Neg(num)
	}
	pow := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(exp))), nil)
	if exp >= 0 {
		return new(big.Rat).SetInt(num.Mul(num, pow)), nil
	}
	return new(big.Rat).SetFrac(num, pow), nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// quantiseRat returns x × 2^frac quantised with r, as a sign and magnitude, and whether
// that lost a nonzero fraction. It is the arbitrary-precision twin of roundShift.
func quantiseRat(x *big.Rat, frac int, r Round) (neg bool, mag *big.Int, inexact bool) {
	num := new(big.Int).Abs(x.Num())
	den := new(big.Int).Set(x.Denom())
	if frac >= 0 {
		num.Lsh(num, uint(frac))
	} else {
		den.Lsh(den, uint(-frac))
	}
	mag, rem := new(big.Int).QuoRem(num, den, new(big.Int))
	if rem.Sign() == 0 {
		return x.Sign() < 0, mag, false
	}
	// The dropped fraction rem/den is at least 1/2 (half) and not exactly 1/2 (sticky).
	c := new(big.Int).Lsh(rem, 1).Cmp(den)
	if roundsUp(x.Sign() < 0, r, c >= 0, c != 0, mag.Bit(0) == 1) {
		mag.Add(mag, big.NewInt(1))
	}
	return x.Sign() < 0, mag, true
}

// String returns the exact value of v in decimal: every binary fraction has a finite
// decimal expansion. It has no exponent, no trailing zeros after the point and no point
// for integers: "-3.140625", "0.0001220703125", "256".
func (v Value) String() string {
	neg, m := v.signMag()
	sign := ""
	if neg {
		sign = "-"
	}
	frac := v.f.frac()
	if m.isZero() {
		return "0"
	}
	if frac <= 0 {
		z := m.bigUnsigned()
		return sign + z.Lsh(z, uint(-frac)).String()
	}
	if tz := trailingZeros(m); tz > 0 { // m / 2^frac in lowest terms
		n := min(tz, frac)
		m, frac = m.rsh(uint(n)), frac-n
		if frac == 0 {
			return sign + m.bigUnsigned().String()
		}
	}
	// m / 2^frac = m × 5^frac / 10^frac, so the digits of m × 5^frac with the point frac
	// places from the right; m is now odd, so the last digit is 5, never a trailing zero.
	d := m.bigUnsigned()
	d.Mul(d, new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(frac)), nil))
	digits := d.String()
	if len(digits) <= frac {
		digits = strings.Repeat("0", frac-len(digits)+1) + digits
	}
	point := len(digits) - frac
	return sign + digits[:point] + "." + digits[point:]
}

// trailingZeros counts the zero bits below the lowest set bit of a nonzero m (0 for 0).
func trailingZeros(m u128) int {
	switch {
	case m.lo != 0:
		return bits.TrailingZeros64(m.lo)
	case m.hi != 0:
		return 64 + bits.TrailingZeros64(m.hi)
	}
	return 0
}
