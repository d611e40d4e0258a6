package explore

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/shard"
	"herdsim/internal/usps/usptest"
	"herdsim/synth"
)

// --- Pareto fronts and the recommendation, on hand-made points ---

func f(v float64) *float64 { return &v }
func i(v int) *int         { return &v }
func b(v bool) *bool       { return &v }

// hp is a hand-made measured point.
func hp(label string, testErr float64, cells int, fits bool, ips float64) PointResult {
	p := PointResult{Point: Point{Label: label, Valid: true}, TestError: f(testErr), ReferenceTestError: f(2.4),
		LogicCells: i(cells), Fits: b(fits)}
	if fits {
		p.IterationsPerS = f(ips)
	}
	return p
}

func TestParetoByHand(t *testing.T) {
	pts := []PointResult{
		hp("a", 3.0, 4000, true, 100),            // cheapest
		hp("b", 2.5, 4500, true, 150),            // better error, more cells
		hp("c", 2.5, 4500, true, 150),            // tie with b: both stay on the front
		hp("d", 2.6, 4600, true, 120),            // dominated by b (and c)
		hp("e", 2.4, 7000, false, 0),             // best error but does not fit: never on a front
		hp("f", 2.4, 5000, true, 90),             // best fitting error
		hp("g", 3.0, 4000, true, 80),             // same cells and error as a but slower: on the cells front (tie), not the speed front
		{Point: Point{Label: "h", Valid: false}}, // invalid: no measurements
	}
	assert.Equal(t, []int{0, 6, 1, 2, 5}, ParetoLogicCells(pts), "cells front: increasing cells, ties kept, the non-fitting e and dominated d left out")
	// Speed: b, c (150/s, 2.5 %) dominate a (100/s, 3.0 %), d, g; f (90/s, 2.4 %) is the
	// only better error.
	assert.Equal(t, []int{1, 2, 5}, ParetoSpeed(pts), "speed front: decreasing iterations per second")

	// A point that fits but has no Fmax (no iterations per second) is on no speed front.
	noF := hp("n", 1.0, 3000, true, 0)
	noF.IterationsPerS = nil
	assert.Equal(t, []int{1}, ParetoSpeed([]PointResult{noF, hp("m", 2.0, 3500, true, 10)}))
	assert.Equal(t, []int{0}, ParetoLogicCells([]PointResult{noF, hp("m", 2.0, 3500, true, 10)}))
	assert.Empty(t, ParetoLogicCells([]PointResult{hp("x", 2.0, 9000, false, 0)}), "nothing fits: empty fronts")
}

func TestRecommendCheapestWithinTolerance(t *testing.T) {
	pts := []PointResult{
		hp("wide", 2.4, 6000, true, 100),
		hp("narrow", 3.5, 3000, true, 200), // cheapest but 1.1 points worse
		hp("mid", 2.8, 4000, true, 150),    // within 0.5 of 2.4
		hp("mid-slow", 2.8, 4000, true, 90),
		hp("nofit", 2.4, 2000, false, 0),
	}
	r := Recommend(pts, 0.5)
	require.NotNil(t, r)
	assert.Equal(t, "mid", r.Label, "fewest cells within the tolerance; equal cells: the faster")
	assert.Equal(t, 4000, r.LogicCells)
	r = Recommend(pts, 1.2)
	require.NotNil(t, r)
	assert.Equal(t, "narrow", r.Label)
	r = Recommend(pts, 0)
	require.NotNil(t, r)
	assert.Equal(t, "wide", r.Label, "tolerance 0: only the reference's error")
	assert.Nil(t, Recommend(pts[4:], 10), "a point that does not fit is never recommended")
}

// --- whole runs on a toy source with a fake synthesizer ---

// toySource: 10 digits of noisy 16-pixel prototypes, 20 train, 6 valid, 4 test each.
var toySource = usptest.Toy{Train: 20, Valid: 6, Test: 4, FlipOneIn: 6}

// fakeSynth counts its calls and reports a cost from the design's size, the same for the
// same RTL: 1000 to 1996 cells, so every toy design fits (below 2000) and the fronts have
// points whatever the generated Verilog's length.
type fakeSynth struct{ calls atomic.Int64 }

