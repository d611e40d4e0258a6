package fixedpoint

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseFormat(t *testing.T) {
	for s, want := range map[string]Format{
		"s16.12":     {Signed: true, Word: 16, Frac: 12},
		"u8.0":       {Signed: false, Word: 8, Frac: 0},
		"s8.-2":      {Signed: true, Word: 8, Frac: -2},
		"u4.6":       {Signed: false, Word: 4, Frac: 6},
		"s1.0":       {Signed: true, Word: 1, Frac: 0},
		"u64.64":     {Signed: false, Word: 64, Frac: 64},
		"s64.-65536": {Signed: true, Word: 64, Frac: -65536},
	} {
		got, err := ParseFormat(s)
		require.NoError(t, err, s)
		assert.Equal(t, want, got, s)
		assert.Equal(t, s, got.String())
		assert.NoError(t, got.Validate())
		assert.Equal(t, got, MustParseFormat(s))
	}
}

func TestParseFormatErrors(t *testing.T) {
	for s, msg := range map[string]string{
		"s0.3":                      `fixedpoint: word length 0 out of range 1..64 in "s0.3"`,
		"u65.0":                     `fixedpoint: word length 65 out of range 1..64 in "u65.0"`,
		"s16.65537":                 `fixedpoint: fraction length 65537 out of range -65536..65536 in "s16.65537"`,
		"s16.-99999999999999999999": `fixedpoint: fraction length -99999999999999999999 out of range -65536..65536 in "s16.-99999999999999999999"`,
		"s99999999999999999999.1":   `fixedpoint: word length 99999999999999999999 out of range 1..64 in "s99999999999999999999.1"`,
	} {
		_, err := ParseFormat(s)
		assert.EqualError(t, err, msg, s)
	}
	for _, s := range []string{"", "s", "s16", "s16.", "x16.3", "S16.3", "s16.+3", "s 16.3", "s16.3 ", "s016.3", "s16.03", "s16.-0", "s16.3.1", "s-16.3", "u8.1e2", "s.3"} {
		_, err := ParseFormat(s)
		require.Error(t, err, s)
		assert.Contains(t, err.Error(), "malformed format", s)
	}
	assert.Panics(t, func() { MustParseFormat("s0.0") })
}

func TestNewFormat(t *testing.T) {
	f, err := NewFormat(true, 16, 12)
	require.NoError(t, err)
	assert.Equal(t, "s16.12", f.String())
	_, err = NewFormat(false, 0, 3)
	assert.EqualError(t, err, "fixedpoint: word length 0 out of range 1..64 in format u0.3")
	_, err = NewFormat(true, 8, -70000)
	assert.EqualError(t, err, "fixedpoint: fraction length -70000 out of range -65536..65536 in format s8.-70000")
}

func TestFormatRange(t *testing.T) {
	for s, want := range map[string][2]string{
		"s8.0":  {"-128", "127"},
		"u8.0":  {"0", "255"},
		"s8.-2": {"-512", "508"},
		"u4.6":  {"0", "0.234375"},
		"s1.0":  {"-1", "0"},
		"u1.0":  {"0", "1"},
		"s64.0": {"-9223372036854775808", "9223372036854775807"},
		"u64.0": {"0", "18446744073709551615"},
	} {
		f := MustParseFormat(s)
		assert.Equal(t, want[0], f.Min().String(), s)
		assert.Equal(t, want[1], f.Max().String(), s)
		assert.True(t, f.Contains(f.Min()))
		assert.True(t, f.Contains(f.Max()))
	}
	s8 := MustParseFormat("s8.0")
	assert.False(t, s8.Contains(NewInt64(128)))
	half, _ := NewFloat64(0.5)
	assert.False(t, s8.Contains(half))
	assert.True(t, s8.Contains(NewInt64(-7)))
	assert.Panics(t, func() { Format{Word: 65}.Max() })
}

