package rtlgen_test

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/herding"
	"herdsim/rtlgen"
)

// TestCRC16IsCCITTFalse: the check value of CRC-16/CCITT-FALSE.
func TestCRC16IsCCITTFalse(t *testing.T) {
	require.Equal(t, uint16(0x29b1), rtlgen.CRC16([]byte("123456789")))
}

// TestReadBackInvertsTheWeightBeats: the read-back's parser returns the images the beats
// were made from, and refuses a wrong length or a value with bits above its width.
func TestReadBackInvertsTheWeightBeats(t *testing.T) {
	a := datapath.DefaultArch(7, 20, 40, 1, herding.DefaultSweeps, 1, herding.ModeH, false)
	a.Tile = 3
	a.Regs[datapath.RegB].Format.Word = 20 // two beats a value
	s := a.Sizes()
	img := datapath.TileImages{W: make([]uint16, s.WWords*s.L), B: make([]int64, a.K), C: make([]int64, a.D)}
	for i := range img.W {
		img.W[i] = uint16(uint64(i) * 0x9e3779b97f4a7c15 >> 48)
	}
	for i := range img.B {
		img.B[i] = int64(i*37 - 100)
	}
	for j := range img.C {
		img.C[j] = int64(50 - 7*j)
	}
	beats := rtlgen.WeightBeats(a, img)
	require.Len(t, beats, rtlgen.ReadBeats(a))
	got, err := rtlgen.ParseReadBack(a, beats)
	require.NoError(t, err)
	require.Equal(t, img, got)
	_, err = rtlgen.ParseReadBack(a, beats[1:])
	require.ErrorContains(t, err, "beats")
	bad := append([]uint16(nil), beats...)
	bad[3*s.WWords+1] |= 0x8000 // b[0]'s high beat, above 20 bits
	_, err = rtlgen.ParseReadBack(a, bad)
	require.ErrorContains(t, err, "b[0]")
}

// TestCmdPacksOpAndArgument: the op in bits 15:14, the argument in 13:0.
func TestCmdPacksOpAndArgument(t *testing.T) {
	require.Equal(t, uint16(3), rtlgen.Cmd(rtlgen.CmdRun, 3))
	require.Equal(t, uint16(0x3fff), rtlgen.Cmd(rtlgen.CmdRun, rtlgen.CmdMaxRun))
	require.Equal(t, uint16(0x4000), rtlgen.Cmd(rtlgen.CmdStop, 0))
	require.Equal(t, uint16(0x8000), rtlgen.Cmd(rtlgen.CmdRead, 0))
}

// TestBoardClocks: each board clock is what its PLL settings make of the board's
// oscillator, within the PLL's VCO range, and its bit time is the nearest whole number of
// clocks to the board's link rate, within 1 %: the iCE40's SB_PLL40_PAD (simple
// feedback: 12 (DIVF + 1) / ((DIVR + 1) 2^DIVQ), VCO 533-1066 MHz), the ECP5's EHXPLLL
// (25 CLKFB_DIV / CLKI_DIV, VCO 400-800 MHz, its phase detector at 3.125 MHz or more) and
// the 7-series MMCM (100 MULT / (DIVCLK DIVIDE), VCO 600-1200 MHz at speed grade -1).
func TestBoardClocks(t *testing.T) {
	pll := map[string]func(c rtlgen.BoardClock) (mhz, vco float64, ok bool){
		"icebreaker": func(c rtlgen.BoardClock) (float64, float64, bool) {
			mhz := 12 * float64(c.Param("DIVF")+1) / float64((c.Param("DIVR")+1)<<c.Param("DIVQ"))
			vco := mhz * float64(int(1)<<c.Param("DIVQ"))
			return mhz, vco, vco >= 533 && vco <= 1066
		},
		"ulx3s": func(c rtlgen.BoardClock) (float64, float64, bool) {
			pfd := 25 / float64(c.Param("CLKI_DIV"))
			mhz := pfd * float64(c.Param("CLKFB_DIV"))
			vco := mhz * float64(c.Param("CLKOP_DIV"))
			return mhz, vco, vco >= 400 && vco <= 800 && pfd >= 3.125
		},
		"arty": func(c rtlgen.BoardClock) (float64, float64, bool) {
			vco := 100 * float64(c.Param("MULT")) / float64(c.Param("DIVCLK"))
			return vco / float64(c.Param("DIVIDE")), vco, vco >= 600 && vco <= 1200
		},
	}
	for _, b := range rtlgen.Boards {
		for _, c := range b.Clocks {
			mhz, vco, ok := pll[b.Name](c)
			if mhz != c.MHz || !ok {
				t.Errorf("%s %v MHz: the settings make %v MHz, VCO %v MHz (in range: %v)", b.Name, c.MHz, mhz, vco, ok)
			}
			bit := float64(c.Hz()) / float64(b.BaudDiv(c))
			if math.Abs(bit/float64(b.Baud)-1) > 0.01 {
				t.Errorf("%s %v MHz: %d clocks a bit is %v baud", b.Name, c.MHz, b.BaudDiv(c), bit)
			}
		}
	}
	ice := rtlgen.IceBreaker
	if got := []int{ice.BaudDiv(ice.Clocks[0]), ice.BaudDiv(ice.Clocks[1])}; got[0] != 10 || got[1] != 9 {
		t.Errorf("bit times %v, want 10 at 39.75 MHz and 9 at 36", got)
	}
	if got := rtlgen.ULX3S.BaudDiv(rtlgen.ULX3S.DefaultClock()); got != 20 {
		t.Errorf("ULX3S bit time %d at 60 MHz, want 20 (3 Mbaud)", got)
	}
	if _, err := ice.ClockFor(40); err == nil || !strings.Contains(err.Error(), "39.75, 36") {
		t.Errorf("40 MHz: %v", err)
	}
}

