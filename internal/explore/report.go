package explore

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"herdsim/internal/pictures"
)

// The plot files.
const (
	PlotLogicCells = "front_logic_cells.png"
	PlotSpeed      = "front_iterations.png"
)

func fmtPtr[T any](p *T, format string) string {
	if p == nil {
		return "-"
	}
	return fmt.Sprintf(format, *p)
}

func yesNo(p *bool) string {
	switch {
	case p == nil:
		return "-"
	case *p:
		return "yes"
	default:
		return "no"
	}
}

// Markdown is table.md: every point, the fronts, the recommendation and the narrowing.
func (r *Results) Markdown() string {
	var b strings.Builder
	s := r.Settings
	fmt.Fprintf(&b, "# herdsim explore\n\nUSPS split %d, mode %s, %d + %d iterations (learn + collect); dynamics on digit %d's training set over %d iterations; synthesis for %s at %g MHz (nextpnr seeds %v).\n\n",
		s.Split, s.Mode, s.Learn, s.Collect, s.DynClass, s.DynIters, s.Target, s.FreqMHz, seedsText(s.Seeds))
	onFront := map[string]string{}
	for _, l := range r.Pareto.LogicCells {
		onFront[l] += "L"
	}
	for _, l := range r.Pareto.IterationsPerS {
		onFront[l] += "S"
	}
	b.WriteString("| point | W | field | vis | energy | W words | bit exact | moment error | test error (%) | float (%) | LC | EBR | SPRAM | DSP | fits | Fmax (MHz) | cycles/iter | iter/s | front |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, p := range r.Points {
		w := func(reg string) string { return strings.Fields(p.Regs[reg])[0] }
		if !p.Valid {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | | invalid: %s | | | | | | | | | | | | |\n", p.Label, w("W"), w("field"), w("vis_field"), w("energy"), p.Error)
			continue
		}
		fits := yesNo(p.Fits)
		if p.Fits != nil && !*p.Fits && len(p.Exceeded) > 0 {
			fits = "no (" + strings.Join(p.Exceeded, ", ") + ")"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			p.Label, w("W"), w("field"), w("vis_field"), w("energy"), fmtPtr(p.WWords, "%d"), yesNo(p.BitExact), fmtPtr(p.MomentError, "%.4g"),
			fmtPtr(p.TestError, "%.2f"), fmtPtr(p.ReferenceTestError, "%.2f"), fmtPtr(p.LogicCells, "%d"), fmtPtr(p.EBR, "%d"),
			fmtPtr(p.SPRAM, "%d"), fmtPtr(p.DSP, "%d"), fits, fmtPtr(p.FmaxMHz, "%.2f"), fmtPtr(p.CyclesPerIteration, "%.0f"),
			fmtPtr(p.IterationsPerS, "%.1f"), onFront[p.Label])
	}
	b.WriteString("\nfront: L = on the front of test error against logic cells, S = against iterations per second (fitting points only).\n\n")
	if rec := r.Recommendation; rec != nil {
		fmt.Fprintf(&b, "**Recommendation:** %s: %s; %.1f iterations per second.\n", rec.Label, rec.Why, rec.IterationsPerS)
	} else {
		fmt.Fprintf(&b, "**Recommendation:** none: no fitting point is within %.2f points of the float reference.\n", r.Tolerance)
	}
	if n := r.Narrowing; n != nil {
		fmt.Fprintf(&b, "\n**Narrowing** (ranges of %s, margin %d bit(s)", n.From, n.Margin)
		if len(n.Tightened) > 0 {
			fmt.Fprintf(&b, ", tightened from grid points within the tolerance: %s", widthsText(n.Tightened))
		}
		fmt.Fprintf(&b, "): proposal %s -> point %s", widthsText(n.Proposal), n.Point)
		switch {
		case !n.Verified:
			b.WriteString(", not run.\n")
		case n.Accepted:
			b.WriteString(", verified: fits and within the tolerance.\n")
		default:
			b.WriteString(", verified: rejected (does not fit, or outside the tolerance).\n")
		}
	}
	return b.String()
}

func seedsText(seeds []int) string {
	if len(seeds) == 0 {
		return "1"
	}
	parts := make([]string, len(seeds))
	for i, v := range seeds {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, ",")
}

func widthsText(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", k, m[k])
	}
	return strings.Join(parts, " ")
}

// plots draws both fronts: every fitting point, the front as a line, and each K's float
// reference as a horizontal line.
func (r *Results) plots(dir string) error {
	if err := r.plot(filepath.Join(dir, PlotLogicCells), "logic cells (of 5,280)", r.Pareto.LogicCells,
		func(p PointResult) (float64, bool) {
			if p.LogicCells == nil {
				return 0, false
			}
			return float64(*p.LogicCells), true
		}); err != nil {
		return err
	}
	return r.plot(filepath.Join(dir, PlotSpeed), "iterations per second", r.Pareto.IterationsPerS,
		func(p PointResult) (float64, bool) {
			if p.IterationsPerS == nil {
				return 0, false
			}
			return *p.IterationsPerS, true
		})
}

func (r *Results) plot(path, xlabel string, front []string, x func(PointResult) (float64, bool)) error {
	pl := pictures.Plot{Title: "USPS test error against " + xlabel, XLabel: xlabel, YLabel: "test error (%)"}
	all := pictures.Series{Name: "fitting points", Scatter: true}
	byLabel := map[string]PointResult{}
	lo, hi := math.Inf(1), math.Inf(-1)
	refs := map[int]float64{}
	for _, p := range r.Points {
		byLabel[p.Label] = p
		if p.ReferenceTestError != nil {
			refs[p.K] = *p.ReferenceTestError
		}
		v, ok := x(p)
		if !ok || !eligible(p) {
			continue
		}
		all.X, all.Y = append(all.X, v), append(all.Y, *p.TestError)
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if len(all.X) == 0 {
		return nil // nothing fits: no front to draw
	}
	if lo == hi {
		lo, hi = lo-1, hi+1
	}
	fr := pictures.Series{Name: "Pareto front", Points: true} // marked: a front may be one point
	for _, l := range front {
		v, _ := x(byLabel[l])
		fr.X, fr.Y = append(fr.X, v), append(fr.Y, *byLabel[l].TestError)
	}
	pl.Series = append(pl.Series, all, fr)
	ks := make([]int, 0, len(refs))
	for k := range refs {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	for _, k := range ks {
		pl.Series = append(pl.Series, pictures.Series{Name: fmt.Sprintf("float reference K=%d", k), X: []float64{lo, hi}, Y: []float64{refs[k], refs[k]}})
	}
	return pictures.LinePlot(path, pl)
}
