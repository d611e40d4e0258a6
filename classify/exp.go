package classify

import "math"

// The constants of expNeg2Abs: log2(e), 1.5*2^52 (adding it rounds to an integer kept in
// the low bits), ln 2 in two parts (Cody and Waite: k ln2hi is exact for |k| < 2^11) and
// the Taylor coefficients 1/n! of exp on |r| <= ln(2)/2, where the degree-13 remainder is
// below 1e-17.
const (
	expLog2e = 1.4426950408889634
	expMagic = 6755399441055744.0
	expLn2Hi = 6.93147180369123816490e-01
	expLn2Lo = 1.90821492927058770002e-10
	expLimit = -700.0 // below, the result is 0 (exp(-700) is 1e-304: nothing it feeds sees it)
)

var expCoef = [14]float64{
	1.0 / 6227020800, 1.0 / 479001600, 1.0 / 39916800, 1.0 / 3628800, 1.0 / 362880,
	1.0 / 40320, 1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 1.0 / 2, 1, 1,
}

// expNeg2Abs returns exp(-2|a|) to within about one ulp of math.Exp (0 below exp(-700)):
// x = -2|a| = k ln 2 + r, exp(x) = 2^k exp(r) with exp(r) by Horner's rule in fused
// multiply-adds. It is the RBM's one transcendental (free energies, tanh and the hidden
// units' sampling probabilities all come from it), and the AVX2 kernel computes the same
// operations four at a time, so both give the same bits.
func expNeg2Abs(a float64) float64 {
	x := -2 * math.Abs(a)
	if !(x >= expLimit) {
		return 0
	}
	t := float64(x*expLog2e) + expMagic // float64(): no fused multiply-add here
	k := t - expMagic
	r := math.FMA(-k, expLn2Hi, x)
	r = math.FMA(-k, expLn2Lo, r)
	p := expCoef[0]
	for _, c := range expCoef[1:] {
		p = math.FMA(p, r, c)
	}
	return math.Float64frombits(math.Float64bits(p) + (math.Float64bits(t)-math.Float64bits(expMagic))<<52)
}

// useExpAVX2 selects the AVX2 exp kernel when the CPU has AVX2 and FMA (tests switch it off).
var useExpAVX2 = haveExpAVX2

// expNeg2AbsAll sets dst[i] = expNeg2Abs(src[i]).
func expNeg2AbsAll(dst, src []float64) {
	dst = dst[:len(src)]
	i := 0
	if useExpAVX2 && len(src) >= 4 {
		i = len(src) &^ 3
		expNeg2AbsAVX2(&dst[0], &src[0], uintptr(i))
	}
	for ; i < len(src); i++ {
		dst[i] = expNeg2Abs(src[i])
	}
}
