package sweep

import (
	"bufio"
	"cmp"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"herdsim/datapath"
	"herdsim/internal/atomicfile"
	"herdsim/synth"
)

// The files WriteReport writes into the output folder.
const (
	FileTableMD         = "table.md"
	FileTableCSV        = "table.csv"
	FileRecommendations = "recommendations.json"
	FileDivergencePlot  = "sweep_divergence.png"
	FileMomentPlot      = "sweep_moment.png"
)

// WriteReport writes the table (markdown and CSV), the recommendations and the plots of
// records, each file atomically. The records must share one setup. The output depends on
// the set of records only, not on their order.
func WriteReport(out string, recs []Record, warn io.Writer) (*Recommendations, error) {
	recs = sortRecords(recs)
	info, err := commonRun(recs)
	if err != nil {
		return nil, err
	}
	rec := recommend(recs, info)
	return &rec, writeReport(out, recs, rec, warn)
}

func writeReport(out string, recs []Record, rec Recommendations, warn io.Writer) error {
	info := rec.Run
	if err := atomicfile.Write(filepath.Join(out, FileTableMD), func(w *bufio.Writer) error {
		writeMarkdown(w, recs, rec)
		return nil
	}); err != nil {
		return err
	}
	if err := atomicfile.Write(filepath.Join(out, FileTableCSV), func(w *bufio.Writer) error { return writeCSV(w, recs) }); err != nil {
		return err
	}
	js, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(out, FileRecommendations), append(js, '\n')); err != nil {
		return err
	}
	return writePlots(out, recs, info, rec.ReferenceMomentError, warn)
}

// sortRecords orders records for the table: single-group points before crossed ones,
// then by group (canonical order), overflow mode (wrap, sat) and widths; the key breaks
// any remaining tie.
func sortRecords(recs []Record) []Record {
	out := slices.Clone(recs)
	slices.SortFunc(out, func(a, b Record) int {
		if c := cmp.Compare(len(a.Vary), len(b.Vary)); c != 0 {
			return c
		}
		for i := range a.Vary {
			if c := cmp.Compare(groupIndex(a.Vary[i].Group), groupIndex(b.Vary[i].Group)); c != 0 {
				return c
			}
			if c := cmp.Compare(a.Vary[i].Group, b.Vary[i].Group); c != 0 {
				return c
			}
		}
		if c := cmp.Compare(overflowRank(a.Overflow), overflowRank(b.Overflow)); c != 0 {
			return c
		}
		for i := range a.Vary {
			if c := cmp.Compare(a.Vary[i].Bits, b.Vary[i].Bits); c != 0 {
				return c
			}
		}
		return cmp.Compare(a.Key, b.Key)
	})
	return out
}

func writeMarkdown(w io.Writer, recs []Record, rec Recommendations) {
	info := rec.Run
	fmt.Fprintf(w, "# Register-width sweep\n\n")
	fmt.Fprintf(w, "Data %s (N=%d, D=%d, FNV %s); K=%d, %s, mode %s, S=%d, seed %d, hidden-bias growth %s; T=%d iterations. Reference moment error at T: %.6g.\n\n",
		info.Data, info.N, info.D, info.DataHash, info.K, info.datapathText(), info.Mode, info.Sweeps, info.Seed, onOff(info.GrowHiddenBias), info.Iterations, rec.ReferenceMomentError)
	fmt.Fprintf(w, "Each row sets the named register group to the given width; every other register keeps its lossless worst-case width for T (datapath.DefaultArch), and every register uses the row's overflow mode. ")
	fmt.Fprintf(w, "*First divergence*: the first iteration after which x\\*, z\\*, some z_n, W, b or c differed from the reference (sim's lockstep comparison, 0 = the initial weights), with the signal and index; *bit exact* when none did in T iterations. ")
	fmt.Fprintf(w, "*Hamming*: pseudo-sample bits that differ from the reference's, summed over the T iterations, and that sum over T (bits per iteration, of D+K = %d). ", info.D+info.K)
	fmt.Fprintf(w, "*Moment error*: the datapath's at T, the exact sum of its updates over N T (as the reference computes its own); *ratio*: over the reference's. *Overflows*: values that did not fit, per register, over the run.")
	withSynth := anySynth(recs)
	if withSynth {
		fmt.Fprintf(w, " *Synthesis* (target %s, top herd_board, nextpnr seed %d, %g MHz target): Yosys LUTs, flip-flops and block RAMs, nextpnr's packed logic cells, whether the design fits the part (else the resources exceeded, used/available) and nextpnr's Fmax after routing.", info.Synth, synth.DefaultSeed, synth.DefaultFreqMHz)
	}
	fmt.Fprint(w, "\n\n")
	head, align := "| vary | overflow | first divergence | where | Hamming x\\* | Hamming z\\* | per iteration | moment error | ratio | overflows |", "|---|---|---|---|---:|---:|---:|---:|---:|---|"
	if withSynth {
		head += " LUTs | FFs | BRAM | logic cells | fits | Fmax (MHz) |"
		align += "---:|---:|---:|---:|---|---:|"
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, align)
	for _, r := range recs {
		row := markdownRow(r)
		if withSynth {
			row += synthCells(r.Synth)
		}
		fmt.Fprintln(w, row)
	}
	writeRecommendations(w, rec)
}

