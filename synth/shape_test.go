package synth_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/synth"
)

// uspsDigit3 is USPS digit 3's 700 training images (where dataset finds the data), or a
// skip where the data are not there.
func uspsDigit3(t *testing.T) *dataset.Binary {
	t.Helper()
	data, err := dataset.Load("usps", dataset.LoadOptions{Digit: 3, Seed: dataset.DefaultSeed})
	if err != nil {
		t.Skipf("USPS: %v", err)
	}
	return data
}

// uspsArch is the measured parts' design: USPS digit 3, mode H, word skip, the K = 50
// widths (docs/fpga.md "Other parts"), lanes W lanes and a tile of t.
func uspsArch(t *testing.T, data *dataset.Binary, k, lanes, tile int) datapath.Arch {
	t.Helper()
	return measuredArch(t, data, k, lanes, tile, herding.ModeH, map[datapath.Reg]int{datapath.RegW: 18, datapath.RegField: 22,
		datapath.RegVisField: 21, datapath.RegC: 18, datapath.RegUpdate: 19, datapath.RegB: 2})
}

// measuredArch is a design of USPS digit 3 in a mode (H: with word skip) at the given
// widths, lanes and tile.
func measuredArch(t *testing.T, data *dataset.Binary, k, lanes, tile int, mode herding.Mode, widths map[datapath.Reg]int) datapath.Arch {
	t.Helper()
	a := datapath.DefaultArch(k, data.D, data.N(), 0, herding.DefaultSweeps, 2000, mode, false)
	for r, w := range widths {
		a.Regs[r].Format = fixedpoint.Format{Signed: true, Word: w}
	}
	a.UseLanes(lanes)
	a.UseTile(tile)
	if mode == herding.ModeH {
		a.UseSkip(datapath.NewSkipLayout(data.Rows))
	}
	require.NoError(t, a.Validate())
	return a
}

// TestEstimateAgainstMeasured: the estimate of the designs measured on the ECP5-85F and on
// Xilinx 7-series parts (results/parts) gives their block RAM exactly (counted from the
// core's memories: not fitted), and their LUTs and flip-flops within 1 % for the designs
// the fit is made from and within 15 % for those it was not: K = 250 at T = 84 (Yosys's
// mapped LUT4s, which run below the placed count the fit uses: 12.5 % since the copies of
// the X words took 1,105 LUTs off it) and mode SH.
func TestEstimateAgainstMeasured(t *testing.T) {
	data := uspsDigit3(t)
	h3 := measuredArch(t, data, 250, 16, 84, herding.ModeH, map[datapath.Reg]int{datapath.RegW: 18, datapath.RegField: 22,
		datapath.RegVisField: 23, datapath.RegC: 20, datapath.RegUpdate: 20, datapath.RegB: 2})
	sh1 := measuredArch(t, data, 50, 16, 56, herding.ModeSH, map[datapath.Reg]int{datapath.RegW: 18, datapath.RegField: 23,
		datapath.RegVisField: 22, datapath.RegEnergy: 25, datapath.RegBestEnergy: 25, datapath.RegC: 18, datapath.RegUpdate: 19, datapath.RegB: 2})
	h5 := measuredArch(t, data, 1000, 32, 168, herding.ModeH, map[datapath.Reg]int{datapath.RegW: 18, datapath.RegField: 24,
		datapath.RegVisField: 24, datapath.RegC: 20, datapath.RegUpdate: 20, datapath.RegB: 2})
	for _, c := range []struct {
		report string
		arch   datapath.Arch
		within float64
	}{
		{"synth-usps-k1000-h-t168-l32-skip-xc7a200t.json", h5, 0.01},
		{"synth-usps-k50-h-t56-l16-skip-ecp5-85k.json", uspsArch(t, data, 50, 16, 56), 0.01},
		{"synth-usps-k50-h-t56-l16-skip-xc7a100t.json", uspsArch(t, data, 50, 16, 56), 0.01},
		{"synth-usps-k100-h-t112-l16-skip-xc7a200t.json", uspsArch(t, data, 100, 16, 112), 0.01},
		{"synth-usps-k250-h-t84-l16-skip-ecp5-85k.json", h3, 0.15},
		{"synth-usps-k50-sh-t56-l16-ecp5-85k.json", sh1, 0.15},
	} {
		raw, err := os.ReadFile(filepath.Join("..", "results", "parts", c.report))
		require.NoError(t, err)
		var r struct {
			Target string `json:"target"`
			LUTs   int    `json:"luts"`
			FFs    int    `json:"ffs"`
			BRAM   int    `json:"bram_blocks"`
			Util   map[string]struct {
				Used int `json:"used"`
			} `json:"utilisation"`
		}
		require.NoError(t, json.Unmarshal(raw, &r))
		luts := r.LUTs
		if u, ok := r.Util["TRELLIS_COMB"]; ok {
			luts = u.Used
		}
		e, err := synth.EstimateBoardTop(c.arch, r.Target)
		require.NoError(t, err)
		require.Equal(t, r.BRAM, e.BRAM, c.report)
		require.InEpsilon(t, luts, e.LUTs, c.within, c.report)
		require.InEpsilon(t, r.FFs, e.FFs, c.within, c.report)
	}
}

