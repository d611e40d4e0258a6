//go:build goexperiment.simd && amd64

package herding

import (
	"math"
	"simd/archsimd"

	"gonum.org/v1/gonum/floats"
)

// The kernels over rows of W (the search and the update) with AVX-512, eight float64
// values per instruction. Every value they see is an exact integer below 2^53 (the scaled
// form: see search), so sums in any order give the portable kernels' bits (tested).

// dotExact is a . b for integer values whose every partial sum is below 2^53, in four
// accumulators of eight lanes.
func dotExact(a, b []float64) float64 {
	if !useAVX512 {
		return floats.Dot(a, b)
	}
	n := len(a)
	b = b[:n]
	var s0, s1, s2, s3 archsimd.Float64x8
	j := 0
	for ; j+32 <= n; j += 32 {
		s0 = s0.Add(archsimd.LoadFloat64x8((*[8]float64)(a[j:])).Mul(archsimd.LoadFloat64x8((*[8]float64)(b[j:]))))
		s1 = s1.Add(archsimd.LoadFloat64x8((*[8]float64)(a[j+8:])).Mul(archsimd.LoadFloat64x8((*[8]float64)(b[j+8:]))))
		s2 = s2.Add(archsimd.LoadFloat64x8((*[8]float64)(a[j+16:])).Mul(archsimd.LoadFloat64x8((*[8]float64)(b[j+16:]))))
		s3 = s3.Add(archsimd.LoadFloat64x8((*[8]float64)(a[j+24:])).Mul(archsimd.LoadFloat64x8((*[8]float64)(b[j+24:]))))
	}
	for ; j+8 <= n; j += 8 {
		s0 = s0.Add(archsimd.LoadFloat64x8((*[8]float64)(a[j:])).Mul(archsimd.LoadFloat64x8((*[8]float64)(b[j:]))))
	}
	var lanes [8]float64
	s0.Add(s1).Add(s2.Add(s3)).Store(&lanes)
	archsimd.ClearAVXUpperBits() // before the scalar code: see "Legacy SSE" in signpass_simd.go
	sum := 0.0
	for _, v := range lanes {
		sum += v
	}
	for ; j < n; j++ {
		sum += a[j] * b[j]
	}
	return sum
}

// addSigned is addSignedPortable with AVX-512.
func addSigned(acc, row []float64, plus bool) {
	if !useAVX512 {
		addSignedPortable(acc, row, plus)
		return
	}
	n := len(acc)
	row = row[:n]
	j := 0
	if plus {
		for ; j+8 <= n; j += 8 {
			p := (*[8]float64)(acc[j:])
			archsimd.LoadFloat64x8(p).Add(archsimd.LoadFloat64x8((*[8]float64)(row[j:]))).Store(p)
		}
		archsimd.ClearAVXUpperBits()
		for ; j < n; j++ {
			acc[j] += row[j]
		}
		return
	}
	for ; j+8 <= n; j += 8 {
		p := (*[8]float64)(acc[j:])
		archsimd.LoadFloat64x8(p).Sub(archsimd.LoadFloat64x8((*[8]float64)(row[j:]))).Store(p)
	}
	archsimd.ClearAVXUpperBits()
	for ; j < n; j++ {
		acc[j] -= row[j]
	}
}

// updateRow is updateRowPortable with AVX-512 (exact integers: the same bits).
func updateRow(w, rates, anchor []float64, pos []int32, xs []float64, nz, maxW, drift float64) (float64, float64) {
	if !useAVX512 {
		return updateRowPortable(w, rates, anchor, pos, xs, nz, maxW, drift)
	}
	n := len(w) / 8 * 8
	rates, anchor, pos, xs = rates[:len(w)], anchor[:len(w)], pos[:len(w)], xs[:len(w)]
	magnitude := archsimd.BroadcastUint64x8(1<<63 - 1)
	vnz := archsimd.BroadcastFloat64x8(nz)
	var mw, md archsimd.Float64x8
	for j := 0; j < n; j += 8 {
		p := archsimd.LoadInt32x8((*[8]int32)(pos[j:])).ConvertToFloat64()
		rp := (*[8]float64)(rates[j:])
		archsimd.LoadFloat64x8(rp).Add(p).Store(rp)
		wp := (*[8]float64)(w[j:])
		v := archsimd.LoadFloat64x8(wp).Add(p).Sub(vnz.Mul(archsimd.LoadFloat64x8((*[8]float64)(xs[j:]))))
		v.Store(wp)
		mw = mw.Max(v.AsUint64x8().And(magnitude).AsFloat64x8())
		md = md.Max(v.Sub(archsimd.LoadFloat64x8((*[8]float64)(anchor[j:]))).AsUint64x8().And(magnitude).AsFloat64x8())
	}
	var lw, ld [8]float64
	mw.Store(&lw)
	md.Store(&ld)
	archsimd.ClearAVXUpperBits()
	for l := range lw {
		maxW, drift = math.Max(maxW, lw[l]), math.Max(drift, ld[l])
	}
	if n < len(w) {
		return updateRowPortable(w[n:], rates[n:], anchor[n:], pos[n:], xs[n:], nz, maxW, drift)
	}
	return maxW, drift
}
