package herding

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
)

// scanMaxAbs is max |v| by a plain scan, independent of the engine's bookkeeping.
func scanMaxAbs(s []float64) float64 {
	m := 0.0
	for _, v := range s {
		m = max(m, v, -v)
	}
	return m
}

// TestMaxAbsWFollowsTheRun: MaxAbsW is max |W| of the current weights and MaxAbsWRun the
// largest over W_0 and every iteration's weights, in the current units (Decouple
// multiplies both by T in the scaled form), equal to a scan of W after every step, in
// every form. On SH the run's maximum exceeds the final one (issue 17, item 12: the
// summary reported only the final).
func TestMaxAbsWFollowsTheRun(t *testing.T) {
	data := dataset.Default()
	for _, c := range []struct {
		cfg          Config
		learn, decpl int
	}{
		{Config{Hidden: 16, Mode: ModeSH, Seed: 1}, 600, 0},
		{Config{Hidden: 16, Mode: ModeSH, Seed: 1, Direct: true}, 300, 0},
		{Config{Hidden: 16, Mode: ModeH, Seed: 1, GrowHiddenBias: true}, 200, 0},
		{Config{Hidden: 16, Mode: ModeSH, Seed: 1, Form: Unscaled, Eta: 0.375, Gamma: 2.5}, 300, 0},
		{Config{Hidden: 16, Mode: ModeSH, Seed: 1}, 300, 100},
		{Config{Hidden: 16, Mode: ModeH, Seed: 1, Form: Unscaled}, 200, 100},
	} {
		t.Run(fmt.Sprintf("%s/%s/direct=%v/decoupled=%d", c.cfg.Mode, c.cfg.Form, c.cfg.Direct, c.decpl), func(t *testing.T) {
			e, err := New(data, c.cfg)
			require.NoError(t, err)
			runMax := scanMaxAbs(e.Params().W)
			require.Equal(t, runMax, e.MaxAbsW(), "W_0")
			require.Equal(t, runMax, e.MaxAbsWRun(), "W_0")
			for tt := 1; tt <= c.learn+c.decpl; tt++ {
				if tt == c.learn+1 {
					require.NoError(t, e.Decouple())
					if c.cfg.Form == Scaled {
						runMax *= float64(c.learn) // the weights were multiplied by T
					}
				}
				_, err := e.Step()
				require.NoError(t, err)
				now := scanMaxAbs(e.Params().W)
				runMax = max(runMax, now)
				require.Equal(t, now, e.MaxAbsW(), "iteration %d", tt)
				require.Equal(t, runMax, e.MaxAbsWRun(), "iteration %d", tt)
			}
			if c.cfg.Mode == ModeSH && c.decpl == 0 && c.cfg.Form == Scaled {
				require.Greater(t, e.MaxAbsWRun(), e.MaxAbsW(), "SH's weights peak before the end of this run")
			}
		})
	}
}
