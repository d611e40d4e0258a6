package usps

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"herdsim/classify"
	"herdsim/internal/atomicfile"
	"herdsim/internal/pictures"
	"herdsim/internal/units"
)

// ModelResult is one model's test error over the splits, in percent.
type ModelResult struct {
	TestErrorMean float64   `json:"test_error_mean"`
	TestErrorSE   float64   `json:"test_error_se"`
	Splits        []float64 `json:"splits"`       // test error of each split, in plan order
	L2            []float64 `json:"l2,omitempty"` // MLR's chosen L2 strength per split (not 1NN)
	// Datapath models: values that overflowed W, summed over every class and split.
	WeightOverflows uint64 `json:"weight_overflows,omitempty"`
}

// Results is results.json.
type Results struct {
	Models map[string]ModelResult `json:"models"`
	order  []Model
}

// CVFolds is the number of cross-validation folds that choose the L2 strength of the
// MLR fitted on the energy features of the validation set.
const CVFolds = 5

// Collect builds the results from the unit files of out. It returns the number of
// unfinished units; results are nil unless that is 0.
func Collect(out string, p Plan) (*Results, int, error) {
	grid := Grid(p.Models, p.Splits)
	opts := &Options{Plan: p}
	list, missing, err := units.Load(units.Folder(out), plan(grid), func(i int, r *Record) error {
		return r.check(grid[i], settings(grid[i], opts, nil))
	})
	if err != nil || missing > 0 {
		return nil, missing, err
	}
	recs := make(map[Unit]*Record, len(grid))
	for i, u := range grid {
		recs[u] = list[i]
	}
	res := &Results{Models: map[string]ModelResult{}, order: p.Models}
	for _, m := range p.Models {
		mr, err := modelResult(m, p.Splits, recs)
		if err != nil {
			return nil, 0, err
		}
		res.Models[m.Key] = mr
	}
	return res, 0, nil
}

func modelResult(m Model, splits []int, recs map[Unit]*Record) (ModelResult, error) {
	var mr ModelResult
	for _, s := range splits {
		var errPct, l2 float64
		var err error
		if m.Energy() {
			errPct, l2, err = energyModelError(m, s, recs)
		} else {
			r := recs[Unit{Split: s, Model: m, Class: -1}]
			errPct, l2 = percent(r.TestWrong, r.TestCount), r.L2
		}
		if err != nil {
			return mr, err
		}
		mr.Splits = append(mr.Splits, errPct)
		if m.Kind == KindDatapath {
			for c := range Digits {
				mr.WeightOverflows += recs[Unit{Split: s, Model: m, Class: c}].Overflows["W"]
			}
		}
		if m.Kind != KindNN {
			mr.L2 = append(mr.L2, l2)
		}
	}
	mr.TestErrorMean, mr.TestErrorSE = meanSE(mr.Splits)
	return mr, nil
}

func percent(wrong, count int) float64 { return 100 * float64(wrong) / float64(count) }

// meanSE returns the mean and its standard error (sample deviation / sqrt(n); 0 for one
// value), rounded to 1e-9 so that the JSON stays readable.
func meanSE(v []float64) (float64, float64) {
	n := float64(len(v))
	mean := 0.0
	for _, x := range v {
		mean += x
	}
	mean /= n
	if len(v) < 2 {
		return round9(mean), 0
	}
	ss := 0.0
	for _, x := range v {
		ss += (x - mean) * (x - mean)
	}
	return round9(mean), round9(math.Sqrt(ss/(n-1)) / math.Sqrt(n))
}

func round9(x float64) float64 { return math.Round(x*1e9) / 1e9 }

// Features assembles the energy features of one split: row m of valid (test) holds the
// averaged z-score of validation (test) image m under each class's model, in class order.
func Features(recs [Digits]*Record) (valid, test *classify.Matrix, validLabels, testLabels []int, err error) {
	st := recs[0].Settings
	for c, r := range recs {
		if len(r.ValidScores) != sum(st.ValidCounts) || len(r.TestScores) != sum(st.TestCounts) {
			return nil, nil, nil, nil, fmt.Errorf("split %d %s class %d: %d/%d scores, want %d/%d",
				r.Split, r.Model, c, len(r.ValidScores), len(r.TestScores), sum(st.ValidCounts), sum(st.TestCounts))
		}
	}
	valid, test = classify.NewMatrix(sum(st.ValidCounts), Digits), classify.NewMatrix(sum(st.TestCounts), Digits)
	for c, r := range recs {
		for m, v := range r.ValidScores {
			valid.Data[m*Digits+c] = v
		}
		for m, v := range r.TestScores {
			test.Data[m*Digits+c] = v
		}
	}
	return valid, test, labels(st.ValidCounts), labels(st.TestCounts), nil
}

func sum(v []int) int {
	s := 0
	for _, x := range v {
		s += x
	}
	return s
}

func labels(counts []int) []int {
	var out []int
	for d, n := range counts {
		out = append(out, repeat(d, n)...)
	}
	return out
}

// energyModelError fits MLR on the validation features (L2 by cross-validation) and
// returns the test error in percent and the chosen strength.
func energyModelError(m Model, split int, recs map[Unit]*Record) (float64, float64, error) {
	var rs [Digits]*Record
	for c := range rs {
		rs[c] = recs[Unit{Split: split, Model: m, Class: c}]
	}
	valid, test, yv, yt, err := Features(rs)
	if err != nil {
		return 0, 0, err
	}
	mlr, choice, err := classify.CrossValidateL2(valid, yv, Digits, classify.DefaultL2Grid, CVFolds)
	if err != nil {
		return 0, 0, fmt.Errorf("split %d %s: %w", split, m.Key, err)
	}
	return percent(countWrong(mlr.Predict(test), yt), len(yt)), choice.L2, nil
}

