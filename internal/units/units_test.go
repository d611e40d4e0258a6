package units

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/internal/shard"
)

// rec is a toy unit record: its key and a value that depends on the unit only.
type rec struct {
	Key   string `json:"key"`
	Value int    `json:"value"`
}

type toyPlan struct {
	Scale int `json:"scale"`
}

func toyUnits(n int) []Unit {
	us := make([]Unit, n)
	for i := range us {
		us[i] = Unit{Key: fmt.Sprintf("group%d/u%d", i%3, i), Name: fmt.Sprintf("unit %d", i), Tags: map[string]any{"index": i}}
	}
	return us
}

// toyJob computes value = scale * (index + 1), counting the units it computes.
func toyJob(dir string, n, scale int, count *atomic.Int64) *Job[rec] {
	us := toyUnits(n)
	return &Job[rec]{
		Folder: Folder(dir), Plan: toyPlan{Scale: scale}, Units: us,
		Check: func(i int, r *rec) error {
			if r.Key != us[i].Key {
				return fmt.Errorf("holds unit %s", r.Key)
			}
			return nil
		},
		Compute: func(_ context.Context, i int) (*rec, error) {
			if count != nil {
				count.Add(1)
			}
			return &rec{Key: us[i].Key, Value: scale * (i + 1)}, nil
		},
	}
}

func run(t *testing.T, j *Job[rec]) Summary {
	t.Helper()
	s, err := j.Run(context.Background())
	require.NoError(t, err)
	return s
}

// tree maps every file under dir (timing.jsonl left out: it holds wall times) to its bytes.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == TimingFile {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out[filepath.ToSlash(rel)] = string(b)
		return err
	}))
	return out
}

func timingLines(t *testing.T, dir string) []string {
	b, err := os.ReadFile(filepath.Join(dir, TimingFile))
	require.NoError(t, err)
	return strings.SplitAfter(strings.TrimSuffix(string(b), "\n"), "\n")
}

func TestRunWritesOneFilePerUnitAndATimingLine(t *testing.T) {
	dir := t.TempDir()
	s := run(t, toyJob(dir, 5, 2, nil))
	require.Equal(t, Summary{Units: 5, Ran: 5, Duration: s.Duration}, s)
	files := tree(t, dir)
	require.Len(t, files, 6)
	require.Equal(t, "{\n  \"scale\": 2\n}\n", files[PlanFile])
	require.Equal(t, `{"key":"group1/u4","value":10}`+"\n", files["units/group1/u4.json"])
	lines := timingLines(t, dir)
	require.Len(t, lines, 5)
	require.Regexp(t, `^\{"gomaxprocs":\d+,"index":0,"key":"group0/u0","seconds":[0-9.e-]+,"unit":"unit 0"\}\n$`, lines[0])
}

func TestResumeSkipsFinishedUnits(t *testing.T) {
	whole, parts := t.TempDir(), t.TempDir()
	run(t, toyJob(whole, 7, 3, nil))
	var n atomic.Int64
	j := toyJob(parts, 7, 3, &n)
	j.MaxUnits = 3
	s := run(t, j)
	require.Equal(t, Summary{Units: 7, Ran: 3, Missing: 4, Duration: s.Duration}, s)
	j.MaxUnits = 0
	var begun []int
	j.Begin = func(todo []int) error { begun = todo; return nil }
	s = run(t, j)
	require.Equal(t, Summary{Units: 7, Skipped: 3, Ran: 4, Duration: s.Duration}, s)
	require.Equal(t, []int{3, 4, 5, 6}, begun)
	require.EqualValues(t, 7, n.Load(), "each unit computed once")
	s = run(t, j)
	require.Equal(t, 7, s.Skipped)
	require.Zero(t, s.Ran)
	require.EqualValues(t, 7, n.Load())
	require.Equal(t, tree(t, whole), tree(t, parts))
	require.Len(t, timingLines(t, parts), 7)
}

// TestInterruptedUnitLeavesNoFile: a unit that fails, or a run cancelled during a unit,
// leaves no file of it (not even a temporary one); the units finished before stay, and a
// rerun completes the plan with the same bytes.
func TestInterruptedUnitLeavesNoFile(t *testing.T) {
	whole, dir := t.TempDir(), t.TempDir()
	run(t, toyJob(whole, 6, 1, nil))
	j := toyJob(dir, 6, 1, nil)
	compute := j.Compute
	boom := errors.New("boom")
	j.Compute = func(ctx context.Context, i int) (*rec, error) {
		if i == 2 {
			return nil, boom
		}
		return compute(ctx, i)
	}
	_, err := j.Run(context.Background())
	require.ErrorIs(t, err, boom)
	files := tree(t, dir)
	require.Len(t, files, 3, "plan.json and units 0 and 1 only: %v", files)
	require.NotContains(t, files, "units/group2/u2.json")

	ctx, cancel := context.WithCancel(context.Background())
	j.Compute = func(ctx context.Context, i int) (*rec, error) {
		if i == 4 {
			cancel()
			return nil, ctx.Err()
		}
		return compute(ctx, i)
	}
	s, err := j.Run(ctx)
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, 2, s.Skipped)
	require.Equal(t, 2, s.Ran)
	require.NotContains(t, tree(t, dir), "units/group1/u4.json")
	require.Len(t, tree(t, dir), 5)

	j.Compute = compute
	s = run(t, j)
	require.Equal(t, 2, s.Ran)
	require.Equal(t, tree(t, whole), tree(t, dir))
}

