package usps

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"herdsim/classify"
	"herdsim/internal/progress"
)

// Options run a plan (or one shard of it) into an output folder.
type Options struct {
	Plan
	Out      string // output folder (created if missing)
	Shard    int    // this run's shard, 0..Shards-1
	Shards   int    // number of shards; 0 or 1 runs the whole grid
	MaxUnits int    // stop after running this many units (0: no limit)
	// Direct runs herding in the direct form (every field and evaluation energy from W) instead
	// of the flip-driven one: the same bits (tested), slower; for timing the two.
	Direct bool
	Log    io.Writer // one line per finished unit with its wall time; nil discards
}

// Summary is what a run did.
type Summary struct {
	Units    int      // units of this shard
	Skipped  int      // already finished before this run
	Ran      int      // finished by this run
	Missing  int      // units of the whole grid still unfinished
	Results  *Results // the results, written when the whole grid is finished; else nil
	Duration time.Duration
}

// Run computes every unfinished unit of the shard, then writes the results if the whole
// grid is finished. Cancelling ctx stops between iterations; finished units stay.
func Run(ctx context.Context, src Source, opts Options) (*Summary, error) {
	start := time.Now()
	if err := opts.check(); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(opts.Out, 0o755); err != nil {
		return nil, err
	}
	if err := writePlan(opts.Out, opts.Plan); err != nil {
		return nil, err
	}
	units := ShardUnits(Grid(opts.Models, opts.Splits), opts.Shard, max(1, opts.Shards))
	pending, err := pendingUnits(opts, units)
	if err != nil {
		return nil, err
	}
	sum := &Summary{Units: len(units), Skipped: len(units) - len(pending)}
	if err := runUnits(ctx, src, &opts, pending, sum); err != nil {
		return sum, err
	}
	res, missing, err := finishIfComplete(opts.Out, opts.Plan)
	sum.Results, sum.Missing, sum.Duration = res, missing, time.Since(start)
	return sum, err
}

func (o *Options) check() error {
	if o.Out == "" {
		return fmt.Errorf("usps: an output folder is required")
	}
	if o.Shards > 1 && (o.Shard < 0 || o.Shard >= o.Shards) {
		return fmt.Errorf("usps: shard %d of %d", o.Shard, o.Shards)
	}
	return o.Plan.Validate()
}

// pendingUnits drops the units whose files exist (checking their settings).
func pendingUnits(opts Options, units []Unit) ([]Unit, error) {
	var pending []Unit
	for _, u := range units {
		r, err := readRecord(opts.Out, u, settings(u, &opts, nil))
		if err != nil {
			return nil, err
		}
		if r == nil {
			pending = append(pending, u)
		}
	}
	return pending, nil
}

// runUnits computes the pending units in order, loading each split once.
func runUnits(ctx context.Context, src Source, opts *Options, pending []Unit, sum *Summary) error {
	if opts.MaxUnits > 0 && len(pending) > opts.MaxUnits {
		pending = pending[:opts.MaxUnits]
	}
	if len(pending) == 0 {
		return nil
	}
	data, err := loadSplit(src, pending[0].Split, opts.SplitSeed)
	if err != nil {
		return err
	}
	sz := sizes{train: data.train[0].N(), eval: len(data.evalRows)}
	bar := newMeter(pending, opts, sz)
	defer bar.finish()
	for _, u := range pending {
		if u.Split != data.split {
			if data, err = loadSplit(src, u.Split, opts.SplitSeed); err != nil {
				return err
			}
		}
		if err := runUnit(ctx, u, opts, data, bar, sz); err != nil {
			return err
		}
		sum.Ran++
	}
	return nil
}

func runUnit(ctx context.Context, u Unit, opts *Options, data *splitData, bar *meter, sz sizes) error {
	t0 := time.Now()
	before := bar.done
	rec, err := compute(ctx, u, opts, data, bar.add)
	if err != nil {
		return err
	}
	bar.add(unitCost(u, opts, sz) - (bar.done - before)) // baselines report their work at the end
	if err := writeRecord(opts.Out, u, rec); err != nil {
		return err
	}
	return logTiming(opts, u, time.Since(t0))
}

// logTiming appends the unit's wall time to timing.jsonl and to the log.
func logTiming(opts *Options, u Unit, d time.Duration) error {
	line, _ := json.Marshal(map[string]any{"unit": u.String(), "model": u.Model.Key, "split": u.Split,
		"class": u.Class, "seconds": d.Seconds(), "gomaxprocs": runtime.GOMAXPROCS(0)})
	f, err := os.OpenFile(filepath.Join(opts.Out, "timing.jsonl"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(append(line, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if opts.Log != nil {
		fmt.Fprintf(opts.Log, "usps: %s done in %.1f s\n", u, d.Seconds())
	}
	return err
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

// meter turns estimated work into progress-bar counts (millions of operations).
type meter struct {
	bar   *progress.Bar
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
	m.done += work
	if n := int(m.done/1e6) - m.shown; n > 0 {
		m.bar.Add(n)
		m.shown += n
	}
}

func (m *meter) finish() { m.bar.Finish() }
