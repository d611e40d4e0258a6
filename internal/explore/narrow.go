package explore

import (
	"maps"
	"slices"

	"herdsim/datapath"
	"herdsim/herding"
)

// narrowGroups are the groups the grid sweeps, whose width a within-tolerance grid point
// may tighten further than the ranges allow.
var narrowGroups = []struct {
	name string
	regs []datapath.Reg
}{
	{"weight-bits", []datapath.Reg{datapath.RegW}},
	{"acc-bits", []datapath.Reg{datapath.RegField, datapath.RegVisField}},
	{"energy-bits", []datapath.Reg{datapath.RegEnergy, datapath.RegBestEnergy}},
}

// totalBits is the sum of a point's register widths.
func totalBits(p Point) int {
	n := 0
	for _, s := range p.arch.Regs {
		n += s.Format.Word
	}
	return n
}

// propose reads the ranges the dynamics logged at the widest bit-exact grid point of the
// first K (the widest point when none is bit exact), proposes every register at
// the narrowest width holding its observed range plus the margin, then tightens each
// swept group to the narrowest width a grid point of the same K reached within the
// test-error tolerance, and widens W until the source's tile holds whole W words. The proposal's point runs like any other (item 3: proposed,
// then verified). Nil when no grid point of that K and tile was measured.
func (e *explorer) propose(points []PointResult) (*Narrowing, *Point, error) {
	o := e.opts
	k := o.Grid.Hidden[0]
	var same []PointResult
	for _, p := range points {
		if p.K == k && p.Valid && !p.Narrowed && p.ObservedBits != nil {
			same = append(same, p)
		}
	}
	if len(same) == 0 {
		return nil, nil, nil
	}
	src := -1
	for i, p := range same {
		if src < 0 {
			src = i
			continue
		}
		q := same[src]
		pe, qe := *p.BitExact, *q.BitExact
		if pe != qe {
			if pe {
				src = i
			}
			continue
		}
		if tp, tq := totalBits(p.Point), totalBits(q.Point); tp > tq || tp == tq && p.Label < q.Label {
			src = i
		}
	}
	from := same[src]
	tile := from.Tile
	n := &Narrowing{From: from.Label, ObservedBits: from.ObservedBits, Margin: o.NarrowMargin, Proposal: map[string]int{}}
	widths := map[datapath.Reg]int{}
	for _, r := range datapath.Regs() {
		if b, ok := from.ObservedBits[r.String()]; ok {
			widths[r] = b + o.NarrowMargin
		} else {
			widths[r] = from.arch.Regs[r].Format.Word // never presented a value: as the source point
		}
	}
	for _, g := range narrowGroups {
		best := 0
		for _, p := range same {
			if !p.withinTolerance(o.Tolerance) {
				continue
			}
			if w := p.arch.Regs[g.regs[0]].Format.Word; best == 0 || w < best {
				best = w
			}
		}
		for _, r := range g.regs {
			if best > 0 && best < widths[r] {
				widths[r] = best
				if n.Tightened == nil {
					n.Tightened = map[string]int{}
				}
				n.Tightened[r.String()] = best
			}
		}
	}
	// What the datapath needs regardless of the ranges (datapath.Arch.Validate).
	nb := datapath.SignedBits(uint64(e.sizes.N))
	widths[datapath.RegW] = max(widths[datapath.RegW], nb)
	for o.Grid.Shape == "" && tile%datapath.PerWord(widths[datapath.RegW], datapath.UP5KWLanes) != 0 { // the tile holds whole W words (a shape's tile does: PickShape's)
		widths[datapath.RegW]++
	}
	widths[datapath.RegPositive] = max(widths[datapath.RegPositive], nb)
	widths[datapath.RegField] = max(widths[datapath.RegField], widths[datapath.RegW]+1)
	if e.sizes.Mode == herding.ModeSH {
		widths[datapath.RegC] = min(widths[datapath.RegC], widths[datapath.RegW])
	}
	for _, r := range slices.Sorted(maps.Keys(widths)) {
		n.Proposal[r.String()] = widths[r]
	}
	p := narrowedPoint(e.sizes, k, tile, widths, o.NarrowOverflow, o.Grid.Shape)
	n.Point = p.Label
	if p.Valid {
		files, err := rtlFiles(p, e.data.Train(o.DynClass), o.Seed)
		if err != nil {
			return nil, nil, err
		}
		e.hashes[p.Label] = rtlHash(files, o.Synth)
	}
	return n, &p, nil
}

// narrowPlan is the plan of the proposal's point, from the grid's finished units; nil
// when there is nothing to propose or the proposal cannot be built (results.json then
// says why).
func (e *explorer) narrowPlan() (*plan, error) {
	recs, _, err := e.load(e.plan)
	if err != nil {
		return nil, err
	}
	var prs []PointResult
	for _, p := range e.points {
		pr, err := e.pointResult(p, e.plan, recs)
		if err != nil {
			return nil, err
		}
		prs = append(prs, pr)
	}
	_, p, err := e.propose(prs)
	if err != nil || p == nil || !p.Valid {
		return nil, err
	}
	pl := newPlan()
	pl.addPoints(e.opts, []Point{*p}, e.hashes)
	return pl, nil
}
