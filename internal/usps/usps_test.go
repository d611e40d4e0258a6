package usps

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/internal/shard"
	"herdsim/internal/usps/usptest"
)

// toySource: 10 digits of noisy 16-pixel prototypes, 12 train, 6 valid, 4 test each.
var toySource = usptest.Toy{Train: 12, Valid: 6, Test: 4, FlipOneIn: 8}

// toyPlan has every kind of model, with few hidden units and iterations.
func toyPlan(t *testing.T) Plan {
	ms, err := ParseModels("mlr,1nn,h1,sh2,cd1,pcd")
	require.NoError(t, err)
	for i := range ms {
		if ms[i].Energy() {
			ms[i].Hidden = 3 + i
		}
	}
	return Plan{Models: ms, Splits: []int{0, 1}, SplitSeed: 1, Seed: 1, Learn: 4, Collect: 5}
}

func run(t *testing.T, out string, mut func(*Options)) *Summary {
	t.Helper()
	opts := Options{Plan: toyPlan(t), Out: out}
	if mut != nil {
		mut(&opts)
	}
	s, err := Run(context.Background(), toySource, opts)
	require.NoError(t, err)
	return s
}

// The toy plan run once with the default options: the reference that the resumed,
// sharded, other-GOMAXPROCS, other-workers and direct-form runs must equal byte for byte.
var (
	wholeOnce sync.Once
	wholeDir  string
	wholeErr  error
)

