package herding

import (
	"gonum.org/v1/gonum/floats"

	"herdsim/internal/parallel"
)

// Tracker keeps the energies F(x) of a fixed set of vectors (the USPS experiment's
// validation and test images) current while the engine herds, by the same flip-driven
// update as the engine's own fields: with E the tracked vectors and G_E = E X^T,
//
//	H_E,t+1 = H_E,t + G_E Z_t - N (E x*_t) z*_t^T + 1 db^T,   c.e_m += e_m . sum_n x_n - N e_m . x*_t
//
// and G_E Z_t is itself moved along the flips of Z. Values are integers held exactly, so
// Energies equals Params.Energies bit for bit (tested). Where the engine has no
// incremental fields (the direct or unscaled form, or decoupled herding) Energies
// computes them directly.
type Tracker struct {
	fieldSet // over the set: A = G_E Z
	e        *Engine
	set      vectors
	gramT    *flipRows   // G_E^T, N x M: row r is x_r . e_m for every m
	zprevT   []int8      // the Z the last advance applied (K x N; +1 at the start, see flips.go)
	flips    []unitFlips // per hidden unit, its flips since zprevT (storage reused every step)
	stale    bool        // the incremental update no longer applies: compute directly
	energy   []int64     // scratch of Energies: sum_i |h_im|, M
}

// Track starts keeping the energies of b current from the engine's present parameters.
// Building it costs one direct energy pass and M N D for G_E; from then on each Step adds
// the cost of the flips (M per flip). Track the same set once.
func (e *Engine) Track(b *Batch) *Tracker {
	tr := &Tracker{e: e, set: b.v}
	if e.inc == nil {
		tr.stale = true
		return tr
	}
	n, m := e.n, tr.set.n
	tr.gramT = newFlipRows(n, m, e.data.d)
	tr.fieldSet, tr.energy = newFieldSet(&tr.set, &e.p, e.sumX, tr.gramT.width()), make([]int64, m)
	tr.zprevT, tr.flips = startStates(e.cfg.Hidden*n), make([]unitFlips, e.cfg.Hidden)
	parallel.For(n, 8, func(lo, hi int) {
		for r := lo; r < hi; r++ {
			for j := 0; j < m; j++ {
				tr.gramT.set(r, j, int(floats.Dot(e.data.row(r), tr.set.row(j))))
			}
		}
	})
	e.trackers = append(e.trackers, tr)
	return tr
}

// Energies writes F(x) of every tracked vector under the engine's current parameters.
func (tr *Tracker) Energies(out []float64) {
	if len(out) != tr.set.n {
		panic("herding: Tracker.Energies: output has the wrong length")
	}
	if tr.stale {
		fieldPass(&tr.e.p, tr.e.cfg.Gamma, tr.e.offsetEnergy(), &tr.set, nil, out)
		return
	}
	m, k := tr.m, tr.e.cfg.Hidden
	parallel.For(m, 64, func(lo, hi int) {
		sums := tr.energy[lo:hi]
		clear(sums)
		for i := 0; i < k; i++ {
			energyPass(tr.rowUpdate(i, lo, hi), sums)
		}
		for r, v := range sums {
			out[lo+r] = tr.cx[lo+r] + float64(v) // exact: every value an integer below 2^53
		}
	})
	tr.pending = false
}

// advance follows one update of the engine: zT is Z_t transposed (K x N), xs and zs the
// pseudo-sample, db the hidden-bias update (nil without growth).
func (tr *Tracker) advance(zT []int8, xs, zs, db []float64) {
	if tr.stale {
		return
	}
	tr.flush() // the pending update needs A before these flips
	n, w := tr.e.n, tr.aStride
	parallel.For(tr.e.cfg.Hidden, 4, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			tr.flips[i].reset()
			gatherFlips(zT[i*n:(i+1)*n], tr.zprevT[i*n:(i+1)*n], &tr.flips[i])
		}
		addFlipsUnits(tr.a[lo*w:hi*w], tr.gramT, tr.flips[lo:hi])
	})
	copy(tr.zprevT, zT)
	tr.record(n, xs, zs, db)
}
