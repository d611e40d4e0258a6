package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/synth"
)

func TestSweepWritesTableAndMergesShards(t *testing.T) {
	base := []string{"sweep", "--data", "default", "--hidden", "4", "--mode", "H", "--iters", "6", "--vary", "weight-bits=9:10", "--vary", "acc-bits=13,24", "--overflow", "sat"}
	whole := filepath.Join(t.TempDir(), "whole")
	out, err := run(t, append(base, "--out", whole)...)
	require.NoError(t, err)
	require.Contains(t, out, "sweep: 4 points: 0 already done, 4 computed (0 invalid)")
	require.Contains(t, out, "weight-bits    sat  lossless")
	for _, f := range []string{"points.jsonl", "table.md", "table.csv", "recommendations.json", "sweep_divergence.png", "sweep_moment.png"} {
		require.FileExists(t, filepath.Join(whole, f))
	}
	out, err = run(t, append(base, "--out", whole)...)
	require.NoError(t, err)
	require.Contains(t, out, "sweep: 4 points: 4 already done, 0 computed")

	shards := filepath.Join(t.TempDir(), "shards")
	for i, s := range []string{"0/2", "1/2"} {
		out, err := run(t, append(base, "--out", filepath.Join(shards, fmt.Sprint(i)), "--shard", s)...)
		require.NoError(t, err)
		require.Contains(t, out, "2 points of the grid are not finished yet")
	}
	merged := filepath.Join(t.TempDir(), "merged")
	out, err = run(t, "sweep", "merge", "--out", merged, filepath.Join(shards, "0"), filepath.Join(shards, "1"))
	require.NoError(t, err)
	require.Contains(t, out, "merged 4 points from 2 folders")
	requireSameFiles(t, whole, merged, "points.jsonl", "table.md", "table.csv", "recommendations.json")

	// --max-units stops early; a rerun resumes; --merge rewrites the report from --out.
	parts := filepath.Join(t.TempDir(), "parts")
	out, err = run(t, append(base, "--out", parts, "--max-units", "3")...)
	require.NoError(t, err)
	require.Contains(t, out, "sweep: 4 points: 0 already done, 3 computed")
	require.Contains(t, out, "1 points of the grid are not finished yet")
	out, err = run(t, append(base, "--out", parts)...)
	require.NoError(t, err)
	require.Contains(t, out, "sweep: 4 points: 3 already done, 1 computed")
	require.NoError(t, os.Remove(filepath.Join(parts, "table.md")))
	out, err = run(t, "sweep", "--merge", "--out", parts)
	require.NoError(t, err)
	require.Contains(t, out, "merged 4 points from 0 folders")
	requireSameFiles(t, whole, parts, "points.jsonl", "table.md", "table.csv", "recommendations.json")
}

func requireSameFiles(t *testing.T, want, got string, files ...string) {
	t.Helper()
	for _, f := range files {
		w, err := os.ReadFile(filepath.Join(want, f))
		require.NoError(t, err)
		g, err := os.ReadFile(filepath.Join(got, f))
		require.NoError(t, err)
		require.Equal(t, string(w), string(g), f)
	}
}

// TestUnitCommandsShareFlags: sweep and usps run their units on internal/units with the
// same flags (--shard, --max-units, --merge, --workers) and the same merge subcommand.
func TestUnitCommandsShareFlags(t *testing.T) {
	extra := map[string][]string{"sweep": {"--hidden", "4", "--vary", "W=10"}, "usps": {"--quick"}}
	for _, c := range []string{"sweep", "usps"} {
		help, err := run(t, c, "--help")
		require.NoError(t, err)
		for _, flag := range []string{"--shard string", "--max-units int", "--merge ", "--workers int", "--out string"} {
			require.Contains(t, help, flag, c)
		}
		help, err = run(t, c, "merge", "--help")
		require.NoError(t, err)
		require.Contains(t, help, c+" merge --out DIR [FOLDER...]")
		require.Contains(t, help, "every folder must have run the same plan (plan.json)")
		dir := filepath.Join(t.TempDir(), "out")
		_, err = run(t, append([]string{c, "--max-units", "-1", "--out", dir}, extra[c]...)...)
		require.ErrorContains(t, err, "--max-units -1: must not be negative", c)
		require.NoDirExists(t, dir)
	}
}

