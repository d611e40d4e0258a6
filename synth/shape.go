package synth

import (
	"cmp"
	"fmt"
	"strings"

	"herdsim/datapath"
	"herdsim/herding"
	"herdsim/rtlgen"
)

// The shape of the datapath for a part, before any synthesis: an estimate of the board
// top's resources from the Arch (its memories counted in the family's block RAM, its
// logic from a fit to measured designs), and the shape with the fewest cycles an
// iteration whose estimate fits the part (PickShape). herdsim synth measures what the
// estimate guesses.

// Estimate is a design's estimated resources on a family.
type Estimate struct {
	LUTs, FFs, BRAM int
}

// logicFit is a family's fit of the board top's LUTs and flip-flops to its accumulator
// bits (16 T accumulators of the field register's width: the accumulator array and the
// rows around it, which grow with the tile), from designs measured on its parts.
type logicFit struct {
	LUTBase, FFBase       int
	LUTPerBit, FFPerBit   float64
	SHLUT, SHFF           float64 // mode SH's factors on them: its energy unit and readout
	LUTPerLane, FFPerLane float64 // for each W lane beyond fitLanes (the wider W word's search, prefetch and write-back)
	From                  string  // the designs fitted
	lanes                 []int   // the W lanes those designs had: the only ones the fit knows
	blockWords, blockBits []int   // block RAM shapes: words x bits each
}

// fitLanes are the W lanes of the designs the LUT and flip-flop fits are made from; the
// lanes term counts from them.
const fitLanes = 16

// logicFill is the share of a part's LUTs and flip-flops a picked shape may take: placement
// and routing need room. Block RAM may be filled.
const logicFill = 0.8

// Block shapes of the 18-kbit block RAMs (ECP5 DP16KD/PDPW16KD, Xilinx RAMB18): words and
// bits of each configuration, the widest (simple dual port) last.
var (
	blockWords18K = []int{16384, 8192, 4096, 2048, 1024, 512}
	blockBits18K  = []int{1, 2, 4, 9, 18, 36}
)

// logicFits are the families a shape can be picked for. ECP5: USPS K = 50 (T = 56, 38,884
// LUT4 placed, 30,439 FFs) and K = 100 (T = 112, 71,181 LUT4 and 57,580 FFs packed by
// nextpnr), both L = 16 with 22-bit accumulators; Xilinx 7-series: the same designs mapped
// by Yosys (29,310 and 56,256 LUT6; 30,376 and 57,461 FFs). results/parts holds the
// reports. Mode SH adds the energy pass (the array's readout, the energy unit): its factors
// are USPS K = 50 in mode SH at T = 56 on the ECP5-85F (49,302 LUT4 and 44,857 FFs mapped,
// 1.22 and 1.42 times the mode-H fit), rounded up, taken for Xilinx too (not measured
// there). W lanes beyond 16: Xilinx only, from USPS K = 1000 at 32 lanes and T = 168 mapped
// for the XC7A200T (92,255 LUT6 and 92,777 FFs: 1,703 and 847 above the 16-lane fit at that
// tile and 24-bit accumulators, taken as linear in the lanes). LUTs may fill 80 % of a part
// (placement and routing need room), flip-flops 80 %, block RAM all of it.
var logicFits = map[string]logicFit{
	"ecp5": {LUTBase: 6591, LUTPerBit: 1.6385, FFBase: 3298, FFPerBit: 1.3769, SHLUT: 1.25, SHFF: 1.45, lanes: []int{fitLanes},
		From:       "USPS K = 50 (T = 56) and K = 100 (T = 112), 16 W lanes, on the ECP5-85F",
		blockWords: blockWords18K, blockBits: blockBits18K},
	"xilinx": {LUTBase: 2364, LUTPerBit: 1.3670, FFBase: 3291, FFPerBit: 1.3740, SHLUT: 1.25, SHFF: 1.45,
		LUTPerLane: 1703.0 / 16, FFPerLane: 847.0 / 16, lanes: []int{fitLanes, 32},
		From:       "USPS K = 50 (T = 56) and K = 100 (T = 112) at 16 W lanes, K = 1000 (T = 168) at 32, mapped for the XC7A100T and XC7A200T",
		blockWords: blockWords18K, blockBits: blockBits18K},
}

