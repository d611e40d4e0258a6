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

// smallData is the data of the command tests that run a simulator or synthesis: 16 vectors
// of 16 pixels, one batch. They check the commands (exit codes, reports, progress,
// signals), not the design, which sim and rtlgen test; K = 8 in mode SH on it is 667
// cycles an iteration, where the default data's 64 x 128 is 5,626 (9 s in Icarus).
func smallData(t *testing.T) string {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("testdata", "small16.txt"))
	require.NoError(t, err)
	return path
}

// rtlFolders writes a 1-iteration vector set (smallData, K = 8, the default tile) and its
// RTL folder.
func rtlFolders(t *testing.T) (vec, rtl string) {
	t.Helper()
	dir := t.TempDir()
	vec, rtl = filepath.Join(dir, "vectors"), filepath.Join(dir, "rtl")
	_, err := run(t, "vectors", "--data", smallData(t), "--hidden", "8", "--iters", "1", "--out", vec)
	require.NoError(t, err)
	out, err := run(t, "rtl", "--vectors", vec, "--out", rtl)
	require.NoError(t, err)
	require.Contains(t, out, "K=8 D=16 N=16 tiled T=3 mode=SH iterations=1")
	for _, f := range []string{"herd_core.v", "herd_tb.v", "herd_board.v", "herd_board.pcf", "load.hex", "rtl.json"} {
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

	// A folder serves every vector set of its Arch: one generated from a set of another
	// seed (other initial weights) runs this set and passes. A folder of another Arch is
	// refused before the run, exit 2. A mismatch proper (exit 1): sim's
	// TestTiledRTLSimCatchesWrongWords.
	other, rtl2, rtl3 := t.TempDir(), filepath.Join(t.TempDir(), "rtl"), filepath.Join(t.TempDir(), "rtl")
	_, err = run(t, "vectors", "--data", smallData(t), "--hidden", "8", "--iters", "1", "--seed", "2", "--out", filepath.Join(other, "v"))
	require.NoError(t, err)
	_, err = run(t, "rtl", "--vectors", filepath.Join(other, "v"), "--out", rtl2)
	require.NoError(t, err)
	out, err = run(t, "rtlsim", "--sim", "icarus", "--vectors", vec, "--rtl", rtl2)
	require.Equal(t, 0, rtlExit(t, err), "%v", err)
	require.Contains(t, out, "PASS: icarus, ")
	_, err = run(t, "vectors", "--data", smallData(t), "--hidden", "6", "--iters", "1", "--out", filepath.Join(other, "v6"))
	require.NoError(t, err)
	_, err = run(t, "rtl", "--vectors", filepath.Join(other, "v6"), "--out", rtl3)
	require.NoError(t, err)
	_, err = run(t, "rtlsim", "--sim", "icarus", "--vectors", vec, "--rtl", rtl3)
	require.Equal(t, 2, rtlExit(t, err), "%v", err)
	require.Contains(t, err.Error(), "another Arch")

	// No simulator on PATH: exit 2 naming the binary.
	t.Setenv("PATH", t.TempDir())
	_, err = run(t, "rtlsim", "--sim", "verilator", "--vectors", vec, "--rtl", rtl)
	require.Equal(t, 2, rtlExit(t, err))
	require.Contains(t, err.Error(), "apt-get install verilator")
}

// TestRTLReplacesAFolderOnlyWithForce: rtl refuses an existing folder (exit 2); with
// --force it replaces it whole, so no file of the folder's earlier design stays behind; a
// folder that is not an RTL folder is never replaced (issue 17, item 9).
func TestRTLReplacesAFolderOnlyWithForce(t *testing.T) {
	dir := t.TempDir()
	tile3, tile6, rtl := filepath.Join(dir, "v3"), filepath.Join(dir, "v6"), filepath.Join(dir, "rtl")
	for _, c := range []struct{ out, tile string }{{tile3, "3"}, {tile6, "6"}} {
		_, err := run(t, "vectors", "--data", "default", "--hidden", "8", "--tile", c.tile, "--iters", "1", "--out", c.out)
		require.NoError(t, err)
	}
	_, err := run(t, "rtl", "--vectors", tile3, "--out", rtl)
	require.NoError(t, err)
	stale := filepath.Join(rtl, "w_bank3.hex") // as an older design's memory image
	require.NoError(t, os.WriteFile(stale, []byte("0000\n"), 0o644))
	_, err = run(t, "rtl", "--vectors", tile6, "--out", rtl)
	require.Equal(t, 2, rtlExit(t, err), "%v", err)
	require.ErrorContains(t, err, "--force")
	_, err = run(t, "rtl", "--vectors", tile6, "--out", rtl, "--force")
	require.NoError(t, err)
	info, err := os.ReadFile(filepath.Join(rtl, "rtl.json"))
	require.NoError(t, err)
	require.Regexp(t, `"tile": ?6,`, string(info))
	require.NoFileExists(t, stale, "a file of the folder's earlier design")
	other := filepath.Join(dir, "notes")
	require.NoError(t, os.MkdirAll(other, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(other, "mine.txt"), []byte("keep"), 0o644))
	_, err = run(t, "rtl", "--vectors", tile6, "--out", other, "--force")
	require.Equal(t, 2, rtlExit(t, err))
	require.FileExists(t, filepath.Join(other, "mine.txt"))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		require.False(t, strings.HasPrefix(e.Name(), "."), "a temporary folder was left: %s", e.Name())
	}
}
