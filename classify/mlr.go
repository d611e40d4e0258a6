package classify

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/optimize"

	"herdsim/internal/parallel"
)

// DefaultL2Grid is the grid of L2 strengths tried, largest first (warm starts run from
// the most to the least regularised model).
var DefaultL2Grid = []float64{10, 1, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5}

// MLR is a fitted multinomial logistic regression: class scores W_c . x + B_c.
type MLR struct {
	Classes, D int
	L2         float64   // the strength it was fitted with
	Theta      []float64 // Classes rows of D weights then one bias: row c at Theta[c*(D+1):]
}

// chunk is how many examples one partial gradient sums; partial sums are added in chunk
// order, so the gradient does not depend on the number of cores.
const chunk = 256

// objective is the penalised mean negative log-likelihood of the data.
type objective struct {
	x       *Matrix
	y       []int
	classes int
	l2      float64

	lastX          []float64 // the point the cache holds
	lastF          float64
	lastG          []float64
	partF          []float64
	partG          [][]float64
	evaluatedCount int
}

func newObjective(x *Matrix, y []int, classes int, l2 float64) *objective {
	nChunks := (x.Rows + chunk - 1) / chunk
	o := &objective{x: x, y: y, classes: classes, l2: l2,
		lastG: make([]float64, classes*(x.Cols+1)),
		partF: make([]float64, nChunks), partG: make([][]float64, nChunks)}
	for i := range o.partG {
		o.partG[i] = make([]float64, len(o.lastG))
	}
	return o
}

// eval computes the objective and its gradient at theta (cached for the last point).
func (o *objective) eval(theta []float64) (float64, []float64) {
	if o.lastX != nil && slices.Equal(o.lastX, theta) {
		return o.lastF, o.lastG
	}
	o.evaluatedCount++
	parallel.For(len(o.partG), 1, func(lo, hi int) {
		scores := make([]float64, o.classes)
		for c := lo; c < hi; c++ {
			o.partF[c] = o.chunkLoss(theta, c, scores, o.partG[c])
		}
	})
	f := 0.0
	clear(o.lastG)
	for c := range o.partG {
		f += o.partF[c]
		for k, v := range o.partG[c] {
			o.lastG[k] += v
		}
	}
	f = o.finish(theta, f)
	o.lastX = append(o.lastX[:0], theta...)
	o.lastF = f
	return f, o.lastG
}

// chunkLoss sums -log p(y|x) over one chunk and writes the chunk's gradient sum to g.
func (o *objective) chunkLoss(theta []float64, c int, p, g []float64) float64 {
	clear(g)
	d := o.x.Cols
	f := 0.0
	for n := c * chunk; n < min((c+1)*chunk, o.x.Rows); n++ {
		x := o.x.Row(n)
		f += softmax(theta, x, p, o.y[n])
		for k := range p {
			gk := g[k*(d+1) : (k+1)*(d+1)]
			coef := p[k]
			if k == o.y[n] {
				coef--
			}
			for j, v := range x {
				gk[j] += coef * v
			}
			gk[d] += coef
		}
	}
	return f
}

// softmax fills p with the class probabilities of x and returns -log p[y].
func softmax(theta, x, p []float64, y int) float64 {
	d := len(x)
	top := math.Inf(-1)
	for k := range p {
		row := theta[k*(d+1) : (k+1)*(d+1)]
		s := row[d]
		for j, v := range x {
			s += row[j] * v
		}
		p[k] = s
		top = max(top, s)
	}
	sum := 0.0
	for k := range p {
		p[k] = math.Exp(p[k] - top)
		sum += p[k]
	}
	for k := range p {
		p[k] /= sum
	}
	return -math.Log(p[y])
}

// finish divides the sums by n and adds the penalty (weights only, not biases).
func (o *objective) finish(theta []float64, f float64) float64 {
	n := float64(o.x.Rows)
	d := o.x.Cols
	f /= n
	for k := range o.lastG {
		o.lastG[k] /= n
		if k%(d+1) != d {
			f += 0.5 * o.l2 * theta[k] * theta[k]
			o.lastG[k] += o.l2 * theta[k]
		}
	}
	return f
}

// FitMLR fits MLR to rows x with labels y in 0..classes-1 and L2 strength l2, starting
// from warm (nil: from zero).
func FitMLR(x *Matrix, y []int, classes int, l2 float64, warm *MLR) (*MLR, error) {
	if err := checkLabels(x, y, classes); err != nil {
		return nil, err
	}
	o := newObjective(x, y, classes, l2)
	theta := make([]float64, classes*(x.Cols+1))
	if warm != nil && len(warm.Theta) == len(theta) {
		copy(theta, warm.Theta)
	}
	theta, err := minimize(o, theta)
	if err != nil {
		return nil, fmt.Errorf("classify: MLR (L2 %g): %w", l2, err)
	}
	return &MLR{Classes: classes, D: x.Cols, L2: l2, Theta: theta}, nil
}

