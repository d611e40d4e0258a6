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
		k, tile int
		mode    herding.Mode
		grow    bool
	}{
		{16, 6, herding.ModeSH, false},
		{16, 12, herding.ModeH, false},
		{10, 6, herding.ModeSH, true}, // T does not divide K: a partial last tile
		{7, 4, herding.ModeH, true},   // W 17 bits over 150 iterations: two a word
	} {
		iters := 150
		arch := datapath.DefaultArch(c.k, data.D, data.N(), c.tile, 10, iters, c.mode, c.grow)
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
	arch := datapath.DefaultArch(16, data.D, data.N(), 0, 10, 200, herding.ModeSH, false)
	arch.Regs[datapath.RegW] = datapath.RegSpec{Format: fixedpoint.MustParseFormat("s9.0"), Overflow: fixedpoint.Wrap}
	arch.Regs[datapath.RegC] = arch.Regs[datapath.RegW] // SH: the c row rides in W's tile buffer
	arch.UseTile(0)
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

// One USPS class at the paper's scale (N=700, D=256), K=50 in tiles of 4, 200 iterations.
func TestUSPSClassIsBitExact(t *testing.T) {
	t.Parallel() // see TestMain
	data, err := dataset.Load(dataset.SpecUSPS, dataset.LoadOptions{Digit: 3, Seed: dataset.DefaultSeed})
	if err != nil {
		t.Skipf("USPS data not found: %v", err)
	}
	if testing.Short() {
		t.Skip("-short: the USPS lockstep takes about half a minute")
	}
	const iters = 200
	arch := datapath.DefaultArch(50, data.D, data.N(), 4, 10, iters, herding.ModeH, false)
	rep, err := Lockstep(data, arch, 1, iters, nil)
	require.NoError(t, err)
	require.Nil(t, rep.FirstDivergence)
	require.Equal(t, iters, rep.Iterations)
	w := rep.Ranges["W"]
	t.Logf("USPS digit 3, H, K=50, T=4: bit exact over %d iterations; W in [%d, %d] (%d bits)", iters, w.Min, w.Max, w.Bits())
}

// rowsOf builds a data set from '0'/'1' lines (docs/spec.md, "Text format").
func rowsOf(name string, lines ...string) *dataset.Binary {
	b := &dataset.Binary{Name: name, D: len(lines[0])}
	for _, l := range lines {
		row := make([]int8, len(l))
		for j, c := range l {
			row[j] = -1
			if c == '1' {
				row[j] = 1
			}
		}
		b.Rows = append(b.Rows, row)
	}
	return b
}

// startMoved are runs where a narrow energy or best-energy register moves SH's start to
// another data vector while the search still ends at the reference's x* and z* (issue 17,
// item 1). sh6 (energy s4.0 wrap) then also runs more sweeps at iteration 3; in be
// (best_energy s5.0 wrap) x*, z*, the sweeps, cycles, z_n and weights all match for T = 4,
// so only the start tells the runs apart.
var startMoved = []struct {
	name              string
	data              *dataset.Binary
	k, iters          int
	reg               datapath.Reg
	bits              int
	iter              int   // the first divergence's iteration
	refStart, dpStart int64 // where the reference's and the datapath's searches started there
}{
	{"sh6", rowsOf("sh6", "11111", "11111", "11011", "11111", "11111", "11111"), 3, 3, datapath.RegEnergy, 4, 3, 0, 2},
	{"be", rowsOf("be", "1111", "1010", "1101", "1111", "1111", "1111"), 3, 4, datapath.RegBestEnergy, 5, 2, 0, 5},
}

// startArch is the tiled Arch of a startMoved run (the CLI's default tile).
func startArch(data *dataset.Binary, k, iters int, mode herding.Mode) datapath.Arch {
	return datapath.DefaultArch(k, data.D, data.N(), 0, 10, iters, mode, false)
}

// TestAMovedSearchStartIsNotBitExact: the start of the search is compared like x* and z*,
// by Lockstep and by RunFull alike (one comparison); the lossless Arch of the same data
// stays bit exact in both modes, so the start is recorded alike.
func TestAMovedSearchStartIsNotBitExact(t *testing.T) {
	for _, c := range startMoved {
		for _, mode := range []herding.Mode{herding.ModeSH, herding.ModeH} {
			rep, err := Lockstep(c.data, startArch(c.data, c.k, c.iters, mode), 1, c.iters, nil)
			require.NoError(t, err)
			require.True(t, rep.BitExact, "%s %v lossless: %+v", c.name, mode, rep.FirstDivergence)
		}
		a := startArch(c.data, c.k, c.iters, herding.ModeSH)
		a.Regs[c.reg] = datapath.RegSpec{Format: fixedpoint.Format{Signed: true, Word: c.bits}, Overflow: fixedpoint.Wrap}
		rep, err := Lockstep(c.data, a, 1, c.iters, nil)
		require.NoError(t, err)
		require.False(t, rep.BitExact, c.name)
		d := rep.FirstDivergence
		require.NotNil(t, d, c.name)
		require.Equal(t, c.iter, d.Iteration, c.name)
		require.Equal(t, "start", d.Signal, c.name)
		require.Nil(t, d.Index)
		require.Equal(t, c.refStart, d.Reference, c.name)
		require.Equal(t, c.dpStart, d.Datapath, c.name)
		require.NotEmpty(t, d.OverflowsBefore)
		require.Equal(t, c.reg.String(), d.OverflowsBefore[0].Register)
		require.Len(t, rep.Cycles, c.iter, "lockstep stops at the divergence")

		ref, err := NewReference(c.data, herding.Config{Hidden: c.k, Mode: herding.ModeSH, Sweeps: 10, Seed: 1}, c.iters, nil)
		require.NoError(t, err)
		run, err := RunFull(ref, a, nil)
		require.NoError(t, err)
		require.False(t, run.BitExact, "%s: the full run (sweep's) compares the start too", c.name)
		require.Equal(t, *d, *run.FirstDivergence, c.name)
	}
}
