package sweep

import (
	"fmt"
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

// Groups lists the group names --vary accepts, in canonical order.
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
// "6:16" or a range with a step "10:22:2" (or a mix: "6:10,12,16").
func ParseVary(s string) (Vary, error) {
	name, spec, ok := strings.Cut(s, "=")
	if !ok || name == "" || spec == "" {
		return Vary{}, fmt.Errorf("--vary %q: want GROUP=WIDTHS, e.g. weight-bits=6:16 or acc-bits=8,12,16", s)
	}
	g, err := lookupGroup(name)
	if err != nil {
		return Vary{}, fmt.Errorf("--vary %q: %w", s, err)
	}
	widths, err := ParseWidths(spec)
	if err != nil {
		return Vary{}, fmt.Errorf("--vary %q: %w", s, err)
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

// overflowModes are the modes a sweep may use, in canonical order, by flag name.
var overflowModes = []struct {
	name string
	mode fixedpoint.Overflow
}{{"wrap", fixedpoint.Wrap}, {"sat", fixedpoint.Sat}}

func overflowIndex(name string) int {
	for i, o := range overflowModes {
		if o.name == name {
			return i
		}
	}
	return len(overflowModes)
}

// ParseOverflows reads a comma-separated list of wrap and sat.
func ParseOverflows(s string) ([]string, error) {
	seen := map[string]bool{}
	for _, part := range strings.Split(s, ",") {
		name := strings.ToLower(strings.TrimSpace(part))
		if overflowIndex(name) == len(overflowModes) {
			return nil, fmt.Errorf("--overflow %q: mode %q, want wrap, sat or wrap,sat", s, part)
		}
		seen[name] = true
	}
	var out []string
	for _, o := range overflowModes {
		if seen[o.name] {
			out = append(out, o.name)
		}
	}
	return out, nil
}

// Spec is a grid: the swept groups, the overflow modes, and whether to take the
// Cartesian product of the groups (Cross) or sweep each alone with every other register
// at its lossless worst-case width (the default, which per-register recommendations need).
type Spec struct {
	Vary      []Vary   // canonical group order
	Overflows []string // "wrap", "sat", canonical order
	Cross     bool
}

// maxPoints bounds a grid, so that a typo cannot start a week-long sweep.
const maxPoints = 100_000

// NewSpec parses the --vary flags and the --overflow list.
func NewSpec(vary []string, overflow string, cross bool) (Spec, error) {
	if len(vary) == 0 {
		return Spec{}, fmt.Errorf("nothing to sweep: give at least one --vary GROUP=WIDTHS (groups: %s)", strings.Join(Groups(), ", "))
	}
	s := Spec{Cross: cross}
	var err error
	if s.Overflows, err = ParseOverflows(overflow); err != nil {
		return Spec{}, err
	}
	for _, text := range vary {
		v, err := ParseVary(text)
		if err != nil {
			return Spec{}, err
		}
		s.Vary = append(s.Vary, v)
	}
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
			return fmt.Errorf("--vary: group %s is given twice; list all its widths in one flag", v.Group.Name)
		}
		for _, r := range v.Group.Regs {
			if o, ok := owner[r]; ok && s.Cross {
				return fmt.Errorf("--cross: groups %s and %s both set register %s", o, v.Group.Name, r)
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
