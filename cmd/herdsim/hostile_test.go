package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spf13/pflag"
	"github.com/stretchr/testify/require"
)

// hostileValues are the values tried for a flag of each type: zero, negative, huge, not a
// number, empty, an unknown name and the wrong type.
var hostileValues = map[string][]string{
	"int":         {"0", "-1", "99999999999", "x"},
	"uint":        {"0", "-1", "99999999999999999999", "x"},
	"uint64":      {"0", "-1", "99999999999999999999", "x"},
	"float64":     {"0", "-1", "NaN", "+Inf", "1e308", "x"},
	"duration":    {"0", "-1s", "99999999h", "x"},
	"string":      {"", "-1", "nosuch"},
	"stringArray": {"", "W=0", "W=99999999999", "nosuch=4", "W", "W=4:nosuch"},
}

// hostileBase is the command line each subcommand is tried with: small, fast work on the
// built-in data (the hostile flag comes after it and wins), inputs that exist.
func hostileBase(dir, vec string) map[string][]string {
	out := filepath.Join(dir, "out")
	return map[string][]string{
		"herd":          {"--data", "default", "--iters", "3", "--hidden", "4", "--out", out},
		"lockstep":      {"--data", "default", "--iters", "3", "--hidden", "4"},
		"vectors":       {"--data", "default", "--iters", "2", "--hidden", "4", "--out", out},
		"sweep":         {"--data", "default", "--iters", "2", "--hidden", "4", "--vary", "W=12", "--out", out},
		"usps":          {"--models", "h1", "--splits", "1", "--learn", "2", "--collect", "2", "--max-units", "1", "--out", out},
		"explore":       {"--hidden", "4", "--tile", "3", "--weight-bits", "14", "--learn", "2", "--collect", "2", "--dyn-iters", "2", "--narrow=false", "--max-units", "1", "--out", out},
		"rtl":           {"--vectors", vec, "--out", out},
		"rtlsim":        {"--vectors", vec, "--rtl", filepath.Join(dir, "no-rtl")},
		"bench":         {"--vectors", vec, "--rtl", filepath.Join(dir, "no-rtl")},
		"synth":         {"--rtl", filepath.Join(dir, "no-rtl")},
		"verify":        {"--vectors", vec, "--capture", filepath.Join(dir, "no-capture.hex")},
		"board run":     {"--vectors", vec, "--port", filepath.Join(dir, "no-port")},
		"board emulate": {"--rtl", filepath.Join(dir, "no-rtl")},
	}
}

// hostileCase is one command line and what became of it.
type hostileCase struct {
	args     []string
	code     int
	stderr   string
	timedOut bool
}

// TestHostileFlagValues: every flag of every subcommand that takes a value, given each of
// hostileValues for its type after a small valid command line, ends with exit 0, 1 or 2
// and no panic or Go stack trace (a value that cannot be used is an input error, exit 2,
// that names the problem). A run that a huge but valid value makes long is stopped after a
// few seconds: it was computing, not crashing.
func TestHostileFlagValues(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: hundreds of runs of the binary")
	}
	bin := herdsimBinary(t)
	dir := t.TempDir()
	vec := filepath.Join(dir, "vectors")
	_, err := run(t, "vectors", "--data", "default", "--hidden", "4", "--iters", "2", "--out", vec)
	require.NoError(t, err)
	base := hostileBase(dir, vec)

	var cases []hostileCase
	for path, args := range base {
		cmd, _, err := newRootCommand().Find(strings.Fields(path))
		require.NoError(t, err, path)
		cmd.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Name == "help" {
				return
			}
			for _, v := range hostileValues[f.Value.Type()] {
				line := append(append(strings.Fields(path), args...), "--"+f.Name+"="+v)
				cases = append(cases, hostileCase{args: line})
			}
		})
	}
	runHostile(t, bin, dir, cases)
	seen := 0
	for _, c := range cases {
		if c.timedOut {
			continue
		}
		seen++
		if c.code < 0 || c.code > 2 || strings.Contains(c.stderr, "panic") || strings.Contains(c.stderr, "goroutine ") {
			t.Errorf("herdsim %s: exit %d\n%s", strings.Join(c.args, " "), c.code, firstLines(c.stderr, 12))
		}
	}
	t.Logf("%d command lines, %d ended by themselves", len(cases), seen)
	for _, c := range cases {
		if c.timedOut {
			t.Logf("still computing after the limit: %s", strings.Join(c.args, " "))
		}
	}
}

// runHostile runs the cases two at a time, each in a folder of its own, each for at most a
// few seconds.
func runHostile(t *testing.T, bin, dir string, cases []hostileCase) {
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				work := filepath.Join(dir, fmt.Sprintf("case-%d", i))
				if err := os.MkdirAll(work, 0o755); err != nil {
					t.Error(err)
					continue
				}
				runHostileCase(bin, work, &cases[i])
				os.RemoveAll(work)
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
}

func runHostileCase(bin, work string, c *hostileCase) {
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, c.args...)
	// At the limit, SIGINT: herdsim stops the tools it started and removes its temporary
	// files (exit 130), so no simulator or synthesis outlives the case; SIGKILL if not.
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "HERDSIM_USPS_DIR="+uspsDirForTests())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	c.stderr = stderr.String()
	c.code = 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		c.code = ee.ExitCode()
	}
	c.timedOut = ctx.Err() != nil
}

// uspsDirForTests is the USPS data beside the repository (../shared/data/usps).
func uspsDirForTests() string {
	if d := os.Getenv("HERDSIM_USPS_DIR"); d != "" {
		return d
	}
	abs, _ := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data", "usps"))
	return abs
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
