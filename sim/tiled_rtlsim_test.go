package sim

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/rtlgen"
	"herdsim/synth"
	"herdsim/testvectors"
)

// tiledData is the default data's first 40 vectors: three batches, the last partial.
func tiledData() *dataset.Binary {
	d := dataset.Default()
	return &dataset.Binary{Name: "default[:40]", D: d.D, Rows: d.Rows[:40]}
}

// archIterations is the run every test's Arch is lossless for (the longest a test runs),
// so that the tests' Archs of one shape are one Arch: they share their simulator builds
// (testBuilds).
const archIterations = 40

// tiledArch is the tiled Arch for the tiled data, lossless for archIterations (or more).
func tiledArch(k, tile int, mode herding.Mode, grow bool, iterations int) datapath.Arch {
	return archFor(tiledData(), k, tile, mode, grow, iterations)
}

// archFor is the tiled Arch for data, lossless for archIterations (or more).
func archFor(data *dataset.Binary, k, tile int, mode herding.Mode, grow bool, iterations int) datapath.Arch {
	return datapath.DefaultArch(k, data.D, data.N(), tile, herding.DefaultSweeps, max(iterations, archIterations), mode, grow)
}

// skipped makes a the word-skip datapath for the tiled data.
func skipped(a datapath.Arch, data *dataset.Binary) datapath.Arch {
	a.UseSkip(datapath.NewSkipLayout(data.Rows))
	return a
}

// tiledRTLArchs: mode H over two tiles with hidden-bias growth and a padded last group;
// SH with one group a tile and the c row in a tile of its own; two weights a W word; SH
// with one weight a word and the smallest tile SH allows (vectors finish two cycles apart
// in the energy pass, the record reads z* a group a cycle); the word-skip datapath with
// two groups a tile and growth, and with one group a tile of two weights a word (both with
// the tiled data's partial last batch); SH with W words of eight lanes, eight weights a
// word (one tile of K, the c row in its own).
func tiledRTLArchs(iterations int) map[string]datapath.Arch {
	pw2 := tiledArch(5, 2, herding.ModeH, false, iterations)
	pw2.Regs[datapath.RegW].Format.Word = 17
	pw2.Regs[datapath.RegField].Format.Word = 24
	pw1 := tiledArch(5, 2, herding.ModeSH, false, iterations)
	pw1.Regs[datapath.RegW].Format.Word = 25
	pw1.Regs[datapath.RegField].Format.Word = 32
	lanes8 := tiledArch(10, 8, herding.ModeSH, false, iterations)
	lanes8.UseLanes(8)
	return map[string]datapath.Arch{
		"K10T8SH_L8":      lanes8,
		"K10T6Hgrow":      tiledArch(10, 6, herding.ModeH, true, iterations),
		"K6T3SH":          tiledArch(6, 3, herding.ModeSH, false, iterations),
		"K5T2H_PW2":       pw2,
		"K5T2SH_PW1":      pw1,
		"K10T6Hgrow_skip": skipped(tiledArch(10, 6, herding.ModeH, true, iterations), tiledData()),
		"K5T2H_PW2_skip":  skipped(pw2, tiledData()),
	}
}

