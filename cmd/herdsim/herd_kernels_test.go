package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/herding"
)

// herd's line names the kernels that ran (issue 16, item 1), before the output folder.
func TestHerdNamesItsKernels(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	out, err := run(t, "herd", "--iters", "3", "--out", dir)
	require.NoError(t, err)
	require.Contains(t, out, "; kernels "+herding.Kernels()+" -> "+dir+"\n")
}

// HERDSIM_PORTABLE=1 makes the binary run its portable kernels and says so, with the same
// bytes in every output file as the binary's own choice (in a GOEXPERIMENT=simd build on a
// CPU with AVX-512 that choice is AVX-512: then this compares the two paths end to end; on
// a CPU without it, or in a build without GOEXPERIMENT=simd, the binary says that reason).
func TestHerdPortableSwitch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "herdsim")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil { // the test binary's own GOEXPERIMENT: the same build
		t.Fatalf("go build: %v\n%s", err, out)
	}
	files := []string{"trace.jsonl", "weights.json", "summary.json", "samples.png", "rates.png", "moment_error.png"}
	outputs := map[string]map[string][]byte{}
	for _, portable := range []string{"", "1"} {
		dir := filepath.Join(t.TempDir(), "run")
		cmd := exec.Command(bin, "herd", "--hidden", "40", "--mode", "H", "--iters", "300", "--out", dir)
		cmd.Env = append(os.Environ(), herding.PortableEnv+"="+portable)
		line, err := cmd.Output()
		require.NoError(t, err)
		if portable == "1" {
			require.Contains(t, string(line), "; kernels portable (")
			if !strings.HasPrefix(herding.Kernels(), "portable") { // the switch, not the build or the CPU, made them portable
				require.Contains(t, string(line), herding.PortableEnv+" is set")
			}
		} else {
			require.Contains(t, string(line), "; kernels "+herding.Kernels())
		}
		outputs[portable] = map[string][]byte{}
		for _, f := range files {
			raw, err := os.ReadFile(filepath.Join(dir, f))
			require.NoError(t, err)
			outputs[portable][f] = raw
		}
	}
	for _, f := range files {
		require.Equal(t, outputs[""][f], outputs["1"][f], "%s differs between the kernels", f)
	}
}
