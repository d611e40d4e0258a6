package explore

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/shard"
	"herdsim/internal/sweep"
	"herdsim/internal/units"
	"herdsim/internal/usps"
	"herdsim/sim"
	"herdsim/synth"
)

// Options run an exploration (or one shard of it) into an output folder.
type Options struct {
	Grid Grid
	Mode herding.Mode

	Split     int    // the USPS split the accuracy runs on
	SplitSeed uint64 // seed of the 700/300/100 splits
	Seed      uint64 // herding's W_0 seed
	Learn     int    // learning iterations (the paper: 1000)
	Collect   int    // iterations whose energies are averaged (1000)

	DynClass int // the digit whose training set the dynamics and the RTL use
	DynIters int // iterations of the dynamics run (0: Learn + Collect)

	Synth SynthOptions
	// Synthesizer, when set, replaces synth.Run (tests inject a fake); the records do not
	// say which one ran.
	Synthesizer Synthesizer

	Tolerance      float64 // test-error tolerance over the float reference, in percentage points
	Narrow         bool    // propose the narrowest widths from the logged ranges and run the proposal
	NarrowMargin   int     // bits added to every observed width
	NarrowOverflow fixedpoint.Overflow

	Out      string
	Shard    shard.Shard
	MaxUnits int
	Workers  int // units at once (0 or 1: one at a time)
	Log      io.Writer
}

func (o *Options) dynIters() int {
	if o.DynIters > 0 {
		return o.DynIters
	}
	return o.Learn + o.Collect
}

func (o *Options) check() error {
	if o.Out == "" {
		return fmt.Errorf("explore: an output folder is required")
	}
	if err := o.Grid.Check(); err != nil {
		return err
	}
	if o.Learn < 0 || o.Collect <= 0 || o.DynIters < 0 {
		return fmt.Errorf("explore: needs Learn >= 0, Collect > 0 and DynIters >= 0 iterations")
	}
	if o.DynClass < 0 || o.DynClass >= usps.Digits {
		return fmt.Errorf("explore: dynamics class %d: want a digit 0..9", o.DynClass)
	}
	if o.Tolerance < 0 || o.NarrowMargin < 0 {
		return fmt.Errorf("explore: tolerance and margin must not be negative")
	}
	if o.Synthesizer == nil {
		return checkTarget(o.Synth.Target)
	}
	return nil
}

// planFile is plan.json: every setting the units depend on.
type planFile struct {
	Hidden         []int          `json:"hidden"`
	Tiles          []int          `json:"tiles"`
	Shape          string         `json:"shape,omitempty"`
	WeightBits     []int          `json:"weight_bits"`
	AccBits        []int          `json:"acc_bits"`
	EnergyBits     []int          `json:"energy_bits"`
	Overflows      []string       `json:"overflows"`
	Regs           map[string]int `json:"regs,omitempty"`
	Mode           string         `json:"mode"`
	Split          int            `json:"split"`
	SplitSeed      uint64         `json:"split_seed"`
	Seed           uint64         `json:"seed"`
	Learn          int            `json:"learn"`
	Collect        int            `json:"collect"`
	DynClass       int            `json:"dyn_class"`
	DynIters       int            `json:"dyn_iters"`
	Target         string         `json:"target"`
	FreqMHz        float64        `json:"freq_mhz"`
	Seeds          []int          `json:"seeds,omitempty"`
	Tolerance      float64        `json:"tolerance"`
	Narrow         bool           `json:"narrow"`
	NarrowMargin   int            `json:"narrow_margin"`
	NarrowOverflow string         `json:"narrow_overflow"`
}

func (o *Options) plan() planFile {
	f := planFile{Hidden: o.Grid.Hidden, Tiles: o.Grid.Tiles, Shape: o.Grid.Shape, WeightBits: o.Grid.WeightBits, AccBits: o.Grid.AccBits,
		EnergyBits: o.Grid.EnergyBits, Mode: o.Mode.String(), Split: o.Split, SplitSeed: o.SplitSeed, Seed: o.Seed,
		Learn: o.Learn, Collect: o.Collect, DynClass: o.DynClass, DynIters: o.dynIters(), Target: o.Synth.Target, FreqMHz: o.Synth.FreqMHz, Seeds: o.Synth.Seeds,
		Tolerance: o.Tolerance, Narrow: o.Narrow, NarrowMargin: o.NarrowMargin, NarrowOverflow: strings.ToLower(o.NarrowOverflow.String())}
	for _, ov := range o.Grid.Overflows {
		f.Overflows = append(f.Overflows, strings.ToLower(ov.String()))
	}
	if len(o.Grid.Regs) > 0 {
		f.Regs = map[string]int{}
		for r, b := range o.Grid.Regs {
			f.Regs[r.String()] = b
		}
	}
	return f
}