// writeSetAndRTL writes a vector set and the RTL generated from it.
func writeSetAndRTL(t *testing.T, s *testvectors.Set) (vec, rtl string) {
	t.Helper()
	dir := t.TempDir()
	vec, rtl = filepath.Join(dir, "vectors"), filepath.Join(dir, "rtl")
	if _, err := testvectors.Write(vec, s, testvectors.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := rtlgen.Write(rtl, s); err != nil {
		t.Fatal(err)
	}
	return vec, rtl
}

// TestTiledRTLSimPass: the tiled core, loaded through its stream port with random stalls,
// reproduces the reference's pseudo-samples, cycle counts, overflow flags and final W, b, c
// in both simulators. (Icarus runs two iterations, the second from the first's state: its
// time is most of the package's.)
func TestTiledRTLSimPass(t *testing.T) {
	iterations := map[string]int{"icarus": 2, "verilator": 10}
	for _, simulator := range Simulators {
		for name, a := range tiledRTLArchs(iterations[simulator]) {
			t.Run(name+"/"+simulator, func(t *testing.T) {
				needSimulator(t, simulator)
				if simulator == "verilator" && testing.Short() && name != "K6T3SH" {
					t.Skip("-short: one Verilator build")
				}
				if simulator == "icarus" && name == "K10T8SH_L8" {
					// 128 accumulators run at about 270 cycles a second in Icarus; wide W
					// words run there in TestTiledNarrowWidthsMatchTheModel (H_skip_L6)
					t.Skip("Verilator only: Icarus takes 19 s for two iterations")
				}
				s, err := ReferenceVectors(tiledData(), a, herding.DefaultSeed, iterations[simulator])
				if err != nil {
					t.Fatal(err)
				}
				vec, rtl := writeSetAndRTL(t, s)
				res, out := runRTL(t, simulator, vec, rtl)
				if !res.Pass {
					t.Fatalf("mismatch: %s\n%s", res.Mismatch, out)
				}
				t.Logf("%s: %d cycles, build %v, run %v", simulator, res.Cycles, res.Build, res.Run)
			})
		}
	}
}

// narrowTiled makes the field accumulators, the energies and the update adder narrow
// enough to overflow, in one overflow mode.
func narrowTiled(a datapath.Arch, o fixedpoint.Overflow) datapath.Arch {
	for r := range a.Regs {
		a.Regs[r].Overflow = o
	}
	a.Regs[datapath.RegField].Format.Word = 9 // W + 1, the narrowest Validate allows: WRAP's halved accumulators are as wide as W
	a.Regs[datapath.RegVisField].Format.Word = 9
	a.Regs[datapath.RegEnergy].Format.Word = 11
	a.Regs[datapath.RegBestEnergy].Format.Word = 10
	a.Regs[datapath.RegUpdate].Format.Word = 9
	a.Regs[datapath.RegC].Format.Word = 8
	a.Regs[datapath.RegW].Format.Word = 8
	return a
}

// TestTiledNarrowWidthsMatchTheModel: where registers wrap or saturate, the Verilog does
// what the cycle-level model does, cycle counts and the overflow flag included: vector
// sets from the model (not the reference) at narrow widths, in both overflow modes and
// both modes, pass in both simulators, and the flag is set in them.
func TestTiledNarrowWidthsMatchTheModel(t *testing.T) {
	t.Parallel() // see TestMain
	for _, simulator := range Simulators {
		iterations := map[string]int{"icarus": 2, "verilator": 3}[simulator]
		for _, o := range []fixedpoint.Overflow{fixedpoint.Wrap, fixedpoint.Sat} {
			for _, mode := range []string{"H", "SH", "H_skip_L6"} {
				a := narrowTiled(tiledArch(6, 6, herding.ModeSH, true, iterations), o)
				if mode != "SH" {
					a = narrowTiled(tiledArch(6, 6, herding.ModeH, true, iterations), o)
				}
				if mode == "H_skip_L6" {
					// six lanes of 8-bit weights: the replay sums six terms a cycle
					a.UseLanes(6)
					a = skipped(a, tiledData())
				}
				t.Run(simulator+"/"+o.String()+"/"+mode, func(t *testing.T) {
					needSimulator(t, simulator)
					if simulator == "verilator" && testing.Short() && (o != fixedpoint.Sat || mode != "SH") {
						t.Skip("-short: one Verilator build")
					}
					s, err := ModelVectors(tiledData(), a, herding.DefaultSeed, iterations, nil)
					if err != nil {
						t.Fatal(err)
					}
					if !s.Overflow[iterations-1] {
						t.Fatalf("no register overflowed: the test would not exercise the casts")
					}
					vec, rtl := writeSetAndRTL(t, s)
					res, out := runRTL(t, simulator, vec, rtl)
					if !res.Pass {
						t.Fatalf("mismatch: %s\n%s", res.Mismatch, out)
					}
				})
			}
		}
	}
}

// TestTiledRTLSimCatchesWrongWords: one wrong expected word fails the testbench, naming it:
// a pseudo-sample, an overflow flag, a final weight (with and without word skip). In
// Verilator where it is installed (TestTiledRTLSimPass has built these Archs), else Icarus.
func TestTiledRTLSimCatchesWrongWords(t *testing.T) {
	simulator := "verilator"
	if CheckSimulator(simulator) != nil {
		simulator = "icarus"
	}
	needSimulator(t, simulator)
	for _, name := range []string{"K10T6Hgrow", "K10T6Hgrow_skip"} {
		a := tiledRTLArchs(2)[name]
		s, err := ReferenceVectors(tiledData(), a, herding.DefaultSeed, 2)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name  string
			index int
			want  string
		}{
			{testvectors.NameZStar, 1, "iteration=2 name=z_star index=1 "},
			{testvectors.NameOverflow, 0, "iteration=1 name=overflow index=0 "},
			{testvectors.NameWFinal, 77, "name=w_final index=77 "},
		} {
			t.Run(name+"/"+c.name, func(t *testing.T) {
				vec, rtl := writeSetAndRTL(t, s)
				mutate(t, vec, c.name, c.index, flipLowBit)
				res, out := runRTL(t, simulator, vec, rtl)
				if res.Pass || !strings.Contains(res.Mismatch, c.want) {
					t.Fatalf("want a mismatch %q, got pass=%v %q\n%s", c.want, res.Pass, res.Mismatch, out)
				}
			})
		}
	}
}