func (s *fakeSynth) run(dir string) (*synth.Result, error) {
	s.calls.Add(1)
	var size int64
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			info, _ := d.Info()
			size += info.Size()
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	cells := 1000 + int(size%997)
	fits := cells < 2000
	fmax := 30 + float64(size%97)/10
	return &synth.Result{Target: "ice40-up5k", LUTs: cells / 2, FlipFlops: cells / 3, BRAM: 4, SPRAM: 4, DSP: 0,
		LogicCells: &cells, Fits: &fits, FmaxMHz: &fmax, Seed: 1}, nil
}

// toyAutoEnergy is the auto energy width of the toy at W 12: the grid point that names
// it is the same design as the one that asks for auto.
func toyAutoEnergy(t *testing.T) int {
	sz := Sizes{D: 16, N: 20, Iterations: 8, Mode: herding.ModeH}
	p := newPoint(sz, 4, 3, 12, 0, 0, fixedpoint.Wrap, nil, "")
	return p.arch.Regs[datapath.RegEnergy].Format.Word
}

func toyOptions(t *testing.T, out string, s *fakeSynth) Options {
	return Options{
		Grid: Grid{Hidden: []int{4}, Tiles: []int{3}, WeightBits: []int{8, 12}, AccBits: []int{0}, EnergyBits: []int{0, toyAutoEnergy(t)},
			Overflows: []fixedpoint.Overflow{fixedpoint.Wrap, fixedpoint.Sat}},
		Mode: herding.ModeH, Split: 0, SplitSeed: 1, Seed: 1, Learn: 4, Collect: 4, DynClass: 3,
		Synth: SynthOptions{Target: "ice40-up5k", FreqMHz: 40}, Synthesizer: s.run,
		Tolerance: 0.5, Narrow: true, NarrowMargin: 1, NarrowOverflow: fixedpoint.Sat,
		Out: out, Workers: 2,
	}
}

func run(t *testing.T, o Options) *Summary {
	t.Helper()
	s, err := Run(context.Background(), toySource, o)
	require.NoError(t, err)
	return s
}

// The toy grid run once with the default options: the reference that the resumed and
// sharded runs must equal byte for byte.
var (
	wholeOnce sync.Once
	wholeDir  string
	wholeErr  error
)

// whole is the folder of the reference run (read only: tests compare against it).
func whole(t *testing.T) string {
	t.Helper()
	wholeOnce.Do(func() {
		if wholeDir, wholeErr = os.MkdirTemp("", "herdsim-explore-whole-*"); wholeErr == nil {
			_, wholeErr = Run(context.Background(), toySource, toyOptions(t, wholeDir, &fakeSynth{}))
		}
	})
	require.NoError(t, wholeErr)
	return wholeDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if wholeDir != "" {
		os.RemoveAll(wholeDir)
	}
	os.Exit(code)
}

func read(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// outputs are the bytes of every file a run leaves, timing log aside.
func outputs(t *testing.T, dir string) map[string][]byte {
	out := map[string][]byte{}
	require.NoError(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == "timing.jsonl" {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		out[rel] = read(t, path)
		return nil
	}))
	return out
}

func TestPointsThatShareADesignShareItsSynthesis(t *testing.T) {
	s := &fakeSynth{}
	dir := t.TempDir()
	sum := run(t, toyOptions(t, dir, s))
	require.NotNil(t, sum.Results)
	pts := sum.Results.Points
	// W 8 and 12 x energy auto and the auto width named x wrap, sat: 8 grid points; at
	// W 12 the named width is auto's, so those points are the same design; the narrowed
	// point is one more design unless it equals one of them.
	require.Len(t, pts, 9)
	designs := map[string]bool{}
	for _, p := range pts {
		if p.Valid {
			designs[p.RTLHash] = true
		}
	}
	assert.Equal(t, int64(len(designs)), s.calls.Load(), "one synthesis per distinct RTL")
	assert.Less(t, len(designs), 8, "points with the same RTL shared it")
	byLabel := map[string]PointResult{}
	for _, p := range pts {
		byLabel[p.Label] = p
	}
	a, e := byLabel["K4-H-T3-w12-aauto-eauto-wrap"], byLabel[fmtLabel(12, toyAutoEnergy(t), "wrap")]
	require.True(t, a.Valid && e.Valid)
	assert.Equal(t, a.RTLHash, e.RTLHash)
	assert.Equal(t, *a.LogicCells, *e.LogicCells)
	assert.Equal(t, *a.TestError, *e.TestError, "the same registers: the same accuracy unit")
	assert.NotEqual(t, byLabel["K4-H-T3-w8-aauto-eauto-wrap"].RTLHash, a.RTLHash)

	// The reference beside every point, and the lossless point equals it.
	for _, p := range pts {
		if p.Valid {
			require.NotNil(t, p.ReferenceTestError)
			require.NotNil(t, p.CyclesPerIteration)
			assert.Positive(t, *p.CyclesPerIteration)
		}
	}
	assert.True(t, *a.BitExact, "12-bit W (lossless: 10 bits) and auto accumulators are exact over 8 iterations")
	assert.Equal(t, *a.ReferenceTestError, *a.TestError, "a bit-exact datapath classifies as the float reference")

	// Narrowing: proposed from ranges, then run.
	n := sum.Results.Narrowing
	require.NotNil(t, n)
	assert.True(t, n.Verified)
	assert.Contains(t, byLabel, n.Point)
	assert.True(t, byLabel[n.Point].Narrowed)

	// A rerun computes nothing, synthesises nothing.
	before := s.calls.Load()
	again := run(t, toyOptions(t, dir, s))
	assert.Zero(t, again.Ran)
	assert.Equal(t, before, s.calls.Load())
}

