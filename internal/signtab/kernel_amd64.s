#include "textflag.h"

// func sumRows4AVX2(tb *float64, codes *uint8, cs, groups, gstride uintptr, bias *[8]float64, dst *float64, ld uintptr)
//
// For rows r = 0..3 (codes of row r at codes + r*cs) and their eight outputs:
// dst[r*ld/8 + o] = bias[o] + tb[g][code_r,g][o] summed over g = 0..groups-1 in order,
// where group g's table starts gstride bytes after group g-1's and pattern p's eight sums
// are at p*64 within it (ld is the row stride of dst in bytes). Each lane adds in the
// same order as sumRow, so the results are the same bits.
TEXT ·sumRows4AVX2(SB), NOSPLIT, $0-64
	MOVQ tb+0(FP), DI
	MOVQ codes+8(FP), R10
	MOVQ cs+16(FP), R8
	MOVQ groups+24(FP), CX
	MOVQ gstride+32(FP), R14
	MOVQ bias+40(FP), SI
	LEAQ (R10)(R8*1), R11
	LEAQ (R11)(R8*1), R12
	LEAQ (R12)(R8*1), R13
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VMOVAPD Y0, Y2
	VMOVAPD Y1, Y3
	VMOVAPD Y0, Y4
	VMOVAPD Y1, Y5
	VMOVAPD Y0, Y6
	VMOVAPD Y1, Y7

loop:
	MOVBQZX (R10), AX
	MOVBQZX (R11), BX
	MOVBQZX (R12), DX
	MOVBQZX (R13), R9
	SHLQ $6, AX
	SHLQ $6, BX
	SHLQ $6, DX
	SHLQ $6, R9
	VADDPD (DI)(AX*1), Y0, Y0
	VADDPD 32(DI)(AX*1), Y1, Y1
	VADDPD (DI)(BX*1), Y2, Y2
	VADDPD 32(DI)(BX*1), Y3, Y3
	VADDPD (DI)(DX*1), Y4, Y4
	VADDPD 32(DI)(DX*1), Y5, Y5
	VADDPD (DI)(R9*1), Y6, Y6
	VADDPD 32(DI)(R9*1), Y7, Y7
	INCQ R10
	INCQ R11
	INCQ R12
	INCQ R13
	ADDQ R14, DI
	DECQ CX
	JNZ  loop

	MOVQ dst+48(FP), SI
	MOVQ ld+56(FP), R8
	VMOVUPD Y0, (SI)
	VMOVUPD Y1, 32(SI)
	ADDQ R8, SI
	VMOVUPD Y2, (SI)
	VMOVUPD Y3, 32(SI)
	ADDQ R8, SI
	VMOVUPD Y4, (SI)
	VMOVUPD Y5, 32(SI)
	ADDQ R8, SI
	VMOVUPD Y6, (SI)
	VMOVUPD Y7, 32(SI)
	VZEROUPPER
	RET

// func sumRows8AVX2(tb *float64, codes *uint8, cs, groups, gstride uintptr, bias *[8]float64, dst *float64, ld uintptr)
//
// sumRows4AVX2 for eight rows at once (sixteen accumulators): more look-ups in flight.
TEXT ·sumRows8AVX2(SB), NOSPLIT, $0-64
	MOVQ tb+0(FP), DI
	MOVQ codes+8(FP), R10
	MOVQ cs+16(FP), R8
	MOVQ groups+24(FP), CX
	MOVQ gstride+32(FP), R14
	MOVQ bias+40(FP), SI
	LEAQ (R10)(R8*1), R11
	LEAQ (R11)(R8*1), R12
	LEAQ (R12)(R8*1), R13
	SHLQ $2, R8                  // rows 4..7 are 4*cs further on
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VMOVAPD Y0, Y2
	VMOVAPD Y1, Y3
	VMOVAPD Y0, Y4
	VMOVAPD Y1, Y5
	VMOVAPD Y0, Y6
	VMOVAPD Y1, Y7
	VMOVAPD Y0, Y8
	VMOVAPD Y1, Y9
	VMOVAPD Y0, Y10
	VMOVAPD Y1, Y11
	VMOVAPD Y0, Y12
	VMOVAPD Y1, Y13
	VMOVAPD Y0, Y14
	VMOVAPD Y1, Y15

loop8:
	MOVBQZX (R10), AX
	MOVBQZX (R11), BX
	MOVBQZX (R12), DX
	MOVBQZX (R13), R9
	SHLQ $6, AX
	SHLQ $6, BX
	SHLQ $6, DX
	SHLQ $6, R9
	VADDPD (DI)(AX*1), Y0, Y0
	VADDPD 32(DI)(AX*1), Y1, Y1
	VADDPD (DI)(BX*1), Y2, Y2
	VADDPD 32(DI)(BX*1), Y3, Y3
	VADDPD (DI)(DX*1), Y4, Y4
	VADDPD 32(DI)(DX*1), Y5, Y5
	VADDPD (DI)(R9*1), Y6, Y6
	VADDPD 32(DI)(R9*1), Y7, Y7
	MOVBQZX (R10)(R8*1), AX
	MOVBQZX (R11)(R8*1), BX
	MOVBQZX (R12)(R8*1), DX
	MOVBQZX (R13)(R8*1), R9
	SHLQ $6, AX
	SHLQ $6, BX
	SHLQ $6, DX
	SHLQ $6, R9
	VADDPD (DI)(AX*1), Y8, Y8
	VADDPD 32(DI)(AX*1), Y9, Y9
	VADDPD (DI)(BX*1), Y10, Y10
	VADDPD 32(DI)(BX*1), Y11, Y11
	VADDPD (DI)(DX*1), Y12, Y12
	VADDPD 32(DI)(DX*1), Y13, Y13
	VADDPD (DI)(R9*1), Y14, Y14
	VADDPD 32(DI)(R9*1), Y15, Y15
	INCQ R10
	INCQ R11
	INCQ R12
	INCQ R13
	ADDQ R14, DI
	DECQ CX
	JNZ  loop8

	MOVQ dst+48(FP), SI
	MOVQ ld+56(FP), R8
	VMOVUPD Y0, (SI)
	VMOVUPD Y1, 32(SI)
	ADDQ R8, SI
	VMOVUPD Y2, (SI)
	VMOVUPD Y3, 32(SI)
	ADDQ R8, SI
	VMOVUPD Y4, (SI)
	VMOVUPD Y5, 32(SI)
	ADDQ R8, SI
	VMOVUPD Y6, (SI)
	VMOVUPD Y7, 32(SI)
	ADDQ R8, SI
	VMOVUPD Y8, (SI)
	VMOVUPD Y9, 32(SI)
	ADDQ R8, SI
	VMOVUPD Y10, (SI)
	VMOVUPD Y11, 32(SI)
	ADDQ R8, SI
	VMOVUPD Y12, (SI)
	VMOVUPD Y13, 32(SI)
	ADDQ R8, SI
	VMOVUPD Y14, (SI)
	VMOVUPD Y15, 32(SI)
	VZEROUPPER
	RET

// func addRepeat8AVX2(dst, src *float64, n uintptr, w *[8]float64)
//
// dst[i] = src[i] + w[i%8] for i < n (n a multiple of 8).
TEXT ·addRepeat8AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ w+24(FP), DX
	SHRQ $3, CX
	JZ   adone
	VMOVUPD (DX), Y4
	VMOVUPD 32(DX), Y5

aloop:
	VADDPD (SI), Y4, Y0
	VADDPD 32(SI), Y5, Y1
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	DECQ CX
	JNZ  aloop
	VZEROUPPER

adone:
	RET
