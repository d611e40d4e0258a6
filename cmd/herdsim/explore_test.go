package main

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/fixedpoint"
	"herdsim/herding"
)

func TestExploreWidthLists(t *testing.T) {
	ws, err := parseWidthList("weight-bits", "auto", "auto,14:18:2,20")
	require.NoError(t, err)
	assert.Equal(t, []int{0, 14, 16, 18, 20}, ws, "auto is 0, then the widths in order")
	_, err = parseWidthList("acc-bits", "auto", "12,x")
	require.ErrorContains(t, err, "--acc-bits")
	_, err = parseIntList("tile", "4,0")
	require.ErrorContains(t, err, "--tile")
}

func TestExploreQuickPreset(t *testing.T) {
	f := exploreFlags{quick: true, out: "x", target: "ice40-up5k", freq: 40, seeds: "1", narrowOverflow: "sat", mode: "SH", hidden: "100", learn: 1000, collect: 1000, units: unitFlags{workers: 1}}
	o, err := f.options(io.Discard)
	require.NoError(t, err)
	assert.Equal(t, []int{50}, o.Grid.Hidden, "the preset wins over --hidden")
	assert.Equal(t, herding.ModeH, o.Mode)
	assert.Equal(t, []int{3, 4}, o.Grid.Tiles)
	assert.Equal(t, []int{16, 18}, o.Grid.WeightBits)
	assert.Equal(t, []int{22}, o.Grid.AccBits)
	assert.Equal(t, []int{0}, o.Grid.EnergyBits)
	assert.Equal(t, []fixedpoint.Overflow{fixedpoint.Wrap, fixedpoint.Sat}, o.Grid.Overflows)
	assert.Equal(t, map[datapath.Reg]int{datapath.RegVisField: 21, datapath.RegC: 18, datapath.RegUpdate: 19, datapath.RegB: 2}, o.Grid.Regs)
	assert.Equal(t, quickDynIters, o.DynIters)
	assert.Equal(t, []int{1}, o.Synth.Seeds)
}

// TestExploreTargetSizesThePoints: an ECP5 or Xilinx part sizes each point for itself,
// unless --tile (or --quick's tiles) gives the tiles; the iCE40 keeps the tiles.
func TestExploreTargetSizesThePoints(t *testing.T) {
	for _, c := range []struct {
		target         string
		tileSet, quick bool
		shape          string
	}{{"ecp5-85k", false, false, "ecp5-85k"}, {"xc7a200t", false, false, "xc7a200t"}, {"ecp5-85k", true, false, ""},
		{"ecp5-85k", false, true, ""}, {"ice40-up5k", false, false, ""}, {"xilinx7", false, false, ""}} {
		f := exploreFlags{quick: c.quick, tileSet: c.tileSet, out: "x", target: c.target, freq: 40, seeds: "1", narrowOverflow: "sat", mode: "H",
			hidden: "50", tiles: "4", weightBits: "18", accBits: "22", energy: "auto", overflow: "sat", learn: 10, collect: 10, units: unitFlags{workers: 1}}
		o, err := f.options(io.Discard)
		require.NoError(t, err)
		assert.Equal(t, c.shape, o.Grid.Shape, "%+v", c)
	}
}

func TestExploreRefusesBadFlags(t *testing.T) {
	_, err := run(t, "explore")
	require.ErrorContains(t, err, "--out")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--reg", "nope=3"}, "--reg"},
		{[]string{"--reg", "W=70"}, "--reg"},
		{[]string{"--overflow", "round"}, "--overflow"},
		{[]string{"--mode", "X"}, "--mode"},
		{[]string{"--weight-bits", "9:7"}, "--weight-bits"},
		{[]string{"--seeds", "a"}, "--seeds"},
		{[]string{"--shard", "2/2"}, "--shard"},
		{[]string{"--workers", "0"}, "--workers 0: must be at least 1"},
	} {
		_, err := run(t, append([]string{"explore", "--out", t.TempDir()}, c.args...)...)
		require.ErrorContains(t, err, c.want, c.args)
	}
}
