package testvectors

import (
	"fmt"

	"herdsim/datapath"
)

// Set is the content of a vector set: what one reference run of Iterations iterations on
// the Arch's data produced, with every value as the hardware holds it. Write encodes it,
// Read decodes and checks it.
type Set struct {
	Arch       datapath.Arch
	Seed       uint64 // splitmix64 seed of W_0 (docs/spec.md, "Initialisation")
	Iterations int    // T

	X          [][]int8 // the N data vectors, D values of +-1 each
	W0, B0, C0 []int64  // initial weights: W row-major (K*D), b (K), c (D)

	XStar, ZStar           [][]int8 // pseudo-sample of iteration t at index t-1 (D and K values of +-1)
	WFinal, BFinal, CFinal []int64  // weights after iteration T
	Cycles                 []uint64 // clock cycles of iteration t at index t-1
	Overflow               []bool   // the sticky overflow flag after iteration t, at index t-1
	Source                 string   // SourceReference or SourceModel: what produced the expected values
}

// What a vector set's expected values come from: the float64 reference (the Arch is
// bit-exact to it) or the cycle-level datapath model (any Arch, narrow widths included).
const (
	SourceReference = "reference"
	SourceModel     = "model"
)

// signsField and intField tie a logical name to a Set field, for encoding and decoding.
type signsField struct {
	name string
	rows *[][]int8
}

type intField struct {
	name string
	vals *[]int64
}

func (s *Set) signsFields() []signsField {
	return []signsField{{NameX, &s.X}, {NameXStar, &s.XStar}, {NameZStar, &s.ZStar}}
}

func (s *Set) intFields() []intField {
	return []intField{
		{NameW0, &s.W0}, {NameB0, &s.B0}, {NameC0, &s.C0},
		{NameWFinal, &s.WFinal}, {NameBFinal, &s.BFinal}, {NameCFinal, &s.CFinal},
	}
}

// specs indexes the layout by name.
func specs(a datapath.Arch, iterations int) map[string]FileSpec {
	m := map[string]FileSpec{}
	for _, f := range Layout(a, iterations) {
		m[f.Name] = f
	}
	return m
}

// Validate checks that the Set can be written: a valid Arch, at least one iteration,
// every field of the length the layout wants, signs of +-1, and every integer within its
// declared width (two's complement) so that nothing is lost in the files.
func (s *Set) Validate() error {
	if err := s.Arch.Validate(); err != nil {
		return fmt.Errorf("testvectors: %w", err)
	}
	if s.Iterations < 1 {
		return fmt.Errorf("testvectors: iterations = %d, must be at least 1", s.Iterations)
	}
	sp := specs(s.Arch, s.Iterations)
	for _, f := range s.signsFields() {
		if err := checkSigns(sp[f.name], *f.rows); err != nil {
			return err
		}
	}
	for _, f := range s.intFields() {
		if err := checkInts(sp[f.name], *f.vals); err != nil {
			return err
		}
	}
	if s.Source != SourceReference && s.Source != SourceModel {
		return fmt.Errorf("testvectors: source %q: want %q or %q", s.Source, SourceReference, SourceModel)
	}
	if len(s.Overflow) != s.Iterations {
		return fmt.Errorf("testvectors: %s has %d values, want %d", NameOverflow, len(s.Overflow), s.Iterations)
	}
	return checkCycles(sp[NameCycles], s.Cycles)
}

func checkSigns(f FileSpec, rows [][]int8) error {
	if len(rows) != f.Count {
		return fmt.Errorf("testvectors: %s has %d vectors, want %d", f.Name, len(rows), f.Count)
	}
	for r, row := range rows {
		if len(row) != f.Width {
			return fmt.Errorf("testvectors: %s[%d] has %d values, want %d", f.Name, r, len(row), f.Width)
		}
		for j, v := range row {
			if v != 1 && v != -1 {
				return fmt.Errorf("testvectors: %s[%d][%d] = %d, want +1 or -1", f.Name, r, j, v)
			}
		}
	}
	return nil
}

func checkInts(f FileSpec, vals []int64) error {
	if len(vals) != f.Count {
		return fmt.Errorf("testvectors: %s has %d values, want %d", f.Name, len(vals), f.Count)
	}
	for i, v := range vals {
		if !FitsSigned(v, f.Width) {
			return fmt.Errorf("testvectors: %s[%d] = %d does not fit its declared width of %d bits (two's complement)", f.Name, i, v, f.Width)
		}
	}
	return nil
}

func checkCycles(f FileSpec, vals []uint64) error {
	if len(vals) != f.Count {
		return fmt.Errorf("testvectors: %s has %d values, want %d", f.Name, len(vals), f.Count)
	}
	for i, v := range vals {
		if v >= 1<<CycleWidth {
			return fmt.Errorf("testvectors: %s[%d] = %d does not fit %d bits", f.Name, i, v, CycleWidth)
		}
	}
	return nil
}

// words encodes a validated Set, by logical name.
func (s *Set) words() map[string][]Word {
	sp := specs(s.Arch, s.Iterations)
	out := map[string][]Word{}
	for _, f := range s.signsFields() {
		ws := make([]Word, len(*f.rows))
		for r, row := range *f.rows {
			ws[r] = SignsWord(row)
		}
		out[f.name] = ws
	}
	for _, f := range s.intFields() {
		ws := make([]Word, len(*f.vals))
		for i, v := range *f.vals {
			ws[i] = IntWord(v, sp[f.name].Width)
		}
		out[f.name] = ws
	}
	cyc := make([]Word, len(s.Cycles))
	for i, v := range s.Cycles {
		cyc[i] = Word{v}
	}
	out[NameCycles] = cyc
	ovf := make([]Word, len(s.Overflow))
	for i, v := range s.Overflow {
		if v {
			ovf[i] = Word{1}
		} else {
			ovf[i] = Word{0}
		}
	}
	out[NameOverflow] = ovf
	return out
}

// fromWords decodes words checked against the layout (counts and widths).
func (s *Set) fromWords(ws map[string][]Word) {
	sp := specs(s.Arch, s.Iterations)
	for _, f := range s.signsFields() {
		rows := make([][]int8, len(ws[f.name]))
		for r, w := range ws[f.name] {
			rows[r] = w.Signs(sp[f.name].Width)
		}
		*f.rows = rows
	}
	for _, f := range s.intFields() {
		vals := make([]int64, len(ws[f.name]))
		for i, w := range ws[f.name] {
			vals[i] = w.Int(sp[f.name].Width)
		}
		*f.vals = vals
	}
	s.Cycles = make([]uint64, len(ws[NameCycles]))
	for i, w := range ws[NameCycles] {
		s.Cycles[i] = w.Uint()
	}
	s.Overflow = make([]bool, len(ws[NameOverflow]))
	for i, w := range ws[NameOverflow] {
		s.Overflow[i] = w.Uint() == 1
	}
}
