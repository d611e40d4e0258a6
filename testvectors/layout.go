package testvectors

import (
	"herdsim/datapath"
)

// The logical names of the files of a vector set (format version 2), in the order
// Layout lists them.
const (
	NameX      = "x"       // the data: N words of D bits, bit j set when x_j = +1
	NameW0     = "w0"      // initial W: K*D words, row-major, two's complement at the W width
	NameB0     = "b0"      // initial b: K words at the b width
	NameC0     = "c0"      // initial c: D words at the c width
	NameXStar  = "x_star"  // x*_t: one word of D bits per iteration
	NameZStar  = "z_star"  // z*_t: one word of K bits per iteration, bit i set when z_i = +1
	NameWFinal = "w_final" // W after the last iteration, like w0
	NameBFinal = "b_final" // b after the last iteration, like b0
	NameCFinal = "c_final" // c after the last iteration, like c0
	NameCycles = "cycles"  // clock cycles of each iteration, 32-bit words
	// NameOverflow is the core's sticky overflow flag at the end of each iteration: 1 when
	// some register has wrapped or saturated in iterations 1..t (format version 2).
	NameOverflow = "overflow"
)

// CycleWidth is the width of a cycles word.
const CycleWidth = 32

// FileSpec is what a logical file must hold: count words of width bits.
type FileSpec struct {
	Name  string
	Width int
	Count int
}

// Path is the file name Write gives a logical file, relative to the set's directory.
func (f FileSpec) Path() string { return f.Name + ".hex" }

// Layout lists the files of a vector set for an Arch and a number of iterations: every
// logical name with its width and count. Readers (this package, testbenches) and the
// writer take widths and counts from here and nowhere else.
func Layout(a datapath.Arch, iterations int) []FileSpec {
	k, d, n, t := a.K, a.D, a.N, iterations
	w, b, c := a.Spec(datapath.RegW).Format.Word, a.Spec(datapath.RegB).Format.Word, a.Spec(datapath.RegC).Format.Word
	return []FileSpec{
		{NameX, d, n},
		{NameW0, w, k * d},
		{NameB0, b, k},
		{NameC0, c, d},
		{NameXStar, d, t},
		{NameZStar, k, t},
		{NameWFinal, w, k * d},
		{NameBFinal, b, k},
		{NameCFinal, c, d},
		{NameCycles, CycleWidth, t},
		{NameOverflow, 1, t},
	}
}