func fmtLabel(w, e int, o string) string {
	return "K4-H-T3-w" + strconv.Itoa(w) + "-aauto-e" + strconv.Itoa(e) + "-" + o
}

func TestSameBytesForAnyGOMAXPROCSAndWorkers(t *testing.T) {
	d1, d2 := t.TempDir(), t.TempDir()
	old := runtime.GOMAXPROCS(1)
	o := toyOptions(t, d1, &fakeSynth{})
	o.Workers = 1
	run(t, o)
	runtime.GOMAXPROCS(max(2, old))
	o = toyOptions(t, d2, &fakeSynth{})
	o.Workers = 3
	run(t, o)
	runtime.GOMAXPROCS(old)
	a, b := outputs(t, d1), outputs(t, d2)
	require.Contains(t, a, "results.json")
	require.Contains(t, a, "table.md")
	require.Contains(t, a, PlotLogicCells)
	require.Contains(t, a, PlotSpeed)
	sameFiles(t, a, b)
}

// sameFiles compares two folders' outputs file by file, naming the files that differ.
func sameFiles(t *testing.T, a, b map[string][]byte) {
	t.Helper()
	for name, want := range a {
		got, ok := b[name]
		if assert.True(t, ok, "%s missing", name) {
			assert.True(t, bytes.Equal(want, got), "%s differs", name)
		}
	}
	assert.Len(t, b, len(a))
}

func TestResumeGivesTheSameBytes(t *testing.T) {
	one, two := whole(t), t.TempDir()
	s := &fakeSynth{}
	var total int
	for range 100 {
		o := toyOptions(t, two, s)
		o.MaxUnits = 7
		sum := run(t, o)
		total += sum.Ran
		if sum.Results != nil {
			break
		}
		assert.NoFileExists(t, filepath.Join(two, "results.json"), "no results before every unit is done")
	}
	sameFiles(t, outputs(t, one), outputs(t, two))
	designs := map[string]bool{}
	var res Results
	require.NoError(t, json.Unmarshal(read(t, filepath.Join(two, "results.json")), &res))
	for _, p := range res.Points {
		if p.Valid {
			designs[p.RTLHash] = true
		}
	}
	assert.Equal(t, int64(len(designs)), s.calls.Load(), "resumed runs never synthesise a design twice")
}

func TestShardsMergeToOneRun(t *testing.T) {
	one, s0, s1, merged := whole(t), t.TempDir(), t.TempDir(), t.TempDir()
	for k, dir := range []string{s0, s1} {
		o := toyOptions(t, dir, &fakeSynth{})
		o.Shard = shard.Shard{Index: k, Of: 2}
		run(t, o)
	}
	res, err := Merge(toySource, merged, []string{s0, s1}, nil)
	require.NoError(t, err)
	require.NotNil(t, res.Narrowing)
	assert.False(t, res.Narrowing.Verified, "the narrowing runs after the grid: grid shards alone did not run it")
	// A run in the merged folder computes only the narrowing's units.
	s := &fakeSynth{}
	sum := run(t, toyOptions(t, merged, s))
	assert.LessOrEqual(t, sum.Ran, 12)
	a, b := outputs(t, one), outputs(t, merged)
	assert.Equal(t, a["results.json"], b["results.json"])
	assert.Equal(t, a["table.md"], b["table.md"])
}

