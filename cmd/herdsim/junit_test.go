package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"herdsim/bench"
	"herdsim/internal/junit"
	"herdsim/sim"
	"herdsim/testvectors"
)

// readReport decodes a JUnit report and returns each case's verdict by "suite/case":
// "pass", "failure: <message>", "error: <message>" or "skipped: <message>".
func readReport(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	r, err := junit.Decode(f)
	require.NoError(t, err)
	got := map[string]string{}
	tests := 0
	for _, s := range r.Suites {
		require.Equal(t, len(s.Cases), s.Tests, "suite %s counts its cases", s.Name)
		tests += s.Tests
		for _, c := range s.Cases {
			v := "pass"
			switch {
			case c.Failure != nil:
				v = "failure: " + c.Failure.Message
			case c.Error != nil:
				v = "error: " + c.Error.Message
			case c.Skipped != nil:
				v = "skipped: " + c.Skipped.Message
			}
			got[s.Name+"/"+c.Name] = v
		}
	}
	require.Equal(t, tests, r.Tests, "the report counts its suites' cases")
	return got
}

// corruptWord rewrites word index of the set's file name (its low hex digit's low bit
// flipped) and the manifest's hash of it, so that the set still reads as valid; it returns
// the word as the set now holds it.
func corruptWord(t *testing.T, vec, name string, index int) string {
	t.Helper()
	manPath := filepath.Join(vec, testvectors.ManifestName)
	raw, err := os.ReadFile(manPath)
	require.NoError(t, err)
	var man map[string]any
	require.NoError(t, json.Unmarshal(raw, &man))
	entry := man["files"].(map[string]any)[name].(map[string]any)
	path := filepath.Join(vec, entry["path"].(string))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	w := []byte(lines[index])
	w[len(w)-1] = "1032547698badcfe"[strings.IndexByte("0123456789abcdef", w[len(w)-1])]
	lines[index] = string(w)
	data = []byte(strings.Join(lines, "\n"))
	require.NoError(t, os.WriteFile(path, data, 0o644))
	sum := sha256.Sum256(data)
	entry["sha256"] = hex.EncodeToString(sum[:])
	raw, err = json.MarshalIndent(man, "", "  ")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(manPath, raw, 0o644))
	_, _, err = testvectors.Read(vec)
	require.NoError(t, err)
	return strings.TrimLeft(lines[index], "0")
}

// smallRTLFolders writes a 1-iteration vector set of smallData (K = 6, T = 3) and its RTL
// folder.
func smallRTLFolders(t *testing.T) (vec, rtl string) {
	t.Helper()
	dir := t.TempDir()
	vec, rtl = filepath.Join(dir, "vectors"), filepath.Join(dir, "rtl")
	_, err := run(t, "vectors", "--data", smallData(t), "--hidden", "6", "--tile", "3", "--iters", "1", "--out", vec)
	require.NoError(t, err)
	_, err = run(t, "rtl", "--vectors", vec, "--out", rtl)
	require.NoError(t, err)
	return vec, rtl
}

// TestRTLSimJUnit: rtlsim --junit reports every stream passed on a clean run; with a
// corrupted z* word it exits 1, fails z* naming iteration, word, expected and got, passes
// the other streams (--junit runs to the end), and names the waveform it wrote in its
// output and in the report; a run that fails before a verdict replaces the report with an
// error, not the earlier verdict.
func TestRTLSimJUnit(t *testing.T) {
	if err := sim.CheckSimulator("icarus"); err != nil {
		t.Skipf("%v: simulation not run", err)
	}
	vec, rtl := smallRTLFolders(t)
	dir := t.TempDir()
	report, wave := filepath.Join(dir, "report.xml"), filepath.Join(dir, "wave")
	args := []string{"rtlsim", "--sim", "icarus", "--vectors", vec, "--rtl", rtl, "--junit", report, "--wave", wave}
	_, err := run(t, args...)
	require.Equal(t, 0, rtlExit(t, err), "%v", err)
	got := readReport(t, report)
	require.Len(t, got, len(sim.RTLStreams))
	for c, v := range got {
		require.Equal(t, "pass", v, c)
	}
	require.NoFileExists(t, wave+".vcd", "a passing run wrote a waveform")

	want := corruptWord(t, vec, "z_star", 0)
	out, err := run(t, args...)
	require.Equal(t, 1, rtlExit(t, err), "%v", err)
	got = readReport(t, report)
	for _, s := range sim.RTLStreams {
		if s == "z_star" {
			require.Regexp(t, `^failure: iteration 1, z_star word 0: expected `+want+`, got [0-9a-f]+$`, got["rtlsim icarus/"+s])
		} else {
			require.Equal(t, "pass", got["rtlsim icarus/"+s], s)
		}
	}
	vcd, err := filepath.Abs(wave + ".vcd")
	require.NoError(t, err)
	require.FileExists(t, vcd)
	require.FileExists(t, wave+".gtkw")
	require.Contains(t, out, "waveform: clocks ")
	require.Contains(t, out, vcd)
	raw, err := os.ReadFile(report)
	require.NoError(t, err)
	require.Contains(t, string(raw), "[[ATTACHMENT|"+vcd+"]]")

	require.NoError(t, os.WriteFile(filepath.Join(vec, "cycles.hex"), []byte("0\n"), 0o644)) // stale hash
	_, err = run(t, args...)
	require.Equal(t, 2, rtlExit(t, err), "%v", err)
	got = readReport(t, report)
	require.Len(t, got, 1)
	require.Contains(t, got["rtlsim/rtlsim"], "error: rtlsim: vector set: ")
}