// minimize runs gonum's L-BFGS on the objective from theta. It is serial (Concurrent 0),
// so the same inputs give the same bytes. It stops when the largest gradient component
// falls below 1e-6, the objective stalls (relative change below 1e-10 for 10 iterations)
// or after 1000 iterations.
func minimize(o *objective, theta []float64) ([]float64, error) {
	problem := optimize.Problem{ // o.eval caches its last point, so Func then Grad evaluate once
		Func: func(t []float64) float64 { f, _ := o.eval(t); return f },
		Grad: func(grad, t []float64) { _, g := o.eval(t); copy(grad, g) },
	}
	settings := &optimize.Settings{
		GradientThreshold: 1e-6,
		MajorIterations:   1000,
		Converger:         &optimize.FunctionConverge{Relative: 1e-10, Iterations: 10},
	}
	res, err := optimize.Minimize(problem, theta, settings, &optimize.LBFGS{Store: 15})
	if res == nil {
		return nil, err
	}
	if err != nil && res.Status != optimize.IterationLimit {
		return nil, err
	}
	return res.X, nil
}

func checkLabels(x *Matrix, y []int, classes int) error {
	if x.Rows == 0 || len(y) != x.Rows {
		return fmt.Errorf("classify: %d rows but %d labels", x.Rows, len(y))
	}
	for n, v := range y {
		if v < 0 || v >= classes {
			return fmt.Errorf("classify: label %d of row %d is outside 0..%d", v, n, classes-1)
		}
	}
	return nil
}

// Predict returns the most probable class of every row (the lowest class on ties).
func (m *MLR) Predict(x *Matrix) []int {
	out := make([]int, x.Rows)
	d := m.D
	for n := range out {
		row := x.Row(n)
		best, bestS := 0, math.Inf(-1)
		for k := 0; k < m.Classes; k++ {
			w := m.Theta[k*(d+1) : (k+1)*(d+1)]
			s := w[d]
			for j, v := range row {
				s += w[j] * v
			}
			if s > bestS {
				best, bestS = k, s
			}
		}
		out[n] = best
	}
	return out
}

// ErrorRate is the fraction of predictions that differ from the labels.
func ErrorRate(pred, y []int) float64 {
	wrong := 0
	for i := range y {
		if pred[i] != y[i] {
			wrong++
		}
	}
	return float64(wrong) / float64(len(y))
}

// L2Choice records how an L2 strength was chosen.
type L2Choice struct {
	L2         float64   // the chosen strength
	Errors     []float64 // validation (or cross-validation) error of each grid value, in grid order
	ValidError float64   // the chosen strength's error
}

// pick chooses the lowest error; ties go to the earlier (larger, for DefaultL2Grid) value.
func pick(grid, errs []float64) L2Choice {
	best := 0
	for i := range errs {
		if errs[i] < errs[best] {
			best = i
		}
	}
	return L2Choice{L2: grid[best], Errors: errs, ValidError: errs[best]}
}

// SelectL2 fits MLR on (xTrain, yTrain) for every strength of grid (warm-started in grid
// order), and returns the model with the lowest error on (xValid, yValid).
func SelectL2(xTrain *Matrix, yTrain []int, xValid *Matrix, yValid []int, classes int, grid []float64) (*MLR, L2Choice, error) {
	var warm *MLR
	models := make([]*MLR, len(grid))
	errs := make([]float64, len(grid))
	for i, l2 := range grid {
		m, err := FitMLR(xTrain, yTrain, classes, l2, warm)
		if err != nil {
			return nil, L2Choice{}, err
		}
		models[i], errs[i], warm = m, ErrorRate(m.Predict(xValid), yValid), m
	}
	choice := pick(grid, errs)
	return models[slices.Index(grid, choice.L2)], choice, nil
}

// CrossValidateL2 chooses the strength by k-fold cross-validation on (x, y) (row n is in
// fold n mod folds) and refits on all of (x, y) with it.
func CrossValidateL2(x *Matrix, y []int, classes int, grid []float64, folds int) (*MLR, L2Choice, error) {
	if folds < 2 || folds > x.Rows {
		return nil, L2Choice{}, fmt.Errorf("classify: %d folds for %d rows", folds, x.Rows)
	}
	errs := make([]float64, len(grid))
	for f := 0; f < folds; f++ {
		tr, te := foldRows(x.Rows, folds, f)
		xt, yt := x.Subset(tr), pickLabels(y, tr)
		xv, yv := x.Subset(te), pickLabels(y, te)
		var warm *MLR
		for i, l2 := range grid {
			m, err := FitMLR(xt, yt, classes, l2, warm)
			if err != nil {
				return nil, L2Choice{}, err
			}
			errs[i] += ErrorRate(m.Predict(xv), yv) * float64(len(te)) / float64(x.Rows)
			warm = m
		}
	}
	choice := pick(grid, errs)
	m, err := FitMLR(x, y, classes, choice.L2, nil)
	return m, choice, err
}

func foldRows(n, folds, f int) (train, test []int) {
	for i := 0; i < n; i++ {
		if i%folds == f {
			test = append(test, i)
		} else {
			train = append(train, i)
		}
	}
	return train, test
}

func pickLabels(y, rows []int) []int {
	out := make([]int, len(rows))
	for k, i := range rows {
		out[k] = y[i]
	}
	return out
}
