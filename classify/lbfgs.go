package classify

import (
	"math"

	"gonum.org/v1/gonum/floats"
)

// lbfgsSettings stop the minimiser: the largest gradient component falls below
// gradTol, or the objective improves by less than relTol (relative) over stall
// consecutive iterations, or maxIter iterations ran.
type lbfgsSettings struct {
	memory  int
	gradTol float64
	relTol  float64
	stall   int
	maxIter int
}

var defaultLBFGS = lbfgsSettings{memory: 15, gradTol: 1e-6, relTol: 1e-10, stall: 10, maxIter: 1000}

// minimizeLBFGS minimises a smooth function by limited-memory BFGS (Nocedal and Wright,
// Algorithm 7.4, two-loop recursion) with a backtracking Armijo line search. fg returns
// f(x) and writes the gradient into g. x is updated in place. It is serial and
// deterministic: the same inputs give the same bytes.
//
// gonum.org/v1/gonum/optimize would do the same job, but importing it pulls in
// gonum/stat/distmv and golang.org/x/tools, which this module's go.sum does not list.
func minimizeLBFGS(fg func(x, g []float64) float64, x []float64, st lbfgsSettings) (f float64, iters int) {
	n := len(x)
	g, gNew, xNew, dir := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	var hist lbfgsHistory
	f = fg(x, g)
	stalled := 0
	for iters = 0; iters < st.maxIter && floats.Norm(g, math.Inf(1)) > st.gradTol; iters++ {
		hist.direction(g, dir)
		fNew, ok := backtrack(fg, x, g, dir, f, xNew, gNew, iters == 0)
		if !ok {
			break // no decrease along a descent direction: at the optimum to working precision
		}
		hist.push(x, xNew, g, gNew, st.memory)
		if f-fNew <= st.relTol*math.Max(1, math.Abs(f)) {
			stalled++
		} else {
			stalled = 0
		}
		copy(x, xNew)
		copy(g, gNew)
		f = fNew
		if stalled >= st.stall {
			break
		}
	}
	return f, iters
}

// backtrack tries steps 1, 1/2, 1/4, ... along dir until the Armijo condition holds.
// The first iteration starts from the step that moves the largest component by 1.
func backtrack(fg func(x, g []float64) float64, x, g, dir []float64, f float64, xNew, gNew []float64, first bool) (float64, bool) {
	slope := floats.Dot(g, dir)
	if slope >= 0 {
		floats.ScaleTo(dir, -1, g) // not a descent direction: fall back to steepest descent
		slope = floats.Dot(g, dir)
	}
	step := 1.0
	if first {
		step = 1 / math.Max(1, floats.Norm(dir, math.Inf(1)))
	}
	for k := 0; k < 60; k++ {
		floats.AddScaledTo(xNew, x, step, dir)
		if fNew := fg(xNew, gNew); fNew <= f+1e-4*step*slope {
			return fNew, true
		}
		step /= 2
	}
	return f, false
}

// lbfgsHistory holds the last pairs s = x_{k+1} - x_k, y = g_{k+1} - g_k.
type lbfgsHistory struct {
	s, y [][]float64
	rho  []float64
}

func (h *lbfgsHistory) push(x, xNew, g, gNew []float64, memory int) {
	s, y := make([]float64, len(x)), make([]float64, len(x))
	floats.SubTo(s, xNew, x)
	floats.SubTo(y, gNew, g)
	sy := floats.Dot(s, y)
	if sy <= 1e-12*floats.Dot(y, y) {
		return // curvature condition fails: keep the old pairs
	}
	if len(h.s) == memory {
		h.s, h.y, h.rho = h.s[1:], h.y[1:], h.rho[1:]
	}
	h.s, h.y, h.rho = append(h.s, s), append(h.y, y), append(h.rho, 1/sy)
}

// direction writes -H g into dir by the two-loop recursion.
func (h *lbfgsHistory) direction(g, dir []float64) {
	copy(dir, g)
	alpha := make([]float64, len(h.s))
	for i := len(h.s) - 1; i >= 0; i-- {
		alpha[i] = h.rho[i] * floats.Dot(h.s[i], dir)
		floats.AddScaled(dir, -alpha[i], h.y[i])
	}
	if m := len(h.s); m > 0 {
		floats.Scale(1/(h.rho[m-1]*floats.Dot(h.y[m-1], h.y[m-1])), dir)
	}
	for i := range h.s {
		beta := h.rho[i] * floats.Dot(h.y[i], dir)
		floats.AddScaled(dir, alpha[i]-beta, h.s[i])
	}
	floats.Scale(-1, dir)
}
