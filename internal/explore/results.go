package explore

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"herdsim/datapath"
	"herdsim/internal/atomicfile"
	"herdsim/internal/sweep"
	"herdsim/internal/usps"
)

// PointResult is one row of results.json: the point's settings and what was measured.
// Fields that could not be measured (an invalid Arch, a design that does not fit) are null.
type PointResult struct {
	Point

	BitExact             *bool             `json:"bit_exact"`
	FirstDivergence      *sweep.Divergence `json:"first_divergence"`
	MomentError          *float64          `json:"moment_error"`
	ReferenceMomentError *float64          `json:"reference_moment_error"`
	ObservedBits         map[string]int    `json:"observed_bits,omitempty"`

	TestError          *float64          `json:"test_error"`
	ReferenceTestError *float64          `json:"reference_test_error"`
	L2                 *float64          `json:"l2"`
	Overflows          map[string]uint64 `json:"overflows,omitempty"` // the accuracy runs, ten classes summed
	EvalOverflows      uint64            `json:"eval_overflows,omitempty"`

	RTLHash    string   `json:"rtl_hash,omitempty"`
	LogicCells *int     `json:"logic_cells"`
	LUTs       *int     `json:"luts"`
	EBR        *int     `json:"ebr"`
	SPRAM      *int     `json:"spram"`
	DSP        *int     `json:"dsp"`
	Fits       *bool    `json:"fits"`
	Exceeded   []string `json:"exceeded,omitempty"`
	FmaxMHz    *float64 `json:"fmax_mhz"`

	CyclesPerIteration *float64 `json:"cycles_per_iteration"`
	IterationsPerS     *float64 `json:"iterations_per_s"`
	// WWords are the W SPRAM words the design's weights take (48-bit words of
	// min(3, 48 / W bits) weights; the three W SPRAMs hold 16,384).
	WWords *int `json:"w_spram_words"`
}

// Fronts are the labels of the Pareto-optimal points, in increasing cost.
type Fronts struct {
	LogicCells     []string `json:"test_error_vs_logic_cells"`
	IterationsPerS []string `json:"test_error_vs_iterations_per_s"`
}

// Recommendation is the cheapest fitting point within the tolerance of the reference.
type Recommendation struct {
	Label              string  `json:"label"`
	TestError          float64 `json:"test_error"`
	ReferenceTestError float64 `json:"reference_test_error"`
	Tolerance          float64 `json:"tolerance"`
	LogicCells         int     `json:"logic_cells"`
	IterationsPerS     float64 `json:"iterations_per_s"`
	Why                string  `json:"why"`
}

// Narrowing is item 3: the widths proposed from the logged ranges, and the proposal's
// point once run.
type Narrowing struct {
	From         string         `json:"from"`          // the grid point whose ranges were read
	ObservedBits map[string]int `json:"observed_bits"` // its dynamics' narrowest widths holding every value
	Margin       int            `json:"margin"`
	Tightened    map[string]int `json:"tightened,omitempty"` // groups taken narrower from grid points within the tolerance
	Proposal     map[string]int `json:"proposal"`
	Point        string         `json:"point"`
	Verified     bool           `json:"verified"` // the proposal ran (its units are finished)
	Accepted     bool           `json:"accepted"` // it fits and its test error is within the tolerance
}

// Results are results.json.
type Results struct {
	Settings       planFile        `json:"settings"`
	Tolerance      float64         `json:"tolerance"`
	Points         []PointResult   `json:"points"`
	Pareto         Fronts          `json:"pareto"`
	Recommendation *Recommendation `json:"recommendation"`
	Narrowing      *Narrowing      `json:"narrowing"`
}

// results assembles the results from the finished units.
func (e *explorer) results() (*Results, error) {
	recs, _, err := e.load(e.plan)
	if err != nil {
		return nil, err
	}
	res := &Results{Settings: e.opts.plan(), Tolerance: e.opts.Tolerance}
	for _, p := range e.points {
		pr, err := e.pointResult(p, e.plan, recs)
		if err != nil {
			return nil, err
		}
		res.Points = append(res.Points, pr)
	}
	if e.opts.Narrow {
		n, p, err := e.propose(res.Points)
		if err != nil {
			return nil, err
		}
		res.Narrowing = n
		if p != nil {
			pl := newPlan()
			pl.addPoints(e.opts, []Point{*p}, e.hashes)
			nrecs, missing, err := e.load(pl)
			if err != nil {
				return nil, err
			}
			if missing == 0 {
				pr, err := e.pointResult(*p, pl, nrecs)
				if err != nil {
					return nil, err
				}
				res.Points = append(res.Points, pr)
				n.Verified = true
				n.Accepted = pr.Fits != nil && *pr.Fits && pr.withinTolerance(e.opts.Tolerance)
			}
		}
	}
	res.Pareto = Fronts{LogicCells: labels(res.Points, ParetoLogicCells(res.Points)), IterationsPerS: labels(res.Points, ParetoSpeed(res.Points))}
	res.Recommendation = Recommend(res.Points, e.opts.Tolerance)
	return res, nil
}

