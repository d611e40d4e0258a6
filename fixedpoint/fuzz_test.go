package fixedpoint

import (
	"math/big"
	"strings"
	"testing"
)

// Fuzz targets. Their seed corpus runs with every `go test`; `go test -fuzz=FuzzCast`
// (etc.) explores further. Each maps arbitrary inputs onto valid operands and checks the
// package against the math/big oracle.

// fuzzFormat maps raw fuzz bytes onto a format of 1..maxWord bits and a fraction length
// within ±300 (far enough apart for every shift case, small enough to stay fast).
func fuzzFormat(signed bool, word uint8, frac int16, maxWord int) Format {
	return Format{Signed: signed, Word: 1 + int(word)%maxWord, Frac: int(frac) % 301}
}

// fuzzCode maps 128 raw bits onto a code of f: the low Word bits, sign-extended if signed.
func fuzzCode(hi, lo uint64, f Format) *big.Int {
	c := u128{hi, lo}.bigUnsigned()
	mod := new(big.Int).Lsh(big.NewInt(1), uint(f.Word))
	c.Mod(c, mod)
	if _, top := formatRange(f); f.Signed && c.Cmp(top) > 0 {
		c.Sub(c, mod)
	}
	return c
}

func FuzzCast(f *testing.F) {
	// hi, lo, source sign/word/frac, target sign/word/frac, round, overflow
	f.Add(uint64(0), uint64(5), true, uint8(7), int16(1), true, uint8(7), int16(0), uint8(2), uint8(1))        // 2.5 → s8.0 RND SAT
	f.Add(^uint64(0), ^uint64(4), true, uint8(7), int16(1), true, uint8(7), int16(0), uint8(6), uint8(0))      // -2.5 RND_CONV
	f.Add(uint64(0), uint64(1)<<63, true, uint8(127), int16(0), true, uint8(63), int16(0), uint8(0), uint8(3)) // 2^63 in s128 → s64 SAT_SYM
	f.Add(^uint64(0), uint64(0), true, uint8(127), int16(126), false, uint8(63), int16(64), uint8(4), uint8(2))
	f.Add(uint64(1)<<63, uint64(0), true, uint8(127), int16(-5), true, uint8(0), int16(200), uint8(5), uint8(0)) // -2^127
	f.Add(^uint64(0), ^uint64(0), false, uint8(127), int16(300), false, uint8(0), int16(-300), uint8(1), uint8(1))
	f.Add(uint64(0), uint64(0x80), true, uint8(7), int16(0), true, uint8(7), int16(0), uint8(0), uint8(3)) // -128 SAT_SYM
	f.Fuzz(func(t *testing.T, hi, lo uint64, ss bool, sw uint8, sf int16, ds bool, dw uint8, df int16, r, o uint8) {
		src := fuzzFormat(ss, sw, sf, MaxWideWord)
		v := valueOf(t, fuzzCode(hi, lo, src), src)
		requireCast(t, v, fuzzFormat(ds, dw, df, MaxWord), Round(r%uint8(numRound)), Overflow(o%uint8(numOverflow)))
	})
}

func FuzzArith(f *testing.F) {
	// codes, formats of x and y
	f.Add(int64(-128), true, uint8(7), int16(0), int64(-128), true, uint8(7), int16(0))
	f.Add(int64(-1), false, uint8(63), int16(64), int64(-1), false, uint8(63), int16(-3))
	f.Add(int64(1)<<62, true, uint8(63), int16(63), int64(-5), true, uint8(3), int16(-60))
	f.Add(int64(7), false, uint8(2), int16(200), int64(-1), true, uint8(0), int16(-200))
	f.Fuzz(func(t *testing.T, a int64, as bool, aw uint8, af int16, b int64, bs bool, bw uint8, bf int16) {
		fa, fb := fuzzFormat(as, aw, af, MaxWord), fuzzFormat(bs, bw, bf, MaxWord)
		x := valueOf(t, fuzzCode(0, uint64(a), fa), fa)
		y := valueOf(t, fuzzCode(0, uint64(b), fb), fb)
		rx, ry := x.Rat(), y.Rat()
		if SumFormat(fa, fb).Word <= MaxWideWord {
			requireExact(t, new(big.Rat).Add(rx, ry), SumFormat(fa, fb), x.Add(y), "Add")
			requireExact(t, new(big.Rat).Sub(rx, ry), DiffFormat(fa, fb), x.Sub(y), "Sub")
		} else {
			requirePanics(t, func() { x.Add(y) })
			requirePanics(t, func() { x.Sub(y) })
		}
		requireExact(t, new(big.Rat).Mul(rx, ry), ProductFormat(fa, fb), x.Mul(y), "Mul")
		requireExact(t, new(big.Rat).Neg(rx), NegFormat(fa), x.Neg(), "Neg")
		requireExact(t, new(big.Rat).Abs(rx), AbsFormat(fa), x.Abs(), "Abs")
		if got, want := x.Cmp(y), rx.Cmp(ry); got != want {
			t.Fatalf("%v.Cmp(%v) = %d, want %d", x, y, got, want)
		}
	})
}

