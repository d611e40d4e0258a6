package herding

import (
	"fmt"
	"math"
	"slices"

	"herdsim/dataset"
	"herdsim/internal/bitcols"
	"herdsim/internal/parallel"
)

// Iteration is what one herding iteration produced.
type Iteration struct {
	T           int     // iteration number, from 1
	X           []int8  // pseudo-sample x*_t (a copy, owned by the caller)
	Z           []int8  // pseudo-sample z*_t (a copy)
	Start       int     // data vector the negative search started from; -1 when it started from s*_{t-1}
	Sweeps      int     // coordinate-ascent sweeps run (1..S)
	MomentError float64 // running moment error after this iteration, in unscaled units (see MomentError)
}

// Engine runs herding on one data set. It is not safe for concurrent use; its kernels use
// every core internally and give the same bytes for any GOMAXPROCS.
type Engine struct {
	cfg   Config
	n     int
	data  vectors         // x_n as float64 rows
	xcols bitcols.Columns // x as D bit columns of N bits
	sumX  []float64       // sum_n x_n, the positive term of c (constant)

	p      Params
	anchor Params // parameters when the current phase began: moment error = drift / (scale * iterations)

	z      []int8          // hidden states z_n of the last positive phase, N x K (see hiddenStates)
	zStale bool            // z lags inc's transposed copy: the flip-driven sign pass writes only that
	energy []float64       // F(x_n) of the last positive phase (e_n = -energy[n])
	zcols  bitcols.Columns // z as K bit columns
	pos    []float64       // sum_n z_n x_n^T of the last positive phase, K x D
	posB   []float64       // sum_n z_n, K

	rates  []float64 // R_t = sum over iterations of pos (equation 22), K x D
	ratesB []float64 // sum over iterations of posB, K

	xs, zs []float64 // the current pseudo-sample as +-1 floats
	acc    []float64 // scratch for the unscaled search, D
	ascent ascent    // the scaled search's fields and scratch
	db     []float64 // the last update of b (hidden-bias growth), K

	inc      *incremental // the flip-driven fields; nil for the direct form
	trackers []*Tracker   // evaluation sets kept current along with inc

	maxW    float64 // max |W| of the current weights, taken in update's pass over W
	driftW  float64 // max |W - anchor.W| of the current weights, taken in the same pass
	maxWRun float64 // max |W| over the run so far, W_0 included (in the current units)

	t     int
	phase phase
	times *PhaseTimes // TimePhases, else nil
}

// phase is the learning phase, or decoupled herding after Decouple.
type phase struct {
	decoupled bool
	start     int       // iterations done before this phase began
	posDiv    float64   // N in learning, N*T in decoupled herding: positive terms are sums over that many
	ratesC    []float64 // decoupled herding's positive sum for c: T * sum_n x_n
}

// New prepares herding on data with cfg. Data must validate (dataset.Binary.Validate).
func New(data *dataset.Binary, cfg Config) (*Engine, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if err := data.Validate(); err != nil {
		return nil, fmt.Errorf("herding: %w", err)
	}
	n, d, k := data.N(), data.D, cfg.Hidden
	e := &Engine{
		cfg: cfg, n: n,
		data:   newVectors(data.Rows, d),
		xcols:  bitcols.New(d, n),
		sumX:   make([]float64, d),
		p:      InitialWeights(k, d, n, cfg.Seed),
		z:      make([]int8, n*k),
		energy: make([]float64, n),
		zcols:  bitcols.New(k, n),
		pos:    make([]float64, k*d),
		posB:   make([]float64, k),
		rates:  make([]float64, k*d),
		ratesB: make([]float64, k),
		xs:     make([]float64, d),
		zs:     make([]float64, k),
		acc:    make([]float64, d),
		db:     make([]float64, k),
		phase:  phase{posDiv: float64(n)},
	}
	flat := make([]int8, 0, n*d)
	for _, row := range data.Rows {
		flat = append(flat, row...)
		for j, v := range row {
			e.sumX[j] += float64(v)
		}
	}
	e.xcols.Fill(flat, n, d)
	if cfg.Form == Unscaled {
		scale(&e.p, cfg.Eta/float64(n)) // the paper's w_0 is W_0/N; a step size eta scales it too
	}
	e.anchor = *e.p.Clone()
	e.maxW = maxAbs(e.p.W)
	e.maxWRun = e.maxW
	if cfg.Form == Scaled && !cfg.Direct && incrementalUsable(n, d) {
		e.inc = newIncremental(&e.data, &e.p, e.sumX)
	}
	return e, nil
}

