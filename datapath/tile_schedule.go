package datapath

import "fmt"

// The tiled datapath's schedule: its phases, how many cycles each visit takes, and where the
// phase machine goes at a phase's last cycle. This table is the one description of the
// order of work: TileMachine steps through it cycle by cycle, TileCycles walks it to count
// an iteration's cycles, and rtlgen renders it into the Verilog phase machine (states,
// lengths, transitions and counter steps).

// TPhase is a state of the tiled datapath's phase machine.
type TPhase int

// The phases, in the order the Verilog numbers them.
const (
	TEPrefetch TPhase = iota // SH: the tile's W rows (and the c row) into the tile buffer; start values
	TEPass                   // SH: fields of batch b, then read out of the array into the energies
	TEDrain                  // SH: the energy pipeline's last values (the last tile keeps the best)
	TGather                  // the search starts at a data vector: gather its bits from X
	TStart                   // the search starts at the previous pseudo-sample
	TSweep                   // one coordinate-ascent sweep: z half and x half, fused
	TSweepEnd                // another sweep, or the positive pass
	TPrefetch                // the tile's W rows into the tile buffer; start values b - sum_j W
	TPass                    // fields of batch b; positive statistics of batch b-1
	TWriteback               // W += P - N z* x*^T for the tile's rows (and b with growth)
	TCUpdate                 // c += sum x - N x*
	TDone                    // the iteration's pseudo-sample is ready
	numTPhases
)

// Counter is a loop counter of the phase machine.
type Counter int

// The counters.
const (
	CtrTile  Counter = iota // tile k of the current pass
	CtrBatch                // batch b of the current tile
	CtrSweep                // sweeps started in this iteration
	numCounters
)

var counterNames = [numCounters]string{"tile", "batch", "sweep"}

func (c Counter) String() string { return counterNames[c] }

// Counters lists the counters in their order; String is each one's register name in the
// Verilog.
func Counters() []Counter { return enumerate[Counter](int(numCounters)) }

// Cond is a condition the phase machine branches on.
type Cond int

// The conditions.
const (
	Always     Cond = iota
	LastBatch       // batch = NB - 1
	LastTile        // tile = NT - 1
	LastETile       // tile = NTE - 1
	MoreSweeps      // something changed in this sweep and sweep < S
	ModeSH          // the Arch's mode is SH
	numConds
)

// CondSpec is a condition's name and its Verilog expression (over the core's registers
// and localparams); the Go model evaluates it in TileMachine.cond.
type CondSpec struct {
	Name, Verilog string
}

var condTable = [numConds]CondSpec{
	Always:     {"always", "1'b1"},
	LastBatch:  {"last_batch", "batch == NB_LAST"},
	LastTile:   {"last_tile", "tile == NT_LAST"},
	LastETile:  {"last_etile", "tile == NTE_LAST"},
	MoreSweeps: {"more_sweeps", "changed && sweep != S_LAST"},
	ModeSH:     {"mode_sh", "MODE_SH != 0"},
}

// Conds lists the conditions.
func Conds() []CondSpec { return append([]CondSpec(nil), condTable[:]...) }

// Edge is one way out of a tiled phase (Always last).
type tEdge = Edge[TPhase, Counter, Cond]

// PhaseSpec is one phase of the tiled schedule.
type PhaseSpec = PhaseOf[TPhase, Counter, Cond, TileSizes]

// Pipeline latencies the Verilog is built to: the cycles a phase runs after its last
// memory read so that its last write lands before the next phase reads.
const (
	LatPrefetch  = 2 // the W word lands, then is registered before the start value's add
	LatGather    = 4
	LatSweep     = 8
	LatWriteback = 8
	LatEnergy    = 8
	LatCUpdate   = 4
)