// TestRTLSimWaveWindowMustBePositive: --wave-window 0 is a usage error, before any run.
func TestRTLSimWaveWindowMustBePositive(t *testing.T) {
	_, err := run(t, "rtlsim", "--vectors", "v", "--rtl", "r", "--wave-window", "0")
	require.Equal(t, 2, rtlExit(t, err), "%v", err)
	require.ErrorContains(t, err, "--wave-window 0")
}

// TestVerifyJUnit: verify --junit reports a case per file of the set: all passed for a
// capture of the set's own words, the corrupted file failed with its word and values,
// the files a plain capture lacks skipped.
func TestVerifyJUnit(t *testing.T) {
	vec := writeVectorsTiled(t, "--hidden", "6", "--tile", "3", "--iters", "2")
	set, _, err := testvectors.Read(vec)
	require.NoError(t, err)
	words := map[string][]testvectors.Word{}
	for _, n := range testvectors.CaptureNames {
		words[n] = set.Words(n)
	}
	dir := t.TempDir()
	capture, report := filepath.Join(dir, "capture.hex"), filepath.Join(dir, "report.xml")
	require.NoError(t, os.WriteFile(capture, testvectors.FormatCapture(set.Arch, set.Iterations, words), 0o644))
	_, err = run(t, "verify", "--vectors", vec, "--capture", capture, "--junit", report)
	require.NoError(t, err)
	got := readReport(t, report)
	require.Len(t, got, len(testvectors.CaptureNames))
	for c, v := range got {
		require.Equal(t, "pass", v, c)
	}

	words[testvectors.NameCFinal] = append([]testvectors.Word(nil), words[testvectors.NameCFinal]...)
	words[testvectors.NameCFinal][3] = testvectors.Word{words[testvectors.NameCFinal][3].Uint() ^ 1}
	require.NoError(t, os.WriteFile(capture, testvectors.FormatCapture(set.Arch, set.Iterations, words), 0o644))
	_, err = run(t, "verify", "--vectors", vec, "--capture", capture, "--junit", report)
	require.Equal(t, 1, rtlExit(t, err), "%v", err)
	got = readReport(t, report)
	suite := "verify capture.hex/"
	require.Regexp(t, `^failure: mismatch in c_final word 3 \(line \d+\): expected 0x[0-9a-f]+, got 0x[0-9a-f]+$`, got[suite+"c_final"])
	require.Equal(t, "pass", got[suite+"w_final"])

	plain := ""
	for i := range set.Iterations {
		plain += words[testvectors.NameXStar][i].Hex(set.Arch.D) + "\n" + words[testvectors.NameZStar][i].Hex(set.Arch.K) + "\n"
	}
	require.NoError(t, os.WriteFile(capture, []byte(plain), 0o644))
	_, err = run(t, "verify", "--vectors", vec, "--capture", capture, "--junit", report)
	require.NoError(t, err)
	got = readReport(t, report)
	require.Equal(t, "pass", got[suite+"z_star"])
	require.Equal(t, "skipped: not in the capture", got[suite+"cycles"])

	require.NoError(t, os.WriteFile(capture, []byte("zz\n"), 0o644))
	_, err = run(t, "verify", "--vectors", vec, "--capture", capture, "--junit", report)
	require.Equal(t, 2, rtlExit(t, err), "%v", err)
	require.Contains(t, readReport(t, report)["verify/verify"], "error: ")
}

