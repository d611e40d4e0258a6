package usps

import "math"

// MeanStd returns the mean and the population standard deviation (dividing by n) of x.
func MeanStd(x []float64) (mean, sd float64) {
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	for _, v := range x {
		sd += (v - mean) * (v - mean)
	}
	return mean, math.Sqrt(sd / float64(len(x)))
}

// Accumulator averages standardised energies over iterations: at each Add, the
// evaluation energies are z-scored with the mean and standard deviation of that
// iteration's training energies.
type Accumulator struct {
	sum   []float64
	iters int
}

// NewAccumulator averages the scores of n evaluation vectors.
func NewAccumulator(n int) *Accumulator { return &Accumulator{sum: make([]float64, n)} }

// Add adds one iteration: eval[m] contributes (eval[m] - mean(train)) / sd(train). A zero
// deviation (all training energies equal) counts as 1 so that scores stay finite.
func (a *Accumulator) Add(train, eval []float64) {
	if len(eval) != len(a.sum) {
		panic("usps: Accumulator.Add: wrong number of evaluation energies")
	}
	mean, sd := MeanStd(train)
	if sd == 0 {
		sd = 1
	}
	for m, e := range eval {
		a.sum[m] += (e - mean) / sd
	}
	a.iters++
}

// Iterations is the number of Adds.
func (a *Accumulator) Iterations() int { return a.iters }

// Mean returns the average score of every evaluation vector.
func (a *Accumulator) Mean() []float64 {
	out := make([]float64, len(a.sum))
	for m, s := range a.sum {
		out[m] = s / float64(a.iters)
	}
	return out
}