// TestTiledUSPS: the paper's smallest USPS model (digit 3: N = 700, D = 256, K = 50, mode H)
// as the board runs it (the word-skip datapath, tile 4, the widths of docs/fpga.md's
// synthesis table) in Verilator against golden vectors for 20 iterations, loaded through the
// stream port; and as the larger parts run it (W words of 16 lanes, 14 weights a word, one
// tile of 56 rows) for 5.
func TestTiledUSPS(t *testing.T) {
	t.Parallel() // see TestMain
	needSimulator(t, "verilator")
	dir := os.Getenv("HERDSIM_USPS_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "data", "usps")
	}
	data, err := dataset.Load(dataset.SpecUSPS, dataset.LoadOptions{USPSDir: dir, Digit: 3, Seed: dataset.DefaultSeed})
	if err != nil {
		t.Skipf("USPS data: %v", err)
	}
	for _, c := range []struct {
		name              string
		tile, lanes, iter int
	}{{"UP5K", 4, 3, 20}, {"L16", 56, 16, 5}} {
		t.Run(c.name, func(t *testing.T) {
			a := datapath.DefaultArch(50, 256, 700, c.tile, herding.DefaultSweeps, c.iter, herding.ModeH, false)
			for r, bits := range map[datapath.Reg]int{datapath.RegW: 18, datapath.RegField: 22, datapath.RegC: 18,
				datapath.RegVisField: 21, datapath.RegUpdate: 19, datapath.RegB: 2} {
				a.Regs[r].Format.Word = bits
			}
			a.UseLanes(c.lanes)
			a = skipped(a, data)
			s, err := ReferenceVectors(data, a, herding.DefaultSeed, c.iter)
			if err != nil {
				t.Fatal(err)
			}
			vec, rtl := writeSetAndRTL(t, s)
			res, out := runRTL(t, "verilator", vec, rtl)
			if !res.Pass {
				t.Fatalf("mismatch: %s\n%s", res.Mismatch, out)
			}
			t.Logf("USPS K=50 %s: %d cycles (%.0f per iteration), build %v, run %v", c.name, res.Cycles, float64(res.Cycles)/float64(c.iter), res.Build, res.Run)
		})
	}
}

// TestTiledRTLSimHoldsWhenTheStreamWaits: with no record taken until the core has held in
// DONE for 100 cycles (+fill), the record buffer fills, the core holds instead of dropping
// a record, and every record, cycle count (less the held cycles) and the final weights
// still match.
func TestTiledRTLSimHoldsWhenTheStreamWaits(t *testing.T) {
	needSimulator(t, "verilator")
	slots := rtlgen.RecordSlots(tiledArch(6, 3, herding.ModeSH, false, 1))
	iterations := slots + 3
	a := tiledArch(6, 3, herding.ModeSH, false, iterations)
	s, err := ReferenceVectors(tiledData(), a, herding.DefaultSeed, iterations)
	if err != nil {
		t.Fatal(err)
	}
	vec, rtl := writeSetAndRTL(t, s)
	var out strings.Builder
	res, err := RTLSim(RTLSimOptions{Simulator: "verilator", VectorsDir: vec, RTLDir: rtl, Output: &out, Plusargs: []string{"+fill"}, BuildCache: testBuilds})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !res.Pass {
		t.Fatalf("mismatch: %s\n%s", res.Mismatch, out.String())
	}
	if !strings.Contains(out.String(), "held=") || strings.Contains(out.String(), "held=0\n") {
		t.Fatalf("the core never held (%d slots, %d iterations):\n%s", slots, iterations, out.String())
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.Contains(line, "held=") {
			t.Logf("%d slots, %d iterations: %s", slots, iterations, line)
		}
	}
}