// TestBenchJUnit: bench --junit with Icarus on a set whose final c word is corrupted (the
// Go model does not check it): the Go model's case passes, Icarus's c_final fails with
// its iteration, word and values, and the streams its stopped run did not check to the
// end are skipped, none passed.
func TestBenchJUnit(t *testing.T) {
	if err := sim.CheckSimulator("icarus"); err != nil {
		t.Skipf("%v: simulation not run", err)
	}
	vec, _ := smallRTLFolders(t)
	want := corruptWord(t, vec, "c_final", 5)
	report := filepath.Join(t.TempDir(), "report.xml")
	_, err := run(t, "bench", "--sim", "icarus", "--vectors", vec, "--junit", report)
	require.Equal(t, 1, rtlExit(t, err), "%v", err)
	got := readReport(t, report)
	require.Len(t, got, 1+len(sim.RTLStreams))
	require.Equal(t, "pass", got["bench go-model/"+goModelCase])
	for _, s := range sim.RTLStreams {
		if s == "c_final" {
			require.Regexp(t, `^failure: iteration 1, c_final word 5: expected `+want+`, got [0-9a-f]+$`, got["bench icarus/"+s])
		} else {
			require.True(t, strings.HasPrefix(got["bench icarus/"+s], "skipped: "), "%s: %s", s, got["bench icarus/"+s])
		}
	}
}

// TestBenchReportOrder: the implementations before bench's mismatch pass, the one it
// names fails, those after it are reported not run; a Go model mismatch fails its case
// and leaves every simulator not run.
func TestBenchReportOrder(t *testing.T) {
	line := "MISMATCH iteration=2 name=x_star index=1 expected=5 got=7 cycle=10 time=100"
	err := fmt.Errorf("bench: icarus did not pass the vector set (%w): %s", bench.ErrMismatch, line)
	r := benchReport([]string{"verilator", "icarus", "other"}, nil, err)
	verdict := func(s junit.Suite, name string) junit.Case {
		for _, c := range s.Cases {
			if c.Name == name {
				return c
			}
		}
		t.Fatalf("suite %s has no case %s", s.Name, name)
		return junit.Case{}
	}
	require.Len(t, r.Suites, 4)
	require.True(t, verdict(r.Suites[0], goModelCase).Passed())
	require.Equal(t, 0, r.Suites[1].Failures+r.Suites[1].Skipped, "verilator ran before icarus and passed")
	require.Equal(t, "iteration 2, x_star word 1: expected 5, got 7", verdict(r.Suites[2], "x_star").Failure.Message)
	require.NotNil(t, verdict(r.Suites[2], "z_star").Skipped)
	require.Equal(t, len(sim.RTLStreams), r.Suites[3].Skipped, "other did not run")

	r = benchReport([]string{"icarus"}, nil, fmt.Errorf("bench: the Go model differs from the vector set at iteration 2 (%w)", bench.ErrMismatch))
	require.NotNil(t, verdict(r.Suites[0], goModelCase).Failure)
	require.Equal(t, len(sim.RTLStreams), r.Suites[1].Skipped)
	require.Equal(t, 1, r.Failures)
}

// TestBoardRunJUnit: board run --junit on a board that cannot be reached writes an error
// report naming the port (exit 2); on the emulated board with a stuck W bit it checks the
// capture and fails w_final (exit 1).
func TestBoardRunJUnit(t *testing.T) {
	vectors, rtl := boardLoop(t, "--hidden", "6", "--tile", "3", "--iters", "2")
	dir := t.TempDir()
	capture, report := filepath.Join(dir, "capture.hex"), filepath.Join(dir, "report.xml")
	_, err := run(t, "board", "run", "--port", "/dev/no-such-tty", "--vectors", vectors, "--capture", capture, "--junit", report)
	require.Equal(t, 2, rtlExit(t, err), "%v", err)
	require.Contains(t, readReport(t, report)["board run/board run"], "/dev/no-such-tty")
	if testing.Short() {
		t.Skip("-short: the emulated board is not built")
	}
	pty := emulatedBoard(t, rtl, "HERD_FAULT_W")
	_, err = run(t, "board", "run", "--port", pty, "--vectors", vectors, "--capture", capture, "--junit", report, "--timeout", (30 * time.Second).String())
	require.Equal(t, 1, rtlExit(t, err), "%v", err)
	got := readReport(t, report)
	require.Len(t, got, len(testvectors.CaptureNames))
	require.Contains(t, got["verify capture.hex/w_final"], "failure: mismatch in the final W[")
}
