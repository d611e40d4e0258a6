package explore

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"herdsim/datapath"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/synth"
)

// Grid is the design space: every combination of its lists is one point. A width of 0 is
// "auto": the narrowest width that cannot overflow given the point's W (for W itself,
// the lossless width of the whole run, datapath.DefaultArch's).
type Grid struct {
	Hidden []int // K
	Tiles  []int // T of the tiled datapath, at the UP5K's W lanes (unless Shape)
	// Shape, if set, is a part (synth.PicksShape): each point takes the W lanes and tile
	// synth.PickShape picks for its widths on it, in place of Tiles.
	Shape      string
	WeightBits []int // W
	AccBits    []int // the field and visible-field accumulators
	EnergyBits []int // the energy and best-energy registers
	Overflows  []fixedpoint.Overflow
	// Regs fixes registers at a width for every point (say c=18, update=19), over the
	// swept groups (vis_field=21 keeps the visible field at 21 bits while AccBits sweeps
	// the field); registers neither swept nor fixed are auto.
	Regs map[datapath.Reg]int
}

// maxPoints bounds a grid, so that a typo cannot start a month of synthesis.
const maxPoints = 2000

// Check rejects empty or repeated lists and huge grids.
func (g Grid) Check() error {
	for _, l := range []struct {
		name string
		v    []int
	}{{"hidden units K", g.Hidden}, {"tiles T", g.tiles()}, {"W widths", g.WeightBits}, {"accumulator widths", g.AccBits}, {"energy widths", g.EnergyBits}} {
		if len(l.v) == 0 {
			return fmt.Errorf("explore: no %s", l.name)
		}
		s := slices.Clone(l.v)
		slices.Sort(s)
		for i, v := range s {
			if v < 0 || (i > 0 && s[i-1] == v) {
				return fmt.Errorf("explore: %s %v: negative or repeated", l.name, l.v)
			}
		}
	}
	if len(g.Overflows) == 0 {
		return fmt.Errorf("explore: no overflow mode")
	}
	for _, o := range g.Overflows {
		if o != fixedpoint.Wrap && o != fixedpoint.Sat {
			return fmt.Errorf("explore: overflow mode %v: the datapath implements wrap and sat", o)
		}
	}
	if n := g.size(); n > maxPoints {
		return fmt.Errorf("explore: the grid has %d points, more than %d; narrow the ranges", n, maxPoints)
	}
	return nil
}

// tiles are the tiles the grid runs over: a shape's point picks its own (0 here).
func (g Grid) tiles() []int {
	if g.Shape != "" {
		return []int{0}
	}
	return g.Tiles
}

func (g Grid) size() int {
	return len(g.Hidden) * len(g.tiles()) * len(g.WeightBits) * len(g.AccBits) * len(g.EnergyBits) * len(g.Overflows)
}

// Sizes are what the data fix: visible units, vectors per class, and the run's
// iterations (Learn + Collect), for the lossless widths.
type Sizes struct {
	D, N       int
	Iterations int
	Mode       herding.Mode
}

// Point is one design of the grid.
type Point struct {
	Label    string `json:"label"`
	K        int    `json:"k"`
	Tile     int    `json:"tile"`
	WLanes   int    `json:"w_lanes,omitempty"` // where a part's shape set them (Grid.Shape); else the UP5K's
	Mode     string `json:"mode"`
	Overflow string `json:"overflow"`
	// The widths asked for (0: auto), and the full register formats they give.
	WeightBits int               `json:"weight_bits"`
	AccBits    int               `json:"acc_bits"`
	EnergyBits int               `json:"energy_bits"`
	Regs       map[string]string `json:"regs"` // register -> "s16.0 SAT"
	Valid      bool              `json:"valid"`
	Error      string            `json:"error,omitempty"` // why the tiled Arch cannot be built
	Narrowed   bool              `json:"narrowed,omitempty"`

	arch datapath.Arch // the tiled Arch (sizes of the dynamics class)
}

// Arch is the point's tiled Arch.
func (p Point) Arch() datapath.Arch { return p.arch }

// regsText is the canonical text of the sizes and registers: the accuracy's identity (the
// tile does not change the arithmetic of the functional model, only the cycle count).
func regsText(a datapath.Arch) string {
	var b strings.Builder
	fmt.Fprintf(&b, "K=%d|D=%d|N=%d|S=%d|mode=%s|grow=%t", a.K, a.D, a.N, a.Sweeps, a.Mode, a.GrowHiddenBias)
	if a.Lanes() != datapath.UP5KWLanes { // the x half's groups of PW rows follow the lanes
		fmt.Fprintf(&b, "|lanes=%d", a.Lanes())
	}
	for _, r := range datapath.Regs() {
		sp := a.Spec(r)
		fmt.Fprintf(&b, "|%s:%v:%v", r, sp.Format, sp.Overflow)
	}
	return b.String()
}

func hash16(s string) string {
	h := fnv.New64a()
	h.Write([]byte(s))
	return fmt.Sprintf("%016x", h.Sum64())
}

// Points lists the grid in its fixed order: K, tile, W, accumulators, energies, overflow.
func (g Grid) Points(sz Sizes) []Point {
	var out []Point
	for _, k := range g.Hidden {
		for _, t := range g.tiles() {
			for _, w := range g.WeightBits {
				for _, acc := range g.AccBits {
					for _, e := range g.EnergyBits {
						for _, o := range g.Overflows {
							out = append(out, newPoint(sz, k, t, w, acc, e, o, g.Regs, g.Shape))
						}
					}
				}
			}
		}
	}
	return out
}