// Config returns the configuration with defaults filled in.
func (e *Engine) Config() Config { return e.cfg }

// T is the number of iterations run so far.
func (e *Engine) T() int { return e.t }

// Params returns the live parameters (read-only; they change with the next Step).
func (e *Engine) Params() *Params { return &e.p }

// Hidden returns z_n of the last positive phase (read-only, K values).
func (e *Engine) Hidden(n int) []int8 {
	return e.hiddenStates()[n*e.cfg.Hidden : (n+1)*e.cfg.Hidden]
}

// hiddenStates returns every z_n, N x K. The flip-driven sign pass keeps them transposed
// (K x N); they are transposed here, once per iteration and only if asked for: herding
// itself needs at most one z_n per iteration (SH's starting point, loadHidden).
func (e *Engine) hiddenStates() []int8 {
	if e.zStale {
		e.inc.transpose(e.z)
		e.zStale = false
	}
	return e.z
}

// loadHidden writes z_m into dst as +-1 floats.
func (e *Engine) loadHidden(m int, dst []float64) {
	if e.zStale {
		e.inc.column(m, dst)
		return
	}
	for i, v := range e.Hidden(m) {
		dst[i] = float64(v)
	}
}

// MaxAbsW returns the largest |W| entry of the current weights.
func (e *Engine) MaxAbsW() float64 { return e.maxW }

// MaxAbsWRun returns the largest |W| entry the weights have held so far: over W_0 and the
// weights after every iteration. It is taken in the update's own pass over W, so it costs
// no extra pass. Values are in the current units: Decouple multiplies it by T along with
// the weights (scaled form), so it is comparable with MaxAbsW in either phase.
func (e *Engine) MaxAbsWRun() float64 { return e.maxWRun }

// Rates returns R_t (equation 22): the sum over iterations of sum_n z_n x_n^T, K x D,
// scaled like W (read-only). Decoupled herding drives the weights toward R_T / T.
func (e *Engine) Rates() []float64 { return e.rates }

// Step runs one herding iteration (docs/spec.md, "One iteration", steps 1 to 4).
func (e *Engine) Step() (Iteration, error) {
	e.t++
	pt := e.times
	var clock stopwatch
	if pt != nil {
		clock.lap()
		pt.Iterations++
		if e.inc == nil {
			pt.Direct++
		}
	}
	if e.needsPositivePhase() {
		e.positivePhase()
	}
	if pt != nil {
		pt.Positive += clock.lap()
	}
	start := e.startSearch()
	if pt != nil {
		pt.Start += clock.lap()
	}
	sweeps := e.search()
	if pt != nil {
		pt.Search += clock.lap()
	}
	e.update()
	if pt != nil {
		pt.Update += clock.lap()
	}
	err := e.checkExact()
	if pt != nil {
		pt.Check += clock.lap()
	}
	if err != nil {
		return Iteration{}, err
	}
	return Iteration{
		T: e.t, X: toSigns(e.xs), Z: toSigns(e.zs), Start: start, Sweeps: sweeps,
		MomentError: e.MomentError(),
	}, nil
}

// search runs the negative phase's coordinate ascent from xs, zs (docs/spec.md,
// "One iteration", step 3) and returns the sweeps it took.
func (e *Engine) search() int {
	if e.cfg.Form == Scaled {
		return e.ascent.run(&e.p, e.cfg.Sweeps, e.xs, e.zs)
	}
	return searchUnscaled(&e.p, e.cfg.Gamma, e.cfg.Sweeps, e.xs, e.zs, e.acc)
}

// needsPositivePhase: learning always; decoupled herding only to find SH's starting point.
func (e *Engine) needsPositivePhase() bool {
	return !e.phase.decoupled || e.cfg.Mode == ModeSH
}

// positivePhase computes z_n, F(x_n) and the positive term with the current parameters.
func (e *Engine) positivePhase() {
	if e.inc != nil {
		e.inc.positive(e.energy)
		e.zStale = true
	} else {
		fieldPass(&e.p, e.cfg.Gamma, e.offsetEnergy(), &e.data, e.z, e.energy)
	}
	if e.phase.decoupled {
		return // the positive term is frozen at the rates; only the energies are used
	}
	if e.inc != nil {
		copy(e.posB, e.inc.pb) // the K x D term stays in inc.p: update reads it from there
	} else {
		e.directPositiveTerm()
	}
	addTo(e.ratesB, e.posB)
}

