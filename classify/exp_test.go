package classify

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/internal/splitmix"
)

// TestExpNeg2Abs: within 2 ulps of math.Exp(-2|a|) from 0 to exp(-700), 0 below, and the
// AVX2 kernel gives the same bits as the Go loop.
func TestExpNeg2Abs(t *testing.T) {
	s := splitmix.New(7)
	a := []float64{0, -0, 1e-300, 0.5, -0.5, 1, 17, 349.9, 350, 350.1, 400, math.Inf(1), math.Inf(-1)}
	for range 100000 {
		a = append(a, (2*uniform(s)-1)*math.Pow(10, 6*uniform(s)-4))
	}
	for range 3 {
		a = append(a, math.NaN()) // only the kernels' agreement is checked
	}
	for _, v := range a {
		got, want := expNeg2Abs(v), math.Exp(-2*math.Abs(v))
		if math.IsNaN(v) {
			continue
		}
		if -2*math.Abs(v) < expLimit {
			require.Equal(t, 0.0, got, "a = %g", v)
			continue
		}
		require.InDelta(t, want, got, 2*(math.Nextafter(want, 2)-want), "a = %g", v)
	}
	if !useExpAVX2 {
		t.Skip("no AVX2 and FMA: only the Go loop")
	}
	vec := make([]float64, len(a))
	expNeg2AbsAll(vec, a)
	for i, v := range a {
		require.Equal(t, math.Float64bits(expNeg2Abs(v)), math.Float64bits(vec[i]), "a = %g", v)
	}
}
