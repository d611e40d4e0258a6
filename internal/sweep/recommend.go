package sweep

import (
	"herdsim/datapath"
)

// Recommendation is, for one group and overflow mode, the narrowest widths the sweep
// supports. A width qualifies only if it and every wider swept width pass, so a narrow
// width that passes by accident below a failing one is not recommended. Null when even the
// widest swept width fails.
type Recommendation struct {
	Group     string   `json:"group"`
	Registers []string `json:"registers"`
	Overflow  string   `json:"overflow"`
	Swept     []int    `json:"swept"`
	Lossless  *int     `json:"lossless"`        // bit exact over all T iterations
	Lossy     *int     `json:"lossy"`           // moment error at T within (1 + tolerance) x the reference's
	WorstCase int      `json:"worst_case_bits"` // the lossless-by-construction width of DefaultArch
	// The synthesis cost of the lossless and lossy widths' points (--synth); absent
	// without a target or a recommended width.
	LosslessSynth *SynthCost `json:"lossless_synth,omitempty"`
	LossySynth    *SynthCost `json:"lossy_synth,omitempty"`
}

// Recommendations are the sweep's conclusions, written to recommendations.json and at the
// end of table.md.
type Recommendations struct {
	Run                  RunInfo          `json:"run"`
	ReferenceMomentError float64          `json:"reference_moment_error"`
	Tolerance            float64          `json:"tolerance"`
	LosslessCriterion    string           `json:"lossless_criterion"`
	LossyCriterion       string           `json:"lossy_criterion"`
	Groups               []Recommendation `json:"groups"`
}

const (
	losslessCriterion = "narrowest swept width that is bit exact over all T iterations (x*, z*, every z_n, W, b, c equal to the reference's after every iteration), every wider swept width too"
	lossyCriterion    = "narrowest swept width whose moment error at T is at most (1 + tolerance) times the reference's, every wider swept width too"
)

// recommend derives the recommendations from sorted records. Only points that vary a
// single group count; crossed points appear in the table alone.
func recommend(recs []Record, info RunInfo) Recommendations {
	out := Recommendations{Run: info, Tolerance: Tolerance, LosslessCriterion: losslessCriterion, LossyCriterion: lossyCriterion, Groups: []Recommendation{}}
	for _, r := range recs {
		if r.Valid {
			out.ReferenceMomentError = r.ReferenceMomentError
			break
		}
	}
	for _, series := range singleSeries(recs) {
		first := series[0]
		g, _ := lookupGroup(first.Vary[0].Group)
		rec := Recommendation{Group: g.Name, Overflow: first.Overflow, WorstCase: worstCaseBits(info, g)}
		for _, r := range g.Regs {
			rec.Registers = append(rec.Registers, r.String())
		}
		for _, r := range series {
			rec.Swept = append(rec.Swept, r.Vary[0].Bits)
		}
		rec.Lossless = narrowest(series, func(r *Record) bool { return r.Valid && r.BitExact })
		rec.Lossy = narrowest(series, (*Record).withinTolerance)
		rec.LosslessSynth, rec.LossySynth = costAt(series, rec.Lossless), costAt(series, rec.Lossy)
		out.Groups = append(out.Groups, rec)
	}
	return out
}

// singleSeries splits sorted records into runs of one group and one overflow mode,
// widths ascending, leaving crossed points out.
func singleSeries(recs []Record) [][]Record {
	var out [][]Record
	for _, r := range recs {
		if len(r.Vary) != 1 {
			continue
		}
		if n := len(out); n > 0 {
			last := out[n-1][0]
			if last.Vary[0].Group == r.Vary[0].Group && last.Overflow == r.Overflow {
				out[n-1] = append(out[n-1], r)
				continue
			}
		}
		out = append(out, []Record{r})
	}
	return out
}

// narrowest is the smallest width from which on every record passes.
func narrowest(series []Record, ok func(*Record) bool) *int {
	var best *int
	for i := len(series) - 1; i >= 0 && ok(&series[i]); i-- {
		b := series[i].Vary[0].Bits
		best = &b
	}
	return best
}

func worstCaseBits(info RunInfo, g Group) int {
	bounds := datapath.WorstCase(info.K, info.D, info.N, info.Iterations, info.GrowHiddenBias)
	w := 2
	for _, r := range g.Regs {
		w = max(w, min(datapath.SignedBits(bounds[r]), datapath.MaxWord))
	}
	return w
}

// costAt is the synthesis cost of the series' point of width w, nil when unknown.
func costAt(series []Record, w *int) *SynthCost {
	if w == nil {
		return nil
	}
	for i := range series {
		if series[i].Vary[0].Bits == *w {
			return series[i].Synth
		}
	}
	return nil
}
