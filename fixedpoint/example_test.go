package fixedpoint_test

import (
	"fmt"
	"os"

	"herdsim/fixedpoint"
)

// A multiply-accumulate stage: a sample times a coefficient is exact in full precision;
// only the Cast into the accumulator register loses bits, and says so.
func Example() {
	sampleFmt := fixedpoint.MustParseFormat("s16.15")
	coeffFmt := fixedpoint.MustParseFormat("s16.14")
	accFmt := fixedpoint.MustParseFormat("s24.12")

	x, st, _ := fixedpoint.ParseDecimal("0.7", sampleFmt, fixedpoint.RndConv, fixedpoint.Sat)
	fmt.Println("sample", x, x.Format(), st)
	c, st, _ := fixedpoint.ParseDecimal("-1.25", coeffFmt, fixedpoint.RndConv, fixedpoint.Sat)
	fmt.Println("coeff ", c, c.Format(), st)

	p := x.Mul(c) // exact
	fmt.Println("prod  ", p, p.Format())
	acc, st := p.Cast(accFmt, fixedpoint.Rnd, fixedpoint.Sat)
	fmt.Println("acc   ", acc, acc.Format(), st)
	// Output:
	// sample 0.70001220703125 s16.15 quantised
	// coeff  -1.25 s16.14 exact
	// prod   -0.8750152587890625 s32.29
	// acc    -0.875 s24.12 quantised
}

// Each quantisation mode on ties: 2.5 and -2.5 lie halfway between two integers, and 3.5
// shows RND_CONV going to the even neighbour.
func ExampleRound() {
	s8 := fixedpoint.MustParseFormat("s8.0")
	for r := fixedpoint.Trn; r <= fixedpoint.RndConv; r++ {
		fmt.Printf("%-11v", r)
		for _, x := range []string{"2.5", "-2.5", "3.5", "-3.5"} {
			v, _, _ := fixedpoint.ParseDecimal(x, s8, r, fixedpoint.Sat)
			fmt.Printf("  %4s → %2v", x, v)
		}
		fmt.Println()
	}
	// Output:
	// TRN           2.5 →  2  -2.5 → -3   3.5 →  3  -3.5 → -4
	// TRN_ZERO      2.5 →  2  -2.5 → -2   3.5 →  3  -3.5 → -3
	// RND           2.5 →  3  -2.5 → -2   3.5 →  4  -3.5 → -3
	// RND_ZERO      2.5 →  2  -2.5 → -2   3.5 →  3  -3.5 → -3
	// RND_MIN_INF   2.5 →  2  -2.5 → -3   3.5 →  3  -3.5 → -4
	// RND_INF       2.5 →  3  -2.5 → -3   3.5 →  4  -3.5 → -4
	// RND_CONV      2.5 →  2  -2.5 → -2   3.5 →  4  -3.5 → -4
}

// Each overflow mode on values beyond s8.0's range -128..127, and on -128 itself, which
// only SAT_SYM refuses.
func ExampleOverflow() {
	s8 := fixedpoint.MustParseFormat("s8.0")
	for o := fixedpoint.Wrap; o <= fixedpoint.SatSym; o++ {
		fmt.Printf("%-8v", o)
		for _, x := range []int64{200, -130, -128} {
			v, st := fixedpoint.NewInt64(x).Cast(s8, fixedpoint.Trn, o)
			fmt.Printf("  %4d → %4v (%v)", x, v, st)
		}
		fmt.Println()
	}
	// Output:
	// WRAP       200 →  -56 (overflowed)  -130 →  126 (overflowed)  -128 → -128 (exact)
	// SAT        200 →  127 (overflowed)  -130 → -128 (overflowed)  -128 → -128 (exact)
	// SAT_ZERO   200 →    0 (overflowed)  -130 →    0 (overflowed)  -128 → -128 (exact)
	// SAT_SYM    200 →  127 (overflowed)  -130 → -127 (overflowed)  -128 → -127 (overflowed)
}

func ExampleParseFormat() {
	for _, s := range []string{"s16.12", "u8.0", "s8.-2", "u4.6", "s0.3"} {
		f, err := fixedpoint.ParseFormat(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-6v %v .. %v\n", f, f.Min(), f.Max())
	}
	// Output:
	// s16.12 -8 .. 7.999755859375
	// u8.0   0 .. 255
	// s8.-2  -512 .. 508
	// u4.6   0 .. 0.234375
	// fixedpoint: word length 0 out of range 1..64 in "s0.3"
}

// 0.1 has no binary fraction: ParseDecimal rounds its exact value once, per the mode.
func ExampleParseDecimal() {
	f := fixedpoint.MustParseFormat("u8.8")
	for _, r := range []fixedpoint.Round{fixedpoint.Trn, fixedpoint.RndConv} {
		v, st, _ := fixedpoint.ParseDecimal("0.1", f, r, fixedpoint.Sat)
		raw, _ := v.RawInt64()
		fmt.Printf("%v: raw=%d value=%v %v\n", r, raw, v, st)
	}
	// Output:
	// TRN: raw=25 value=0.09765625 quantised
	// RND_CONV: raw=26 value=0.1015625 quantised
}

// Float64 is the one conversion that can be inexact, and it says so.
func ExampleValue_Float64() {
	tenth, _, _ := fixedpoint.ParseDecimal("0.1", fixedpoint.MustParseFormat("s64.63"), fixedpoint.RndConv, fixedpoint.Sat)
	fmt.Println(tenth)
	fmt.Println(tenth.Float64())
	quarter, _, _ := fixedpoint.ParseDecimal("0.25", fixedpoint.MustParseFormat("s8.4"), fixedpoint.Trn, fixedpoint.Sat)
	fmt.Println(quarter.Float64())
	// Output:
	// 0.100000000000000000021684043449710088680149056017398834228515625
	// 0.1 Above
	// 0.25 Exact
}

func ExampleRecorder() {
	var rec fixedpoint.Recorder
	reg := fixedpoint.MustParseFormat("s8.4") // -8 .. 7.9375
	for _, x := range []float64{0.3, -2.75, 9.5, 7.97} {
		v, _ := fixedpoint.NewFloat64(x)
		rec.Cast("gain", v, reg, fixedpoint.RndConv, fixedpoint.Sat)
	}
	rep := rec.Report()
	rep.WriteText(os.Stdout)
	rep.WriteJSON(os.Stdout)
	// Output:
	// SIGNAL  FORMAT  ROUND     OVERFLOW  COUNT  MIN    MAX  OVERFLOWS  QUANTISED  NARROWEST
	// gain    s8.4    RND_CONV  SAT       4      -2.75  9.5  2          2          s9.4
	// {
	//   "signals": [
	//     {
	//       "name": "gain",
	//       "format": "s8.4",
	//       "round": "RND_CONV",
	//       "overflow": "SAT",
	//       "count": 4,
	//       "min": -2.75,
	//       "max": 9.5,
	//       "overflow_count": 2,
	//       "quantisation_count": 2,
	//       "narrowest_format": "s9.4"
	//     }
	//   ]
	// }
}
