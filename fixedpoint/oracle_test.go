package fixedpoint

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
)

// The oracle restates the specification on math/big, as plainly as possible and with no
// code shared with the package: q = value × 2^Frac, pick floor(q) or floor(q)+1 by the
// mode's definition, then compare with the range and apply the overflow mode.

// oracleCast returns the code and status of casting the exact value x to f.
func oracleCast(x *big.Rat, f Format, r Round, o Overflow) (*big.Int, Status) {
	// q = num/den with den > 0; floor(q) by Euclidean division, and the dropped fraction
	// rem/den in [0, 1) compares with 1/2 as 2·rem with den.
	num, den := new(big.Int).Set(x.Num()), new(big.Int).Set(x.Denom())
	if f.Frac >= 0 {
		num.Lsh(num, uint(f.Frac))
	} else {
		den.Lsh(den, uint(-f.Frac))
	}
	floor, rem := new(big.Int).DivMod(num, den, new(big.Int))
	ceil := new(big.Int).Add(floor, big.NewInt(1))
	positive := num.Sign() > 0

	var st Status
	n := floor
	if rem.Sign() != 0 {
		st.Quantised = true
		switch r {
		case Trn:
			n = floor
		case TrnZero:
			n = pick(positive, floor, ceil)
		default:
			switch c := new(big.Int).Lsh(rem, 1).Cmp(den); {
			case c < 0:
				n = floor
			case c > 0:
				n = ceil
			default: // a tie
				switch r {
				case Rnd:
					n = ceil
				case RndZero:
					n = pick(positive, floor, ceil)
				case RndMinInf:
					n = floor
				case RndInf:
					n = pick(positive, ceil, floor)
				case RndConv:
					n = pick(floor.Bit(0) == 0, floor, ceil)
				}
			}
		}
	}

	lo, hi := formatRange(f)
	if o == SatSym && f.Signed {
		lo = new(big.Int).Neg(hi)
	}
	if n.Cmp(lo) >= 0 && n.Cmp(hi) <= 0 {
		return n, st
	}
	st.Overflowed = true
	switch o {
	case Wrap:
		mod := new(big.Int).Lsh(big.NewInt(1), uint(f.Word))
		w := new(big.Int).Mod(n, mod) // Euclidean: 0 <= w < 2^Word
		if f.Signed && w.Cmp(hi) > 0 {
			w.Sub(w, mod)
		}
		return w, st
	case Sat, SatSym:
		if n.Cmp(lo) < 0 {
			return lo, st
		}
		return hi, st
	}
	return new(big.Int), st // SatZero
}

func pick(cond bool, a, b *big.Int) *big.Int {
	if cond {
		return a
	}
	return b
}

// ratPow2 returns 2^e for any integer e.
func ratPow2(e int) *big.Rat {
	p := new(big.Int).Lsh(big.NewInt(1), uint(max(e, -e)))
	if e >= 0 {
		return new(big.Rat).SetInt(p)
	}
	return new(big.Rat).SetFrac(big.NewInt(1), p)
}

// formatRange returns the smallest and largest code of any format, wide ones included.
func formatRange(f Format) (lo, hi *big.Int) {
	if !f.Signed {
		hi = new(big.Int).Lsh(big.NewInt(1), uint(f.Word))
		return new(big.Int), hi.Sub(hi, big.NewInt(1))
	}
	half := new(big.Int).Lsh(big.NewInt(1), uint(f.Word-1))
	return new(big.Int).Neg(half), new(big.Int).Sub(half, big.NewInt(1))
}

// codeFits reports whether code is in the range of f.
func codeFits(code *big.Int, f Format) bool {
	lo, hi := formatRange(f)
	return code.Cmp(lo) >= 0 && code.Cmp(hi) <= 0
}

// valueOf builds the Value with the given code in any format, wide ones included, the way
// the package stores it (sign- or zero-extended to 128 bits).
func valueOf(t testing.TB, code *big.Int, f Format) Value {
	v, ok := storeCode(code, f)
	if !ok {
		t.Fatalf("code %v outside %v", code, f)
	}
	return v
}

