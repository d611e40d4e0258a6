//go:build !amd64

package classify

const haveExpAVX2 = false

func expNeg2AbsAVX2(dst, src *float64, n uintptr) {
	panic("classify: no AVX2 kernel on this architecture")
}
