package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/synth"
)

// TestSynthXilinxPart: a Xilinx part is mapped, "fits" from its budget, "fmax_mhz": null with the reason.
func TestSynthXilinxPart(t *testing.T) {
	if err := synth.CheckTools("xc7a35t"); err != nil {
		t.Skipf("%v: synthesis not run", err)
	}
	out, err := run(t, "synth", "--target", "xc7a35t", "--rtl", smallSynthRTL(t))
	require.NoError(t, err)
	var r map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &r), out)
	require.Contains(t, r, "fmax_mhz")
	require.Nil(t, r["fmax_mhz"])
	require.Equal(t, true, r["fits"], "the small board top is within the xc7a35t's budget")
	require.Contains(t, r["fits_from"], "not placed")
	require.Contains(t, r["fmax_reason"], "no open-source place-and-route")
	for _, k := range []string{"luts", "ffs", "bram_blocks", "bram_bits", "lut_levels"} {
		require.Greater(t, r[k], 0.0, k)
	}
	require.Equal(t, 20800.0, r["budget"].(map[string]any)["luts"])
}

// TestSynthMapOnly: --map-only on a routable part stops after Yosys: "fits" from the
// mapped counts against the UP5K's budget, "fmax_mhz" null with the reason, no router run.
func TestSynthMapOnly(t *testing.T) {
	if err := synth.CheckTools("ice40-up5k"); err != nil {
		t.Skipf("%v: synthesis not run", err)
	}
	out, err := run(t, "synth", "--target", "ice40-up5k", "--rtl", smallSynthRTL(t), "--map-only")
	require.NoError(t, err)
	var r synth.Result
	require.NoError(t, json.Unmarshal([]byte(out), &r), out)
	require.Nil(t, r.FmaxMHz)
	require.Equal(t, synth.NoFmaxMapOnly, r.FmaxReason)
	require.NotNil(t, r.Fits)
	require.True(t, *r.Fits)
	require.Contains(t, r.FitsFrom, "not placed")
	require.NotContains(t, r.Seconds, "nextpnr")
	require.Greater(t, r.LUTs, 0)
}

// TestSynthErrors: a missing tool (named with its package), an unknown target and a
// missing --rtl exit 2.
func TestSynthErrors(t *testing.T) {
	_, err := run(t, "synth", "--target", "ice40-lp1k", "--rtl", t.TempDir())
	require.Equal(t, 2, rtlExit(t, err))
	require.Contains(t, err.Error(), "ecp5-85k, gw1nr-9, ice40-hx8k, ice40-up5k, xc7a100t, xc7a200t, xc7a35t, xilinx7")
	_, err = run(t, "synth", "--target", "ice40-up5k")
	require.Equal(t, 2, rtlExit(t, err))
	// A clock that is not positive is refused before any tool runs (issue 17, item 10).
	for _, f := range []string{"-5", "0", "+Inf", "NaN"} {
		_, err = run(t, "synth", "--rtl", t.TempDir(), "--freq", f)
		require.Equal(t, 2, rtlExit(t, err), f)
		require.ErrorContains(t, err, "want a positive clock in MHz")
	}
	// A bad seed list, or both --seed and --seeds, is a usage error.
	for _, args := range [][]string{{"--seeds", "0"}, {"--seeds", "3-1"}, {"--seeds", "1-2,2"}, {"--seed", "2", "--seeds", "1-2"}} {
		_, err = run(t, append([]string{"synth", "--rtl", t.TempDir()}, args...)...)
		require.Equal(t, 2, rtlExit(t, err), "%v", args)
		require.ErrorContains(t, err, "--seed", "%v", args)
	}
	// An unwritable --keep and a folder that is not an RTL folder are input errors, found
	// before any tool runs (issue 17, items 10 and 4); without Yosys, its absence is the
	// error named first.
	// (A file in the way: unwritable even for root, whom permissions do not stop.)
	if synth.CheckTools("ice40-up5k") == nil {
		blocker := filepath.Join(t.TempDir(), "file")
		require.NoError(t, os.WriteFile(blocker, nil, 0o644))
		_, err = run(t, "synth", "--rtl", rtlFolderFor(t), "--keep", filepath.Join(blocker, "keep"))
		require.Equal(t, 2, rtlExit(t, err), "%v", err)
		require.ErrorContains(t, err, "--keep")
		_, err = run(t, "synth", "--rtl", filepath.Join(t.TempDir(), "missing"))
		require.Equal(t, 2, rtlExit(t, err), "%v", err)
	}
	t.Setenv("PATH", t.TempDir())
	_, err = run(t, "synth", "--target", "ice40-hx8k", "--rtl", t.TempDir())
	require.Equal(t, 2, rtlExit(t, err))
	require.Contains(t, err.Error(), "yosys not found on PATH (Debian: apt-get install yosys)")
}

// TestSynthFreqMiss: a routed design that misses --freq prints its full report (Fmax,
// timing_met false, the critical paths) and exits 1.
func TestSynthFreqMiss(t *testing.T) {
	if err := synth.CheckTools("ice40-up5k"); err != nil {
		t.Skipf("%v: synthesis not run", err)
	}
	out, err := run(t, "synth", "--target", "ice40-up5k", "--rtl", smallSynthRTL(t), "--freq", "200")
	require.Equal(t, 1, rtlExit(t, err), "%v", err)
	require.Contains(t, err.Error(), "misses the target 200.00 MHz")
	var r synth.Result
	require.NoError(t, json.Unmarshal([]byte(out), &r), out)
	require.NotNil(t, r.TimingMet)
	require.False(t, *r.TimingMet)
	require.Less(t, *r.FmaxMHz, 200.0)
	require.NotEmpty(t, r.CriticalPaths)
	require.Greater(t, r.CriticalPaths[0].DelayNS, 5.0)
}

// rtlFolderFor is a small RTL folder (default data, K = 8, the default tile, 1 iteration).
func rtlFolderFor(t *testing.T) string {
	t.Helper()
	_, rtl := rtlFolders(t)
	return rtl
}

// smallSynthRTL is the RTL folder of a small design for the synthesis tests, which check
// the flow and its report, not a design: smallData with K = 4 in mode H (no energy pass)
// and narrow registers, from the datapath model.
func smallSynthRTL(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	vec, rtl := filepath.Join(dir, "vectors"), filepath.Join(dir, "rtl")
	_, err := run(t, "vectors", "--data", smallData(t), "--hidden", "4", "--mode", "H", "--tile", "3", "--weight-bits", "9",
		"--acc-bits", "12", "--from", "model", "--iters", "1", "--out", vec)
	require.NoError(t, err)
	_, err = run(t, "rtl", "--vectors", vec, "--out", rtl)
	require.NoError(t, err)
	return rtl
}