// options reads a plan.json back into options (merge: the settings every shard ran).
func (f planFile) options() (Options, error) {
	o := Options{Grid: Grid{Hidden: f.Hidden, Tiles: f.Tiles, Shape: f.Shape, WeightBits: f.WeightBits, AccBits: f.AccBits, EnergyBits: f.EnergyBits},
		Split: f.Split, SplitSeed: f.SplitSeed, Seed: f.Seed, Learn: f.Learn, Collect: f.Collect, DynClass: f.DynClass, DynIters: f.DynIters,
		Synth: SynthOptions{Target: f.Target, FreqMHz: f.FreqMHz, Seeds: f.Seeds}, Tolerance: f.Tolerance, Narrow: f.Narrow, NarrowMargin: f.NarrowMargin}
	var err error
	if o.Mode, err = herding.ParseMode(f.Mode); err != nil {
		return o, err
	}
	for _, name := range f.Overflows {
		ov, err := fixedpoint.ParseOverflow(strings.ToUpper(name))
		if err != nil {
			return o, err
		}
		o.Grid.Overflows = append(o.Grid.Overflows, ov)
	}
	if o.NarrowOverflow, err = fixedpoint.ParseOverflow(strings.ToUpper(f.NarrowOverflow)); err != nil {
		return o, err
	}
	if len(f.Regs) > 0 {
		o.Grid.Regs = map[datapath.Reg]int{}
		for name, b := range f.Regs {
			r, err := datapath.ParseReg(name)
			if err != nil {
				return o, err
			}
			o.Grid.Regs[r] = b
		}
	}
	return o, nil
}

// Merge gathers the units of shard folders into out (internal/units.Merge: the same plan
// everywhere, identical units), then writes the results from out's units with the
// settings of its plan.json; src gives the data the designs are generated from.
func Merge(src usps.Source, out string, from []string, log io.Writer) (*Results, error) {
	folders := make([]units.Folder, len(from))
	for i, f := range from {
		folders[i] = units.Folder(f)
	}
	var o Options
	decode := func(b []byte) error {
		var f planFile
		if err := units.Decode(b, &f); err != nil {
			return fmt.Errorf("not an explore plan: %w", err)
		}
		var err error
		o, err = f.options()
		return err
	}
	if _, err := units.Merge(units.Folder(out), folders, decode); err != nil {
		return nil, err
	}
	o.Out, o.Log = out, log
	return WriteResults(src, o)
}

// Record is a finished unit. Kind says which of its parts is set.
type Record struct {
	Kind   string            `json:"kind"`  // ref, acc, dyn or synth
	Ident  string            `json:"ident"` // everything the unit depends on, as text
	Class  int               `json:"class"` // ref and acc: the digit
	Scores *usps.ClassScores `json:"scores,omitempty"`
	Dyn    *Dynamics         `json:"dynamics,omitempty"`
	Cost   *Cost             `json:"cost,omitempty"`
}

// Dynamics is what sim.RunFull measured on the dynamics class (sweep's machinery).
type Dynamics struct {
	Class                int               `json:"class"`
	Iterations           int               `json:"iterations"`
	BitExact             bool              `json:"bit_exact"`
	FirstDivergence      *sweep.Divergence `json:"first_divergence"`
	MomentError          float64           `json:"moment_error"`
	ReferenceMomentError float64           `json:"reference_moment_error"`
	Overflows            map[string]uint64 `json:"overflows,omitempty"`
	// Ranges are the values each register was presented over the run (datapath.RangeLog).
	Ranges map[string]datapath.RangeLog `json:"ranges"`
}

// work is one unit: its kind, identity, and what computing it needs.
type work struct {
	kind  string
	key   string
	ident string
	class int
	point Point // ref: any point of its K; acc, dyn, synth: the first point that needs it
}

