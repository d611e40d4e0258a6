package herding

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
)

// TestFlipRatesUSPS counts the flips per iteration f_t (hidden states z_n,i that change
// from one iteration to the next) on USPS digit 3 (N = 700, D = 256) in modes H and SH over
// iterations 1001..1100, and the sweeps the searches ran, and requires the figures of
// docs/flip-driven-datapath.md's table (sums over the 100 iterations, min and max: exact
// integers, so a change in the dynamics fails it). K = 50 runs always; K = 250 and 1000
// (about 25 s) with HERDSIM_LONG=1 (go test -run FlipRatesUSPS -v ./herding).
func TestFlipRatesUSPS(t *testing.T) {
	data, err := dataset.Load(dataset.SpecUSPS, dataset.LoadOptions{Digit: 3, Seed: 1})
	if err != nil {
		t.Skipf("USPS data not found: %v", err)
	}
	const first, last = 1000, 1100
	for _, c := range []struct {
		k                        int
		mode                     Mode
		flips, fmin, fmax, sweep int // sums over t = 1001..1100, and the extremes of f_t
	}{
		{50, ModeH, 240183, 836, 3825, 513}, {50, ModeSH, 190706, 1382, 2500, 253},
		{250, ModeH, 827577, 5445, 10474, 921}, {250, ModeSH, 822490, 6136, 10950, 678},
		{1000, ModeH, 2995000, 18558, 37849, 959}, {1000, ModeSH, 3105745, 20386, 40098, 641},
	} {
		if c.k > 50 && os.Getenv("HERDSIM_LONG") != "1" {
			t.Logf("K = %d: set HERDSIM_LONG=1 to count its flips (about 25 s for all)", c.k)
			continue
		}
		e, err := New(data, Config{Hidden: c.k, Mode: c.mode, Seed: 1})
		require.NoError(t, err)
		n := len(data.Rows)
		prev := make([]int8, n*c.k)
		fmin, fmax, fsum, ssum := n*c.k, 0, 0, 0
		for it := 1; it <= last; it++ {
			r, err := e.Step()
			require.NoError(t, err)
			f := 0
			for m := range n {
				for i, v := range e.Hidden(m) {
					if v != prev[m*c.k+i] {
						f++
					}
					prev[m*c.k+i] = v
				}
			}
			if it > first { // f_t: flips between iteration t-1 and t, t = 1001..1100
				fmin, fmax, fsum, ssum = min(fmin, f), max(fmax, f), fsum+f, ssum+r.Sweeps
			}
		}
		cnt := float64(last - first)
		t.Logf("K=%d %s: flips/iter mean %.1f (%.2f%% of NK), min %d, max %d; sweeps mean %.2f",
			c.k, c.mode, float64(fsum)/cnt, 100*float64(fsum)/cnt/float64(n*c.k), fmin, fmax, float64(ssum)/cnt)
		require.Equal(t, [4]int{c.flips, c.fmin, c.fmax, c.sweep}, [4]int{fsum, fmin, fmax, ssum}, "K = %d, %s: flips, min, max, sweeps", c.k, c.mode)
	}
}