// TestPickShape: --target's shape for the paper's larger models: the tile with the fewest
// cycles of those within the part's share (80 % of LUTs and flip-flops, all the block RAM),
// naming the resource that stops larger ones; the UP5K keeps its own shape; a family
// without an estimate and a model too large for the part are refused, naming why.
func TestPickShape(t *testing.T) {
	data := uspsDigit3(t)
	a := uspsArch(t, data, 250, 3, 0)
	s, err := synth.PickShape(a, "ecp5-85k")
	require.NoError(t, err)
	require.Equal(t, 16, s.Lanes)
	require.Zero(t, s.Tile%14, "whole W words of 14 weights")
	require.LessOrEqual(t, s.Estimate.BRAM, 208)
	require.NotEmpty(t, s.Binds)
	next := uspsArch(t, data, 250, 16, s.Tile+14)
	e, err := synth.EstimateBoardTop(next, "ecp5-85k")
	require.NoError(t, err)
	require.True(t, e.BRAM > 208 || float64(e.LUTs) > 0.8*83640 || float64(e.FFs) > 0.8*83640, "the next tile fits: %+v", e)
	require.Contains(t, s.String(), "the next tile would exceed")

	one, err := synth.PickShape(uspsArch(t, data, 50, 3, 0), "xc7a200t")
	require.NoError(t, err)
	require.Equal(t, 56, one.Tile, "K = 50 in one tile of 56 rows (two W words of 32 lanes)")
	require.Contains(t, one.String(), "one tile holds every hidden unit")

	// The fewest cycles, not the largest tile: K = 1000 on the XC7A200T takes 32 W lanes
	// (half the search's groups of 16) and six tiles a pass from T = 168 to the largest
	// that fits, and the smallest of them passes fastest (each tile's prefetch and
	// write-back grow with it).
	h5 := uspsArch(t, data, 1000, 3, 0)
	h5.Regs[datapath.RegField].Format.Word = 24
	fast, err := synth.PickShape(h5, "xc7a200t")
	require.NoError(t, err)
	require.Equal(t, []int{32, 168}, []int{fast.Lanes, fast.Tile}, "%v", fast)
	require.Greater(t, fast.Largest, fast.Tile, "%v", fast)
	pw := datapath.PerWord(18, fast.Lanes)
	cycles := func(lanes, tile int) uint64 {
		other := h5
		other.UseLanes(lanes)
		other.UseTile(tile)
		return other.TileCycles(synth.ShapeSweeps, false)
	}
	for tile := fast.Tile + pw; tile <= fast.Largest; tile += pw {
		require.Greater(t, cycles(fast.Lanes, tile), fast.Cycles, "T = %d", tile)
	}
	require.Greater(t, cycles(fast.Lanes, fast.Tile-pw), fast.Cycles, "the tile before the pick is slower")
	require.Greater(t, cycles(16, fast.Tile), fast.Cycles, "16 lanes are slower")
	require.Contains(t, fast.String(), "no larger tile up to T = ")

	up5k, err := synth.PickShape(uspsArch(t, data, 50, 16, 56), "ice40-up5k")
	require.NoError(t, err)
	require.Equal(t, []int{3, 4}, []int{up5k.Lanes, up5k.Tile})

	_, err = synth.PickShape(a, "gw1nr-9")
	require.ErrorContains(t, err, "no resource estimate for the gowin family")
	_, err = synth.PickShape(uspsArch(t, data, 1000, 3, 0), "ecp5-25k")
	require.ErrorContains(t, err, "even the smallest tile")
}
