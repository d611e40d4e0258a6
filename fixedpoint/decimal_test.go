package fixedpoint

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseDecimal(t *testing.T) {
	for _, c := range []struct {
		in, format string
		r          Round
		o          Overflow
		raw, value string
		st         Status
	}{
		{"-3.140625", "s16.12", Trn, Wrap, "-12864", "-3.140625", Status{}},
		{"1e-3", "s16.12", Rnd, Sat, "4", "0.0009765625", Status{Quantised: true}},
		{"1E-3", "s16.12", Trn, Sat, "4", "0.0009765625", Status{Quantised: true}},
		{"0.1", "u8.8", RndConv, Sat, "26", "0.1015625", Status{Quantised: true}},
		{"0.1", "u8.8", Trn, Sat, "25", "0.09765625", Status{Quantised: true}},
		{"-0.1", "s8.8", Trn, Sat, "-26", "-0.1015625", Status{Quantised: true}},
		{"-0.1", "s8.8", TrnZero, Sat, "-25", "-0.09765625", Status{Quantised: true}},
		{"+.5", "s4.1", Trn, Wrap, "1", "0.5", Status{}},
		{"5.", "s4.0", Trn, Wrap, "5", "5", Status{}},
		{"12.5E+2", "u16.0", Trn, Wrap, "1250", "1250", Status{}},
		{"-0", "u1.0", Trn, Wrap, "0", "0", Status{}},
		{"-0.4", "u4.0", RndZero, Sat, "0", "0", Status{Quantised: true}},
		{"-0.6", "u4.0", RndZero, Sat, "0", "0", Status{Quantised: true, Overflowed: true}},
		{"1000", "s8.-2", Rnd, Wrap, "-6", "-24", Status{Overflowed: true}},
		{"1000", "s8.-2", Rnd, SatSym, "127", "508", Status{Overflowed: true}},
		{"-512", "s8.-2", Rnd, SatSym, "-127", "-508", Status{Overflowed: true}},
		{"1e400", "s64.0", Trn, Sat, "9223372036854775807", "9223372036854775807", Status{Overflowed: true}},
		{"1e400", "u64.0", Trn, Wrap, "0", "0", Status{Overflowed: true}},
		{"-1e-400", "s8.0", Trn, Wrap, "-1", "-1", Status{Quantised: true}},
		{"0.00390625", "u1.8", Trn, Wrap, "1", "0.00390625", Status{}},
		{"340282366920938463463374607431768211457", "u64.0", Trn, Wrap, "1", "1", Status{Overflowed: true}}, // 2^128 + 1
		{"-340282366920938463463374607431768211457", "s8.0", Trn, Wrap, "-1", "-1", Status{Overflowed: true}},
		{"-340282366920938463463374607431768211457", "s8.0", Trn, SatZero, "0", "0", Status{Overflowed: true}},
	} {
		v, st, err := ParseDecimal(c.in, MustParseFormat(c.format), c.r, c.o)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.raw, v.RawBig().String(), "%s %s %v %v", c.in, c.format, c.r, c.o)
		assert.Equal(t, c.value, v.String(), c.in)
		assert.Equal(t, c.st, st, "%s %s %v %v", c.in, c.format, c.r, c.o)
		// The oracle agrees.
		requireCast(t, v, v.Format(), c.r, c.o)
	}
}

func TestParseDecimalErrors(t *testing.T) {
	s16 := MustParseFormat("s16.8")
	for _, in := range []string{"", "-", "+", ".", "e3", "1e", "1e+", "1.2.3", "0x10", "1/3", "1_000", " 1", "1 ", "inf", "NaN", "--1", "1e3.5", "1e--3", "١"} {
		_, _, err := ParseDecimal(in, s16, Trn, Wrap)
		require.Error(t, err, "%q", in)
		assert.Contains(t, err.Error(), "is not a decimal number", in)
	}
	_, _, err := ParseDecimal("1e100001", s16, Trn, Wrap)
	assert.EqualError(t, err, `fixedpoint: "1e100001" is not a decimal number: exponent beyond ±100000`)
	_, _, err = ParseDecimal("1e99999999999999999999", s16, Trn, Wrap)
	assert.Error(t, err)
	_, _, err = ParseDecimal("0."+strings.Repeat("0", 100001)+"1", s16, Trn, Wrap)
	assert.Error(t, err)
	_, _, err = ParseDecimal("1", Format{Signed: true, Word: 0}, Trn, Wrap)
	assert.EqualError(t, err, "fixedpoint: word length 0 out of range 1..64 in format s0.0")
	_, _, err = ParseDecimal("1", s16, Round(42), Wrap)
	assert.Error(t, err)
	// An exponent that only looks large is fine once the point is moved.
	_, st, err := ParseDecimal("0.000000000000000000001e100005", MustParseFormat("s8.0"), Trn, Wrap)
	require.NoError(t, err)
	assert.Equal(t, Status{Overflowed: true}, st)
}

func TestString(t *testing.T) {
	for _, c := range []struct {
		raw    int64
		format string
		want   string
	}{
		{0, "s8.5", "0"},
		{1, "u8.1", "0.5"},
		{4, "u8.1", "2"},
		{-1, "s8.3", "-0.125"},
		{1, "u1.13", "0.0001220703125"},
		{3, "s8.-4", "48"},
		{-128, "s8.0", "-128"},
		{-12864, "s16.12", "-3.140625"},
		{5, "u4.64", "0.0000000000000000002710505431213761085018632002174854278564453125"},
	} {
		v, err := FromRaw(c.raw, MustParseFormat(c.format))
		require.NoError(t, err)
		assert.Equal(t, c.want, v.String())
	}
}
