package rtlgen_test

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/rtlgen"
	"herdsim/sim"
)

// tiledLintArchs: both modes, hidden-bias growth, one to three weights a W word, saturating
// narrow registers, one batch, and USPS H1's shape.
func tiledLintArchs() map[string]datapath.Arch {
	tiled := func(a datapath.Arch, tile int) datapath.Arch {
		a.Tile = tile
		return a
	}
	pw1 := tiled(datapath.DefaultArch(3, 64, 40, 1, 4, 3, herding.ModeH, true), 2)
	pw1.Regs[datapath.RegW].Format.Word = 30
	pw1.Regs[datapath.RegField].Format.Word = 40
	pw2 := tiled(datapath.DefaultArch(7, 64, 37, 1, 10, 12, herding.ModeSH, true), 4)
	pw2.Regs[datapath.RegW].Format.Word = 17
	pw2.Regs[datapath.RegField].Format.Word = 24
	sat := tiled(datapath.DefaultArch(6, 64, 40, 1, 4, 3, herding.ModeSH, true), 6)
	for r := range sat.Regs {
		sat.Regs[r].Overflow = fixedpoint.Sat
	}
	sat.Regs[datapath.RegW].Format.Word = 8
	sat.Regs[datapath.RegC].Format.Word = 8
	sat.Regs[datapath.RegField].Format.Word = 10
	usps := tiled(datapath.DefaultArch(50, 256, 700, 1, 10, 20, herding.ModeH, false), 8)
	usps.Regs[datapath.RegW].Format.Word = 18
	// Word skip: the default data's layout with growth; USPS's sizes at T = 4 with busy-word
	// counts of its kind (lint needs the sizes, not the data).
	skip := tiled(datapath.DefaultArch(10, 64, 128, 1, 10, 12, herding.ModeH, true), 3)
	skip.UseSkip(datapath.NewSkipLayout(dataset.Default().Rows))
	uspsSkip := tiled(datapath.DefaultArch(50, 256, 700, 1, 10, 20, herding.ModeH, false), 4)
	uspsSkip.Regs[datapath.RegW].Format.Word = 18
	uspsSkip.SkipBusy = make([]int, 44)
	for b := range uspsSkip.SkipBusy {
		uspsSkip.SkipBusy[b] = 221 - b*2
	}
	uspsSkip.SkipBusy[43] = 256
	// W words of other widths: one lane; eight lanes of 13-bit weights (PW = 8), and sixteen
	// of USPS's 18-bit ones (PW = 14) in one tile of K = 50, the shape for the larger parts.
	wide := tiled(datapath.DefaultArch(10, 64, 128, 1, 10, 12, herding.ModeSH, false), 8)
	wide.UseLanes(8)
	wide.Regs[datapath.RegW].Format.Word = 13
	uspsWide := tiled(datapath.DefaultArch(50, 256, 700, 1, 10, 20, herding.ModeH, false), 56)
	uspsWide.UseLanes(16)
	uspsWide.Regs[datapath.RegW].Format.Word = 18
	oneLane := tiled(datapath.DefaultArch(6, 64, 128, 1, 10, 12, herding.ModeH, false), 2)
	oneLane.UseLanes(1) // one weight a word in one W memory
	return map[string]datapath.Arch{
		"K6T2H_WL1":        oneLane,
		"K10T8SH_WL8":      wide,
		"USPS_K50T56_WL16": uspsWide,
		"K10T3Hgrow_skip":  skip,
		"USPS_K50T4_skip":  uspsSkip,
		"K16T6SH":          tiled(datapath.DefaultArch(16, 64, 128, 1, 10, 12, herding.ModeSH, false), 6),
		"K10T3Hgrow":       tiled(datapath.DefaultArch(10, 64, 128, 1, 10, 12, herding.ModeH, true), 3),
		"K3T2H_PW1":        pw1,
		"K7T4SHgrow":       pw2,
		"K6T6SH_sat":       sat,
		"K3T3SH_N9":        tiled(datapath.DefaultArch(3, 64, 9, 1, 4, 3, herding.ModeSH, false), 3),
		"USPS_K50T8_W18":   usps,
	}
}