func labels(points []PointResult, idx []int) []string {
	out := []string{}
	for _, i := range idx {
		out = append(out, points[i].Label)
	}
	return out
}

// pointResult combines a point's units.
func (e *explorer) pointResult(p Point, pl *plan, recs map[string]*Record) (PointResult, error) {
	pr := PointResult{Point: p}
	if !p.Valid {
		return pr, nil
	}
	ww := p.arch.Sizes().WWords
	pr.WWords = &ww
	var acc, ref [usps.Digits]*usps.ClassScores
	for c := range usps.Digits {
		a, r := recs[fmt.Sprintf("%s/class%d", pl.acc[p.Label], c)], recs[fmt.Sprintf("%s/class%d", pl.ref[p.Label], c)]
		if a == nil || r == nil {
			return pr, fmt.Errorf("explore: %s: class %d is not finished", p.Label, c)
		}
		acc[c], ref[c] = a.Scores, r.Scores
	}
	te, l2, err := e.testError(pl.acc[p.Label], acc)
	if err != nil {
		return pr, fmt.Errorf("explore: %s: %w", p.Label, err)
	}
	rte, _, err := e.testError(pl.ref[p.Label], ref)
	if err != nil {
		return pr, fmt.Errorf("explore: %s reference: %w", p.Label, err)
	}
	pr.TestError, pr.ReferenceTestError, pr.L2 = &te, &rte, &l2
	for _, s := range acc {
		for r, n := range s.Overflows {
			if pr.Overflows == nil {
				pr.Overflows = map[string]uint64{}
			}
			pr.Overflows[r] += n
		}
		pr.EvalOverflows += s.EvalOverflows
	}
	cyc := cyclesPerIteration(p.arch, acc)
	pr.CyclesPerIteration = &cyc

	if d := recs[pl.dyn[p.Label]]; d != nil && d.Dyn != nil {
		pr.BitExact, pr.FirstDivergence = &d.Dyn.BitExact, d.Dyn.FirstDivergence
		pr.MomentError, pr.ReferenceMomentError = &d.Dyn.MomentError, &d.Dyn.ReferenceMomentError
		pr.ObservedBits = observedBits(d.Dyn.Ranges, acc)
	} else {
		return pr, fmt.Errorf("explore: %s: the dynamics are not finished", p.Label)
	}
	s := recs[pl.synth[p.Label]]
	if s == nil || s.Cost == nil {
		return pr, fmt.Errorf("explore: %s: the synthesis is not finished", p.Label)
	}
	c := s.Cost
	pr.RTLHash = e.hashes[p.Label]
	pr.LogicCells, pr.LUTs, pr.EBR, pr.SPRAM, pr.DSP = c.LogicCells, &c.LUTs, &c.EBR, &c.SPRAM, &c.DSP
	pr.Fits, pr.Exceeded, pr.FmaxMHz = &c.Fits, c.Exceeded, c.FmaxMHz
	if c.Fits && c.FmaxMHz != nil {
		ips := *c.FmaxMHz * 1e6 / cyc
		pr.IterationsPerS = &ips
	}
	return pr, nil
}

// testError fits MLR on the ten classes' scores once per unit group (key): points that
// share their accuracy units, and every point's reference, share the fit.
func (e *explorer) testError(key string, classes [usps.Digits]*usps.ClassScores) (float64, float64, error) {
	if e.fits == nil {
		e.fits = map[string][2]float64{}
	}
	if v, ok := e.fits[key]; ok {
		return v[0], v[1], nil
	}
	te, l2, err := usps.ClassTestError(classes)
	if err == nil {
		e.fits[key] = [2]float64{te, l2}
	}
	return te, l2, err
}

// observedBits is, per register, the narrowest width holding every value it was presented:
// in the dynamics run (every register) and in the ten accuracy runs (W, b, c, energy).
// Registers that saw no value are left out.
func observedBits(dyn map[string]datapath.RangeLog, acc [usps.Digits]*usps.ClassScores) map[string]int {
	out := map[string]int{}
	see := func(name string, l datapath.RangeLog) {
		if l.Count > 0 {
			out[name] = max(out[name], l.Bits())
		}
	}
	for name, l := range dyn {
		see(name, l)
	}
	for _, s := range acc {
		for name, l := range s.Ranges {
			see(name, l)
		}
	}
	return out
}

