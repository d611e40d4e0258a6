package sweep

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"herdsim/datapath"
	"herdsim/fixedpoint"
)

// Group is a set of registers swept together under one name: the grouped width flags of
// herdsim lockstep, or one register by its report name.
type Group struct {
	Name string
	Regs []datapath.Reg
}

// groups lists every group in canonical order: the grouped flags, then single registers.
var groups = func() []Group {
	gs := []Group{
		{"weight-bits", []datapath.Reg{datapath.RegW}},
		{"bias-bits", []datapath.Reg{datapath.RegB, datapath.RegC}},
		{"acc-bits", []datapath.Reg{datapath.RegField, datapath.RegVisField}},
		{"energy-bits", []datapath.Reg{datapath.RegEnergy, datapath.RegBestEnergy}},
		{"positive-bits", []datapath.Reg{datapath.RegPositive}},
		{"update-bits", []datapath.Reg{datapath.RegUpdate}},
	}
	for _, r := range datapath.Regs() {
		gs = append(gs, Group{r.String(), []datapath.Reg{r}})
	}
	return gs
}()

// Groups lists the group names ParseVary accepts, in canonical order.
func Groups() []string {
	out := make([]string, len(groups))
	for i, g := range groups {
		out[i] = g.Name
	}
	return out
}

// groupIndex is a group's place in the canonical order (len(groups) when unknown).
func groupIndex(name string) int {
	for i, g := range groups {
		if g.Name == name {
			return i
		}
	}
	return len(groups)
}

func lookupGroup(name string) (Group, error) {
	if i := groupIndex(name); i < len(groups) {
		return groups[i], nil
	}
	return Group{}, fmt.Errorf("unknown register group %q (want one of %s)", name, strings.Join(Groups(), ", "))
}

// Vary is one swept group and its widths, ascending and distinct.
type Vary struct {
	Group  Group
	Widths []int
}

// Widths a --vary may name; the Arch's own check (2..datapath.MaxWord) then marks
// points outside what the model supports as invalid.
const minWidth, maxWidth = 1, fixedpoint.MaxWord

// ParseVary reads GROUP=WIDTHS, where WIDTHS is a list "8,12,16", an inclusive range
// "6:16" or a range with a step "10:22:2" (or a mix: "6:10,12,16"). Its errors quote s.
func ParseVary(s string) (Vary, error) {
	name, spec, ok := strings.Cut(s, "=")
	if !ok || name == "" || spec == "" {
		return Vary{}, fmt.Errorf("%q: want GROUP=WIDTHS, e.g. weight-bits=6:16 or acc-bits=8,12,16", s)
	}
	g, err := lookupGroup(name)
	if err != nil {
		return Vary{}, fmt.Errorf("%q: %w", s, err)
	}
	widths, err := ParseWidths(spec)
	if err != nil {
		return Vary{}, fmt.Errorf("%q: %w", s, err)
	}
	return Vary{Group: g, Widths: widths}, nil
}

// ParseWidths reads a list of widths: comma-separated WIDTH, FROM:TO or FROM:TO:STEP,
// sorted, each at most once.
func ParseWidths(spec string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(spec, ",") {
		ws, err := parseRange(part)
		if err != nil {
			return nil, err
		}
		out = append(out, ws...)
	}
	slices.Sort(out)
	if i := firstDuplicate(out); i >= 0 {
		return nil, fmt.Errorf("width %d is listed twice", out[i])
	}
	return out, nil
}

// parseRange reads "w", "a:b" or "a:b:step".
func parseRange(part string) ([]int, error) {
	fields := strings.Split(part, ":")
	if len(fields) > 3 {
		return nil, fmt.Errorf("range %q: want WIDTH, FROM:TO or FROM:TO:STEP", part)
	}
	nums := make([]int, len(fields))
	for i, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("width %q is not a number (in %q)", f, part)
		}
		nums[i] = v
	}
	from, to, step := nums[0], nums[0], 1
	if len(nums) > 1 {
		to = nums[1]
	}
	if len(nums) > 2 {
		step = nums[2]
	}
	switch {
	case step <= 0:
		return nil, fmt.Errorf("range %q: step %d must be positive", part, step)
	case from > to:
		return nil, fmt.Errorf("range %q is empty: %d > %d", part, from, to)
	case from < minWidth || to > maxWidth:
		return nil, fmt.Errorf("range %q: widths must lie in %d..%d bits", part, minWidth, maxWidth)
	}
	var out []int
	for w := from; w <= to; w += step {
		out = append(out, w)
	}
	return out, nil
}

