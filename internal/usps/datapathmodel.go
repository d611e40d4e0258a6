package usps

import (
	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
)

// datapathModel is herding on the datapath model: the energies are the integers the
// datapath's field pass leaves in its energy register.
//
// While datapath.Arch.CannotOverflow proves that no register can overflow, the datapath's
// arithmetic is exact, and the flip-driven float reference (herding.Engine, whose values
// are exact integers) gives the same pseudo-samples, weights and energies several times
// faster than the functional model. From the first iteration whose weights it cannot
// prove, the functional model (datapath.Functional) carries on from the reference's
// state to the end of the run. Both paths give the same bytes (TestDatapathShortcutIsExact).
type datapathModel struct {
	arch  datapath.Arch
	data  *dataset.Binary
	split *splitData

	ref       *herdModel           // the reference, until the bounds fail
	refLast   herding.Iteration    // its last iteration (mode H's search resumes from its pseudo-sample)
	f         *datapath.Functional // the functional model, from iteration exactFrom on
	exactFrom int                  // 0 while the reference runs

	train         []float64
	trainInts     []int64 // the training energies as integers, for the range log
	buf           []int64 // the evaluation energies
	sweepsRun     int
	evalOverflows uint64
	ranges        [len(rangeRegs)]datapath.RangeLog
}

// rangeRegs are the registers whose ranges the model logs: W, b and c after every
// iteration, and every energy it gives.
var rangeRegs = [...]datapath.Reg{datapath.RegW, datapath.RegB, datapath.RegC, datapath.RegEnergy}

// newFunctionalModel is herding on the datapath of arch on a class's training set, from
// herding's initial weights for seed. exactOnly runs the functional model from the start.
func newFunctionalModel(arch datapath.Arch, train *dataset.Binary, seed uint64, s *splitData, exactOnly bool) (*datapathModel, error) {
	m := &datapathModel{arch: arch, data: train, split: s, train: make([]float64, train.N()), trainInts: make([]int64, train.N()),
		buf: make([]int64, len(s.evalRows))}
	p0 := herding.InitialWeights(arch.K, train.D, train.N(), seed)
	w, b, c := p0.Ints()
	if _, proven := arch.CannotOverflow(w, b, c); proven && !exactOnly {
		e, err := herding.New(train, herding.Config{Hidden: arch.K, Mode: arch.Mode, Sweeps: arch.Sweeps, GrowHiddenBias: arch.GrowHiddenBias, Seed: seed})
		if err != nil {
			return nil, err
		}
		m.ref = &herdModel{e: e, batch: s.herdBatch()}
		return m, nil
	}
	return m, m.startExact(1, w, b, c)
}

// startExact loads the functional model with w, b, c before iteration t.
func (m *datapathModel) startExact(t int, w, b, c []int64) error {
	f, err := datapath.NewFunctional(m.arch, m.data, w, b, c)
	if err != nil {
		return err
	}
	if err := f.ResumeAt(t, m.refLast.X, m.refLast.Z); err != nil {
		return err
	}
	m.f, m.ref, m.exactFrom = f, nil, t
	return nil
}

func (m *datapathModel) step() error {
	if m.f != nil {
		r := m.f.Step()
		m.sweepsRun = r.Sweeps
		energies := m.f.DataEnergies() // mode H has no energy pass: what one would compute
		for n, e := range energies {
			m.train[n] = float64(e) // below 2^53 (the energy register is at most 53 bits wide: checked)
		}
		w, b, c := m.f.Weights()
		m.logRanges(energies, w, b, c)
		return nil
	}
	it, err := m.ref.e.Step()
	if err != nil {
		return err
	}
	m.refLast, m.sweepsRun = it, it.Sweeps
	copy(m.train, m.ref.e.DataEnergies())
	for n, e := range m.train {
		m.trainInts[n] = int64(e)
	}
	w, b, c := m.ref.e.Params().Ints()
	m.logRanges(m.trainInts, w, b, c)
	if _, proven := m.arch.CannotOverflow(w, b, c); !proven {
		return m.startExact(it.T+1, w, b, c)
	}
	return nil
}

// logRanges widens the ranges by a step's energies and the weights it left.
func (m *datapathModel) logRanges(energies, w, b, c []int64) {
	for i, v := range [len(rangeRegs)][]int64{w, b, c, energies} {
		logRange(&m.ranges[i], v)
	}
}

// rangeLogs are the logged ranges by register name.
func (m *datapathModel) rangeLogs() map[string]datapath.RangeLog {
	out := map[string]datapath.RangeLog{}
	for i, reg := range rangeRegs {
		out[reg.String()] = m.ranges[i]
	}
	return out
}

func (m *datapathModel) trainEnergies() []float64 { return m.train }

func (m *datapathModel) evalEnergies(out []float64) {
	if m.f != nil {
		m.evalOverflows += m.f.Energies(m.split.datapathEval(), m.buf)
		for i, e := range m.buf {
			out[i] = float64(e)
		}
	} else {
		m.ref.evalEnergies(out)
		for i, e := range out {
			m.buf[i] = int64(e)
		}
	}
	logRange(&m.ranges[len(rangeRegs)-1], m.buf) // the energy
}

func (m *datapathModel) sweeps() int { return m.sweepsRun }

// overflows are the values that overflowed each register in the herding iterations
// (none while the reference ran: the bounds held).
func (m *datapathModel) overflows() map[string]uint64 {
	if m.f == nil {
		return nil
	}
	var out map[string]uint64
	for reg, n := range m.f.Overflows() {
		if n > 0 {
			if out == nil {
				out = map[string]uint64{}
			}
			out[reg.String()] = n
		}
	}
	return out
}

// record adds the run's overflow counts to the unit's record.
func (m *datapathModel) record(r *Record) {
	r.Overflows, r.EvalOverflows = m.overflows(), m.evalOverflows
}

// logRange widens l to hold every value of v.
func logRange(l *datapath.RangeLog, v []int64) {
	for _, x := range v {
		l.Note(x)
	}
}
