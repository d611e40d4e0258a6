package fixedpoint

import (
	"math/big"
	"math/bits"
)

// u128 is a 128-bit word. A Value keeps its raw code in one as two's complement bits
// (sign-extended for signed formats, zero-extended for unsigned ones); the rounding and
// overflow code uses one as an unsigned magnitude. Go's shifts by a count of 64 or more
// give 0, which the shift helpers below rely on to stay branch-free.
type u128 struct{ hi, lo uint64 }

// u128FromInt64 sign-extends x.
func u128FromInt64(x int64) u128 { return u128{hi: uint64(x >> 63), lo: uint64(x)} }

func (a u128) add(b u128) u128 {
	lo, carry := bits.Add64(a.lo, b.lo, 0)
	hi, _ := bits.Add64(a.hi, b.hi, carry)
	return u128{hi, lo}
}

func (a u128) sub(b u128) u128 {
	lo, borrow := bits.Sub64(a.lo, b.lo, 0)
	hi, _ := bits.Sub64(a.hi, b.hi, borrow)
	return u128{hi, lo}
}

func (a u128) neg() u128 { return u128{}.sub(a) }

// mul returns a*b modulo 2^128, which is also the two's complement product of two
// sign-extended operands: exact whenever the true product fits in 128 bits.
func (a u128) mul(b u128) u128 {
	hi, lo := bits.Mul64(a.lo, b.lo)
	hi += a.hi*b.lo + a.lo*b.hi
	return u128{hi, lo}
}

// lsh shifts left by n; n >= 128 gives 0.
func (a u128) lsh(n uint) u128 {
	return u128{hi: a.hi<<n | a.lo<<(n-64) | a.lo>>(64-n), lo: a.lo << n}
}

// rsh shifts right logically by n; n >= 128 gives 0.
func (a u128) rsh(n uint) u128 {
	return u128{hi: a.hi >> n, lo: a.lo>>n | a.hi<<(64-n) | a.hi>>(n-64)}
}

func (a u128) isZero() bool { return a.hi|a.lo == 0 }

// negative reports whether a, read as two's complement, is below zero.
func (a u128) negative() bool { return int64(a.hi) < 0 }

// cmp compares a and b as unsigned numbers.
func (a u128) cmp(b u128) int {
	switch {
	case a.hi < b.hi:
		return -1
	case a.hi > b.hi:
		return 1
	case a.lo < b.lo:
		return -1
	case a.lo > b.lo:
		return 1
	}
	return 0
}

// bit returns bit i (0 for i >= 128).
func (a u128) bit(i uint) bool { return (a.lo>>i|a.hi>>(i-64))&1 == 1 }

// lowNonZero reports whether any of the bits 0..n-1 is set.
func (a u128) lowNonZero(n uint) bool {
	switch {
	case n == 0:
		return false
	case n < 64:
		return a.lo<<(64-n) != 0
	case n < 128:
		return a.lo != 0 || a.hi<<(128-n) != 0
	}
	return !a.isZero()
}

func (a u128) bitLen() int {
	if a.hi != 0 {
		return 64 + bits.Len64(a.hi)
	}
	return bits.Len64(a.lo)
}

// bigUnsigned returns a as an unsigned big.Int.
func (a u128) bigUnsigned() *big.Int {
	z := new(big.Int).SetUint64(a.hi)
	z.Lsh(z, 64)
	return z.Or(z, new(big.Int).SetUint64(a.lo))
}

// u128FromBig returns the low 128 bits of |x| and whether |x| needs more than 128 bits.
func u128FromBig(x *big.Int) (m u128, wide bool) {
	abs := new(big.Int).Abs(x)
	lo := new(big.Int).And(abs, new(big.Int).SetUint64(^uint64(0)))
	hi := new(big.Int).Rsh(abs, 64)
	wide = hi.BitLen() > 64
	hi.And(hi, new(big.Int).SetUint64(^uint64(0)))
	return u128{hi: hi.Uint64(), lo: lo.Uint64()}, wide
}