func requirePanics(t *testing.T, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	f()
}

func FuzzParseDecimal(f *testing.F) {
	for _, s := range []string{"-3.140625", "1e-3", "0.1", "+.5", "5.", "12.5E+2", "-0", "1e400", "-1e-400", "abc", "1e", "", "0x10", "1/3", "340282366920938463463374607431768211457"} {
		f.Add(s, true, uint8(15), int16(12), uint8(6), uint8(1))
	}
	f.Fuzz(func(t *testing.T, s string, signed bool, word uint8, frac int16, r, o uint8) {
		fm := fuzzFormat(signed, word, frac, MaxWord)
		rd, ov := Round(r%uint8(numRound)), Overflow(o%uint8(numOverflow))
		v, st, err := ParseDecimal(s, fm, rd, ov)
		if err != nil {
			if !strings.Contains(err.Error(), "is not a decimal number") {
				t.Fatalf("ParseDecimal(%q): unexpected error %v", s, err)
			}
			return
		}
		// What the package accepts, math/big reads to the same exact value.
		x, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatalf("ParseDecimal accepted %q, which big.Rat rejects", s)
		}
		wantCode, wantSt := oracleCast(x, fm, rd, ov)
		if v.RawBig().Cmp(wantCode) != 0 || st != wantSt || v.Format() != fm {
			t.Fatalf("ParseDecimal(%q, %v, %v, %v) = %v %v, want %v %v", s, fm, rd, ov, v.RawBig(), st, wantCode, wantSt)
		}
	})
}

func FuzzParseFormat(f *testing.F) {
	for _, s := range []string{"s16.12", "u8.0", "s8.-2", "u4.6", "s0.3", "u65.0", "s16.03", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fm, err := ParseFormat(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fixedpoint: ") {
				t.Fatalf("ParseFormat(%q): error %q lacks the package prefix", s, err)
			}
			return
		}
		// One spelling per format: what parses prints back the same.
		if fm.String() != s || fm.Validate() != nil {
			t.Fatalf("ParseFormat(%q) = %v", s, fm)
		}
	})
}

// FuzzString checks that String is the exact value and that ParseDecimal reads it back.
func FuzzString(f *testing.F) {
	f.Add(int64(-12864), true, uint8(15), int16(12))
	f.Add(int64(5), false, uint8(3), int16(64))
	f.Add(int64(-1), true, uint8(63), int16(-300))
	f.Fuzz(func(t *testing.T, code int64, signed bool, word uint8, frac int16) {
		fm := fuzzFormat(signed, word, frac, MaxWord)
		v := valueOf(t, fuzzCode(0, uint64(code), fm), fm)
		s := v.String()
		x, ok := new(big.Rat).SetString(s)
		if !ok || x.Cmp(v.Rat()) != 0 {
			t.Fatalf("%v in %v prints as %q", v.Rat(), fm, s)
		}
		w, st, err := ParseDecimal(s, fm, Trn, Wrap)
		if err != nil || st != (Status{}) || w != v {
			t.Fatalf("ParseDecimal(%q, %v) = %v %v %v, want %v exact", s, fm, w, st, err, v)
		}
	})
}
