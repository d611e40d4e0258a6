#include "textflag.h"

// Constants of expNeg2Abs (kernel_amd64.go), each four times: log2(e), 1.5*2^52, ln 2 in
// two parts, the clamp -700, -2, the Taylor coefficients 1/13! .. 1/0!, the magnitude mask.

DATA expc<>+0(SB)/8, $0x3ff71547652b82fe
DATA expc<>+8(SB)/8, $0x3ff71547652b82fe
DATA expc<>+16(SB)/8, $0x3ff71547652b82fe
DATA expc<>+24(SB)/8, $0x3ff71547652b82fe
DATA expc<>+32(SB)/8, $0x4338000000000000
DATA expc<>+40(SB)/8, $0x4338000000000000
DATA expc<>+48(SB)/8, $0x4338000000000000
DATA expc<>+56(SB)/8, $0x4338000000000000
DATA expc<>+64(SB)/8, $0x3fe62e42fee00000
DATA expc<>+72(SB)/8, $0x3fe62e42fee00000
DATA expc<>+80(SB)/8, $0x3fe62e42fee00000
DATA expc<>+88(SB)/8, $0x3fe62e42fee00000
DATA expc<>+96(SB)/8, $0x3dea39ef35793c76
DATA expc<>+104(SB)/8, $0x3dea39ef35793c76
DATA expc<>+112(SB)/8, $0x3dea39ef35793c76
DATA expc<>+120(SB)/8, $0x3dea39ef35793c76
DATA expc<>+128(SB)/8, $0xc085e00000000000
DATA expc<>+136(SB)/8, $0xc085e00000000000
DATA expc<>+144(SB)/8, $0xc085e00000000000
DATA expc<>+152(SB)/8, $0xc085e00000000000
DATA expc<>+160(SB)/8, $0xc000000000000000
DATA expc<>+168(SB)/8, $0xc000000000000000
DATA expc<>+176(SB)/8, $0xc000000000000000
DATA expc<>+184(SB)/8, $0xc000000000000000
DATA expc<>+192(SB)/8, $0x3de6124613a86d09
DATA expc<>+200(SB)/8, $0x3de6124613a86d09
DATA expc<>+208(SB)/8, $0x3de6124613a86d09
DATA expc<>+216(SB)/8, $0x3de6124613a86d09
DATA expc<>+224(SB)/8, $0x3e21eed8eff8d898
DATA expc<>+232(SB)/8, $0x3e21eed8eff8d898
DATA expc<>+240(SB)/8, $0x3e21eed8eff8d898
DATA expc<>+248(SB)/8, $0x3e21eed8eff8d898
DATA expc<>+256(SB)/8, $0x3e5ae64567f544e4
DATA expc<>+264(SB)/8, $0x3e5ae64567f544e4
DATA expc<>+272(SB)/8, $0x3e5ae64567f544e4
DATA expc<>+280(SB)/8, $0x3e5ae64567f544e4
DATA expc<>+288(SB)/8, $0x3e927e4fb7789f5c
DATA expc<>+296(SB)/8, $0x3e927e4fb7789f5c
DATA expc<>+304(SB)/8, $0x3e927e4fb7789f5c
DATA expc<>+312(SB)/8, $0x3e927e4fb7789f5c
DATA expc<>+320(SB)/8, $0x3ec71de3a556c734
DATA expc<>+328(SB)/8, $0x3ec71de3a556c734
DATA expc<>+336(SB)/8, $0x3ec71de3a556c734
DATA expc<>+344(SB)/8, $0x3ec71de3a556c734
DATA expc<>+352(SB)/8, $0x3efa01a01a01a01a
DATA expc<>+360(SB)/8, $0x3efa01a01a01a01a
DATA expc<>+368(SB)/8, $0x3efa01a01a01a01a
DATA expc<>+376(SB)/8, $0x3efa01a01a01a01a
DATA expc<>+384(SB)/8, $0x3f2a01a01a01a01a
DATA expc<>+392(SB)/8, $0x3f2a01a01a01a01a
DATA expc<>+400(SB)/8, $0x3f2a01a01a01a01a
DATA expc<>+408(SB)/8, $0x3f2a01a01a01a01a
DATA expc<>+416(SB)/8, $0x3f56c16c16c16c17
DATA expc<>+424(SB)/8, $0x3f56c16c16c16c17
DATA expc<>+432(SB)/8, $0x3f56c16c16c16c17
DATA expc<>+440(SB)/8, $0x3f56c16c16c16c17
DATA expc<>+448(SB)/8, $0x3f81111111111111
DATA expc<>+456(SB)/8, $0x3f81111111111111
DATA expc<>+464(SB)/8, $0x3f81111111111111
DATA expc<>+472(SB)/8, $0x3f81111111111111
DATA expc<>+480(SB)/8, $0x3fa5555555555555
DATA expc<>+488(SB)/8, $0x3fa5555555555555
DATA expc<>+496(SB)/8, $0x3fa5555555555555
DATA expc<>+504(SB)/8, $0x3fa5555555555555
DATA expc<>+512(SB)/8, $0x3fc5555555555555
DATA expc<>+520(SB)/8, $0x3fc5555555555555
DATA expc<>+528(SB)/8, $0x3fc5555555555555
DATA expc<>+536(SB)/8, $0x3fc5555555555555
DATA expc<>+544(SB)/8, $0x3fe0000000000000
DATA expc<>+552(SB)/8, $0x3fe0000000000000
DATA expc<>+560(SB)/8, $0x3fe0000000000000
DATA expc<>+568(SB)/8, $0x3fe0000000000000
DATA expc<>+576(SB)/8, $0x3ff0000000000000
DATA expc<>+584(SB)/8, $0x3ff0000000000000
DATA expc<>+592(SB)/8, $0x3ff0000000000000
DATA expc<>+600(SB)/8, $0x3ff0000000000000
DATA expc<>+608(SB)/8, $0x3ff0000000000000
DATA expc<>+616(SB)/8, $0x3ff0000000000000
DATA expc<>+624(SB)/8, $0x3ff0000000000000
DATA expc<>+632(SB)/8, $0x3ff0000000000000
DATA expc<>+640(SB)/8, $0x7fffffffffffffff
DATA expc<>+648(SB)/8, $0x7fffffffffffffff
DATA expc<>+656(SB)/8, $0x7fffffffffffffff
DATA expc<>+664(SB)/8, $0x7fffffffffffffff
GLOBL expc<>(SB), RODATA|NOPTR, $672

