//go:build goexperiment.simd && amd64

package herding

import (
	"math/bits"
	"simd/archsimd"
	"unsafe"
)

// signPass is signPassPortable, sixteen fields at a time with AVX-512 (see signpass.go):
// the update, the sign test and |h| in vector registers; only the rare vector in which a
// state flipped goes to scalar code, and the last len(h) mod 16 fields to the portable pass.
func signPass(row fieldRow32, zrow []int8, energy []int64, lo int, flips *unitFlips) {
	if !useAVX512 {
		signPassPortable(row, zrow, energy, lo, flips)
		return
	}
	if n := signVectors(row, zrow, energy, lo, flips); n < len(row.h) {
		signPassPortable(row.from(n), zrow[n:], energy[n:], lo+n, flips)
	}
}

// signVectors is signPass on every whole vector of sixteen fields; it returns the number
// of fields done.
func signVectors(row fieldRow32, zrow []int8, energy []int64, lo int, flips *unitFlips) int {
	n := len(row.h) / 16 * 16
	zrow, energy = zrow[:n], energy[:n]
	zero, db := archsimd.BroadcastInt32x16(0), archsimd.BroadcastInt32x16(row.db)
	for r := 0; r < n; r += 16 {
		v := updatedFields(row, r, db)
		if changed := v.Less(zero).ToBits() ^ negativeBits16(zrow[r:]); changed != 0 {
			noteFlips(changed, zrow[r:r+16], lo+r, flips)
		}
		addMagnitudes(energy[r:], v)
	}
	return n
}

// energyPass is energyPassPortable, sixteen fields at a time with AVX-512.
func energyPass(row fieldRow32, energy []int64) {
	if !useAVX512 {
		energyPassPortable(row, energy)
		return
	}
	if n := energyVectors(row, energy); n < len(row.h) {
		energyPassPortable(row.from(n), energy[n:])
	}
}

// energyVectors applies row's pending update and adds |h| to the energies for every whole
// vector of sixteen fields; it returns the number of fields done.
func energyVectors(row fieldRow32, energy []int64) int {
	n := len(row.h) / 16 * 16
	energy = energy[:n]
	db := archsimd.BroadcastInt32x16(row.db)
	for r := 0; r < n; r += 16 {
		addMagnitudes(energy[r:], updatedFields(row, r, db))
	}
	return n
}

// updatedFields returns the sixteen fields of row from r on, with the pending update (if
// any) applied and stored.
func updatedFields(row fieldRow32, r int, db archsimd.Int32x16) archsimd.Int32x16 {
	hp := (*[16]int32)(row.h[r:])
	v := archsimd.LoadInt32x16(hp)
	if row.a != nil {
		v = v.Add(archsimd.LoadInt32x16((*[16]int32)(row.a[r:])).Add(archsimd.LoadInt32x16((*[16]int32)(row.nd[r:]))).Add(db))
		v.Store(hp)
	}
	return v
}

// addMagnitudes adds |v| to the sixteen energies from energy[0] on.
func addMagnitudes(energy []int64, v archsimd.Int32x16) {
	abs := v.Abs() // |h| < 2^31: no field is -2^31
	e0, e1 := (*[8]int64)(energy[0:]), (*[8]int64)(energy[8:])
	archsimd.LoadInt64x8(e0).Add(abs.GetLo().ExtendToInt64()).Store(e0)
	archsimd.LoadInt64x8(e1).Add(abs.GetHi().ExtendToInt64()).Store(e1)
}

// negativeBits16 returns bit j set where z[j] = -1, for the first sixteen states.
func negativeBits16(z []int8) uint16 {
	_ = z[15]
	const lsb, gather = 0x0101_0101_0101_0101, 0x0102_0408_1020_4080
	lo := *(*uint64)(unsafe.Pointer(&z[0])) >> 7 & lsb // 1 in byte j where z[j] < 0 (little-endian)
	hi := *(*uint64)(unsafe.Pointer(&z[8])) >> 7 & lsb
	return uint16(lo*gather>>56) | uint16(hi*gather>>56)<<8
}

// noteFlips flips the states of zrow (rows lo, lo+1, ...) whose bits are set in changed,
// and notes them.
func noteFlips(changed uint16, zrow []int8, lo int, flips *unitFlips) {
	zrow = zrow[:16]
	for ; changed != 0; changed &= changed - 1 {
		j := bits.TrailingZeros16(changed)
		zrow[j] = -zrow[j]
		flips.note(lo+j, zrow[j])
	}
}
