package datapath

import (
	"fmt"

	"herdsim/dataset"
)

// TileMachine is the cycle-level model of the tiled datapath: its memories (X and W in the
// SPRAM layout of tile_memmap.go, the tile buffer, b, c, sum x, P, the energies) and
// registers, advanced one clock per Tick through the schedule table (tile_schedule.go).
// Each phase's arithmetic is in tile_phases.go; every value goes through its register's
// format and overflow mode, in the order the hardware adds.
type TileMachine struct {
	regState
	arch Arch
	s    TileSizes

	// memories
	xmem  []uint16  // X SPRAM
	wmem  []uint16  // W memories: word a lane q at a L + q (TileSizes.WordLanes)
	b, c  []int64   // b (K words) and c (D words)
	sx    []int64   // sum_n x_nj, computed while loading
	tile  [][]int64 // tile buffer: word j holds the tile's T rows
	start []int64   // s_r = b_r - sum_j W_rj of the tile's rows
	p     [][]int64 // P of the tile's rows: T x D
	zsum  []int64   // sum_n z_n of the tile's rows (hidden-bias growth)
	e     []int64   // SH: the energy F(x_n) of every data vector

	// registers
	acc      [][BatchWidth]int64 // the accumulator array: T rows x 16 columns
	zcap     []uint16            // z bits of the batch last captured, per tile row
	best     int64               // SH: the best-energy register
	bestN    int
	xs, zs   []bool // the pseudo-sample registers
	fromData bool   // the search started at a data vector: its first z half is not a change
	startN   int    // that data vector, -1 when the search started at the previous pseudo-sample
	changed  bool

	// phase machine
	ph        TPhase
	cyc       int
	ctr       [numCounters]int
	iteration int
	cycle     uint64 // within the iteration

	hidden [][]int8

	// word skip: the layout of the data (nil: every word is read) and each batch's first
	// X word
	layout *SkipLayout
	xbase  []int
}

// NewTile loads the tiled datapath with data and the initial parameters (scaled form,
// integers: w0 K x D row-major, b0 K, c0 D), every value through its register as the load
// stream stores it (a too-narrow format shows as an overflow at iteration 0).
func NewTile(arch Arch, data *dataset.Binary, w0, b0, c0 []int64) (*TileMachine, error) {
	if err := arch.Validate(); err != nil {
		return nil, err
	}
	if err := checkLoad(arch, data, w0, b0, c0); err != nil {
		return nil, err
	}
	m := &TileMachine{regState: newRegState(arch), arch: arch, s: arch.Sizes()}
	if arch.Skip() {
		l := NewSkipLayout(data.Rows)
		if !l.Matches(&arch) {
			return nil, fmt.Errorf("datapath: the Arch's word-skip layout (skip_busy) was made for other data than these %d vectors", len(data.Rows))
		}
		m.layout = &l
		m.xbase = make([]int, len(l.Busy))
		for b := 1; b < len(l.Busy); b++ {
			m.xbase[b] = m.xbase[b-1] + len(l.Busy[b-1])
		}
	}
	w, b, c := m.stored(RegW, w0), m.stored(RegB, b0), m.stored(RegC, c0)
	m.load(arch.buildImages(data, m.layout, w, b, c))
	m.iteration = 1
	m.ph = FirstPhase(m.s.SH)
	return m, nil
}

// stored passes initial values through register r.
func (m *TileMachine) stored(r Reg, vals []int64) []int64 {
	out := make([]int64, len(vals))
	for i, v := range vals {
		out[i] = m.put(r, i, v)
	}
	return out
}

// load fills the memories from their images, as the load stream does, and computes sum x.
func (m *TileMachine) load(img TileImages) {
	s := m.s
	m.xmem, m.wmem = img.X, img.W
	m.b, m.c = img.B, img.C
	m.sx = make([]int64, s.D)
	if m.layout != nil {
		m.loadSkipSumX()
	} else {
		for b := 0; b < s.NB; b++ {
			for j := 0; j < s.D; j++ {
				m.sx[j] = m.put(RegPositive, j, m.sx[j]+s.sumTerm(m.xmem[s.XWord(b, j)], b))
			}
		}
	}
	m.tile = make([][]int64, s.D)
	for j := range m.tile {
		m.tile[j] = make([]int64, s.T)
	}
	m.start, m.zsum, m.zcap = make([]int64, s.T), make([]int64, s.T), make([]uint16, s.T)
	m.p = make([][]int64, s.T)
	for r := range m.p {
		m.p[r] = make([]int64, s.D)
	}
	m.acc = make([][BatchWidth]int64, s.T)
	m.e = make([]int64, s.N)
	m.xs, m.zs = make([]bool, s.D), make([]bool, s.K)
	m.hidden = make([][]int8, s.N)
	for n := range m.hidden {
		m.hidden[n] = make([]int8, s.K)
	}
}

// put writes v through register r (element idx) and logs an overflow.
func (m *TileMachine) put(r Reg, idx int, v int64) int64 {
	return m.regState.put(r, idx, v, m.iteration, m.cycle)
}

// Tick advances the machine by one clock and returns the finished iteration on the cycle
// that completes one (the DONE cycle), else nil.
func (m *TileMachine) Tick() *Result {
	spec := &scheduleTable[m.ph]
	var done *Result
	m.act()
	if m.ph == TDone {
		done = m.result()
	}
	m.cycle++
	if m.cyc+1 < m.s.Length(m.ph, m.ctr[:]) {
		m.cyc++
		return nil
	}
	m.cyc = 0
	m.ph = next(*spec, m.ctr[:], m.cond)
	if done != nil {
		m.cycle = 0
		m.iteration++
	}
	return done
}

// RunIteration ticks until an iteration finishes and returns it.
func (m *TileMachine) RunIteration() *Result {
	for {
		if r := m.Tick(); r != nil {
			return r
		}
	}
}

// cond evaluates a schedule condition on the machine's state (condTable has its Verilog).
func (m *TileMachine) cond(c Cond) bool {
	switch c {
	case LastBatch:
		return m.ctr[CtrBatch] == m.s.NB-1
	case LastTile:
		return m.ctr[CtrTile] == m.s.NT-1
	case LastETile:
		return m.ctr[CtrTile] == m.s.NTE-1
	case MoreSweeps:
		return m.changed && m.ctr[CtrSweep] != m.arch.Sweeps-1
	case ModeSH:
		return m.s.SH
	}
	return true
}

func (m *TileMachine) result() *Result {
	r := newResult(m.iteration, m.xs, m.zs, m.hidden, m.startN, m.ctr[CtrSweep]+1, m.cycle+1, m.overflowSeen > 0)
	if m.s.SH {
		r.Energies = append([]int64(nil), m.e...)
	}
	return r
}

// Arch returns the machine's Arch.
func (m *TileMachine) Arch() Arch { return m.arch }

// Weights returns W (K x D row-major), b and c as the memories hold them now.
func (m *TileMachine) Weights() (w, b, c []int64) { return m.arch.WeightsOf(m.Images()) }

// Images returns the memories' current contents in the load stream's layout.
func (m *TileMachine) Images() TileImages {
	return TileImages{X: append([]uint16(nil), m.xmem...), W: append([]uint16(nil), m.wmem...),
		B: append([]int64(nil), m.b...), C: append([]int64(nil), m.c...)}
}
