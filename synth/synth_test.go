package synth_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/internal/toolcache"
	"herdsim/rtlgen"
	"herdsim/sim"
	"herdsim/synth"

	"github.com/stretchr/testify/require"
)

func readTestdata(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The parsers on captured logs of Yosys 0.23, nextpnr-ice40 0.4 and icetime (Debian),
// from the board top with the default data, K = 8, L = 2.

func TestParseYosysStatIce40(t *testing.T) {
	got := synth.ParseYosysStat(readTestdata(t, "yosys_ice40_stat.log"), "herd_board")
	want := map[string]int{"SB_CARRY": 472, "SB_DFF": 108, "SB_DFFE": 295, "SB_DFFESR": 147, "SB_DFFESS": 9,
		"SB_DFFSR": 19, "SB_DFFSS": 1, "SB_LUT4": 1670, "SB_RAM40_4K": 10}
	if len(got) != len(want) {
		t.Fatalf("cells %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %d, want %d", k, got[k], v)
		}
	}
	if synth.ParseYosysStat(readTestdata(t, "yosys_ice40_stat.log"), "herd_core") != nil {
		t.Error("a module the log does not have must give nil")
	}
}

func TestParseYosysStatXilinx(t *testing.T) {
	got := synth.ParseYosysStat(readTestdata(t, "yosys_xilinx_stat.log"), "herd_board")
	for k, v := range map[string]int{"LUT6": 592, "FDRE": 579, "RAMB18E1": 2, "RAM64M": 31, "CARRY4": 155, "OBUF": 3} {
		if got[k] != v {
			t.Errorf("%s: %d, want %d", k, got[k], v)
		}
	}
	if _, ok := got["Estimated"]; ok {
		t.Error("the 'Estimated number of LCs' line is not a cell")
	}
}

func TestParseYosysStatNewFormat(t *testing.T) {
	log := "=== top ===\n\n        3 cells\n        2   SB_LUT4\n        1   SB_DFF\n\n"
	got := synth.ParseYosysStat(log, "top")
	if got["SB_LUT4"] != 2 || got["SB_DFF"] != 1 || len(got) != 2 {
		t.Errorf("count-first format: %v", got)
	}
}

func TestParseNextpnrFits(t *testing.T) {
	r := synth.ParseNextpnr(readTestdata(t, "nextpnr_up5k_ok.log"))
	if lc := r.Utilisation["ICESTORM_LC"]; lc.Used != 1974 || lc.Available != 5280 {
		t.Errorf("ICESTORM_LC %+v, want 1974/5280", lc)
	}
	if ram := r.Utilisation["ICESTORM_RAM"]; ram.Used != 10 || ram.Available != 30 {
		t.Errorf("ICESTORM_RAM %+v, want 10/30", ram)
	}
	if sp := r.Utilisation["ICESTORM_SPRAM"]; sp.Available != 4 {
		t.Errorf("ICESTORM_SPRAM %+v, want 4 available", sp)
	}
	if r.FmaxMHz != 15.83 || !r.Pass || r.TargetMHz != 12 {
		t.Errorf("Fmax %v pass %v target %v, want the post-route 15.83 MHz, PASS at 12", r.FmaxMHz, r.Pass, r.TargetMHz)
	}
	if len(r.Errors) != 0 || len(r.Exceeded) != 0 || r.DoesNotFit() {
		t.Errorf("a routed design: errors %v exceeded %v", r.Errors, r.Exceeded)
	}
}

