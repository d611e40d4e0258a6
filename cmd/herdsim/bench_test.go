package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/sim"
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
