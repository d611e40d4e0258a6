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

func sumRows4IntAVX2(tb *int32, codes *uint8, cs, groups, gstride uintptr, bias *[16]int32, dst *int32, ld uintptr) {
	panic("signtab: no AVX2 kernel on this architecture")
}

func sumRows8IntAVX2(tb *int32, codes *uint8, cs, groups, gstride uintptr, bias *[16]int32, dst *int32, ld uintptr) {
	panic("signtab: no AVX2 kernel on this architecture")
}

func addRepeat16IntAVX2(dst, src *int32, n uintptr, w *[16]int32) {
	panic("signtab: no AVX2 kernel on this architecture")
}