// directPositiveTerm computes sum_n z_n x_n^T by XOR and popcount on bit columns, and sum_n z_n.
func (e *Engine) directPositiveTerm() {
	k, d := e.cfg.Hidden, e.data.d
	e.zcols.Fill(e.z, e.n, k)
	positiveTerm(&e.zcols, &e.xcols, e.n, k, d, e.pos)
	clear(e.posB)
	for n := 0; n < e.n; n++ {
		for i, v := range e.Hidden(n) {
			e.posB[i] += float64(v)
		}
	}
}

// offsetEnergy is the constant the feature offsets add to every energy: sum_alpha w_alpha a_alpha / gamma.
func (e *Engine) offsetEnergy() float64 {
	o := e.cfg.Offset
	if o == (Offsets{}) {
		return 0
	}
	return (o.W*sum(e.p.W) + o.B*sum(e.p.B) + o.C*sum(e.p.C)) / e.cfg.Gamma
}

// startSearch loads the search's starting point into xs, zs (docs/spec.md, "One
// iteration", step 2) and returns the data index it came from, or -1 for the previous
// pseudo-sample.
func (e *Engine) startSearch() int {
	m := -1
	switch {
	case e.cfg.Mode == ModeSH:
		m = argmaxFirst(e.energy) // argmin of e_n = -F(x_n), lowest n on ties
	case e.t == 1:
		m = 0
	}
	if m >= 0 {
		copy(e.xs, e.data.row(m))
		e.loadHidden(m, e.zs)
	}
	return m
}

// update applies step 4 of docs/spec.md, "One iteration", with the pseudo-sample in xs,
// zs. In learning it also adds the positive term to the rates, row by row in the same pass
// over W; and it takes max |W| of the new weights and their largest drift from the anchor
// in that pass (for checkExact, MaxAbsWRun and MomentError).
func (e *Engine) update() {
	posB, posC := e.posB, e.sumX
	if e.phase.decoupled {
		posB, posC = e.ratesB, e.phase.ratesC
	}
	if e.inc != nil {
		e.updateFlipDriven()
	} else {
		e.updateW()
	}
	e.maxWRun = math.Max(e.maxWRun, e.maxW)
	for j := range e.p.C {
		e.p.C[j] += e.delta(posC[j], e.xs[j], e.cfg.Offset.C)
	}
	var db []float64
	if e.cfg.GrowHiddenBias {
		db = e.db
		for i := range e.p.B {
			db[i] = e.delta(posB[i], e.zs[i], e.cfg.Offset.B)
			e.p.B[i] += db[i]
		}
	}
	if e.inc != nil && !fieldsFit(e.data.d, e.maxW, maxAbs(e.p.B)) {
		e.dropIncremental() // the next fields could pass 2^31: go on in the direct form
	}
	if e.inc != nil {
		e.inc.advance(e.xs, e.zs, db)
		for _, tr := range e.trackers {
			tr.advance(e.inc.zT, e.xs, e.zs, db)
		}
	}
}

// updateW is update's pass over W in the general case (direct or unscaled form, or
// decoupled herding): W += positive row - posDiv z* x*^T (delta), the rates, max |W| and
// the drift.
func (e *Engine) updateW() {
	k, d := e.cfg.Hidden, e.data.d
	maxW, drift := 0.0, 0.0
	for i := 0; i < k; i++ {
		pr := e.positiveRow(i)
		if !e.phase.decoupled {
			addTo(e.rates[i*d:(i+1)*d], pr)
		}
		row, anchor := e.p.Row(i), e.anchor.Row(i)
		for j := range row {
			v := row[j] + e.delta(pr[j], e.zs[i]*e.xs[j], e.cfg.Offset.W)
			row[j] = v
			maxW = maxMagnitude(maxW, v)
			drift = maxMagnitude(drift, v-anchor[j])
		}
	}
	e.maxW, e.driftW = maxW, drift
}

// updateFlipDriven is updateW in learning with the flip-driven fields (scaled form), whose
// positive term is inc.p (int32): W += P - N z* x*^T and rates += P, exact integers; for a
// large W the rows are shared among the cores (max |W| and the drift are maxima: the same
// for any split).
func (e *Engine) updateFlipDriven() {
	k, d, w := e.cfg.Hidden, e.data.d, e.inc.xrows.width()
	workers := parallel.Workers(k*d, parallel.Grain)
	var maxW, drift [maxWorkers]float64
	parallel.Share(k, 16, min(workers, maxWorkers), func(wk, lo, hi int) {
		for i := lo; i < hi; i++ {
			maxW[wk], drift[wk] = updateRow(e.p.Row(i), e.rates[i*d:(i+1)*d], e.anchor.Row(i), e.inc.p[i*w:i*w+d],
				e.xs, e.phase.posDiv*e.zs[i], maxW[wk], drift[wk])
		}
	})
	e.maxW, e.driftW = slices.Max(maxW[:]), slices.Max(drift[:])
}

