package rtlgen_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/rtlgen"
	"herdsim/sim"
)

// TestCoreDescriptionListsEveryFile: herd.core lists every file rtlgen writes for a tiled
// design (but itself) in a fileset, each once, and nothing that is not there; the datasheet
// names every port of herd_core.v.
func TestCoreDescriptionListsEveryFile(t *testing.T) {
	a := datapath.DefaultArch(6, 64, 128, 1, 10, 2, herding.ModeH, false)
	a.Tile = 3
	set, err := sim.ReferenceVectors(dataset.Default(), a, herding.DefaultSeed, 2)
	require.NoError(t, err)
	dir := t.TempDir()
	names, err := rtlgen.Write(dir, set)
	require.NoError(t, err)
	desc, err := os.ReadFile(dir + "/" + rtlgen.CoreDescFile)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(desc), "CAPI=2:\n"))
	var listed []string
	for _, m := range regexp.MustCompile(`(?m)^      - ([^:\s]+)`).FindAllStringSubmatch(string(desc), -1) {
		listed = append(listed, m[1])
		require.FileExists(t, dir+"/"+m[1])
	}
	var want []string
	for _, n := range names {
		if n != rtlgen.CoreDescFile {
			want = append(want, n)
		}
	}
	sort.Strings(listed)
	require.Equal(t, want, listed)

	sheet, err := os.ReadFile(dir + "/" + rtlgen.DatasheetFile)
	require.NoError(t, err)
	core, err := os.ReadFile(dir + "/" + rtlgen.CoreFile)
	require.NoError(t, err)
	ports := regexp.MustCompile(`(?m)^\s+(?:input|output) (?:wire|reg) (?:\[[^\]]+\] )?(\w+)`).FindAllStringSubmatch(string(core), -1)
	require.NotEmpty(t, ports)
	for _, p := range ports {
		require.Contains(t, string(sheet), "| `"+p[1]+"` |")
	}
}

// fusesoc is the fusesoc executable (synth/requirements.txt: make fpga-venv) in
// $HERDSIM_VENV/bin or on PATH; without it the test skips, or fails where
// HERDSIM_REQUIRE_PYPI_TOOLS is set (CI).
func fusesoc(t *testing.T) string {
	t.Helper()
	if venv := os.Getenv("HERDSIM_VENV"); venv != "" {
		if p := filepath.Join(venv, "bin", "fusesoc"); fileExists(p) {
			return p
		}
	}
	p, err := exec.LookPath("fusesoc")
	if err == nil {
		return p
	}
	if os.Getenv("HERDSIM_REQUIRE_PYPI_TOOLS") != "" {
		t.Fatalf("fusesoc is not in $HERDSIM_VENV/bin or on PATH (make fpga-venv installs it)")
	}
	t.Skip("fusesoc is not in $HERDSIM_VENV/bin or on PATH (make fpga-venv installs it)")
	return ""
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// TestFuseSoCRunsTheCore: FuseSoC itself (the tool a user runs on herd.core, with Edalize
// driving Verilator and Icarus) runs the generated core's lint target clean and its sim
// target to PASS against the vector set's files (plusargs); with one golden word of the set
// changed the sim target fails naming the mismatch, and with a lint warning (a truncating
// assignment) planted in herd_core.v the lint target fails.
func TestFuseSoCRunsTheCore(t *testing.T) {
	bin := fusesoc(t)
	for _, tool := range []string{"verilator", "iverilog"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not on PATH: the core's targets are not run", tool)
		}
	}
	vec, rtl, a := cocotbSet(t, 2)
	vlnv := fmt.Sprintf("herdsim:herding:herd_core_%08x", rtlgen.DesignID(a))
	run := func(target string, extra ...string) (string, error) {
		args := append([]string{"--cores-root", rtl, "run", "--build-root", filepath.Join(t.TempDir(), "build"), "--target", target, vlnv}, extra...)
		cmd := exec.Command(bin, args...)
		cmd.Dir = t.TempDir()
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	plusargs := []string{fmt.Sprintf("--iters=%d", 2)}
	for _, f := range rtlgen.ExpectedFiles {
		plusargs = append(plusargs, fmt.Sprintf("--%s=%s", f, filepath.Join(vec, f+".hex")))
	}

	out, err := run("lint")
	require.NoError(t, err, "fusesoc lint:\n%s", out)
	out, err = run("sim", plusargs...)
	require.NoError(t, err, "fusesoc sim:\n%s", out)
	require.Regexp(t, `(?m)^`+rtlgen.PassLine+`$`, out)

	rewriteWord(t, vec, "z_star", 1, func(w uint64) uint64 { return w ^ 1 }, true)
	out, err = run("sim", plusargs...)
	require.Error(t, err, "fusesoc sim passed a corrupted golden z* word:\n%s", out)
	require.Contains(t, out, rtlgen.MismatchPrefix)
	require.NotRegexp(t, `(?m)^`+rtlgen.PassLine+`$`, out)

	core := filepath.Join(rtl, rtlgen.CoreFile)
	src, err := os.ReadFile(core)
	require.NoError(t, err)
	planted := strings.Replace(string(src), "endmodule", "  wire [1:0] herd_planted = 3'd5;\nendmodule", 1)
	require.NoError(t, os.WriteFile(core, []byte(planted), 0o644))
	out, err = run("lint")
	require.Error(t, err, "fusesoc lint passed a truncating assignment:\n%s", out)
	require.Contains(t, out, "herd_planted")
}
