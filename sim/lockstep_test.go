package sim

import (
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
)

func TestWideDatapathIsBitExact(t *testing.T) {
	data := dataset.Default()
	for _, c := range []struct {
		k, lanes int
		mode     herding.Mode
		grow     bool
	}{
		{16, 4, herding.ModeSH, false},
		{16, 16, herding.ModeH, false},
		{10, 3, herding.ModeSH, true}, // L does not divide K: a partial last group
		{7, 1, herding.ModeH, true},
	} {
		iters := 150
		arch := datapath.DefaultArch(c.k, data.D, data.N(), c.lanes, 10, iters, c.mode, c.grow)
		rep, err := Lockstep(data, arch, 1, iters, nil)
		require.NoError(t, err)
		require.Nil(t, rep.FirstDivergence, "%+v", c)
		require.True(t, rep.BitExact)
		require.Equal(t, iters, rep.Iterations)
		for _, n := range rep.Overflows {
			require.Zero(t, n)
		}
	}
}

func TestNarrowWeightsDiverge(t *testing.T) {
	data := dataset.Default()
	arch := datapath.DefaultArch(16, data.D, data.N(), 4, 10, 200, herding.ModeSH, false)
	arch.Regs[datapath.RegW] = datapath.RegSpec{Format: fixedpoint.MustParseFormat("s9.0"), Overflow: fixedpoint.Wrap}
	rep, err := Lockstep(data, arch, 1, 200, nil)
	require.NoError(t, err)
	require.False(t, rep.BitExact)
	d := rep.FirstDivergence
	require.NotNil(t, d)
	t.Logf("first divergence: %+v (overflows before: %d)", *d, d.OverflowCountBefore)
	require.NotEmpty(t, d.OverflowsBefore)
	require.Equal(t, "W", d.OverflowsBefore[0].Register)
	require.Positive(t, rep.Overflows["W"])
}

// One USPS class at the paper's scale (N=700, D=256), K=50 on 16 lanes, 200 iterations.
func TestUSPSClassIsBitExact(t *testing.T) {
	data, err := dataset.Load(dataset.SpecUSPS, dataset.LoadOptions{Digit: 3, Seed: dataset.DefaultSeed})
	if err != nil {
		t.Skipf("USPS data not found: %v", err)
	}
	if testing.Short() {
		t.Skip("-short: the USPS lockstep takes about half a minute")
	}
	const iters = 200
	arch := datapath.DefaultArch(50, data.D, data.N(), 16, 10, iters, herding.ModeH, false)
	rep, err := Lockstep(data, arch, 1, iters, nil)
	require.NoError(t, err)
	require.Nil(t, rep.FirstDivergence)
	require.Equal(t, iters, rep.Iterations)
	w := rep.Ranges["W"]
	t.Logf("USPS digit 3, H, K=50, L=16: bit exact over %d iterations; W in [%d, %d] (%d bits)", iters, w.Min, w.Max, w.Bits())
}
