package signtab

import "golang.org/x/sys/cpu"

// The AVX2 kernels of the tables (kernel_amd64.s). They add the same table rows in the
// same order as sumRow, lane by lane, so they give the same bits; they only run four or
// eight rows at once in vector registers.

// haveAVX2 reports whether the CPU and the OS support AVX2.
var haveAVX2 = cpu.X86.HasAVX2

//go:noescape
func sumRows4AVX2(tb *float64, codes *uint8, cs, groups, gstride uintptr, bias *[8]float64, dst *float64, ld uintptr)

//go:noescape
func sumRows8AVX2(tb *float64, codes *uint8, cs, groups, gstride uintptr, bias *[8]float64, dst *float64, ld uintptr)

//go:noescape
func addRepeat8AVX2(dst, src *float64, n uintptr, w *[8]float64)

//go:noescape
func sumRows4IntAVX2(tb *int32, codes *uint8, cs, groups, gstride uintptr, bias *[16]int32, dst *int32, ld uintptr)

//go:noescape
func sumRows8IntAVX2(tb *int32, codes *uint8, cs, groups, gstride uintptr, bias *[16]int32, dst *int32, ld uintptr)

//go:noescape
func addRepeat16IntAVX2(dst, src *int32, n uintptr, w *[16]int32)
