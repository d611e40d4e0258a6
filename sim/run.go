package sim

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/internal/bitcols"
)

// Reference is a float64 reference run kept for comparing many datapaths against it (a
// sweep): it is computed once and read, never written, by every RunFull, so any number of
// them may share it concurrently.
//
// It keeps per iteration only what the search exposes (x*_t, z*_t, its start and sweeps),
// the running moment error, and a 64-bit FNV-1a fingerprint of the full state the lockstep
// comparison looks at (every z_n, W, b, c):
// T (D + K + 32) bytes in all, where storing the state itself would take
// T (N K + 8 (K D + K + D)) bytes (USPS, K = 50, T = 2000: about 270 MB). A datapath whose
// state fingerprint or pseudo-sample differs at iteration t is then located exactly by
// replaying a fresh reference engine to t and running Lockstep's comparison; the replay
// costs t reference iterations, well under 1% of the datapath's own work.
type Reference struct {
	data        *dataset.Binary
	cfg         herding.Config
	X, Z        [][]int8  // x*_t and z*_t at index t-1
	MomentError []float64 // the reference's running moment error after iteration t, at index t-1
	start       []int     // the search's start (herding.Iteration.Start) of iteration t, at index t-1
	sweeps      []int     // the sweeps iteration t ran, at index t-1
	state       []uint64  // fingerprint of (z_n, W, b, c) after iteration t, at index t-1
	w0, b0, c0  []int64
	xcols       bitcols.Columns // x as D columns of N bits (bit n set when x_nj = +1)
	sumX        []int64
}

// NewReference runs the scaled reference on data for iterations iterations. tick is called
// after every iteration; it may be nil.
func NewReference(data *dataset.Binary, cfg herding.Config, iterations int, tick func()) (*Reference, error) {
	if cfg.Form != herding.Scaled {
		return nil, fmt.Errorf("sim: the datapath runs the scaled form only")
	}
	if iterations <= 0 {
		return nil, fmt.Errorf("sim: iterations T = %d, must be positive", iterations)
	}
	eng, err := herding.New(data, cfg)
	if err != nil {
		return nil, err
	}
	r := &Reference{data: data, cfg: eng.Config()}
	r.w0, r.b0, r.c0 = eng.Params().Ints()
	r.xcols, r.sumX = columns(data)
	var fp fingerprinter
	for t := 1; t <= iterations; t++ {
		it, err := eng.Step()
		if err != nil {
			return nil, err
		}
		r.X, r.Z = append(r.X, it.X), append(r.Z, it.Z)
		r.MomentError = append(r.MomentError, it.MomentError)
		r.start, r.sweeps = append(r.start, it.Start), append(r.sweeps, it.Sweeps)
		w, b, c := eng.Params().Ints()
		r.state = append(r.state, fp.sum(data.N(), eng.Hidden, w, b, c))
		if tick != nil {
			tick()
		}
	}
	return r, nil
}

// Iterations is T, the length of the reference run.
func (r *Reference) Iterations() int { return len(r.X) }

// Config is the reference's herding configuration, defaults filled in.
func (r *Reference) Config() herding.Config { return r.cfg }

// Data is the data set the reference ran on.
func (r *Reference) Data() *dataset.Binary { return r.data }

// FullRun is what RunFull measured over the whole run of T iterations.
type FullRun struct {
	Iterations      int
	BitExact        bool        // no difference in T iterations in anything Lockstep compares (x*, z*, start, sweeps, cycles, every z_n, W, b, c)
	FirstDivergence *Divergence // as Lockstep reports it; nil when bit exact
	// Hamming distances between the datapath's pseudo-samples and the reference's, summed
	// over the T iterations: x* (D bits) and z* (K bits) separately.
	HammingX, HammingZ int64
	// MomentError is the datapath's moment error at T, defined as the reference defines
	// its own: the largest, over the learned features (z_i x_j, x_j, and z_i when b
	// grows), of |sum over t of (positive term - N * feature at the pseudo-sample)| / (N T),
	// with the positive term from the datapath's own hidden states z_n. The sum is
	// accumulated exactly in int64, so it is what the weights' drift would be had no
	// register overflowed; for a bit-exact run it equals the reference's moment error.
	MomentError float64
	// WeightMomentError is the same quantity read off the datapath's stored weights:
	// max |W_T - W_0|, |c_T - c_0| (and |b_T - b_0| when b grows) over N T. It equals
	// MomentError until a weight, bias or update register overflows; after that it is
	// blind to the loss (a saturated or wrapped weight cannot drift far), so it is
	// reported but should not be used to judge a width.
	WeightMomentError    float64
	ReferenceMomentError float64                      // the reference's moment error at T
	Overflows            map[string]uint64            // per register, over the run
	Ranges               map[string]datapath.RangeLog // per register, over the run
}

