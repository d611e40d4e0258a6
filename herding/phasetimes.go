package herding

import "time"

// PhaseTimes is where an engine's iterations spent their time since TimePhases: the wall
// time of each step of docs/spec.md's iteration, summed over the iterations, and within
// the flip-driven positive phase the CPU time of its two kernels summed over its workers
// (the sign pass: fields, hidden states and energies; the flips: the rows of A and P
// moved along each flipped z_n,i). A profile, not a result: it stays out of every output
// that must be the same bytes from run to run.
type PhaseTimes struct {
	Iterations int           // iterations timed
	Positive   time.Duration // positive phase (wall): z_n, energies, the positive term
	Start      time.Duration // the search's starting point
	Search     time.Duration // the negative phase's coordinate ascent
	Update     time.Duration // the parameter update (and the flip-driven form's bookkeeping)
	Check      time.Duration // the exactness check
	// Flip-driven form only: CPU time of the positive phase's kernels over its workers,
	// and the flips it moved A and P along.
	SignPassCPU time.Duration
	FlipsCPU    time.Duration
	Flips       int64
	Direct      int // iterations timed that ran the direct form (no flip-driven fields)
}

// TimePhases starts timing the engine's phases from the next iteration on (PhaseTimes);
// the cost is a few clock reads an iteration and, in the flip-driven positive phase, two a
// hidden unit.
func (e *Engine) TimePhases() {
	e.times = &PhaseTimes{}
	if e.inc != nil {
		e.inc.times = e.times
	}
}

// PhaseTimes returns the phase times so far (zero without TimePhases).
func (e *Engine) PhaseTimes() PhaseTimes {
	if e.times == nil {
		return PhaseTimes{}
	}
	return *e.times
}

// stopwatch is the phase timing of one Step: lap returns the time since the last lap.
type stopwatch struct{ last time.Time }

func (s *stopwatch) lap() time.Duration {
	now := time.Now()
	d := now.Sub(s.last)
	s.last = now
	return d
}
