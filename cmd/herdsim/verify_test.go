package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// exactCapture is what correct hardware dumps: x* and z* per iteration, from the set's files.
func exactCapture(t *testing.T, dir string) []string {
	t.Helper()
	read := func(name string) []string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	}
	xs, zs := read("x_star.hex"), read("z_star.hex")
	require.Len(t, xs, vectorIters)
	var lines []string
	for i := range xs {
		lines = append(lines, xs[i], zs[i])
	}
	return lines
}

func writeCapture(t *testing.T, lines []string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "capture.hex")
	require.NoError(t, os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	return p
}

// exitCode is the status main would exit with for err.
func exitCode(t *testing.T, err error) int {
	t.Helper()
	var ee *exitError
	require.True(t, errors.As(err, &ee), "want an exitError, got %v", err)
	return ee.code
}

func TestVerifyExactCapturePasses(t *testing.T) {
	dir := writeVectors(t)
	lines := exactCapture(t, dir)
	// Comments and blank lines, as $writememh may add, are skipped; upper case is accepted.
	lines = append([]string{"// captured by my testbench", ""}, lines...)
	lines[2] = strings.ToUpper(lines[2])
	out, err := run(t, "verify", "--vectors", dir, "--capture", writeCapture(t, lines))
	require.NoError(t, err)
	require.Contains(t, out, fmt.Sprintf("matches %s: %d iterations, %d words", dir, vectorIters, 2*vectorIters))
}

func TestVerifyNamesTheFirstMismatch(t *testing.T) {
	dir := writeVectors(t)
	lines := exactCapture(t, dir)
	// Iteration 5's z* is word 9 (from 0); flip its bit 3.
	v, err := strconv.ParseUint(lines[9], 16, 64)
	require.NoError(t, err)
	want := lines[9]
	got := fmt.Sprintf("%04x", v^8)
	lines[9] = got
	// A later corruption must not hide the first one.
	lines[20] = strings.Repeat("0", 16)
	_, err = run(t, "verify", "--vectors", dir, "--capture", writeCapture(t, lines))
	require.Error(t, err)
	require.Equal(t, 1, exitCode(t, err))
	msg := err.Error()
	require.Contains(t, msg, "mismatch at iteration 5, z* (line 10): first differing bit 3")
	sign := map[bool]string{true: "+1", false: "-1"}[v&8 != 0]
	flipped := map[bool]string{true: "-1", false: "+1"}[v&8 != 0]
	require.Contains(t, msg, fmt.Sprintf("(expected z_3 = %s, got %s)", sign, flipped))
	require.Contains(t, msg, fmt.Sprintf("expected word %s, got %s", want, got))
}

func TestVerifyInputErrorsExitTwo(t *testing.T) {
	dir := writeVectors(t)
	lines := exactCapture(t, dir)
	cases := []struct {
		name    string
		capture []string
		want    string
	}{
		{"truncated", lines[:2*vectorIters-3], fmt.Sprintf("%d words, want %d (x* and z* for each of %d iterations)", 2*vectorIters-3, 2*vectorIters, vectorIters)},
		{"too long", append(append([]string(nil), lines...), lines[0]), "line 61: more than the 60 words expected"},
		{"wrong digits", append([]string{lines[0], lines[1] + "0"}, lines[2:]...), `line 2 (z* of iteration 1): "`},
		{"not hex", append([]string{lines[0], lines[1], "x" + lines[2][1:]}, lines[3:]...), `line 3 (x* of iteration 2): "x`},
	}
	for _, c := range cases {
		capture := writeCapture(t, c.capture)
		_, err := run(t, "verify", "--vectors", dir, "--capture", capture)
		require.Error(t, err, c.name)
		require.Equal(t, 2, exitCode(t, err), c.name)
		require.Contains(t, err.Error(), capture, c.name)
		require.Contains(t, err.Error(), c.want, c.name)
	}

	good := writeCapture(t, lines)
	_, err := run(t, "verify", "--vectors", dir)
	require.Equal(t, 2, exitCode(t, err))
	require.ErrorContains(t, err, "--capture FILE")
	_, err = run(t, "verify", "--vectors", dir, "--capture", filepath.Join(t.TempDir(), "none.hex"))
	require.Equal(t, 2, exitCode(t, err))
	require.ErrorContains(t, err, "none.hex")

	// A corrupt vector set: one digit of z_star changed, so its hash no longer matches.
	p := filepath.Join(dir, "z_star.hex")
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	data[0] = map[bool]byte{true: '1', false: '0'}[data[0] == '0'] // another hex digit, within the width
	require.NoError(t, os.WriteFile(p, data, 0o644))
	_, err = run(t, "verify", "--vectors", dir, "--capture", good)
	require.Equal(t, 2, exitCode(t, err))
	require.ErrorContains(t, err, "z_star.hex (z_star): sha256 mismatch")
}