// TestTiledVerilatorLint: verilator --lint-only -Wall gives no warning on the tiled core,
// its testbench and its board tops (without their PLLs, which Yosys checks when it maps
// them), for several Archs.
func TestTiledVerilatorLint(t *testing.T) {
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not on PATH (apt-get install verilator): lint not run")
	}
	for name, a := range tiledLintArchs() {
		t.Run(name, func(t *testing.T) {
			dir := writeTiledFolder(t, a)
			sources := func(extra ...string) []string {
				var out []string
				for _, f := range append(append([]string(nil), rtlgen.TiledSourceFiles...), extra...) {
					out = append(out, filepath.Join(dir, f))
				}
				return out
			}
			type lint struct {
				top  string
				args []string
			}
			// herd_core is linted as part of every top.
			lints := []lint{{"herd_tb", append([]string{"--timing"}, sources(rtlgen.TestbenchFile, rtlgen.TBFile)...)}}
			for _, b := range rtlgen.Boards {
				lints = append(lints, lint{b.Top, append([]string{"-DHERD_NO_PLL"}, sources(b.Sources()...)...)})
			}
			for _, c := range lints {
				args := append([]string{"--lint-only", "-Wall", "--top-module", c.top}, c.args...)
				out, err := exec.Command("verilator", args...).CombinedOutput()
				if err != nil || strings.TrimSpace(string(out)) != "" {
					t.Errorf("verilator lint of %s: %v\n%s", c.top, err, out)
				}
			}
		})
	}
}

// writeVerilog validates a, generates its Verilog for 3 iterations and writes it into a
// temporary folder, which it returns.
func writeVerilog(t *testing.T, a datapath.Arch) string {
	t.Helper()
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	files, err := rtlgen.Verilog(a, 3)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for n, v := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(v), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestTiledYosysReads: Yosys, which is stricter than the simulators about declaring a name
// before its use, elaborates the tiled core and its board top for every lint Arch (both
// modes): what the simulators pass must also be synthesisable.
func TestTiledYosysReads(t *testing.T) {
	if _, err := exec.LookPath("yosys"); err != nil {
		t.Skip("yosys not on PATH (apt-get install yosys): not run")
	}
	for name, a := range tiledLintArchs() {
		t.Run(name, func(t *testing.T) {
			dir := writeTiledFolder(t, a)
			files := append(append([]string(nil), rtlgen.TiledSourceFiles...), rtlgen.BoardSourceFiles...)
			script := "read_verilog -lib +/ice40/cells_sim.v; read_verilog -DHERD_ICE40_UP5K " + strings.Join(files, " ") + "; hierarchy -check -top herd_board; proc"
			cmd := exec.Command("yosys", "-q", "-p", script)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("yosys: %v\n%s", err, out)
			}
		})
	}
}

