package datapath

// The lane datapath's schedule (doc.go, "The lane datapath"), in the table form the tiled
// datapath's is in (schedule.go): Machine steps through it, CyclesPerIteration walks it.
// Its phases are the phase type of machine.go, named by phaseTable.

// LaneCounter is a loop counter of the lane datapath's phase machine.
type LaneCounter int

// The lane counters.
const (
	LCtrN     LaneCounter = iota // data vector n of the positive phase
	LCtrGroup                    // group g of L hidden units
	LCtrJ                        // visible unit j
	LCtrSweep                    // sweeps started in this iteration, from 0
	numLaneCounters
	lctrNone LaneCounter = -1 // a phase whose cycles walk no counter
)

// LaneCond is a condition the lane phase machine branches on.
type LaneCond int

// The lane conditions.
const (
	LAlways     LaneCond = iota
	LLastGroup           // g = G - 1
	LLastVector          // n = N - 1
	LLastJ               // j = D - 1
	LMoreSweeps          // something changed in this sweep and fewer than S ran
	numLaneConds
)

// LaneSizes are the sizes the lane schedule's lengths read.
type LaneSizes struct{ D, G int }

type lEdge = Edge[phase, LaneCounter, LaneCond]

// LanePhaseSpec is one phase of the lane schedule. Walks is the counter its cycles step
// through (j in a field pass, g in the x half's adder tree), cleared when the visit ends,
// or lctrNone.
type LanePhaseSpec struct {
	PhaseOf[phase, LaneCounter, LaneCond, LaneSizes]
	Walks LaneCounter
}

// laneLen is a phase length: its formula in the doc's notation and its value.
type laneLen struct {
	formula string
	of      func(LaneSizes) int
}

var (
	lenOne = laneLen{"1", func(LaneSizes) int { return 1 }}
	lenD   = laneLen{"D", func(s LaneSizes) int { return s.D }}
	lenG   = laneLen{"G", func(s LaneSizes) int { return s.G }}
)

// lanePhase is a phase of the table; named fills in its name and comment from phaseTable.
func lanePhase(l laneLen, walks LaneCounter, edges ...lEdge) LanePhaseSpec {
	return LanePhaseSpec{PhaseOf[phase, LaneCounter, LaneCond, LaneSizes]{Formula: l.formula, Len: l.of, Edges: edges}, walks}
}

// named gives every phase of the table the name and comment of phaseTable, the one list
// of the lane phases.
func named(t [numPhases]LanePhaseSpec) [numPhases]LanePhaseSpec {
	for i := range t {
		t[i].Name, t[i].Comment = phaseTable[i].Name, phaseTable[i].Comment
	}
	return t
}

var laneSchedule = named([numPhases]LanePhaseSpec{
	phLoadX: lanePhase(lenOne, lctrNone,
		lEdge{When: LAlways, To: phPosField, Clear: []LaneCounter{LCtrGroup}}),
	phPosField: lanePhase(lenD, LCtrJ,
		lEdge{When: LAlways, To: phPosFinish}),
	phPosFinish: lanePhase(lenOne, lctrNone,
		lEdge{When: LLastGroup, To: phPosEnd, Clear: []LaneCounter{LCtrGroup}},
		lEdge{When: LAlways, To: phPosField, Inc: []LaneCounter{LCtrGroup}}),
	phPosEnd: lanePhase(lenOne, lctrNone,
		lEdge{When: LLastVector, To: phDrain, Clear: []LaneCounter{LCtrGroup}},
		lEdge{When: LAlways, To: phLoadX, Inc: []LaneCounter{LCtrN}}),
	phDrain: lanePhase(lenD, LCtrJ,
		lEdge{When: LLastGroup, To: phStart, Clear: []LaneCounter{LCtrGroup}},
		lEdge{When: LAlways, To: phDrain, Inc: []LaneCounter{LCtrGroup}}),
	phStart: lanePhase(lenOne, lctrNone,
		lEdge{When: LAlways, To: phZField, Clear: []LaneCounter{LCtrGroup, LCtrSweep}}),
	phZField: lanePhase(lenD, LCtrJ,
		lEdge{When: LAlways, To: phZFinish}),
	phZFinish: lanePhase(lenOne, lctrNone,
		lEdge{When: LLastGroup, To: phXAcc, Clear: []LaneCounter{LCtrGroup, LCtrJ}},
		lEdge{When: LAlways, To: phZField, Inc: []LaneCounter{LCtrGroup}}),
	phXAcc: lanePhase(lenG, LCtrGroup,
		lEdge{When: LAlways, To: phXFinish}),
	phXFinish: lanePhase(lenOne, lctrNone,
		lEdge{When: LLastJ, To: phSweepEnd, Clear: []LaneCounter{LCtrJ}},
		lEdge{When: LAlways, To: phXAcc, Inc: []LaneCounter{LCtrJ}}),
	phSweepEnd: lanePhase(lenOne, lctrNone,
		lEdge{When: LMoreSweeps, To: phZField, Inc: []LaneCounter{LCtrSweep}},
		lEdge{When: LAlways, To: phUpdate, Clear: []LaneCounter{LCtrGroup}}),
	phUpdate: lanePhase(lenD, LCtrJ,
		lEdge{When: LLastGroup, To: phDone, Clear: []LaneCounter{LCtrGroup}},
		lEdge{When: LAlways, To: phUpdate, Inc: []LaneCounter{LCtrGroup}}),
	phDone: lanePhase(lenOne, lctrNone,
		lEdge{When: LAlways, To: phLoadX, Clear: []LaneCounter{LCtrN}}),
})

