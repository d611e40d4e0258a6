// Package scripts holds the tests of the repository's shell scripts.
package scripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// buildHerdsim builds the CLI from this checkout into a temporary folder.
func buildHerdsim(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "herdsim")
	cmd := exec.Command("go", "build", "-o", bin, "herdsim/cmd/herdsim")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

// runDemo runs scripts/demo.sh into out and returns its stdout; stderr is logged.
func runDemo(t *testing.T, herdsim, out string, env ...string) string {
	t.Helper()
	cmd := exec.Command("bash", "demo.sh", out)
	cmd.Env = append(append(os.Environ(), "HERDSIM="+herdsim), env...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	t.Logf("demo.sh stderr:\n%s", stderr.String())
	require.NoError(t, err, "demo.sh: stdout:\n%s", stdout.String())
	return stdout.String()
}

// requireChain checks the files of every step before the simulation.
func requireChain(t *testing.T, out, summary string) {
	t.Helper()
	for _, name := range []string{
		"herd/trace.jsonl", "herd/weights.json", "herd/summary.json",
		"herd/samples.png", "herd/rates.png", "herd/moment_error.png",
		"lockstep.json",
		"vectors/manifest.json", "vectors/x.hex", "vectors/x_star.hex",
		"rtl/herd_core.v", "rtl/herd_tb.v", "rtl/rtl.json",
		"rtlsim.txt",
	} {
		require.FileExists(t, filepath.Join(out, name))
	}
	lockstep, err := os.ReadFile(filepath.Join(out, "lockstep.json"))
	require.NoError(t, err)
	require.Contains(t, string(lockstep), `"bit_exact": true`)
	for _, want := range []string{"herd/", "lockstep.json", "bit_exact true", "vectors/", "rtl/", "rtlsim.txt"} {
		require.Contains(t, summary, want)
	}
}

// toolsOnly makes a folder of links to the commands demo.sh runs besides herdsim, to use
// as PATH: a machine without a Verilog simulator.
func toolsOnly(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"bash", "dirname", "mkdir", "rm", "sed", "grep", "cat"} {
		path, err := exec.LookPath(name)
		require.NoError(t, err)
		require.NoError(t, os.Symlink(path, filepath.Join(dir, name)))
	}
	return dir
}

// TestDemoRunsTheChain: `make demo` runs scripts/demo.sh, which runs the whole chain on the
// default data: reference, lockstep, vectors, Verilog, and a simulator's PASS, or says
// that no simulator is installed; a second run into the same folder works (issue 17, 20).
func TestDemoRunsTheChain(t *testing.T) {
	makefile, err := os.ReadFile("../Makefile")
	require.NoError(t, err)
	require.Regexp(t, `(?m)^demo: build\n\t.*scripts/demo\.sh out/demo$`, string(makefile))

	herdsim := buildHerdsim(t)
	out := filepath.Join(t.TempDir(), "demo")

	t.Run("no simulator", func(t *testing.T) {
		bash, err := exec.LookPath("bash")
		require.NoError(t, err)
		cmd := exec.Command(bash, "demo.sh", out)
		cmd.Env = append(os.Environ(), "HERDSIM="+herdsim, "PATH="+toolsOnly(t))
		stdout, err := cmd.Output()
		require.NoError(t, err, "%s", stdout)
		summary := string(stdout)
		requireChain(t, out, summary)
		require.Contains(t, summary, "SKIPPED: no Verilog simulator installed")
		verdict, err := os.ReadFile(filepath.Join(out, "rtlsim.txt"))
		require.NoError(t, err)
		require.Contains(t, string(verdict), "SKIPPED: no Verilog simulator installed")
	})

	t.Run("simulator", func(t *testing.T) {
		_, icarus := exec.LookPath("iverilog")
		_, verilator := exec.LookPath("verilator")
		if icarus != nil && verilator != nil {
			t.Skip("no Verilog simulator installed (iverilog or verilator): the demo's simulation step is not tested")
		}
		// Into the folder of the first run: the demo must rerun over its own output.
		summary := runDemo(t, herdsim, out)
		requireChain(t, out, summary)
		require.Regexp(t, `(?m)rtlsim\.txt +PASS: (icarus|verilator), `, summary)
		verdict, err := os.ReadFile(filepath.Join(out, "rtlsim.txt"))
		require.NoError(t, err)
		require.Regexp(t, `^PASS: (icarus|verilator), `, string(verdict))
		require.FileExists(t, filepath.Join(out, "rtlsim.log"))
	})
}
