package usps

import (
	"context"
	"fmt"
	"io"
	"sync"

	"herdsim/classify"
	"herdsim/internal/progress"
	"herdsim/internal/shard"
	"herdsim/internal/units"
)

// Options run a plan (or one shard of it) into an output folder.
type Options struct {
	Plan
	Out      string      // output folder (created if missing)
	Shard    shard.Shard // this run's shard; the zero Shard runs the whole grid
	MaxUnits int         // stop after running this many units (0: no limit)
	// Workers is how many units are computed at once (0 or 1: one at a time). Each unit
	// also shares its own work among the cores; two at once keep both cores busy through
	// the serial parts (the search, the RBM's sampling). The results do not depend on it.
	Workers int
	// Direct runs herding in the direct form (every field and evaluation energy from W) instead
	// of the flip-driven one: the same bits (tested), slower; for timing the two.
	Direct bool
	Log    io.Writer // one line per finished unit with its wall time; nil discards
}

// Summary is what a run did.
type Summary struct {
	units.Summary
	Results *Results // the results, written when the whole grid is finished; else nil
}

// Run computes every unfinished unit of the shard (internal/units: resume, shard, one
// atomic file per unit, timing.jsonl), then writes the results if the whole grid is
// finished. Cancelling ctx stops between iterations; finished units stay.
func Run(ctx context.Context, src Source, opts Options) (*Summary, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	grid := Grid(opts.Models, opts.Splits)
	r := &runner{src: src, opts: &opts, grid: grid}
	job := units.Job[Record]{
		Folder: units.Folder(opts.Out), Plan: opts.Plan.file(), Units: plan(grid),
		Shard: opts.Shard, MaxUnits: opts.MaxUnits, Workers: opts.Workers,
		Check:   func(i int, rec *Record) error { return rec.check(grid[i], settings(grid[i], &opts, nil)) },
		Begin:   r.begin,
		Compute: r.compute,
		Log:     opts.Log, Name: "usps",
	}
	sum, err := job.Run(ctx)
	r.finish()
	out := &Summary{Summary: sum}
	if err != nil || sum.Missing > 0 {
		return out, err
	}
	out.Results, out.Missing, err = finishIfComplete(opts.Out, opts.Plan)
	return out, err
}

func (o *Options) check() error {
	if o.Out == "" {
		return fmt.Errorf("usps: an output folder is required")
	}
	return o.Plan.Validate()
}

// runner computes the units (Workers at once), loading each split once, with a progress
// bar over their estimated work.
type runner struct {
	src  Source
	opts *Options
	grid []Unit
	sz   sizes
	bar  *meter

	mu     sync.Mutex
	splits map[int]*splitData // the splits in use; a split is read-only once loaded
}

func (r *runner) begin(todo []int) error {
	data, err := r.load(r.grid[todo[0]].Split)
	if err != nil {
		return err
	}
	r.sz = sizes{train: data.train[0].N(), eval: len(data.evalRows)}
	pending := make([]Unit, len(todo))
	for k, i := range todo {
		pending[k] = r.grid[i]
	}
	r.bar = newMeter(pending, r.opts, r.sz)
	return nil
}

// load returns split's data, loading it on first use. The plan runs split by split, so
// splits below the one asked for are let go: a unit still running holds its own
// reference, and one of an earlier split that asks only now (it was handed out first but
// reached load second) loads its split again, the same data.
func (r *runner) load(split int) (*splitData, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if data := r.splits[split]; data != nil {
		return data, nil
	}
	data, err := loadSplit(r.src, split, r.opts.SplitSeed)
	if err != nil {
		return nil, err
	}
	for s := range r.splits {
		if s < split {
			delete(r.splits, s)
		}
	}
	if r.splits == nil {
		r.splits = map[int]*splitData{}
	}
	r.splits[split] = data
	return data, nil
}

func (r *runner) compute(ctx context.Context, i int) (*Record, error) {
	u := r.grid[i]
	data, err := r.load(u.Split)
	if err != nil {
		return nil, err
	}
	reported := 0.0
	rec, err := compute(ctx, u, r.opts, data, func(work float64) {
		reported += work
		r.bar.add(work)
	})
	if err != nil {
		return nil, err
	}
	r.bar.add(unitCost(u, r.opts, r.sz) - reported) // baselines report their work at the end
	return rec, nil
}

func (r *runner) finish() {
	if r.bar != nil {
		r.bar.finish()
	}
}

// sizes are a split's training images per class and evaluation images.
type sizes struct{ train, eval int }

// iterationCosts estimates the work of one learning and one collecting iteration, in
// multiply-adds of length-D vectors (K N for a field pass over N vectors).
func iterationCosts(m Model, sz sizes) (learn, collect float64) {
	k, n, e := float64(m.Hidden), float64(sz.train), float64(sz.eval)
	passes, slower := 1.0, 1.0 // herding: the positive phase, on herding's own kernels
	if m.Kind == KindDatapath {
		slower = 3 // every evaluation field from W (no flip tracking), and the registers' casts
	}
	if m.Kind == KindRBM {
		passes, slower = 5, 2 // CD-1: three field passes and two gradient halves; classify's kernels and exp
		if m.Method == classify.PCD {
			passes = 2
		}
	}
	return slower * passes * k * n, slower * (passes*k*n + k*e)
}

// unitCost is a unit's estimated work, calibrated on this machine against H1 (about
// 2.7e8 for 12 s): MLR took 36 s, 1-NN 1.5 s, a CD1 digit 51 s.
func unitCost(u Unit, opts *Options, sz sizes) float64 {
	switch u.Model.Kind {
	case KindMLR:
		return 8e8
	case KindNN:
		return 3.3e7
	}
	l, c := iterationCosts(u.Model, sz)
	return l*float64(opts.Learn) + c*float64(opts.Collect)
}

// meter turns estimated work into progress-bar counts (millions of operations), from
// every unit running at once.
type meter struct {
	bar   *progress.Bar
	mu    sync.Mutex
	done  float64
	shown int
}

func newMeter(units []Unit, opts *Options, sz sizes) *meter {
	total := 0.0
	for _, u := range units {
		total += unitCost(u, opts, sz)
	}
	m := &meter{bar: progress.New(max(1, int(total/1e6)), fmt.Sprintf("usps: %d units", len(units)))}
	m.bar.Add(0) // starts the clock of the time-left estimate now, not at the first unit's end
	return m
}

func (m *meter) add(work float64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.done += work
	if n := int(m.done/1e6) - m.shown; n > 0 {
		m.bar.Add(n)
		m.shown += n
	}
}

func (m *meter) finish() { m.bar.Finish() }
