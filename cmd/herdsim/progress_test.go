package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/sim"
)

// runWithProgress runs herdsim with HERDSIM_PROGRESS set to progress and returns stdout
// and stderr; it fails the test on a non-zero exit.
func runWithProgress(t *testing.T, dir, progress string, args ...string) (string, string) {
	t.Helper()
	cmd := exec.Command(herdsimBinary(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HERDSIM_PROGRESS="+progress)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	require.NoError(t, cmd.Run(), "herdsim %v; stderr:\n%s", args, errOut.String())
	return out.String(), errOut.String()
}

// TestSimulatorRunsShowProgress (issue 17, item 13): rtlsim and bench's simulator leg draw
// a progress bar on stderr when asked (HERDSIM_PROGRESS=1): the iterations checked out of
// T, from the testbench's ITER lines, and the simulated cycles per second. On smallData
// with K = 8 an Icarus iteration (667 cycles, about 0.7 s here) takes well over the bar's
// 100 ms redraw interval, so the bar is
// drawn at 1/3 and 2/3 with a rate; the bar is also checked on a fast run
// (drawn at 0/4; sim's TestRTLSimCountsTheTestbenchsIterations checks its count). The
// ITER lines themselves are not copied to stderr, and with HERDSIM_PROGRESS=0 no bar is
// drawn.
func TestSimulatorRunsShowProgress(t *testing.T) {
	if err := sim.CheckSimulator("icarus"); err != nil {
		t.Skipf("%v: simulation not run", err)
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sh6.txt"), []byte("11111\n11111\n11011\n11111\n11111\n11111\n"), 0o644))
	folders := func(name string, args ...string) (vec, rtl string) {
		vec, rtl = filepath.Join(dir, name+"-vec"), filepath.Join(dir, name+"-rtl")
		runWithProgress(t, dir, "0", append([]string{"vectors", "--out", vec}, args...)...)
		runWithProgress(t, dir, "0", "rtl", "--vectors", vec, "--out", rtl)
		return vec, rtl
	}
	moving := regexp.MustCompile(`icarus iterations \(\d+ cycles/s\) +\d+% \|[^|]*\| \([12]/3, `) // a rate, and 1 or 2 of T = 3 done

	vec, rtl := folders("small", "--data", smallData(t), "--hidden", "8", "--iters", "3")
	out, stderr := runWithProgress(t, dir, "1", "rtlsim", "--sim", "icarus", "--vectors", vec, "--rtl", rtl)
	require.Contains(t, out, "PASS: icarus")
	require.Regexp(t, moving, stderr, "rtlsim: no progress bar with iterations and cycles/s on stderr:\n%q", stderr)
	require.NotContains(t, stderr, "ITER ", "the testbench's progress lines are drawn as the bar, not copied")
	require.Contains(t, stderr, "PASS", "the simulator's own output is still streamed")

	_, stderr = runWithProgress(t, dir, "1", "bench", "--sim", "icarus", "--vectors", vec, "--rtl", rtl)
	require.Regexp(t, moving, stderr, "bench: no progress bar with iterations and cycles/s on stderr:\n%q", stderr)

	vec, rtl = folders("sh6", "--data", "sh6.txt", "--hidden", "4", "--iters", "4")
	out, stderr = runWithProgress(t, dir, "1", "rtlsim", "--sim", "icarus", "--vectors", vec, "--rtl", rtl)
	require.Contains(t, out, "PASS: icarus")
	require.Contains(t, stderr, "icarus iterations   0% |", "rtlsim: no progress bar:\n%q", stderr)
	require.Contains(t, stderr, "| (0/4, ")
	require.NotContains(t, stderr, "ITER ")

	_, quiet := runWithProgress(t, dir, "0", "rtlsim", "--sim", "icarus", "--vectors", vec, "--rtl", rtl)
	require.NotContains(t, quiet, "iterations")
	require.Contains(t, quiet, "PASS")
}