// Write puts results.json, results.md and results.png into out.
func (r *Results) Write(out string) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(out, "results.json"), append(b, '\n')); err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(out, "results.md"), []byte(r.Markdown())); err != nil {
		return err
	}
	if err := r.chart(filepath.Join(out, "results.png")); err != nil {
		return err
	}
	if !r.hasDatapath() {
		return nil
	}
	return r.widthChart(filepath.Join(out, "weights.png"))
}

func (r *Results) hasDatapath() bool {
	return slices.ContainsFunc(r.order, func(m Model) bool { return m.Kind == KindDatapath })
}

// Markdown renders the results as a table, models in the plan's order.
func (r *Results) Markdown() string {
	var sb strings.Builder
	sb.WriteString("| model | hidden units | test error (%) | standard error | per split (%) |\n")
	sb.WriteString("| --- | --- | --- | --- | --- |\n")
	for _, m := range r.order {
		mr := r.Models[m.Key]
		k := "-"
		if m.Energy() {
			k = fmt.Sprint(m.Hidden)
		}
		per := make([]string, len(mr.Splits))
		for i, v := range mr.Splits {
			per[i] = fmt.Sprintf("%.1f", v)
		}
		fmt.Fprintf(&sb, "| %s | %s | %.2f | %.2f | %s |\n", m.Key, k, mr.TestErrorMean, mr.TestErrorSE, strings.Join(per, ", "))
	}
	if r.hasDatapath() {
		sb.WriteString("\nOn the datapath (datapath.Functional; every register but W wide enough for every value):\n\n")
		sb.WriteString("| model | W bits | overflow | test error (%) | W overflows |\n| --- | --- | --- | --- | --- |\n")
		for _, m := range r.order {
			if m.Kind != KindDatapath {
				continue
			}
			bits, mode := fmt.Sprint(m.WeightBits), strings.ToLower(m.Overflow.String())
			if m.WeightBits == 0 {
				bits, mode = "lossless", "-"
			}
			mr := r.Models[m.Key]
			fmt.Fprintf(&sb, "| %s | %s | %s | %.2f | %d |\n", m.Key, bits, mode, mr.TestErrorMean, mr.WeightOverflows)
		}
	}
	return sb.String()
}

// widthChart plots the test error against W's width: one line per herding model and
// overflow mode, and the float reference of each model as a flat line.
func (r *Results) widthChart(path string) error {
	p := pictures.Plot{Title: "USPS test error against the width of W", XLabel: "W bits", YLabel: "test error (%)"}
	lo, hi := math.Inf(1), math.Inf(-1)
	series := map[string]*pictures.Series{}
	var names []string
	for _, m := range r.order {
		if m.Kind != KindDatapath || m.WeightBits == 0 {
			continue
		}
		name := m.baseKey() + " " + strings.ToLower(m.Overflow.String())
		if series[name] == nil {
			series[name] = &pictures.Series{Name: name, Points: true}
			names = append(names, name)
		}
		s := series[name]
		s.X, s.Y = append(s.X, float64(m.WeightBits)), append(s.Y, r.Models[m.Key].TestErrorMean)
		lo, hi = math.Min(lo, float64(m.WeightBits)), math.Max(hi, float64(m.WeightBits))
	}
	for _, n := range names {
		p.Series = append(p.Series, *series[n])
	}
	for _, m := range r.order {
		if mr, ok := r.Models[m.Key]; ok && m.Kind == KindHerding && !math.IsInf(lo, 1) {
			p.Series = append(p.Series, pictures.Series{Name: m.Key + " float", X: []float64{lo, hi}, Y: []float64{mr.TestErrorMean, mr.TestErrorMean}})
		}
	}
	if len(p.Series) == 0 {
		return nil // only lossless datapath runs: nothing to plot against width
	}
	return pictures.LinePlot(path, p)
}

func (r *Results) chart(path string) error {
	b := pictures.Bars{Title: "USPS test error (Figure 3)", YLabel: "test error (%)"}
	for _, m := range r.order {
		if m.Kind == KindDatapath {
			continue // weights.png
		}
		mr := r.Models[m.Key]
		b.Labels = append(b.Labels, m.Key)
		b.Values = append(b.Values, mr.TestErrorMean)
		b.Errors = append(b.Errors, mr.TestErrorSE)
	}
	return pictures.BarChart(path, b)
}

// finishIfComplete writes the results when every unit of the plan is finished.
func finishIfComplete(out string, p Plan) (*Results, int, error) {
	res, missing, err := Collect(out, p)
	if err != nil || res == nil {
		return nil, missing, err
	}
	return res, 0, res.Write(out)
}

// WriteResults writes the results of out's plan.json, or says how many units are missing.
func WriteResults(out string) (*Results, error) {
	p, err := ReadPlan(out)
	if err != nil {
		return nil, err
	}
	res, missing, err := finishIfComplete(out, p)
	if err != nil {
		return nil, err
	}
	if res == nil {
		return nil, fmt.Errorf("%s: %d units of the plan are not finished", out, missing)
	}
	return res, nil
}