// writeTiledFolder is writeVerilog with the board tops beside the core.
func writeTiledFolder(t *testing.T, a datapath.Arch) string {
	t.Helper()
	dir := writeVerilog(t, a)
	for _, b := range rtlgen.Boards {
		top, err := rtlgen.BoardVerilog(a, b)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, b.File), []byte(top), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range rtlgen.BoardHDLFiles {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(rtlgen.HDLSource(f)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// boardFolder is the RTL folder, board tops included, of the default data with K = 6, mode
// SH, 2 iterations.
func boardFolder(t *testing.T) string {
	t.Helper()
	a := datapath.DefaultArch(6, 64, 128, 0, 10, 2, herding.ModeSH, false)
	set, err := sim.ReferenceVectors(dataset.Default(), a, herding.DefaultSeed, 2)
	require.NoError(t, err)
	dir := t.TempDir()
	_, err = rtlgen.Write(dir, set)
	require.NoError(t, err)
	return dir
}

// TestBoardPCF: the .pcf pins exactly the board top's ports, each on a pin that exists on
// the UP5K's sg48 package (rtlgen.UP5KSG48Pins, the pins nextpnr-ice40 accepts), no pin
// twice.
func TestBoardPCF(t *testing.T) {
	dir := boardFolder(t)
	board, err := os.ReadFile(filepath.Join(dir, rtlgen.BoardFile))
	require.NoError(t, err)
	pcf, err := os.ReadFile(filepath.Join(dir, rtlgen.BoardPCF))
	require.NoError(t, err)
	valid := map[int]bool{}
	for _, p := range rtlgen.UP5KSG48Pins {
		valid[p] = true
	}
	require.Len(t, valid, 39, "the UP5K sg48 has 39 I/O pins")
	re := regexp.MustCompile(`^set_io\s+(\S+)\s+(\d+)$`)
	used, ports := map[int]string{}, map[string]bool{}
	for _, line := range strings.Split(string(pcf), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m := re.FindStringSubmatch(line)
		require.NotNil(t, m, "pcf line %q is not set_io PORT PIN", line)
		pin, _ := strconv.Atoi(m[2])
		require.True(t, valid[pin], "pcf: %s on pin %d, not an I/O pin of the UP5K sg48", m[1], pin)
		require.NotContains(t, used, pin, "pcf: pin %d given twice", pin)
		used[pin], ports[m[1]] = m[1], true
		require.Regexp(t, `(input|output)\s+wire\s+`+m[1]+`\b`, string(board), "pcf: %s is not a port of herd_board", m[1])
	}
	for _, p := range rtlgen.IceBreaker.Pins {
		require.True(t, ports[p.Port], "pcf: port %s not pinned", p.Port)
	}
}

// TestBoardConstraints: each board's constraint file, as its tools read it (set_io of a
// .pcf; LOCATE COMP and IOBUF PORT of an .lpf; PACKAGE_PIN and IOSTANDARD of an .xdc),
// pins every port bit of the board's generated top once, each on a pin of its own, gives
// every one its I/O standard (ECP5, Xilinx), and names no port the top does not have.
// The top's ports are read from its Verilog.
func TestBoardConstraints(t *testing.T) {
	dir := boardFolder(t)
	pinLine := map[string]*regexp.Regexp{
		"ice40":  regexp.MustCompile(`^set_io\s+(\S+)\s+(\S+)$`),
		"ecp5":   regexp.MustCompile(`^LOCATE COMP "([^"]+)" SITE "([^"]+)";$`),
		"xilinx": regexp.MustCompile(`^set_property -dict \{ PACKAGE_PIN (\S+) IOSTANDARD LVCMOS33 \} \[get_ports \{ (\S+) \}\];$`),
	}
	standard := regexp.MustCompile(`^IOBUF PORT "([^"]+)" .*IO_TYPE=LVCMOS33.*;$`)
	portDecl := regexp.MustCompile(`(?m)^\s*(?:input|output)\s+wire\s+(?:\[(\d+):(\d+)\]\s+)?(\w+)`)
	for _, b := range rtlgen.Boards {
		t.Run(b.Name, func(t *testing.T) {
			top, err := os.ReadFile(filepath.Join(dir, b.File))
			require.NoError(t, err)
			var want []string
			for _, m := range portDecl.FindAllStringSubmatch(string(top), -1) {
				if m[1] == "" {
					want = append(want, m[3])
					continue
				}
				hi, _ := strconv.Atoi(m[1])
				lo, _ := strconv.Atoi(m[2])
				for i := lo; i <= hi; i++ {
					want = append(want, fmt.Sprintf("%s[%d]", m[3], i))
				}
			}
			require.NotEmpty(t, want, "no ports read from %s", b.File)
			text, err := os.ReadFile(filepath.Join(dir, b.Constraints))
			require.NoError(t, err)
			sites, standards := map[string]string{}, map[string]bool{}
			for _, line := range strings.Split(string(text), "\n") {
				if m := pinLine[b.Family].FindStringSubmatch(line); m != nil {
					port, site := m[1], m[2]
					if b.Family == "xilinx" {
						port, site = m[2], m[1]
						standards[port] = true
					}
					require.NotContains(t, sites, port, "%s pinned twice", port)
					require.NotContains(t, slices.Collect(maps.Values(sites)), site, "pin %s given twice", site)
					sites[port] = site
				}
				if m := standard.FindStringSubmatch(line); m != nil {
					standards[m[1]] = true
				}
			}
			require.ElementsMatch(t, want, slices.Collect(maps.Keys(sites)), "the ports %s pins against %s's", b.Constraints, b.Top)
			if b.Family != "ice40" {
				require.ElementsMatch(t, want, slices.Collect(maps.Keys(standards)), "the ports %s gives an I/O standard", b.Constraints)
			}
			require.Equal(t, b.Ports(), want, "Board.Ports against %s", b.File)
		})
	}
}
