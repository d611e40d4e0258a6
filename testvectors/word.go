package testvectors

import (
	"fmt"
	"math/bits"
	"strings"
)

// Word is one $readmemh word of any width: little-endian 64-bit limbs (limb 0 holds bits
// 0..63, limb 1 bits 64..127, ...), ceil(width/64) of them, no bit set at or above the
// width. A visible vector of USPS (D = 256) is 4 limbs; a weight or a cycle count is 1.
type Word []uint64

// Digits is the number of hex digits of a word of width bits: ceil(width/4).
func Digits(width int) int { return (width + 3) / 4 }

func limbs(width int) int { return (width + 63) / 64 }

// SignsWord packs a +-1 vector into a word of len(s) bits: bit j is set when s[j] = +1.
// It panics on a value other than +-1 (callers check first).
func SignsWord(s []int8) Word {
	w := make(Word, limbs(len(s)))
	for j, v := range s {
		switch v {
		case 1:
			w[j/64] |= 1 << (j % 64)
		case -1:
		default:
			panic(fmt.Sprintf("testvectors: sign %d at index %d is not +-1", v, j))
		}
	}
	return w
}

// Signs unpacks the n low bits of w as a +-1 vector: +1 where the bit is set.
func (w Word) Signs(n int) []int8 {
	s := make([]int8, n)
	for j := range s {
		s[j] = -1
		if w.Bit(j) {
			s[j] = 1
		}
	}
	return s
}

// Bit reports whether bit j of w is set.
func (w Word) Bit(j int) bool { return j/64 < len(w) && w[j/64]>>(j%64)&1 == 1 }

// IntWord is v in two's complement, masked to width bits (1..64).
func IntWord(v int64, width int) Word { return Word{uint64(v) & mask(width)} }

// Int reads a word of width bits (1..64) as a two's complement integer.
func (w Word) Int(width int) int64 {
	shift := uint(64 - width)
	return int64(w[0]<<shift) >> shift
}

// Uint is the low 64 bits of w.
func (w Word) Uint() uint64 { return w[0] }

// FitsSigned reports whether v is in the two's complement range of width bits.
func FitsSigned(v int64, width int) bool {
	if width >= 64 {
		return true
	}
	return v >= -(1<<(width-1)) && v < 1<<(width-1)
}

func mask(width int) uint64 {
	if width >= 64 {
		return ^uint64(0)
	}
	return 1<<width - 1
}

// Hex is the word as $readmemh text: exactly Digits(width) lower-case digits, zero-padded.
func (w Word) Hex(width int) string {
	var b strings.Builder
	b.Grow(Digits(width))
	for i := Digits(width) - 1; i >= 0; i-- {
		nibble := w.nibble(i)
		b.WriteByte("0123456789abcdef"[nibble])
	}
	return b.String()
}

func (w Word) nibble(i int) uint64 {
	if i/16 >= len(w) {
		return 0
	}
	return w[i/16] >> (4 * (i % 16)) & 0xf
}

// ParseHex reads one word of width bits: exactly Digits(width) lower-case hex digits with
// no bit set at or above the width. Errors quote the text (at most quoteMax bytes of it,
// escaped: a binary file's line must not flood the message).
func ParseHex(s string, width int) (Word, error) {
	if len(s) != Digits(width) {
		return nil, fmt.Errorf("%s has %d digits, want %d (width %d)", quoteShort(s), len(s), Digits(width), width)
	}
	w := make(Word, limbs(width))
	for k := 0; k < len(s); k++ {
		v, ok := hexValue(s[k])
		if !ok {
			return nil, fmt.Errorf("%s is not hexadecimal (lower-case digits 0-9a-f)", quoteShort(s))
		}
		i := len(s) - 1 - k // nibble index from the least significant
		w[i/16] |= v << (4 * (i % 16))
	}
	if top := w[len(w)-1]; width%64 != 0 && top>>(width%64) != 0 {
		return nil, fmt.Errorf("%s sets bits above the %d-bit width", quoteShort(s), width)
	}
	return w, nil
}

func hexValue(c byte) (uint64, bool) {
	switch {
	case '0' <= c && c <= '9':
		return uint64(c - '0'), true
	case 'a' <= c && c <= 'f':
		return uint64(c-'a') + 10, true
	}
	return 0, false
}

// FirstDiff is the lowest bit index at which a and b differ, or -1 when they are equal.
func FirstDiff(a, b Word) int {
	for i := 0; i < max(len(a), len(b)); i++ {
		if x := limb(a, i) ^ limb(b, i); x != 0 {
			return 64*i + bits.TrailingZeros64(x)
		}
	}
	return -1
}

func limb(w Word, i int) uint64 {
	if i < len(w) {
		return w[i]
	}
	return 0
}

// quoteMax is the most bytes of a malformed word an error quotes.
const quoteMax = 24

// quoteShort quotes s with Go escapes, cut to quoteMax bytes ("..." and the length after).
func quoteShort(s string) string {
	if len(s) <= quoteMax {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%q... (%d bytes)", s[:quoteMax], len(s))
}