func TestSweepRejectsBadInputWithoutWritingFiles(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--vary", "mantissa-bits=8:9"}, `unknown register group "mantissa-bits"`},
		{[]string{"--vary", "weight-bits=8:4"}, `range "8:4" is empty`},
		{[]string{"--vary", "weight-bits=x"}, `width "x" is not a number`},
		{[]string{"--vary", "weight-bits"}, `--vary "weight-bits": want GROUP=WIDTHS`},
		{[]string{"--vary", "W=8", "--vary", "W=9"}, "--vary: group W is given twice"},
		{[]string{}, "nothing to sweep: give at least one --vary"},
		{[]string{"--vary", "W=10", "--shard", "3/2"}, `--shard "3/2": want a shard i/n with 0 <= i < n`},
		{[]string{"--vary", "W=10", "--shard", "0/0"}, `--shard "0/0"`},
		{[]string{"--vary", "W=10", "--shard", "x"}, `--shard "x"`},
		{[]string{"--vary", "W=10", "--overflow", "clip"}, `--overflow: mode "clip": want wrap or sat`},
		{[]string{"--vary", "W=10", "--overflow", "wrap,clip"}, `--overflow: mode "clip": want wrap or sat in "wrap,clip"`},
		{[]string{"--vary", "W=10", "--overflow", "sat_sym"}, `--overflow: mode "sat_sym": want wrap or sat`},
		{[]string{"--vary", "W=10", "--iters", "0"}, "--iters 0"},
		{[]string{"--vary", "W=10", "--tile", "-3"}, "tile T = -3, must be positive"},
		{[]string{"--vary", "W=10", "--tile", "4"}, "tile T = 4 must be a multiple of 3"},
		{[]string{"--vary", "W=10", "--form", "unscaled"}, "--form unscaled: the datapath runs the scaled form only"},
		{[]string{"--vary", "W=10", "--mode", "X"}, `unknown mode "X"`},
		{[]string{"--vary", "W=10", "--workers", "-1"}, "--workers -1: must be at least 1"},
		{[]string{"--vary", "W=10", "--data", "no/such/file.txt"}, "no/such/file.txt"},
		{[]string{"--vary", "W=10", "--cross", "--vary", "weight-bits=11"}, "--vary with --cross: crossed groups weight-bits and W both set register W"},
		{[]string{"--vary", "W=10", "--synth", "ice40-up9k"}, `--synth "ice40-up9k": want one of ecp5-25k, ecp5-45k, ecp5-85k, gw1nr-9, ice40-hx8k, ice40-up5k, xc7a100t, xc7a200t, xc7a35t, xilinx7`},
		{[]string{"--vary", "W=10", "--lanes", "2"}, "unknown flag: --lanes"},
		{[]string{"--vary", "W=10", "--arch", "tiled"}, "unknown flag: --arch"},
	}
	for _, c := range cases {
		dir := filepath.Join(t.TempDir(), "out")
		_, err := run(t, append([]string{"sweep", "--hidden", "4", "--iters", "5", "--out", dir}, c.args...)...)
		require.Error(t, err, "%v", c.args)
		require.Contains(t, err.Error(), c.want, "%v", c.args)
		require.NoDirExists(t, dir, "%v left files behind", c.args)
	}
	dir := filepath.Join(t.TempDir(), "out")
	_, err := run(t, "sweep", "merge", "--out", dir, "no/such/points.jsonl")
	require.ErrorContains(t, err, "no/such/points.jsonl")
	require.NoDirExists(t, dir)
	_, err = run(t, "sweep", "merge", "--out", dir)
	require.Error(t, err)
	require.NoDirExists(t, dir)
}

func TestSweepSynthWithoutToolsFailsBeforeAnyWork(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	dir := filepath.Join(t.TempDir(), "out")
	_, err := run(t, "sweep", "--data", "default", "--hidden", "4", "--iters", "3", "--vary", "weight-bits=10,12",
		"--overflow", "wrap", "--synth", "ice40-up5k", "--out", dir)
	require.ErrorContains(t, err, "sweep: --synth ice40-up5k: yosys not found on PATH (Debian: apt-get install yosys)")
	var ee *exitError
	require.True(t, errors.As(err, &ee))
	require.Equal(t, 2, ee.code)
	require.NoDirExists(t, dir)
}

func TestSweepHelpNamesSynth(t *testing.T) {
	out, err := run(t, "sweep", "--help")
	require.NoError(t, err)
	require.Contains(t, out, "--synth string")
	require.Contains(t, out, strings.Join(synth.TargetNames(), ", "))
}

// TestSweepTiles: without --tile every point gets the default tile for its W width (3
// rows at up to 16 bits, three weights a word), named in the table and in every point's
// key, and the setup records the tile asked for (0: each point's default); --tile T gives
// every point T.
func TestSweepTiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "default")
	out, err := run(t, "sweep", "--data", "default", "--hidden", "4", "--mode", "H", "--iters", "6",
		"--vary", "weight-bits=9,17", "--vary", "acc-bits=22", "--cross", "--overflow", "wrap", "--out", dir)
	require.NoError(t, err)
	require.Contains(t, out, "sweep: 2 points: 0 already done, 2 computed (0 invalid)")
	table, err := os.ReadFile(filepath.Join(dir, "table.md"))
	require.NoError(t, err)
	require.Contains(t, string(table), "K=4, each point's default tile")
	points, err := os.ReadFile(filepath.Join(dir, "points.jsonl"))
	require.NoError(t, err)
	require.Contains(t, string(points), `"tile":0,`)
	require.Contains(t, string(points), "|tile_T=3|", "W 9 bits: three weights a word")
	require.Contains(t, string(points), "|tile_T=4|", "W 17 bits: two a word, mode H's tile of 4")

	dir = filepath.Join(t.TempDir(), "tile6")
	_, err = run(t, "sweep", "--data", "default", "--hidden", "4", "--mode", "H", "--iters", "6", "--tile", "6",
		"--vary", "weight-bits=9,17", "--vary", "acc-bits=22", "--cross", "--overflow", "wrap", "--out", dir)
	require.NoError(t, err)
	table, err = os.ReadFile(filepath.Join(dir, "table.md"))
	require.NoError(t, err)
	require.Contains(t, string(table), "K=4, tile T=6")
	points, err = os.ReadFile(filepath.Join(dir, "points.jsonl"))
	require.NoError(t, err)
	require.Equal(t, 2, strings.Count(string(points), "|tile_T=6|"))
}
