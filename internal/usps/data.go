package usps

import (
	"fmt"
	"sync"

	"herdsim/classify"
	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
)

// Digits is the number of classes.
const Digits = 10

// Source gives the seeded splits of every digit; *dataset.USPS is one.
type Source interface {
	Split(digit, split int, seed uint64) (train, valid, test *dataset.Binary, err error)
}

// splitData is one split of all ten digits, with the evaluation sets prepared once.
type splitData struct {
	split       int
	train       [Digits]*dataset.Binary
	evalRows    [][]int8 // every validation image (digits 0..9), then every test image
	validLabels []int
	testLabels  []int
	validCounts []int // per digit
	testCounts  []int

	// evalRows prepared for each kind of model, built on first use (once, whichever of
	// the units computed at once asks first).
	batch                      *herding.Batch
	evalMat                    *classify.Matrix
	dpEval                     *datapath.Vectors
	batchOnce, matOnce, dpOnce sync.Once
}

func loadSplit(src Source, split int, seed uint64) (*splitData, error) {
	s := &splitData{split: split}
	var valid, test [][]int8
	for d := 0; d < Digits; d++ {
		tr, va, te, err := src.Split(d, split, seed)
		if err != nil {
			return nil, fmt.Errorf("split %d digit %d: %w", split, d, err)
		}
		s.train[d] = tr
		valid = append(valid, va.Rows...)
		test = append(test, te.Rows...)
		s.validCounts = append(s.validCounts, va.N())
		s.testCounts = append(s.testCounts, te.N())
		s.validLabels = append(s.validLabels, repeat(d, va.N())...)
		s.testLabels = append(s.testLabels, repeat(d, te.N())...)
	}
	s.evalRows = append(valid, test...)
	return s, nil
}

func repeat(v, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func (s *splitData) d() int      { return s.train[0].D }
func (s *splitData) nValid() int { return len(s.validLabels) }
func (s *splitData) herdBatch() *herding.Batch {
	s.batchOnce.Do(func() { s.batch = herding.NewBatch(s.evalRows, s.d()) })
	return s.batch
}

func (s *splitData) rbmEval() *classify.Matrix {
	s.matOnce.Do(func() { s.evalMat = classify.FromSigns(s.evalRows, s.d()) })
	return s.evalMat
}

func (s *splitData) datapathEval() *datapath.Vectors {
	s.dpOnce.Do(func() {
		s.dpEval = datapath.NewVectors(&dataset.Binary{Name: "evaluation images", D: s.d(), Rows: s.evalRows})
	})
	return s.dpEval
}

// pixels returns the matrix and labels of all digits' training images, then the
// validation and test matrices.
func (s *splitData) pixels() (train *classify.Matrix, trainLabels []int, valid, test *classify.Matrix) {
	var rows [][]int8
	for d, b := range s.train {
		rows = append(rows, b.Rows...)
		trainLabels = append(trainLabels, repeat(d, b.N())...)
	}
	nv := s.nValid()
	return classify.FromSigns(rows, s.d()), trainLabels,
		classify.FromSigns(s.evalRows[:nv], s.d()), classify.FromSigns(s.evalRows[nv:], s.d())
}