// plan lists the units the points need, each once, kinds in order ref, acc, dyn, synth.
type plan struct {
	works []work
	index map[string]int // key -> works index
	// per point: its keys
	acc   map[string]string // point label -> acc key prefix
	dyn   map[string]string
	synth map[string]string
	ref   map[string]string // point label -> ref key prefix
}

func (o *Options) refIdent(k int) string {
	return fmt.Sprintf("ref|K=%d|mode=%s|seed=%d|learn=%d|collect=%d|split=%d|split_seed=%d", k, o.Mode, o.Seed, o.Learn, o.Collect, o.Split, o.SplitSeed)
}

// accOrder names the order of additions the accuracy's functional model makes, in the
// accuracy's identity: units computed in the lane datapath's order, before the functional
// model took the tiled datapath's (its own, exactly), are not reused.
const accOrder = "order=tiled"

func (o *Options) accIdent(p Point) string {
	return fmt.Sprintf("acc|%s|%s|seed=%d|learn=%d|collect=%d|split=%d|split_seed=%d", accOrder, regsText(p.arch), o.Seed, o.Learn, o.Collect, o.Split, o.SplitSeed)
}

func (o *Options) dynIdent(p Point) string {
	return fmt.Sprintf("dyn|%s|T=%d|class=%d|iters=%d|seed=%d|split=%d|split_seed=%d", regsText(p.arch), p.Tile, o.DynClass, o.dynIters(), o.Seed, o.Split, o.SplitSeed)
}

func newPlan() *plan {
	return &plan{index: map[string]int{}, acc: map[string]string{}, dyn: map[string]string{}, synth: map[string]string{}, ref: map[string]string{}}
}

func (pl *plan) add(w work) {
	if _, ok := pl.index[w.key]; !ok {
		pl.index[w.key] = len(pl.works)
		pl.works = append(pl.works, w)
	}
}

// addPoints adds the units of the valid points; hashes maps a point's label to its RTL hash.
func (pl *plan) addPoints(o *Options, points []Point, hashes map[string]string) {
	var refs, accs, dyns, synths []work
	for _, p := range points {
		if !p.Valid {
			continue
		}
		ri := o.refIdent(p.K)
		rk := fmt.Sprintf("split%d/ref/K%d-%s-%s", o.Split, p.K, p.Mode, hash16(ri)[:8])
		ai := o.accIdent(p)
		ak := fmt.Sprintf("split%d/acc/K%d-%s-%s", o.Split, p.K, p.Mode, hash16(ai))
		di := o.dynIdent(p)
		dk := fmt.Sprintf("split%d/dyn/K%d-%s-T%d-%s", o.Split, p.K, p.Mode, p.Tile, hash16(di))
		sk := "synth/" + hashes[p.Label]
		pl.ref[p.Label], pl.acc[p.Label], pl.dyn[p.Label], pl.synth[p.Label] = rk, ak, dk, sk
		for c := range usps.Digits {
			refs = append(refs, work{kind: "ref", key: fmt.Sprintf("%s/class%d", rk, c), ident: ri, class: c, point: p})
			accs = append(accs, work{kind: "acc", key: fmt.Sprintf("%s/class%d", ak, c), ident: ai, class: c, point: p})
		}
		dyns = append(dyns, work{kind: "dyn", key: dk, ident: di, point: p})
		synths = append(synths, work{kind: "synth", key: sk, ident: "synth|" + hashes[p.Label], point: p})
	}
	for _, l := range [][]work{refs, accs, dyns, synths} {
		for _, w := range l {
			pl.add(w)
		}
	}
}

func (pl *plan) units(only []int) []units.Unit {
	out := make([]units.Unit, len(only))
	for i, k := range only {
		w := pl.works[k]
		out[i] = units.Unit{Key: w.key, Tags: map[string]any{"kind": w.kind, "point": w.point.Label}}
	}
	return out
}

// runner computes units.
type runner struct {
	opts  *Options
	data  *usps.SplitData
	synth Synthesizer
	works []work

	mu   sync.Mutex
	refs map[int]*sim.Reference // dynamics references by K
}