// func expNeg2AbsAVX2(dst, src *float64, n uintptr)
//
// dst[i] = exp(-2|src[i]|) for i < n (n a multiple of 4) by the same operations as
// expNeg2Abs (AVX2 and FMA), four lanes at a time: the same bits.
TEXT ·expNeg2AbsAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $2, CX
	JZ   edone
	VMOVUPD expc<>+640(SB), Y15
	VMOVUPD expc<>+160(SB), Y14
	VMOVUPD expc<>+128(SB), Y13
	VMOVUPD expc<>+0(SB), Y12
	VMOVUPD expc<>+32(SB), Y11
	VMOVUPD expc<>+64(SB), Y10
	VMOVUPD expc<>+96(SB), Y9
	VMOVUPD expc<>+192(SB), Y7

eloop:
	VMOVUPD (SI), Y0
	VANDPD  Y15, Y0, Y0          // |a|
	VMULPD  Y14, Y0, Y0          // x = -2|a|
	VCMPPD  $0x1d, Y13, Y0, Y8   // keep = x >= -700 (GE_OQ; false for NaN)
	VMAXPD  Y13, Y0, Y0          // x = max(x, -700)
	VMULPD  Y12, Y0, Y1          // x log2(e)
	VADDPD  Y11, Y1, Y1          // t = x log2(e) + 1.5*2^52: k in the low bits
	VSUBPD  Y11, Y1, Y2          // k = t - 1.5*2^52, x log2(e) rounded to an integer
	VFNMADD231PD Y10, Y2, Y0     // r = x - k ln2hi
	VFNMADD231PD Y9, Y2, Y0      // r = r - k ln2lo
	VMOVAPD Y7, Y3               // p = 1/13!
	VFMADD213PD expc<>+224(SB), Y0, Y3 // p = p*r + 1/12!
	VFMADD213PD expc<>+256(SB), Y0, Y3 // p = p*r + 1/11!
	VFMADD213PD expc<>+288(SB), Y0, Y3 // p = p*r + 1/10!
	VFMADD213PD expc<>+320(SB), Y0, Y3 // p = p*r + 1/9!
	VFMADD213PD expc<>+352(SB), Y0, Y3 // p = p*r + 1/8!
	VFMADD213PD expc<>+384(SB), Y0, Y3 // p = p*r + 1/7!
	VFMADD213PD expc<>+416(SB), Y0, Y3 // p = p*r + 1/6!
	VFMADD213PD expc<>+448(SB), Y0, Y3 // p = p*r + 1/5!
	VFMADD213PD expc<>+480(SB), Y0, Y3 // p = p*r + 1/4!
	VFMADD213PD expc<>+512(SB), Y0, Y3 // p = p*r + 1/3!
	VFMADD213PD expc<>+544(SB), Y0, Y3 // p = p*r + 1/2!
	VFMADD213PD expc<>+576(SB), Y0, Y3 // p = p*r + 1/1!
	VFMADD213PD expc<>+608(SB), Y0, Y3 // p = p*r + 1/0!
	VPSUBQ  Y11, Y1, Y1          // k as an int64: bits(t) - bits(1.5*2^52)
	VPSLLQ  $52, Y1, Y1
	VPADDQ  Y1, Y3, Y3           // p * 2^k
	VANDPD  Y8, Y3, Y3           // 0 where x < -700
	VMOVUPD Y3, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     eloop
	VZEROUPPER

edone:
	RET
