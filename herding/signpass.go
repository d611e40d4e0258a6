package herding

import "math"

// The sign pass is the flip-driven form's pass over the fields (incremental.go): it applies
// the pending field update, takes the hidden states' signs, adds |h| to the energies and
// notes every state that flipped (a Tracker's energy pass does the same without the signs). It reads and writes the K x N fields once per iteration;
// with AVX-512 (signpass_simd.go, built with GOEXPERIMENT=simd) it takes eight fields per
// instruction, in the portable form one at a time. Both give the same bits (tested).

// signPassPortable applies row's pending update, overwrites zrow with the signs of its
// fields (data vectors lo, lo+1, ...), adds |h| to the energies and notes every sign that
// changed. The sign and the absolute value are taken without branches: half of the fields
// are negative, in no pattern a branch predictor could learn.
func signPassPortable(row fieldRow, zrow []int8, energy []float64, lo int, flips *unitFlips) {
	row.apply()
	zrow, energy = zrow[:len(row.h)], energy[:len(row.h)]
	for r, v := range row.h {
		if s := signNoBranch(v); s != zrow[r] {
			flips.note(lo+r, s)
			zrow[r] = s
		}
		energy[r] += math.Abs(v)
	}
}

// energyPassPortable applies row's pending update and adds |h| to the energies: the sign
// pass without the signs, for a Tracker's evaluation set.
func energyPassPortable(row fieldRow, energy []float64) {
	row.apply()
	energy = energy[:len(row.h)]
	for r, v := range row.h {
		energy[r] += math.Abs(v)
	}
}

// signNoBranch is sign(v) from the sign bit of v + 0, which is +0 for v = -0, so that ties
// still go to +1.
func signNoBranch(v float64) int8 {
	return int8(1 - 2*int(math.Float64bits(v+0)>>63))
}