func TestFormatsOfResults(t *testing.T) {
	f := MustParseFormat
	for _, c := range []struct{ got, want Format }{
		{SumFormat(f("s16.8"), f("s16.8")), f("s17.8")},
		{SumFormat(f("u8.0"), f("u8.0")), f("u9.0")},
		{SumFormat(f("s8.0"), f("u8.0")), f("s10.0")},
		{SumFormat(f("s16.8"), f("s16.4")), f("s21.8")},
		{SumFormat(f("s4.6"), f("s4.6")), f("s5.6")},
		{DiffFormat(f("u8.0"), f("u8.0")), f("s9.0")},
		{DiffFormat(f("s8.0"), f("u8.0")), f("s10.0")},
		{ProductFormat(f("s16.15"), f("s16.15")), f("s32.30")},
		{ProductFormat(f("u8.0"), f("s8.-2")), f("s16.-2")},
		{NegFormat(f("u8.0")), f("s9.0")},
		{AbsFormat(f("s8.3")), f("u8.3")},
	} {
		assert.Equal(t, c.want, c.got)
	}
}

func TestModeNames(t *testing.T) {
	for r := range numRound {
		got, err := ParseRound(r.String())
		require.NoError(t, err)
		assert.Equal(t, r, got)
	}
	for o := range numOverflow {
		got, err := ParseOverflow(o.String())
		require.NoError(t, err)
		assert.Equal(t, o, got)
	}
	assert.Equal(t, "RND_MIN_INF", RndMinInf.String())
	assert.Equal(t, "SAT_SYM", SatSym.String())
	assert.Equal(t, "Round(9)", Round(9).String())
	assert.Equal(t, "Overflow(9)", Overflow(9).String())
	// The canonical names only: files (Arch JSON) hold them; the CLI upper-cases flags.
	_, err := ParseRound("rnd")
	assert.EqualError(t, err, `fixedpoint: unknown quantisation mode "rnd": want one of TRN, TRN_ZERO, RND, RND_ZERO, RND_MIN_INF, RND_INF, RND_CONV`)
	_, err = ParseOverflow("SATURATE")
	assert.EqualError(t, err, `fixedpoint: unknown overflow mode "SATURATE": want one of WRAP, SAT, SAT_ZERO, SAT_SYM`)
	assert.Equal(t, "exact", Status{}.String())
	assert.Equal(t, "quantised+overflowed", Status{true, true}.String())
	assert.Equal(t, "overflowed", Status{Overflowed: true}.String())
	assert.Equal(t, "quantised", Status{Quantised: true}.String())
}

func TestCastPanics(t *testing.T) {
	v := NewInt64(3)
	assert.PanicsWithValue(t, "fixedpoint: Cast: fixedpoint: word length 65 out of range 1..64 in format s65.0",
		func() { v.Cast(Format{Signed: true, Word: 65}, Trn, Wrap) })
	assert.Panics(t, func() { v.Cast(MustParseFormat("s8.0"), Round(7), Wrap) })
	assert.Panics(t, func() { v.Cast(MustParseFormat("s8.0"), Trn, Overflow(4)) })
}

func TestWidePanics(t *testing.T) {
	a := MustParseFormat("s64.-10").Max()
	b := MustParseFormat("s64.63").Max()
	assert.PanicsWithValue(t, "fixedpoint: Add: the exact result needs s138.63, wider than 128 bits; Cast an operand to a narrower format first",
		func() { a.Add(b) })
	p := b.Mul(b)
	assert.Panics(t, func() { p.Mul(b) })
	assert.Panics(t, func() { p.Neg() })
	assert.NotPanics(t, func() { p.Abs() })
	assert.Panics(t, func() { b.Lsh(MaxWideFrac + 64) })
	assert.NotPanics(t, func() { b.Lsh(MaxWideFrac) })
	assert.Panics(t, func() { b.Rsh(math.MaxUint) })
	assert.Equal(t, "0", Value{}.Mul(p).String()) // u0.0 × s128 fits 128 bits
}

