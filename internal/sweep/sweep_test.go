package sweep

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/shard"
	"herdsim/internal/units"
	"herdsim/sim"
)

// The test grid: the default data, K=8 in mode H (each point's default tile), T=30. Over
// that run the reference's weights need 11 bits (checked below from the lossless range
// log), so weight-bits 9 and 10 must diverge and 11, 12 stay bit exact; positive-bits 8
// cannot hold N = 128 (invalid), 9 can. (Mode H: SH's c row would need c no wider than W.)
const testIters = 30

func testSetup() Setup {
	return Setup{Data: dataset.Default(), Config: herding.Config{Hidden: 8, Mode: herding.ModeH, Sweeps: 10, Seed: 1}, Iterations: testIters}
}

func testSpec(t *testing.T) Spec {
	s, err := newSpec([]string{"positive-bits=8,9", "weight-bits=9:12"}, false, fixedpoint.Wrap, fixedpoint.Sat)
	require.NoError(t, err)
	return s
}

func runGrid(t *testing.T, out string, sh shard.Shard) (Stats, string) {
	t.Helper()
	return runOpts(t, Options{Setup: testSetup(), Spec: testSpec(t), Shard: sh, Out: out})
}

func runOpts(t *testing.T, opts Options) (Stats, string) {
	t.Helper()
	var warn bytes.Buffer
	opts.Warn = &warn
	st, err := Run(context.Background(), opts)
	require.NoError(t, err)
	return st, warn.String()
}

// full is one uninterrupted run of the test grid, shared by the tests that compare with it.
var full = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "sweep-full-")
	if err != nil {
		return "", err
	}
	s, _ := newSpec([]string{"positive-bits=8,9", "weight-bits=9:12"}, false, fixedpoint.Wrap, fixedpoint.Sat)
	_, err = Run(context.Background(), Options{Setup: testSetup(), Spec: s, Out: dir})
	return dir, err
})

func fullDir(t *testing.T) string {
	dir, err := full()
	require.NoError(t, err)
	return dir
}

// readRecords reads a folder's points.jsonl by row label and overflow mode.
func readRecords(t *testing.T, dir string) map[string]Record {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, FilePoints))
	require.NoError(t, err)
	out := map[string]Record{}
	for _, line := range strings.SplitAfter(strings.TrimSuffix(string(b), "\n"), "\n") {
		var r Record
		require.NoError(t, units.Decode([]byte(line), &r))
		out[r.label()+" "+r.Overflow] = r
	}
	return out
}

func TestTinyGridFindsTheLosslessWeightWidth(t *testing.T) {
	setup := testSetup()
	c := setup.Config
	lossless := datapath.DefaultArch(c.Hidden, setup.Data.D, setup.Data.N(), setup.Tile, c.Sweeps, testIters, c.Mode, false)
	rep, err := sim.Lockstep(setup.Data, lossless, c.Seed, testIters, nil)
	require.NoError(t, err)
	require.True(t, rep.BitExact)
	wBits := rep.Ranges["W"].Bits()
	require.Equal(t, 11, wBits, "the grid below is built around the reference needing 11-bit weights")

	dir := fullDir(t)
	recs := readRecords(t, dir)
	require.Len(t, recs, 12)
	for _, o := range []string{"wrap", "sat"} {
		for _, w := range []string{"11", "12"} {
			r := recs["weight-bits="+w+" "+o]
			require.True(t, r.Valid && r.BitExact, "%s %s", w, o)
			require.Nil(t, r.FirstDivergence)
			require.Zero(t, r.HammingX+r.HammingZ)
			require.Zero(t, r.Overflows["W"])
			require.Equal(t, r.ReferenceMomentError, r.MomentError)
			require.Equal(t, r.ReferenceMomentError, r.WeightMomentError)
		}
		for _, w := range []string{"9", "10"} {
			r := recs["weight-bits="+w+" "+o]
			require.True(t, r.Valid, "%s %s", w, o)
			require.False(t, r.BitExact, "%s %s", w, o)
			require.NotNil(t, r.FirstDivergence)
			require.Positive(t, r.Overflows["W"])
			require.Equal(t, "W", r.FirstDivergence.FirstOverflow.Register)
		}
		bad := recs["positive-bits=8 "+o]
		require.False(t, bad.Valid)
		require.Contains(t, bad.Error, "cannot hold N = 128")
		require.True(t, recs["positive-bits=9 "+o].BitExact)
	}

	var rec Recommendations
	js, err := os.ReadFile(filepath.Join(dir, FileRecommendations))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(js, &rec))
	require.Len(t, rec.Groups, 4)
	for _, g := range rec.Groups {
		want := map[string]int{"weight-bits": wBits, "positive-bits": 9}[g.Group]
		require.NotNil(t, g.Lossless, "%s %s", g.Group, g.Overflow)
		require.Equal(t, want, *g.Lossless, "%s %s", g.Group, g.Overflow)
		require.NotNil(t, g.Lossy)
		require.LessOrEqual(t, *g.Lossy, *g.Lossless)
	}
	md, err := os.ReadFile(filepath.Join(dir, FileTableMD))
	require.NoError(t, err)
	require.Contains(t, string(md), "| weight-bits | W | wrap | 9..12 | 11 |")
	require.Contains(t, string(md), "| positive-bits=8 | wrap | invalid: datapath: positive register s8.0 cannot hold N = 128")
	for _, f := range []string{FileTableCSV, FileDivergencePlot, FileMomentPlot} {
		require.FileExists(t, filepath.Join(dir, f))
	}
}

