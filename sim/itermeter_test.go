package sim

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/rtlgen"
)

// TestIterMeterReadsOnlyITERLines: the testbench's progress lines ("ITER <t>") move the
// meter and are kept out of the copied output; the verdict lines (PASS, MISMATCH) and
// anything else are not progress; a count out of order or past T moves nothing.
func TestIterMeterReadsOnlyITERLines(t *testing.T) {
	m := newIterMeter("icarus", []uint64{10, 20, 30, 40}, time.Now())
	require.Equal(t, []uint64{0, 10, 30, 60, 100}, m.cum)
	for _, line := range []string{rtlgen.PassLine, rtlgen.MismatchPrefix + " iteration=1 name=x_star index=0 expected=1 got=0", "ITERATION 2", "ITER", "overflow=0", " ITER 1"} {
		require.False(t, m.line(line), line)
	}
	require.True(t, m.line(rtlgen.IterPrefix+" 2"))
	require.Equal(t, 2, m.done)
	require.True(t, m.line("ITER 1"), "out of order: still a progress line")
	require.True(t, m.line("ITER 5"), "past T: still a progress line")
	require.True(t, m.line("ITER x"))
	require.Equal(t, 2, m.done)
	require.True(t, m.line("ITER 4"))
	require.Equal(t, 4, m.done)
	require.Contains(t, m.describeAt(4), "icarus iterations (")
	m.finish()
}

// TestRTLSimCountsTheTestbenchsIterations: the testbench prints ITER lines that RTLSim
// reads: on a PASS it has counted all T iterations, with an ITER line every max(1, T/100)
// iterations (T = 5: every one; T = 201: every second, and the last), and none of them
// reaches the copied output.
func TestRTLSimCountsTheTestbenchsIterations(t *testing.T) {
	needSimulator(t, "icarus")
	rows := [][]int8{{1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}, {1, 1, -1, 1, 1}, {1, -1, 1, 1, 1}, {1, 1, 1, 1, -1}, {-1, 1, 1, 1, 1}}
	data := &dataset.Binary{Name: "six", D: 5, Rows: rows}
	for _, iterations := range []int{5, 201} {
		a := datapath.DefaultArch(4, 5, 6, 0, herding.DefaultSweeps, iterations, herding.ModeH, false)
		t.Run(fmt.Sprintf("T%d", iterations), func(t *testing.T) {
			s, err := ModelVectors(data, a, herding.DefaultSeed, iterations, nil)
			require.NoError(t, err)
			vec, rtl := writeSetAndRTL(t, s)
			res, out := runRTL(t, "icarus", vec, rtl)
			require.True(t, res.Pass, "%s\n%s", res.Mismatch, out)
			require.Equal(t, iterations, res.Checked)
			require.NotContains(t, out, rtlgen.IterPrefix+" ")
			require.Contains(t, out, rtlgen.PassLine)
		})
	}
}