// RunFull runs the datapath of arch for the reference's T iterations without stopping at
// the first divergence, and measures it against ref (see FullRun). arch must describe the
// reference's data and configuration. tick is called after every iteration; it may be nil.
func RunFull(ref *Reference, arch datapath.Arch, tick func()) (*FullRun, error) {
	if err := ref.matches(arch); err != nil {
		return nil, err
	}
	m, err := datapath.NewTile(arch, ref.data, ref.w0, ref.b0, ref.c0)
	if err != nil {
		return nil, err
	}
	run := &FullRun{Iterations: ref.Iterations(), ReferenceMomentError: ref.MomentError[len(ref.MomentError)-1]}
	if _, count := m.Overflows(); count > 0 {
		eng, err := herding.New(ref.data, ref.cfg)
		if err != nil {
			return nil, err
		}
		run.FirstDivergence = initialDivergence(eng, m)
	}
	mom := newMoments(ref, arch)
	var fp fingerprinter
	for t := 1; t <= run.Iterations; t++ {
		got := m.RunIteration()
		run.HammingX += int64(hamming(got.X, ref.X[t-1]))
		run.HammingZ += int64(hamming(got.Z, ref.Z[t-1]))
		mom.add(got)
		if run.FirstDivergence == nil && ref.differs(t, got, m, &fp) {
			if run.FirstDivergence, err = ref.locate(t, got, m); err != nil {
				return nil, err
			}
		}
		if tick != nil {
			tick()
		}
	}
	run.BitExact = run.FirstDivergence == nil
	run.MomentError = mom.error(run.Iterations)
	run.WeightMomentError = weightMomentError(ref, m, run.Iterations)
	run.Overflows, run.Ranges = map[string]uint64{}, map[string]datapath.RangeLog{}
	for r, log := range m.Ranges() {
		run.Ranges[r.String()] = log
		run.Overflows[r.String()] = log.Overflows
	}
	return run, nil
}

func (r *Reference) matches(a datapath.Arch) error {
	c := r.cfg
	if a.K != c.Hidden || a.D != r.data.D || a.N != r.data.N() || a.Sweeps != c.Sweeps || a.Mode != c.Mode || a.GrowHiddenBias != c.GrowHiddenBias {
		return fmt.Errorf("sim: Arch (K=%d D=%d N=%d S=%d %v grow=%v) does not describe the reference (K=%d D=%d N=%d S=%d %v grow=%v)",
			a.K, a.D, a.N, a.Sweeps, a.Mode, a.GrowHiddenBias, c.Hidden, r.data.D, r.data.N(), c.Sweeps, c.Mode, c.GrowHiddenBias)
	}
	return nil
}

// differs reports whether the datapath's state after iteration t is not the reference's:
// the search first (Lockstep's searchMismatch: pseudo-sample, start, sweeps, cycles; cheap),
// then the fingerprint of every z_n, W, b and c.
func (r *Reference) differs(t int, got *datapath.Result, m *datapath.TileMachine, fp *fingerprinter) bool {
	arch := m.Arch()
	if searchMismatch(t, r.iteration(t), got, &arch) != nil {
		return true
	}
	w, b, c := m.Weights()
	return fp.sum(len(got.Hidden), func(n int) []int8 { return got.Hidden[n] }, w, b, c) != r.state[t-1]
}

// iteration is what the reference recorded of iteration t's search.
func (r *Reference) iteration(t int) herding.Iteration {
	return herding.Iteration{T: t, X: r.X[t-1], Z: r.Z[t-1], Start: r.start[t-1], Sweeps: r.sweeps[t-1], MomentError: r.MomentError[t-1]}
}

