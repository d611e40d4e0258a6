package herding

import (
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
)

// TestPhaseTimes: timing the phases changes nothing the engine computes (the same
// pseudo-samples and weights as an untimed engine), counts the iterations timed and, in
// the flip-driven form, the flips (their number the changed hidden states, counted
// independently here) and a positive time for each step; in the direct form it says so.
func TestPhaseTimes(t *testing.T) {
	data := dataset.Default()
	for _, direct := range []bool{false, true} {
		cfg := Config{Hidden: 8, Mode: ModeSH, Seed: 3, Direct: direct}
		timed, err := New(data, cfg)
		require.NoError(t, err)
		plain, err := New(data, cfg)
		require.NoError(t, err)
		var flips int64
		prev := append([]int8(nil), timed.hiddenStates()...)
		for it := 1; it <= 30; it++ {
			if it == 11 {
				timed.TimePhases()
			}
			a, err := timed.Step()
			require.NoError(t, err)
			b, err := plain.Step()
			require.NoError(t, err)
			require.Equal(t, b, a, "iteration %d", it)
			z := timed.hiddenStates()
			if it >= 11 {
				for i := range z {
					if z[i] != prev[i] {
						flips++
					}
				}
			}
			prev = append(prev[:0], z...)
		}
		require.Equal(t, plain.Params().W, timed.Params().W)
		pt := timed.PhaseTimes()
		require.Equal(t, 20, pt.Iterations)
		require.Positive(t, pt.Positive)
		require.Positive(t, pt.Search)
		require.Positive(t, pt.Update)
		if direct {
			require.Equal(t, 20, pt.Direct)
			require.Zero(t, pt.Flips)
			continue
		}
		require.Zero(t, pt.Direct)
		require.Equal(t, flips, pt.Flips, "the flips the positive phase moved along")
		require.Positive(t, pt.SignPassCPU)
	}
	require.Equal(t, PhaseTimes{}, (&Engine{}).PhaseTimes())
}
