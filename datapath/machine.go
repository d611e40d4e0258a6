package datapath

import (
	"fmt"

	"herdsim/dataset"
	"herdsim/herding"
)

// phase is the state of the datapath's phase machine (see doc.go for the cycle budget).
type phase int

const (
	phLoadX     phase = iota // positive phase: read data row n into the x register
	phPosField               // D cycles per group: field accumulate; c.x and sum x in group 0; P += for vector n-1
	phPosFinish              // 1 cycle per group: h = acc + b, z = sign h, energy += |h|
	phPosEnd                 // 1 cycle per vector: SH keeps the largest F (lowest energy)
	phDrain                  // G*D cycles: P += for the last vector
	phStart                  // 1 cycle: load the search's starting point
	phZField                 // D cycles per group: field accumulate on x*
	phZFinish                // 1 cycle per group: z* = sign(acc + b)
	phXAcc                   // G cycles per visible unit: vis_field += sum over lanes of +-W
	phXFinish                // 1 cycle per visible unit: x*_j = sign(vis_field + c_j)
	phSweepEnd               // 1 cycle: another sweep, or the update
	phUpdate                 // G*D cycles: W += P - N z* x*^T; c, b in the same pass
	phDone                   // 1 cycle: the iteration's pseudo-sample is ready
	numPhases
)

// Phase describes one state of the phase machine for the Verilog generator, which numbers
// its states from Phases so that the order is written only here.
type Phase struct {
	Name    string // upper-case identifier, e.g. "LOAD_X"
	Model   string // the Go constant, e.g. "phLoadX"
	Comment string
}

var phaseTable = [numPhases]Phase{
	phLoadX:     {"LOAD_X", "phLoadX", "positive phase: start data vector n"},
	phPosField:  {"POS_FIELD", "phPosField", "D cycles per group: field accumulate; c.x and sum x in group 0; P += for vector n-1"},
	phPosFinish: {"POS_FINISH", "phPosFinish", "1 cycle per group: h = acc + b, z = sign h, energy += |h|"},
	phPosEnd:    {"POS_END", "phPosEnd", "1 cycle per vector: SH keeps the largest F"},
	phDrain:     {"DRAIN", "phDrain", "G D cycles: P += for the last vector"},
	phStart:     {"START", "phStart", "1 cycle: load the search's starting point"},
	phZField:    {"Z_FIELD", "phZField", "D cycles per group: field accumulate on x*"},
	phZFinish:   {"Z_FINISH", "phZFinish", "1 cycle per group: z* = sign(acc + b)"},
	phXAcc:      {"X_ACC", "phXAcc", "G cycles per visible unit: vis_field += adder tree over the lanes"},
	phXFinish:   {"X_FINISH", "phXFinish", "1 cycle per visible unit: x*_j = sign(vis_field + c_j)"},
	phSweepEnd:  {"SWEEP_END", "phSweepEnd", "1 cycle: another sweep, or the update"},
	phUpdate:    {"UPDATE", "phUpdate", "G D cycles: W += P - N z* x*^T; c, b in the same pass"},
	phDone:      {"DONE", "phDone", "1 cycle: the iteration's pseudo-sample is ready"},
}

// Phases lists the phase machine's states in their numbering order.
func Phases() []Phase { return append([]Phase(nil), phaseTable[:]...) }

// Overflow is one value that did not fit its register.
type Overflow struct {
	Iteration int    `json:"iteration"`
	Cycle     uint64 `json:"cycle"` // cycle within the iteration, from 0
	Register  string `json:"register"`
	Index     int    `json:"index"` // element of a register file: i*D+j for W, i for b, j for c, lane for accumulators
	Value     int64  `json:"value"` // exact value presented
	Stored    int64  `json:"stored"`
}

// maxOverflowEvents bounds the overflow list a Machine keeps; counts are always complete.
const maxOverflowEvents = 1000

// Result is one finished iteration.
type Result struct {
	Iteration int
	X, Z      []int8   // the pseudo-sample s*_t
	Hidden    [][]int8 // z_n of the positive phase, N x K
	Energies  []int64  // F(x_n) as the energy register held it after vector n's positive pass
	// Start is the data vector the negative search started from (SH: the one the
	// best-energy register kept; H: vector 0 at t = 1), -1 when it started from the
	// previous pseudo-sample: herding.Iteration.Start's convention.
	Start  int
	Sweeps int
	Cycles uint64
	// Overflowed is the hardware's sticky overflow flag at the end of the iteration: some
	// register wrapped or saturated since the load.
	Overflowed bool
}

// Machine is the cycle-level model: explicit memories and registers and the phase machine,
// advanced one clock per Tick.
type Machine struct {
	regState
	arch Arch

	// memories
	x     [][]uint64 // data rows, bit j set when x_nj = +1
	w     [][]int64  // L banks of G*D words; word g*D+j of bank l is W[g*L+l][j]
	p     [][]int64  // L banks like w: P[i][j] = sum_n z_ni x_nj, accumulating
	b, pb [][]int64  // L banks of G words: b, and sum_n z_n
	c, sx []int64    // D words: c, and sum_n x_n

	// registers
	acc          []int64 // per-lane field accumulators
	energy, best int64
	visAcc       int64
	zcur, zprev  []bool // z of the vector being computed and of the previous one (K bits)
	bestZ        []bool
	bestN        int
	xs, zs       []bool // the pseudo-sample registers (D and K bits)
	changed      bool

	// phase machine (lane_schedule.go)
	ph        phase
	ctr       [numLaneCounters]int
	cyc       int // cycle within the phase's visit
	sizes     LaneSizes
	iteration int
	cycle     uint64 // within the iteration
	hidden    [][]int8
	energies  []int64 // the energy register at the end of each vector's positive pass
	done      *Result
}

