package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/sim"
)

// rtlFolders writes a 1-iteration vector set (K = 8, L = 4) and its RTL folder.
func rtlFolders(t *testing.T) (vec, rtl string) {
	t.Helper()
	dir := t.TempDir()
	vec, rtl = filepath.Join(dir, "vectors"), filepath.Join(dir, "rtl")
	_, err := run(t, "vectors", "--data", "default", "--hidden", "8", "--lanes", "4", "--iters", "1", "--out", vec)
	require.NoError(t, err)
	out, err := run(t, "rtl", "--vectors", vec, "--out", rtl)
	require.NoError(t, err)
	require.Contains(t, out, "K=8 D=64 N=128 lanes L=4 mode=SH iterations=1")
	for _, f := range []string{"herd_core.v", "herd_lane.v", "herd_tb.v", "x.hex", "c.hex", "w_bank3.hex", "b_bank0.hex", "rtl.json"} {
		require.FileExists(t, filepath.Join(rtl, f))
	}
	return vec, rtl
}

func rtlExit(t *testing.T, err error) int {
	t.Helper()
	if err == nil {
		return 0
	}
	var ee *exitError
	require.True(t, errors.As(err, &ee), "error %v carries no exit status", err)
	return ee.code
}

// TestRTLSimExitCodes: 0 on PASS, 1 on a mismatch, 2 on a missing simulator or a corrupt
// vector set.
func TestRTLSimExitCodes(t *testing.T) {
	if err := sim.CheckSimulator("icarus"); err != nil {
		t.Skipf("%v: simulation not run", err)
	}
	vec, rtl := rtlFolders(t)
	out, err := run(t, "rtlsim", "--sim", "icarus", "--vectors", vec, "--rtl", rtl)
	require.Equal(t, 0, rtlExit(t, err), "%v", err)
	require.Contains(t, out, "PASS: icarus, ")

	// A wrong expected cycle count, with the file's hash left stale: input error.
	path := filepath.Join(vec, "cycles.hex")
	good, err := os.ReadFile(path)
	require.NoError(t, err)
	bad := append([]byte(nil), good...)
	bad[len(bad)-2] ^= 1
	require.NoError(t, os.WriteFile(path, bad, 0o644))
	_, err = run(t, "rtlsim", "--sim", "icarus", "--vectors", vec, "--rtl", rtl)
	require.Equal(t, 2, rtlExit(t, err))
	require.Contains(t, err.Error(), "cycles")
	require.NoError(t, os.WriteFile(path, good, 0o644))

	// A core built from another vector set (another seed, so other initial weights) is
	// refused before the run, exit 2 naming the seed (issue 17, item 2): it used to run
	// and fail as a hardware mismatch. A mismatch proper (exit 1): TestRTLSimCatchesWrongWords.
	other, rtl2 := t.TempDir(), filepath.Join(t.TempDir(), "rtl")
	_, err = run(t, "vectors", "--data", "default", "--hidden", "8", "--lanes", "4", "--iters", "1", "--seed", "2", "--out", filepath.Join(other, "v"))
	require.NoError(t, err)
	_, err = run(t, "rtl", "--vectors", filepath.Join(other, "v"), "--out", rtl2)
	require.NoError(t, err)
	_, err = run(t, "rtlsim", "--sim", "icarus", "--vectors", vec, "--rtl", rtl2)
	require.Equal(t, 2, rtlExit(t, err), "%v", err)
	require.Contains(t, err.Error(), "seed 2")

	// No simulator on PATH: exit 2 naming the binary.
	t.Setenv("PATH", t.TempDir())
	_, err = run(t, "rtlsim", "--sim", "verilator", "--vectors", vec, "--rtl", rtl)
	require.Equal(t, 2, rtlExit(t, err))
	require.Contains(t, err.Error(), "apt-get install verilator")
}

// TestRTLReplacesAFolderOnlyWithForce: rtl refuses an existing folder (exit 2); with
// --force it replaces it whole, so another Arch's memory images do not stay behind; a
// folder that is not an RTL folder is never replaced (issue 17, item 9).
func TestRTLReplacesAFolderOnlyWithForce(t *testing.T) {
	dir := t.TempDir()
	lanes4, lanes2, rtl := filepath.Join(dir, "v4"), filepath.Join(dir, "v2"), filepath.Join(dir, "rtl")
	for _, c := range []struct{ out, lanes string }{{lanes4, "4"}, {lanes2, "2"}} {
		_, err := run(t, "vectors", "--data", "default", "--hidden", "8", "--lanes", c.lanes, "--iters", "1", "--out", c.out)
		require.NoError(t, err)
	}
	_, err := run(t, "rtl", "--vectors", lanes4, "--out", rtl)
	require.NoError(t, err)
	require.FileExists(t, filepath.Join(rtl, "w_bank3.hex"))
	_, err = run(t, "rtl", "--vectors", lanes2, "--out", rtl)
	require.Equal(t, 2, rtlExit(t, err), "%v", err)
	require.ErrorContains(t, err, "--force")
	_, err = run(t, "rtl", "--vectors", lanes2, "--out", rtl, "--force")
	require.NoError(t, err)
	require.FileExists(t, filepath.Join(rtl, "w_bank1.hex"))
	require.NoFileExists(t, filepath.Join(rtl, "w_bank3.hex"), "a stale image of the 4-lane design")
	other := filepath.Join(dir, "notes")
	require.NoError(t, os.MkdirAll(other, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(other, "mine.txt"), []byte("keep"), 0o644))
	_, err = run(t, "rtl", "--vectors", lanes2, "--out", other, "--force")
	require.Equal(t, 2, rtlExit(t, err))
	require.FileExists(t, filepath.Join(other, "mine.txt"))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		require.False(t, strings.HasPrefix(e.Name(), "."), "a temporary folder was left: %s", e.Name())
	}
}