// TestRunFullAgreesWithLockstep: the full run names the same first divergence as Lockstep
// (which stops there), and its moment error is the reference's own when bit exact and the
// exact sum of the datapath's updates otherwise, recomputed here naively.
func TestRunFullAgreesWithLockstep(t *testing.T) {
	setup := testSetup()
	ref, err := sim.NewReference(setup.Data, setup.Config, testIters, nil)
	require.NoError(t, err)
	eng, err := herding.New(setup.Data, setup.Config)
	require.NoError(t, err)
	for range testIters {
		_, err := eng.Step()
		require.NoError(t, err)
	}
	spec, err := newSpec([]string{"weight-bits=10,13", "acc-bits=15", "update-bits=11"}, false, fixedpoint.Wrap, fixedpoint.Sat)
	require.NoError(t, err)
	for _, p := range spec.Points(setup) {
		run, err := sim.RunFull(ref, p.Arch, nil)
		require.NoError(t, err)
		rep, err := sim.Lockstep(setup.Data, p.Arch, setup.Config.Seed, testIters, nil)
		require.NoError(t, err)
		require.Equal(t, rep.BitExact, run.BitExact, p.Key)
		if rep.BitExact {
			require.Equal(t, eng.MomentError(), run.MomentError, p.Key)
			continue
		}
		require.Equal(t, *rep.FirstDivergence, *run.FirstDivergence, p.Key)
		require.Equal(t, naiveMomentError(t, setup, p.Arch), run.MomentError, p.Key)
		require.Positive(t, run.HammingX+run.HammingZ, p.Key)
	}
}

// TestAMovedSearchStartIsNotBitExact: issue 17's sh6 case (item 1). With energy s4.0
// wrap, an overflow moves SH's start at iteration 3 (data vector 2 instead of 0) and the
// search runs 2 sweeps instead of 1 to the same x*, z*: the point is not bit exact, its
// first divergence is the start, and the Hamming distances stay 0. energy=7 holds every
// value (the lossless reference of the same grid) and stays bit exact.
func TestAMovedSearchStartIsNotBitExact(t *testing.T) {
	data := &dataset.Binary{Name: "sh6", D: 5}
	for _, line := range []string{"11111", "11111", "11011", "11111", "11111", "11111"} {
		row := make([]int8, len(line))
		for j, c := range line {
			row[j] = map[rune]int8{'0': -1, '1': 1}[c]
		}
		data.Rows = append(data.Rows, row)
	}
	setup := Setup{Data: data, Config: herding.Config{Hidden: 3, Mode: herding.ModeSH, Sweeps: 10, Seed: 1}, Iterations: 3}
	spec, err := newSpec([]string{"energy=4,7"}, false, fixedpoint.Wrap)
	require.NoError(t, err)
	dir := t.TempDir()
	_, err = Run(context.Background(), Options{Setup: setup, Spec: spec, Out: dir, Workers: 1})
	require.NoError(t, err)
	recs := readRecords(t, dir)
	require.Len(t, recs, 2)

	narrow := recs["energy=4 wrap"]
	require.True(t, narrow.Valid)
	require.False(t, narrow.BitExact)
	d := narrow.FirstDivergence
	require.NotNil(t, d)
	require.Equal(t, 3, d.Iteration)
	require.Equal(t, "start", d.Signal)
	require.Equal(t, int64(0), d.Reference)
	require.Equal(t, int64(2), d.Datapath)
	require.Equal(t, "energy", d.FirstOverflow.Register)
	require.Zero(t, narrow.HammingX+narrow.HammingZ, "the pseudo-samples match: only the start, sweeps and cycles differ")

	wide := recs["energy=7 wrap"]
	require.True(t, wide.Valid && wide.BitExact)
	require.Nil(t, wide.FirstDivergence)
}

