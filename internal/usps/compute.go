package usps

import (
	"context"
	"fmt"

	"herdsim/classify"
	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/splitmix"
)

// settings are the unit's settings under opts; counts come from the split when loaded.
func settings(u Unit, opts *Options, s *splitData) Settings {
	st := Settings{Kind: u.Model.Kind, Seed: opts.Seed, SplitSeed: opts.SplitSeed}
	switch u.Model.Kind {
	case KindHerding, KindDatapath:
		st.Mode, st.Hidden, st.Learn, st.Collect = u.Model.Mode.String(), u.Model.Hidden, opts.Learn, opts.Collect
		if u.Model.Kind == KindDatapath {
			st.WeightBits, st.Overflow = u.Model.WeightBits, u.Model.Overflow.String()
		}
	case KindRBM:
		st.Method, st.Hidden, st.Learn, st.Collect = u.Model.Method.String(), u.Model.Hidden, opts.Learn, opts.Collect
	}
	if s != nil {
		st.ValidCounts, st.TestCounts = s.validCounts, s.testCounts
	}
	return st
}

// compute runs one unit; tick is called with the work done so far, for the progress bar.
func compute(ctx context.Context, u Unit, opts *Options, s *splitData, tick func(float64)) (*Record, error) {
	r := &Record{Split: u.Split, Model: u.Model.Key, Class: u.Class, Settings: settings(u, opts, s)}
	var err error
	switch u.Model.Kind {
	case KindMLR:
		err = computeMLR(s, r)
	case KindNN:
		err = computeNN(s, r)
	case KindHerding, KindRBM, KindDatapath:
		var scores []float64
		scores, err = computeEnergies(ctx, u, opts, s, r, tick)
		if err == nil {
			r.ValidScores, r.TestScores = scores[:s.nValid()], scores[s.nValid():]
		}
	default:
		err = fmt.Errorf("unknown model kind %q", u.Model.Kind)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", u, err)
	}
	return r, nil
}

func computeMLR(s *splitData, r *Record) error {
	xt, yt, xv, xte := s.pixels()
	m, choice, err := classify.SelectL2(xt, yt, xv, s.validLabels, Digits, classify.DefaultL2Grid)
	if err != nil {
		return err
	}
	r.L2, r.ValidErrors = choice.L2, choice.Errors
	r.TestWrong, r.TestCount = countWrong(m.Predict(xte), s.testLabels), len(s.testLabels)
	return nil
}

func computeNN(s *splitData, r *Record) error {
	xt, yt, _, xte := s.pixels()
	nn, err := classify.NewNearestNeighbor(xt, yt)
	if err != nil {
		return err
	}
	r.TestWrong, r.TestCount = countWrong(nn.Predict(xte), s.testLabels), len(s.testLabels)
	return nil
}

func countWrong(pred, y []int) int {
	wrong := 0
	for i := range y {
		if pred[i] != y[i] {
			wrong++
		}
	}
	return wrong
}

// energyModel is what the pipeline needs of herding or an RBM.
type energyModel interface {
	step() error
	trainEnergies() []float64   // of the training data under the weights the last step began with
	evalEnergies(out []float64) // of the split's evaluation images under the current weights
}

type herdModel struct {
	e       *herding.Engine
	batch   *herding.Batch
	tracker *herding.Tracker // made at the first evaluation: the energies then follow each step by the flips of z
	last    int              // the sweeps of the last step
}

func (h *herdModel) step() error {
	it, err := h.e.Step()
	h.last = it.Sweeps
	return err
}
func (h *herdModel) sweeps() int              { return h.last }
func (h *herdModel) trainEnergies() []float64 { return h.e.DataEnergies() }

func (h *herdModel) evalEnergies(out []float64) {
	if h.tracker == nil {
		h.tracker = h.e.Track(h.batch)
	}
	h.tracker.Energies(out)
}

type rbmModel struct {
	r    *classify.RBM
	eval *classify.Signs // the evaluation images, packed once per unit
}

func (m rbmModel) step() error                { m.r.Step(); return nil }
func (m rbmModel) trainEnergies() []float64   { return m.r.DataFreeEnergies() }
func (m rbmModel) evalEnergies(out []float64) { m.r.FreeEnergiesSigns(m.eval, out) }