// New loads the machine with data and the initial parameters (scaled form, integers):
// w0 is K x D row-major, b0 has K entries and c0 D. Every initial value goes through its
// register, so a too-narrow format shows up as an overflow at iteration 0.
func New(arch Arch, data *dataset.Binary, w0, b0, c0 []int64) (*Machine, error) {
	if err := checkLoad(arch, data, w0, b0, c0); err != nil {
		return nil, err
	}
	m := &Machine{regState: newRegState(arch), arch: arch, sizes: arch.laneSizes()}
	m.allocate()
	m.load(data, w0, b0, c0)
	m.iteration = 1
	return m, nil
}

func (m *Machine) allocate() {
	a, L := m.arch, m.arch.Lanes
	G := m.sizes.G
	m.w, m.p = banks(L, G*a.D), banks(L, G*a.D)
	m.b, m.pb = banks(L, G), banks(L, G)
	m.c, m.sx = make([]int64, a.D), make([]int64, a.D)
	m.acc = make([]int64, L)
	m.zcur, m.zprev, m.bestZ = make([]bool, a.K), make([]bool, a.K), make([]bool, a.K)
	m.xs, m.zs = make([]bool, a.D), make([]bool, a.K)
	m.hidden, m.energies = make([][]int8, a.N), make([]int64, a.N)
	for n := range m.hidden {
		m.hidden[n] = make([]int8, a.K)
	}
}

func banks(l, words int) [][]int64 {
	out := make([][]int64, l)
	for i := range out {
		out[i] = make([]int64, words)
	}
	return out
}

func (m *Machine) load(data *dataset.Binary, w0, b0, c0 []int64) {
	a := m.arch
	for _, row := range data.Rows {
		bitsRow := make([]uint64, (a.D+63)/64)
		for j, v := range row {
			if v > 0 {
				bitsRow[j/64] |= 1 << uint(j%64)
			}
		}
		m.x = append(m.x, bitsRow)
	}
	for i := 0; i < a.K; i++ {
		l, g := i%a.Lanes, i/a.Lanes
		for j := 0; j < a.D; j++ {
			m.w[l][g*a.D+j] = m.put(RegW, i*a.D+j, w0[i*a.D+j])
		}
		m.b[l][g] = m.put(RegB, i, b0[i])
	}
	for j := range m.c {
		m.c[j] = m.put(RegC, j, c0[j])
	}
}

// checkLoad rejects an Arch that cannot be built, or data and initial parameters of other
// sizes than it (New and NewFunctional).
func checkLoad(arch Arch, data *dataset.Binary, w0, b0, c0 []int64) error {
	if err := arch.Validate(); err != nil {
		return err
	}
	if data.N() != arch.N || data.D != arch.D {
		return fmt.Errorf("datapath: data are %d x %d, the Arch is built for N=%d, D=%d", data.N(), data.D, arch.N, arch.D)
	}
	if len(w0) != arch.K*arch.D || len(b0) != arch.K || len(c0) != arch.D {
		return fmt.Errorf("datapath: initial parameters have %d, %d, %d entries, want K*D=%d, K=%d, D=%d", len(w0), len(b0), len(c0), arch.K*arch.D, arch.K, arch.D)
	}
	return nil
}

// put writes v through register r (element idx) and logs an overflow.
func (m *Machine) put(r Reg, idx int, v int64) int64 {
	return m.regState.put(r, idx, v, m.iteration, m.cycle)
}

func (m *Machine) xbit(n, j int) bool { return m.x[n][j/64]>>uint(j%64)&1 == 1 }

// pm1 is +1 for true, -1 for false: the +-1 value of a bit.
func pm1(b bool) int64 {
	if b {
		return 1
	}
	return -1
}

// Arch returns the machine's Arch.
func (m *Machine) Arch() Arch { return m.arch }

// Weights returns W (K x D row-major), b and c as the memories hold them now.
func (m *Machine) Weights() (w, b, c []int64) {
	a := m.arch
	w, b = make([]int64, a.K*a.D), make([]int64, a.K)
	for i := 0; i < a.K; i++ {
		l, g := i%a.Lanes, i/a.Lanes
		copy(w[i*a.D:(i+1)*a.D], m.w[l][g*a.D:(g+1)*a.D])
		b[i] = m.b[l][g]
	}
	return w, b, append([]int64(nil), m.c...)
}

// newResult is a finished iteration as both models report it: the pseudo-sample registers
// as +-1 values and a copy of the positive phase's hidden states.
func newResult(iteration int, xs, zs []bool, hidden [][]int8, start, sweeps int, cycles uint64, overflowed bool) *Result {
	r := &Result{Iteration: iteration, X: make([]int8, len(xs)), Z: make([]int8, len(zs)), Start: start, Sweeps: sweeps, Cycles: cycles, Overflowed: overflowed}
	for j, v := range xs {
		r.X[j] = int8(pm1(v))
	}
	for i, v := range zs {
		r.Z[i] = int8(pm1(v))
	}
	r.Hidden = make([][]int8, len(hidden))
	for n := range hidden {
		r.Hidden[n] = append([]int8(nil), hidden[n]...)
	}
	return r
}

// searchStart is the data vector the lane models' search started from in iteration t
// (bestN holds it: SH's best, H's vector 0 at t = 1), -1 when it started from the previous
// pseudo-sample (H, t > 1).
func searchStart(mode herding.Mode, t, bestN int) int {
	if mode == modeSH || t == 1 {
		return bestN
	}
	return -1
}