// TestULX3SClocksAreEcppll's: each ULX3S clock's EHXPLLL settings are those Project
// Trellis's ecppll prints for it (YoWASP's build, from the virtual environment of
// HERDSIM_VENV or PATH; skipped without it unless HERDSIM_REQUIRE_PYPI_TOOLS is set).
func TestULX3SClocksAreEcppll(t *testing.T) {
	ecppll, err := exec.LookPath("yowasp-ecppll")
	if venv := os.Getenv("HERDSIM_VENV"); err != nil && venv != "" {
		ecppll = filepath.Join(venv, "bin", "yowasp-ecppll")
		_, err = os.Stat(ecppll)
	}
	if err != nil {
		if os.Getenv("HERDSIM_REQUIRE_PYPI_TOOLS") != "" {
			t.Fatalf("yowasp-ecppll: %v (make fpga-venv installs it)", err)
		}
		t.Skipf("yowasp-ecppll: %v (make fpga-venv installs it)", err)
	}
	setting := regexp.MustCompile(`\.(CLKI_DIV|CLKFB_DIV|CLKOP_DIV|CLKOP_CPHASE)\((\d+)\)`)
	for _, c := range rtlgen.ULX3S.Clocks {
		dir := t.TempDir()
		cmd := exec.Command(ecppll, "-i", "25", "-o", fmt.Sprint(c.MHz), "-f", "pll.v")
		cmd.Dir = dir // the WebAssembly build writes files under its working directory only
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		text, err := os.ReadFile(filepath.Join(dir, "pll.v"))
		require.NoError(t, err)
		got := map[string]int{}
		for _, m := range setting.FindAllStringSubmatch(string(text), -1) {
			got[m[1]], _ = strconv.Atoi(m[2])
		}
		want := map[string]int{}
		for _, p := range c.PLL {
			want[p.Name] = p.Value
		}
		require.Equal(t, want, got, "ecppll -i 25 -o %v", c.MHz)
	}
}

// TestLinkConstants: the protocol's numbers that herd_link.v and its testbench write as
// parameters are rtlgen's (SYNC, the frame types, the ACK statuses), and the link's and the
// board top's default silence is LinkQuietLog2: the board and herdsim's host read one
// protocol. (The testbench keeps its own, shorter silence.)
func TestLinkConstants(t *testing.T) {
	protocol := map[string]int{
		"SYNC": rtlgen.BoardSync, "F_IDENT": rtlgen.FrameIdent, "F_RESET": rtlgen.FrameReset, "F_LOAD": rtlgen.FrameLoad,
		"F_CMD": rtlgen.FrameCmd, "F_GRANT": rtlgen.FrameGrant, "F_ACK": rtlgen.FrameAck, "F_IDREP": rtlgen.FrameIdentReply,
		"F_RECORD": rtlgen.FrameRecord, "F_READ": rtlgen.FrameRead, "ST_OK": rtlgen.StatusOK, "ST_CRC": rtlgen.StatusCRC,
		"ST_TYPE": rtlgen.StatusType, "ST_NOLOAD": rtlgen.StatusNotLoading, "ST_BUSY": rtlgen.StatusBusy,
		"ST_LOADING": rtlgen.StatusLoading,
	}
	quiet := map[string]int{"QUIET_LOG2": rtlgen.LinkQuietLog2}
	for file, want := range map[string]map[string]int{"herd_link.v": protocol, "herd_link_tb.v": protocol} {
		require.Equal(t, want, verilogConstants(t, file, want), file)
	}
	for _, file := range []string{"herd_link.v", "herd_icebreaker.v"} {
		require.Equal(t, quiet, verilogConstants(t, file, quiet), file)
	}
}

// verilogConstants are the values a source file gives the names of want (NAME = 8'h41,
// NAME = 3'd4 or NAME = 19).
func verilogConstants(t *testing.T, file string, want map[string]int) map[string]int {
	constant := regexp.MustCompile(`\b([A-Z][A-Z_0-9]*)\s*=\s*(?:\d+'([hd]))?([0-9a-fA-F]+)\b`)
	got := map[string]int{}
	for _, m := range constant.FindAllStringSubmatch(rtlgen.HDLSource(file), -1) {
		if _, ok := want[m[1]]; !ok {
			continue
		}
		base := 10
		if m[2] == "h" {
			base = 16
		}
		v, err := strconv.ParseInt(m[3], base, 64)
		require.NoError(t, err)
		got[m[1]] = int(v)
	}
	return got
}