func TestZeroValue(t *testing.T) {
	var z Value
	assert.Equal(t, "u0.0", z.Format().String())
	assert.Equal(t, "0", z.String())
	assert.Equal(t, 0, z.Sign())
	assert.Equal(t, 0, z.Cmp(NewInt64(0)))
	assert.Equal(t, "s9.0", z.Add(NewInt64(0).mustCast(t, "s8.0")).Format().String())
	got, st := z.Cast(MustParseFormat("s4.2"), Trn, Wrap)
	assert.Equal(t, Status{}, st)
	assert.Equal(t, "0", got.String())
}

func (v Value) mustCast(t testing.TB, f string) Value {
	w, st := v.Cast(MustParseFormat(f), Trn, Wrap)
	require.Equal(t, Status{}, st)
	return w
}

func TestRawAccess(t *testing.T) {
	u64 := MustParseFormat("u64.0")
	v, err := FromRawUint64(math.MaxUint64, u64)
	require.NoError(t, err)
	_, ok := v.RawInt64()
	assert.False(t, ok)
	raw, ok := v.RawUint64()
	assert.True(t, ok)
	assert.Equal(t, uint64(math.MaxUint64), raw)

	s8 := MustParseFormat("s8.3")
	v, err = FromRaw(-128, s8)
	require.NoError(t, err)
	assert.Equal(t, "-16", v.String())
	r, ok := v.RawInt64()
	assert.True(t, ok)
	assert.Equal(t, int64(-128), r)
	_, ok = v.RawUint64()
	assert.False(t, ok)
	assert.Equal(t, big.NewInt(-128), v.RawBig())

	_, err = FromRaw(128, s8)
	assert.EqualError(t, err, "fixedpoint: raw code 128 out of range of s8.3")
	_, err = FromRaw(-1, MustParseFormat("u8.0"))
	assert.Error(t, err)
	_, err = FromRaw(0, Format{Word: 0})
	assert.Error(t, err)
	_, err = FromRawUint64(256, MustParseFormat("u8.0"))
	assert.Error(t, err)
	_, err = FromRawUint64(1<<63, MustParseFormat("s64.0"))
	assert.Error(t, err)
	_, err = FromRawUint64(0, Format{Word: 99})
	assert.Error(t, err)
}

func TestInt64(t *testing.T) {
	v, _, err := ParseDecimal("-2.5", MustParseFormat("s8.2"), Trn, Wrap)
	require.NoError(t, err)
	n, st := v.Int64(RndInf, Sat)
	assert.Equal(t, int64(-3), n)
	assert.Equal(t, Status{Quantised: true}, st)
	n, st = MustParseFormat("u64.-2").Max().Int64(Trn, Sat)
	assert.Equal(t, int64(math.MaxInt64), n)
	assert.Equal(t, Status{Overflowed: true}, st)
}

func TestNewFloat64(t *testing.T) {
	for x, want := range map[float64]string{
		0:                           "s1.0",
		0.75:                        "s3.2",
		-6:                          "s3.-1",
		1:                           "s2.0",
		-1:                          "s2.0",
		math.SmallestNonzeroFloat64: "s2.1074",
		math.MaxFloat64:             "s54.-971",
	} {
		v, err := NewFloat64(x)
		require.NoError(t, err)
		assert.Equal(t, want, v.Format().String(), "%v", x)
		back, acc := v.Float64()
		assert.Equal(t, x, back)
		assert.Equal(t, big.Exact, acc)
	}
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		_, err := NewFloat64(x)
		assert.Error(t, err)
	}
}

func TestFloat64Inexact(t *testing.T) {
	v, _, err := ParseDecimal("0.1", MustParseFormat("s64.63"), RndConv, Sat)
	require.NoError(t, err)
	x, acc := v.Float64()
	assert.Equal(t, 0.1, x)
	assert.Equal(t, big.Above, acc) // 0.1 as a float64 is a little above the s64.63 code
	huge := MustParseFormat("u64.-65536").Max()
	x, acc = huge.Float64()
	assert.True(t, math.IsInf(x, 1))
	assert.Equal(t, big.Above, acc)
	tiny, _ := FromRaw(-1, MustParseFormat("s8.65536"))
	x, acc = tiny.Float64()
	assert.True(t, x == 0 && math.Signbit(x))
	assert.Equal(t, big.Above, acc)
}
