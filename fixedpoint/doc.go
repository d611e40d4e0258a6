// Package fixedpoint is herdsim's bit-exact fixed-point arithmetic: the number formats,
// quantisation and overflow modes, and range logging that every register model of the
// datapath uses while hardware widths are explored.
//
// It follows the style of math/big: number types with explicit modes, methods that return
// new values, no global state (no default modes, no context), no hidden rounding. It knows
// nothing about herding, FPGAs or files: it does arithmetic, and writes reports only to
// the io.Writer it is given.
//
// # Formats and their notation
//
// A Format is a word of Word bits holding an integer code, two's complement when Signed,
// whose value is code × 2^-Frac. Its compact notation is s or u, the word length, a dot,
// the fraction length:
//
//	s16.12  signed, 16 bits, 12 after the point: -8 .. 8-2^-12 in steps of 2^-12
//	u8.0    unsigned 8-bit integers 0 .. 255
//	s8.-2   signed, multiples of 4: -512 .. 508
//	u4.6    unsigned, all below one: 0 .. 15/64 in steps of 1/64
//
// A format you declare (a user format) has a word length of 1..64 and a fraction length
// within ±65536 (MaxFrac); it is what ParseFormat and NewFormat accept and what Cast
// targets. ParseFormat accepts exactly the notation above and String prints it.
//
// # Values and exact arithmetic
//
// A Value is a code in a format. Add, Sub, Mul, Neg and Abs return the exact result in a
// format that holds every possible result (full precision), so nothing is ever rounded or
// wrapped behind your back:
//
//	x.Add(y)  fraction length max(Fa, Fb); integer part (Word-Frac) max(Ia, Ib) + 1,
//	          where an unsigned operand mixed with a signed one counts one bit more;
//	          signed if either is: s16.8 + s16.8 = s17.8, u8.0 + u8.0 = u9.0
//	x.Sub(y)  as Add, but always signed: u8.0 - u8.0 = s9.0
//	x.Mul(y)  words and fraction lengths add: s16.15 × s16.15 = s32.30
//	x.Neg()   signed, one bit wider: -(s8.0) = s9.0
//	x.Abs()   unsigned, same word: |s8.0| = u8.0
//	x.Lsh(n)  × 2^n: same code, Frac - n;  x.Rsh(n): × 2^-n: same code, Frac + n
//
// Cmp, Equal, Sign, Min and Max compare values exactly across formats. A register is
// modelled by a Cast of a result to the register's format with its two modes; that is the
// only place where bits are lost, and the returned Status says whether they were.
//
// Codes are kept in 128 bits, so exact results may be up to 128 bits wide (MaxWideWord):
// a product of two 64-bit words, a sum of two 127-bit ones. An operation whose exact
// result would need more panics with a message saying so; that takes operands that are
// themselves wide results, or binary points more than about 64 bits apart, and the fix is
// to Cast an operand first. Wide results can be cast, compared, printed and converted
// like any other value; only user formats can be declared and cast to.
//
// # Quantisation modes
//
// A Cast first quantises: with q = value × 2^Frac of the target format, it picks an
// integer code near q. The modes and what they do with the tie 2.5 and -2.5 (and, for
// RND_CONV, 3.5) cast to s8.0:
//
//	TRN          floor(q)                     2.5 → 2   -2.5 → -3
//	TRN_ZERO     toward zero                  2.5 → 2   -2.5 → -2
//	RND          nearest, tie toward +inf     2.5 → 3   -2.5 → -2
//	RND_ZERO     nearest, tie toward zero     2.5 → 2   -2.5 → -2
//	RND_MIN_INF  nearest, tie toward -inf     2.5 → 2   -2.5 → -3
//	RND_INF      nearest, tie away from zero  2.5 → 3   -2.5 → -3
//	RND_CONV     nearest, tie to even code    2.5 → 2   -2.5 → -2   3.5 → 4
//
// Away from ties the five RND modes agree (2.75 → 3, -2.75 → -3), TRN is the floor
// (-2.75 → -3) and TRN_ZERO drops the fraction (-2.75 → -2). Status.Quantised is set when
// q was not an integer, whatever the mode then did.
//
// # Overflow modes
//
// Then, if the quantised code is outside the target's range, the overflow mode replaces
// it and Status.Overflowed is set. Cast to s8.0 (range -128 .. 127):
//
//	WRAP      low Word bits, two's complement   200 → -56   -130 → 126   -128 → -128
//	SAT       clamp to [min, max]               200 → 127   -130 → -128  -128 → -128
//	SAT_ZERO  zero                              200 → 0     -130 → 0     -128 → -128
//	SAT_SYM   clamp to [-max, max]              200 → 127   -130 → -127  -128 → -127
//
// SAT_SYM never produces the most negative code of a signed format, not even when the
// value lands on it exactly; that case counts as an overflow. For unsigned formats SAT_SYM
// is SAT, and unsigned WRAP is modulo 2^Word.
//
// # Conversions
//
// NewInt64 and NewFloat64 make exact values (every finite float64 is a binary fraction);
// Cast then puts them in a format. ParseDecimal converts a decimal string such as
// "-3.140625", "1e-3" or "0.1" exactly: the value of the string is quantised with the
// given mode, so "0.1", which no binary fraction equals, is rounded once and correctly.
// Going back, String gives the exact decimal (every binary fraction has a finite one),
// Rat the exact rational, RawInt64/RawUint64/RawBig the code, and Int64 an integer cast
// with modes. Float64 is the one conversion that can be inexact, so it returns a
// big.Accuracy with the float64: exact for codes of at most 53 significant bits in the
// normal range, else rounded to nearest even.
//
// # Range logging
//
// A Recorder keeps, per named signal, the minimum and maximum of the exact values cast
// into it, the number of casts, overflows and quantisations, and the narrowest format
// with the signal's fraction length that would have held every value seen (see
// SignalReport.Narrowest). Its Report is sorted by name and written as a text table or as
// JSON with snake_case fields.
//
// # The same modes in other libraries
//
// Use this table to cross-check against other fixed-point libraries ("none": no such
// mode there). The same table is in this package's README.md.
//
//	herdsim      AMD ap_fixed    SystemC sc_fixed  APyTypes                      fxpmath
//	TRN          AP_TRN          SC_TRN            QuantizationMode.TRN          'floor'
//	TRN_ZERO     AP_TRN_ZERO     SC_TRN_ZERO       QuantizationMode.TRN_ZERO     'trunc', 'fix'
//	RND          AP_RND          SC_RND            QuantizationMode.RND          'nearest_posinf' (newer releases)
//	RND_ZERO     AP_RND_ZERO     SC_RND_ZERO       QuantizationMode.RND_ZERO     'nearest_zero' (newer releases)
//	RND_MIN_INF  AP_RND_MIN_INF  SC_RND_MIN_INF    QuantizationMode.RND_MIN_INF  'nearest_neginf' (newer releases)
//	RND_INF      AP_RND_INF      SC_RND_INF        QuantizationMode.RND_INF      'nearest_away' (newer releases)
//	RND_CONV     AP_RND_CONV     SC_RND_CONV       QuantizationMode.RND_CONV     'around'
//	WRAP         AP_WRAP         SC_WRAP           OverflowMode.WRAP             'wrap'
//	SAT          AP_SAT          SC_SAT            OverflowMode.SAT              'saturate'
//	SAT_ZERO     AP_SAT_ZERO     SC_SAT_ZERO       none                          none
//	SAT_SYM      AP_SAT_SYM      SC_SAT_SYM        none                          none
//
// ap_fixed and sc_fixed WRAP take a count of saturated bits N; herdsim's WRAP is N = 0.
// fxpmath's RND-family names arrived in its newer releases (older ones have none of
// them) and it computes through float64, so it can differ beyond 53 significant bits.
// Modes of those libraries with no counterpart here (APyTypes TRN_INF, TRN_AWAY,
// TRN_MAG, RND_CONV_ODD, jamming and stochastic modes, fxpmath 'ceil', SystemC SC_WRAP_SM)
// are left out.
package fixedpoint
