package datapath

import (
	"fmt"
	"math/bits"

	"herdsim/fixedpoint"
	"herdsim/herding"
)

// Reg names a register (or register file) of the datapath. Each has one format and one
// overflow mode in an Arch; the model applies them on every write and logs the values.
type Reg int

// The registers, in the order reports list them.
const (
	RegW          Reg = iota // weight memory W (K x D, PW weights a word)
	RegB                     // hidden biases b
	RegC                     // visible biases c
	RegField                 // hidden-field accumulators: W x + b (the tile's array, the search's PW, the start values)
	RegVisField              // visible-field accumulator: W^T z + c
	RegEnergy                // energy accumulator F(x_n) = c.x_n + sum_i |h_n,i|
	RegBestEnergy            // SH: the largest F so far (lowest energy e = -F)
	RegPositive              // positive-statistics accumulators P = sum_n z_n x_n^T, sum_n x_n, sum_n z_n
	RegUpdate                // update adder: W + P - N z* x*^T (and the same for b, c) before the cast to W, b or c
	numRegs
)

var regNames = [numRegs]string{"W", "b", "c", "field", "vis_field", "energy", "best_energy", "positive", "update"}

// String returns the register's report name.
func (r Reg) String() string {
	if r < 0 || r >= numRegs {
		return fmt.Sprintf("Reg(%d)", int(r))
	}
	return regNames[r]
}

// Regs lists every register.
func Regs() []Reg {
	out := make([]Reg, numRegs)
	for i := range out {
		out[i] = Reg(i)
	}
	return out
}

// ParseReg reads a register's report name.
func ParseReg(s string) (Reg, error) {
	for i, n := range regNames {
		if n == s {
			return Reg(i), nil
		}
	}
	return 0, fmt.Errorf("datapath: unknown register %q (want one of %v)", s, regNames)
}

// RegSpec is a register's format and what happens when a value does not fit.
type RegSpec struct {
	Format   fixedpoint.Format
	Overflow fixedpoint.Overflow // Wrap or Sat
}

// MaxWord is the widest register the model supports: values and their sums stay in int64.
const MaxWord = 62

// Arch is the one description of the hardware: the Go model and the Verilog generator both
// read it, and nothing restates a width, size or phase order elsewhere.
type Arch struct {
	K, D, N int // hidden units, visible units, data vectors
	Tile    int // T: hidden units per tile, computed side by side (tile.go)
	// WLanes is the W memories of 16 bits a W word spans side by side, 0 the UP5K's three
	// (Lanes): a W word holds PW = min(lanes, 16 lanes / W bits) weights, which the search,
	// the prefetch and the write-back each take in a cycle.
	WLanes         int
	Sweeps         int          // S: the most coordinate-ascent sweeps per iteration
	Mode           herding.Mode // H or SH
	GrowHiddenBias bool
	Regs           [numRegs]RegSpec
	// SkipBusy (mode H) selects the word-skip datapath: its passes read only the X words
	// that hold a +1 (wordskip.go). It is the busy words of each batch in the layout of the
	// data the design runs (NewSkipLayout; UseSkip sets it), which the passes' lengths
	// follow; nil reads every word.
	SkipBusy []int
}

// Skip reports whether the Arch is the word-skip datapath.
func (a *Arch) Skip() bool { return a.SkipBusy != nil }

// UseSkip makes a the word-skip datapath for data laid out as l.
func (a *Arch) UseSkip(l SkipLayout) {
	a.SkipBusy = make([]int, len(l.Busy))
	for b, js := range l.Busy {
		a.SkipBusy[b] = len(js)
	}
}

// Groups is G = ceil(K/PW): the W words that hold a column of W.
func (a *Arch) Groups() int { return a.Sizes().G }

// Spec returns the spec of register r.
func (a *Arch) Spec(r Reg) RegSpec { return a.Regs[r] }

// Validate rejects Archs that cannot be built or cannot run herding at all: what
// ValidateArithmetic checks, and that the data, the weights and an iteration's cycle count
// fit where the hardware keeps them (the iCE40 UP5K's memories, the output record).
func (a *Arch) Validate() error {
	if err := a.ValidateArithmetic(); err != nil {
		return err
	}
	return a.validateStorage()
}

