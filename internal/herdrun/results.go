package herdrun

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"

	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/internal/pictures"
)

// Summary is summary.json: the run's settings and its measured outcome. It holds no
// timestamps or timings, so the same command writes the same bytes.
type Summary struct {
	Data           string  `json:"data"`
	N              int     `json:"N"`
	D              int     `json:"D"`
	K              int     `json:"K"`
	Mode           string  `json:"mode"`
	Form           string  `json:"form"`
	MaxSweeps      int     `json:"max_sweeps"`
	Seed           uint64  `json:"seed"`
	GrowHiddenBias bool    `json:"grow_hidden_bias"`
	Iterations     int     `json:"iterations"`
	Decoupled      int     `json:"decoupled_iterations"`
	WeightScale    float64 `json:"weight_scale"` // the factor the stored weights carry relative to the paper's (N, or N*T when decoupled; 1 unscaled)

	MomentError     float64 `json:"moment_error"`       // after the last iteration of the last phase
	MaxTMomentError float64 `json:"max_t_moment_error"` // max over learning iterations t of t x moment error(t) (Proposition 1: bounded)
	// The max |.| entries are in the stored units of weights.json (weight_scale). Over the
	// run means W_0 and the weights after every iteration; decoupled herding multiplies
	// the learning phase's weights by T (Decouple), so they count multiplied by T.
	MaxAbsWOverRun  float64     `json:"max_abs_W_over_run"` // the largest |W| entry at any point of the run
	MaxAbsWFinal    float64     `json:"max_abs_W_final"`    // the largest |W| entry of the final weights
	MaxAbsBFinal    float64     `json:"max_abs_b_final"`    // the largest |b| entry of the final weights
	MaxAbsCFinal    float64     `json:"max_abs_c_final"`    // the largest |c| entry of the final weights
	SweepsHistogram map[int]int `json:"sweeps_histogram"`   // sweeps per iteration -> iterations
	DistinctSamples int         `json:"distinct_samples_x"` // distinct x* among the drawn last pseudo-samples
	PicturesOmitted string      `json:"pictures_omitted,omitempty"`
}

func summarise(data *dataset.Binary, e *herding.Engine, opt Options, rec *recording) Summary {
	cfg, p := e.Config(), e.Params()
	s := Summary{
		Data: data.Name, N: data.N(), D: data.D, K: cfg.Hidden, Mode: cfg.Mode.String(),
		Form: cfg.Form.String(), MaxSweeps: cfg.Sweeps, Seed: cfg.Seed,
		GrowHiddenBias: cfg.GrowHiddenBias, Iterations: opt.Iterations, Decoupled: opt.Decoupled,
		WeightScale:     weightScale(data, cfg, opt),
		MomentError:     e.MomentError(),
		MaxAbsWOverRun:  e.MaxAbsWRun(),
		MaxAbsWFinal:    e.MaxAbsW(),
		MaxAbsBFinal:    maxAbs(p.B),
		MaxAbsCFinal:    maxAbs(p.C),
		SweepsHistogram: rec.sweeps,
		DistinctSamples: distinct(rec.lastX),
	}
	for t, m := range rec.momentError[:opt.Iterations] {
		s.MaxTMomentError = math.Max(s.MaxTMomentError, float64(t+1)*m)
	}
	return s
}

func weightScale(data *dataset.Binary, cfg herding.Config, opt Options) float64 {
	if cfg.Form == herding.Unscaled {
		return 1
	}
	if opt.Decoupled > 0 {
		return float64(data.N() * opt.Iterations)
	}
	return float64(data.N())
}

// writeWeights writes weights.json: {"form", "scale", "W": [rows], "b", "c"}, the
// parameters after the last iteration, indented by two spaces: the bytes of
// encoding/json's indented encoder on the whole value (tested). It writes W row by row
// through one encoder and one buffer, so neither the file (some 10 to 25 bytes per weight,
// several times W itself) nor a row's garbage per row ever sits in memory.
func writeWeights(out *outputs, form string, scale float64, p *herding.Params) error {
	f, err := out.create("weights.json")
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	put := func(text string, v any, prefix string) { // text, then v as JSON, indented after prefix
		f.WriteString(text)
		buf.Reset()
		enc.SetIndent(prefix, "  ")
		if err := enc.Encode(v); err != nil {
			panic(err) // strings and finite float64s always encode
		}
		f.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n"))) // Encode ends every value with a newline
	}
	put("{\n  \"form\": ", form, "  ")
	put(",\n  \"scale\": ", scale, "  ")
	f.WriteString(",\n  \"W\": [")
	for i := 0; i < p.K; i++ {
		sep := ",\n    "
		if i == 0 {
			sep = "\n    "
		}
		put(sep, p.Row(i), "    ")
	}
	if p.K > 0 {
		f.WriteString("\n  ")
	}
	put("],\n  \"b\": ", p.B, "  ")
	put(",\n  \"c\": ", p.C, "  ")
	f.WriteString("\n}\n")
	return nil
}

