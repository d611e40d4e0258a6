#include "textflag.h"

// func sumRows4IntAVX2(tb *int32, codes *uint8, cs, groups, gstride uintptr, bias *[16]int32, dst *int32, ld uintptr)
//
// Ints' sumRow for rows r = 0..3 (codes of row r at codes + r*cs) and their sixteen
// outputs: dst[r*ld/4 + o] = bias[o] + tb[g][code_r,g][o] summed over g = 0..groups-1,
// modulo 2^32, where group g's table starts gstride bytes after group g-1's and pattern
// p's sixteen sums are at p*64 within it (ld is the row stride of dst in bytes).
TEXT ·sumRows4IntAVX2(SB), NOSPLIT, $0-64
	MOVQ tb+0(FP), DI
	MOVQ codes+8(FP), R10
	MOVQ cs+16(FP), R8
	MOVQ groups+24(FP), CX
	MOVQ gstride+32(FP), R14
	MOVQ bias+40(FP), SI
	LEAQ (R10)(R8*1), R11
	LEAQ (R11)(R8*1), R12
	LEAQ (R12)(R8*1), R13
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQA Y0, Y2
	VMOVDQA Y1, Y3
	VMOVDQA Y0, Y4
	VMOVDQA Y1, Y5
	VMOVDQA Y0, Y6
	VMOVDQA Y1, Y7

iloop:
	MOVBQZX (R10), AX
	MOVBQZX (R11), BX
	MOVBQZX (R12), DX
	MOVBQZX (R13), R9
	SHLQ $6, AX
	SHLQ $6, BX
	SHLQ $6, DX
	SHLQ $6, R9
	VPADDD (DI)(AX*1), Y0, Y0
	VPADDD 32(DI)(AX*1), Y1, Y1
	VPADDD (DI)(BX*1), Y2, Y2
	VPADDD 32(DI)(BX*1), Y3, Y3
	VPADDD (DI)(DX*1), Y4, Y4
	VPADDD 32(DI)(DX*1), Y5, Y5
	VPADDD (DI)(R9*1), Y6, Y6
	VPADDD 32(DI)(R9*1), Y7, Y7
	INCQ R10
	INCQ R11
	INCQ R12
	INCQ R13
	ADDQ R14, DI
	DECQ CX
	JNZ  iloop

	MOVQ dst+48(FP), SI
	MOVQ ld+56(FP), R8
	VMOVDQU Y0, (SI)
	VMOVDQU Y1, 32(SI)
	ADDQ R8, SI
	VMOVDQU Y2, (SI)
	VMOVDQU Y3, 32(SI)
	ADDQ R8, SI
	VMOVDQU Y4, (SI)
	VMOVDQU Y5, 32(SI)
	ADDQ R8, SI
	VMOVDQU Y6, (SI)
	VMOVDQU Y7, 32(SI)
	VZEROUPPER
	RET

// func sumRows8IntAVX2(tb *int32, codes *uint8, cs, groups, gstride uintptr, bias *[16]int32, dst *int32, ld uintptr)
//
// sumRows4IntAVX2 for eight rows at once (sixteen accumulators): more look-ups in flight.
TEXT ·sumRows8IntAVX2(SB), NOSPLIT, $0-64
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
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQA Y0, Y2
	VMOVDQA Y1, Y3
	VMOVDQA Y0, Y4
	VMOVDQA Y1, Y5
	VMOVDQA Y0, Y6
	VMOVDQA Y1, Y7
	VMOVDQA Y0, Y8
	VMOVDQA Y1, Y9
	VMOVDQA Y0, Y10
	VMOVDQA Y1, Y11
	VMOVDQA Y0, Y12
	VMOVDQA Y1, Y13
	VMOVDQA Y0, Y14
	VMOVDQA Y1, Y15

iloop8:
	MOVBQZX (R10), AX
	MOVBQZX (R11), BX
	MOVBQZX (R12), DX
	MOVBQZX (R13), R9
	SHLQ $6, AX
	SHLQ $6, BX
	SHLQ $6, DX
	SHLQ $6, R9
	VPADDD (DI)(AX*1), Y0, Y0
	VPADDD 32(DI)(AX*1), Y1, Y1
	VPADDD (DI)(BX*1), Y2, Y2
	VPADDD 32(DI)(BX*1), Y3, Y3
	VPADDD (DI)(DX*1), Y4, Y4
	VPADDD 32(DI)(DX*1), Y5, Y5
	VPADDD (DI)(R9*1), Y6, Y6
	VPADDD 32(DI)(R9*1), Y7, Y7
	MOVBQZX (R10)(R8*1), AX
	MOVBQZX (R11)(R8*1), BX
	MOVBQZX (R12)(R8*1), DX
	MOVBQZX (R13)(R8*1), R9
	SHLQ $6, AX
	SHLQ $6, BX
	SHLQ $6, DX
	SHLQ $6, R9
	VPADDD (DI)(AX*1), Y8, Y8
	VPADDD 32(DI)(AX*1), Y9, Y9
	VPADDD (DI)(BX*1), Y10, Y10
	VPADDD 32(DI)(BX*1), Y11, Y11
	VPADDD (DI)(DX*1), Y12, Y12
	VPADDD 32(DI)(DX*1), Y13, Y13
	VPADDD (DI)(R9*1), Y14, Y14
	VPADDD 32(DI)(R9*1), Y15, Y15
	INCQ R10
	INCQ R11
	INCQ R12
	INCQ R13
	ADDQ R14, DI
	DECQ CX
	JNZ  iloop8

	MOVQ dst+48(FP), SI
	MOVQ ld+56(FP), R8
	VMOVDQU Y0, (SI)
	VMOVDQU Y1, 32(SI)
	ADDQ R8, SI
	VMOVDQU Y2, (SI)
	VMOVDQU Y3, 32(SI)
	ADDQ R8, SI
	VMOVDQU Y4, (SI)
	VMOVDQU Y5, 32(SI)
	ADDQ R8, SI
	VMOVDQU Y6, (SI)
	VMOVDQU Y7, 32(SI)
	ADDQ R8, SI
	VMOVDQU Y8, (SI)
	VMOVDQU Y9, 32(SI)
	ADDQ R8, SI
	VMOVDQU Y10, (SI)
	VMOVDQU Y11, 32(SI)
	ADDQ R8, SI
	VMOVDQU Y12, (SI)
	VMOVDQU Y13, 32(SI)
	ADDQ R8, SI
	VMOVDQU Y14, (SI)
	VMOVDQU Y15, 32(SI)
	VZEROUPPER
	RET

// func addRepeat16IntAVX2(dst, src *int32, n uintptr, w *[16]int32)
//
// dst[i] = src[i] + w[i%16] for i < n (n a multiple of 16), modulo 2^32.
TEXT ·addRepeat16IntAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ w+24(FP), DX
	SHRQ $4, CX
	JZ   idone
	VMOVDQU (DX), Y4
	VMOVDQU 32(DX), Y5

iaddloop:
	VPADDD (SI), Y4, Y0
	VPADDD 32(SI), Y5, Y1
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	DECQ CX
	JNZ  iaddloop
	VZEROUPPER

idone:
	RET