// LaneSchedule returns the lane datapath's phase table in state order.
func LaneSchedule() []LanePhaseSpec { return append([]LanePhaseSpec(nil), laneSchedule[:]...) }

func (a *Arch) laneSizes() LaneSizes { return LaneSizes{D: a.D, G: a.Groups()} }

// laneCond evaluates a condition on the counters; changed is the search's flag.
func (a *Arch) laneCond(c LaneCond, ctr []int, changed bool) bool {
	switch c {
	case LLastGroup:
		return ctr[LCtrGroup] == a.Groups()-1
	case LLastVector:
		return ctr[LCtrN] == a.N-1
	case LLastJ:
		return ctr[LCtrJ] == a.D-1
	case LMoreSweeps:
		return changed && ctr[LCtrSweep]+1 < a.Sweeps
	}
	return true
}

// laneCyclesWalked walks the lane schedule for one iteration whose search ran sweeps
// sweeps: the cycle count, rendered from the table.
func (a *Arch) laneCyclesWalked(sweeps int) uint64 {
	s := a.laneSizes()
	ctr := make([]int, numLaneCounters)
	var cycles uint64
	for ph := phLoadX; ; {
		spec := laneSchedule[ph]
		cycles += uint64(spec.Len(s))
		if ph == phDone {
			return cycles
		}
		ph = next(spec.PhaseOf, ctr, func(c LaneCond) bool {
			if c == LMoreSweeps {
				return ctr[LCtrSweep]+1 < sweeps
			}
			return a.laneCond(c, ctr, false)
		})
	}
}

// laneCounterNames are the counters' registers in the lane core's Verilog.
var laneCounterNames = [numLaneCounters]string{"n", "grp", "j", "sweep"}

func (c LaneCounter) String() string { return laneCounterNames[c] }

// LaneCounters lists the lane counters in their order.
func LaneCounters() []LaneCounter { return enumerate[LaneCounter](int(numLaneCounters)) }

// laneCondTable holds the lane conditions' Verilog, over the lane core's registers and
// localparams (the sweep counter counts from 0, so S_LAST is S - 1); Arch.laneCond is the
// Go side.
var laneCondTable = [numLaneConds]CondSpec{
	LAlways:     {"always", "1'b1"},
	LLastGroup:  {"last_group", "grp == G_LAST"},
	LLastVector: {"last_vector", "n == N_LAST"},
	LLastJ:      {"last_j", "j == J_LAST"},
	LMoreSweeps: {"more_sweeps", "changed && sweep != S_LAST"},
}

// LaneConds lists the lane conditions.
func LaneConds() []CondSpec { return append([]CondSpec(nil), laneCondTable[:]...) }

// Walking reports whether the phase's cycles step a counter (Walks).
func (p LanePhaseSpec) Walking() bool { return p.Walks != lctrNone }

// LenFor is the phase's cycles per visit for an Arch.
func (p LanePhaseSpec) LenFor(a *Arch) int { return p.Len(a.laneSizes()) }
