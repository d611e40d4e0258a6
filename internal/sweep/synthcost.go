package sweep

import (
	"fmt"
	"strings"

	"herdsim/datapath"
	"herdsim/herding"
	"herdsim/internal/interrupt"
	"herdsim/rtlgen"
	"herdsim/synth"
	"herdsim/testvectors"
)

// SynthCost is a point's synthesis cost (synth.Result without its timing, logs and raw
// cell counts): every field is deterministic for a given Arch, target and nextpnr seed.
type SynthCost struct {
	Target         string   `json:"target"`
	LUTs           int      `json:"luts"`
	FlipFlops      int      `json:"flip_flops"`
	BRAM           int      `json:"bram"`
	SPRAM          int      `json:"spram"`
	DSP            int      `json:"dsp"`
	LogicCells     *int     `json:"logic_cells"`      // nextpnr's packed logic cells; null for xilinx7
	Fits           *bool    `json:"fits"`             // null for xilinx7 (no place-and-route)
	Exceeded       []string `json:"exceeded"`         // the resources a design that does not fit exceeds
	FmaxMHz        *float64 `json:"fmax_mhz"`         // nextpnr after routing; null when not placed
	FmaxIcetimeMHz *float64 `json:"fmax_icetime_mhz"` // icetime -m; null when absent
}

// checkSynthTarget rejects an unknown target and a target whose tools are missing from
// PATH (synth.CheckTools: a *synth.ToolError naming the binary and its Debian package).
func checkSynthTarget(target string) error {
	if target == "" {
		return nil
	}
	if _, ok := synth.Targets[target]; !ok {
		return fmt.Errorf("synthesis target %q: want one of %s", target, strings.Join(synth.TargetNames(), ", "))
	}
	if err := synth.CheckTools(target); err != nil {
		return fmt.Errorf("synthesis target %s: %w", target, err)
	}
	return nil
}

// rtlSet is the vector set the RTL of a point needs: its Arch, T and the memory contents
// (X = the data, W_0, b_0, c_0 = the reference's initial weights). The reference outputs
// (pseudo-samples, final weights, cycles) are left empty: rtlgen reads none of them for
// the design. Initial weights wider than a narrow swept W are written modulo 2^bits
// (testvectors.IntWord), which changes memory contents only, never the logic.
func rtlSet(s Setup, a datapath.Arch) *testvectors.Set {
	c := s.Config
	p := herding.InitialWeights(c.Hidden, s.Data.D, s.Data.N(), c.Seed)
	w, b, cc := p.Ints()
	return &testvectors.Set{Arch: a, Seed: c.Seed, Iterations: s.Iterations, X: s.Data.Rows, W0: w, B0: b, C0: cc}
}

// writePointRTL writes a point's RTL into dir as herdsim rtl would (rtlgen.Write): either
// datapath's core, memory images and board top.
func writePointRTL(dir string, s Setup, a datapath.Arch) error {
	_, err := rtlgen.Write(dir, rtlSet(s, a))
	return err
}

// synthPoint generates a valid point's RTL in a temporary folder and synthesises it for
// the target (top herd_board, synth's default clock and seed). A design that does not
// fit is a cost with Fits false; an error is a tool failure.
func synthPoint(s Setup, a datapath.Arch, target string) (*SynthCost, error) {
	dir, err := interrupt.TempDir("", "herdsim-sweep-rtl-*")
	if err != nil {
		return nil, err
	}
	defer interrupt.Remove(dir)
	if err := writePointRTL(dir, s, a); err != nil {
		return nil, err
	}
	res, err := synth.Run(synth.Options{Target: target, RTLDir: dir})
	if err != nil {
		return nil, err
	}
	return costOf(res), nil
}

func costOf(r *synth.Result) *SynthCost {
	return &SynthCost{Target: r.Target, LUTs: r.LUTs, FlipFlops: r.FlipFlops, BRAM: r.BRAM, SPRAM: r.SPRAM, DSP: r.DSP,
		LogicCells: r.LogicCells, Fits: r.Fits, Exceeded: r.Exceeded, FmaxMHz: r.FmaxMHz, FmaxIcetimeMHz: r.FmaxIcetimeMHz}
}

// anySynth reports whether some record carries a synthesis cost.
func anySynth(recs []Record) bool {
	for _, r := range recs {
		if r.Synth != nil {
			return true
		}
	}
	return false
}

// fitsText is "yes", "no (ICESTORM_LC 10160/5280)" or "n/a" (xilinx7).
func (c *SynthCost) fitsText() string {
	switch {
	case c.Fits == nil:
		return "n/a"
	case *c.Fits:
		return "yes"
	case len(c.Exceeded) > 0:
		return "no (" + strings.Join(c.Exceeded, ", ") + ")"
	default:
		return "no"
	}
}

// fmaxText is nextpnr's Fmax with two decimals, or "-".
func (c *SynthCost) fmaxText() string {
	if c.FmaxMHz == nil {
		return "-"
	}
	return fmt.Sprintf("%.2f", *c.FmaxMHz)
}

func intPtrText(p *int) string {
	if p == nil {
		return "-"
	}
	return fmt.Sprint(*p)
}

// Summary is "1670 LUT, 579 FF, 10 BRAM, 1974 LC, fits, 15.83 MHz".
func (c *SynthCost) Summary() string {
	if c == nil {
		return "unknown"
	}
	s := fmt.Sprintf("%d LUT, %d FF, %d BRAM", c.LUTs, c.FlipFlops, c.BRAM)
	if c.LogicCells != nil {
		s += fmt.Sprintf(", %d LC", *c.LogicCells)
	}
	switch {
	case c.Fits == nil:
	case *c.Fits:
		s += ", fits"
	default:
		s += ", does not fit"
	}
	if c.FmaxMHz != nil {
		s += fmt.Sprintf(", %.2f MHz", *c.FmaxMHz)
	}
	return s
}
