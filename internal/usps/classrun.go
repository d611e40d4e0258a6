package usps

import (
	"context"
	"fmt"

	"herdsim/classify"
	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
)

// This file exports the classification pipeline one class at a time, for callers that
// choose their own models (herdsim explore: herding on the datapath model with every
// register at a chosen width). It reuses the package's split data, energy models and
// z-score accumulator; nothing here changes what Run computes.

// SplitData is one split of the ten digits, loaded once and read-only afterwards: safe
// for concurrent ClassScores calls.
type SplitData struct{ s *splitData }

// LoadSplitData loads split split of every digit (seed: the 700/300/100 split seed) and
// prepares the evaluation images for herding and for the datapath model.
func LoadSplitData(src Source, split int, seed uint64) (*SplitData, error) {
	s, err := loadSplit(src, split, seed)
	if err != nil {
		return nil, err
	}
	s.herdBatch()
	s.datapathEval()
	return &SplitData{s: s}, nil
}

// Train is digit class's training set.
func (d *SplitData) Train(class int) *dataset.Binary { return d.s.train[class] }

// ClassRun is one herding model of one class: K hidden units in a mode, W_0 from Seed,
// Learn then Collect iterations (the package documentation's pipeline).
type ClassRun struct {
	Hidden         int
	Mode           herding.Mode
	Seed           uint64
	Learn, Collect int
	// Arch, when set, runs herding on the datapath model (datapath.Functional) with these
	// registers; its sizes (K, D, N) must be the class's. Nil runs the float reference.
	Arch *datapath.Arch
}

// ClassScores are one class's averaged z-scores of the split's validation and test images,
// with what the run did.
type ClassScores struct {
	Valid       []float64 `json:"valid_scores"`
	Test        []float64 `json:"test_scores"`
	ValidCounts []int     `json:"valid_counts"` // per digit
	TestCounts  []int     `json:"test_counts"`
	// FirstSweeps are the sweeps of iteration 1; SweepHist[s] counts the later iterations
	// whose search ran s sweeps (the cycle count of an iteration depends on both).
	FirstSweeps int   `json:"first_sweeps"`
	SweepHist   []int `json:"sweep_hist"`
	// Datapath runs: values that overflowed each register in the herding iterations, and
	// in the evaluation images' field passes (zero counts left out).
	Overflows     map[string]uint64 `json:"overflows,omitempty"`
	EvalOverflows uint64            `json:"eval_overflows,omitempty"`
	// Datapath runs: the range of the values W, b and c held after every iteration, and
	// of every energy (training and evaluation images) the energy register gave.
	Ranges map[string]datapath.RangeLog `json:"ranges,omitempty"`
	// Datapath runs: the iteration from which the functional model ran. Before it the
	// bounds proved that no register could overflow, and the float reference gave the
	// datapath's values (datapathModel); 0 when they held to the end.
	ExactFrom int `json:"exact_from,omitempty"`
}

// sweepModel is what ClassScores needs of a model: the energy model and the sweeps of the
// step it last took.
type sweepModel interface {
	energyModel
	sweeps() int
}

// ClassScores runs one class's model through the pipeline: Learn iterations, then Collect
// iterations whose z-scored evaluation energies are averaged.
func (d *SplitData) ClassScores(ctx context.Context, class int, run ClassRun) (*ClassScores, error) {
	return d.classScores(ctx, class, run, false)
}

// classScores is ClassScores; exactOnly runs a datapath model on the functional model
// from the first iteration (the check that the shortcut changes nothing).
func (d *SplitData) classScores(ctx context.Context, class int, run ClassRun, exactOnly bool) (*ClassScores, error) {
	s := d.s
	train := s.train[class]
	if run.Learn < 0 || run.Collect <= 0 {
		return nil, fmt.Errorf("usps: class run needs Learn >= 0 and Collect > 0 iterations")
	}
	var m sweepModel
	var dm *datapathModel
	if run.Arch == nil {
		e, err := herding.New(train, herding.Config{Hidden: run.Hidden, Mode: run.Mode, Seed: run.Seed})
		if err != nil {
			return nil, err
		}
		m = &herdModel{e: e, batch: s.herdBatch()}
	} else {
		a := *run.Arch
		if a.K != run.Hidden || a.N != train.N() || a.D != train.D || a.Mode != run.Mode {
			return nil, fmt.Errorf("usps: the Arch is K=%d N=%d D=%d %s, class %d needs K=%d N=%d D=%d %s",
				a.K, a.N, a.D, a.Mode, class, run.Hidden, train.N(), train.D, run.Mode)
		}
		if e := a.Regs[datapath.RegEnergy].Format.Word; e > 53 {
			return nil, fmt.Errorf("usps: the energy register is %d bits, more than float64 holds exactly", e)
		}
		var err error
		if dm, err = newFunctionalModel(a, train, run.Seed, s, exactOnly); err != nil {
			return nil, err
		}
		m = dm
	}
	out := &ClassScores{ValidCounts: s.validCounts, TestCounts: s.testCounts}
	record := func(t int) {
		if t == 1 {
			out.FirstSweeps = m.sweeps()
			return
		}
		for len(out.SweepHist) <= m.sweeps() {
			out.SweepHist = append(out.SweepHist, 0)
		}
		out.SweepHist[m.sweeps()]++
	}
	scores, err := learnAndCollect(ctx, m, run.Learn, run.Collect, len(s.evalRows), func(t int, _ bool) { record(t) })
	if err != nil {
		return nil, err
	}
	out.Valid, out.Test = scores[:s.nValid()], scores[s.nValid():]
	if dm != nil {
		out.Overflows, out.EvalOverflows, out.ExactFrom, out.Ranges = dm.overflows(), dm.evalOverflows, dm.exactFrom, dm.rangeLogs()
	}
	return out, nil
}

// ClassTestError fits MLR on the ten classes' validation scores (L2 by 5-fold
// cross-validation, as Run does) and returns the test error in percent and the chosen L2.
func ClassTestError(classes [Digits]*ClassScores) (float64, float64, error) {
	var recs [Digits]*Record
	for c, cs := range classes {
		if cs == nil {
			return 0, 0, fmt.Errorf("usps: class %d has no scores", c)
		}
		recs[c] = &Record{Class: c, Model: "explore", ValidScores: cs.Valid, TestScores: cs.Test,
			Settings: Settings{ValidCounts: cs.ValidCounts, TestCounts: cs.TestCounts}}
	}
	valid, test, yv, yt, err := Features(recs)
	if err != nil {
		return 0, 0, err
	}
	mlr, choice, err := classify.CrossValidateL2(valid, yv, Digits, classify.DefaultL2Grid, CVFolds)
	if err != nil {
		return 0, 0, err
	}
	return percent(countWrong(mlr.Predict(test), yt), len(yt)), choice.L2, nil
}