var scheduleTable = [numTPhases]PhaseSpec{
	TEPrefetch: {"E_PREFETCH", "(T/PW) D + 2", func(s TileSizes) int { return s.GT*s.D + LatPrefetch },
		"SH: word (g, j) of each of the tile's groups into the tile buffer (the c row from the c memory); s_r = b_r - sum_j W_rj",
		[]tEdge{{When: Always, To: TEPass, Clear: []Counter{CtrBatch}}}},
	TEPass: {"E_PASS", "D + 1 + 16 T", func(s TileSizes) int { return s.PE },
		"SH: clear, start, D adds of batch b; the readout walks its 16 T fields (from the last add's cycle, the array still) into the energies",
		[]tEdge{{When: LastBatch, To: TEDrain}, {When: Always, To: TEPass, Inc: []Counter{CtrBatch}}}},
	TEDrain: {"E_DRAIN", "L + 7", func(s TileSizes) int { return s.RL + LatEnergy - 1 },
		"SH: the readout's last values reach the energies (the last tile keeps the best); L = ReadoutLatency(T)",
		[]tEdge{{When: LastETile, To: TGather, Clear: []Counter{CtrTile}}, {When: Always, To: TEPrefetch, Inc: []Counter{CtrTile}}}},
	TGather: {"GATHER", "D + 4", func(s TileSizes) int { return s.D + LatGather },
		"x* from the data vector the search starts at (SH: the best; H: x_0 at t = 1)",
		[]tEdge{{When: Always, To: TSweep, Clear: []Counter{CtrSweep}}}},
	TStart: {"START", "1", func(TileSizes) int { return 1 },
		"the search starts at the previous pseudo-sample (H, t > 1)",
		[]tEdge{{When: Always, To: TSweep, Clear: []Counter{CtrSweep}}}},
	TSweep: {"SWEEP", "(G + 1) D + 8", func(s TileSizes) int { return (s.G+1)*s.D + LatSweep },
		"z half of group g (PW fields over D words) while the x half replays group g-1 into vis; the last replay gives x*",
		[]tEdge{{When: Always, To: TSweepEnd}}},
	TSweepEnd: {"SWEEP_END", "1", func(TileSizes) int { return 1 },
		"another sweep when something changed and fewer than S ran",
		[]tEdge{{When: MoreSweeps, To: TSweep, Inc: []Counter{CtrSweep}}, {When: Always, To: TPrefetch, Clear: []Counter{CtrTile}}}},
	TPrefetch: {"PREFETCH", "(T/PW) D + 2", func(s TileSizes) int { return s.GT*s.D + LatPrefetch },
		"word (g, j) of each of the tile's groups into the tile buffer; s_r = b_r - sum_j W_rj",
		[]tEdge{{When: Always, To: TPass, Clear: []Counter{CtrBatch}}}},
	TPass: {"PASS", "D + 2 (word skip: max(L_b + 4, L_(b-1) + 2, 4))", func(s TileSizes) int { return s.D + 2 },
		"capture z of batch b-1 and clear; start (acc = s_r); D adds of 2 W_rj where x_nj = +1 (word skip: the batch's L_b busy words); P += batch b-1's statistics",
		[]tEdge{{When: LastBatch, To: TWriteback}, {When: Always, To: TPass, Inc: []Counter{CtrBatch}}}},
	TWriteback: {"WRITEBACK", "(T/PW) D + 8 (word skip: + 1)", func(s TileSizes) int { return s.WritebackLen() },
		"capture the last batch; per j and group: W += P - N z* x*, one W word a cycle (b at j = 0 with growth); word skip: P = 2 Q - sum z in one more stage, the last batch's statistics into Q at each j",
		[]tEdge{{When: LastTile, To: TCUpdate, Clear: []Counter{CtrTile}}, {When: Always, To: TPrefetch, Inc: []Counter{CtrTile}}}},
	TCUpdate: {"C_UPDATE", "16 (XB + ZB) + 3", func(s TileSizes) int { return s.CUpdateLen() },
		"c_j += sum_n x_nj - N x*_j; x* and z* packed into the output record, one bit a cycle, then its cycle count",
		[]tEdge{{When: Always, To: TDone}}},
	TDone: {"DONE", "1", func(TileSizes) int { return 1 },
		"the pseudo-sample is ready; the next iteration starts (SH: energy pass, H: START)",
		[]tEdge{{When: ModeSH, To: TEPrefetch}, {When: Always, To: TStart}}},
}

// Length is the cycles of a visit of phase ph with the loop counters ctr: the table's
// length, but a word-skip pass's is its batch's (TileSizes.PassLen; Len is then the length
// of a pass that reads every word).
func (s TileSizes) Length(ph TPhase, ctr []int) int {
	if ph == TPass {
		return s.PassLen(ctr[CtrBatch])
	}
	return scheduleTable[ph].Len(s)
}

