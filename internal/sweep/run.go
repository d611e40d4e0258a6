package sweep

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"herdsim/internal/progress"
	"herdsim/internal/shard"
	"herdsim/sim"
)

// Options describe one sweep run.
type Options struct {
	Setup   Setup
	Spec    Spec
	Shard   shard.Shard // zero: the whole grid
	Out     string      // output folder
	Workers int         // points run at once; 0 means GOMAXPROCS
	Warn    io.Writer   // warnings (a truncated store line); nil means os.Stderr
}

// Stats count what a run did.
type Stats struct {
	Points   int    // points in this shard of the grid
	Skipped  int    // already in the store (resumed)
	Computed int    // run now, invalid ones included
	Invalid  int    // of the computed, those whose Arch failed Validate
	Store    string // the JSONL file
	// Recommendations of the whole grid; nil for a shard, which writes its JSONL only.
	Recommendations *Recommendations
}

// Run sweeps the grid (or its shard): it skips points the store already holds, runs the
// rest concurrently, appending each record as it finishes, and, for a whole grid, writes
// the table, plots and recommendations. Every input is checked before anything is written.
func Run(opts Options) (Stats, error) {
	warn := opts.Warn
	if warn == nil {
		warn = os.Stderr
	}
	if err := opts.Setup.check(); err != nil {
		return Stats{}, err
	}
	points := selectShard(opts.Shard, opts.Spec.Points(opts.Setup))
	st := Stats{Points: len(points), Store: filepath.Join(opts.Out, storeName(opts.Shard))}
	store, err := readStore(st.Store, warn)
	if err != nil {
		return st, err
	}
	var todo []Point
	for _, p := range points {
		if !store.has(p.Key) {
			todo = append(todo, p)
		}
	}
	st.Skipped = len(points) - len(todo)
	ref, err := reference(opts.Setup, todo)
	if err != nil {
		return st, err
	}
	if err := os.MkdirAll(opts.Out, 0o755); err != nil {
		return st, err
	}
	fresh, err := compute(todo, opts, ref, store.complete, st.Store)
	st.Computed = len(fresh)
	for _, rec := range fresh {
		if !rec.Valid {
			st.Invalid++
		}
		if err == nil {
			err = store.add(rec)
		}
	}
	if err != nil || opts.Shard.Enabled() {
		return st, err
	}
	st.Recommendations, err = WriteReport(opts.Out, selectRecords(store, points), warn)
	return st, err
}

// reference runs the shared reference once, if any point to compute has a buildable Arch.
func reference(s Setup, todo []Point) (*sim.Reference, error) {
	for _, p := range todo {
		if p.Arch.Validate() == nil {
			return sim.NewReference(s.Data, s.Config, s.Iterations, nil)
		}
	}
	return nil, nil
}

// compute runs the points on a pool of workers, appending each record to the store as it
// finishes, with a progress bar over points. It returns the records it finished; on an
// error the pool stops taking new points.
func compute(todo []Point, opts Options, ref *sim.Reference, complete int64, path string) ([]Record, error) {
	app, err := openAppender(path, complete)
	if err != nil || len(todo) == 0 {
		return nil, firstErr(err, app.close())
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	p := &pool{todo: todo, app: app, bar: progress.New(len(todo), "sweep points")}
	var wg sync.WaitGroup
	for range min(workers, len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, ok := p.take(); ok; i, ok = p.take() {
				rec, err := runPoint(todo[i], opts.Setup, ref)
				p.finish(i, rec, err)
			}
		}()
	}
	wg.Wait()
	p.bar.Finish()
	return p.done, firstErr(p.err, app.close())
}

// pool hands out points and collects records; the first error stops the hand-out. Records
// are appended in grid order (the order of todo), whichever worker finishes first: a
// finished record waits in pending until those before it are written, so the file's bytes
// do not depend on GOMAXPROCS. An interrupted run leaves a prefix of the grid; resuming
// computes the rest.
type pool struct {
	mu      sync.Mutex
	todo    []Point
	next    int
	written int            // todo[:written] are in the file
	pending map[int]Record // finished, waiting for the ones before
	done    []Record
	err     error
	app     *appender
	bar     *progress.Bar
}

func (p *pool) take() (int, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err != nil || p.next == len(p.todo) {
		return 0, false
	}
	p.next++
	return p.next - 1, true
}

func (p *pool) finish(i int, rec Record, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err != nil {
		p.err = firstErr(p.err, err)
		return
	}
	if p.pending == nil {
		p.pending = map[int]Record{}
	}
	p.pending[i] = rec
	p.bar.Add(1)
	for p.err == nil {
		r, ok := p.pending[p.written]
		if !ok {
			break
		}
		delete(p.pending, p.written)
		if err := p.app.append(r); err != nil {
			p.err = err
			break
		}
		p.done = append(p.done, r)
		p.written++
	}
}

func firstErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
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

// selectRecords returns the store's records of the given points (a store may hold points
// of other grids written to the same folder; the table shows this grid's only).
func selectRecords(store *storeFile, points []Point) []Record {
	out := make([]Record, 0, len(points))
	for _, p := range points {
		if i, ok := store.byKey[p.Key]; ok {
			out = append(out, store.records[i])
		}
	}
	return out
}
