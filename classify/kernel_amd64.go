package classify

// The AVX2 kernel of the sign tables (kernel_amd64.s). It adds the same table rows in the
// same order as sumRow, lane by lane, so it gives the same bits; it only runs four rows at
// once in vector registers.

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
func xgetbv() (eax, edx uint32)

//go:noescape
func sumRows4AVX2(tb *float64, codes *uint8, cs, groups, gstride uintptr, bias *[8]float64, dst *float64, ld uintptr)

// haveAVX2 reports whether the CPU and the OS support AVX2.
var haveAVX2 = func() bool {
	if max, _, _, _ := cpuid(0, 0); max < 7 {
		return false
	}
	_, _, c, _ := cpuid(1, 0)
	if c&(1<<27) == 0 || c&(1<<28) == 0 { // OSXSAVE, AVX
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&6 != 6 { // the OS saves XMM and YMM
		return false
	}
	_, b, _, _ := cpuid(7, 0)
	return b&(1<<5) != 0
}()

//go:noescape
func expNeg2AbsAVX2(dst, src *float64, n uintptr)

// haveFMA reports whether the CPU has FMA3 (with AVX2: the exp kernel).
var haveFMA = func() bool {
	_, _, c, _ := cpuid(1, 0)
	return c&(1<<12) != 0
}()

//go:noescape
func addRepeat8AVX2(dst, src *float64, n uintptr, w *[8]float64)

//go:noescape
func sumRows8AVX2(tb *float64, codes *uint8, cs, groups, gstride uintptr, bias *[8]float64, dst *float64, ld uintptr)
