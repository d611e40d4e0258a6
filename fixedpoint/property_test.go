package fixedpoint

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// Property tests on wide formats (up to 64-bit words, 128-bit results), with seeded random
// operands biased toward the edges where bugs live: extreme codes, ties, fraction lengths
// far apart, words of 1, 63 and 64 bits.

type gen struct{ r *rand.Rand }

func newGen(seed uint64) gen { return gen{rand.New(rand.NewPCG(seed, 0x5eed))} }

func (g gen) format() Format {
	w := []int{1, 2, 31, 32, 33, 63, 64, 1 + g.r.IntN(64)}[g.r.IntN(8)]
	fr := []int{0, w, w - 1, w + 5, -3, 1 + g.r.IntN(70), -g.r.IntN(70), g.r.IntN(200) - 100}[g.r.IntN(8)]
	return Format{Signed: g.r.IntN(2) == 0, Word: w, Frac: fr}
}

// code returns a random code of f, often an edge one.
func (g gen) code(f Format) *big.Int {
	lo, hi := formatRange(f)
	var c *big.Int
	switch g.r.IntN(8) {
	case 0:
		c = lo
	case 1:
		c = hi
	case 2:
		c = new(big.Int).Add(lo, big.NewInt(g.r.Int64N(3)))
	case 3:
		c = new(big.Int).Sub(hi, big.NewInt(g.r.Int64N(3)))
	case 4:
		c = big.NewInt(g.r.Int64N(5) - 2)
	}
	if c != nil && codeFits(c, f) {
		return c
	}
	// Uniform over the range: random bits, reduced.
	span := new(big.Int).Sub(hi, lo)
	span.Add(span, big.NewInt(1))
	b := new(big.Int).SetUint64(g.r.Uint64())
	b.Lsh(b, 64).Or(b, new(big.Int).SetUint64(g.r.Uint64()))
	return b.Mod(b, span).Add(b, lo)
}

func (g gen) value(t testing.TB) Value {
	f := g.format()
	return valueOf(t, g.code(f), f)
}

func (g gen) round() Round       { return Round(g.r.IntN(int(numRound))) }
func (g gen) overflow() Overflow { return Overflow(g.r.IntN(int(numOverflow))) }

// target returns a cast target near v's format, so that ties and overflows are common.
func (g gen) target(v Value) Format {
	if g.r.IntN(3) == 0 {
		return g.format()
	}
	w := min(64, max(1, v.Format().Word-g.r.IntN(8)))
	fr := v.Format().Frac - g.r.IntN(6)
	fr = max(-MaxFrac, min(MaxFrac, fr))
	return Format{Signed: g.r.IntN(2) == 0, Word: w, Frac: fr}
}

func TestPropertyArith(t *testing.T) {
	g := newGen(1)
	panics := 0
	for i := range 30000 {
		x, y := g.value(t), g.value(t)
		rx, ry := x.Rat(), y.Rat()
		what := fmt.Sprintf("#%d %v in %v, %v in %v", i, x, x.Format(), y, y.Format())
		if SumFormat(x.Format(), y.Format()).Word > MaxWideWord {
			require.Panics(t, func() { x.Add(y) }, what)
			require.Panics(t, func() { x.Sub(y) }, what)
			panics++
		} else {
			requireExact(t, new(big.Rat).Add(rx, ry), SumFormat(x.Format(), y.Format()), x.Add(y), what+" Add")
			requireExact(t, new(big.Rat).Sub(rx, ry), DiffFormat(x.Format(), y.Format()), x.Sub(y), what+" Sub")
		}
		p := x.Mul(y) // two user formats always give at most 128 bits
		requireExact(t, new(big.Rat).Mul(rx, ry), ProductFormat(x.Format(), y.Format()), p, what+" Mul")
		requireExact(t, new(big.Rat).Neg(rx), NegFormat(x.Format()), x.Neg(), what+" Neg")
		requireExact(t, new(big.Rat).Abs(rx), AbsFormat(x.Format()), x.Abs(), what+" Abs")
		require.Equal(t, rx.Cmp(ry), x.Cmp(y), what)
		require.Equal(t, rx.Sign(), x.Sign(), what)
		// Products are compared and negated in 128 bits too.
		require.Equal(t, p.Rat().Cmp(rx), p.Cmp(x), what)
		requireExact(t, new(big.Rat).Abs(p.Rat()), AbsFormat(p.Format()), p.Abs(), what+" |Mul|")
	}
	t.Logf("30000 random pairs, %d sums beyond 128 bits (panic as documented)", panics)
}