func firstDuplicate(sorted []int) int {
	for i := 1; i < len(sorted); i++ {
		if sorted[i] == sorted[i-1] {
			return i
		}
	}
	return -1
}

// overflowLabel is a mode's name in records, keys and tables: "wrap" or "sat" (lower
// case, as sweeps have always stored it).
func overflowLabel(o fixedpoint.Overflow) string { return strings.ToLower(o.String()) }

// overflowRank orders record labels as the modes are declared (wrap before sat); a label
// that names no mode sorts last.
func overflowRank(label string) int {
	o, err := fixedpoint.ParseOverflow(strings.ToUpper(label))
	if err != nil {
		return math.MaxInt
	}
	return int(o)
}

// Spec is a grid: the swept groups, the overflow modes, and whether to take the
// Cartesian product of the groups (Cross) or sweep each alone with every other register
// at its lossless worst-case width (the default, which per-register recommendations need).
type Spec struct {
	Vary      []Vary                // canonical group order
	Overflows []fixedpoint.Overflow // Wrap, Sat, each at most once, in that order
	Cross     bool
}

// maxPoints bounds a grid, so that a typo cannot start a week-long sweep.
const maxPoints = 100_000

// NewSpec builds a grid of the swept groups (ParseVary) and the overflow modes (the
// datapath's: fixedpoint.Wrap and fixedpoint.Sat), both put in canonical order.
func NewSpec(vary []Vary, overflows []fixedpoint.Overflow, cross bool) (Spec, error) {
	if len(vary) == 0 {
		return Spec{}, fmt.Errorf("nothing to sweep: no register group varies (groups: %s)", strings.Join(Groups(), ", "))
	}
	if len(overflows) == 0 {
		return Spec{}, fmt.Errorf("no overflow mode to sweep")
	}
	s := Spec{Cross: cross, Vary: slices.Clone(vary)}
	for _, o := range overflows {
		if o != fixedpoint.Wrap && o != fixedpoint.Sat {
			return Spec{}, fmt.Errorf("overflow mode %v: the datapath implements %v and %v", o, fixedpoint.Wrap, fixedpoint.Sat)
		}
		if !slices.Contains(s.Overflows, o) {
			s.Overflows = append(s.Overflows, o)
		}
	}
	slices.Sort(s.Overflows)
	slices.SortStableFunc(s.Vary, func(a, b Vary) int { return groupIndex(a.Group.Name) - groupIndex(b.Group.Name) })
	if err := s.check(); err != nil {
		return Spec{}, err
	}
	return s, nil
}

// check rejects a group given twice, registers set by two crossed groups, and huge grids.
func (s Spec) check() error {
	owner := map[datapath.Reg]string{}
	for i, v := range s.Vary {
		if i > 0 && s.Vary[i-1].Group.Name == v.Group.Name {
			return fmt.Errorf("group %s is given twice: list all its widths at once", v.Group.Name)
		}
		for _, r := range v.Group.Regs {
			if o, ok := owner[r]; ok && s.Cross {
				return fmt.Errorf("crossed groups %s and %s both set register %s", o, v.Group.Name, r)
			}
			owner[r] = v.Group.Name
		}
	}
	if n := s.size(); n > maxPoints {
		return fmt.Errorf("the grid has %d points, more than %d; narrow the ranges", n, maxPoints)
	}
	return nil
}

func (s Spec) size() int {
	n := 0
	if s.Cross {
		n = 1
		for _, v := range s.Vary {
			n = min(n*len(v.Widths), maxPoints+1)
		}
	} else {
		for _, v := range s.Vary {
			n += len(v.Widths)
		}
	}
	return n * len(s.Overflows)
}

// Setting is one group's width at a point.
type Setting struct {
	Group string `json:"group"`
	Bits  int    `json:"bits"`
}

// combos lists the settings of every point, per overflow mode, in grid order.
func (s Spec) combos() [][]Setting {
	if !s.Cross {
		var out [][]Setting
		for _, v := range s.Vary {
			for _, w := range v.Widths {
				out = append(out, []Setting{{v.Group.Name, w}})
			}
		}
		return out
	}
	out := [][]Setting{nil}
	for _, v := range s.Vary {
		var next [][]Setting
		for _, prefix := range out {
			for _, w := range v.Widths {
				next = append(next, append(slices.Clone(prefix), Setting{v.Group.Name, w}))
			}
		}
		out = next
	}
	return out
}
