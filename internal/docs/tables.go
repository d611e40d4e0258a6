package docs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// A generator renders one table of figures from the files under the repository root.
type generator func(root string) (string, error)

// generators are the tables the docs may carry, by the name their markers give.
var generators = map[string]generator{
	"usps-grid":        uspsGrid,
	"speed-vs-numpy":   tableFrom("results/bench/speed-vs-numpy.md"),
	"usps-full":        tableFrom("results/usps-full/results.md"),
	"explore-h1":       tableFrom("results/explore-h1/table.md"),
	"explore-h1-best":  exploreBest,
	"explore-accuracy": tableFrom("results/bench/explore-accuracy.txt"),
	"synth-up5k":       synthUP5K,
	"cycles-up5k":      cyclesUP5K,
	"support":          support,
}

// Generated lists the names of the tables a generator exists for.
func Generated() []string {
	names := make([]string, 0, len(generators))
	for n := range generators {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

var region = regexp.MustCompile(`(?s)<!-- generated: ([a-z0-9-]+) \(make doc-tables\) -->\n(.*?)<!-- end: ([a-z0-9-]+) -->`)

// Render returns src with every generated region rendered afresh from root's results.
func Render(root string, src []byte) ([]byte, error) {
	var firstErr error
	out := region.ReplaceAllFunc(src, func(m []byte) []byte {
		sub := region.FindSubmatch(m)
		name, end := string(sub[1]), string(sub[3])
		if firstErr != nil {
			return m
		}
		if name != end {
			firstErr = fmt.Errorf("generated region %q ends with %q", name, end)
			return m
		}
		gen, ok := generators[name]
		if !ok {
			firstErr = fmt.Errorf("no generator for the table %q (known: %s)", name, strings.Join(Generated(), ", "))
			return m
		}
		table, err := gen(root)
		if err != nil {
			firstErr = fmt.Errorf("table %q: %w", name, err)
			return m
		}
		return fmt.Appendf(nil, "<!-- generated: %s (make doc-tables) -->\n%s<!-- end: %s -->", name, table, name)
	})
	return out, firstErr
}

// Stale names the generated regions of d whose text differs from a fresh rendering (a
// typed edit, or results that changed without `make doc-tables`).
func Stale(root string, d *Doc) ([]Problem, error) {
	fresh, err := Render(root, d.Source)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", d.Path, err)
	}
	if bytes.Equal(fresh, d.Source) {
		return nil, nil
	}
	var problems []Problem
	old, renewed := region.FindAllSubmatchIndex(d.Source, -1), region.FindAllSubmatch(fresh, -1)
	for i, m := range old {
		if !bytes.Equal(d.Source[m[0]:m[1]], renewed[i][0]) {
			problems = append(problems, Problem{d.Path, lineOf(d.Source, m[0]),
				fmt.Sprintf("generated table %q differs from its results (run make doc-tables)", string(d.Source[m[2]:m[3]]))})
		}
	}
	return problems, nil
}

// tableFrom renders the first Markdown table of a results file, as it is.
func tableFrom(rel string) generator {
	return func(root string) (string, error) {
		src, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			return "", err
		}
		var b strings.Builder
		for _, line := range strings.Split(string(src), "\n") {
			if strings.HasPrefix(line, "|") {
				b.WriteString(line + "\n")
			} else if b.Len() > 0 {
				break
			}
		}
		if b.Len() == 0 {
			return "", fmt.Errorf("%s has no table", rel)
		}
		return b.String(), nil
	}
}

// uspsGrid is the full grid's mean test error per model, one row, in the paper's order.
func uspsGrid(root string) (string, error) {
	var res struct {
		Models map[string]struct {
			Mean float64 `json:"test_error_mean"`
		} `json:"models"`
	}
	if err := readJSON(filepath.Join(root, "results/usps-full/results.json"), &res); err != nil {
		return "", err
	}
	order := []string{"MLR", "1NN", "H1", "H2", "H3", "H4", "H5", "SH1", "SH2", "SH3", "SH4", "SH5", "CD1", "CD2", "CD3", "PCD"}
	if len(res.Models) != len(order) {
		return "", fmt.Errorf("results/usps-full/results.json has %d models, the grid %d", len(res.Models), len(order))
	}
	head, rule, row := "|", "|", "|"
	for _, m := range order {
		r, ok := res.Models[m]
		if !ok {
			return "", fmt.Errorf("results/usps-full/results.json lacks the model %s", m)
		}
		head += " " + m + " |"
		rule += " --- |"
		row += fmt.Sprintf(" %.2f |", r.Mean)
	}
	return head + "\n" + rule + "\n" + row + "\n", nil
}