// storeCode is valueOf without a test to fail; it is fast for codes of up to 62 bits, as
// the exhaustive tests call it millions of times.
func storeCode(code *big.Int, f Format) (Value, bool) {
	if f.Word <= 62 && code.IsInt64() {
		c := code.Int64()
		lo, hi := int64(0), int64(1)<<f.Word-1
		if f.Signed {
			lo, hi = -1<<(f.Word-1), 1<<(f.Word-1)-1
		}
		return Value{raw: u128FromInt64(c), f: pack(f)}, lo <= c && c <= hi
	}
	if !codeFits(code, f) {
		return Value{}, false
	}
	m, _ := u128FromBig(code)
	if code.Sign() < 0 {
		m = m.neg()
	}
	return Value{raw: m, f: pack(f)}, true
}

// ratOf is the exact value code × 2^-frac.
func ratOf(code *big.Int, frac int) *big.Rat {
	return new(big.Rat).Mul(new(big.Rat).SetInt(code), ratPow2(-frac))
}

// requireExact checks that v, the result of what, holds exactly want, in format f, with
// its code in range and stored in the canonical extension.
func requireExact(t testing.TB, want *big.Rat, f Format, v Value, what string) {
	t.Helper()
	if v.Format() != f || want.Cmp(v.Rat()) != 0 {
		t.Fatalf("%s = %v in %v, want %v in %v", what, v.Rat().RatString(), v.Format(), want.RatString(), f)
	}
	if code := v.RawBig(); !codeFits(code, f) || valueOf(t, code, f).raw != v.raw {
		t.Fatalf("%s: code %v stored as %#v is not canonical in %v", what, code, v.raw, f)
	}
}

// requireCast checks v.Cast(f, r, o) against the oracle.
func requireCast(t testing.TB, v Value, f Format, r Round, o Overflow) {
	t.Helper()
	wantCode, wantSt := oracleCast(v.Rat(), f, r, o)
	got, st := v.Cast(f, r, o)
	if got.RawBig().Cmp(wantCode) != 0 || st != wantSt || got.Format() != f || got.raw != valueOf(t, wantCode, f).raw {
		t.Fatalf("%v (code %v in %v).Cast(%v, %v, %v) = code %v %v, want %v %v",
			v, v.RawBig(), v.Format(), f, r, o, got.RawBig(), st, wantCode, wantSt)
	}
}

func TestOracleSelfCheck(t *testing.T) {
	// The oracle against the worked examples of the package documentation.
	s8 := Format{Signed: true, Word: 8}
	ties := map[Round][3]int64{ // 2.5, -2.5, 3.5
		Trn: {2, -3, 3}, TrnZero: {2, -2, 3}, Rnd: {3, -2, 4}, RndZero: {2, -2, 3},
		RndMinInf: {2, -3, 3}, RndInf: {3, -3, 4}, RndConv: {2, -2, 4},
	}
	for r, want := range ties {
		for i, x := range []*big.Rat{big.NewRat(5, 2), big.NewRat(-5, 2), big.NewRat(7, 2)} {
			got, st := oracleCast(x, s8, r, Sat)
			require.Equal(t, want[i], got.Int64(), "%v %v", r, x)
			require.Equal(t, Status{Quantised: true}, st)
		}
	}
	overflow := map[Overflow][3]int64{ // 200, -130, -128
		Wrap: {-56, 126, -128}, Sat: {127, -128, -128}, SatZero: {0, 0, -128}, SatSym: {127, -127, -127},
	}
	for o, want := range overflow {
		for i, x := range []int64{200, -130, -128} {
			got, st := oracleCast(big.NewRat(x, 1), s8, Trn, o)
			require.Equal(t, want[i], got.Int64(), "%v %v", o, x)
			require.Equal(t, x != -128 || o == SatSym, st.Overflowed)
		}
	}
}