func TestParseNextpnrDoesNotFit(t *testing.T) {
	// herd_core, default data, K = 32, L = 16 on the HX8K: too many cells and EBRs.
	r := synth.ParseNextpnr(readTestdata(t, "nextpnr_hx8k_nofit.log"))
	if !r.DoesNotFit() {
		t.Fatal("DoesNotFit false")
	}
	if strings.Join(r.Exceeded, ",") != "ICESTORM_LC 8839/7680,ICESTORM_RAM 38/32" {
		t.Errorf("exceeded %v", r.Exceeded)
	}
	if len(r.Errors) != 1 || !strings.Contains(r.Errors[0], "no BELs remaining to implement cell type 'ICESTORM_RAM'") {
		t.Errorf("errors %v", r.Errors)
	}
	// herd_core on the UP5K sg48: D + K + 4 = 76 ports, 39 I/O pins.
	r = synth.ParseNextpnr(readTestdata(t, "nextpnr_up5k_io.log"))
	if !r.DoesNotFit() || len(r.Errors) != 1 || !strings.Contains(r.Errors[0], "x_star[37]$sb_io") {
		t.Errorf("I/O overflow: fit %v errors %v", r.DoesNotFit(), r.Errors)
	}
	if r := synth.ParseNextpnr("ERROR: something else entirely\n"); r.DoesNotFit() {
		t.Error("an unrelated error is not a fit failure")
	}
}

func TestParseIcetime(t *testing.T) {
	d, f, ok := synth.ParseIcetime(readTestdata(t, "icetime_up5k.log"))
	if !ok || d != 64.72 || f != 15.45 {
		t.Errorf("icetime: %v ns %v MHz %v, want 64.72 ns 15.45 MHz", d, f, ok)
	}
	if _, _, ok := synth.ParseIcetime("no timing here"); ok {
		t.Error("ok without a path delay line")
	}
}

// TestMissingTool: with no Yosys on PATH (nor in HERDSIM_VENV) every target fails with a
// ToolError naming the binary and where it comes from (Debian, or pip for YoWASP's), before
// any work.
func TestMissingTool(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv(synth.VenvEnv, t.TempDir())
	for _, target := range synth.TargetNames() {
		_, err := synth.Run(synth.Options{Target: target, RTLDir: t.TempDir()})
		var te *synth.ToolError
		fam := synth.Targets[target].Family
		if !errors.As(err, &te) || te.Binary != fam.Yosys || !strings.Contains(err.Error(), strings.TrimSuffix(fam.YosysPackage, " (Debian)")) {
			t.Errorf("%s: %v, want a ToolError for %s", target, err, fam.Yosys)
		}
	}
	if err := synth.CheckTools("ice40-lp1k"); err == nil || !strings.Contains(err.Error(), "unknown target") {
		t.Errorf("unknown target: %v", err)
	}
}

// smallRTL writes the RTL folder of the default data with K = 3, mode H (the smallest core:
// no energy pass), 2 iterations.
func smallRTL(t *testing.T) string {
	t.Helper()
	return rtlOf(t, dataset.Default())
}

// tinyRTL is smallRTL on the default data's first 16 vectors cut to their first 16 pixels:
// the tests of a flow (seeds, the routed families) need a design, not this one; its board
// top is 3,002 LUT4 on the GW1NR-9 where smallRTL's is 3,907, and routes there in 100 s,
// not 150. Its core has D + K + 4 = 23 ports, which the UP5K's package has, and memories
// small enough for LUT RAM: TestUP5KSmall and TestMemoryMustBeBlockRAM take smallRTL.
func tinyRTL(t *testing.T) string {
	t.Helper()
	data, err := dataset.Default().Head(16, 16)
	if err != nil {
		t.Fatal(err)
	}
	return rtlOf(t, data)
}