// maxWorkers bounds the workers of the passes that keep per-worker results on the stack.
const maxWorkers = 64

// updateRowPortable is one row of updateFlipDriven: for every j, with p = pos[j] and
// v = w[j] + p - nz xs[j], rates[j] += p and w[j] = v; it returns max(maxW, max |v|) and
// max(drift, max |v - anchor[j]|).
func updateRowPortable(w, rates, anchor []float64, pos []int32, xs []float64, nz, maxW, drift float64) (float64, float64) {
	rates, anchor, pos, xs = rates[:len(w)], anchor[:len(w)], pos[:len(w)], xs[:len(w)]
	for j, old := range w {
		p := float64(pos[j])
		rates[j] += p
		v := old + p - nz*xs[j]
		w[j] = v
		maxW = maxMagnitude(maxW, v)
		drift = maxMagnitude(drift, v-anchor[j])
	}
	return maxW, drift
}

// maxMagnitude is max(m, |v|) for m >= 0 (as maxAbs: the values are finite).
func maxMagnitude(m, v float64) float64 {
	if v > m {
		return v
	}
	if -v > m {
		return -v
	}
	return m
}

// dropIncremental ends the flip-driven form: from the next iteration on the fields are
// computed directly (the hidden states are brought up to date first).
func (e *Engine) dropIncremental() {
	e.hiddenStates()
	e.inc = nil
	for _, tr := range e.trackers {
		tr.stale = true
	}
}

// positiveRow returns row i of the positive sum updateW uses: the rates in decoupled
// herding, else the direct pass's sum_n z_ni x_n (the flip-driven form's is inc.p, read by
// updateFlipDriven).
func (e *Engine) positiveRow(i int) []float64 {
	d := e.data.d
	if e.phase.decoupled {
		return e.rates[i*d : (i+1)*d]
	}
	return e.pos[i*d : (i+1)*d]
}

// delta is one parameter's update from its positive sum (over posDiv samples) and the
// pseudo-sample's feature g. Scaled: posSum - posDiv*g, an exact integer. Unscaled, the
// paper's arithmetic as written, offsets included: eta*((posSum/posDiv + a) - (g + a)).
func (e *Engine) delta(posSum, g, a float64) float64 {
	if e.cfg.Form == Scaled {
		return posSum - e.phase.posDiv*g
	}
	return e.cfg.Eta * ((posSum/e.phase.posDiv + a) - (g + a))
}

// checkExact stops a scaled run before float64 could no longer hold a field or energy
// exactly (2^53): past that the reference would stop being bit-exact.
func (e *Engine) checkExact() error {
	if e.cfg.Form != Scaled {
		return nil
	}
	k, d := float64(e.cfg.Hidden), float64(e.data.d)
	maxW := e.maxW
	bound := k*(d*maxW+maxAbs(e.p.B)) + d*maxAbs(e.p.C)
	if bound >= 1<<53 {
		return fmt.Errorf("herding: after iteration %d the weights are so large (max |W| = %g) that energies may exceed 2^53 and float64 would round them", e.t, maxW)
	}
	return nil
}

// MomentError is the running moment error of the current phase: the largest, over the
// features being learned (z_i x_j and x_j; z_i too when b grows), of |time-average of the
// positive term - time-average of the feature at the pseudo-samples|, in unscaled units.
// Because every update is exactly that difference, it equals the parameters' drift since
// the phase began divided by (posDiv * iterations) in the scaled form, or by
// (eta * iterations) in the unscaled form.
func (e *Engine) MomentError() float64 {
	iters := float64(e.t - e.phase.start)
	if iters == 0 {
		return 0
	}
	drift := math.Max(e.driftW, maxDiff(e.p.C, e.anchor.C))
	if e.cfg.GrowHiddenBias {
		drift = math.Max(drift, maxDiff(e.p.B, e.anchor.B))
	}
	if e.cfg.Form == Scaled {
		return drift / (e.phase.posDiv * iters)
	}
	return drift / (e.cfg.Eta * iters)
}
