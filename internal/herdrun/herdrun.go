package herdrun

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/internal/atomicfile"
	"herdsim/internal/progress"
)

// Options describe one run.
type Options struct {
	Config     herding.Config
	Iterations int    // T learning iterations
	Decoupled  int    // further iterations of decoupled herding (equation 22) after the T
	OutDir     string // created if missing
	Samples    int    // how many of the last pseudo-samples to draw (default 100)
	// MemoryLimit is the most bytes the run may need (MemoryEstimate); 0 means what the
	// machine has available (MemAvailable, or the cgroup's limit if lower). A run over it
	// is refused with a *MemoryError before anything is allocated or written.
	MemoryLimit uint64
	// PhaseTimesFrom, if positive, times the engine's phases from that iteration to the
	// end (herding.Engine.TimePhases): Result.PhaseTimes. Nothing written depends on it.
	PhaseTimesFrom int
}

// Result is what the caller may want to print.
type Result struct {
	Summary    Summary
	Files      []string
	PhaseTimes herding.PhaseTimes // with Options.PhaseTimesFrom
}

// TraceRecord is one line of trace.jsonl.
type TraceRecord struct {
	T           int     `json:"t"`
	Phase       string  `json:"phase"` // "learn" or "decoupled"
	X           string  `json:"x"`     // x*_t, '1' for +1, '0' for -1, component 0 first
	Z           string  `json:"z"`     // z*_t, the same way
	Start       int     `json:"start"` // data vector the search started from, -1 for s*_{t-1}
	Sweeps      int     `json:"sweeps"`
	MomentError float64 `json:"moment_error"`
}

// Run herds on data and writes the output folder.
func Run(data *dataset.Binary, opt Options) (*Result, error) {
	if opt.Iterations <= 0 {
		return nil, fmt.Errorf("iterations T=%d, must be positive", opt.Iterations)
	}
	if opt.Decoupled < 0 {
		return nil, fmt.Errorf("decoupled iterations %d, must not be negative", opt.Decoupled)
	}
	if opt.Samples <= 0 {
		opt.Samples = 100
	}
	limit, err := checkMemory(data.N(), data.D, opt)
	if err != nil {
		return nil, err
	}
	defer softMemoryLimit(limit)()
	engine, err := herding.New(data, opt.Config)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(opt.OutDir, 0o755); err != nil {
		return nil, fmt.Errorf("output folder: %w", err)
	}
	out := newOutputs(opt.OutDir)
	defer out.abortAll()

	trace, err := out.create("trace.jsonl")
	if err != nil {
		return nil, err
	}
	rec, err := herd(engine, opt, trace)
	if err != nil {
		return nil, err
	}
	summary := summarise(data, engine, opt, rec)
	if err := writeResults(out, data, engine, opt, rec, summary); err != nil {
		return nil, err
	}
	files, err := out.commitAll()
	if err != nil {
		return nil, err
	}
	return &Result{Summary: summary, Files: files, PhaseTimes: engine.PhaseTimes()}, nil
}

// recording is what the run keeps besides the trace: the moment-error curve and the last
// pseudo-samples.
type recording struct {
	momentError []float64 // per iteration
	lastX       [][]int8  // the last opt.Samples pseudo-samples x*, oldest first
	sweeps      map[int]int
}

func herd(engine *herding.Engine, opt Options, trace *atomicfile.File) (*recording, error) {
	total := opt.Iterations + opt.Decoupled
	rec := &recording{sweeps: map[int]int{}, momentError: make([]float64, 0, total)} // allocated once, as MemoryEstimate counts
	bar := progress.New(total, "herding")
	defer bar.Finish()
	enc := json.NewEncoder(trace)
	for t := 1; t <= total; t++ {
		if t == opt.Iterations+1 {
			if err := engine.Decouple(); err != nil {
				return nil, err
			}
		}
		if t == opt.PhaseTimesFrom {
			engine.TimePhases()
		}
		it, err := engine.Step()
		if err != nil {
			return nil, err
		}
		rec.note(it, opt.Samples)
		if err := enc.Encode(traceRecord(it, engine.Decoupled())); err != nil {
			return nil, fmt.Errorf("trace.jsonl: %w", err)
		}
		bar.Add(1)
	}
	return rec, nil
}

func (r *recording) note(it herding.Iteration, keep int) {
	r.momentError = append(r.momentError, it.MomentError)
	r.sweeps[it.Sweeps]++
	if len(r.lastX) == keep {
		r.lastX = r.lastX[1:]
	}
	r.lastX = append(r.lastX, it.X)
}

func traceRecord(it herding.Iteration, decoupled bool) TraceRecord {
	phase := "learn"
	if decoupled {
		phase = "decoupled"
	}
	return TraceRecord{T: it.T, Phase: phase, X: dataset.BitString(it.X), Z: dataset.BitString(it.Z),
		Start: it.Start, Sweeps: it.Sweeps, MomentError: it.MomentError}
}

// outputs tracks the files of one run so that they are published together.
type outputs struct {
	dir   string
	files []*atomicfile.File
	names []string
}

func newOutputs(dir string) *outputs { return &outputs{dir: dir} }

func (o *outputs) create(name string) (*atomicfile.File, error) {
	f, err := atomicfile.Create(filepath.Join(o.dir, name))
	if err != nil {
		return nil, err
	}
	o.files = append(o.files, f)
	o.names = append(o.names, name)
	return f, nil
}

func (o *outputs) writeJSON(name string, v any) error {
	f, err := o.create(name)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func (o *outputs) commitAll() ([]string, error) {
	for i, f := range o.files {
		if err := f.Commit(); err != nil {
			return nil, fmt.Errorf("%s: %w", o.names[i], err)
		}
	}
	return o.names, nil
}

func (o *outputs) abortAll() {
	for _, f := range o.files {
		f.Abort()
	}
}