// rtlOf writes the RTL folder of data with K = 3, mode H, 2 iterations.
func rtlOf(t *testing.T, data *dataset.Binary) string {
	t.Helper()
	if err := synth.CheckTools("ice40-up5k"); err != nil {
		t.Skipf("%v: synthesis not run", err)
	}
	a := datapath.DefaultArch(3, data.D, data.N(), 0, 10, 2, herding.ModeH, false)
	set, err := sim.ReferenceVectors(data, a, herding.DefaultSeed, 2)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "rtl")
	if _, err := rtlgen.Write(dir, set); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestUP5KSmall: herd_core alone does not fit the UP5K (more ports than the package has
// pins): a result naming the failure, not an error. (The board top's run is TestUP5KSeeds.)
func TestUP5KSmall(t *testing.T) {
	rtl := smallRTL(t)
	r, err := synth.Run(synth.Options{Target: "ice40-up5k", RTLDir: rtl, Top: synth.TopCore})
	if err != nil {
		t.Fatal(err)
	}
	if r.Fits == nil || *r.Fits || !strings.Contains(r.DoesNotFit, "does not fit the iCE40UP5K-SG48") ||
		!strings.Contains(r.DoesNotFit, "sb_io") || r.FmaxMHz != nil {
		t.Errorf("herd_core on the UP5K: fits %v, %q, fmax %v", r.Fits, r.DoesNotFit, r.FmaxMHz)
	}
}

// requireFullReport: the board top of a small Arch fits the UP5K with positive LUT and FF
// counts, EBRs, an Fmax from nextpnr and from icetime, and every JSON field present.
func requireFullReport(t *testing.T, r *synth.Result) {
	t.Helper()
	if r.LUTs <= 0 || r.FlipFlops <= 0 || r.BRAM <= 0 || r.LogicCells == nil || *r.LogicCells <= 0 {
		t.Errorf("LUTs %d FFs %d BRAM %d LCs %v: want positive", r.LUTs, r.FlipFlops, r.BRAM, r.LogicCells)
	}
	if r.Fits == nil || !*r.Fits || r.FmaxMHz == nil || *r.FmaxMHz <= 0 || r.FmaxIcetimeMHz == nil || *r.FmaxIcetimeMHz <= 0 {
		t.Errorf("fits %v fmax %v icetime %v", r.Fits, r.FmaxMHz, r.FmaxIcetimeMHz)
	}
	js, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(js, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"target", "part", "family", "top", "arch", "budget", "luts", "ffs", "bram_blocks", "bram_bits", "spram", "dsp", "lut_levels", "logic_cells", "fits", "fmax_mhz", "fmax_icetime_mhz", "yosys_cells", "seconds"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON has no %q: %s", k, js)
		}
	}
}

// A routed design that misses its target: Fmax and FAIL from the last report (after
// routing), and the critical paths with their logic and routing delays, the delay up to
// the sink's setup (63.2 ns: 15.83 MHz).
func TestParseNextpnrTimingFail(t *testing.T) {
	r := synth.ParseNextpnr(readTestdata(t, "nextpnr_up5k_timing_fail.log"))
	if r.FmaxMHz != 15.83 || r.Pass || r.TargetMHz != 20 {
		t.Errorf("Fmax %v pass %v target %v, want the post-route 15.83 MHz, FAIL at 20", r.FmaxMHz, r.Pass, r.TargetMHz)
	}
	if r.DoesNotFit() {
		t.Error("a timing miss is not a design that does not fit")
	}
	if len(r.Paths) != 2 {
		t.Fatalf("%d critical paths, want the clock's and the cross-domain one: %+v", len(r.Paths), r.Paths)
	}
	p := r.Paths[0]
	if p.DelayNS != 63.2 || p.LogicNS != 22.4 || p.RoutingNS != 40.7 || !strings.HasPrefix(p.From, "core.") || p.To == "" {
		t.Errorf("critical path %+v", p)
	}
}

func TestParseSeeds(t *testing.T) {
	for in, want := range map[string][]int{"1-4": {1, 2, 3, 4}, "3": {3}, "5,1,2-3": {1, 2, 3, 5}, " 7 , 9": {7, 9}} {
		got, err := synth.ParseSeeds(in)
		if err != nil || len(got) != len(want) {
			t.Errorf("%q: %v %v, want %v", in, got, err, want)
			continue
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%q: %v, want %v", in, got, want)
			}
		}
	}
	for in, why := range map[string]string{"": "positive seed", "0": "positive seed", "-3": "positive seed", "4-2": "A <= B",
		"1-3,2": "seed 2 twice", "x": "positive seed", "1-100": "more than 64", "1-40,50-90": "more than 64", "2-": "A <= B"} {
		if _, err := synth.ParseSeeds(in); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%q: %v, want an error saying %q", in, err, why)
		}
	}
}