func (r *runner) compute(ctx context.Context, w work) (*Record, error) {
	rec := &Record{Kind: w.kind, Ident: w.ident, Class: w.class}
	o := r.opts
	p := w.point
	switch w.kind {
	case "ref", "acc":
		run := usps.ClassRun{Hidden: p.K, Mode: o.Mode, Seed: o.Seed, Learn: o.Learn, Collect: o.Collect}
		if w.kind == "acc" {
			a := p.arch
			train := r.data.Train(w.class)
			a.N, a.D = train.N(), train.D
			run.Arch = &a
		}
		s, err := r.data.ClassScores(ctx, w.class, run)
		if err != nil {
			return nil, fmt.Errorf("%s class %d: %w", p.Label, w.class, err)
		}
		rec.Scores = s
	case "dyn":
		ref, err := r.reference(p.K)
		if err != nil {
			return nil, err
		}
		run, err := sim.RunFull(ref, p.arch, nil)
		if err != nil {
			return nil, fmt.Errorf("%s: dynamics: %w", p.Label, err)
		}
		rec.Dyn = dynamicsOf(run, o.DynClass)
	case "synth":
		files, err := rtlFiles(p, r.data.Train(o.DynClass), o.Seed)
		if err != nil {
			return nil, fmt.Errorf("%s: rtl: %w", p.Label, err)
		}
		res, err := synthesise(r.synth, files)
		if err != nil {
			return nil, fmt.Errorf("%s: synthesis: %w", p.Label, err)
		}
		rec.Cost = costOf(res)
	}
	return rec, nil
}

// reference is the float reference of the dynamics class at K, run once per K.
func (r *runner) reference(k int) (*sim.Reference, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if ref := r.refs[k]; ref != nil {
		return ref, nil
	}
	ref, err := sim.NewReference(r.data.Train(r.opts.DynClass), herding.Config{Hidden: k, Mode: r.opts.Mode, Seed: r.opts.Seed}, r.opts.dynIters(), nil)
	if err != nil {
		return nil, err
	}
	r.refs[k] = ref
	return ref, nil
}

func dynamicsOf(run *sim.FullRun, class int) *Dynamics {
	d := &Dynamics{Class: class, Iterations: run.Iterations, BitExact: run.BitExact, MomentError: run.MomentError,
		ReferenceMomentError: run.ReferenceMomentError, Ranges: run.Ranges}
	if fd := run.FirstDivergence; fd != nil {
		d.FirstDivergence = &sweep.Divergence{Iteration: fd.Iteration, Signal: fd.Signal, Index: fd.Index,
			Reference: fd.Reference, Datapath: fd.Datapath, OverflowsBefore: fd.OverflowCountBefore}
		if len(fd.OverflowsBefore) > 0 {
			first := fd.OverflowsBefore[0]
			d.FirstDivergence.FirstOverflow = &first
		}
	}
	for name, n := range run.Overflows {
		if n > 0 {
			if d.Overflows == nil {
				d.Overflows = map[string]uint64{}
			}
			d.Overflows[name] = n
		}
	}
	return d
}

// Summary is what a run did.
type Summary struct {
	units.Summary
	Results *Results // written when every unit is finished; else nil
}

// Run computes every unfinished unit of the shard, then, once the grid is finished, the
// narrowing proposal's units (Options.Narrow), then writes the results.
func Run(ctx context.Context, src usps.Source, o Options) (*Summary, error) {
	e, err := newExplorer(src, &o)
	if err != nil {
		return nil, err
	}
	sum, err := e.run(ctx, e.plan, allIndexes(len(e.plan.works)))
	out := &Summary{Summary: sum}
	if err != nil || sum.Missing > 0 {
		return out, err
	}
	if o.Narrow {
		pl, err := e.narrowPlan()
		if err != nil {
			return out, err
		}
		if pl != nil {
			// The proposal's few units run whole, whatever the shard: whoever finds the
			// grid finished runs them.
			e.opts.Shard = shard.Shard{}
			s2, err := e.run(ctx, pl, allIndexes(len(pl.works)))
			out.Units += s2.Units
			out.Skipped += s2.Skipped
			out.Ran += s2.Ran
			out.Missing = s2.Missing
			out.Duration += s2.Duration
			if err != nil || s2.Missing > 0 {
				return out, err
			}
		}
	}
	out.Results, err = e.results()
	if err != nil {
		return out, err
	}
	return out, out.Results.Write(o.Out)
}

