package units

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"herdsim/internal/shard"
)

// Job runs a plan, or one shard of it, into a folder. R is the record type of a unit.
type Job[R any] struct {
	Folder   Folder
	Plan     any    // the plan's settings, written to plan.json before the first unit
	Units    []Unit // the plan, in its fixed order
	Shard    shard.Shard
	MaxUnits int // stop after computing this many units (0: no limit)
	Workers  int // units computed at once; 0 or 1: one at a time, in plan order

	// Check accepts a finished unit's record as units[i]'s (see Load); nil accepts any.
	Check func(i int, r *R) error
	// Begin, when set, is called once with the indexes of the units about to be computed
	// (never empty), before any is: to load data or start a progress bar.
	Begin func(todo []int) error
	// Compute computes units[i]'s record; its content must depend on the unit only.
	Compute func(ctx context.Context, i int) (*R, error)

	Log  io.Writer // one line per finished unit with its wall time; nil: none
	Name string    // the tool, the prefix of log lines
}

// Summary is what a run did.
type Summary struct {
	Units    int // units of this shard
	Skipped  int // finished before this run
	Ran      int // finished by this run
	Missing  int // units of the whole plan still unfinished
	Duration time.Duration
}

// Run computes every unfinished unit of the shard (at most MaxUnits), writing each as it
// finishes. Finished units are read and checked first: nothing is written if one is
// refused. Cancelling ctx stops handing out units; finished ones stay.
func (j *Job[R]) Run(ctx context.Context) (Summary, error) {
	start := time.Now()
	if err := checkPlan(j.Units); err != nil {
		return Summary{}, err
	}
	recs, missing, err := Load(j.Folder, j.Units, j.Check)
	if err != nil {
		return Summary{}, err
	}
	mine := Select(len(j.Units), j.Shard)
	var todo []int
	for _, i := range mine {
		if recs[i] == nil {
			todo = append(todo, i)
		}
	}
	sum := Summary{Units: len(mine), Skipped: len(mine) - len(todo)}
	if j.MaxUnits > 0 && len(todo) > j.MaxUnits {
		todo = todo[:j.MaxUnits]
	}
	if err := j.prepare(todo); err != nil {
		return sum, err
	}
	sum.Ran, err = j.compute(ctx, todo)
	sum.Missing, sum.Duration = missing-sum.Ran, time.Since(start)
	return sum, err
}

// prepare calls Begin and writes the folder and its plan.
func (j *Job[R]) prepare(todo []int) error {
	if len(todo) > 0 && j.Begin != nil {
		if err := j.Begin(todo); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(string(j.Folder), 0o755); err != nil {
		return err
	}
	if j.Plan == nil {
		return nil
	}
	return j.Folder.WritePlan(j.Plan)
}

// compute runs the units on a pool of workers; the first error stops the hand-out.
func (j *Job[R]) compute(ctx context.Context, todo []int) (int, error) {
	if len(todo) == 0 {
		return 0, nil
	}
	p := &pool[R]{job: j, todo: todo, timing: &timingLog{path: j.Folder.file(TimingFile)}}
	var wg sync.WaitGroup
	for range min(max(1, j.Workers), len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, ok := p.take(ctx); ok; i, ok = p.take(ctx) {
				p.finish(p.run(ctx, i))
			}
		}()
	}
	wg.Wait()
	return p.done, p.err
}

// pool hands out units and counts the finished ones.
type pool[R any] struct {
	job    *Job[R]
	timing *timingLog
	mu     sync.Mutex
	todo   []int
	next   int
	done   int
	err    error
}

func (p *pool[R]) take(ctx context.Context) (int, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err == nil {
		p.err = ctx.Err()
	}
	if p.err != nil || p.next == len(p.todo) {
		return 0, false
	}
	p.next++
	return p.todo[p.next-1], true
}

// run computes unit i, writes its file, then its timing line and log line.
func (p *pool[R]) run(ctx context.Context, i int) error {
	j := p.job
	u := j.Units[i]
	t0 := time.Now()
	rec, err := j.Compute(ctx, i)
	if err != nil {
		return err
	}
	if err := j.Folder.Write(u.Key, rec); err != nil {
		return err
	}
	d := time.Since(t0)
	if j.Log != nil {
		fmt.Fprintf(j.Log, "%s: %s done in %.1f s\n", j.Name, u.name(), d.Seconds())
	}
	return p.timing.add(u, d)
}

func (p *pool[R]) finish(err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err != nil {
		p.err = cmpErr(p.err, err)
		return
	}
	p.done++
}

// cmpErr keeps the first error.
func cmpErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}