// sectionedCapture is the sectioned form of a correct capture: every file board run
// writes, copied from the set.
func sectionedCapture(t *testing.T, dir string) []string {
	t.Helper()
	var lines []string
	for _, name := range []string{"x_star", "z_star", "cycles", "overflow", "w_final", "b_final", "c_final"} {
		data, err := os.ReadFile(filepath.Join(dir, name+".hex"))
		require.NoError(t, err)
		lines = append(lines, "@"+name)
		lines = append(lines, strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")...)
	}
	return lines
}

// TestVerifySectionedCaptures: a sectioned capture is compared in full: it passes as is,
// and one wrong word of the final weights or of the cycle counts fails (exit 1) naming it;
// a short or unknown section is an input error (exit 2).
func TestVerifySectionedCaptures(t *testing.T) {
	dir := writeVectors(t)
	lines := sectionedCapture(t, dir)
	out, err := run(t, "verify", "--vectors", dir, "--capture", writeCapture(t, lines))
	require.NoError(t, err)
	require.Contains(t, out, "(x_star, z_star, cycles, overflow, w_final, b_final, c_final)")

	index := func(section string, k int) int {
		for i, l := range lines {
			if l == "@"+section {
				return i + 1 + k
			}
		}
		t.Fatalf("no section %s", section)
		return 0
	}
	flip := func(s string) string {
		b := []byte(s)
		if b[len(b)-1] == '0' {
			b[len(b)-1] = '1'
		} else {
			b[len(b)-1] = '0'
		}
		return string(b)
	}
	for _, c := range []struct {
		section string
		word    int
		want    string
	}{
		{"w_final", 3*64 + 5, "final W[3][5] (w_final word 197"},
		{"cycles", 2, "iteration 3, cycles"},
		{"c_final", 1, "c_final word 1"},
	} {
		bad := append([]string(nil), lines...)
		bad[index(c.section, c.word)] = flip(bad[index(c.section, c.word)])
		_, err := run(t, "verify", "--vectors", dir, "--capture", writeCapture(t, bad))
		require.Equal(t, 1, exitCode(t, err), "%v", err)
		require.ErrorContains(t, err, c.want)
	}
	for _, c := range []struct {
		edit func([]string) []string
		want string
	}{
		{func(l []string) []string { return append(l[:index("b_final", 0)], l[index("b_final", 1):]...) }, "section b_final"},
		{func(l []string) []string { return append([]string{"@energies"}, l...) }, "unknown section"},
		{func(l []string) []string { return append(l, "@x_star") }, "twice"},
		{func(l []string) []string { return l[index("z_star", -1):] }, "no @x_star section"},
	} {
		_, err := run(t, "verify", "--vectors", dir, "--capture", writeCapture(t, c.edit(append([]string(nil), lines...))))
		require.Equal(t, 2, exitCode(t, err), "%v", err)
		require.ErrorContains(t, err, c.want)
	}
}
