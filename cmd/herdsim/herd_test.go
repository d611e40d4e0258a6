package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// run executes the CLI in-process and returns stdout and the error.
func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	cmd := newRootCommand()
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs(args)
	err := cmd.Execute()
	return out.String(), err
}

// requireHerdFolder checks that dir holds every file herd writes.
func requireHerdFolder(t *testing.T, dir string) {
	t.Helper()
	for _, name := range []string{"trace.jsonl", "weights.json", "summary.json", "samples.png", "rates.png", "moment_error.png"} {
		require.FileExists(t, filepath.Join(dir, name))
	}
}

func TestHerdWritesItsFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	out, err := run(t, "herd", "--data", "default", "--iters", "50", "--hidden", "8", "--out", dir)
	require.NoError(t, err)
	require.Contains(t, out, "default: N=128 D=64 K=8 mode=SH T=50")
	requireHerdFolder(t, dir)
}

func TestHerdRejectsBadInputWithoutWritingFiles(t *testing.T) {
	text := filepath.Join(t.TempDir(), "bad.txt")
	require.NoError(t, os.WriteFile(text, []byte("0101\n01x1\n"), 0o644))
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--mode", "X"}, `unknown mode "X"`},
		{[]string{"--hidden", "0"}, "hidden units K=0"},
		{[]string{"--sweeps", "0"}, "--sweeps 0"},
		{[]string{"--iters", "0"}, "iterations T=0"},
		{[]string{"--form", "odd"}, `--form "odd"`},
		{[]string{"--data", "no/such/file.txt"}, "no/such/file.txt"},
		{[]string{"--data", text}, "bad.txt:2:3: unexpected character 'x'"},
		{[]string{"--data", "usps", "--usps-dir", "/no/such/dir"}, "/no/such/dir"},
		{[]string{"--data", "usps", "--class", "12"}, "12"},
	}
	for _, c := range cases {
		dir := filepath.Join(t.TempDir(), "out")
		_, err := run(t, append([]string{"herd", "--iters", "5", "--out", dir}, c.args...)...)
		require.Error(t, err, "%v", c.args)
		require.Contains(t, err.Error(), c.want, "%v", c.args)
		entries, _ := os.ReadDir(dir)
		require.Empty(t, entries, "%v left files behind", c.args)
	}
}

// TestHerdKeepsARunWithZeroMomentError: identical data vectors match the moments exactly
// at every iteration; the run still writes every file, the plot included (issue 17, 3).
func TestHerdKeepsARunWithZeroMomentError(t *testing.T) {
	text := filepath.Join(t.TempDir(), "ones4.txt")
	require.NoError(t, os.WriteFile(text, []byte("111\n111\n111\n111\n"), 0o644))
	dir := filepath.Join(t.TempDir(), "run")
	out, err := run(t, "herd", "--data", text, "--hidden", "3", "--iters", "1", "--out", dir)
	require.NoError(t, err)
	require.Contains(t, out, "moment error 0,")
	requireHerdFolder(t, dir)
}

// TestHerdRefusesARunThatCannotFit: K = 10^8 hidden units used to die with "fatal error:
// runtime: out of memory" and a stack trace; it is refused before anything is allocated,
// with the estimate and the machine's limit, exit status 2, and no output folder (issue
// 17, item 11).
func TestHerdRefusesARunThatCannotFit(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	_, err := run(t, "herd", "--hidden", "100000000", "--out", dir)
	var ee *exitError
	require.True(t, errors.As(err, &ee), "%v", err)
	require.Equal(t, 2, ee.code)
	require.Regexp(t, `K = 100000000 hidden units on N = 128 vectors of D = 64 for 1000 iterations needs about [0-9.]+ GiB of memory, more than the [0-9.]+ [KMGT]iB available \(.+\); the largest parts: `, err.Error())
	require.Contains(t, err.Error(), "use fewer --hidden units or --iters")
	require.NoDirExists(t, dir)
}

// TestHerdReportsMaxWOverTheRunAndFinal: herd prints, and summary.json stores, the largest
// |W| over the run and that of the final weights, named as what they are (issue 17, item
// 12: it printed the final value as "max |W|"). On the default data with SH, K = 16 and
// T = 2000 the weights peak at 2190 and end at 1539 (scaled by N = 128).
func TestHerdReportsMaxWOverTheRunAndFinal(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	out, err := run(t, "herd", "--data", "default", "--iters", "2000", "--out", dir)
	require.NoError(t, err)
	require.Contains(t, out, "max |W| over the run 2190, final 1539 (x128)")
	raw, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	require.NoError(t, err)
	var s map[string]any
	require.NoError(t, json.Unmarshal(raw, &s))
	require.Equal(t, 2190.0, s["max_abs_W_over_run"])
	require.Equal(t, 1539.0, s["max_abs_W_final"])
	require.NotContains(t, s, "max_abs_W")
}

// TestHerdPhaseTimes: --phase-times T0 prints the phase table on stderr for the iterations
// from T0 on, and every file the run writes is the same bytes as without it; an iteration
// outside the run is a usage error.
func TestHerdPhaseTimes(t *testing.T) {
	dir := t.TempDir()
	args := []string{"herd", "--data", "default", "--hidden", "8", "--iters", "40"}
	runWithProgress(t, dir, "0", append(args, "--out", "plain")...)
	_, stderr := runWithProgress(t, dir, "0", append(args, "--out", "timed", "--phase-times", "31")...)
	require.Contains(t, stderr, "phase times, iterations 31-40 (10; GOMAXPROCS")
	require.Regexp(t, `(?m)^  search +\d+\.\d{3} +\d+\.\d%$`, stderr)
	require.Contains(t, stderr, "flip-driven positive phase (10 iterations)")
	entries, err := os.ReadDir(filepath.Join(dir, "plain"))
	require.NoError(t, err)
	require.NotEmpty(t, entries)
	for _, e := range entries {
		want, err := os.ReadFile(filepath.Join(dir, "plain", e.Name()))
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(dir, "timed", e.Name()))
		require.NoError(t, err)
		require.Equal(t, want, got, e.Name())
	}
	_, err = run(t, append(args, "--out", filepath.Join(dir, "bad"), "--phase-times", "41")...)
	require.ErrorContains(t, err, "--phase-times 41: want an iteration from 1 to 40")
}