// TestTiledRTLSimFillFailsWithoutAHold: +fill on a run too short to fill the record buffer
// (3 iterations, more slots) must end in the testbench's hold mismatch, not hang or pass:
// the hold test above cannot pass by a core that never holds.
func TestTiledRTLSimFillFailsWithoutAHold(t *testing.T) {
	needSimulator(t, "icarus")
	const iterations = 3
	a := tiledArch(6, 3, herding.ModeSH, false, iterations)
	if slots := rtlgen.RecordSlots(a); slots <= iterations {
		t.Fatalf("%d slots: the run would fill them", slots)
	}
	s, err := ReferenceVectors(tiledData(), a, herding.DefaultSeed, iterations)
	if err != nil {
		t.Fatal(err)
	}
	vec, rtl := writeSetAndRTL(t, s)
	var out strings.Builder
	res, err := RTLSim(RTLSimOptions{Simulator: "icarus", VectorsDir: vec, RTLDir: rtl, Output: &out, Plusargs: []string{"+fill"}, BuildCache: testBuilds})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if res.Pass || !strings.Contains(res.Mismatch, "name=hold") {
		t.Fatalf("want the hold mismatch, got pass=%v %q\n%s", res.Pass, res.Mismatch, out.String())
	}
}

// TestTiledNetlistPass: the core as each family's Yosys synthesises it (LUTs, carries,
// flip-flops, block RAM; the iCE40's SB_SPRAM256KA and SB_MAC16), simulated with the
// family's cell models (Yosys's, and herdsim's block RAMs where Yosys's have no
// behaviour), passes the same testbench as its RTL in Verilator: records, cycle counts,
// overflow flags and the read-back of W, b, c, in mode SH with the c row in a tile of its
// own. One wrong expected word (a final weight) fails the same build, naming the word. The
// builds are quick (C++ at -O0: the netlists' C++ is most of the time, the runs are short).
func TestTiledNetlistPass(t *testing.T) {
	t.Parallel() // see TestMain
	needSimulator(t, "verilator")
	data, err := tiledData().Head(40, 16) // three batches, the last partial; D = 16 (Yosys's time)
	if err != nil {
		t.Fatal(err)
	}
	a := archFor(data, 6, 3, herding.ModeSH, false, 3)
	s, err := ReferenceVectors(data, a, herding.DefaultSeed, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, family := range NetlistFamilies() {
		t.Run(family, func(t *testing.T) {
			if _, _, err := synth.Families[family].YosysTool(); err != nil {
				if os.Getenv("HERDSIM_REQUIRE_PYPI_TOOLS") == "1" {
					t.Fatalf("%v (HERDSIM_REQUIRE_PYPI_TOOLS=1)", err)
				}
				t.Skipf("%v: the %s netlist simulation is not run", err, family)
			}
			vec, rtl := writeSetAndRTL(t, s)
			var out strings.Builder
			opt := RTLSimOptions{Simulator: "verilator", VectorsDir: vec, RTLDir: rtl, Output: &out, Netlist: true, NetlistFamily: family, BuildCache: testBuilds, QuickBuild: true}
			res, err := RTLSim(opt)
			if err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			if !res.Pass {
				t.Fatalf("mismatch: %s", res.Mismatch)
			}
			t.Logf("%s netlist: %d cycles, build (synthesis included) %v, run %v", family, res.Cycles, res.Build, res.Run)
			mutate(t, vec, testvectors.NameWFinal, 5, flipLowBit)
			out.Reset()
			if res, err = RTLSim(opt); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			if res.Pass || !strings.Contains(res.Mismatch, "name=w_final index=5 ") {
				t.Fatalf("want a w_final mismatch at word 5, got pass=%v %q\n%s", res.Pass, res.Mismatch, out.String())
			}
		})
	}
}
