//go:build !(goexperiment.simd && amd64)

package herding

import "gonum.org/v1/gonum/floats"

// dotExact is a . b for integer values whose every partial sum is below 2^53 (any order
// gives the same bits): gonum's dot product in this build.
func dotExact(a, b []float64) float64 { return floats.Dot(a, b) }

// addSigned is addSignedPortable in this build.
func addSigned(acc, row []float64, plus bool) { addSignedPortable(acc, row, plus) }

// updateRow is updateRowPortable in this build.
func updateRow(w, rates, anchor []float64, pos []int32, xs []float64, nz, maxW, drift float64) (float64, float64) {
	return updateRowPortable(w, rates, anchor, pos, xs, nz, maxW, drift)
}
