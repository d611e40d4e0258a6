package fixedpoint

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
)

// Exhaustive tests: every code of small formats, every pair of codes, every mode, against
// the math/big oracle.

// smallFormats returns every format with the given word and fraction lengths, both signs.
func smallFormats(words, fracs []int) []Format {
	var fs []Format
	for _, signed := range []bool{true, false} {
		for _, w := range words {
			for _, fr := range fracs {
				fs = append(fs, Format{Signed: signed, Word: w, Frac: fr})
			}
		}
	}
	return fs
}

// allValues returns every value of a small format, in code order.
func allValues(t testing.TB, f Format) []Value {
	lo, hi := formatRange(f)
	var vs []Value
	for c := lo.Int64(); c <= hi.Int64(); c++ {
		vs = append(vs, valueOf(t, big.NewInt(c), f))
	}
	return vs
}

var allOverflows = []Overflow{Wrap, Sat, SatZero, SatSym}

func allRounds() []Round {
	rs := make([]Round, numRound)
	for i := range rs {
		rs[i] = Round(i)
	}
	return rs
}

// TestExhaustiveCast casts every code of every format of 1..5 bits (fraction lengths
// around and beyond the word) to every such format, with every pair of modes.
func TestExhaustiveCast(t *testing.T) {
	t.Parallel()
	formats := smallFormats([]int{1, 2, 3, 4, 5}, []int{-3, -1, 0, 1, 2, 4, 7})
	n := 0
	for _, src := range formats {
		for _, v := range allValues(t, src) {
			x := v.Rat()
			for _, dst := range formats {
				for _, r := range allRounds() {
					for _, o := range allOverflows {
						checkCastAgainst(t, v, x, dst, r, o)
						n++
					}
				}
			}
		}
	}
	t.Logf("exhaustive casts: %d", n)
}

// checkCastAgainst is requireCast with the exact value precomputed and no allocation on
// success beyond the oracle's.
func checkCastAgainst(t testing.TB, v Value, x *big.Rat, f Format, r Round, o Overflow) {
	wantCode, wantSt := oracleCast(x, f, r, o)
	got, st := v.Cast(f, r, o)
	want := valueOf(t, wantCode, f)
	if got != want || st != wantSt {
		t.Fatalf("%v (code %v in %v).Cast(%v, %v, %v) = code %v %v, want %v %v",
			v, v.RawBig(), v.Format(), f, r, o, got.RawBig(), st, wantCode, wantSt)
	}
}

// castMemo caches oracle answers by exact value: the results of the exhaustive arithmetic
// take few distinct values, while each is cast many times.
type castMemo struct {
	targets []Format
	answers map[[2]int64][]castWant // by code and fraction length
}

type castWant struct {
	v  Value
	st Status
}

// checkAll casts v to every target with every pair of modes and returns the count.
func (m *castMemo) checkAll(t testing.TB, v Value) int {
	code, ok := v.RawInt64()
	if !ok {
		t.Fatalf("%v: code does not fit int64", v)
	}
	key := [2]int64{code, int64(v.Format().Frac)}
	want := m.answers[key]
	if want == nil {
		for _, f := range m.targets {
			for _, r := range allRounds() {
				for _, o := range allOverflows {
					c, st := oracleCast(v.Rat(), f, r, o)
					want = append(want, castWant{valueOf(t, c, f), st})
				}
			}
		}
		m.answers[key] = want
	}
	i := 0
	for _, f := range m.targets {
		for r := range numRound {
			for _, o := range allOverflows {
				if got, st := v.Cast(f, r, o); got != want[i].v || st != want[i].st {
					t.Fatalf("%v in %v .Cast(%v, %v, %v) = %v %v, want %v %v", v, v.Format(), f, r, o, got, st, want[i].v, want[i].st)
				}
				i++
			}
		}
	}
	return i
}

// TestExhaustiveArith checks Add, Sub and Mul on every pair of codes of every pair of
// formats of 1..4 bits, exactly, then casts every result with every pair of modes to
// formats around it; and Neg, Abs, Cmp, Min, Max and Sign on the same values.
func TestExhaustiveArith(t *testing.T) {
	t.Parallel()
	formats := smallFormats([]int{1, 2, 3, 4}, []int{-1, 0, 2})
	targets := []Format{
		{Signed: true, Word: 1, Frac: 0}, {Signed: false, Word: 1, Frac: 1},
		{Signed: true, Word: 3, Frac: 0}, {Signed: false, Word: 3, Frac: 1},
		{Signed: true, Word: 4, Frac: -1}, {Signed: true, Word: 5, Frac: 3},
	}
	ops := []struct {
		name   string
		format func(a, b Format) Format
		apply  func(x, y Value) Value
		exact  func(x, y *big.Rat) *big.Rat
	}{
		{"Add", SumFormat, Value.Add, func(x, y *big.Rat) *big.Rat { return new(big.Rat).Add(x, y) }},
		{"Sub", DiffFormat, Value.Sub, func(x, y *big.Rat) *big.Rat { return new(big.Rat).Sub(x, y) }},
		{"Mul", ProductFormat, Value.Mul, func(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }},
	}
	memo := &castMemo{targets: targets, answers: map[[2]int64][]castWant{}}
	pairs, casts := 0, 0
	for _, fa := range formats {
		for _, fb := range formats {
			for _, x := range allValues(t, fa) {
				rx := x.Rat()
				for _, y := range allValues(t, fb) {
					ry := y.Rat()
					pairs++
					for _, op := range ops {
						z := op.apply(x, y)
						requireExact(t, op.exact(rx, ry), op.format(fa, fb), z, fmt.Sprintf("%v %s %v", x, op.name, y))
						casts += memo.checkAll(t, z)
					}
					checkCompare(t, x, y, rx.Cmp(ry))
				}
			}
		}
	}
	unary := 0
	for _, f := range formats {
		for _, x := range allValues(t, f) {
			rx := x.Rat()
			requireExact(t, new(big.Rat).Neg(rx), NegFormat(f), x.Neg(), "Neg")
			requireExact(t, new(big.Rat).Abs(rx), AbsFormat(f), x.Abs(), "Abs")
			require.Equal(t, rx.Sign(), x.Sign())
			requireExact(t, new(big.Rat).Mul(rx, big.NewRat(8, 1)), Format{f.Signed, f.Word, f.Frac - 3}, x.Lsh(3), "Lsh")
			requireExact(t, new(big.Rat).Mul(rx, big.NewRat(1, 4)), Format{f.Signed, f.Word, f.Frac + 2}, x.Rsh(2), "Rsh")
			unary++
		}
	}
	t.Logf("exhaustive arithmetic: %d code pairs × 3 ops, %d casts of the results (%d distinct results), %d unary values",
		pairs, casts, len(memo.answers), unary)
}

func checkCompare(t testing.TB, x, y Value, want int) {
	if got := x.Cmp(y); got != want {
		t.Fatalf("%v.Cmp(%v) = %d, want %d", x, y, got, want)
	}
	if x.Equal(y) != (want == 0) {
		t.Fatalf("%v.Equal(%v) wrong", x, y)
	}
	lo, hi := Min(x, y), Max(x, y)
	if want <= 0 && (lo != x || hi != pickValue(want == 0, x, y)) || want > 0 && (lo != y || hi != x) {
		t.Fatalf("Min/Max(%v, %v) = %v, %v", x, y, lo, hi)
	}
}

func pickValue(cond bool, a, b Value) Value {
	if cond {
		return a
	}
	return b
}
