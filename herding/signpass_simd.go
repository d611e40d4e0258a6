//go:build goexperiment.simd && amd64

package herding

import (
	"math/bits"
	"simd/archsimd"
	"unsafe"
)

// signPass is signPassPortable, eight fields at a time with AVX-512 (see signpass.go):
// the update, the sign test and |h| in vector registers; only the rare vector in which a
// state flipped goes to scalar code, and the last len(h) mod 8 fields to the portable pass.
func signPass(row fieldRow, zrow []int8, energy []float64, lo int, flips *unitFlips) {
	if !archsimd.X86.AVX512() {
		signPassPortable(row, zrow, energy, lo, flips)
		return
	}
	if n := passVectors(row, energy, zrow, lo, flips); n < len(row.h) {
		signPassPortable(row.from(n), zrow[n:], energy[n:], lo+n, flips)
	}
}

// energyPass is energyPassPortable, eight fields at a time with AVX-512.
func energyPass(row fieldRow, energy []float64) {
	if !archsimd.X86.AVX512() {
		energyPassPortable(row, energy)
		return
	}
	if n := passVectors(row, energy, nil, 0, nil); n < len(row.h) {
		energyPassPortable(row.from(n), energy[n:])
	}
}

// passVectors applies row's pending update and adds |h| to the energies for every whole
// vector of eight fields, and, unless zrow is nil, takes the signs into zrow and notes the
// flips (rows lo, lo+1, ...); it returns the number of fields done.
func passVectors(row fieldRow, energy []float64, zrow []int8, lo int, flips *unitFlips) int {
	h := row.h
	n := len(h) / 8 * 8
	zero, magnitude := archsimd.BroadcastFloat64x8(0), archsimd.BroadcastUint64x8(1<<63-1)
	scale, db := archsimd.BroadcastFloat64x8(row.scale), archsimd.BroadcastFloat64x8(row.db)
	for r := 0; r < n; r += 8 {
		hp := (*[8]float64)(h[r:])
		v := archsimd.LoadFloat64x8(hp)
		if row.a != nil {
			a := archsimd.LoadInt32x8((*[8]int32)(row.a[r:])).ConvertToFloat64()
			v = v.Add(a.Add(archsimd.LoadFloat64x8((*[8]float64)(row.dot[r:])).Mul(scale)).Add(db))
			v.Store(hp)
		}
		// -0 < 0 is false: ties go to +1, as in signNoBranch.
		if zrow != nil {
			if changed := v.Less(zero).ToBits() ^ negativeBits(zrow[r:]); changed != 0 {
				noteFlips(changed, zrow[r:r+8], lo+r, flips)
			}
		}
		ep := (*[8]float64)(energy[r:])
		archsimd.LoadFloat64x8(ep).Add(v.AsUint64x8().And(magnitude).AsFloat64x8()).Store(ep)
	}
	return n
}

// negativeBits returns bit j set where z[j] = -1, for the first eight states.
func negativeBits(z []int8) uint8 {
	_ = z[7]
	u := *(*uint64)(unsafe.Pointer(&z[0])) >> 7 & 0x0101_0101_0101_0101 // 1 in byte j where z[j] < 0 (little-endian)
	return uint8(u * 0x0102_0408_1020_4080 >> 56)
}

// noteFlips flips the states of zrow (rows lo, lo+1, ...) whose bits are set in changed,
// and notes them.
func noteFlips(changed uint8, zrow []int8, lo int, flips *unitFlips) {
	zrow = zrow[:8]
	for ; changed != 0; changed &= changed - 1 {
		j := bits.TrailingZeros8(changed)
		zrow[j] = -zrow[j]
		flips.note(lo+j, zrow[j])
	}
}
