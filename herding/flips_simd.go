//go:build goexperiment.simd && amd64

package herding

import "simd/archsimd"

// FlipKernel names the kernel that applies the flips: "avx512" when the CPU has AVX-512,
// else "portable".
func FlipKernel() string {
	if archsimd.X86.AVX512() {
		return "avx512"
	}
	return "portable"
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
	if !archsimd.X86.AVX512() {
		addFlipsUnitsPortable(acc, rows, flips)
		return
	}
	w, batch := rows.width(), rows.flipBatch()
	const blockWords = simdBlock * wordsPerVector
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
}

// loadWords loads 8 words (32 lanes).
func loadWords(w []uint64) archsimd.Uint16x32 {
	return archsimd.LoadUint64x8((*[8]uint64)(w)).AsUint16x32()
}

// addFlipsBlock adds 2 (sum of up rows - sum of down rows) over the 128 columns from word
// g to acc[0:128]. The 16-bit sums wrap, but their true value, the signed sum plus
// (ups - downs) bound, differs from the signed sum by a known offset and the signed sum of
// one batch fits 16 bits: removing the offset modulo 2^16 leaves it exactly.
func addFlipsBlock(acc []int32, rows *flipRows, g int, up, down []int32) {
	var s0, s1, s2, s3 archsimd.Uint16x32
	for _, r := range up {
		w := rows.words[int(r)*rows.stride+g:]
		s0 = s0.Add(loadWords(w[0:8]))
		s1 = s1.Add(loadWords(w[8:16]))
		s2 = s2.Add(loadWords(w[16:24]))
		s3 = s3.Add(loadWords(w[24:32]))
	}
	for _, r := range down {
		w := rows.words[int(r)*rows.stride+g:]
		s0 = s0.Sub(loadWords(w[0:8]))
		s1 = s1.Sub(loadWords(w[8:16]))
		s2 = s2.Sub(loadWords(w[16:24]))
		s3 = s3.Sub(loadWords(w[24:32]))
	}
	offset := archsimd.BroadcastInt16x32(int16((len(up) - len(down)) * rows.bound))
	for v, sv := range [simdBlock]archsimd.Uint16x32{s0, s1, s2, s3} {
		widenVector(acc[v*lanesPerVector:], sv.AsInt16x32().Sub(offset))
	}
}

// addFlipsVector is addFlipsBlock for the 32 columns from word g.
func addFlipsVector(acc []int32, rows *flipRows, g int, up, down []int32) {
	var s archsimd.Uint16x32
	for _, r := range up {
		s = s.Add(loadWords(rows.words[int(r)*rows.stride+g:]))
	}
	for _, r := range down {
		s = s.Sub(loadWords(rows.words[int(r)*rows.stride+g:]))
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