// locate replays the reference to iteration t and names the difference with Lockstep's
// comparison.
func (r *Reference) locate(t int, got *datapath.Result, m *datapath.TileMachine) (*Divergence, error) {
	eng, err := herding.New(r.data, r.cfg)
	if err != nil {
		return nil, err
	}
	var want herding.Iteration
	for range t {
		if want, err = eng.Step(); err != nil {
			return nil, err
		}
	}
	d := compare(t, eng, want, got, m)
	if d == nil {
		return nil, fmt.Errorf("sim: iteration %d: the state fingerprints differ but the replayed reference matches the datapath (a fingerprint collision)", t)
	}
	return d, nil
}

func hamming(a, b []int8) int {
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

// fingerprinter hashes a state with FNV-1a 64, reusing its buffer.
type fingerprinter struct{ buf []byte }

func (f *fingerprinter) sum(n int, hidden func(int) []int8, w, b, c []int64) uint64 {
	f.buf = f.buf[:0]
	for i := range n {
		for _, v := range hidden(i) {
			f.buf = append(f.buf, byte(v))
		}
	}
	for _, s := range [][]int64{w, b, c} {
		for _, v := range s {
			f.buf = binary.LittleEndian.AppendUint64(f.buf, uint64(v))
		}
	}
	h := fnv.New64a()
	h.Write(f.buf)
	return h.Sum64()
}

// columns returns x as D bit columns of N bits and sum_n x_n.
func columns(data *dataset.Binary) (bitcols.Columns, []int64) {
	cols, sum := bitcols.New(data.D, data.N()), make([]int64, data.D)
	cols.FillRows(data.Rows)
	for j := range sum {
		sum[j] = int64(bitcols.Sum(cols.Column(j), data.N()))
	}
	return cols, sum
}

// moments accumulates, exactly, the updates the datapath's run calls for: for each learned
// feature, the sum over iterations of (positive term - N * feature at the pseudo-sample).
type moments struct {
	ref        *Reference
	k, d, n    int
	grow       bool
	uw, ub, uc []int64
	zcols      bitcols.Columns
}

func newMoments(ref *Reference, a datapath.Arch) *moments {
	return &moments{ref: ref, k: a.K, d: a.D, n: a.N, grow: a.GrowHiddenBias,
		uw: make([]int64, a.K*a.D), ub: make([]int64, a.K), uc: make([]int64, a.D), zcols: bitcols.New(a.K, a.N)}
}

func (mo *moments) add(got *datapath.Result) {
	mo.zcols.FillRows(got.Hidden)
	N := int64(mo.n)
	for i := 0; i < mo.k; i++ {
		zc, zi := mo.zcols.Column(i), int64(got.Z[i])
		for j := 0; j < mo.d; j++ {
			mo.uw[i*mo.d+j] += int64(bitcols.Agreement(zc, mo.ref.xcols.Column(j), mo.n)) - N*zi*int64(got.X[j])
		}
		mo.ub[i] += int64(bitcols.Sum(zc, mo.n)) - N*zi
	}
	for j := range mo.uc {
		mo.uc[j] += mo.ref.sumX[j] - N*int64(got.X[j])
	}
}

func (mo *moments) error(iterations int) float64 {
	drift := max(maxAbs(mo.uw), maxAbs(mo.uc))
	if mo.grow {
		drift = max(drift, maxAbs(mo.ub))
	}
	return float64(drift) / (float64(mo.n) * float64(iterations))
}

func maxAbs(s []int64) int64 {
	var m int64
	for _, v := range s {
		m = max(m, v, -v)
	}
	return m
}

// weightMomentError is the moment error read off the datapath's stored weights.
func weightMomentError(ref *Reference, m *datapath.TileMachine, iterations int) float64 {
	w, b, c := m.Weights()
	drift := max(maxDiff(w, ref.w0), maxDiff(c, ref.c0))
	if ref.cfg.GrowHiddenBias {
		drift = max(drift, maxDiff(b, ref.b0))
	}
	return drift / (float64(ref.data.N()) * float64(iterations))
}

func maxDiff(a, b []int64) float64 {
	m := 0.0
	for i := range a {
		m = math.Max(m, math.Abs(float64(a[i])-float64(b[i])))
	}
	return m
}
