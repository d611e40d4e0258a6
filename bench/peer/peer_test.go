package peer

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/internal/herdrun"
)

// numpyPython returns a python3 that imports numpy and scipy: $HERDSIM_PYTHON, else
// python3 on the PATH, else Debian's /usr/bin/python3 (a pyenv python3 first on the PATH
// may lack Debian's python3-numpy).
func numpyPython(t *testing.T) string {
	candidates := []string{os.Getenv("HERDSIM_PYTHON"), "python3", "/usr/bin/python3"}
	var tried []string
	for _, py := range candidates {
		if py == "" {
			continue
		}
		if out, err := exec.Command(py, "-c", "import numpy, scipy").CombinedOutput(); err != nil {
			tried = append(tried, fmt.Sprintf("%s (%s)", py, strings.TrimSpace(lastLine(string(out), err))))
			continue
		}
		return py
	}
	t.Skipf("no python3 with numpy and scipy (apt-get install python3-numpy python3-scipy; or set HERDSIM_PYTHON): tried %s", strings.Join(tried, "; "))
	return ""
}

func lastLine(out string, err error) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if l := lines[len(lines)-1]; l != "" {
		return l
	}
	return err.Error()
}

// The numpy peer (herd_numpy.py, float64 and float32) draws the same pseudo-samples as
// `herdsim herd` (internal/herdrun, the command's code) on USPS digit 3, K = 24, 60
// iterations, modes H and SH: x*, z*, the search's start and its sweeps, every iteration.
// (float32 is exact here: every field, energy and weight stays below 2^24.)
func TestNumpyPeerMatchesHerd(t *testing.T) {
	py := numpyPython(t)
	uspsDir, err := dataset.ResolveUSPSDir("")
	if err != nil {
		t.Skipf("USPS data not found: %v", err)
	}
	data, err := dataset.Load(dataset.SpecUSPS, dataset.LoadOptions{USPSDir: uspsDir, Digit: 3, Seed: dataset.DefaultSeed})
	require.NoError(t, err)
	const k, iters = 24, 60
	for _, mode := range []herding.Mode{herding.ModeH, herding.ModeSH} {
		out := t.TempDir()
		_, err := herdrun.Run(data, herdrun.Options{Config: herding.Config{Hidden: k, Mode: mode, Seed: 1}, Iterations: iters, OutDir: out})
		require.NoError(t, err)
		want := herdTrace(t, filepath.Join(out, "trace.jsonl"))
		require.Len(t, want, iters)
		for _, dtype := range []string{"float64", "float32"} {
			peerOut := filepath.Join(t.TempDir(), "peer.txt")
			cmd := exec.Command(py, "herd_numpy.py", "--usps", uspsDir, "--digit", "3", "--hidden", fmt.Sprint(k),
				"--mode", mode.String(), "--iters", fmt.Sprint(iters), "--dtype", dtype, "--out", peerOut)
			msg, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s", msg)
			got, err := os.ReadFile(peerOut)
			require.NoError(t, err)
			lines := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
			require.Len(t, lines, iters, "mode %s %s", mode, dtype)
			for i := range want {
				require.Equal(t, want[i], lines[i], "mode %s, numpy %s, iteration %d (t x* z* start sweeps)", mode, dtype, i+1)
			}
		}
	}
}

// herdTrace reads herd's trace.jsonl as the peer's lines: t, x*, z*, start and sweeps.
func herdTrace(t *testing.T, path string) []string {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var r herdrun.TraceRecord
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
		lines = append(lines, fmt.Sprintf("%d %s %s %d %d", r.T, r.X, r.Z, r.Start, r.Sweeps))
	}
	require.NoError(t, sc.Err())
	return lines
}
