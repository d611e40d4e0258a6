package herding

import (
	"slices"

	"gonum.org/v1/gonum/floats"

	"herdsim/internal/parallel"
)

// The negative phase's coordinate ascent (docs/spec.md, "One iteration", step 3): from
// (x, z), at most S sweeps of z <- sign(W x + b) then x <- sign(W^T z + c), stopping after
// the first sweep that changes neither. There are two implementations with the same sweeps:
//
//   - ascent, for the scaled form, where every value is an exact integer below 2^53 (and
//     Gamma is 1): sums may run in any order, on every core, and the sweeps after the first
//     move the fields along the flips instead of recomputing them.
//   - searchUnscaled, for the paper's unscaled form: gonum's order of summation, one core,
//     every field recomputed in every sweep, the temperature applied before each sign.

// ascent keeps the fields of the search between its sweeps. The first sweep computes them
// from W: u_i = W_i . x + b_i (a dot product per row) and v = c + sum_i z_i W_i (each row
// added right after its dot product, while it is in L1). A later sweep only moves them:
// for the visible units the sweep before flipped, u_i += 2 x_j W_ij (the new x_j; a few
// columns of each row, or the whole dot product again when many flipped), and for every
// hidden unit it flips, v += 2 z_i W_i. Searches at K = 1000 on USPS run about eight sweeps
// an iteration, most of them moving a handful of units: this reads W about once per
// iteration instead of once per sweep. Every value is an exact integer, so the fields,
// and with them the signs and the sweeps, are those of recomputing (tested against
// docs/spec.md's transcription).
//
// The rows are shared among the cores, each worker summing its rows' part of v's change
// in a buffer of its own; v adds the parts in any order (exact integers: the same bits).
type ascent struct {
	u     []float64   // hidden fields W x + b of the current x, K
	v     []float64   // visible fields W^T z + c of the current z, D
	parts [][]float64 // per worker: its rows' part of sum z_i W_i (first sweep) or of the flipped rows' (later), D
	flips []int       // the visible units the last sweep flipped
}

// redotShare: once more than D / redotShare visible units flipped in one sweep, the next
// takes every dot product again rather than gather the flipped columns (a gathered entry
// costs about as much as a cache line, eight entries, of a streamed row).
const redotShare = 8

// gatherCost is the work (in Grain's units) of one gathered entry of W.
const gatherCost = 8

// run is the search from (x, z), in place; it returns the sweeps run.
func (a *ascent) run(p *Params, maxSweeps int, x, z []float64) int {
	a.size(p)
	for sweep := 1; sweep <= maxSweeps; sweep++ {
		first := sweep == 1
		changedZ, used := a.hiddenHalf(p, x, z, first)
		a.collect(p, used, first)
		changedX := a.visibleHalf(x)
		if !changedZ && !changedX {
			return sweep
		}
	}
	return maxSweeps
}

// size makes the scratch fit p.
func (a *ascent) size(p *Params) {
	if len(a.u) == p.K && len(a.v) == p.D {
		return
	}
	a.u, a.v, a.parts = make([]float64, p.K), make([]float64, p.D), make([][]float64, searchWorkers(p.K, p.D))
	for w := range a.parts {
		a.parts[w] = make([]float64, p.D)
	}
}

// searchWorkers is the most workers a search over a K x D W uses, each with a D-vector
// of its rows' sums (ascent.parts).
func searchWorkers(k, d int) int { return min(parallel.Workers(k*d, parallel.Grain), maxWorkers) }

// hiddenHalf brings u up to date with x, sets z <- sign(u) and sums the rows into the
// workers' parts: every row z_i W_i in the first sweep, the flipped rows' z_i W_i after.
// It reports whether a z_i changed and how many workers' parts it filled.
func (a *ascent) hiddenHalf(p *Params, x, z []float64, first bool) (changed bool, used int) {
	redot := first || len(a.flips)*redotShare > p.D
	work := p.K * p.D
	if !redot {
		work = p.K * len(a.flips) * gatherCost
	}
	workers := min(parallel.Workers(work, parallel.Grain), len(a.parts))
	var changedBy [maxWorkers]bool
	for _, part := range a.parts[:workers] {
		clear(part)
	}
	parallel.Share(p.K, 32, workers, func(w, lo, hi int) {
		if a.hiddenRows(p, x, z, a.parts[w], lo, hi, first, redot) {
			changedBy[w] = true
		}
	})
	return slices.Contains(changedBy[:workers], true), workers
}

// hiddenRows is hiddenHalf over rows [lo, hi), summing into part; it reports whether a
// z_i changed.
func (a *ascent) hiddenRows(p *Params, x, z, part []float64, lo, hi int, first, redot bool) bool {
	changed := false
	for i := lo; i < hi; i++ {
		row := p.Row(i)
		if redot {
			a.u[i] = dotExact(row, x) + p.B[i]
		} else {
			a.u[i] += 2 * gatherColumns(row, x, a.flips)
		}
		s := float64(sign(a.u[i]))
		flipped := s != z[i]
		if first || flipped {
			addSigned(part, row, s > 0)
		}
		if flipped {
			z[i], changed = s, true
		}
	}
	return changed
}

// gatherColumns is sum over j in cols of row[j] x[j].
func gatherColumns(row, x []float64, cols []int) float64 {
	sum := 0.0
	for _, j := range cols {
		sum += row[j] * x[j]
	}
	return sum
}

// collect moves v by the parts: v = c + sum of the parts after the first sweep, v += 2 sum
// of the parts (the flipped rows went from -z_i to z_i) after a later one.
func (a *ascent) collect(p *Params, used int, first bool) {
	if first {
		copy(a.v, p.C)
	}
	for _, part := range a.parts[:used] {
		if first {
			floats.Add(a.v, part)
		} else {
			floats.AddScaled(a.v, 2, part)
		}
	}
}

// visibleHalf sets x <- sign(v), noting the flips; it reports whether an x_j changed.
func (a *ascent) visibleHalf(x []float64) bool {
	a.flips = a.flips[:0]
	for j, f := range a.v {
		if s := float64(sign(f)); s != x[j] {
			x[j] = s
			a.flips = append(a.flips, j)
		}
	}
	return len(a.flips) > 0
}

// searchUnscaled is the search in the unscaled form, in place (acc is scratch of length D);
// it returns the sweeps run. One pass over W per sweep: each row, right after its dot
// product gives z_i, is added to W^T z while it is in L1 (the sums run over i in the same
// order as a second pass would).
func searchUnscaled(p *Params, gamma float64, maxSweeps int, x, z, acc []float64) int {
	for sweep := 1; sweep <= maxSweeps; sweep++ {
		copy(acc, p.C)
		changed := sweepRowsUnscaled(p, gamma, x, z, acc)
		for j, v := range acc {
			if gamma != 1 {
				v /= gamma
			}
			if s := float64(sign(v)); s != x[j] {
				x[j], changed = s, true
			}
		}
		if !changed {
			return sweep
		}
	}
	return maxSweeps
}

// sweepRowsUnscaled is the z half of an unscaled sweep: z_i <- sign((W_i x + b_i)/gamma),
// and acc += z_i W_i. It reports whether a z_i changed.
func sweepRowsUnscaled(p *Params, gamma float64, x, z, acc []float64) bool {
	changed := false
	for i := 0; i < p.K; i++ {
		row := p.Row(i)
		v := floats.Dot(row, x) + p.B[i]
		if gamma != 1 {
			v /= gamma
		}
		s := float64(sign(v))
		if s != z[i] {
			z[i], changed = s, true
		}
		addSigned(acc, row, s > 0)
	}
	return changed
}
