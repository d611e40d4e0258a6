package explore

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/internal/interrupt"
	"herdsim/rtlgen"
	"herdsim/synth"
	"herdsim/testvectors"
)

// rtlIterations is T of the vector set the RTL is generated from (as in docs/fpga.md);
// the design does not depend on it beyond its testbench.
const rtlIterations = 20

// Synthesizer synthesises the RTL in dir (what herdsim rtl wrote); synth.Run in real runs,
// a fake in tests.
type Synthesizer func(dir string) (*synth.Result, error)

// SynthOptions choose the real synthesis: target, nextpnr's clock target and seeds.
type SynthOptions struct {
	Target  string
	FreqMHz float64
	Seeds   []int // nextpnr once a seed, the best routed run kept (synth.Options.Seeds); empty: seed 1
}

// Runner is the synthesizer of these options (synth.Run).
func (o SynthOptions) Runner() Synthesizer {
	return func(dir string) (*synth.Result, error) {
		return synth.Run(synth.Options{Target: o.Target, RTLDir: dir, FreqMHz: o.FreqMHz, Seeds: o.Seeds})
	}
}

func (o SynthOptions) String() string {
	s := fmt.Sprintf("target=%s|freq=%g", o.Target, o.FreqMHz)
	if len(o.Seeds) > 0 {
		s += fmt.Sprintf("|seeds=%v", o.Seeds)
	}
	return s
}

// rtlFiles generates a point's design, as herdsim rtl writes it from a vector set with
// the dynamics class's data and the reference's W_0, b_0, c_0.
func rtlFiles(p Point, data *dataset.Binary, seed uint64) (map[string][]byte, error) {
	a := p.Arch()
	p0 := herding.InitialWeights(a.K, a.D, a.N, seed)
	w, b, c := p0.Ints()
	set := &testvectors.Set{Arch: a, Seed: seed, Iterations: rtlIterations, X: data.Rows, W0: w, B0: b, C0: c}
	dir, err := interrupt.TempDir("", "herdsim-explore-rtl-*")
	if err != nil {
		return nil, err
	}
	defer interrupt.Remove(dir)
	names, err := rtlgen.Write(dir, set)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, n := range names {
		if b, err := os.ReadFile(filepath.Join(dir, n)); err != nil {
			return nil, err
		} else {
			files[n] = b
		}
	}
	return files, nil
}

// synthesised reports whether synthesis reads a file (synth.InputExts). The datasheet, the .core and the info file name
// every register's width, including widths that change no hardware.
func synthesised(name string) bool {
	return slices.Contains(synth.InputExts, filepath.Ext(name))
}

// rtlHash is the design's identity: SHA-256 over the names and contents of the files
// synthesis reads, in name order, with the synthesis options. Points with the same hash
// share one synthesis.
func rtlHash(files map[string][]byte, o SynthOptions) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", o)
	names := make([]string, 0, len(files))
	for n := range files {
		if synthesised(n) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		fmt.Fprintf(h, "%s %d\n", n, len(files[n]))
		h.Write(files[n])
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// synthesise writes the files into a temporary folder and runs s on it.
func synthesise(s Synthesizer, files map[string][]byte) (*synth.Result, error) {
	dir, err := interrupt.TempDir("", "herdsim-explore-synth-*")
	if err != nil {
		return nil, err
	}
	defer interrupt.Remove(dir)
	for n, b := range files {
		path := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil { // rtlgen's cocotb/
			return nil, err
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return nil, err
		}
	}
	return s(dir)
}

// Cost is a design's synthesis cost: every field deterministic for the design, target and
// seeds (no tool times, logs or paths).
type Cost struct {
	Target     string   `json:"target"`
	LUTs       int      `json:"luts"`
	FlipFlops  int      `json:"flip_flops"`
	LogicCells *int     `json:"logic_cells"`
	EBR        int      `json:"ebr"`
	SPRAM      int      `json:"spram"`
	DSP        int      `json:"dsp"`
	Fits       bool     `json:"fits"`
	Exceeded   []string `json:"exceeded,omitempty"`
	FmaxMHz    *float64 `json:"fmax_mhz"` // nextpnr after routing; null when it does not fit
	Seed       int      `json:"seed,omitempty"`
}

func costOf(r *synth.Result) *Cost {
	c := &Cost{Target: r.Target, LUTs: r.LUTs, FlipFlops: r.FlipFlops, LogicCells: r.LogicCells, EBR: r.BRAM,
		SPRAM: r.SPRAM, DSP: r.DSP, Fits: r.Fits != nil && *r.Fits, Exceeded: r.Exceeded, FmaxMHz: r.FmaxMHz, Seed: r.Seed}
	if !c.Fits {
		c.FmaxMHz = nil
	}
	return c
}

// checkTarget rejects an unknown target and missing tools.
func checkTarget(target string) error {
	if _, ok := synth.Targets[target]; !ok {
		return fmt.Errorf("synthesis target %q: want one of %s", target, strings.Join(synth.TargetNames(), ", "))
	}
	return synth.CheckTools(target)
}