// naiveMomentError sums the datapath's updates with plain loops over its hidden states.
func naiveMomentError(t *testing.T, s Setup, a datapath.Arch) float64 {
	p := herding.InitialWeights(a.K, a.D, a.N, s.Config.Seed)
	w0 := make([]int64, len(p.W))
	for i, v := range p.W {
		w0[i] = int64(v)
	}
	m, err := datapath.NewTile(a, s.Data, w0, make([]int64, a.K), make([]int64, a.D))
	require.NoError(t, err)
	uw, uc := make([]int64, a.K*a.D), make([]int64, a.D)
	N := int64(a.N)
	for range s.Iterations {
		r := m.RunIteration()
		for i := range a.K {
			for j := range a.D {
				var pos int64
				for n, row := range s.Data.Rows {
					pos += int64(r.Hidden[n][i]) * int64(row[j])
				}
				uw[i*a.D+j] += pos - N*int64(r.Z[i])*int64(r.X[j])
			}
		}
		for j := range a.D {
			var pos int64
			for _, row := range s.Data.Rows {
				pos += int64(row[j])
			}
			uc[j] += pos - N*int64(r.X[j])
		}
	}
	var drift int64
	for _, v := range append(uw, uc...) {
		drift = max(drift, v, -v)
	}
	return float64(drift) / float64(N*int64(s.Iterations))
}

// reportFiles are every file of a sweep folder but the timing log, by path: plan, unit
// files, points.jsonl and the report.
func reportFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	require.NoError(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == units.TimingFile {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out[filepath.ToSlash(rel)] = b
		return err
	}))
	for _, f := range []string{units.PlanFile, FilePoints, FileTableMD, FileTableCSV, FileRecommendations, FileDivergencePlot, FileMomentPlot} {
		require.Contains(t, out, f)
	}
	return out
}

// requireSameReport: two folders hold the same files with the same bytes.
func requireSameReport(t *testing.T, want, got string) {
	t.Helper()
	w, g := reportFiles(t, want), reportFiles(t, got)
	require.Equal(t, len(w), len(g))
	for f := range w {
		require.True(t, bytes.Equal(w[f], g[f]), "%s differs:\n%s\n---\n%s", f, w[f], g[f])
	}
}

func TestResumeComputesOnlyTheMissingPoints(t *testing.T) {
	ref := fullDir(t)
	dir := t.TempDir()
	const k = 5
	st, _ := runOpts(t, Options{Setup: testSetup(), Spec: testSpec(t), Out: dir, MaxUnits: k})
	require.Equal(t, Stats{Points: 12, Computed: k, Missing: 12 - k, Store: filepath.Join(dir, "units")}, st)
	require.NoFileExists(t, filepath.Join(dir, FilePoints), "the report waits for the whole grid")
	require.NoFileExists(t, filepath.Join(dir, FileTableMD))

	st, warn := runGrid(t, dir, shard.Shard{})
	require.Equal(t, Stats{Points: 12, Skipped: k, Computed: 12 - k, Invalid: 2, Store: filepath.Join(dir, "units"), Recommendations: st.Recommendations}, st)
	require.NotNil(t, st.Recommendations)
	require.Empty(t, warn)
	requireSameReport(t, ref, dir)

	again, _ := runGrid(t, dir, shard.Shard{})
	require.Equal(t, 12, again.Skipped)
	require.Zero(t, again.Computed)
	requireSameReport(t, ref, dir)
	timing, err := os.ReadFile(filepath.Join(dir, units.TimingFile))
	require.NoError(t, err)
	require.Equal(t, 12, bytes.Count(timing, []byte("\n")), "one timing line per computed point")
}

// TestAPointOfAnotherGridIsRefused: a unit file that holds another point (a hand-copied
// file) stops the run before anything is written.
func TestAPointOfAnotherGridIsRefused(t *testing.T) {
	ref := fullDir(t)
	dir := t.TempDir()
	points := testSpec(t).Points(testSetup())
	b, err := os.ReadFile(units.Folder(ref).Path(points[1].unit().Key))
	require.NoError(t, err)
	path := units.Folder(dir).Path(points[0].unit().Key)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, b, 0o644))
	_, err = Run(context.Background(), Options{Setup: testSetup(), Spec: testSpec(t), Out: dir})
	require.ErrorContains(t, err, path+": holds another point")
	require.NoFileExists(t, filepath.Join(dir, units.PlanFile))
}

