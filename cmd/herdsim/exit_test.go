package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// The herdsim binary, built once for the tests that run it as a process (exit statuses,
// signals).
var (
	binOnce sync.Once
	binDir  string
	binPath string
	binErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// herdsimBinary builds cmd/herdsim (once) and returns its path.
func herdsimBinary(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	binOnce.Do(func() {
		if binDir, binErr = os.MkdirTemp("", "herdsim-test-bin-"); binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "herdsim")
		if out, err := exec.Command(goTool, "build", "-o", binPath, ".").CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// runBinary runs herdsim with args in dir and returns its exit status, stdout and stderr.
func runBinary(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(herdsimBinary(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HERDSIM_PROGRESS=0")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), out.String(), errOut.String()
	}
	require.NoError(t, err)
	return 0, out.String(), errOut.String()
}

// TestExitStatusContract runs every subcommand as a process and checks doc.go's contract:
// an unknown flag, an extra argument and a missing or corrupt input exit 2, like every
// usage, input or tool error (and not 1, which is a verdict's: a mismatch, a design that
// does not fit). A vector set with a truncated file is an input error for every command
// that reads one.
func TestExitStatusContract(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := runBinary(t, dir, "vectors", "--data", "default", "--hidden", "8", "--iters", "2", "--out", "vec")
	require.Equal(t, 0, code, stderr)
	code, _, stderr = runBinary(t, dir, "rtl", "--vectors", "vec", "--out", "rtl")
	require.Equal(t, 0, code, stderr)
	// A copy of the set with x_star.hex cut in half (its hash no longer matches).
	require.NoError(t, os.CopyFS(filepath.Join(dir, "short"), os.DirFS(filepath.Join(dir, "vec"))))
	xs := filepath.Join(dir, "short", "x_star.hex")
	data, err := os.ReadFile(xs)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(xs, data[:len(data)/2], 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "capture.hex"), data, 0o644))
	// A copy of the set as the retired lane datapath's manifests were: "lanes" for "tile".
	require.NoError(t, os.CopyFS(filepath.Join(dir, "lanes"), os.DirFS(filepath.Join(dir, "vec"))))
	man := filepath.Join(dir, "lanes", "manifest.json")
	data, err = os.ReadFile(man)
	require.NoError(t, err)
	laneMan := regexp.MustCompile(`"tile": ?\d+`).ReplaceAll(data, []byte(`"lanes": 4`))
	require.NotEqual(t, data, laneMan)
	require.NoError(t, os.WriteFile(man, laneMan, 0o644))

	const missing = "no-such-file"
	cases := []struct {
		name string
		args []string
		want int
	}{
		{"root unknown flag", []string{"--bogus"}, 2},
		{"root unknown command", []string{"bogus"}, 2},

		{"herd unknown flag", []string{"herd", "--bogus"}, 2},
		{"herd extra arg", []string{"herd", "extra", "--out", "o"}, 2},
		{"herd missing data", []string{"herd", "--data", missing, "--out", "o"}, 2},

		{"fx unknown flag", []string{"fx", "--bogus"}, 2},
		{"fx extra arg", []string{"fx", "extra"}, 2},
		{"fx cast unknown flag", []string{"fx", "cast", "--bogus"}, 2},
		{"fx cast bad value", []string{"fx", "cast", "--word", "8", "--frac", "0", "--round", "RND", "--overflow", "SAT", "--", "x"}, 2},
		{"fx cast ok", []string{"fx", "cast", "--word", "8", "--frac", "0", "--round", "RND", "--overflow", "SAT", "--", "1"}, 0},

		{"lockstep unknown flag", []string{"lockstep", "--bogus"}, 2},
		{"lockstep extra arg", []string{"lockstep", "extra"}, 2},
		{"lockstep missing data", []string{"lockstep", "--data", missing}, 2},

		{"explore unknown flag", []string{"explore", "--bogus"}, 2},
		{"explore extra arg", []string{"explore", "extra", "--out", "e"}, 2},
		{"explore merge unknown flag", []string{"explore", "merge", "--bogus"}, 2},
		{"sweep unknown flag", []string{"sweep", "--bogus"}, 2},
		{"sweep extra arg", []string{"sweep", "extra", "--out", "s"}, 2},
		{"sweep missing data", []string{"sweep", "--data", missing, "--vary", "weight-bits=8", "--out", "s"}, 2},
		{"sweep merge unknown flag", []string{"sweep", "merge", "--bogus", "points.jsonl"}, 2},
		{"sweep merge missing file", []string{"sweep", "merge", "--out", "s", missing}, 2},

		{"usps unknown flag", []string{"usps", "--bogus"}, 2},
		{"usps extra arg", []string{"usps", "extra", "--out", "u"}, 2},
		{"usps missing data", []string{"usps", "--quick", "--usps-dir", missing, "--out", "u"}, 2},
		{"usps merge unknown flag", []string{"usps", "merge", "--bogus", "u"}, 2},
		{"usps merge missing folder", []string{"usps", "merge", "--out", "m", missing}, 2},

		{"vectors unknown flag", []string{"vectors", "--bogus"}, 2},
		{"vectors extra arg", []string{"vectors", "extra", "--out", "v"}, 2},
		{"vectors missing data", []string{"vectors", "--data", missing, "--out", "v"}, 2},
		{"vectors retired --lanes", []string{"vectors", "--data", "default", "--lanes", "4", "--out", "v"}, 2},
		{"vectors not bit-exact", []string{"vectors", "--data", "default", "--hidden", "8", "--iters", "5", "--weight-bits", "9", "--reg", "c=9", "--out", "v"}, 1},

		{"verify unknown flag", []string{"verify", "--vectors", "vec", "--capture", "capture.hex", "--bogus"}, 2},
		{"verify extra arg", []string{"verify", "--vectors", "vec", "--capture", "capture.hex", "extra"}, 2},
		{"verify missing capture", []string{"verify", "--vectors", "vec", "--capture", missing}, 2},
		{"verify truncated set", []string{"verify", "--vectors", "short", "--capture", "capture.hex"}, 2},

		{"rtl unknown flag", []string{"rtl", "--bogus"}, 2},
		{"rtl extra arg", []string{"rtl", "extra", "--vectors", "vec", "--out", "r"}, 2},
		{"rtl missing set", []string{"rtl", "--vectors", missing, "--out", "r"}, 2},
		{"rtl truncated set", []string{"rtl", "--vectors", "short", "--out", "r"}, 2},
		{"rtl lane set", []string{"rtl", "--vectors", "lanes", "--out", "r"}, 2},
		{"rtl unknown board clock", []string{"rtl", "--vectors", "vec", "--out", "r40", "--board-mhz", "40"}, 2},
		{"rtl unknown ulx3s clock", []string{"rtl", "--vectors", "vec", "--out", "r50", "--board-clock", "ulx3s=50"}, 2},
		{"rtl board clock of no board", []string{"rtl", "--vectors", "vec", "--out", "rx", "--board-clock", "nexys=60"}, 2},
		{"rtl malformed board clock", []string{"rtl", "--vectors", "vec", "--out", "ry", "--board-clock", "ulx3s"}, 2},

		{"rtlsim unknown flag", []string{"rtlsim", "--vectors", "vec", "--rtl", "rtl", "--bogus"}, 2},
		{"rtlsim extra arg", []string{"rtlsim", "--vectors", "vec", "--rtl", "rtl", "extra"}, 2},
		{"rtlsim missing set", []string{"rtlsim", "--vectors", missing, "--rtl", "rtl"}, 2},
		{"rtlsim truncated set", []string{"rtlsim", "--vectors", "short", "--rtl", "rtl"}, 2},

		{"synth unknown flag", []string{"synth", "--rtl", "rtl", "--bogus"}, 2},
		{"synth extra arg", []string{"synth", "--rtl", "rtl", "extra"}, 2},
		{"synth missing folder", []string{"synth", "--rtl", missing}, 2},
		{"synth bad top", []string{"synth", "--rtl", "rtl", "--top", "both"}, 2},
		{"synth board top on another part", []string{"synth", "--rtl", "rtl", "--top", "ulx3s", "--target", "ice40-up5k"}, 2},

		{"bench unknown flag", []string{"bench", "--vectors", "vec", "--bogus"}, 2},
		{"bench extra arg", []string{"bench", "--vectors", "vec", "extra"}, 2},
		{"bench missing set", []string{"bench", "--vectors", missing, "--sim", "icarus"}, 2},
		{"bench truncated set", []string{"bench", "--vectors", "short", "--rtl", "rtl", "--sim", "icarus"}, 2},
		{"bench lane set", []string{"bench", "--vectors", "lanes", "--sim", "icarus"}, 2},

		{"board unknown flag", []string{"board", "--bogus"}, 2},
		{"board extra arg", []string{"board", "extra"}, 2},
		{"board run unknown flag", []string{"board", "run", "--bogus"}, 2},
		{"board run extra arg", []string{"board", "run", "extra"}, 2},
		{"board run missing set", []string{"board", "run", "--port", missing, "--vectors", missing, "--capture", "c.hex"}, 2},
		{"board emulate unknown flag", []string{"board", "emulate", "--bogus"}, 2},
		{"board emulate extra arg", []string{"board", "emulate", "extra"}, 2},
		{"board emulate missing folder", []string{"board", "emulate", "--rtl", missing}, 2},
		{"board emulate unknown board", []string{"board", "emulate", "--rtl", "rtl", "--board", "nexys"}, 2},
		{"board run unknown board", []string{"board", "run", "--port", missing, "--vectors", "vec", "--capture", "c.hex", "--board", "nexys"}, 2},
	}
	commands := map[string]bool{}
	for _, c := range newRootCommand().Commands() {
		commands[c.Name()] = false
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := runBinary(t, dir, c.args...)
			require.Equal(t, c.want, code, "herdsim %s\n%s", strings.Join(c.args, " "), stderr)
			if c.want != 0 {
				require.True(t, strings.HasPrefix(stderr, "herdsim: "), "a message on stderr: %q", stderr)
			}
		})
		commands[c.args[0]] = true
	}
	for name, covered := range commands {
		if name != "help" && name != "completion" && !strings.HasPrefix(name, "-") {
			require.True(t, covered, "subcommand %s has no case", name)
		}
	}
}
