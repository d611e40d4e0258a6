package main

import (
	"bytes"
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

func TestHerdWritesItsFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	out, err := run(t, "herd", "--data", "default", "--iters", "50", "--hidden", "8", "--out", dir)
	require.NoError(t, err)
	require.Contains(t, out, "default: N=128 D=64 K=8 mode=SH T=50")
	for _, name := range []string{"trace.jsonl", "weights.json", "summary.json", "samples.png", "rates.png", "moment_error.png"} {
		require.FileExists(t, filepath.Join(dir, name))
	}
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
	for _, name := range []string{"trace.jsonl", "weights.json", "summary.json", "samples.png", "rates.png", "moment_error.png"} {
		require.FileExists(t, filepath.Join(dir, name))
	}
}
