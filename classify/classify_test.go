package classify

import (
	"math"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
	"herdsim/internal/splitmix"
)

// blobs draws n points per class around well-separated centres (separable by a margin).
func blobs(seed uint64, perClass int) (*Matrix, []int) {
	centres := [][]float64{{4, 0, 0}, {0, 4, 0}, {0, 0, 4}}
	s := splitmix.New(seed)
	x := NewMatrix(perClass*len(centres), 3)
	y := make([]int, x.Rows)
	for n := range y {
		y[n] = n % len(centres)
		for j, c := range centres[y[n]] {
			x.Row(n)[j] = c + 2*(uniform(s)-0.5) // +-1 around the centre: classes never overlap
		}
	}
	return x, y
}

func TestMLRGradientMatchesFiniteDifferences(t *testing.T) {
	x, y := blobs(3, 7)
	o := newObjective(x, y, 3, 0.3)
	s := splitmix.New(9)
	theta := make([]float64, 3*4)
	for i := range theta {
		theta[i] = uniform(s) - 0.5
	}
	_, g := o.eval(theta)
	g = append([]float64(nil), g...)
	const h = 1e-6
	for k := range theta {
		p := append([]float64(nil), theta...)
		p[k] += h
		fp, _ := o.eval(p)
		p[k] -= 2 * h
		fm, _ := o.eval(p)
		require.InDelta(t, (fp-fm)/(2*h), g[k], 1e-6, "component %d", k)
	}
}

func TestMLRSeparableToy(t *testing.T) {
	x, y := blobs(1, 50)
	xt, yt := blobs(2, 100)
	m, err := FitMLR(x, y, 3, 1e-3, nil)
	require.NoError(t, err)
	require.Equal(t, 0.0, ErrorRate(m.Predict(x), y))
	require.Equal(t, 0.0, ErrorRate(m.Predict(xt), yt), "held-out points of separable blobs")
	// The optimiser reached a stationary point of the penalised objective.
	o := newObjective(x, y, 3, 1e-3)
	_, g := o.eval(m.Theta)
	for k, v := range g {
		require.Less(t, math.Abs(v), 1e-5, "gradient component %d", k)
	}
}

func TestMLRLearnsAnXORFreeLinearRule(t *testing.T) {
	// A rule MLR must not get right: labels by the sign of x0*x1 are not linearly
	// separable, so the test can fail if Predict ignored the fit or the labels.
	s := splitmix.New(5)
	x := NewMatrix(200, 2)
	y := make([]int, 200)
	for n := range y {
		a, b := uniform(s)-0.5, uniform(s)-0.5
		x.Row(n)[0], x.Row(n)[1] = a, b
		if a*b > 0 {
			y[n] = 1
		}
	}
	m, err := FitMLR(x, y, 2, 1e-4, nil)
	require.NoError(t, err)
	require.Greater(t, ErrorRate(m.Predict(x), y), 0.25)
}

func TestSelectL2AndCrossValidation(t *testing.T) {
	x, y := blobs(1, 30)
	xv, yv := blobs(2, 30)
	m, choice, err := SelectL2(x, y, xv, yv, 3, DefaultL2Grid)
	require.NoError(t, err)
	require.Len(t, choice.Errors, len(DefaultL2Grid))
	require.Equal(t, 0.0, choice.ValidError)
	require.Equal(t, choice.L2, m.L2)
	// Ties go to the first (largest) strength with the lowest error.
	for i, e := range choice.Errors {
		if e == choice.ValidError {
			require.Equal(t, DefaultL2Grid[i], choice.L2)
			break
		}
	}
	m2, c2, err := CrossValidateL2(x, y, 3, DefaultL2Grid, 5)
	require.NoError(t, err)
	require.Equal(t, c2.L2, m2.L2)
	require.Equal(t, 0.0, ErrorRate(m2.Predict(xv), yv))
}