// whole is the folder of the reference run (read only: tests compare against it).
func whole(t *testing.T) string {
	t.Helper()
	wholeOnce.Do(func() {
		if wholeDir, wholeErr = os.MkdirTemp("", "herdsim-usps-whole-*"); wholeErr == nil {
			_, wholeErr = Run(context.Background(), toySource, Options{Plan: toyPlan(t), Out: wholeDir})
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
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

func TestMeanStdAndAccumulatorByHand(t *testing.T) {
	m, sd := MeanStd([]float64{1, 3, 5, 7})
	require.Equal(t, 4.0, m)
	require.InDelta(t, math.Sqrt(5), sd, 1e-15) // (9+1+1+9)/4 = 5
	a := NewAccumulator(2)
	a.Add([]float64{1, 3, 5, 7}, []float64{4, 4 + 2*math.Sqrt(5)}) // z = 0, 2
	a.Add([]float64{2, 2, 4, 4}, []float64{0, 6})                  // mean 3, sd 1: z = -3, 3
	a.Add([]float64{5, 5}, []float64{6, 4})                        // sd 0 counts as 1: z = 1, -1
	got := a.Mean()
	require.Equal(t, 3, a.Iterations())
	require.InDelta(t, (0.0-3+1)/3, got[0], 1e-12)
	require.InDelta(t, (2.0+3-1)/3, got[1], 1e-12)
}

func TestFeaturesPutClassScoresInColumns(t *testing.T) {
	var recs [Digits]*Record
	for c := range recs {
		recs[c] = &Record{Class: c, Settings: Settings{ValidCounts: []int{1, 1, 0, 0, 0, 0, 0, 0, 0, 0}, TestCounts: []int{0, 1, 0, 0, 0, 0, 0, 0, 0, 0}},
			ValidScores: []float64{float64(c), float64(10 * c)}, TestScores: []float64{-float64(c)}}
	}
	v, te, yv, yt, err := Features(recs)
	require.NoError(t, err)
	require.Equal(t, []int{0, 1}, yv)
	require.Equal(t, []int{1}, yt)
	require.Equal(t, 7.0, v.Row(0)[7])
	require.Equal(t, 70.0, v.Row(1)[7])
	require.Equal(t, -3.0, te.Row(0)[3])
}

func TestModelsAndResultKeys(t *testing.T) {
	all, err := ParseModels("all")
	require.NoError(t, err)
	var keys []string
	for _, m := range all {
		keys = append(keys, m.Key)
	}
	require.Equal(t, []string{"MLR", "1NN", "H1", "H2", "H3", "H4", "H5", "SH1", "SH2", "SH3", "SH4", "SH5", "CD1", "CD2", "CD3", "PCD"}, keys)
	require.Equal(t, 1000, all[6].Hidden)
	require.Equal(t, 250, all[14].Hidden)
	require.Equal(t, 500, all[15].Hidden)
	q, err := ParseModels(QuickModels)
	require.NoError(t, err)
	require.Len(t, q, 5)
	_, err = ParseModels("h6")
	require.Error(t, err)

	dir := t.TempDir()
	s := run(t, dir, nil)
	require.Zero(t, s.Missing)
	var res map[string]map[string]map[string]any
	require.NoError(t, json.Unmarshal(read(t, filepath.Join(dir, "results.json")), &res))
	require.Len(t, res, 1)
	var got []string
	for k, v := range res["models"] {
		got = append(got, k)
		require.Contains(t, v, "test_error_mean")
		require.Contains(t, v, "test_error_se")
		require.Len(t, v["splits"], 2)
	}
	require.ElementsMatch(t, []string{"MLR", "1NN", "H1", "SH2", "CD1", "PCD"}, got)
	md := string(read(t, filepath.Join(dir, "results.md")))
	for _, k := range got {
		require.Contains(t, md, "| "+k+" |")
	}
	require.FileExists(t, filepath.Join(dir, "results.png"))
}

func TestResumeGivesTheSameBytes(t *testing.T) {
	whole := whole(t)

	parts := t.TempDir()
	s := run(t, parts, func(o *Options) { o.MaxUnits = 7 })
	require.Equal(t, 7, s.Ran)
	require.Nil(t, s.Results)
	require.NoFileExists(t, filepath.Join(parts, "results.json"))
	s = run(t, parts, func(o *Options) { o.MaxUnits = 20 })
	require.Equal(t, 7, s.Skipped)
	s = run(t, parts, nil)
	require.Equal(t, 27, s.Skipped)
	require.Equal(t, 2*(2+4*10)-27, s.Ran)
	for _, f := range []string{"results.json", "results.md", "results.png"} {
		require.Equal(t, read(t, filepath.Join(whole, f)), read(t, filepath.Join(parts, f)), f)
	}
	// A run cancelled in the middle of a unit leaves no file of it (not even a temporary
	// one) and resumes too.
	ctx, cancel := context.WithCancel(context.Background())
	cut := t.TempDir()
	var log strings.Builder
	_, err := Run(ctx, toySource, Options{Plan: toyPlan(t), Out: cut, Log: cancelAfter(&log, 3, cancel)})
	require.ErrorIs(t, err, context.Canceled)
	var files []string
	require.NoError(t, filepath.WalkDir(filepath.Join(cut, "units"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(cut, path)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	}))
	require.Equal(t, []string{"units/split0/1NN.json", "units/split0/H1/class0.json", "units/split0/H1/class1.json", "units/split0/MLR.json"}, files, "units 1 to 4 finished; the fifth was cut")
	s = run(t, cut, nil)
	require.Equal(t, 4, s.Skipped)
	require.Equal(t, read(t, filepath.Join(whole, "results.json")), read(t, filepath.Join(cut, "results.json")))
}

// cancelAfter is a unit log that cancels the run once n units are logged: the next unit
// is cut in the middle.
func cancelAfter(w io.Writer, n int, cancel func()) io.Writer {
	return writerFunc(func(p []byte) (int, error) {
		if n--; n < 0 {
			cancel()
		}
		return w.Write(p)
	})
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestFilesKeepTheirFormat: plan.json, the unit files and timing.jsonl are where and as
// they were before internal/units (results/usps-full/ holds such files): the plan
// indented, a unit one JSON line, a timing line with the unit's name, model, split and
// class (now with its key too).
func TestFilesKeepTheirFormat(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, func(o *Options) { o.MaxUnits = 3 })
	p := string(read(t, filepath.Join(dir, "plan.json")))
	require.True(t, strings.HasPrefix(p, "{\n  \"models\": [\n    {\n      \"key\": \"MLR\",\n      \"kind\": \"mlr\"\n    },"), p)
	got, err := ReadPlan(dir)
	require.NoError(t, err)
	require.Equal(t, toyPlan(t).file(), got.file())
	u := read(t, filepath.Join(dir, "units/split0/H1/class0.json"))
	require.True(t, strings.HasPrefix(string(u), `{"split":0,"model":"H1","class":0,"settings":{"kind":"herding","mode":"H","hidden":5,`), string(u))
	require.Equal(t, 1, strings.Count(string(u), "\n"))
	lines := strings.Split(strings.TrimSpace(string(read(t, filepath.Join(dir, "timing.jsonl")))), "\n")
	require.Len(t, lines, 3)
	require.Regexp(t, `^\{"class":0,"gomaxprocs":\d+,"key":"split0/H1/class0","model":"H1","seconds":[0-9.e-]+,"split":0,"unit":"split 0 H1 class 0"\}$`, lines[2])
}

func TestShardsMergeToOneRun(t *testing.T) {
	whole := whole(t)
	a, b := t.TempDir(), t.TempDir()
	sa := run(t, a, func(o *Options) { o.Shard = shard.Shard{Index: 0, Of: 2} })
	sb := run(t, b, func(o *Options) { o.Shard = shard.Shard{Index: 1, Of: 2} })
	require.Equal(t, 84, sa.Units+sb.Units)
	require.Nil(t, sa.Results)
	merged := filepath.Join(t.TempDir(), "merged")
	_, err := Merge(merged, []string{a, b})
	require.NoError(t, err)
	for _, f := range []string{"results.json", "results.md", "plan.json", "units/split1/PCD/class9.json", "units/split0/MLR.json"} {
		require.Equal(t, read(t, filepath.Join(whole, f)), read(t, filepath.Join(merged, f)), f)
	}
	require.Len(t, strings.Split(strings.TrimSpace(string(read(t, filepath.Join(merged, "timing.jsonl")))), "\n"), 84,
		"the merged folder gets the timing lines of its units")
	// A merge of one shard alone is incomplete, and different plans do not merge.
	_, err = Merge(filepath.Join(t.TempDir(), "half"), []string{a})
	require.ErrorContains(t, err, "not finished")
	other := t.TempDir()
	run(t, other, func(o *Options) { o.Collect = 3; o.MaxUnits = 1 })
	_, err = Merge(filepath.Join(t.TempDir(), "x"), []string{a, other})
	require.ErrorContains(t, err, "another plan")
}

func TestSettingsMismatchIsRefused(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, func(o *Options) { o.MaxUnits = 3 })
	_, err := Run(context.Background(), toySource, Options{Plan: func() Plan { p := toyPlan(t); p.Seed = 2; return p }(), Out: dir})
	require.ErrorContains(t, err, "other settings")
}

// GOMAXPROCS 1 and 4 give the bytes of the reference run (the machine's GOMAXPROCS).
func TestSameBytesForAnyGOMAXPROCS(t *testing.T) {
	one, four := t.TempDir(), t.TempDir()
	func() {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
		run(t, one, nil)
	}()
	func() {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
		run(t, four, nil)
	}()
	require.Equal(t, read(t, filepath.Join(whole(t), "results.json")), read(t, filepath.Join(one, "results.json")))
	require.Equal(t, read(t, filepath.Join(one, "results.json")), read(t, filepath.Join(four, "results.json")))
	require.Equal(t, read(t, filepath.Join(one, "units/split1/CD1/class4.json")), read(t, filepath.Join(four, "units/split1/CD1/class4.json")))
}

// Units computed several at once (sharing the splits' data and the progress bar) give
// the bytes of one at a time: every unit file and the results.
func TestSameBytesForAnyWorkers(t *testing.T) {
	one, three := whole(t), t.TempDir()
	s := run(t, three, func(o *Options) { o.Workers = 3 })
	require.Equal(t, 84, s.Ran)
	units := 0
	require.NoError(t, filepath.WalkDir(filepath.Join(one, "units"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(one, path)
		require.Equal(t, read(t, path), read(t, filepath.Join(three, rel)), rel)
		units++
		return nil
	}))
	require.Equal(t, 84, units)
	require.Equal(t, read(t, filepath.Join(one, "results.json")), read(t, filepath.Join(three, "results.json")))
}

// The direct form of herding (every field and evaluation energy from W) gives the
// flip-driven form's bytes: units and results.
func TestDirectFormGivesTheSameBytes(t *testing.T) {
	inc, direct := whole(t), t.TempDir()
	run(t, direct, func(o *Options) { o.Direct = true })
	require.Equal(t, read(t, filepath.Join(inc, "results.json")), read(t, filepath.Join(direct, "results.json")))
	for _, unit := range []string{"units/split0/H1/class3.json", "units/split1/SH2/class7.json"} {
		require.Equal(t, read(t, filepath.Join(inc, unit)), read(t, filepath.Join(direct, unit)), unit)
	}
}
