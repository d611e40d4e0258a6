//go:build unix

package interrupt

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestStop: Stop ends a running tool and the process it started (its process group), a
// tool that ignores SIGTERM too, removes the temporary folders and files (a folder with
// content included) but not what was published or removed before, and refuses new ones.
// Stop is once per process: this is the package's only test that calls it.
func TestStop(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "published")

	tmp, err := TempDir(dir, "build-*")
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(tmp, "obj_dir"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "obj_dir", "a.o"), []byte("x"), 0o644))
	f, err := TempFile(dir, ".out.tmp*")
	require.NoError(t, err)
	f.Close()
	pub, err := TempFile(dir, ".pub.tmp*")
	require.NoError(t, err)
	pub.Close()
	require.NoError(t, Rename(pub.Name(), keep))
	gone, err := TempDir(dir, "gone-*")
	require.NoError(t, err)
	require.NoError(t, Remove(gone))

	// A shell that starts a grandchild, both in the tool's group; one ignores SIGTERM.
	pids := filepath.Join(dir, "pids")
	tool := exec.Command("sh", "-c", `sleep 60 & echo $! > `+pids+`; trap '' TERM; while :; do sleep 0.05; done`)
	require.NoError(t, Start(tool))
	waited := make(chan error, 1)
	go func() { waited <- Wait(tool) }()
	var grandchild int
	require.Eventually(t, func() bool {
		b, err := os.ReadFile(pids)
		grandchild, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		return err == nil && grandchild > 0
	}, 5*time.Second, 10*time.Millisecond)

	t0 := time.Now()
	require.Empty(t, Stop())
	require.Less(t, time.Since(t0), 5*time.Second)
	select {
	case err := <-waited:
		require.Error(t, err, "the tool was killed")
	case <-time.After(5 * time.Second):
		t.Fatal("the tool is still running")
	}
	require.Eventually(t, func() bool { return errors.Is(syscall.Kill(grandchild, 0), syscall.ESRCH) || isZombie(grandchild) },
		5*time.Second, 10*time.Millisecond, "the tool's child is still running")

	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	require.ElementsMatch(t, []string{"published", "pids"}, names)

	_, err = TempDir(dir, "late-*")
	require.ErrorIs(t, err, ErrInterrupted)
	_, err = TempFile(dir, "late-*")
	require.ErrorIs(t, err, ErrInterrupted)
	require.ErrorIs(t, Start(exec.Command("true")), ErrInterrupted)
	require.ErrorIs(t, Rename(keep, keep+".2"), ErrInterrupted)
}

// isZombie reports whether pid has exited and waits only for its parent to reap it.
func isZombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && s[i+2] == 'Z'
}
