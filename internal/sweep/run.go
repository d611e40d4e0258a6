package sweep

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"

	"herdsim/internal/progress"
	"herdsim/internal/shard"
	"herdsim/internal/units"
	"herdsim/sim"
)

// Options describe one sweep run.
type Options struct {
	Setup    Setup
	Spec     Spec
	Shard    shard.Shard // zero: the whole grid
	Out      string      // output folder
	Workers  int         // points run at once; 0 means GOMAXPROCS
	MaxUnits int         // stop after computing this many points (0: no limit)
	Warn     io.Writer   // warnings (a plot that could not be drawn); nil means os.Stderr
}

// Stats count what a run did.
type Stats struct {
	Points   int    // points in this shard of the grid
	Skipped  int    // already finished (resumed)
	Computed int    // run now, invalid ones included
	Invalid  int    // of the computed, those whose Arch failed Validate
	Missing  int    // points of the whole grid still unfinished
	Store    string // the folder of the unit files
	// Recommendations of the whole grid, written once every point is finished; else nil.
	Recommendations *Recommendations
}

// Run sweeps the grid (or its shard) on internal/units: it skips points already
// finished, runs the rest concurrently, writing each point's unit file as it finishes,
// and, once the whole grid is finished, writes points.jsonl, the table, plots and
// recommendations. Every input is checked before anything is written.
func Run(ctx context.Context, opts Options) (Stats, error) {
	warn := opts.Warn
	if warn == nil {
		warn = os.Stderr
	}
	if err := opts.Setup.check(); err != nil {
		return Stats{}, err
	}
	info := opts.Setup.info()
	points := opts.Spec.points(info, opts.Setup.Config.Mode)
	r := &runner{setup: opts.Setup, points: points}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	job := units.Job[Record]{
		Folder: units.Folder(opts.Out), Plan: newPlan(info, opts.Spec), Units: pointUnits(points),
		Shard: opts.Shard, MaxUnits: opts.MaxUnits, Workers: workers,
		Check:   func(i int, rec *Record) error { return rec.check(points[i]) },
		Begin:   r.begin,
		Compute: r.compute,
	}
	sum, err := job.Run(ctx)
	r.finish()
	st := Stats{Points: sum.Units, Skipped: sum.Skipped, Computed: sum.Ran, Invalid: int(r.invalid.Load()),
		Missing: sum.Missing, Store: filepath.Join(opts.Out, units.UnitsDir)}
	if err != nil || st.Missing > 0 {
		return st, err
	}
	st.Recommendations, _, err = finish(opts.Out, points, warn)
	return st, err
}

// runner runs points beside one reference, counting the invalid ones, with a progress bar.
type runner struct {
	setup   Setup
	points  []Point
	ref     *sim.Reference
	bar     *progress.Bar
	invalid atomic.Int64
}

// begin runs the shared reference once, if any point to compute has a buildable Arch.
func (r *runner) begin(todo []int) error {
	for _, i := range todo {
		if r.points[i].Arch.Validate() == nil {
			ref, err := sim.NewReference(r.setup.Data, r.setup.Config, r.setup.Iterations, nil)
			if err != nil {
				return err
			}
			r.ref = ref
			break
		}
	}
	r.bar = progress.New(len(todo), "sweep points")
	return nil
}

func (r *runner) compute(_ context.Context, i int) (*Record, error) {
	rec, err := runPoint(r.points[i], r.setup, r.ref)
	if err != nil {
		return nil, err
	}
	if !rec.Valid {
		r.invalid.Add(1)
	}
	r.bar.Add(1)
	return &rec, nil
}

func (r *runner) finish() {
	if r.bar != nil {
		r.bar.Finish()
	}
}

// runPoint measures one point: an invalid Arch is a record, not an error.
func runPoint(p Point, s Setup, ref *sim.Reference) (Record, error) {
	rec := newRecord(p, s.info())
	if err := p.Arch.Validate(); err != nil {
		rec.Error = err.Error()
		return rec, nil
	}
	run, err := sim.RunFull(ref, p.Arch, nil)
	if err != nil {
		return rec, fmt.Errorf("sweep: point %s: %w", p.Key, err)
	}
	rec.fill(run)
	if s.Synth != "" {
		if rec.Synth, err = synthPoint(s, p.Arch, s.Synth); err != nil {
			return rec, fmt.Errorf("sweep: point %s: synthesis: %w", rec.label()+" "+p.Overflow, err)
		}
	}
	return rec, nil
}