// cyclesPerIteration is the mean, over the ten classes' runs and their iterations, of the
// tiled datapath's exact cycle count (Arch.IterationCycles) at each iteration's sweeps.
func cyclesPerIteration(a datapath.Arch, classes [usps.Digits]*usps.ClassScores) float64 {
	var total float64
	var n int
	for _, s := range classes {
		total += float64(a.IterationCycles(1, s.FirstSweeps))
		n++
		for sw, count := range s.SweepHist {
			if count > 0 {
				total += float64(count) * float64(a.IterationCycles(2, sw))
				n += count
			}
		}
	}
	return math.Round(total/float64(n)*10) / 10
}

// eligible reports whether a point can be on a front: valid, measured, and fitting.
func eligible(p PointResult) bool {
	return p.Valid && p.TestError != nil && p.Fits != nil && *p.Fits
}

// pareto returns the indexes of the eligible points no other eligible point dominates in
// (test error, cost), both lower-is-better: q dominates p when it is no worse in both and
// better in one. Equal points do not dominate each other, so ties are all on the front.
// Indexes are in increasing cost, then test error, then label.
func pareto(points []PointResult, cost func(PointResult) (float64, bool)) []int {
	var cand []int
	for i, p := range points {
		if _, ok := cost(p); ok && eligible(p) {
			cand = append(cand, i)
		}
	}
	var front []int
	for _, i := range cand {
		ci, _ := cost(points[i])
		ei := *points[i].TestError
		dominated := false
		for _, j := range cand {
			cj, _ := cost(points[j])
			ej := *points[j].TestError
			if cj <= ci && ej <= ei && (cj < ci || ej < ei) {
				dominated = true
				break
			}
		}
		if !dominated {
			front = append(front, i)
		}
	}
	slices.SortStableFunc(front, func(a, b int) int {
		ca, _ := cost(points[a])
		cb, _ := cost(points[b])
		return cmp.Or(cmp.Compare(ca, cb), cmp.Compare(*points[a].TestError, *points[b].TestError), cmp.Compare(points[a].Label, points[b].Label))
	})
	return front
}

// ParetoLogicCells is the front of test error against logic cells.
func ParetoLogicCells(points []PointResult) []int {
	return pareto(points, func(p PointResult) (float64, bool) {
		if p.LogicCells == nil {
			return 0, false
		}
		return float64(*p.LogicCells), true
	})
}

// ParetoSpeed is the front of test error against iterations per second (more is better).
func ParetoSpeed(points []PointResult) []int {
	return pareto(points, func(p PointResult) (float64, bool) {
		if p.IterationsPerS == nil {
			return 0, false
		}
		return -*p.IterationsPerS, true
	})
}

// withinTolerance reports whether the point's test error is measured and at most its float
// reference's plus tol percentage points. The errors are percentages of the same test
// images, so the 1e-9 only absorbs the rounding of the sum.
func (p PointResult) withinTolerance(tol float64) bool {
	return p.TestError != nil && p.ReferenceTestError != nil && *p.TestError <= *p.ReferenceTestError+tol+1e-9
}

// Recommend picks the cheapest fitting point (fewest logic cells; then more iterations per
// second; then label) whose test error is at most its float reference's plus tol
// percentage points. Nil when no point qualifies.
func Recommend(points []PointResult, tol float64) *Recommendation {
	best := -1
	for i, p := range points {
		if !eligible(p) || p.LogicCells == nil || !p.withinTolerance(tol) {
			continue
		}
		if best < 0 || better(p, points[best]) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	p := points[best]
	r := &Recommendation{Label: p.Label, TestError: *p.TestError, ReferenceTestError: *p.ReferenceTestError, Tolerance: tol, LogicCells: *p.LogicCells}
	if p.IterationsPerS != nil {
		r.IterationsPerS = *p.IterationsPerS
	}
	r.Why = fmt.Sprintf("the fewest logic cells (%d) of the points that fit and whose test error (%.2f %%) is within %.2f points of the float reference's (%.2f %%)",
		r.LogicCells, r.TestError, tol, r.ReferenceTestError)
	return r
}

func better(a, b PointResult) bool {
	if *a.LogicCells != *b.LogicCells {
		return *a.LogicCells < *b.LogicCells
	}
	sa, sb := speed(a), speed(b)
	if sa != sb {
		return sa > sb
	}
	return a.Label < b.Label
}

func speed(p PointResult) float64 {
	if p.IterationsPerS == nil {
		return 0
	}
	return *p.IterationsPerS
}

// Write puts results.json, table.md and the two front plots into dir, each atomically.
func (r *Results) Write(dir string) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(dir+"/results.json", append(b, '\n')); err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(dir+"/table.md", []byte(r.Markdown())); err != nil {
		return err
	}
	return r.plots(dir)
}
