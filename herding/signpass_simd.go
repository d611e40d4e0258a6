//go:build goexperiment.simd && amd64

package herding

import (
	"math/bits"
	"simd/archsimd"
	"unsafe"
)

// Legacy SSE after 512-bit code. Go compiles scalar float64 arithmetic, and copies of
// structs of more than four words, to legacy (non-VEX) SSE instructions. After AVX-512 code
// the vector registers' upper halves are in use, and on the 2-core Intel Xeon this project
// measures on each such instruction then costs many times the work around it: the sign
// pass, whose inlined helper copied the row's struct in its loop, took 10.7 CPU ms an
// iteration at K = 1000 (USPS digit 3, mode H) instead of 1.9, three times the portable
// pass. So the vector loops take slices, never a struct of more than four words, and
// every AVX-512 kernel here and in flips_simd.go and rows_simd.go ends with
// archsimd.ClearAVXUpperBits (VZEROUPPER) before scalar code runs (that alone took the
// search from 1.43 to 0.90 ms an iteration and the update from 0.58 to 0.41).

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
	h, a, nd := rowSlices(row, n)
	zrow, energy = zrow[:n], energy[:n]
	zero, db := archsimd.BroadcastInt32x16(0), archsimd.BroadcastInt32x16(row.db)
	for r := 0; r < n; r += 16 {
		v := updatedFields(h, a, nd, r, db)
		if changed := v.Less(zero).ToBits() ^ negativeBits16(zrow[r:]); changed != 0 {
			noteFlips(changed, zrow[r:r+16], lo+r, flips)
		}
		addMagnitudes(energy[r:], v)
	}
	archsimd.ClearAVXUpperBits() // see "Legacy SSE" in signpass_simd.go
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
	h, a, nd := rowSlices(row, n)
	energy = energy[:n]
	db := archsimd.BroadcastInt32x16(row.db)
	for r := 0; r < n; r += 16 {
		addMagnitudes(energy[r:], updatedFields(h, a, nd, r, db))
	}
	archsimd.ClearAVXUpperBits() // see "Legacy SSE" in signpass_simd.go
	return n
}

// rowSlices returns row's fields, A row and N (X x*) term cut to n (a and nd nil when no
// update is pending): the vector loops take these slices, never row (see "Legacy SSE"
// above).
func rowSlices(row fieldRow32, n int) (h, a, nd []int32) {
	h = row.h[:n]
	if row.a != nil {
		a, nd = row.a[:n], row.nd[:n]
	}
	return h, a, nd
}

// updatedFields returns the sixteen fields h[r:r+16], with the pending update (a, nd and
// db, if a is not nil) applied and stored.
func updatedFields(h, a, nd []int32, r int, db archsimd.Int32x16) archsimd.Int32x16 {
	hp := (*[16]int32)(h[r:])
	v := archsimd.LoadInt32x16(hp)
	if a != nil {
		v = v.Add(archsimd.LoadInt32x16((*[16]int32)(a[r:])).Add(archsimd.LoadInt32x16((*[16]int32)(nd[r:]))).Add(db))
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
