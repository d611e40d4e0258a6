package herdrun

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
	"herdsim/herding"
)

func readDir(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	files := map[string][]byte{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		files[e.Name()] = b
	}
	return files
}

// uspsOrDefault returns one USPS class when the data are present (N=700 splits over the
// cores in many blocks), else the default set.
func uspsOrDefault(t *testing.T) *dataset.Binary {
	set, err := dataset.Load(dataset.SpecUSPS, dataset.LoadOptions{Digit: 2, Seed: dataset.DefaultSeed})
	if err != nil {
		t.Logf("USPS not found (%v); using the default data", err)
		return dataset.Default()
	}
	return set
}

func TestSameBytesWhateverGOMAXPROCS(t *testing.T) {
	data := uspsOrDefault(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var outs []map[string][]byte
	for _, procs := range []int{1, 2, 3} {
		runtime.GOMAXPROCS(procs)
		dir := t.TempDir()
		// K = 30: on USPS the positive phase shares its units among two workers and more.
		_, err := Run(data, Options{Config: herding.Config{Hidden: 30, Mode: herding.ModeSH, Seed: 1}, Iterations: 40, Decoupled: 10, OutDir: dir})
		require.NoError(t, err)
		outs = append(outs, readDir(t, dir))
	}
	require.Len(t, outs[0], 6, "trace, weights, summary and three pictures")
	for name, b := range outs[0] {
		require.Equal(t, b, outs[1][name], "%s differs between GOMAXPROCS=1 and 2", name)
		require.Equal(t, b, outs[2][name], "%s differs between GOMAXPROCS=1 and 3", name)
	}
}

func TestOutputsDescribeTheRun(t *testing.T) {
	dir := t.TempDir()
	res, err := Run(dataset.Default(), Options{Config: herding.Config{Hidden: 8, Mode: herding.ModeH, Seed: 1}, Iterations: 30, OutDir: dir})
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"trace.jsonl", "weights.json", "summary.json"}, res.Files)

	f, err := os.Open(filepath.Join(dir, "trace.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	lines := 0
	for sc.Scan() {
		var rec TraceRecord
		require.NoError(t, json.Unmarshal(sc.Bytes(), &rec))
		lines++
		require.Equal(t, lines, rec.T)
		require.Len(t, rec.X, 64)
		require.Len(t, rec.Z, 8)
		require.Regexp(t, "^[01]+$", rec.X+rec.Z)
	}
	require.Equal(t, 30, lines)

	var w struct {
		W    [][]int64
		B, C []int64
	}
	raw, err := os.ReadFile(filepath.Join(dir, "weights.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &w), "scaled weights must be integers")
	require.Len(t, w.W, 8)
	require.Len(t, w.W[0], 64)
	require.Len(t, w.C, 64)
	require.Equal(t, 30, res.Summary.Iterations)
}

func TestFailedRunLeavesNoFiles(t *testing.T) {
	dir := t.TempDir()
	_, err := Run(dataset.Default(), Options{Config: herding.Config{Hidden: 0}, Iterations: 10, OutDir: dir})
	require.ErrorContains(t, err, "hidden units K=0")
	_, err = Run(dataset.Default(), Options{Config: herding.Config{Hidden: 4}, Iterations: 0, OutDir: dir})
	require.ErrorContains(t, err, "iterations")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Empty(t, entries)
}

// TestSummaryKeepsMaxAbsWOverTheRunAndFinal: summary.json holds the largest |W| entry over
// the run and in the final weights, under names that say which, each equal to a scan of W
// after every iteration of an engine run alongside; on SH the two differ (issue 17, item
// 12: "max_abs_W" was the final value only). With decoupled herding both are in the final
// stored units, the learning phase's weights multiplied by T.
func TestSummaryKeepsMaxAbsWOverTheRunAndFinal(t *testing.T) {
	scan := func(s []float64) float64 {
		m := 0.0
		for _, v := range s {
			m = max(m, v, -v)
		}
		return m
	}
	data := dataset.Default()
	for _, c := range []struct{ learn, decoupled int }{{2000, 0}, {300, 200}} {
		cfg := herding.Config{Hidden: 16, Mode: herding.ModeSH, Seed: 1}
		e, err := herding.New(data, cfg)
		require.NoError(t, err)
		runMax := scan(e.Params().W)
		for tt := 1; tt <= c.learn+c.decoupled; tt++ {
			if tt == c.learn+1 {
				require.NoError(t, e.Decouple())
				runMax *= float64(c.learn)
			}
			_, err := e.Step()
			require.NoError(t, err)
			runMax = max(runMax, scan(e.Params().W))
		}
		final := scan(e.Params().W)

		dir := t.TempDir()
		res, err := Run(data, Options{Config: cfg, Iterations: c.learn, Decoupled: c.decoupled, OutDir: dir})
		require.NoError(t, err)
		raw, err := os.ReadFile(filepath.Join(dir, "summary.json"))
		require.NoError(t, err)
		var s map[string]any
		require.NoError(t, json.Unmarshal(raw, &s))
		require.Equal(t, runMax, s["max_abs_W_over_run"], "T=%d+%d", c.learn, c.decoupled)
		require.Equal(t, final, s["max_abs_W_final"], "T=%d+%d", c.learn, c.decoupled)
		require.Equal(t, scan(e.Params().B), s["max_abs_b_final"])
		require.Equal(t, scan(e.Params().C), s["max_abs_c_final"])
		require.NotContains(t, s, "max_abs_W", "the ambiguous name is gone")
		require.Equal(t, runMax, res.Summary.MaxAbsWOverRun)
		require.Equal(t, final, res.Summary.MaxAbsWFinal)
		if c.decoupled == 0 {
			require.Greater(t, runMax, final, "SH's weights peak before the end: the two must differ here")
		}
	}
}