// ValidateArithmetic rejects Archs whose arithmetic is not defined: sizes, registers, the
// tile and its words. It is Validate without the limits of the hardware's storage, which
// the functional model (Functional) does not need: it runs the datapath's arithmetic at
// sizes the UP5K cannot hold (the paper's K = 1000) and with SH's c wider than W.
func (a *Arch) ValidateArithmetic() error {
	for _, s := range []struct {
		name string
		v    int
	}{{"hidden units K", a.K}, {"visible units D", a.D}, {"data vectors N", a.N}, {"sweeps S", a.Sweeps}} {
		if s.v <= 0 {
			return fmt.Errorf("datapath: %s = %d, must be positive", s.name, s.v)
		}
	}
	if a.Tile <= 0 {
		return fmt.Errorf("datapath: tile T = %d, must be positive: the datapath computes the hidden units in tiles of T", a.Tile)
	}
	if a.Mode != herding.ModeH && a.Mode != herding.ModeSH {
		return fmt.Errorf("datapath: unknown mode %d", int(a.Mode))
	}
	for r, s := range a.Regs {
		if err := validateSpec(Reg(r), s); err != nil {
			return err
		}
	}
	n := int64(a.N)
	if !fits(a.Regs[RegPositive], n) {
		return fmt.Errorf("datapath: positive register %v cannot hold N = %d (the sum over the data of a +-1 feature)", a.Regs[RegPositive].Format, a.N)
	}
	if !fits(a.Regs[RegW], n) {
		return fmt.Errorf("datapath: weight register %v cannot hold the initial weights in [-N, N] = [-%d, %d]", a.Regs[RegW].Format, a.N, a.N)
	}
	return a.validateTile()
}

func validateSpec(r Reg, s RegSpec) error {
	f := s.Format
	if err := f.Validate(); err != nil {
		return fmt.Errorf("datapath: register %s: %w", r, err)
	}
	if !f.Signed || f.Frac != 0 {
		return fmt.Errorf("datapath: register %s has format %v; the datapath holds signed integers (sN.0): every herding value is an integer in the scaled form", r, f)
	}
	if f.Word < 2 || f.Word > MaxWord {
		return fmt.Errorf("datapath: register %s is %d bits wide; the model supports 2..%d", r, f.Word, MaxWord)
	}
	if s.Overflow != fixedpoint.Wrap && s.Overflow != fixedpoint.Sat {
		return fmt.Errorf("datapath: register %s has overflow mode %v; the datapath implements WRAP and SAT", r, s.Overflow)
	}
	return nil
}

// fits reports whether [-m, m] lies in the register's range.
func fits(s RegSpec, m int64) bool {
	return m <= maxCode(s.Format.Word) && -m >= minCode(s.Format.Word)
}

func maxCode(word int) int64 { return 1<<(word-1) - 1 }
func minCode(word int) int64 { return -(1 << (word - 1)) }

// SignedBits is the narrowest signed width holding every integer in [-m, m].
func SignedBits(m uint64) int { return bits.Len64(m) + 1 }

// Bounds are the largest magnitudes each register can see in a run of T iterations, from
// the update rule alone: |W_0| <= N and each update moves a weight by at most 2N.
type Bounds [numRegs]uint64

// WorstCase returns the bounds for an Arch's sizes over T iterations:
//
//	W <= N + 2N T;  c <= 2N T;  b <= 2N T with hidden-bias growth, else 0
//	field <= D W + b;  vis_field <= K W + c;  energy <= K field + D c
//	positive <= N;  update <= W + 2N
func WorstCase(k, d, n, iterations int, grow bool) Bounds {
	var b Bounds
	N, T := uint64(n), uint64(iterations)
	b[RegW] = N + 2*N*T
	b[RegC] = 2 * N * T
	if grow {
		b[RegB] = 2 * N * T
	}
	b[RegField] = uint64(d)*b[RegW] + b[RegB]
	b[RegVisField] = uint64(k)*b[RegW] + b[RegC]
	b[RegEnergy] = uint64(k)*b[RegField] + uint64(d)*b[RegC]
	b[RegBestEnergy] = b[RegEnergy]
	b[RegPositive] = N
	b[RegUpdate] = max(b[RegW], b[RegB], b[RegC]) + 2*N
	return b
}

// DefaultArch returns an Arch whose every register holds every value a run of T
// iterations can produce (WorstCase), with wrap-around overflow (never reached), so it
// reproduces the reference bit for bit, and a tile of tile rows (0: DefaultTile for its
// K, W width and mode). Widths are capped at MaxWord.
func DefaultArch(k, d, n, tile, sweeps, iterations int, mode herding.Mode, grow bool) Arch {
	a := Arch{K: k, D: d, N: n, Sweeps: sweeps, Mode: mode, GrowHiddenBias: grow}
	for r, m := range WorstCase(k, d, n, iterations, grow) {
		a.Regs[r] = RegSpec{Format: fixedpoint.Format{Signed: true, Word: min(max(SignedBits(m), 2), MaxWord)}, Overflow: fixedpoint.Wrap}
	}
	a.UseTile(tile)
	return a
}

const modeSH = herding.ModeSH
