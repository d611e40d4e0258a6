package herding

import "fmt"

// Decouple ends the learning phase after T = e.T() iterations and starts decoupled herding
// (equation 22): from now on the positive term is the average rate R_T / T instead of the
// data's hidden statistics, so the pseudo-samples no longer need the positive phase (SH
// still computes data energies to choose its start).
//
// In the scaled form R_T / T is a fraction. To stay exact, every parameter is multiplied by
// T (Proposition 4: scaling all weights leaves the state sequence unchanged), so the update
// becomes the integer R_T - N*T g(s*). The unscaled form divides in float64.
func (e *Engine) Decouple() error {
	if e.phase.decoupled {
		return fmt.Errorf("herding: already decoupled")
	}
	if e.t == 0 {
		return fmt.Errorf("herding: decoupled herding needs a learning phase of at least one iteration")
	}
	T := float64(e.t)
	e.dropIncremental() // the fields are no longer what the flips update: decoupled herding computes them directly
	if e.cfg.Form == Scaled {
		scale(&e.p, T)
		e.maxW *= T // exact: the weights are integers, and checkExact below bounds them
		e.maxWRun *= T
	}
	ratesC := make([]float64, len(e.sumX)) // the visible statistics do not depend on z: T * sum_n x_n
	for j, v := range e.sumX {
		ratesC[j] = T * v
	}
	e.phase = phase{decoupled: true, start: e.t, posDiv: float64(e.n) * T, ratesC: ratesC}
	e.anchor = *e.p.Clone()
	e.driftW = 0
	return e.checkExact()
}

// Decoupled reports whether Decouple has been called.
func (e *Engine) Decoupled() bool { return e.phase.decoupled }
