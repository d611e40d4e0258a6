//go:build !amd64

package signtab

const haveAVX2 = false

func sumRows4AVX2(tb *float64, codes *uint8, cs, groups, gstride uintptr, bias *[8]float64, dst *float64, ld uintptr) {
	panic("signtab: no AVX2 kernel on this architecture")
}

func sumRows8AVX2(tb *float64, codes *uint8, cs, groups, gstride uintptr, bias *[8]float64, dst *float64, ld uintptr) {
	panic("signtab: no AVX2 kernel on this architecture")
}

func addRepeat8AVX2(dst, src *float64, n uintptr, w *[8]float64) {
	panic("signtab: no AVX2 kernel on this architecture")
}