func writeResults(out *outputs, data *dataset.Binary, e *herding.Engine, opt Options, rec *recording, s Summary) error {
	if err := writeWeights(out, s.Form, s.WeightScale, e.Params()); err != nil {
		return err
	}
	pics, err := drawPictures(out.dir, data, e, opt, rec)
	if err != nil {
		removeAll(pics)
		return err
	}
	if !data.Image.IsImage() {
		s.PicturesOmitted = "the data have no image shape; vectors are drawn as 1-pixel-high strips"
	}
	if err := out.writeJSON("summary.json", s); err != nil {
		removeAll(pics)
		return err
	}
	return nil
}

// drawPictures writes samples.png (the last pseudo-samples, like Figure 2 bottom),
// rates.png (the rate filters R_T / (N T) of the hidden units, like Figure 2 top) and
// moment_error.png (Proposition 1: the moment error against t on log axes).
func drawPictures(dir string, data *dataset.Binary, e *herding.Engine, opt Options, rec *recording) ([]string, error) {
	shape := data.Image
	if !shape.IsImage() {
		shape = dataset.Shape{Height: 1, Width: data.D}
	}
	var done []string
	draw := func(name string, f func(path string) error) error {
		path := filepath.Join(dir, name)
		if err := f(path); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		done = append(done, path)
		return nil
	}
	if err := draw("samples.png", func(path string) error {
		return pictures.Montage(path, rec.lastX, shape, pictures.GridOptions{})
	}); err != nil {
		return done, err
	}
	if err := draw("rates.png", func(path string) error {
		return pictures.Filters(path, rateFilters(e, opt), shape, pictures.GridOptions{})
	}); err != nil {
		return done, err
	}
	err := draw("moment_error.png", func(path string) error {
		return pictures.LinePlot(path, momentPlot(rec.momentError[:opt.Iterations]))
	})
	return done, err
}

// rateFilters are R_T / (N T) per hidden unit, for at most 100 units.
func rateFilters(e *herding.Engine, opt Options) [][]float64 {
	p, r := e.Params(), e.Rates()
	k := min(p.K, 100)
	norm := float64(opt.Iterations) * float64(len(e.DataEnergies()))
	out := make([][]float64, k)
	for i := range out {
		out[i] = make([]float64, p.D)
		for j := range out[i] {
			out[i][j] = r[i*p.D+j] / norm
		}
	}
	return out
}

// momentPlot draws the moment error against t with the curve C/t, C = max t x error over
// t >= 100: Proposition 1 says the error stays under such a curve.
func momentPlot(curve []float64) pictures.Plot {
	var xs, ys, bound []float64
	c := 0.0
	for t, m := range curve {
		if t+1 >= 100 {
			c = math.Max(c, float64(t+1)*m)
		}
	}
	for t, m := range curve {
		if m > 0 {
			xs = append(xs, float64(t+1))
			ys = append(ys, m)
			bound = append(bound, c/float64(t+1))
		}
	}
	if len(xs) == 0 {
		// The moments match exactly at every t (e.g. identical data vectors): nothing to
		// put on a log axis, so the zeros on a linear one.
		for t := range curve {
			xs, ys = append(xs, float64(t+1)), append(ys, 0)
		}
		return pictures.Plot{
			Title: "Running moment error: 0 at every iteration", XLabel: "iteration t",
			YLabel: "moment error (unscaled)", LogX: true, Series: []pictures.Series{{Name: "moment error", X: xs, Y: ys}},
		}
	}
	series := []pictures.Series{{Name: "moment error", X: xs, Y: ys}}
	if c > 0 {
		series = append(series, pictures.Series{Name: fmt.Sprintf("%.3g / t", c), X: xs, Y: bound})
	}
	return pictures.Plot{
		Title: "Running moment error (Proposition 1: falls like 1/t)", XLabel: "iteration t",
		YLabel: "moment error (unscaled)", LogX: true, LogY: true, Series: series,
	}
}

func removeAll(paths []string) {
	for _, p := range paths {
		os.Remove(p)
	}
}

func maxAbs(s []float64) float64 {
	m := 0.0
	for _, v := range s {
		m = math.Max(m, math.Abs(v))
	}
	return m
}

func distinct(vs [][]int8) int {
	seen := map[string]bool{}
	for _, v := range vs {
		seen[dataset.BitString(v)] = true
	}
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return len(keys)
}
