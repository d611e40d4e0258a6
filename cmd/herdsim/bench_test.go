package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/bench"
	"herdsim/sim"
	"herdsim/testvectors"
)

// TestBenchMarkdown: bench with Icarus only prints the Go model's and Icarus's rows; a
// missing simulator exits 2.
func TestBenchMarkdown(t *testing.T) {
	if err := sim.CheckSimulator("icarus"); err != nil {
		t.Skipf("%v: bench not run", err)
	}
	vec, rtl := rtlFolders(t)
	out, err := run(t, "bench", "--vectors", vec, "--rtl", rtl, "--sim", "icarus", "--format", "markdown")
	require.NoError(t, err)
	require.Contains(t, out, "| go-model |")
	require.Contains(t, out, "| icarus |")
	require.NotContains(t, out, "| verilator |")

	t.Setenv("PATH", t.TempDir())
	_, err = run(t, "bench", "--vectors", vec, "--sim", "verilator")
	require.Equal(t, 2, rtlExit(t, err))
	require.Contains(t, err.Error(), "apt-get install verilator")
}

// TestBenchRunsTheDemoSet: bench measures the vector set make demo writes (the default
// data, SH, K = 16, 2 iterations): the Go model reproduces it (it once ran the retired lane
// model on it and divided by zero), and with Icarus the report's rows and the Arch's tile.
func TestBenchRunsTheDemoSet(t *testing.T) {
	vec := filepath.Join(t.TempDir(), "vectors")
	_, err := run(t, "vectors", "--data", "default", "--mode", "SH", "--hidden", "16", "--iters", "2", "--out", vec)
	require.NoError(t, err)
	set, _, err := testvectors.Read(vec)
	require.NoError(t, err)
	speed, err := bench.GoModel(set)
	require.NoError(t, err)
	require.Equal(t, set.Cycles[0]+set.Cycles[1], speed.Cycles)
	if err := sim.CheckSimulator("icarus"); err != nil {
		t.Skipf("%v: bench's simulator leg not run", err)
	}
	out, err := run(t, "bench", "--vectors", vec, "--sim", "icarus")
	require.NoError(t, err)
	var rep bench.Report
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	require.Equal(t, set.Arch.Tile, rep.Tile)
	require.Len(t, rep.Speeds, 2)
	for i, name := range []string{"go-model", "icarus"} {
		require.Equal(t, name, rep.Speeds[i].Name)
		require.Equal(t, speed.Cycles, rep.Speeds[i].Cycles)
		require.Positive(t, rep.Speeds[i].CyclesPerSecond)
	}
}