// newExplorer checks the options, loads the split and builds the plan.
func newExplorer(src usps.Source, o *Options) (*explorer, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	data, err := usps.LoadSplitData(src, o.Split, o.SplitSeed)
	if err != nil {
		return nil, err
	}
	e := &explorer{opts: o, data: data}
	return e, e.build()
}

// WriteResults writes the results from the units already in the folder (merge): every
// unit of the grid must be there; the narrowing's are used when present.
func WriteResults(src usps.Source, o Options) (*Results, error) {
	if o.Synthesizer == nil {
		o.Synthesizer = func(string) (*synth.Result, error) { return nil, fmt.Errorf("explore: merge runs no synthesis") }
	}
	e, err := newExplorer(src, &o)
	if err != nil {
		return nil, err
	}
	if _, missing, err := e.load(e.plan); err != nil {
		return nil, err
	} else if missing > 0 {
		return nil, fmt.Errorf("explore: %d of the grid's %d units are not finished in %s", missing, len(e.plan.works), o.Out)
	}
	res, err := e.results()
	if err != nil {
		return nil, err
	}
	return res, res.Write(o.Out)
}

func allIndexes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// explorer holds one exploration: options, data, points and plans.
type explorer struct {
	opts   *Options
	data   *usps.SplitData
	sizes  Sizes
	points []Point
	plan   *plan
	hashes map[string]string // point label -> RTL hash

	fits map[string][2]float64 // test error and L2 by accuracy or reference key
}

// build lists the points, generates each valid point's RTL for its hash, and plans.
func (e *explorer) build() error {
	o := e.opts
	train := e.data.Train(o.DynClass)
	e.sizes = Sizes{D: train.D, N: train.N(), Iterations: o.Learn + o.Collect, Mode: o.Mode}
	e.points = o.Grid.Points(e.sizes)
	e.hashes = map[string]string{}
	if err := e.hashPoints(e.points, train); err != nil {
		return err
	}
	e.plan = newPlan()
	e.plan.addPoints(o, e.points, e.hashes)
	return nil
}

func (e *explorer) hashPoints(points []Point, train *dataset.Binary) error {
	for _, p := range points {
		if !p.Valid {
			continue
		}
		files, err := rtlFiles(p, train, e.opts.Seed)
		if err != nil {
			return fmt.Errorf("%s: rtl: %w", p.Label, err)
		}
		e.hashes[p.Label] = rtlHash(files, e.opts.Synth)
	}
	return nil
}

func (e *explorer) job(pl *plan, idx []int) units.Job[Record] {
	o := e.opts
	syn := o.Synthesizer
	if syn == nil {
		syn = o.Synth.Runner()
	}
	r := &runner{opts: o, data: e.data, synth: syn, refs: map[int]*sim.Reference{}}
	works := make([]work, len(idx))
	for i, k := range idx {
		works[i] = pl.works[k]
	}
	return units.Job[Record]{
		Folder: units.Folder(o.Out), Plan: o.plan(), Units: pl.units(idx), Shard: o.Shard, MaxUnits: o.MaxUnits, Workers: o.Workers,
		Check: func(i int, rec *Record) error {
			if rec.Kind != works[i].kind || rec.Ident != works[i].ident || rec.Class != works[i].class {
				return fmt.Errorf("holds another unit (%s %q class %d): use another --out", rec.Kind, rec.Ident, rec.Class)
			}
			return nil
		},
		Compute: func(ctx context.Context, i int) (*Record, error) { return r.compute(ctx, works[i]) },
		Log:     o.Log, Name: "explore",
	}
}

func (e *explorer) run(ctx context.Context, pl *plan, idx []int) (units.Summary, error) {
	j := e.job(pl, idx)
	return j.Run(ctx)
}

// load reads the plan's finished units by key.
func (e *explorer) load(pl *plan) (map[string]*Record, int, error) {
	j := e.job(pl, allIndexes(len(pl.works)))
	recs, missing, err := units.Load(j.Folder, j.Units, j.Check)
	if err != nil {
		return nil, 0, err
	}
	out := map[string]*Record{}
	for i, r := range recs {
		if r != nil {
			out[pl.works[i].key] = r
		}
	}
	return out, missing, nil
}