func TestPropertyCast(t *testing.T) {
	g := newGen(2)
	counts := map[Status]int{}
	for range 30000 {
		v := g.value(t)
		switch g.r.IntN(4) { // a quarter each: wide products, sums, differences
		case 0:
			v = v.Mul(g.value(t))
		case 1:
			if w := g.value(t); SumFormat(v.Format(), w.Format()).Word <= MaxWideWord {
				v = v.Add(w)
			}
		case 2:
			if w := g.value(t); DiffFormat(v.Format(), w.Format()).Word <= MaxWideWord {
				v = v.Sub(w)
			}
		}
		f, r, o := g.target(v), g.round(), g.overflow()
		requireCast(t, v, f, r, o)
		_, st := v.Cast(f, r, o)
		counts[st]++
	}
	t.Logf("30000 random casts: %v", counts)
	// Every outcome must be well represented, or the generator tests too little.
	for _, st := range []Status{{}, {Quantised: true}, {Overflowed: true}, {true, true}} {
		require.Greater(t, counts[st], 2000, "%v", st)
	}
}

// TestWideProducts checks the corners of 64 × 64-bit products, which need all 128 bits.
func TestWideProducts(t *testing.T) {
	s64 := Format{Signed: true, Word: 64, Frac: 63}
	u64 := Format{Signed: false, Word: 64, Frac: 64}
	corners := []Value{s64.Min(), s64.Max(), u64.Max(), valueOf(t, big.NewInt(-1), s64), valueOf(t, big.NewInt(1), u64)}
	targets := []Format{
		{Signed: true, Word: 64, Frac: 63}, {Signed: true, Word: 64, Frac: 0}, {Signed: false, Word: 64, Frac: 64},
		{Signed: true, Word: 16, Frac: 15}, {Signed: true, Word: 2, Frac: 0}, {Signed: false, Word: 1, Frac: 127},
		{Signed: true, Word: 64, Frac: 126}, {Signed: true, Word: 64, Frac: 200},
	}
	for _, x := range corners {
		for _, y := range corners {
			p := x.Mul(y)
			requireExact(t, new(big.Rat).Mul(x.Rat(), y.Rat()), ProductFormat(x.Format(), y.Format()), p, fmt.Sprintf("%v × %v", x, y))
			for _, f := range targets {
				for r := range numRound {
					for _, o := range allOverflows {
						requireCast(t, p, f, r, o)
					}
				}
			}
		}
	}
	// (-2^63)² = 2^126 and (2^64-1)² = 2^128 - 2^65 + 1 are the widest codes.
	require.Equal(t, "85070591730234615865843651857942052864", s64.Min().Mul(s64.Min()).RawBig().String())
	require.Equal(t, "340282366920938463426481119284349108225", u64.Max().Mul(u64.Max()).RawBig().String())
}

func TestPropertyConversions(t *testing.T) {
	g := newGen(3)
	for i := range 20000 {
		v := g.value(t)
		if i%3 == 0 {
			v = v.Mul(g.value(t))
		}
		what := fmt.Sprintf("%v in %v", v, v.Format())
		// String is the exact decimal: big.Rat reads it back to the same value.
		s := v.String()
		back, ok := new(big.Rat).SetString(s)
		require.True(t, ok, what)
		require.Zero(t, back.Cmp(v.Rat()), what)
		// ParseDecimal of it into a user format is exact when v is a user value (SAT_SYM
		// aside, which does not keep the most negative code).
		if v.Format().Validate() == nil {
			o := g.overflow()
			if o == SatSym {
				o = Sat
			}
			w, st, err := ParseDecimal(s, v.Format(), g.round(), o)
			require.NoError(t, err, what)
			require.Equal(t, Status{}, st, what)
			require.Equal(t, v, w, what)
		}
		// Float64 is correctly rounded (as strconv rounds the exact decimal), and says
		// on which side of v it lies.
		want, _ := strconv.ParseFloat(s, 64)
		got, acc := v.Float64()
		require.Equal(t, math.Float64bits(want), math.Float64bits(got), what)
		require.Equal(t, wantAccuracy(got, v.Rat()), acc, what)
	}
}

func TestPropertyFloat64RoundTrip(t *testing.T) {
	g := newGen(4)
	for range 20000 {
		x := math.Float64frombits(g.r.Uint64())
		if math.IsNaN(x) || math.IsInf(x, 0) {
			_, err := NewFloat64(x)
			require.Error(t, err)
			continue
		}
		v, err := NewFloat64(x)
		require.NoError(t, err)
		require.Zero(t, new(big.Rat).SetFloat64(x).Cmp(v.Rat()), "%v", x)
		back, acc := v.Float64()
		require.Equal(t, big.Exact, acc)
		require.Equal(t, x, back)
		require.LessOrEqual(t, v.Format().Word, 54)
	}
}

// wantAccuracy says where the float64 f lies relative to the exact x.
func wantAccuracy(f float64, x *big.Rat) big.Accuracy {
	var c int
	switch {
	case math.IsInf(f, 1):
		c = 1
	case math.IsInf(f, -1):
		c = -1
	default:
		c = new(big.Rat).SetFloat64(f).Cmp(x)
	}
	return big.Accuracy(c)
}
