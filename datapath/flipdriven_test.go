package datapath

import (
	"fmt"
	"os"
	"testing"

	"herdsim/dataset"
	"herdsim/herding"
)

// TestFlipRatesUSPS measures the flips per iteration f_t on USPS digit 3 (N = 700,
// D = 256) for K = 50, 250, 1000 in modes H and SH, over iterations 1000..1100 (the
// incremental software form, the default), and prints the flip-driven and direct cycles at
// the measured f_t and s_t for L = 1, 4, 16. It takes about 25 s: it runs only with
// HERDSIM_LONG=1 (go test -run FlipRatesUSPS -v ./datapath). The figures are in
// docs/flip-driven-datapath.md.
func TestFlipRatesUSPS(t *testing.T) {
	if os.Getenv("HERDSIM_LONG") != "1" {
		t.Skip("set HERDSIM_LONG=1 to measure flip rates on USPS (about 25 s)")
	}
	data, err := dataset.Load(dataset.SpecUSPS, dataset.LoadOptions{Digit: 3, Seed: 1})
	if err != nil {
		t.Skipf("USPS data not found: %v", err)
	}
	const first, last = 1000, 1100
	for _, k := range []int{50, 250, 1000} {
		for _, mode := range []herding.Mode{herding.ModeH, herding.ModeSH} {
			e, err := herding.New(data, herding.Config{Hidden: k, Mode: mode, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			n := len(data.Rows)
			prev := make([]int8, n*k)
			var flips, sweeps []int
			for it := 1; it <= last; it++ {
				r, err := e.Step()
				if err != nil {
					t.Fatal(err)
				}
				f := 0
				for m := range n {
					for i, v := range e.Hidden(m) {
						if v != prev[m*k+i] {
							f++
						}
						prev[m*k+i] = v
					}
				}
				if it > first { // f_t: flips between iteration t-1 and t, t = 1001..1100
					flips = append(flips, f)
					sweeps = append(sweeps, r.Sweeps)
				}
			}
			fmin, fmax, fsum, ssum := flips[0], flips[0], 0, 0
			for i, f := range flips {
				fmin, fmax, fsum, ssum = min(fmin, f), max(fmax, f), fsum+f, ssum+sweeps[i]
			}
			cnt := len(flips)
			fmean, smean := float64(fsum)/float64(cnt), float64(ssum)/float64(cnt)
			line := fmt.Sprintf("K=%d %s: flips/iter mean %.1f (%.2f%% of NK), min %d, max %d; sweeps mean %.2f", k, mode, fmean, 100*fmean/float64(n*k), fmin, fmax, smean)
			for _, l := range []int{1, 4, 16} {
				a := DefaultArch(k, 256, n, l, 10, 2000, mode, false)
				var direct, flip uint64
				for i, f := range flips {
					direct += a.CyclesPerIteration(sweeps[i])
					flip += a.FlipDrivenCycles(f, sweeps[i])
				}
				line += fmt.Sprintf("\n   L=%2d: direct %d, flip-driven %d cycles/iter (mean), ratio %.2f; crossover flip rate %.2f%%",
					l, direct/uint64(cnt), flip/uint64(cnt), float64(flip)/float64(direct), 100*a.FlipDrivenCrossover(int(smean+0.5))/float64(n*k))
			}
			t.Log(line)
		}
	}
}

func uspsH1(lanes int) Arch {
	return DefaultArch(50, 256, 700, lanes, 10, 20, herding.ModeH, false)
}

// TestFlipDrivenCyclesUSPS checks the phases by hand for USPS H1 (N = 700, D = 256,
// K = 50) at L = 16 (G = 4, B = 44) and L = 1 (G = 50, B = 700).
func TestFlipDrivenCyclesUSPS(t *testing.T) {
	a := uspsH1(16)
	want := FlipDrivenCost{Scan: 44 * 51, Flips: 3150 * 45, Start: 1, Search: 2 * 2309, Update: 1024, XDot: 700, Fields: 2200, Done: 1}
	if got := a.FlipDrivenCost(3150, 2); got != want {
		t.Errorf("L=16, f=3150, s=2: cost %+v, want %+v", got, want)
	}
	for _, c := range []struct {
		lanes, flips, sweeps int
		want                 uint64
	}{
		{16, 0, 1, 6170 + 2309},
		{16, 3150, 2, 147920 + 2*2309},
		{16, 35000, 1, 6170 + 35000*45 + 2309},
		{1, 0, 1, 84202 + 25907},
		{1, 3150, 3, 84202 + 3150*701 + 3*25907},
	} {
		a := uspsH1(c.lanes)
		if got := a.FlipDrivenCycles(c.flips, c.sweeps); got != c.want {
			t.Errorf("L=%d f=%d s=%d: %d cycles, want %d", c.lanes, c.flips, c.sweeps, got, c.want)
		}
	}
	// The direct datapath at the same sizes (doc.go: 723,050 + 2,309 s at L = 16).
	if got := a.CyclesPerIteration(1); got != 723050+2309 {
		t.Errorf("direct L=16: %d cycles, want %d", got, 723050+2309)
	}
	if a1 := uspsH1(1); a1.CyclesPerIteration(1) != 9022002+25907 {
		t.Errorf("direct L=1: %d cycles, want %d", a1.CyclesPerIteration(1), 9022002+25907)
	}
}

// TestFlipDrivenSmall checks an Arch where L divides neither K nor N and N < D, so that
// the flip stream is paced by the data row (ceil(D/L)), not the row of G_x.
func TestFlipDrivenSmall(t *testing.T) {
	a := DefaultArch(3, 20, 10, 2, 4, 10, herding.ModeSH, false) // G = 2, B = 5
	// scan 5*4, flips 4*(1+10), start 1, sweep 2*21+20*3+1, update 2*20, xdot 10, fields 3*5, done 1
	if got, want := a.FlipDrivenCycles(4, 1), uint64(20+44+1+103+40+10+15+1); got != want {
		t.Errorf("%d cycles, want %d", got, want)
	}
}

// TestFlipDrivenFromScratch: with every z_n,i flipped (f = N K: the first iteration, when
// A and P are built from zero) the flips cost N K streams of 1 + ceil(max(N, D)/L) cycles,
// and the cost grows by exactly that per flip.
func TestFlipDrivenFromScratch(t *testing.T) {
	for _, l := range []int{1, 4, 16} {
		a := uspsH1(l)
		nk := a.N * a.K
		build := uint64(nk) * (1 + uint64((700+l-1)/l))
		if got := a.FlipDrivenCycles(nk, 1) - a.FlipDrivenCycles(0, 1); got != build {
			t.Errorf("L=%d: all flips add %d cycles, want building A and P from scratch: %d", l, got, build)
		}
		prev := a.FlipDrivenCycles(0, 1)
		for f := 1; f <= nk; f += 97 {
			c := a.FlipDrivenCycles(f, 1)
			if c <= prev {
				t.Fatalf("L=%d: %d cycles at f=%d, not more than %d before", l, c, f, prev)
			}
			prev = c
		}
	}
}

// TestFlipDrivenCrossover: below f* flips the flip-driven datapath is faster, above it
// slower. L = 16: (723,050 - 6,170)/45; L = 1: (9,022,002 - 84,202)/701.
func TestFlipDrivenCrossover(t *testing.T) {
	for _, c := range []struct {
		lanes int
		want  float64
	}{{16, 716880.0 / 45}, {1, 8937800.0 / 701}} {
		a := uspsH1(c.lanes)
		f := a.FlipDrivenCrossover(3)
		if f != c.want {
			t.Errorf("L=%d: crossover %v flips, want %v", c.lanes, f, c.want)
		}
		lo, hi := int(f), int(f)+1
		if a.FlipDrivenCycles(lo, 3) >= a.CyclesPerIteration(3) || a.FlipDrivenCycles(hi, 3) <= a.CyclesPerIteration(3) {
			t.Errorf("L=%d: crossover %v does not separate the faster and slower flip counts", c.lanes, f)
		}
	}
}

// TestMemoryUSPS checks the memories of USPS H1 at the lossless widths for T = 20
// (docs/fpga.md: W s16, P s11, c s16, b s2; field s24, energy s30).
func TestMemoryUSPS(t *testing.T) {
	a := uspsH1(16)
	direct := map[string]uint64{"X": 179200, "W": 204800, "P": 140800, "c": 4096, "sum x": 2816, "b": 100}
	for _, m := range a.DirectMemories() {
		if m.Bits() != direct[m.Name] {
			t.Errorf("direct %s: %d bits, want %d", m.Name, m.Bits(), direct[m.Name])
		}
	}
	if got := a.DirectMemoryBits(); got != 531812 {
		t.Errorf("direct memory %d bits, want 531,812 (docs/fpga.md)", got)
	}
	flip := map[string]uint64{"X": 179200, "W": 204800, "P": 140800, "c": 4096, "sum x": 2816, "b": 100,
		"sum z": 50 * 11, "G_x": 700 * 700 * 10, "A": 35000 * 19, "H": 35000 * 24, "Z": 35000,
		"c.x": 700 * 30, "x.sum x": 700 * 19, "x.x*": 700 * 10}
	ms := a.FlipDrivenMemories()
	if len(ms) != len(flip) {
		t.Errorf("%d flip-driven memories, want %d", len(ms), len(flip))
	}
	for _, m := range ms {
		if m.Bits() != flip[m.Name] {
			t.Errorf("flip-driven %s: %d bits, want %d", m.Name, m.Bits(), flip[m.Name])
		}
	}
	if got := a.FlipDrivenMemoryBits(); got != 7013662 {
		t.Errorf("flip-driven memory %d bits, want 7,013,662", got)
	}
	// By bits alone: X 44, W 50, P 35, c 1, sum x 1, b 1 EBR (docs/fpga.md: X 44, W 50, P 35).
	if got := a.DirectMemories().Blocks(EBRBits); got != 132 {
		t.Errorf("direct: %d EBR by bits, want 132", got)
	}
	// G_x alone is 4,900,000 bits: 19 SPRAM blocks of 262,144 bits; the UP5K has 4.
	if got := (Memories{ms[7]}).Blocks(SPRAMBits); ms[7].Name != "G_x" || got != 19 {
		t.Errorf("%s: %d SPRAM, want G_x in 19", ms[7].Name, got)
	}
}

// TestMemoryTableUSPS logs the memory of both datapaths for USPS sizes (go test -v):
// the table in docs/flip-driven-datapath.md.
func TestMemoryTableUSPS(t *testing.T) {
	for _, k := range []int{50, 250, 1000} {
		a := DefaultArch(k, 256, 700, 1, 10, 20, herding.ModeH, false)
		d, f := a.DirectMemories(), a.FlipDrivenMemories()
		line := fmt.Sprintf("K=%d: direct %d bits (%d EBR / %d SPRAM); flip-driven %d bits (%d EBR / %d SPRAM):",
			k, d.Bits(), d.Blocks(EBRBits), d.Blocks(SPRAMBits), f.Bits(), f.Blocks(EBRBits), f.Blocks(SPRAMBits))
		for _, m := range f {
			line += fmt.Sprintf(" %s %dx%d=%d", m.Name, m.Words, m.Width, m.Bits())
		}
		t.Log(line)
	}
}
