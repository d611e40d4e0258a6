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

// addFlipsUnits applies flips[u] to row u of acc (rows n wide) for every u (see
// flips.go). With AVX-512 it works in blocks of 128 columns: for one block, every unit's
// 128 floats of acc stay in eight registers while its flips' rows are added, and the
// block's slab of rows (N x 512 bytes) and of acc stay in L2 for all units, where a whole
// row at a time would stream rows from L3 once per flip.
func addFlipsUnits(acc []float32, n int, rows []float32, flips [][]int32) {
	if !archsimd.X86.AVX512() {
		addFlipsUnitsPortable(acc, n, rows, flips)
		return
	}
	const block = 128
	c := 0
	for ; c+block <= n; c += block {
		for u, f := range flips {
			if len(f) > 0 {
				addFlipsBlock(acc[u*n+c:u*n+c+block], rows, n, c, f)
			}
		}
	}
	for u, f := range flips {
		if len(f) > 0 && c < n {
			addFlipsTail(acc[u*n+c:(u+1)*n], rows, n, c, f)
		}
	}
}

// addFlipsBlock is addFlips on acc = the 128 columns from c of a row n wide.
func addFlipsBlock(acc, rows []float32, n, c int, flips []int32) {
	ap := (*[128]float32)(acc)
	a0 := archsimd.LoadFloat32x16((*[16]float32)(ap[0:16]))
	a1 := archsimd.LoadFloat32x16((*[16]float32)(ap[16:32]))
	a2 := archsimd.LoadFloat32x16((*[16]float32)(ap[32:48]))
	a3 := archsimd.LoadFloat32x16((*[16]float32)(ap[48:64]))
	a4 := archsimd.LoadFloat32x16((*[16]float32)(ap[64:80]))
	a5 := archsimd.LoadFloat32x16((*[16]float32)(ap[80:96]))
	a6 := archsimd.LoadFloat32x16((*[16]float32)(ap[96:112]))
	a7 := archsimd.LoadFloat32x16((*[16]float32)(ap[112:128]))
	for _, f := range flips {
		r, d := flipAt(f)
		dv := archsimd.BroadcastFloat32x16(d)
		rp := (*[128]float32)(rows[r*n+c:])
		a0 = archsimd.LoadFloat32x16((*[16]float32)(rp[0:16])).MulAdd(dv, a0)
		a1 = archsimd.LoadFloat32x16((*[16]float32)(rp[16:32])).MulAdd(dv, a1)
		a2 = archsimd.LoadFloat32x16((*[16]float32)(rp[32:48])).MulAdd(dv, a2)
		a3 = archsimd.LoadFloat32x16((*[16]float32)(rp[48:64])).MulAdd(dv, a3)
		a4 = archsimd.LoadFloat32x16((*[16]float32)(rp[64:80])).MulAdd(dv, a4)
		a5 = archsimd.LoadFloat32x16((*[16]float32)(rp[80:96])).MulAdd(dv, a5)
		a6 = archsimd.LoadFloat32x16((*[16]float32)(rp[96:112])).MulAdd(dv, a6)
		a7 = archsimd.LoadFloat32x16((*[16]float32)(rp[112:128])).MulAdd(dv, a7)
	}
	a0.Store((*[16]float32)(ap[0:16]))
	a1.Store((*[16]float32)(ap[16:32]))
	a2.Store((*[16]float32)(ap[32:48]))
	a3.Store((*[16]float32)(ap[48:64]))
	a4.Store((*[16]float32)(ap[64:80]))
	a5.Store((*[16]float32)(ap[80:96]))
	a6.Store((*[16]float32)(ap[96:112]))
	a7.Store((*[16]float32)(ap[112:128]))
}

// addFlipsTail is addFlips on the last n - c < 128 columns: 16 at a time, the last
// partial vector masked.
func addFlipsTail(acc, rows []float32, n, c int, flips []int32) {
	k := 0
	for ; k+16 <= len(acc); k += 16 {
		ap := (*[16]float32)(acc[k:])
		a := archsimd.LoadFloat32x16(ap)
		for _, f := range flips {
			r, d := flipAt(f)
			a = archsimd.LoadFloat32x16((*[16]float32)(rows[r*n+c+k:])).MulAdd(archsimd.BroadcastFloat32x16(d), a)
		}
		a.Store(ap)
	}
	if k == len(acc) {
		return
	}
	a := archsimd.LoadFloat32x16SlicePart(acc[k:])
	for _, f := range flips {
		r, d := flipAt(f)
		a = archsimd.LoadFloat32x16SlicePart(rows[r*n+c+k:(r+1)*n]).MulAdd(archsimd.BroadcastFloat32x16(d), a)
	}
	a.StoreSlicePart(acc[k:])
}
