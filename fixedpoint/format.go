package fixedpoint

import (
	"fmt"
	"strconv"
	"strings"
)

// Limits of formats. A user format (one you declare, the target of a Cast) has a word
// length of 1..MaxWord and a fraction length within ±MaxFrac. The exact results of Add,
// Sub, Mul, Neg, Abs, Lsh and Rsh may be wider: up to MaxWideWord bits and a fraction length
// within ±MaxWideFrac; an operation whose exact result would need more panics.
const (
	MaxWord     = 64
	MaxWideWord = 128
	MaxFrac     = 1 << 16
	MaxWideFrac = 1 << 20
)

// Format is a fixed-point format: a Word-bit integer code, two's complement if Signed,
// whose value is code × 2^-Frac. Frac may be negative (the step is then 2^-Frac > 1) or
// exceed Word (every value is then below one step of 2^(Word-Frac)).
//
// Its compact notation, parsed by ParseFormat and printed by String, is the letter s
// (signed) or u (unsigned), the word length, a dot and the fraction length: s16.12, u8.0,
// s8.-2, u4.6.
type Format struct {
	Signed bool
	Word   int
	Frac   int
}

// NewFormat returns the user format with the given signedness, word length and fraction
// length, or an error naming the field out of range.
func NewFormat(signed bool, word, frac int) (Format, error) {
	f := Format{Signed: signed, Word: word, Frac: frac}
	return f, f.Validate()
}

// MustParseFormat is ParseFormat for formats known to be right: it panics on an error.
func MustParseFormat(s string) Format {
	f, err := ParseFormat(s)
	if err != nil {
		panic(err)
	}
	return f
}

// ParseFormat parses the compact notation: 's' or 'u', the word length in decimal, '.',
// the fraction length in decimal with an optional '-'. Nothing else is accepted (no
// spaces, '+', upper case, leading zeros or "-0"), so every format has exactly one
// spelling, the one String prints.
func ParseFormat(s string) (Format, error) {
	malformed := fmt.Errorf("fixedpoint: malformed format %q: want s or u, word length, '.', fraction length (e.g. s16.12, u8.0, s8.-2)", s)
	if len(s) < 4 || (s[0] != 's' && s[0] != 'u') {
		return Format{}, malformed
	}
	word, frac, ok := strings.Cut(s[1:], ".")
	if !ok || !isCanonicalInt(word) || !isCanonicalInt(strings.TrimPrefix(frac, "-")) || frac == "-0" {
		return Format{}, malformed
	}
	// The digits are checked, so Atoi fails only on numbers too long for an int.
	w, err := strconv.Atoi(word)
	if err != nil {
		return Format{}, fmt.Errorf("fixedpoint: word length %s out of range 1..%d in %q", word, MaxWord, s)
	}
	fr, err := strconv.Atoi(frac)
	if err != nil {
		return Format{}, fmt.Errorf("fixedpoint: fraction length %s out of range %d..%d in %q", frac, -MaxFrac, MaxFrac, s)
	}
	f := Format{Signed: s[0] == 's', Word: w, Frac: fr}
	if err := f.check(); err != nil {
		return Format{}, fmt.Errorf("fixedpoint: %v in %q", err, s)
	}
	return f, nil
}