func TestNearestNeighborExactAndManhattan(t *testing.T) {
	train, _ := FromRows([][]float64{{0, 0}, {10, 10}, {0, 10}})
	nn, err := NewNearestNeighbor(train, []int{7, 8, 9})
	require.NoError(t, err)
	q, _ := FromRows([][]float64{{0, 0}, {10, 10}, {0, 10}, {1, 2}, {9, 8}, {1, 9}})
	require.Equal(t, []int{7, 8, 9, 7, 8, 9}, nn.Predict(q))

	// (3,0) is at L1 3, L2 3 from the origin; (2,2) at L1 4, L2 2.83. Manhattan picks the
	// first, Euclidean would pick the second.
	train, _ = FromRows([][]float64{{3, 0}, {2, 2}})
	nn, _ = NewNearestNeighbor(train, []int{0, 1})
	q, _ = FromRows([][]float64{{0, 0}})
	require.Equal(t, []int{0}, nn.Predict(q))
	require.Equal(t, 3.0, Manhattan([]float64{0, 0}, []float64{3, 0}))
	// Ties go to the lowest training index.
	train, _ = FromRows([][]float64{{1, 0}, {0, 1}})
	nn, _ = NewNearestNeighbor(train, []int{5, 6})
	require.Equal(t, []int{5}, nn.Predict(q))
}

// TestFreeEnergyIsTheLogSumOverHiddenStates enumerates every h of a small RBM.
func TestFreeEnergyIsTheLogSumOverHiddenStates(t *testing.T) {
	x := FromSigns([][]int8{{1, -1, 1}, {-1, -1, 1}}, 3)
	r, err := NewRBM(x, RBMConfig{Hidden: 2, Step: 1, InitScale: 1.5, Seed: 4})
	require.NoError(t, err)
	r.B[0], r.B[1], r.C[0], r.C[2] = 0.3, -0.7, 0.25, -1.1
	out := make([]float64, 2)
	r.FreeEnergies(x, out)
	for n := 0; n < 2; n++ {
		sum := 0.0
		for _, h := range [][]float64{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
			e := 0.0
			for i := range h {
				a := r.B[i]
				for j, v := range x.Row(n) {
					a += r.W.Row(i)[j] * v
				}
				e += h[i] * a
			}
			for j, v := range x.Row(n) {
				e += r.C[j] * v
			}
			sum += math.Exp(e)
		}
		require.InDelta(t, math.Log(sum), out[n], 1e-12)
	}
}

func defaultMatrix() *Matrix {
	d := dataset.Default()
	return FromSigns(d.Rows, d.D)
}

func TestCD1LowersReconstructionError(t *testing.T) {
	r, err := NewRBM(defaultMatrix(), CDConfig(16, 1))
	require.NoError(t, err)
	before := r.ReconstructionError()
	for range 300 {
		r.Step()
	}
	after := r.ReconstructionError()
	t.Logf("reconstruction error %.4f -> %.4f", before, after)
	require.Less(t, after, 0.5*before)
}

func TestPCDLearnsAndCD1UsesItsSettings(t *testing.T) {
	r, err := NewRBM(defaultMatrix(), PCDConfig(16, 1))
	require.NoError(t, err)
	before := r.ReconstructionError()
	for range 300 {
		r.Step()
	}
	require.Less(t, r.ReconstructionError(), before)
	require.Equal(t, 300, r.Updates())
	require.Equal(t, 0.9, CDConfig(5, 1).Momentum)
	require.Equal(t, 0.0, PCDConfig(5, 1).Momentum)
	_, err = NewRBM(defaultMatrix(), RBMConfig{Hidden: 4})
	require.Error(t, err)
}

// TestRBMSameBytesForAnyGOMAXPROCS runs CD-1 and PCD with 1 and 4 threads.
func TestRBMSameBytesForAnyGOMAXPROCS(t *testing.T) {
	run := func(procs int, cfg RBMConfig) ([]float64, []float64) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		r, err := NewRBM(defaultMatrix(), cfg)
		require.NoError(t, err)
		for range 20 {
			r.Step()
		}
		out := make([]float64, 128)
		r.FreeEnergies(defaultMatrix(), out)
		return r.W.Data, out
	}
	for _, cfg := range []RBMConfig{CDConfig(40, 3), PCDConfig(40, 3)} {
		w1, f1 := run(1, cfg)
		w4, f4 := run(4, cfg)
		require.Equal(t, w1, w4, cfg.Method.String())
		require.Equal(t, f1, f4, cfg.Method.String())
	}
}

func TestMLRSameBytesForAnyGOMAXPROCS(t *testing.T) {
	x, y := blobs(1, 400) // 1200 rows: several gradient chunks
	fit := func(procs int) []float64 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		m, err := FitMLR(x, y, 3, 1e-2, nil)
		require.NoError(t, err)
		return m.Theta
	}
	require.Equal(t, fit(1), fit(4))
}
