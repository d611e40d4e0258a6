package sweep

import (
	"fmt"

	"herdsim/datapath"
	"herdsim/sim"
)

// Record is one finished point: its unit file, and one line of points.jsonl. Its content
// depends only on the point (never on timing, GOMAXPROCS or the order points finish in).
type Record struct {
	Key      string            `json:"key"`
	Run      RunInfo           `json:"run"`
	Vary     []Setting         `json:"vary"`
	Overflow string            `json:"overflow"`
	Regs     map[string]string `json:"regs"` // register -> "s12.0 WRAP"

	Valid bool   `json:"valid"`
	Error string `json:"error,omitempty"` // why the Arch is not buildable, when not valid

	BitExact        bool        `json:"bit_exact"`
	FirstDivergence *Divergence `json:"first_divergence"` // null when bit exact over T
	// Pseudo-sample Hamming distances to the reference, summed over the T iterations, and
	// their sum divided by T (bits per iteration, out of D + K).
	HammingX            int64   `json:"hamming_x"`
	HammingZ            int64   `json:"hamming_z"`
	HammingPerIteration float64 `json:"hamming_per_iteration"`
	// Moment errors at T (sim.FullRun): the datapath's (exact accumulation of its updates),
	// the same read off its stored weights, and the reference's.
	MomentError          float64 `json:"moment_error"`
	WeightMomentError    float64 `json:"weight_moment_error"`
	ReferenceMomentError float64 `json:"reference_moment_error"`

	Overflows    map[string]uint64 `json:"overflows,omitempty"`     // per register, over the run
	ObservedBits map[string]int    `json:"observed_bits,omitempty"` // narrowest width holding every value presented (RangeLog.Bits)

	// Synth is the synthesis cost of the point's RTL (--synth); absent without a target
	// and for invalid points.
	Synth *SynthCost `json:"synth,omitempty"`
}

// Divergence is the first place the datapath left the reference (sim.Divergence without
// its list of overflow events, which would make a line hundreds of kilobytes long).
type Divergence struct {
	Iteration       int                `json:"iteration"`
	Signal          string             `json:"signal"`
	Index           []int              `json:"index"`
	Reference       int64              `json:"reference"`
	Datapath        int64              `json:"datapath"`
	OverflowsBefore uint64             `json:"overflows_before"`
	FirstOverflow   *datapath.Overflow `json:"first_overflow,omitempty"`
}

// newRecord starts a point's record with its identity.
func newRecord(p Point, info RunInfo) Record {
	regs := map[string]string{}
	for _, r := range datapath.Regs() {
		sp := p.Arch.Spec(r)
		regs[r.String()] = fmt.Sprintf("%v %v", sp.Format, sp.Overflow)
	}
	return Record{Key: p.Key, Run: info, Vary: p.Settings, Overflow: p.Overflow, Regs: regs}
}

// fill copies a full run's measurements into the record.
func (rec *Record) fill(run *sim.FullRun) {
	rec.Valid = true
	rec.BitExact = run.BitExact
	if d := run.FirstDivergence; d != nil {
		rec.FirstDivergence = &Divergence{Iteration: d.Iteration, Signal: d.Signal, Index: d.Index,
			Reference: d.Reference, Datapath: d.Datapath, OverflowsBefore: d.OverflowCountBefore}
		if len(d.OverflowsBefore) > 0 {
			first := d.OverflowsBefore[0]
			rec.FirstDivergence.FirstOverflow = &first
		}
	}
	rec.HammingX, rec.HammingZ = run.HammingX, run.HammingZ
	rec.HammingPerIteration = float64(run.HammingX+run.HammingZ) / float64(run.Iterations)
	rec.MomentError, rec.WeightMomentError = run.MomentError, run.WeightMomentError
	rec.ReferenceMomentError = run.ReferenceMomentError
	rec.Overflows, rec.ObservedBits = run.Overflows, map[string]int{}
	for name, log := range run.Ranges {
		rec.ObservedBits[name] = log.Bits()
	}
}

// label is the record's row label: "weight-bits=9" (or crossed groups joined by "+").
func (rec *Record) label() string { return settingsText(rec.Vary) }

// withinTolerance reports whether the record's moment error is at most (1 + Tolerance)
// times the reference's.
func (rec *Record) withinTolerance() bool {
	return rec.Valid && rec.MomentError <= (1+Tolerance)*rec.ReferenceMomentError
}

// Tolerance is the lossy criterion: a width is acceptable when the datapath's moment error
// at T is at most (1 + Tolerance) times the reference's.
const Tolerance = 0.10
