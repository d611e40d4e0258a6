package classify

import "golang.org/x/sys/cpu"

// The AVX2 exp kernel (kernel_amd64.s); the sign tables' kernels are in internal/signtab.

// haveExpAVX2 reports whether the CPU has AVX2 and FMA3 (the exp kernel).
var haveExpAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasFMA

//go:noescape
func expNeg2AbsAVX2(dst, src *float64, n uintptr)