func TestShardsMergeToOneRunWhateverTheWorkers(t *testing.T) {
	whole := t.TempDir()
	run(t, toyJob(whole, 11, 5, nil))
	var shards []Folder
	total := 0
	for i := range 3 {
		dir := t.TempDir()
		j := toyJob(dir, 11, 5, nil)
		j.Shard, j.Workers = shard.Shard{Index: i, Of: 3}, 1+i
		s := run(t, j)
		require.Equal(t, len(Select(11, j.Shard)), s.Units)
		require.Equal(t, s.Units, s.Ran)
		require.Equal(t, 11-s.Units, s.Missing)
		total += s.Ran
		shards = append(shards, Folder(dir))
	}
	require.Equal(t, 11, total)
	out := Folder(filepath.Join(t.TempDir(), "merged"))
	var got toyPlan
	n, err := Merge(out, shards, func(b []byte) error { return Decode(b, &got) })
	require.NoError(t, err)
	require.Equal(t, 11, n)
	require.Equal(t, toyPlan{Scale: 5}, got)
	require.Equal(t, tree(t, whole), tree(t, string(out)))
	require.Len(t, timingLines(t, string(out)), 11, "the timing lines come with their units")

	// Merging again adds nothing; out alone (no folders) checks its plan only.
	n, err = Merge(out, shards, nil)
	require.NoError(t, err)
	require.Zero(t, n)
	require.Len(t, timingLines(t, string(out)), 11)
	_, err = Merge(out, nil, nil)
	require.NoError(t, err)

	// Shards sharing one folder, with any GOMAXPROCS and workers, give the same bytes.
	shared := t.TempDir()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for i := range 2 {
		j := toyJob(shared, 11, 5, nil)
		j.Shard, j.Workers = shard.Shard{Index: i, Of: 2}, 4
		run(t, j)
	}
	require.Equal(t, tree(t, whole), tree(t, shared))
}

func TestMergeRefusesAndWritesNothing(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	run(t, toyJob(a, 4, 1, nil))
	run(t, toyJob(b, 4, 2, nil))
	out := filepath.Join(t.TempDir(), "out")
	_, err := Merge(Folder(out), []Folder{Folder(a), Folder(b)}, nil)
	require.ErrorContains(t, err, "ran another plan")
	require.NoDirExists(t, out)

	// Same plan, a unit with other bytes.
	require.NoError(t, os.WriteFile(filepath.Join(b, PlanFile), []byte(`{"scale":1}`), 0o644))
	_, err = Merge(Folder(out), []Folder{Folder(a), Folder(b)}, nil)
	require.ErrorContains(t, err, "the same unit gave different results")
	require.NoDirExists(t, out)

	// A plan the caller refuses, a folder without a plan, and nothing to merge.
	_, err = Merge(Folder(out), []Folder{Folder(a)}, func([]byte) error { return errors.New("not mine") })
	require.ErrorContains(t, err, "not mine")
	require.NoDirExists(t, out)
	_, err = Merge(Folder(out), []Folder{Folder(t.TempDir())}, nil)
	require.ErrorContains(t, err, PlanFile)
	_, err = Merge(Folder(out), nil, nil)
	require.ErrorIs(t, err, fs.ErrNotExist)
	require.NoDirExists(t, out)
}

// TestRefusedUnitStopsTheRun: a unit file the caller's Check refuses (another unit's, or
// other settings) stops the run before anything is written, naming the file.
func TestRefusedUnitStopsTheRun(t *testing.T) {
	dir := t.TempDir()
	j := toyJob(dir, 4, 1, nil)
	path := Folder(dir).Path(j.Units[1].Key)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(`{"key":"elsewhere","value":1}`+"\n"), 0o644))
	_, err := j.Run(context.Background())
	require.ErrorContains(t, err, path+": holds unit elsewhere")
	require.NoFileExists(t, filepath.Join(dir, PlanFile))

	require.NoError(t, os.WriteFile(path, []byte(`{"key":"group1/u1","other":1}`+"\n"), 0o644))
	_, err = j.Run(context.Background())
	require.ErrorContains(t, err, `unknown field "other"`)
}

func TestCheckKey(t *testing.T) {
	for _, good := range []string{"a", "split0/H1/class3", "weight-bits=9+acc-bits=12-wrap-00ff", "x/y.z_w"} {
		require.NoError(t, CheckKey(good), good)
	}
	for _, bad := range []string{"", ".", "..", "../a", "/a", "a/", "a//b", "a/./b", "a b", "a\\b", "é"} {
		require.Error(t, CheckKey(bad), bad)
	}
	_, err := (&Job[rec]{Folder: Folder(t.TempDir()), Units: []Unit{{Key: "a"}, {Key: "a"}}}).Run(context.Background())
	require.ErrorContains(t, err, `"a" is used twice`)
}
