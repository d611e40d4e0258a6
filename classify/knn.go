package classify

import (
	"fmt"
	"math"

	"herdsim/internal/parallel"
)

// NearestNeighbor is the 1-nearest-neighbour rule with the Manhattan (L1) distance.
type NearestNeighbor struct {
	train  *Matrix
	labels []int
}

// NewNearestNeighbor stores the training rows and their labels.
func NewNearestNeighbor(train *Matrix, labels []int) (*NearestNeighbor, error) {
	if train.Rows == 0 || len(labels) != train.Rows {
		return nil, fmt.Errorf("classify: 1-NN with %d rows and %d labels", train.Rows, len(labels))
	}
	return &NearestNeighbor{train: train, labels: labels}, nil
}

// Manhattan is the L1 distance sum_j |a_j - b_j|.
func Manhattan(a, b []float64) float64 {
	s := 0.0
	for j, v := range a {
		s += math.Abs(v - b[j])
	}
	return s
}

// Nearest returns the index of the training row closest to x (the lowest index on ties).
func (nn *NearestNeighbor) Nearest(x []float64) int {
	best, bestD := 0, math.Inf(1)
	for i := 0; i < nn.train.Rows; i++ {
		if d := Manhattan(x, nn.train.Row(i)); d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// Predict returns the label of the nearest training row for every row of x.
func (nn *NearestNeighbor) Predict(x *Matrix) []int {
	if x.Cols != nn.train.Cols {
		panic(fmt.Sprintf("classify: 1-NN query has %d columns, training rows %d", x.Cols, nn.train.Cols))
	}
	out := make([]int, x.Rows)
	parallel.For(x.Rows, 8, func(lo, hi int) {
		for n := lo; n < hi; n++ {
			out[n] = nn.labels[nn.Nearest(x.Row(n))]
		}
	})
	return out
}