// A real synthesis of a small design, when the tools are installed.
func TestRealSynthesisOfASmallDesign(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesis takes a minute")
	}
	for _, bin := range []string{"yosys", "nextpnr-ice40", "icetime"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Skipf("%s not installed", bin)
		}
	}
	train, _, _, err := toySource.Split(3, 0, 1)
	require.NoError(t, err)
	sz := Sizes{D: train.D, N: train.N(), Iterations: 8, Mode: herding.ModeH}
	p := newPoint(sz, 4, 3, 12, 0, 0, fixedpoint.Wrap, nil, "")
	require.True(t, p.Valid, p.Error)
	files, err := rtlFiles(p, train, 1)
	require.NoError(t, err)
	res, err := synthesise(SynthOptions{Target: "ice40-up5k", FreqMHz: 40}.Runner(), files)
	require.NoError(t, err)
	c := costOf(res)
	require.NotNil(t, c.LogicCells)
	assert.Positive(t, *c.LogicCells)
	assert.True(t, c.Fits)
	require.NotNil(t, c.FmaxMHz)
	assert.Positive(t, *c.FmaxMHz)
	assert.Equal(t, 4, c.SPRAM, "the tiled datapath keeps X and W in the four SPRAMs")
}

// TestAPartSizesEachPoint: with Grid.Shape, each point takes the W lanes and tile
// synth.PickShape picks for its widths on the part (USPS K = 50 on the ECP5-85F: 16
// lanes, the largest tile that fits), named in its label; a part without an estimate
// makes the point invalid, saying why; the plan keeps the part.
func TestAPartSizesEachPoint(t *testing.T) {
	sz := Sizes{D: 256, N: 700, Iterations: 2000, Mode: herding.ModeH}
	g := Grid{Hidden: []int{50}, Tiles: []int{4}, WeightBits: []int{16, 18}, AccBits: []int{22}, EnergyBits: []int{0},
		Overflows: []fixedpoint.Overflow{fixedpoint.Sat}, Regs: map[datapath.Reg]int{datapath.RegVisField: 21}, Shape: "ecp5-85k"}
	points := g.Points(sz)
	require.Len(t, points, 2, "a part's shape replaces the tile list")
	for i, p := range points {
		want, err := synth.PickShape(newPoint(sz, 50, 0, g.WeightBits[i], 22, 0, fixedpoint.Sat, g.Regs, "").arch, "ecp5-85k")
		require.NoError(t, err)
		require.True(t, p.Valid, p.Error)
		assert.Equal(t, want.Tile, p.Tile)
		assert.Equal(t, want.Tile, p.Arch().Tile)
		assert.Equal(t, 16, p.WLanes)
		a := p.Arch()
		assert.Equal(t, 16, a.Lanes())
		assert.Contains(t, p.Label, fmt.Sprintf("-T%d-L16-", want.Tile))
		assert.Greater(t, p.Tile, 4, "the ECP5-85F holds a larger tile than the UP5K's")
	}
	assert.NotEqual(t, regsText(points[0].Arch()), regsText(newPoint(sz, 50, 4, 16, 22, 0, fixedpoint.Sat, g.Regs, "").arch),
		"the lanes change the x half's adds: another accuracy")

	g.Shape = "gw1nr-9"
	for _, p := range g.Points(sz) {
		assert.False(t, p.Valid)
		assert.Contains(t, p.Error, "no resource estimate for the gowin family")
	}

	o := toyOptions(t, t.TempDir(), &fakeSynth{})
	o.Grid.Shape = "xc7a200t"
	back, err := o.plan().options()
	require.NoError(t, err)
	assert.Equal(t, "xc7a200t", back.Grid.Shape)
}

// TestAShapedRunGivesTheSameBytes: a toy run with each point sized for a part runs every
// unit (the dynamics and accuracy at 16 W lanes) and gives the same bytes again.
func TestAShapedRunGivesTheSameBytes(t *testing.T) {
	var outs [2]map[string][]byte
	for i := range outs {
		o := toyOptions(t, t.TempDir(), &fakeSynth{})
		o.Grid.Shape = "ecp5-25k"
		sum := run(t, o)
		require.NotNil(t, sum.Results)
		for _, p := range sum.Results.Points {
			if p.Valid {
				assert.Equal(t, 16, p.WLanes, p.Label)
			}
		}
		outs[i] = outputs(t, o.Out)
	}
	sameFiles(t, outs[0], outs[1])
}