// datapathArch is the lossless datapath for the run (datapath.DefaultArch over Learn +
// Collect iterations) with W at the model's width and overflow mode, and the default tile
// for that width. The functional model runs its arithmetic whatever the hardware could
// hold (ValidateArithmetic: K = 250 to 1000 need more W words than the UP5K has, and SH's
// c stays lossless where the hardware's tile buffer would hold it at W's width).
func datapathArch(m Model, train *dataset.Binary, opts *Options) (datapath.Arch, error) {
	a := datapath.DefaultArch(m.Hidden, train.D, train.N(), 0, herding.DefaultSweeps,
		opts.Learn+opts.Collect, m.Mode, false)
	if m.WeightBits != 0 {
		a.Regs[datapath.RegW] = datapath.RegSpec{Format: fixedpoint.Format{Signed: true, Word: m.WeightBits}, Overflow: m.Overflow}
		a.UseTile(0)
	}
	if e := a.Regs[datapath.RegEnergy].Format.Word; e > 53 {
		return a, fmt.Errorf("the energy register needs %d bits, more than float64 holds exactly: shorten the run", e)
	}
	return a, a.ValidateArithmetic()
}

func newDatapathModel(u Unit, opts *Options, s *splitData) (energyModel, error) {
	train := s.train[u.Class]
	arch, err := datapathArch(u.Model, train, opts)
	if err != nil {
		return nil, err
	}
	return newFunctionalModel(arch, train, opts.Seed, s, false)
}

// unitSeed gives every (seed, split, class) its own RBM generator:
// mix(mix(mix(seed) + split) + class), mix(v) = the first splitmix64 output seeded with v.
func unitSeed(seed uint64, split, class int) uint64 {
	mix := func(v uint64) uint64 { return splitmix.New(v).Next() }
	return mix(mix(mix(seed)+uint64(split)) + uint64(class))
}

func newEnergyModel(u Unit, opts *Options, s *splitData) (energyModel, error) {
	train := s.train[u.Class]
	if u.Model.Kind == KindDatapath {
		return newDatapathModel(u, opts, s)
	}
	if u.Model.Kind == KindHerding {
		e, err := herding.New(train, herding.Config{Hidden: u.Model.Hidden, Mode: u.Model.Mode, Seed: opts.Seed, Direct: opts.Direct})
		if err != nil {
			return nil, err
		}
		return &herdModel{e: e, batch: s.herdBatch()}, nil
	}
	cfg := classify.CDConfig(u.Model.Hidden, unitSeed(opts.Seed, u.Split, u.Class))
	if u.Model.Method == classify.PCD {
		cfg = classify.PCDConfig(u.Model.Hidden, cfg.Seed)
	}
	r, err := classify.NewRBM(classify.FromSigns(train.Rows, train.D), cfg)
	if err != nil {
		return nil, err
	}
	eval, err := classify.PackSigns(s.rbmEval())
	if err != nil {
		return nil, err
	}
	return rbmModel{r: r, eval: eval}, nil
}

// computeEnergies learns for Learn iterations, then averages the z-scored evaluation
// energies over Collect iterations (see the package documentation for which weights).
func computeEnergies(ctx context.Context, u Unit, opts *Options, s *splitData, r *Record, tick func(float64)) ([]float64, error) {
	m, err := newEnergyModel(u, opts, s)
	if err != nil {
		return nil, err
	}
	if dm, ok := m.(*datapathModel); ok {
		defer dm.record(r)
	}
	learnCost, collectCost := iterationCosts(u.Model, sizes{train: s.train[u.Class].N(), eval: len(s.evalRows)})
	return learnAndCollect(ctx, m, opts.Learn, opts.Collect, len(s.evalRows), func(_ int, collecting bool) {
		if collecting {
			tick(collectCost)
		} else {
			tick(learnCost)
		}
	})
}

// learnAndCollect steps m learn times, then collect times, each after reading the nEval
// evaluation energies, and returns the mean of their z-scores (Accumulator). after(t,
// collecting) follows iteration t (from 1).
func learnAndCollect(ctx context.Context, m energyModel, learn, collect, nEval int, after func(t int, collecting bool)) ([]float64, error) {
	for t := 1; t <= learn; t++ {
		if err := stepChecked(ctx, m); err != nil {
			return nil, err
		}
		after(t, false)
	}
	acc := NewAccumulator(nEval)
	eval := make([]float64, nEval)
	for t := learn + 1; t <= learn+collect; t++ {
		m.evalEnergies(eval)
		if err := stepChecked(ctx, m); err != nil {
			return nil, err
		}
		acc.Add(m.trainEnergies(), eval)
		after(t, true)
	}
	return acc.Mean(), nil
}

func stepChecked(ctx context.Context, m energyModel) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return m.step()
}