// CUpdateLen is C_UPDATE's length: a cycle for the x* memory's first read, 16 (XB + ZB)
// cycles that pack x* and z* into the output record a bit a cycle (x* padded to whole
// words, then z*), then the record's cycle count, low half and high half. It is longer than the c update's own D + LatCUpdate.
func (s TileSizes) CUpdateLen() int {
	return max(s.D+LatCUpdate, 1+tileVecBits*(s.XB+s.ZB)+RecordTailBeats)
}

// Schedule returns the phase table in state order.
func Schedule() []PhaseSpec { return append([]PhaseSpec(nil), scheduleTable[:]...) }

func (p TPhase) String() string {
	if p < 0 || p >= numTPhases {
		return fmt.Sprintf("TPhase(%d)", int(p))
	}
	return scheduleTable[p].Name
}

// FirstPhase is where the phase machine starts after reset: SH's energy pass, or H's
// gather of x_0 (the first iteration's search starts at data vector 0).
func FirstPhase(sh bool) TPhase {
	if sh {
		return TEPrefetch
	}
	return TGather
}

// TileCycles walks the schedule for one iteration whose search ran sweeps sweeps and
// returns its cycles; first is the first iteration (mode H gathers x_0 then). It is the
// cycle formula, rendered from the table.
func (a *Arch) TileCycles(sweeps int, first bool) uint64 {
	s := a.Sizes()
	var ctr [numCounters]int
	ph := TStart
	if s.SH || first {
		ph = FirstPhase(s.SH)
	}
	var cycles uint64
	for {
		spec := scheduleTable[ph]
		cycles += uint64(s.Length(ph, ctr[:]))
		if ph == TDone {
			return cycles
		}
		ph = next(spec, ctr[:], func(c Cond) bool { return abstractCond(c, s, &ctr, sweeps) })
	}
}

// abstractCond evaluates a condition on the counters alone, for a search of sweeps sweeps.
func abstractCond(c Cond, s TileSizes, ctr *[numCounters]int, sweeps int) bool {
	switch c {
	case LastBatch:
		return ctr[CtrBatch] == s.NB-1
	case LastTile:
		return ctr[CtrTile] == s.NT-1
	case LastETile:
		return ctr[CtrTile] == s.NTE-1
	case MoreSweeps:
		return ctr[CtrSweep]+1 < sweeps
	case ModeSH:
		return s.SH
	}
	return true
}

// TileCycleFormula is TileCycles in closed form, for reports (a test checks it against the
// walk of the table).
const TileCycleFormula = "H: [t=1: D+4, else 1] + s((G+1)D + 9) + NT(2(T/PW)D + NB(D+2) + 10) + 16(XB+ZB) + 4; " +
	"SH: NTE((T/PW)D + NB(D+1+16T) + L + 9) + D + 4 + s((G+1)D + 9) + NT(2(T/PW)D + NB(D+2) + 10) + 16(XB+ZB) + 4; " +
	"word skip (H): NB(D+2) becomes sum_b max(L_b+4, L_(b-1)+2, 4) and the write-back is 1 longer, L_b the busy words of batch b; " +
	"L = 2 + ceil(log4(8T)) (the readout's latency), G = ceil(K/PW), NT = ceil(G/(T/PW)), NTE = ceil(ceil((K+1)/PW)/(T/PW)), NB = ceil(N/16), PW = min(L, 16L/W bits) (L W lanes, 3 on the UP5K), XB = ceil(D/16), ZB = ceil(K/16), s = sweeps run"

// tileCyclesClosed is TileCycleFormula.
func (a *Arch) tileCyclesClosed(sweeps int, first bool) uint64 {
	s := a.Sizes()
	sweep := uint64((s.G+1)*s.D + LatSweep + 1)
	passes := s.NB * (s.D + 2)
	if s.Skip() {
		passes = 0
		for b := range s.NB {
			passes += s.PassLen(b)
		}
	}
	positive := uint64(s.NT * (s.GT*s.D + LatPrefetch + passes + s.WritebackLen()))
	tail := uint64(1 + tileVecBits*(s.XB+s.ZB) + RecordTailBeats + 1)
	start := uint64(1)
	if first {
		start = uint64(s.D + LatGather)
	}
	if s.SH {
		energy := uint64(s.NTE * (s.GT*s.D + LatPrefetch + s.NB*s.PE + s.RL + LatEnergy - 1))
		return energy + uint64(s.D+LatGather) + uint64(sweeps)*sweep + positive + tail
	}
	return start + uint64(sweeps)*sweep + positive + tail
}
