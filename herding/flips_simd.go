//go:build goexperiment.simd && amd64

package herding

import (
	"simd/archsimd"
	"unsafe"
)

// useAVX512 selects the AVX-512 kernels: the CPU has AVX-512 and PortableEnv does not ask
// for the portable ones. Tests switch it off to run the portable path in this build.
var useAVX512 = avx512Available() && !portableRequested()

// avx512Available reports whether this build has AVX-512 kernels the CPU can run.
func avx512Available() bool { return archsimd.X86.AVX512() }

// kernelChoice is Kernels' kernel and reason.
func kernelChoice() (name, why string) {
	switch {
	case useAVX512:
		return "avx512", "GOEXPERIMENT=simd build, CPU with AVX-512"
	case !archsimd.X86.AVX512():
		return "portable", "GOEXPERIMENT=simd build, but this CPU has no AVX-512"
	case portableRequested():
		return "portable", "GOEXPERIMENT=simd build; " + PortableEnv + " is set"
	}
	return "portable", "GOEXPERIMENT=simd build, AVX-512 switched off"
}

// simdBlock is the number of 32-lane vectors the AVX-512 kernel keeps in registers.
const simdBlock = 4

// addFlipsUnits applies flips[u] to row u of acc (rows.width() wide) for every u (see
// flips.go). With AVX-512 it works in blocks of 128 columns: for one block, a unit's
// 16-bit sums stay in four registers while its flips' rows are added, and the block's
// slab of rows (a USPS class: 700 x 256 bytes) stays in L1 and L2 for all units. The rest
// of a row goes in single vectors of 32. (Blocks of 256 columns in eight registers were
// 7 % faster on the kernel alone, 2 % of a step: not worth a second block shape.)
func addFlipsUnits(acc []int32, rows *flipRows, flips []unitFlips) {
	if !useAVX512 {
		addFlipsUnitsPortable(acc, rows, flips)
		return
	}
	w, batch := rows.width(), rows.flipBatch()
	for g := 0; g < rows.stride; {
		add, step := addFlipsBlock, blockWords
		if g+blockWords > rows.stride {
			add, step = addFlipsVector, wordsPerVector
		}
		for u := range flips {
			for up, down := flips[u].up, flips[u].down; len(up)+len(down) > 0; {
				var bu, bd []int32
				bu, bd, up, down = nextBatch(up, down, batch)
				add(acc[u*w+g*lanesPerWord:], rows, g, bu, bd)
			}
		}
		g += step
	}
	archsimd.ClearAVXUpperBits() // see "Legacy SSE" in signpass_simd.go
}

// blockWords is the number of words in a block of simdBlock vectors.
const blockWords = simdBlock * wordsPerVector

// addFlipsBlock adds 2 (sum of up rows - sum of down rows) over the 128 columns from word
// g to acc[0:128]. The 16-bit sums wrap, but their true value, the signed sum plus
// (ups - downs) bound, differs from the signed sum by a known offset and the signed sum of
// one batch fits 16 bits: removing the offset modulo 2^16 leaves it exactly.
//
// The rows are addressed from one pointer, each row's index checked once: with a bounds
// check per load the loop spent more instructions on addresses than on adds.
func addFlipsBlock(acc []int32, rows *flipRows, g int, up, down []int32) {
	var s0, s1, s2, s3 archsimd.Uint16x32
	words, stride := rows.words, rows.stride
	_ = words[g+blockWords-1]
	base, rowBytes := unsafe.Pointer(&words[g]), uintptr(stride)*8
	for _, r := range up {
		_ = words[int(r)*stride+g+blockWords-1] // the row's block is inside words: checked, once
		p := unsafe.Add(base, uintptr(r)*rowBytes)
		s0 = s0.Add(loadVector(p, 0))
		s1 = s1.Add(loadVector(p, 1))
		s2 = s2.Add(loadVector(p, 2))
		s3 = s3.Add(loadVector(p, 3))
	}
	for _, r := range down {
		_ = words[int(r)*stride+g+blockWords-1]
		p := unsafe.Add(base, uintptr(r)*rowBytes)
		s0 = s0.Sub(loadVector(p, 0))
		s1 = s1.Sub(loadVector(p, 1))
		s2 = s2.Sub(loadVector(p, 2))
		s3 = s3.Sub(loadVector(p, 3))
	}
	offset := archsimd.BroadcastInt16x32(int16((len(up) - len(down)) * rows.bound))
	for v, sv := range [simdBlock]archsimd.Uint16x32{s0, s1, s2, s3} {
		widenVector(acc[v*lanesPerVector:], sv.AsInt16x32().Sub(offset))
	}
}

// loadVector loads vector v (32 lanes) from p, which the caller has checked.
func loadVector(p unsafe.Pointer, v uintptr) archsimd.Uint16x32 {
	return archsimd.LoadUint64x8((*[wordsPerVector]uint64)(unsafe.Add(p, v*wordsPerVector*8))).AsUint16x32()
}

// addFlipsVector is addFlipsBlock for the 32 columns from word g.
func addFlipsVector(acc []int32, rows *flipRows, g int, up, down []int32) {
	var s archsimd.Uint16x32
	words, stride := rows.words, rows.stride
	_ = words[g+wordsPerVector-1]
	base, rowBytes := unsafe.Pointer(&words[g]), uintptr(stride)*8
	for _, r := range up {
		_ = words[int(r)*stride+g+wordsPerVector-1]
		s = s.Add(loadVector(unsafe.Add(base, uintptr(r)*rowBytes), 0))
	}
	for _, r := range down {
		_ = words[int(r)*stride+g+wordsPerVector-1]
		s = s.Sub(loadVector(unsafe.Add(base, uintptr(r)*rowBytes), 0))
	}
	offset := archsimd.BroadcastInt16x32(int16((len(up) - len(down)) * rows.bound))
	widenVector(acc, s.AsInt16x32().Sub(offset))
}

// widenVector adds 2 s to acc[0:32], widening the 16-bit lanes to 32.
func widenVector(acc []int32, s archsimd.Int16x32) {
	lo, hi := (*[16]int32)(acc[0:16]), (*[16]int32)(acc[16:32])
	archsimd.LoadInt32x16(lo).Add(s.GetLo().ExtendToInt32().ShiftAllLeft(1)).Store(lo)
	archsimd.LoadInt32x16(hi).Add(s.GetHi().ExtendToInt32().ShiftAllLeft(1)).Store(hi)
}
