package rtlgen_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/rtlgen"
	"herdsim/sim"
	"herdsim/testvectors"
)

// The cocotb testbench's Python: a virtual environment with rtlgen's cocotb/requirements.txt
// installed (`make cocotb-venv`, which .ci/run runs), at HERDSIM_COCOTB_VENV or else .venv
// in the repository root. Without one the test skips, unless HERDSIM_REQUIRE_COCOTB=1 (CI):
// then it fails.
const (
	cocotbVenvEnv    = "HERDSIM_COCOTB_VENV"
	cocotbRequireEnv = "HERDSIM_REQUIRE_COCOTB"
)

// cocotbPython is the virtual environment's python, or the test skips (fails under
// HERDSIM_REQUIRE_COCOTB=1) saying what is missing.
func cocotbPython(t *testing.T) string {
	t.Helper()
	missing := func(what string) {
		if os.Getenv(cocotbRequireEnv) == "1" {
			t.Fatalf("%s, and %s=1: the cocotb testbench must run here", what, cocotbRequireEnv)
		}
		t.Skipf("%s: the cocotb testbench is not run", what)
	}
	if _, err := exec.LookPath("iverilog"); err != nil {
		missing("iverilog not on PATH (apt-get install iverilog)")
	}
	venv := os.Getenv(cocotbVenvEnv)
	if venv == "" {
		venv = filepath.Join("..", ".venv")
	}
	python, err := filepath.Abs(filepath.Join(venv, "bin", "python"))
	require.NoError(t, err)
	if _, err := os.Stat(python); err != nil {
		missing(fmt.Sprintf("no cocotb virtual environment at %s (make cocotb-venv makes it; %s names another)", venv, cocotbVenvEnv))
	}
	return python
}

