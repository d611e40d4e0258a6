package toolcache

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// step is a shell step in a fresh folder holding in.txt = input: out.txt is its copy; the
// run counts itself in runs.
func step(t *testing.T, input string, runs *int) (Step, func() error) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "in.txt"), []byte(input), 0o644))
	s := Step{Dir: dir, Tool: "sh", Args: []string{"-c", "cp in.txt out.txt"}, Inputs: []string{"in.txt"}, Outputs: []string{"out.txt", "absent.txt"}}
	return s, func() error {
		*runs++
		cmd := exec.Command(s.Tool, s.Args...)
		cmd.Dir = dir
		return cmd.Run()
	}
}

// mustRun runs the step through Run, which must not fail, and says whether it restored it.
func mustRun(t *testing.T, s Step, run func() error) bool {
	t.Helper()
	restored, err := Run(s, run)
	require.NoError(t, err)
	return restored
}

func readOut(t *testing.T, s Step) string {
	data, err := os.ReadFile(filepath.Join(s.Dir, "out.txt"))
	require.NoError(t, err)
	return string(data)
}

func TestOffWithoutTheVariable(t *testing.T) {
	t.Setenv(EnvDir, "")
	runs := 0
	for range 2 {
		s, run := step(t, "a", &runs)
		require.False(t, mustRun(t, s, run))
	}
	require.Equal(t, 2, runs)
}

func TestRestoresARunOfTheSameInputs(t *testing.T) {
	t.Setenv(EnvDir, filepath.Join(t.TempDir(), "cache"))
	runs := 0
	first, run := step(t, "a", &runs)
	require.False(t, mustRun(t, first, run))

	again, run := step(t, "a", &runs) // another folder, the same input
	require.True(t, mustRun(t, again, run))
	require.Equal(t, 1, runs, "the second step must not run")
	require.Equal(t, "a", readOut(t, again))
	require.NoFileExists(t, filepath.Join(again.Dir, "absent.txt"), "an output the run did not write is not made up")

	other, run := step(t, "b", &runs) // another input
	require.False(t, mustRun(t, other, run))
	require.Equal(t, "b", readOut(t, other))

	args, run := step(t, "a", &runs) // other arguments
	args.Args = append([]string(nil), args.Args...)
	args.Args[1] += " "
	require.False(t, mustRun(t, args, run))
	require.Equal(t, 3, runs)
}

func TestAFailedRunIsNotKept(t *testing.T) {
	t.Setenv(EnvDir, filepath.Join(t.TempDir(), "cache"))
	runs := 0
	s, _ := step(t, "a", &runs)
	failed := errors.New("tool failed")
	_, err := Run(s, func() error { runs++; return failed })
	require.ErrorIs(t, err, failed)
	s, run := step(t, "a", &runs)
	require.False(t, mustRun(t, s, run), "a failed run must not be restored")
	require.Equal(t, 2, runs)
}

func TestAMissingInputIsAnError(t *testing.T) {
	t.Setenv(EnvDir, filepath.Join(t.TempDir(), "cache"))
	runs := 0
	s, run := step(t, "a", &runs)
	s.Inputs = append(s.Inputs, "gone.v")
	_, err := Run(s, run)
	require.ErrorContains(t, err, "gone.v")
	require.Zero(t, runs)
}

// TestRunsOfOneKeyWaitForEachOther: two runs of the same inputs at once: one runs, the
// other waits and restores its files (as explore's one-machine run beside its shards).
func TestRunsOfOneKeyWaitForEachOther(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no flock: both run")
	}
	t.Setenv(EnvDir, filepath.Join(t.TempDir(), "cache"))
	var ran atomic.Int32
	var wg sync.WaitGroup
	restored := make([]bool, 2)
	steps := make([]Step, 2)
	for i := range steps {
		var unused int
		s, run := step(t, "a", &unused)
		steps[i] = s
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := Run(s, func() error {
				ran.Add(1)
				time.Sleep(200 * time.Millisecond)
				return run()
			})
			assert.NoError(t, err)
			restored[i] = r
		}()
	}
	wg.Wait()
	require.EqualValues(t, 1, ran.Load(), "one of the two must wait and restore")
	require.NotEqual(t, restored[0], restored[1])
	for _, s := range steps {
		require.Equal(t, "a", readOut(t, s))
	}
}