// blocks is the fewest of the fit's block RAMs that hold m (0 for an X or W memory below
// MemoryLogicBits, which Yosys puts in LUT RAM). A memory of several write-enable slots
// takes a block's byte enables (four of 9 bits, the widest configuration's) a slot.
func (f logicFit) blocks(m rtlgen.Memory) int {
	if !m.Block && m.Bits() < MemoryLogicBits {
		return 0
	}
	if m.Slots > 1 {
		widest := len(f.blockBits) - 1
		perSlot := ceilDiv(m.Width/m.Slots, 9) // byte enables a slot
		return ceilDiv(m.Slots*perSlot, f.blockBits[widest]/9) * ceilDiv(m.Words, f.blockWords[widest])
	}
	best := -1
	for i, words := range f.blockWords {
		n := ceilDiv(m.Words, words) * ceilDiv(m.Width, f.blockBits[i])
		if best < 0 || n < best {
			best = n
		}
	}
	return best
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// EstimateBoardTop is the estimated resources of an Arch's board top on a target's family.
func EstimateBoardTop(a datapath.Arch, target string) (Estimate, error) {
	tg, err := lookupTarget(target)
	if err != nil {
		return Estimate{}, err
	}
	fit, ok := logicFits[tg.Family.Name]
	if !ok {
		return Estimate{}, fmt.Errorf("synth: no resource estimate for the %s family (there is one for %s): give the shape (--tile, --w-lanes) and measure it with herdsim synth", tg.Family.Name, strings.Join(sortedKeys(logicFits), ", "))
	}
	accBits := float64(16 * a.Tile * a.Regs[datapath.RegField].Format.Word)
	wider := float64(a.Lanes() - fitLanes)
	luts := float64(fit.LUTBase) + fit.LUTPerBit*accBits + fit.LUTPerLane*wider
	ffs := float64(fit.FFBase) + fit.FFPerBit*accBits + fit.FFPerLane*wider
	if a.Mode == herding.ModeSH {
		luts, ffs = luts*fit.SHLUT, ffs*fit.SHFF
	}
	e := Estimate{LUTs: int(luts + 0.5), FFs: int(ffs + 0.5)}
	for _, m := range append(rtlgen.CoreMemories(a), rtlgen.LinkMemories()...) {
		e.BRAM += fit.blocks(m)
	}
	return e, nil
}

// Shape is the datapath's shape for a part: its W lanes and tile, its cycles an iteration
// (at ShapeSweeps sweeps), its estimated resources and what keeps the tile from growing.
type Shape struct {
	Target      string
	Lanes, Tile int
	Cycles      uint64
	Estimate    Estimate
	Budget      Budget
	Largest     int    // the largest tile at these lanes that fits (Tile, or a larger one that is no faster)
	Binds       string // the resource the tile after Largest would exceed ("" when Largest holds every hidden unit)
}

// ShapeSweeps are the search sweeps an iteration at which shapes are compared: every
// shape's cycles grow linearly with the sweeps, which the arithmetic (the same in every
// shape) decides.
const ShapeSweeps = 2

// PicksShape says whether PickShape sizes the datapath for target beyond today's UP5K shape:
// a part with a budget of a family with an estimate (the ECP5 and Xilinx 7-series parts).
func PicksShape(target string) bool {
	tg, err := lookupTarget(target)
	if err != nil || tg.Budget == nil || tg.Name == "ice40-up5k" {
		return false
	}
	_, ok := logicFits[tg.Family.Name]
	return ok
}

// PickShape is the shape of a (its widths, mode, word skip) with the fewest cycles an
// iteration whose estimate fits the target: among the W lanes the family's estimate is
// fitted to, and the tiles (whole W words) whose LUTs and flip-flops stay within 80 % of
// the part and block RAM within all of it, the fewest cycles; of equal cycles, the fewest
// estimated LUTs (a larger tile with as many tiles a pass is no faster). On the UP5K it is
// today's shape (3 W lanes, the default tile).
func PickShape(a datapath.Arch, target string) (Shape, error) {
	tg, err := lookupTarget(target)
	if err != nil {
		return Shape{}, err
	}
	if tg.Name == "ice40-up5k" {
		a.UseLanes(datapath.UP5KWLanes)
		a.UseTile(0)
		return Shape{Target: tg.Name, Lanes: a.Lanes(), Tile: a.Tile, Cycles: a.TileCycles(ShapeSweeps, false), Budget: *tg.Budget}, a.Validate()
	}
	if tg.Budget == nil {
		return Shape{}, fmt.Errorf("synth: %s is a family without a part: no budget to size for", tg.Name)
	}
	fit, ok := logicFits[tg.Family.Name]
	if !ok {
		return Shape{}, fmt.Errorf("synth: no resource estimate for the %s family (there is one for %s): give the shape (--tile, --w-lanes) and measure it with herdsim synth", tg.Family.Name, strings.Join(sortedKeys(logicFits), ", "))
	}
	var best *Shape
	var firstErr error
	for _, lanes := range fit.lanes {
		shapes, err := fittingShapes(a, tg, lanes)
		if err != nil {
			firstErr = cmp.Or(firstErr, err)
			continue
		}
		for _, s := range shapes {
			if best == nil || s.Cycles < best.Cycles || s.Cycles == best.Cycles && s.Estimate.LUTs < best.Estimate.LUTs {
				best = &s
			}
		}
	}
	if best == nil {
		return Shape{}, firstErr
	}
	return *best, nil
}

// fittingShapes are the shapes of a at the given W lanes whose estimates fit the target,
// tile by tile (whole W words) from the smallest, up to the largest that fits or the first
// that holds every hidden unit; each names the largest and what stops the next (Binds).
func fittingShapes(a datapath.Arch, tg Target, lanes int) ([]Shape, error) {
	a.UseLanes(lanes)
	pw := datapath.PerWord(a.Regs[datapath.RegW].Format.Word, lanes)
	var shapes []Shape
	binds := ""
	for t := pw; ; t += pw {
		a.UseTile(t)
		if err := a.Validate(); err != nil {
			return nil, err
		}
		e, err := EstimateBoardTop(a, tg.Name)
		if err != nil {
			return nil, err
		}
		if binds = exceeds(e, *tg.Budget); binds != "" {
			if len(shapes) == 0 {
				return nil, fmt.Errorf("synth: even the smallest tile (T = %d, %d W lanes) does not fit the %s: its %s (estimated)", t, lanes, tg.Part, binds)
			}
			break
		}
		shapes = append(shapes, Shape{Target: tg.Name, Lanes: lanes, Tile: t, Cycles: a.TileCycles(ShapeSweeps, false), Estimate: e, Budget: *tg.Budget})
		if a.Sizes().NT == 1 { // one tile holds every hidden unit: a larger one is no faster
			break
		}
	}
	largest := shapes[len(shapes)-1].Tile
	for i := range shapes {
		shapes[i].Largest, shapes[i].Binds = largest, binds
	}
	return shapes, nil
}

// exceeds names the resources of e beyond what a picked shape may fill of b ("" none).
func exceeds(e Estimate, b Budget) string {
	var over []string
	if float64(e.LUTs) > logicFill*float64(b.LUTs) {
		over = append(over, fmt.Sprintf("LUTs %d > %.0f %% of %d", e.LUTs, 100*logicFill, b.LUTs))
	}
	if float64(e.FFs) > logicFill*float64(b.FFs) {
		over = append(over, fmt.Sprintf("FFs %d > %.0f %% of %d", e.FFs, 100*logicFill, b.FFs))
	}
	if e.BRAM > b.BRAMBlocks {
		over = append(over, fmt.Sprintf("block RAM %d > %d", e.BRAM, b.BRAMBlocks))
	}
	return strings.Join(over, ", ")
}

// String says the shape and why, for the command line.
func (s Shape) String() string {
	if s.Estimate == (Estimate{}) {
		return fmt.Sprintf("%s: %d W lanes, T = %d (the UP5K's shape): %d cycles an iteration at %d sweeps", s.Target, s.Lanes, s.Tile, s.Cycles, ShapeSweeps)
	}
	why := "one tile holds every hidden unit"
	if s.Binds != "" {
		why = "the next tile would exceed " + s.Binds
	}
	if s.Largest > s.Tile {
		why = fmt.Sprintf("no larger tile up to T = %d is faster, and %s", s.Largest, strings.Replace(why, "the next tile", "the one after it", 1))
	}
	return fmt.Sprintf("%s: %d W lanes, T = %d: %d cycles an iteration at %d sweeps; estimated %d LUTs of %d, %d FFs of %d, %d block RAMs of %d (%s)",
		s.Target, s.Lanes, s.Tile, s.Cycles, ShapeSweeps, s.Estimate.LUTs, s.Budget.LUTs, s.Estimate.FFs, s.Budget.FFs, s.Estimate.BRAM, s.Budget.BRAMBlocks, why)
}