// synthCells are a row's synthesis columns (each after a "|"); empty without a cost.
func synthCells(c *SynthCost) string {
	if c == nil {
		return " | | | | | |"
	}
	return fmt.Sprintf(" %d | %d | %d | %s | %s | %s |", c.LUTs, c.FlipFlops, c.BRAM, intPtrText(c.LogicCells), escape(c.fitsText()), c.fmaxText())
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func markdownRow(r Record) string {
	if !r.Valid {
		return fmt.Sprintf("| %s | %s | invalid: %s | | | | | | | |", r.label(), r.Overflow, escape(r.Error))
	}
	div, where := "bit exact", ""
	if d := r.FirstDivergence; d != nil {
		div, where = strconv.Itoa(d.Iteration), d.where()
	}
	return fmt.Sprintf("| %s | %s | %s | %s | %d | %d | %.3f | %.4g | %s | %s |", r.label(), r.Overflow, div, where,
		r.HammingX, r.HammingZ, r.HammingPerIteration, r.MomentError, ratio(r), overflowText(r.Overflows))
}

// where is "W[3,17]" or "x*[5]".
func (d *Divergence) where() string {
	idx := make([]string, len(d.Index))
	for i, v := range d.Index {
		idx[i] = strconv.Itoa(v)
	}
	return fmt.Sprintf("%s[%s]", strings.ReplaceAll(d.Signal, "*", "\\*"), strings.Join(idx, ","))
}

func ratio(r Record) string {
	if r.ReferenceMomentError == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.3f", r.MomentError/r.ReferenceMomentError)
}

// overflowText lists the registers that overflowed, in register order: "W 12, update 3".
func overflowText(counts map[string]uint64) string {
	var parts []string
	for _, r := range datapath.Regs() {
		if n := counts[r.String()]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", r, n))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func escape(s string) string { return strings.ReplaceAll(s, "|", "\\|") }

func writeRecommendations(w io.Writer, rec Recommendations) {
	fmt.Fprintf(w, "\n## Recommendations\n\n")
	md := func(s string) string { return strings.ReplaceAll(s, "*", "\\*") }
	fmt.Fprintf(w, "- **Lossless**: the %s.\n", md(losslessCriterion))
	fmt.Fprintf(w, "- **Lossy**: the %s (tolerance %g: at most %.6g).\n", md(lossyCriterion), rec.Tolerance, (1+rec.Tolerance)*rec.ReferenceMomentError)
	fmt.Fprintf(w, "- Every other register at its worst-case width; *none* means even the widest swept width fails. Crossed points (--cross) are not used here.\n\n")
	if len(rec.Groups) == 0 {
		fmt.Fprintln(w, "No single-group points: nothing to recommend.")
		return
	}
	withSynth := rec.Run.Synth != ""
	head, align := "| group | registers | overflow | swept | lossless | lossy | worst-case width |", "|---|---|---|---|---:|---:|---:|"
	if withSynth {
		head += " lossless cost | lossy cost |"
		align += "---|---|"
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, align)
	for _, g := range rec.Groups {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %d |", g.Group, strings.Join(g.Registers, ", "), g.Overflow,
			widthsText(g.Swept), widthOrNone(g.Lossless), widthOrNone(g.Lossy), g.WorstCase)
		if withSynth {
			fmt.Fprintf(w, " %s | %s |", costText(g.Lossless, g.LosslessSynth), costText(g.Lossy, g.LossySynth))
		}
		fmt.Fprintln(w)
	}
}

// costText is a recommended width's cost, "-" when there is no such width.
func costText(w *int, c *SynthCost) string {
	if w == nil {
		return "-"
	}
	return escape(c.Summary())
}

func widthOrNone(w *int) string {
	if w == nil {
		return "none"
	}
	return strconv.Itoa(*w)
}

// widthsText is "8..16" for a contiguous run, else the list.
func widthsText(ws []int) string {
	if len(ws) > 2 && ws[len(ws)-1]-ws[0] == len(ws)-1 {
		return fmt.Sprintf("%d..%d", ws[0], ws[len(ws)-1])
	}
	parts := make([]string, len(ws))
	for i, v := range ws {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, ",")
}

func writeCSV(w io.Writer, recs []Record) error {
	cw := csv.NewWriter(w)
	head := []string{"vary", "overflow", "valid", "error", "bit_exact", "first_divergence_iteration", "first_divergence_signal", "first_divergence_index",
		"hamming_x", "hamming_z", "hamming_per_iteration", "moment_error", "reference_moment_error", "weight_moment_error"}
	for _, r := range datapath.Regs() {
		head = append(head, "overflows_"+r.String())
	}
	withSynth := anySynth(recs)
	if withSynth {
		head = append(head, synthCSVHead...)
	}
	if err := cw.Write(append(head, "key")); err != nil {
		return err
	}
	for _, r := range recs {
		row := csvRow(r)
		if withSynth {
			row = slices.Insert(row, len(row)-1, synthCSV(r.Synth)...)
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func csvRow(r Record) []string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	iter, signal, index := "", "", ""
	if d := r.FirstDivergence; d != nil {
		iter, signal = strconv.Itoa(d.Iteration), d.Signal
		index = strings.Trim(strings.Join(strings.Fields(fmt.Sprint(d.Index)), ";"), "[]")
	}
	row := []string{r.label(), r.Overflow, strconv.FormatBool(r.Valid), r.Error, strconv.FormatBool(r.BitExact), iter, signal, index,
		strconv.FormatInt(r.HammingX, 10), strconv.FormatInt(r.HammingZ, 10), f(r.HammingPerIteration),
		f(r.MomentError), f(r.ReferenceMomentError), f(r.WeightMomentError)}
	for _, reg := range datapath.Regs() {
		row = append(row, strconv.FormatUint(r.Overflows[reg.String()], 10))
	}
	return append(row, r.Key)
}

// synthCSVHead are the CSV's synthesis columns, present when some record has a cost.
var synthCSVHead = []string{"synth_target", "synth_luts", "synth_flip_flops", "synth_bram", "synth_spram", "synth_dsp",
	"synth_logic_cells", "synth_fits", "synth_exceeded", "synth_fmax_mhz", "synth_fmax_icetime_mhz"}

// synthCSV is a record's synthesis columns; empty cells for an unknown value.
func synthCSV(c *SynthCost) []string {
	if c == nil {
		return make([]string, len(synthCSVHead))
	}
	f := func(p *float64) string {
		if p == nil {
			return ""
		}
		return strconv.FormatFloat(*p, 'g', -1, 64)
	}
	lc, fits := "", ""
	if c.LogicCells != nil {
		lc = strconv.Itoa(*c.LogicCells)
	}
	if c.Fits != nil {
		fits = strconv.FormatBool(*c.Fits)
	}
	return []string{c.Target, strconv.Itoa(c.LUTs), strconv.Itoa(c.FlipFlops), strconv.Itoa(c.BRAM), strconv.Itoa(c.SPRAM), strconv.Itoa(c.DSP),
		lc, fits, strings.Join(c.Exceeded, ";"), f(c.FmaxMHz), f(c.FmaxIcetimeMHz)}
}

// datapathText names a run's tile in the table's header: "tile T=4" or "each point's
// default tile".
func (r RunInfo) datapathText() string {
	if r.Tile != 0 {
		return fmt.Sprintf("tile T=%d", r.Tile)
	}
	return "each point's default tile (datapath.DefaultTile)"
}