// newPoint builds a point's Arch: lossless registers for the run (DefaultArch), then W,
// the auto widths that follow from it, the swept and fixed widths, every register in
// overflow mode o; with a shape part, the W lanes and tile picked for it.
func newPoint(sz Sizes, k, tile, w, acc, e int, o fixedpoint.Overflow, fixed map[datapath.Reg]int, shape string) Point {
	a := datapath.DefaultArch(k, sz.D, sz.N, tile, herding.DefaultSweeps, sz.Iterations, sz.Mode, false)
	set := func(r datapath.Reg, bits int) {
		a.Regs[r].Format = fixedpoint.Format{Signed: true, Word: min(max(bits, 2), datapath.MaxWord)}
	}
	if w > 0 {
		set(datapath.RegW, w)
	}
	autoWidths(&a, fixed)
	if acc > 0 {
		set(datapath.RegField, acc)
		set(datapath.RegVisField, acc)
	}
	if e > 0 {
		set(datapath.RegEnergy, e)
		set(datapath.RegBestEnergy, e)
	}
	for r, bits := range fixed { // a fixed register wins over its swept group
		set(r, bits)
	}
	for r := range a.Regs {
		a.Regs[r].Overflow = o
	}
	p := Point{K: k, Mode: sz.Mode.String(), Overflow: strings.ToLower(o.String()),
		WeightBits: w, AccBits: acc, EnergyBits: e, arch: a}
	shapeErr := p.takeShape(shape)
	p.Label = fmt.Sprintf("K%d-%s-%s-w%s-a%s-e%s-%s", k, p.Mode, p.shapeText(), autoText(w), autoText(acc), autoText(e), p.Overflow)
	p.fill(shapeErr)
	return p
}

// takeShape gives the point the shape synth.PickShape picks for its Arch on the part
// ("" : the Arch's own tile at the UP5K's lanes); an error says why there is none.
func (p *Point) takeShape(part string) error {
	p.Tile = p.arch.Tile
	if part == "" {
		return nil
	}
	s, err := synth.PickShape(p.arch, part)
	if err != nil {
		return err
	}
	p.arch.UseLanes(s.Lanes)
	p.arch.UseTile(s.Tile)
	p.Tile, p.WLanes = s.Tile, s.Lanes
	return nil
}

// shapeText is the tile in a label, with the W lanes where a part's shape set them.
func (p Point) shapeText() string {
	if p.WLanes == 0 {
		return fmt.Sprintf("T%d", p.Tile)
	}
	return fmt.Sprintf("T%d-L%d", p.Tile, p.WLanes)
}

// fill sets Regs and Valid from the Arch (invalid: the shape's error, else Validate's).
func (p *Point) fill(shapeErr error) {
	p.Regs = map[string]string{}
	for _, r := range datapath.Regs() {
		sp := p.arch.Spec(r)
		p.Regs[r.String()] = fmt.Sprintf("%v %v", sp.Format, sp.Overflow)
	}
	p.Valid, p.Error = true, ""
	err := shapeErr
	if err == nil {
		err = p.arch.Validate()
	}
	if err != nil {
		p.Valid, p.Error = false, err.Error()
	}
}

func autoText(w int) string {
	if w == 0 {
		return "auto"
	}
	return fmt.Sprint(w)
}

// autoWidths narrows the registers that follow from W to what W's range allows, never
// wider than their lossless width: field <= D Wmax + b, vis_field <= K Wmax + c,
// energy <= K field + D c, update <= Wmax + 2N. Registers in fixed are set by the caller.
func autoWidths(a *datapath.Arch, fixed map[datapath.Reg]int) {
	mag := func(r datapath.Reg) uint64 { return uint64(1) << (a.Regs[r].Format.Word - 1) }
	narrow := func(r datapath.Reg, m uint64) {
		if _, ok := fixed[r]; ok {
			return
		}
		if bits := datapath.SignedBits(m); bits < a.Regs[r].Format.Word {
			a.Regs[r].Format.Word = max(bits, 2)
		}
	}
	wmax := mag(datapath.RegW)
	narrow(datapath.RegUpdate, wmax+2*uint64(a.N))
	narrow(datapath.RegField, uint64(a.D)*wmax+mag(datapath.RegB))
	narrow(datapath.RegVisField, uint64(a.K)*wmax+mag(datapath.RegC))
	narrow(datapath.RegEnergy, uint64(a.K)*mag(datapath.RegField)+uint64(a.D)*mag(datapath.RegC))
	narrow(datapath.RegBestEnergy, mag(datapath.RegEnergy))
}

// narrowedPoint is the point of a proposal: every register at the given width, one
// overflow mode; with a shape part, the shape picked for those widths.
func narrowedPoint(sz Sizes, k, tile int, widths map[datapath.Reg]int, o fixedpoint.Overflow, shape string) Point {
	a := datapath.DefaultArch(k, sz.D, sz.N, tile, herding.DefaultSweeps, sz.Iterations, sz.Mode, false)
	for r, bits := range widths {
		a.Regs[r].Format = fixedpoint.Format{Signed: true, Word: min(max(bits, 2), datapath.MaxWord)}
	}
	for r := range a.Regs {
		a.Regs[r].Overflow = o
	}
	p := Point{K: k, Mode: sz.Mode.String(), Overflow: strings.ToLower(o.String()), arch: a, Narrowed: true,
		WeightBits: a.Regs[datapath.RegW].Format.Word, AccBits: a.Regs[datapath.RegField].Format.Word, EnergyBits: a.Regs[datapath.RegEnergy].Format.Word}
	shapeErr := p.takeShape(shape)
	p.Label = fmt.Sprintf("narrowed-K%d-%s-%s-w%d-a%d-e%d-%s", k, p.Mode, p.shapeText(), p.WeightBits, p.AccBits, p.EnergyBits, p.Overflow)
	p.fill(shapeErr)
	return p
}