// isCanonicalInt accepts digits without leading zeros.
func isCanonicalInt(s string) bool {
	return isDigits(s) && (len(s) == 1 || s[0] != '0')
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Validate reports whether f is a user format: word length 1..MaxWord, fraction length
// within ±MaxFrac.
func (f Format) Validate() error {
	if err := f.check(); err != nil {
		return fmt.Errorf("fixedpoint: %v in format %v", err, f)
	}
	return nil
}

func (f Format) check() error {
	if f.Word < 1 || f.Word > MaxWord {
		return fmt.Errorf("word length %d out of range 1..%d", f.Word, MaxWord)
	}
	if f.Frac < -MaxFrac || f.Frac > MaxFrac {
		return fmt.Errorf("fraction length %d out of range %d..%d", f.Frac, -MaxFrac, MaxFrac)
	}
	return nil
}

// mustBeUser panics when a method that needs a user format gets another one: like an
// index out of range, it is a bug in the caller, not a condition to handle. The test
// inlines into the hot path; the message is built elsewhere.
func (f Format) mustBeUser(op string) {
	if f.Word < 1 || f.Word > MaxWord || f.Frac < -MaxFrac || f.Frac > MaxFrac {
		panicUser(op, f)
	}
}

func panicUser(op string, f Format) { panic(fmt.Sprintf("%s: %v", op, f.Validate())) }

// String returns the compact notation, e.g. s16.12.
func (f Format) String() string {
	sign := "u"
	if f.Signed {
		sign = "s"
	}
	return sign + strconv.Itoa(f.Word) + "." + strconv.Itoa(f.Frac)
}

// Min returns the most negative value of f (0 for unsigned formats); f must be a user format.
func (f Format) Min() Value {
	f.mustBeUser("fixedpoint: Format.Min")
	if !f.Signed {
		return Value{f: pack(f)}
	}
	return Value{raw: u128FromInt64(-1 << (f.Word - 1)), f: pack(f)}
}

// Max returns the most positive value of f; f must be a user format.
func (f Format) Max() Value {
	f.mustBeUser("fixedpoint: Format.Max")
	return Value{raw: u128{lo: limit(false, f, Sat)}, f: pack(f)}
}

// Contains reports whether f holds the value of v exactly, so that a Cast of v to f
// neither quantises nor overflows (SAT_SYM aside). f must be a user format.
func (f Format) Contains(v Value) bool {
	_, st := v.Cast(f, Trn, Wrap)
	return st == Status{}
}

// intBits is the number of bits left of the binary point, sign bit included; it is
// negative when Frac > Word.
func (f Format) intBits() int { return f.Word - f.Frac }

// SumFormat is the format of x.Add(y) for x in a and y in b, which holds every such sum.
// The fraction length is the larger one; the integer part (Word-Frac) is the larger one
// plus a carry bit, where an unsigned operand mixed with a signed one first gains a sign
// bit. Two s16.8 give s17.8, two u8.0 give
// u9.0, s8.0 and u8.0 give s10.0, s16.8 and s16.4 give s21.8.
func SumFormat(a, b Format) Format {
	ia, ib := a.intBits(), b.intBits()
	if b.Signed && !a.Signed {
		ia++
	}
	if a.Signed && !b.Signed {
		ib++
	}
	frac := max(a.Frac, b.Frac)
	return Format{Signed: a.Signed || b.Signed, Word: max(ia, ib) + 1 + frac, Frac: frac}
}

// DiffFormat is the format of x.Sub(y): SumFormat, always signed (u8.0 - u8.0 is s9.0).
func DiffFormat(a, b Format) Format {
	f := SumFormat(a, b)
	f.Signed = true
	return f
}

// ProductFormat is the format of x.Mul(y): word lengths and fraction lengths add up, and
// it is signed if either operand is. s16.15 × s16.15 is s32.30; u8.0 × u8.0 is u16.0.
func ProductFormat(a, b Format) Format {
	return Format{Signed: a.Signed || b.Signed, Word: a.Word + b.Word, Frac: a.Frac + b.Frac}
}

// NegFormat is the format of x.Neg(): signed and one bit wider (-(-128) is 128).
func NegFormat(a Format) Format { return Format{Signed: true, Word: a.Word + 1, Frac: a.Frac} }

// AbsFormat is the format of x.Abs(): unsigned with the same word (|-128| = 128 fits u8).
func AbsFormat(a Format) Format { return Format{Signed: false, Word: a.Word, Frac: a.Frac} }

// mustBeWide panics when an exact result would not fit the 128-bit representation. The
// test is kept small enough to inline into the hot path; the message is built elsewhere.
func (f Format) mustBeWide(op string) {
	if f.Word > MaxWideWord || f.Frac < -MaxWideFrac || f.Frac > MaxWideFrac {
		panicWide(op, f)
	}
}

func panicWide(op string, f Format) {
	if f.Word > MaxWideWord {
		panic(fmt.Sprintf("fixedpoint: %s: the exact result needs %v, wider than %d bits; Cast an operand to a narrower format first", op, f, MaxWideWord))
	}
	panic(fmt.Sprintf("fixedpoint: %s: the exact result needs %v, a fraction length beyond ±%d", op, f, MaxWideFrac))
}

// pfmt is a Format packed into one word: Frac in bits 0..31 (two's complement), Word in
// bits 32..39, Signed in bit 40. It keeps a Value at three machine words, which Go passes
// in registers: with the three-field Format inside, the hot operations ran several times
// slower, copying their operands through the stack. Only checked formats are packed
// (words up to 128, fraction lengths within ±MaxWideFrac), so nothing is lost.
type pfmt uint64

const pfmtSigned = 1 << 40

func pack(f Format) pfmt {
	p := pfmt(uint32(int32(f.Frac))) | pfmt(f.Word)<<32
	if f.Signed {
		p |= pfmtSigned
	}
	return p
}

func (p pfmt) frac() int      { return int(int32(uint32(p))) }
func (p pfmt) word() int      { return int(uint8(p >> 32)) }
func (p pfmt) signed() bool   { return p&pfmtSigned != 0 }
func (p pfmt) unpack() Format { return Format{Signed: p.signed(), Word: p.word(), Frac: p.frac()} }
