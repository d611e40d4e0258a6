package rtlgen_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/rtlgen"
	"herdsim/sim"
	"herdsim/testvectors"
)

// archs are the Archs the tests build: different lanes (a partial last group in the
// second), widths, modes, hidden-bias growth and overflow modes.
func archs() map[string]datapath.Arch {
	sh := datapath.DefaultArch(16, 64, 128, 4, 10, 12, herding.ModeSH, false)
	h := datapath.DefaultArch(10, 64, 128, 3, 10, 12, herding.ModeH, true)
	for r := range h.Regs {
		h.Regs[r].Overflow = fixedpoint.Sat
	}
	return map[string]datapath.Arch{
		"K16L4SH":          sh,
		"K10L3Hgrow":       h,
		"K5L5G1":           datapath.DefaultArch(5, 10, 7, 5, 3, 4, herding.ModeSH, true),
		"K3D3N2L1":         datapath.DefaultArch(3, 3, 2, 1, 1, 2, herding.ModeH, false),
		"USPS_K50L16":      datapath.DefaultArch(50, 256, 700, 16, 10, 100, herding.ModeSH, false),
		"K7L2narrow_sat":   narrow(datapath.DefaultArch(7, 64, 128, 2, 10, 50, herding.ModeSH, true)),
		"K16L16_N1_D1_max": datapath.DefaultArch(16, 1, 1, 16, 2, 1, herding.ModeSH, false),
	}
}

// narrow makes the accumulators narrower than W (so some casts shrink) and saturating.
func narrow(a datapath.Arch) datapath.Arch {
	for r := range a.Regs {
		a.Regs[r].Overflow = fixedpoint.Sat
	}
	a.Regs[datapath.RegField].Format.Word = 12
	a.Regs[datapath.RegEnergy].Format.Word = 10
	a.Regs[datapath.RegUpdate].Format.Word = 9
	return a
}

// TestVerilatorLint: verilator --lint-only -Wall gives no warning on the core, the lane
// and the testbench, for several Archs.
func TestVerilatorLint(t *testing.T) {
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not on PATH (apt-get install verilator): lint not run")
	}
	for name, a := range archs() {
		t.Run(name, func(t *testing.T) {
			dir := writeVerilog(t, a)
			for _, top := range []string{"herd_core", "herd_tb"} {
				args := []string{"--lint-only", "-Wall", "--timing", "--top-module", top}
				for _, f := range append(rtlgen.SourceFiles, rtlgen.TBFile) {
					args = append(args, filepath.Join(dir, f))
				}
				out, err := exec.Command("verilator", args...).CombinedOutput()
				if err != nil || strings.TrimSpace(string(out)) != "" {
					t.Errorf("verilator lint of %s: %v\n%s", top, err, out)
				}
			}
		})
	}
}

// TestMemoryImages: lane l's W image holds row g L + l at word g D + j, zero words for the
// missing units of a partial last group, and b likewise.
func TestMemoryImages(t *testing.T) {
	a := archs()["K10L3Hgrow"] // G = 4, the last group has one unit
	s, err := sim.ReferenceVectors(dataset.Default(), a, herding.DefaultSeed, 1)
	if err != nil {
		t.Fatal(err)
	}
	imgs := rtlgen.MemoryImages(s)
	wW := a.Spec(datapath.RegW).Format.Word
	G := a.Groups()
	for l := 0; l < a.Lanes; l++ {
		lines := strings.Split(strings.TrimSuffix(string(imgs[rtlgen.WBankFile(l)]), "\n"), "\n")
		if len(lines) != G*a.D {
			t.Fatalf("lane %d: %d words, want %d", l, len(lines), G*a.D)
		}
		for g := 0; g < G; g++ {
			for j := 0; j < a.D; j++ {
				i, want := g*a.Lanes+l, int64(0)
				if i < a.K {
					want = s.W0[i*a.D+j]
				}
				got, err := testvectors.ParseHex(lines[g*a.D+j], wW)
				if err != nil || got.Int(wW) != want {
					t.Fatalf("lane %d word %d: %q (%v), want %d", l, g*a.D+j, lines[g*a.D+j], err, want)
				}
			}
		}
		if n := strings.Count(string(imgs[rtlgen.BBankFile(l)]), "\n"); n != G {
			t.Errorf("lane %d: b image has %d words, want %d", l, n, G)
		}
	}
	if string(imgs[rtlgen.XFile]) == "" || strings.Count(string(imgs[rtlgen.XFile]), "\n") != a.N {
		t.Errorf("x image has %d words, want %d", strings.Count(string(imgs[rtlgen.XFile]), "\n"), a.N)
	}
}

// tiledLintArchs: both modes, hidden-bias growth, one to three weights a W word, saturating
// narrow registers, one batch, and USPS H1's shape.
func tiledLintArchs() map[string]datapath.Arch {
	tiled := func(a datapath.Arch, tile int) datapath.Arch {
		a.Lanes, a.Tile = 0, tile
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
	return map[string]datapath.Arch{
		"K10T3Hgrow_skip": skip,
		"USPS_K50T4_skip": uspsSkip,
		"K16T6SH":         tiled(datapath.DefaultArch(16, 64, 128, 1, 10, 12, herding.ModeSH, false), 6),
		"K10T3Hgrow":      tiled(datapath.DefaultArch(10, 64, 128, 1, 10, 12, herding.ModeH, true), 3),
		"K3T2H_PW1":       pw1,
		"K7T4SHgrow":      pw2,
		"K6T6SH_sat":      sat,
		"K3T3SH_N9":       tiled(datapath.DefaultArch(3, 64, 9, 1, 4, 3, herding.ModeSH, false), 3),
		"USPS_K50T8_W18":  usps,
	}
}

// TestTiledVerilatorLint: verilator --lint-only -Wall gives no warning on the tiled core,
// its testbench and its board top, for several Archs.
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
			for _, c := range []struct {
				top  string
				args []string
			}{
				{"herd_core", sources()},
				{"herd_tb", append([]string{"--timing"}, sources(rtlgen.TestbenchFile, rtlgen.TBFile)...)},
				{"herd_board", append([]string{"-DHERD_NO_PLL"}, sources(rtlgen.BoardSourceFiles...)...)},
			} {
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

// writeTiledFolder is writeVerilog with the board top beside the core.
func writeTiledFolder(t *testing.T, a datapath.Arch) string {
	t.Helper()
	dir := writeVerilog(t, a)
	board, err := rtlgen.BoardVerilog(a, 3)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, rtlgen.BoardFile), []byte(board), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range rtlgen.BoardHDLFiles {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(rtlgen.HDLSource(f)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
