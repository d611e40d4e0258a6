package synth

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// routed, unplaced and tooBig are one seed's outcomes as placeAndRoute reports them.
func routed(seed int, fmax float64) pnrRun {
	return pnrRun{seed: seed, rep: &NextpnrReport{FmaxMHz: fmax}}
}

func unplaced(seed int) pnrRun {
	return pnrRun{seed: seed, err: errors.New("exit status 255"),
		rep: &NextpnrReport{Errors: []string{"Unable to find legal placement for all cells, design is probably at utilisation limit."}}}
}

func tooBig(seed int) pnrRun {
	return pnrRun{seed: seed, err: errors.New("exit status 255"),
		rep: &NextpnrReport{Exceeded: []string{"ICESTORM_LC 5293/5280"}}}
}

// TestBestSeedPassesOverAFailedPlacement: a seed nextpnr cannot place (seed-dependent at
// high utilisation) is reported in seed_runs and passed over; the best routed seed is kept,
// the first among equals; a design that does not fit, or no routed seed at all, is reported
// as the failure it is.
func TestBestSeedPassesOverAFailedPlacement(t *testing.T) {
	runs := []pnrRun{routed(1, 34.4), unplaced(2), routed(3, 28.7), routed(4, 34.4)}
	best, fail := bestSeed(runs)
	require.Nil(t, fail)
	require.Equal(t, 0, best)

	sr := seedRuns(runs)
	require.Len(t, sr, 4)
	require.Nil(t, sr[1].FmaxMHz)
	require.Contains(t, sr[1].Error, "Unable to find legal placement")
	require.Equal(t, 28.7, *sr[2].FmaxMHz)
	require.Empty(t, sr[2].Error)

	best, fail = bestSeed([]pnrRun{unplaced(1), routed(2, 30), routed(3, 31)})
	require.Nil(t, fail)
	require.Equal(t, 2, best)

	best, fail = bestSeed([]pnrRun{unplaced(1), unplaced(2)})
	require.Equal(t, -1, best)
	require.Equal(t, 1, fail.seed)

	best, fail = bestSeed([]pnrRun{routed(1, 30), tooBig(2)})
	require.Equal(t, -1, best)
	require.Equal(t, 2, fail.seed)

	best, fail = bestSeed([]pnrRun{routed(1, 30), {seed: 2, err: errors.New("no log")}})
	require.Equal(t, -1, best)
	require.Equal(t, 2, fail.seed)
}

// TestSeedRunsNameTheLimitingPath: each routed seed reports the path that sets its Fmax:
// the critical path of the clock the Fmax is for, even when another clock's is slower,
// else the slowest clock-to-clock path (a pin's <async> path does not count, however
// long); a seed that did not route reports none.
func TestSeedRunsNameTheLimitingPath(t *testing.T) {
	paths := []Path{
		{Clocks: "cclk (posedge -> posedge)", From: "a", To: "b", DelayNS: 22.7},
		{Clocks: "posedge cclk -> <async>", From: "c", To: "pin", DelayNS: 30.5},
		{Clocks: "clk12 (posedge -> posedge)", From: "d", To: "e", DelayNS: 24.9},
	}
	ofCclk, noClock := routed(1, 44.0), routed(4, 40.1)
	ofCclk.rep.Clock, ofCclk.rep.Paths = "cclk", paths
	noClock.rep.Paths = paths
	sr := seedRuns([]pnrRun{ofCclk, unplaced(2), routed(3, 39), noClock})
	require.NotNil(t, sr[0].CriticalPath)
	require.Equal(t, "a", sr[0].CriticalPath.From)
	require.Equal(t, 22.7, sr[0].CriticalPath.DelayNS)
	require.Nil(t, sr[1].CriticalPath)
	require.Nil(t, sr[2].CriticalPath) // routed, but its log had no path report
	require.NotNil(t, sr[3].CriticalPath)
	require.Equal(t, "d", sr[3].CriticalPath.From)
}
