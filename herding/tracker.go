package herding

import (
	"gonum.org/v1/gonum/floats"

	"herdsim/internal/parallel"
)

// Tracker keeps the energies F(x) of a fixed set of vectors (the USPS experiment's
// validation and test images) current while the engine herds, by the same flip-driven
// update as the engine's own fields (issue 7): with E the tracked vectors and G_E = E X^T,
//
//	H_E,t+1 = H_E,t + G_E Z_t - N (E x*_t) z*_t^T + 1 db^T,   c.e_m += e_m . sum_n x_n - N e_m . x*_t
//
// and G_E Z_t is itself moved along the flips of Z. Values are integers held exactly, so
// Energies equals Params.Energies bit for bit (tested). Where the engine has no
// incremental fields (the direct or unscaled form, or decoupled herding) Energies
// computes them directly.
type Tracker struct {
	e      *Engine
	set    vectors
	m      int
	gramT  []float32 // G_E^T, N x M: row r is x_r . e_m for every m
	a      []float32 // (G_E Z)^T, K x M
	h      []float64 // fields, K x M
	cx     []float64 // c . e_m
	rowSum []float64 // e_m . sum_n x_n
	edot   []float64 // e_m . x* (scratch)
	zprevT []int8    // the Z the last advance applied (K x N; zero at the start)
	stale  bool      // the incremental update no longer applies: compute directly
}

// Track starts keeping the energies of b current from the engine's present parameters.
// Building it costs one direct energy pass and M N D for G_E; from then on each Step adds
// the cost of the flips (M per flip). Track the same set once.
func (e *Engine) Track(b *Batch) *Tracker {
	tr := &Tracker{e: e, set: b.v, m: b.v.n}
	if e.inc == nil {
		tr.stale = true
		return tr
	}
	n, m, k := e.n, tr.m, e.cfg.Hidden
	tr.gramT, tr.a, tr.h = make([]float32, n*m), make([]float32, k*m), make([]float64, k*m)
	tr.cx, tr.rowSum, tr.edot = make([]float64, m), make([]float64, m), make([]float64, m)
	tr.zprevT = make([]int8, k*n)
	parallel.For(n, 8, func(lo, hi int) {
		for r := lo; r < hi; r++ {
			for j := 0; j < m; j++ {
				tr.gramT[r*m+j] = float32(floats.Dot(e.data.row(r), tr.set.row(j)))
			}
		}
	})
	p := &e.p
	parallel.For(k, 4, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			for j := 0; j < m; j++ {
				tr.h[i*m+j] = floats.Dot(p.Row(i), tr.set.row(j)) + p.B[i]
			}
		}
	})
	for j := 0; j < m; j++ {
		tr.cx[j] = floats.Dot(p.C, tr.set.row(j))
		tr.rowSum[j] = floats.Dot(e.sumX, tr.set.row(j))
	}
	e.trackers = append(e.trackers, tr)
	return tr
}

// Energies writes F(x) of every tracked vector under the engine's current parameters.
func (tr *Tracker) Energies(out []float64) {
	if len(out) != tr.m {
		panic("herding: Tracker.Energies: output has the wrong length")
	}
	if tr.stale {
		fieldPass(&tr.e.p, tr.e.cfg.Gamma, tr.e.offsetEnergy(), &tr.set, nil, out)
		return
	}
	m, k := tr.m, tr.e.cfg.Hidden
	parallel.For(m, 64, func(lo, hi int) {
		copy(out[lo:hi], tr.cx[lo:hi])
		for i := 0; i < k; i++ {
			for j, v := range tr.h[i*m+lo : i*m+hi] {
				if v < 0 {
					v = -v
				}
				out[lo+j] += v
			}
		}
	})
}

// advance follows one update of the engine: zT is Z_t transposed (K x N), xs and zs the
// pseudo-sample, db the hidden-bias update (nil without growth).
func (tr *Tracker) advance(zT []int8, xs, zs, db []float64) {
	if tr.stale {
		return
	}
	n, m := tr.e.n, tr.m
	N := float64(n)
	for j := 0; j < m; j++ {
		tr.edot[j] = floats.Dot(tr.set.row(j), xs)
		tr.cx[j] += tr.rowSum[j] - N*tr.edot[j]
	}
	parallel.For(tr.e.cfg.Hidden, 4, func(lo, hi int) {
		flips := make([][]int32, hi-lo)
		for i := lo; i < hi; i++ {
			flips[i-lo] = gatherFlips(zT[i*n:(i+1)*n], tr.zprevT[i*n:(i+1)*n], nil)
		}
		addFlipsUnits(tr.a[lo*m:hi*m], m, tr.gramT, flips)
		for i := lo; i < hi; i++ {
			arow := tr.a[i*m : (i+1)*m]
			hrow := tr.h[i*m : (i+1)*m]
			for j, v := range arow {
				hrow[j] += float64(v)
			}
			floats.AddScaled(hrow, -N*zs[i], tr.edot)
			if db != nil {
				floats.AddConst(db[i], hrow)
			}
		}
	})
	copy(tr.zprevT, zT)
}