// TestUP5KSeeds: the board top of a small Arch, synthesised once and routed with two seeds:
// the full report (requireFullReport); seed_runs holds every seed with its Fmax, the
// reported Fmax is their maximum and its seed the reported seed (the lowest among equals),
// and --keep keeps the logs, the Yosys script and the routed .asc of that run as herd.asc,
// the others beside it.
func TestUP5KSeeds(t *testing.T) {
	rtl := tinyRTL(t)
	keep := filepath.Join(t.TempDir(), "keep")
	r, err := synth.Run(synth.Options{Target: "ice40-up5k", RTLDir: rtl, Keep: keep, FreqMHz: 30, Seeds: []int{1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.SeedRuns) != 2 || r.FmaxMHz == nil {
		t.Fatalf("seed runs %+v, fmax %v", r.SeedRuns, r.FmaxMHz)
	}
	requireFullReport(t, r)
	for _, f := range []string{"yosys.log", "nextpnr.log", "icetime.log", "herd.asc", "synth.ys"} {
		if _, err := os.Stat(filepath.Join(keep, f)); err != nil {
			t.Errorf("--keep: %v", err)
		}
	}
	best := 0
	for i, s := range r.SeedRuns {
		if s.Seed != i+1 || s.FmaxMHz == nil || s.CriticalPath == nil {
			t.Fatalf("seed run %d: %+v", i, s)
		}
		// The path named is the one that sets the seed's Fmax: its delay is the period.
		if f := 1000 / s.CriticalPath.DelayNS; math.Abs(f-*s.FmaxMHz) > 0.03**s.FmaxMHz {
			t.Errorf("seed %d: Fmax %v MHz, but its critical path %+v gives %.2f", s.Seed, *s.FmaxMHz, *s.CriticalPath, f)
		}
		if *s.FmaxMHz > *r.SeedRuns[best].FmaxMHz {
			best = i
		}
	}
	if r.Seed != r.SeedRuns[best].Seed || *r.FmaxMHz != *r.SeedRuns[best].FmaxMHz {
		t.Errorf("reported seed %d at %v MHz, want seed %d at %v", r.Seed, *r.FmaxMHz, r.SeedRuns[best].Seed, *r.SeedRuns[best].FmaxMHz)
	}
	log, err := os.ReadFile(filepath.Join(keep, "nextpnr.log"))
	if err != nil {
		t.Fatal(err)
	}
	if rep := synth.ParseNextpnr(string(log)); rep.FmaxMHz != *r.FmaxMHz {
		t.Errorf("kept nextpnr.log says %v MHz, the report %v", rep.FmaxMHz, *r.FmaxMHz)
	}
	for _, s := range r.SeedRuns {
		name := fmt.Sprintf("herd-s%d.asc", s.Seed)
		if s.Seed == r.Seed {
			name = "herd.asc"
		}
		if _, err := os.Stat(filepath.Join(keep, name)); err != nil {
			t.Errorf("--keep: %v", err)
		}
	}
}

// needPyPITools skips a test that needs the YoWASP tools when they are missing, unless
// HERDSIM_REQUIRE_PYPI_TOOLS=1 (.ci/run sets it, having installed them): then it fails.
func needPyPITools(t *testing.T, target string) {
	t.Helper()
	err := synth.CheckTools(target)
	if err == nil {
		return
	}
	if os.Getenv("HERDSIM_REQUIRE_PYPI_TOOLS") == "1" {
		t.Fatalf("%v (HERDSIM_REQUIRE_PYPI_TOOLS=1)", err)
	}
	t.Skipf("%v: not run", err)
}

// requireFamilyReport: the same JSON fields for every family, the counts positive, block
// RAM bits the blocks times the family's block.
func requireFamilyReport(t *testing.T, r *synth.Result, target string) {
	t.Helper()
	tg := synth.Targets[target]
	if r.LUTs <= 0 || r.FlipFlops <= 0 || r.BRAM <= 0 || r.BRAMBits != r.BRAM*tg.Family.BRAMBlockBits || r.LUTLevels <= 0 {
		t.Errorf("%s: LUTs %d FFs %d BRAM %d (%d bits) LUT levels %d: want positive, bits = blocks x %d", target, r.LUTs, r.FlipFlops, r.BRAM, r.BRAMBits, r.LUTLevels, tg.Family.BRAMBlockBits)
	}
	if r.Budget == nil || *r.Budget != *tg.Budget || r.Family != tg.Family.Name {
		t.Errorf("%s: budget %v family %q", target, r.Budget, r.Family)
	}
	js, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(js, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"fits", "luts", "ffs", "bram_blocks", "bram_bits", "dsp", "fmax_mhz", "budget"} {
		if _, ok := m[k]; !ok {
			t.Errorf("%s: JSON has no %q", target, k)
		}
	}
}

// TestMemoryMustBeBlockRAM: a core whose X and W memories are asked to be LUT RAM (Yosys's
// ram_style attribute, where a coding style the family cannot infer would end) fails on a
// Xilinx part with a MemoryError naming the memory and how it was mapped, not a report.
// (TestCheckMemories reads the log of a memory mapped to flip-flops.)
func TestMemoryMustBeBlockRAM(t *testing.T) {
	rtl := smallRTL(t)
	path := filepath.Join(rtl, "herd_spram.v")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	from := "  reg [15:0] mem [0:WORDS-1];\n"
	if strings.Count(string(src), from) != 1 {
		t.Fatalf("herd_spram.v changed: update the test")
	}
	for style, how := range map[string]string{"distributed": "LUT RAM"} {
		t.Run(style, func(t *testing.T) {
			forced := strings.Replace(string(src), from, "  (* ram_style = \""+style+"\" *) "+strings.TrimLeft(from, " "), 1)
			if err := os.WriteFile(path, []byte(forced), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err = synth.Run(synth.Options{Target: "xc7a35t", RTLDir: rtl, Top: synth.TopCore})
			var me *synth.MemoryError
			if !errors.As(err, &me) || !strings.Contains(me.Memory.Name, "ram") || !strings.HasPrefix(me.How, how) {
				t.Fatalf("got %v, want a MemoryError for an X or W memory in %s", err, how)
			}
			t.Log(err)
		})
	}
}

// TestRoutedFamilies: the small design's board tops on the other families. On the
// ECP5-25F the ULX3S's top (its EHXPLLL, its .lpf's pins) is placed and routed by
// nextpnr-ecp5 at its board clock (60 MHz, from rtl.json), and meets it; on the GW1NR-9
// herd_board is placed and routed by nextpnr-himbaechel-gowin on the Tang Nano 9K's pins;
// both YoWASP builds from PyPI: each fits, with a routed Fmax. The Arty's top is mapped
// for the XC7A35T with its MMCME2_BASE and BUFG (no open router: Fmax null, with the
// reason). Minutes of WebAssembly: the three run side by side.
func TestRoutedFamilies(t *testing.T) {
	if testing.Short() {
		t.Skip("minutes of place and route")
	}
	rtl := tinyRTL(t)
	for _, c := range []struct {
		target, top string
		freq        float64
		primitives  []string // cells the top's clocking must map to
	}{
		{"ecp5-25k", "ulx3s", 0, []string{"EHXPLLL"}},
		{"gw1nr-9", synth.TopBoard, 25, nil},
		{"xc7a35t", "arty", 0, []string{"MMCME2_BASE", "BUFG"}},
	} {
		t.Run(c.target, func(t *testing.T) {
			needPyPITools(t, c.target)
			t.Parallel()
			r, err := synth.Run(synth.Options{Target: c.target, RTLDir: rtl, Top: c.top, FreqMHz: c.freq})
			if err != nil {
				t.Fatal(err)
			}
			requireFamilyReport(t, r, c.target)
			if c.top != synth.TopBoard {
				requireEstimatedMemories(t, r, rtl, c.target)
			}
			for _, p := range c.primitives {
				if r.Cells[p] != 1 {
					t.Errorf("%s: %d %s cells, want the top's one", c.target, r.Cells[p], p)
				}
			}
			if synth.Targets[c.target].Router == nil {
				if r.Fits == nil || !*r.Fits || r.FmaxMHz != nil || r.FmaxReason == "" {
					t.Errorf("%s: fits %v, fmax %v (%q): want a fit from the mapped counts and no Fmax, with the reason", c.target, r.Fits, r.FmaxMHz, r.FmaxReason)
				}
				t.Logf("%s (%s): %d LUT, %d FF, %d BRAM, %d LUT levels, seconds %v", c.target, r.Top, r.LUTs, r.FlipFlops, r.BRAM, r.LUTLevels, r.Seconds)
				return
			}
			if r.Fits == nil || !*r.Fits || r.FitsFrom != "placed and routed" || r.FmaxMHz == nil || *r.FmaxMHz <= 0 {
				t.Fatalf("%s: fits %v (%s), fmax %v", c.target, r.Fits, r.FitsFrom, r.FmaxMHz)
			}
			if c.top == "ulx3s" && (r.TargetMHz != rtlgen.ULX3S.DefaultClock().MHz || r.TimingMet == nil || !*r.TimingMet) {
				t.Errorf("%s: routed at %v MHz for a target of %v (met: %v): want the ULX3S clock, met", c.target, *r.FmaxMHz, r.TargetMHz, r.TimingMet)
			}
			t.Logf("%s (%s): %d LUT, %d FF, %d BRAM, %d LUT levels, Fmax %.1f MHz, seconds %v", c.target, r.Top, r.LUTs, r.FlipFlops, r.BRAM, r.LUTLevels, *r.FmaxMHz, r.Seconds)
		})
	}
}

// requireEstimatedMemories: the memories Yosys infers from the RTL folder are those
// rtlgen.CoreMemories and LinkMemories list (name, width, words), and the block RAM the
// part used is EstimateBoardTop's count.
func requireEstimatedMemories(t *testing.T, r *synth.Result, rtl, target string) {
	t.Helper()
	info, err := rtlgen.ReadInfo(rtl)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]rtlgen.Memory{}
	for _, m := range append(rtlgen.CoreMemories(info.Arch), rtlgen.LinkMemories()...) {
		want[m.Name] = m
	}
	copied := regexp.MustCompile(`g_\w+\[(\d+)\]\.(\w+)\.mem$`) // a generate loop's memory: name and index

	got := map[string]rtlgen.Memory{}
	for _, m := range r.Memories {
		name := strings.TrimSuffix(m.Name, ".mem")
		name = name[strings.LastIndex(name, ".")+1:]
		if l := copied.FindStringSubmatch(m.Name); l != nil {
			name = l[2] + l[1]
		}
		got[name] = rtlgen.Memory{Name: name, Width: m.Width, Words: m.Words}
	}
	for name, w := range want {
		g, ok := got[name]
		if !ok || g.Width != w.Width || g.Words != w.Words {
			t.Errorf("%s: memory %s is %d x %d bits in Yosys, %d x %d in rtlgen.CoreMemories", target, name, g.Words, g.Width, w.Words, w.Width)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%s: Yosys infers %d memories, rtlgen lists %d: %v", target, len(got), len(want), r.Memories)
	}
	e, err := synth.EstimateBoardTop(info.Arch, target)
	if err != nil {
		t.Fatal(err)
	}
	if e.BRAM != r.BRAM {
		t.Errorf("%s: %d block RAMs, estimated %d", target, r.BRAM, e.BRAM)
	}
}

// TestToolCacheRestoresASynthesis: with HERDSIM_TOOL_CACHE (a fresh folder), a second run
// of the same design restores Yosys's files instead of running it, and reports what the
// first run did, field for field (times aside).
func TestToolCacheRestoresASynthesis(t *testing.T) {
	rtl := tinyRTL(t)
	t.Setenv(toolcache.EnvDir, filepath.Join(t.TempDir(), "cache"))
	var logs [2]strings.Builder
	var runs [2]*synth.Result
	for i := range runs {
		r, err := synth.Run(synth.Options{Target: "ice40-up5k", RTLDir: rtl, MapOnly: true, Log: &logs[i]})
		require.NoError(t, err)
		runs[i] = r
	}
	require.NotContains(t, logs[0].String(), toolcache.EnvDir, "the first run must run Yosys")
	require.Contains(t, logs[1].String(), "synth: yosys: the outputs of an earlier run", "the second run must restore it")
	runs[0].Seconds, runs[1].Seconds = nil, nil
	require.Equal(t, runs[0], runs[1])
	require.Positive(t, runs[1].LUTs)
}