func TestShardsMergeToTheWholeGrid(t *testing.T) {
	ref := fullDir(t)
	var dirs []string
	total := 0
	for i := range 3 {
		dir := t.TempDir()
		st, _ := runGrid(t, dir, shard.Shard{Index: i, Of: 3})
		require.Nil(t, st.Recommendations)
		require.Equal(t, 4, st.Computed)
		require.Equal(t, 8, st.Missing)
		require.NoFileExists(t, filepath.Join(dir, FileTableMD), "a shard writes its units only")
		total += st.Points
		dirs = append(dirs, dir)
	}
	require.Equal(t, 12, total)

	out := filepath.Join(t.TempDir(), "merged")
	_, _, err := Merge(out, dirs[:2], nil)
	require.ErrorContains(t, err, "4 of the grid's 12 points are not finished")
	n, rec, err := Merge(out, dirs[2:], nil)
	require.NoError(t, err)
	require.Equal(t, 12, n)
	require.NotNil(t, rec)
	requireSameReport(t, ref, out)

	// Merging again (shards overlapping the merged folder) changes nothing, and a merge of
	// no folders rewrites the same report.
	n, _, err = Merge(out, append(dirs, dirs[0]), nil)
	require.NoError(t, err)
	require.Equal(t, 12, n)
	requireSameReport(t, ref, out)
	_, _, err = Merge(out, nil, nil)
	require.NoError(t, err)
	requireSameReport(t, ref, out)

	// Shards sharing one folder: the one that finishes the grid writes the report.
	shared := t.TempDir()
	for i := range 2 {
		st, _ := runGrid(t, shared, shard.Shard{Index: i, Of: 2})
		require.Equal(t, i == 1, st.Recommendations != nil)
	}
	requireSameReport(t, ref, shared)
}

func TestReportDoesNotDependOnGOMAXPROCS(t *testing.T) {
	ref := fullDir(t)
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	one := t.TempDir()
	runGrid(t, one, shard.Shard{})
	runtime.GOMAXPROCS(2)
	two := t.TempDir()
	runOpts(t, Options{Setup: testSetup(), Spec: testSpec(t), Out: two, Workers: 3})
	// Same command, same bytes: units, points.jsonl (table order) and the report, whatever
	// GOMAXPROCS and the workers (issue 17, item 5).
	requireSameReport(t, ref, one)
	requireSameReport(t, one, two)
}

func TestMergeRejectsConflictsAndOtherPlans(t *testing.T) {
	ref := fullDir(t)
	points := testSpec(t).Points(testSetup())
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad")
	copyFile := func(rel string, edit func([]byte) []byte) {
		b, err := os.ReadFile(filepath.Join(ref, rel))
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(bad, rel)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(bad, rel), edit(b), 0o644))
	}
	same := func(b []byte) []byte { return b }
	copyFile(units.PlanFile, same)
	unit := filepath.Join("units", points[3].unit().Key+".json")
	copyFile(unit, func(b []byte) []byte {
		var rec Record
		require.NoError(t, json.Unmarshal(b, &rec))
		rec.HammingX++
		line, _ := json.Marshal(rec)
		return append(line, '\n')
	})
	out := filepath.Join(dir, "out")
	_, _, err := Merge(out, []string{ref, bad}, nil)
	require.ErrorContains(t, err, "the same unit gave different results")
	require.NoDirExists(t, out)

	require.NoError(t, os.RemoveAll(bad))
	copyFile(units.PlanFile, func(b []byte) []byte {
		return bytes.Replace(b, []byte(`"iterations": 30`), []byte(`"iterations": 31`), 1)
	})
	_, _, err = Merge(out, []string{ref, bad}, nil)
	require.ErrorContains(t, err, "ran another plan")
	require.NoDirExists(t, out)

	copyFile(units.PlanFile, func([]byte) []byte { return []byte(`{"nonsense": 1}`) })
	_, _, err = Merge(out, []string{bad}, nil)
	require.ErrorContains(t, err, "not a sweep plan")
	require.NoDirExists(t, out)

	_, _, err = Merge(out, []string{filepath.Join(dir, "none")}, nil)
	require.ErrorContains(t, err, units.PlanFile)
	require.NoDirExists(t, out)
}

func TestMain(m *testing.M) {
	code := m.Run()
	if dir, err := full(); err == nil && dir != "" {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}