// cocotbResults is the part of cocotb's results.xml (xUnit) the test reads.
type cocotbResults struct {
	Suites []struct {
		Cases []struct {
			Name    string `xml:"name,attr"`
			Failure *struct {
				Message string `xml:"message,attr"`
			} `xml:"failure"`
			Error   *struct{} `xml:"error"`
			Skipped *struct{} `xml:"skipped"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

// cocotbSet writes the vector set of the default data's first 32 vectors (two batches: the
// previous batch's statistics are counted) of the given iterations (mode SH, K = 6, the
// default tile) and the RTL folder for it; it returns both folders and the Arch. Icarus
// runs cocotb's coroutines every clock: the set is 2,107 cycles an iteration, where the
// whole default data with K = 16 is 10,954.
func cocotbSet(t *testing.T, iterations int) (vec, rtl string, a datapath.Arch) {
	t.Helper()
	all := dataset.Default()
	data, err := all.Head(32, all.D)
	require.NoError(t, err)
	a = datapath.DefaultArch(6, data.D, data.N(), 0, 10, iterations, herding.ModeSH, false)
	set, err := sim.ReferenceVectors(data, a, herding.DefaultSeed, iterations)
	require.NoError(t, err)
	dir := t.TempDir()
	vec, rtl = filepath.Join(dir, "vectors"), filepath.Join(dir, "rtl")
	_, err = testvectors.Write(vec, set, testvectors.WriteOptions{})
	require.NoError(t, err)
	_, err = rtlgen.Write(rtl, set)
	require.NoError(t, err)
	return vec, rtl, a
}

// runCocotb runs the RTL folder's cocotb/run.py against vec and returns its exit status
// and the one test case of results.xml: its failure message, "" when it passed.
func runCocotb(t *testing.T, python, vec, rtl string) (status int, failure string) {
	t.Helper()
	out := filepath.Join(filepath.Dir(vec), "cocotb-run")
	cmd := exec.Command(python, filepath.Join(rtl, filepath.FromSlash(rtlgen.CocotbRunner)), "--vectors", vec, "--out", out)
	log, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%s: %v", cmd, err)
	}
	status = cmd.ProcessState.ExitCode()
	data, err := os.ReadFile(filepath.Join(out, "results.xml"))
	require.NoError(t, err, "run.py left no results.xml (exit %d):\n%s", status, tail(log))
	var res cocotbResults
	require.NoError(t, xml.Unmarshal(data, &res))
	require.Len(t, res.Suites, 1, "results.xml:\n%s", data)
	require.Len(t, res.Suites[0].Cases, 1, "results.xml:\n%s", data)
	c := res.Suites[0].Cases[0]
	require.Equal(t, "test_vector_set", c.Name)
	require.Nil(t, c.Error, "results.xml: an error, not a pass or a failure:\n%s", data)
	require.Nil(t, c.Skipped, "results.xml: skipped:\n%s", data)
	if c.Failure != nil {
		require.NotEmpty(t, c.Failure.Message)
		return status, c.Failure.Message
	}
	return status, ""
}

func tail(log []byte) string {
	lines := strings.Split(strings.TrimRight(string(log), "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-40):], "\n")
}

// rewriteWord replaces word line (1-based) of a vector file with f of it, and rewrites the
// file's sha256 in the manifest when fixHash (so that the set is well-formed and only the
// content is wrong). It returns the old and new words.
func rewriteWord(t *testing.T, vec, name string, line int, f func(uint64) uint64, fixHash bool) (old, now uint64) {
	t.Helper()
	path := filepath.Join(vec, name+".hex")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	word := lines[line-1]
	old, err = strconv.ParseUint(word, 16, 64)
	require.NoError(t, err)
	now = f(old)
	lines[line-1] = fmt.Sprintf("%0*x", len(word), now)
	data = []byte(strings.Join(lines, "\n"))
	require.NoError(t, os.WriteFile(path, data, 0o644))
	if !fixHash {
		return old, now
	}
	mpath := filepath.Join(vec, "manifest.json")
	raw, err := os.ReadFile(mpath)
	require.NoError(t, err)
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // the seed is a uint64
	require.NoError(t, dec.Decode(&m))
	sum := sha256.Sum256(data)
	m["files"].(map[string]any)[name].(map[string]any)["sha256"] = hex.EncodeToString(sum[:])
	raw, err = json.MarshalIndent(m, "", "  ")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(mpath, raw, 0o644))
	return old, now
}

// signedWord is a word of width bits as a signed value.
func signedWord(w uint64, width int) int64 { return int64(w<<(64-width)) >> (64 - width) }

// TestCocotbTestbench: the cocotb testbench herdsim rtl writes (cocotb/run.py under Icarus)
// passes on the default data, two iterations; with one final weight changed in its golden
// file (and the manifest's hash of the file made to match) it fails, and results.xml names
// that word, its file line and both values; with a file that no longer matches its
// manifest's sha256 it fails naming the file. About a minute: the core runs some 12,000
// cycles an iteration, under Icarus at about 800 cycles a second.
func TestCocotbTestbench(t *testing.T) {
	python := cocotbPython(t)
	if testing.Short() {
		t.Skip("-short: three cocotb runs take about 20 s")
	}

	t.Run("pass", func(t *testing.T) {
		vec, rtl, _ := cocotbSet(t, 2)
		status, failure := runCocotb(t, python, vec, rtl)
		require.Empty(t, failure)
		require.Equal(t, 0, status)
	})

	t.Run("corrupted golden word", func(t *testing.T) {
		vec, rtl, a := cocotbSet(t, 1)
		// W[1][49]: line 1 D + 49 + 1 of w_final.hex, its lowest bit flipped.
		const i, j = 1, 49
		width, line := a.Regs[datapath.RegW].Format.Word, i*a.D+j+1
		golden, corrupt := rewriteWord(t, vec, "w_final", line, func(w uint64) uint64 { return w ^ 1 }, true)
		status, failure := runCocotb(t, python, vec, rtl)
		require.Equal(t, 1, status)
		want := fmt.Sprintf("w_final[%d][%d] (w_final.hex line %d): expected %d, got %d",
			i, j, line, signedWord(corrupt, width), signedWord(golden, width))
		require.Contains(t, failure, want)
		require.Contains(t, failure, "1 mismatch:", "the corrupted word, and no other")
	})

	t.Run("sha256 differs", func(t *testing.T) {
		vec, rtl, _ := cocotbSet(t, 1)
		rewriteWord(t, vec, "z_star", 1, func(w uint64) uint64 { return w ^ 1 }, false)
		status, failure := runCocotb(t, python, vec, rtl)
		require.Equal(t, 1, status)
		require.Regexp(t, `z_star\.hex \(z_star\): sha256 [0-9a-f]{64} differs from the manifest's [0-9a-f]{64}`, failure)
	})
}