// exploreBest is the explore run's Pareto points and its recommendation.
func exploreBest(root string) (string, error) {
	var res struct {
		Points []struct {
			Label      string  `json:"label"`
			TestError  float64 `json:"test_error"`
			Reference  float64 `json:"reference_test_error"`
			Cells      int     `json:"logic_cells"`
			Fmax       float64 `json:"fmax_mhz"`
			Cycles     float64 `json:"cycles_per_iteration"`
			IterPerSec float64 `json:"iterations_per_s"`
			BitExact   bool    `json:"bit_exact"`
		} `json:"points"`
		Pareto         map[string][]string `json:"pareto"`
		Recommendation struct {
			Label string `json:"label"`
		} `json:"recommendation"`
	}
	if err := readJSON(filepath.Join(root, "results/explore-h1/results.json"), &res); err != nil {
		return "", err
	}
	fronts := map[string][]string{}
	for name, labels := range res.Pareto {
		for _, l := range labels {
			fronts[l] = append(fronts[l], strings.ReplaceAll(name, "_", " "))
		}
	}
	var b strings.Builder
	b.WriteString("| point | bit-exact | test error (%) | float (%) | logic cells | Fmax (MHz) | cycles/iter | iter/s | on the front of |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, p := range res.Points {
		on := fronts[p.Label]
		if len(on) == 0 && p.Label != res.Recommendation.Label {
			continue
		}
		sort.Strings(on)
		label := "`" + p.Label + "`"
		if p.Label == res.Recommendation.Label {
			label += " (recommended)"
		}
		fmt.Fprintf(&b, "| %s | %s | %.2f | %.2f | %d | %.2f | %.0f | %.1f | %s |\n", label, yesNo(p.BitExact),
			p.TestError, p.Reference, p.Cells, p.Fmax, p.Cycles, p.IterPerSec, strings.Join(on, ", "))
	}
	return b.String(), nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func readJSON(path string, v any) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(src, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// indexEntry is an entry of a results folder's index.json (results/synth, results/lockstep):
// a report kept there and what its design is.
type indexEntry struct {
	File   string `json:"file"`
	Design string `json:"design"`
}

// synthUP5K is the UP5K table of docs/fpga.md, from the reports in results/synth/: per
// design its logic cells, block RAM, SPRAM, DSPs, LUT levels, every seed's routed Fmax and
// icetime's at the best seed.
func synthUP5K(root string) (string, error) {
	var index []indexEntry
	if err := readJSON(filepath.Join(root, "results/synth/index.json"), &index); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("| design | logic cells (of 5,280) | EBR (of 30) | SPRAM (of 4) | DSP (of 8) | LUT levels | routed Fmax by seed (MHz) | icetime (MHz) |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, d := range index {
		var r struct {
			LogicCells *int     `json:"logic_cells"`
			BRAM       int      `json:"bram_blocks"`
			SPRAM      int      `json:"spram"`
			DSP        int      `json:"dsp"`
			LUTLevels  int      `json:"lut_levels"`
			Seed       int      `json:"seed"`
			Fmax       *float64 `json:"fmax_mhz"`
			Icetime    *float64 `json:"fmax_icetime_mhz"`
			Target     string   `json:"target"`
			SeedRuns   []struct {
				Seed int      `json:"seed"`
				Fmax *float64 `json:"fmax_mhz"`
			} `json:"seed_runs"`
		}
		if err := readJSON(filepath.Join(root, "results/synth", d.File), &r); err != nil {
			return "", err
		}
		if r.Target != "ice40-up5k" || r.LogicCells == nil || r.Fmax == nil {
			return "", fmt.Errorf("results/synth/%s: not a routed ice40-up5k report", d.File)
		}
		var seeds []string
		for _, s := range r.SeedRuns {
			if s.Fmax == nil {
				seeds = append(seeds, fmt.Sprintf("seed %d: no route", s.Seed))
			} else {
				seeds = append(seeds, fmt.Sprintf("%.2f", *s.Fmax))
			}
		}
		if len(seeds) == 0 {
			seeds = []string{fmt.Sprintf("%.2f", *r.Fmax)}
		}
		ice := "-"
		if r.Icetime != nil {
			ice = fmt.Sprintf("%.2f at seed %d", *r.Icetime, r.Seed)
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %s | %s |\n", d.Design, thousands(*r.LogicCells), r.BRAM, r.SPRAM, r.DSP, r.LUTLevels,
			strings.Join(seeds, ", "), ice)
	}
	return b.String(), nil
}

// thousands writes n with a comma before every three digits, as the docs do.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// cyclesUP5K is the cycle table of docs/fpga.md, from herdsim lockstep's reports in
// results/lockstep/: per design whether the model is bit-exact to the reference, its mean
// cycles per iteration and their range, and the iterations a second at the board's PLL.
func cyclesUP5K(root string) (string, error) {
	const boardMHz = 39.75
	var index []indexEntry
	if err := readJSON(filepath.Join(root, "results/lockstep/index.json"), &index); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("| design | bit-exact over | cycles per iteration (range) | iterations a second at 39.75 MHz |\n| --- | --- | --- | --- |\n")
	for _, d := range index {
		var r struct {
			BitExact   bool    `json:"bit_exact"`
			Iterations int     `json:"iterations"`
			Mean       float64 `json:"cycles_per_iteration"`
			Cycles     []int   `json:"cycles"`
		}
		if err := readJSON(filepath.Join(root, "results/lockstep", d.File), &r); err != nil {
			return "", err
		}
		if len(r.Cycles) == 0 || len(r.Cycles) != r.Iterations {
			return "", fmt.Errorf("results/lockstep/%s: %d cycle counts for %d iterations", d.File, len(r.Cycles), r.Iterations)
		}
		exact := fmt.Sprintf("%s iterations", thousands(r.Iterations))
		if !r.BitExact {
			exact = "no"
		}
		lo, hi := slices.Min(r.Cycles), slices.Max(r.Cycles)
		fmt.Fprintf(&b, "| %s | %s | %s (%s to %s) | %s |\n", d.Design, exact, thousands(int(r.Mean+0.5)), thousands(lo), thousands(hi),
			thousands(int(boardMHz*1e6/r.Mean+0.5)))
	}
	return b.String(), nil
}

// supportRow is an entry of results/parts/support.json: a design on a part, its synthesis
// report and its cycle model's lockstep report (paths from the repository root).
type supportRow struct {
	Design   string `json:"design"`
	Synth    string `json:"synth"`
	Lockstep string `json:"lockstep"`
}

// support is the support table of docs/fpga.md, from results/parts/support.json: per part
// and design whether it fits, its LUTs, FFs, block RAM and DSPs against the part's
// budget, its cycles an iteration, its routed Fmax (or, where no router ran, its LUT
// levels) and the iterations a second at that Fmax.
func support(root string) (string, error) {
	var rows []supportRow
	if err := readJSON(filepath.Join(root, "results/parts/support.json"), &rows); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("| part | design | fits | LUTs | FFs | block RAM | DSP | cycles an iteration | routed Fmax | iterations a second |\n")
	b.WriteString("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |\n")
	for _, row := range rows {
		var r struct {
			Target     string   `json:"target"`
			Fits       *bool    `json:"fits"`
			FitsFrom   string   `json:"fits_from"`
			LUTs       int      `json:"luts"`
			LogicCells *int     `json:"logic_cells"`
			FFs        int      `json:"ffs"`
			BRAM       int      `json:"bram_blocks"`
			DSP        int      `json:"dsp"`
			LUTLevels  int      `json:"lut_levels"`
			Fmax       *float64 `json:"fmax_mhz"`
			FmaxReason string   `json:"fmax_reason"`
			Util       map[string]struct {
				Used int `json:"used"`
			} `json:"utilisation"`
			Budget *struct {
				LUTs int `json:"luts"`
				FFs  int `json:"ffs"`
				BRAM int `json:"bram_blocks"`
				DSP  int `json:"dsp"`
			} `json:"budget"`
		}
		if err := readJSON(filepath.Join(root, row.Synth), &r); err != nil {
			return "", err
		}
		var l struct {
			BitExact   bool    `json:"bit_exact"`
			Iterations int     `json:"iterations"`
			Mean       float64 `json:"cycles_per_iteration"`
		}
		if err := readJSON(filepath.Join(root, row.Lockstep), &l); err != nil {
			return "", err
		}
		if r.Fits == nil || r.Budget == nil || !l.BitExact {
			return "", fmt.Errorf("%s, %s: want a report against a part's budget and a bit-exact lockstep", row.Synth, row.Lockstep)
		}
		luts := r.LUTs // the mapped count; placed where a router ran
		if r.LogicCells != nil {
			luts = *r.LogicCells
		} else if u, ok := r.Util["TRELLIS_COMB"]; ok {
			luts = u.Used
		}
		fits := yesNo(*r.Fits) + " (placed)"
		if strings.Contains(r.FitsFrom, "not placed") {
			fits = yesNo(*r.Fits) + " (mapped)"
		}
		timing, rate := fmt.Sprintf("no open router: %d LUT levels", r.LUTLevels), "-"
		if strings.Contains(r.FmaxReason, "--map-only") {
			timing = fmt.Sprintf("not routed (`--map-only`): %d LUT levels", r.LUTLevels)
		}
		if r.Fmax != nil {
			timing, rate = fmt.Sprintf("%.2f MHz", *r.Fmax), thousands(int(*r.Fmax*1e6/l.Mean+0.5))
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s of %s | %s | %d of %d | %d | %s | %s | %s |\n", r.Target, row.Design, fits,
			thousands(luts), thousands(r.Budget.LUTs), thousands(r.FFs), r.BRAM, r.Budget.BRAM, r.DSP,
			thousands(int(l.Mean+0.5)), timing, rate)
	}
	return b.String(), nil
}
