package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/sweep"
	"herdsim/synth"
)

func newSweepCommand() *cobra.Command {
	var (
		data  dataFlags
		model modelFlags
		flags sweepFlags
	)
	cmd := &cobra.Command{
		Use:   "sweep",
		Short: "Sweep register widths and overflow modes against the reference; table, plots, recommendations",
		Long: `sweep runs the cycle-level datapath for T iterations beside the float64 reference at every
point of a grid of register widths and overflow modes. Each --vary GROUP=WIDTHS sweeps one group
while every other register keeps its lossless worst-case width (--cross: all combinations).
Groups: ` + strings.Join(sweep.Groups(), ", ") + `.
WIDTHS: a list "8,12,16", a range "6:16" or a range with a step "10:22:2".
Each point gets --tile T, or without it the default tile for the point's W width
(datapath.DefaultTile); in mode SH the datapath needs c no wider than W (its c row rides in
the W tile buffer), so sweep weight-bits there together with --vary c=... (--cross) or
points narrower than c are invalid.

Per point it records the first divergence (null when bit exact over T), the pseudo-sample
Hamming distance to the reference, the moment error at T, and overflow counts. Each finished
point is one file DIR/units/POINT.json, written atomically; DIR/plan.json holds the grid and
DIR/timing.jsonl each point's wall time. A rerun skips finished points. --shard i/n runs the
points whose grid index mod n is i, into a shared DIR or one per shard; combine shard folders
with "herdsim sweep merge --out DIR SHARD_DIR...". Once every point of the grid is finished
the run (or the merge) writes points.jsonl (every record, table order), table.md, table.csv,
recommendations.json, sweep_divergence.png and sweep_moment.png.

--synth TARGET (` + strings.Join(synth.TargetNames(), ", ") + `) also generates every valid
point's RTL (as herdsim rtl would, with the data and the reference's initial weights in
memory) and synthesises it (as herdsim synth would: top herd_board, 12 MHz, nextpnr seed 1),
recording LUTs, flip-flops, block RAM, SPRAM, DSPs, logic cells, whether it fits and Fmax in
each point's "synth" object; table.md and table.csv gain cost columns and
recommendations.json the cost of the lossless and lossy widths. It takes 20-70 s a point
(on the --workers pool). The target is part of every point's key, so a sweep with --synth
does not reuse records without cost, nor the reverse. Missing tools (yosys, nextpnr-ice40,
icetime) stop the sweep before any point runs; a design that does not fit is a result.`,
		Example: `  herdsim sweep --data default --hidden 16 --iters 500 --vary weight-bits=8:16 --vary acc-bits=10:22:2 --overflow wrap,sat --out out/sweep
  herdsim sweep --data default --hidden 8 --tile 3 --iters 100 --vary weight-bits=10:14 --overflow wrap --synth ice40-up5k --out out/sweep-synth`,
		Args:        cobra.NoArgs,
		Annotations: map[string]string{annInterrupted: "every finished point is kept in --out: rerun the same command to resume"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if flags.units.merge {
				return mergeSweep(cmd.OutOrStdout(), flags.out, nil)
			}
			opts, err := flags.options(&data, &model)
			if err != nil {
				return sweepError(err)
			}
			st, err := sweep.Run(cmd.Context(), opts)
			if err != nil {
				return sweepError(err)
			}
			printSweep(cmd.OutOrStdout(), st, opts.Out)
			return nil
		},
	}
	data.register(cmd.Flags())
	model.register(cmd.Flags())
	flags.register(cmd)
	cmd.AddCommand(newMergeCommand("points", "table, plots and recommendations", filepath.Join("out", "sweep"), mergeSweep))
	return cmd
}

// sweepError marks a missing synthesis tool (a *synth.ToolError, from the flag check or the
// sweep) with the command's name; its exit status, like every other error's, is 2.
func sweepError(err error) error {
	var te *synth.ToolError
	if errors.As(err, &te) {
		return &exitError{2, fmt.Errorf("sweep: %w", err)}
	}
	return err
}

// sweepFlags are the grid and run flags of herdsim sweep.
type sweepFlags struct {
	iters         int
	tile          int
	vary          []string
	overflow, out string
	synth         string
	cross         bool
	units         unitFlags
}

func (f *sweepFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.IntVar(&f.iters, "iters", 500, "T, iterations per point")
	fs.IntVar(&f.tile, "tile", 0, "T, hidden units per tile, for every point (default: each point's datapath.DefaultTile, 4 in mode H and 2 in SH, in whole W words)")
	fs.StringArrayVar(&f.vary, "vary", nil, "GROUP=WIDTHS to sweep (repeatable), e.g. weight-bits=6:16, acc-bits=8,12,16, field=10:22:2")
	fs.StringVar(&f.overflow, "overflow", overflowFlagName(fixedpoint.Wrap)+","+overflowFlagName(fixedpoint.Sat), "overflow modes to sweep: wrap, sat or wrap,sat")
	fs.BoolVar(&f.cross, "cross", false, "take every combination of the varied groups instead of one group at a time")
	f.units.register(fs, "points")
	fs.StringVar(&f.out, "out", filepath.Join("out", "sweep"), "output folder")
	fs.StringVar(&f.synth, "synth", "", "also synthesise every valid point for this target ("+strings.Join(synth.TargetNames(), ", ")+") and record its cost")
}

// options checks every flag and loads the data; nothing is written before it succeeds.
func (f *sweepFlags) options(data *dataFlags, model *modelFlags) (sweep.Options, error) {
	if len(f.vary) == 0 {
		return sweep.Options{}, fmt.Errorf("nothing to sweep: give at least one --vary GROUP=WIDTHS (groups: %s)", strings.Join(sweep.Groups(), ", "))
	}
	var vary []sweep.Vary
	for _, text := range f.vary {
		v, err := sweep.ParseVary(text)
		if err != nil {
			return sweep.Options{}, fmt.Errorf("--vary %w", err)
		}
		vary = append(vary, v)
	}
	modes, err := parseOverflows(f.overflow)
	if err != nil {
		return sweep.Options{}, fmt.Errorf("--overflow: %w", err)
	}
	spec, err := sweep.NewSpec(vary, modes, f.cross)
	if err != nil {
		if f.cross {
			return sweep.Options{}, fmt.Errorf("--vary with --cross: %w", err)
		}
		return sweep.Options{}, fmt.Errorf("--vary: %w", err)
	}
	sh, err := f.units.parse()
	if err != nil {
		return sweep.Options{}, err
	}
	if f.iters <= 0 {
		return sweep.Options{}, fmt.Errorf("--iters %d: must be positive", f.iters)
	}
	if f.synth != "" {
		if _, ok := synth.Targets[f.synth]; !ok {
			return sweep.Options{}, fmt.Errorf("--synth %q: want one of %s", f.synth, strings.Join(synth.TargetNames(), ", "))
		}
		if err := synth.CheckTools(f.synth); err != nil { // a *synth.ToolError
			return sweep.Options{}, fmt.Errorf("--synth %s: %w", f.synth, err)
		}
	}
	cfg, err := model.config()
	if err != nil {
		return sweep.Options{}, err
	}
	if cfg.Form != herding.Scaled {
		return sweep.Options{}, fmt.Errorf("--form %s: the datapath runs the scaled form only", model.form)
	}
	set, err := data.load()
	if err != nil {
		return sweep.Options{}, err
	}
	setup := sweep.Setup{Data: set, Config: cfg, Tile: f.tile, Iterations: f.iters, Synth: f.synth}
	return sweep.Options{Setup: setup, Spec: spec, Shard: sh, Out: f.out, Workers: f.units.workers, MaxUnits: f.units.maxUnits}, nil
}

// mergeSweep gathers shard folders into out (none: out alone) and writes the report.
func mergeSweep(w io.Writer, out string, from []string) error {
	n, rec, err := sweep.Merge(out, from, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "merged %d points from %d folders into %s\n", n, len(from), out)
	printRecommendations(w, rec)
	return nil
}

func printSweep(w io.Writer, st sweep.Stats, out string) {
	fmt.Fprintf(w, "sweep: %d points: %d already done, %d computed (%d invalid); records in %s\n",
		st.Points, st.Skipped, st.Computed, st.Invalid, st.Store)
	if st.Recommendations == nil {
		fmt.Fprintf(w, "%d points of the grid are not finished yet: rerun, or merge the shards: herdsim sweep merge --out DIR SHARD_DIR...\n", st.Missing)
		return
	}
	var wrote []string
	for _, f := range []string{sweep.FilePoints, sweep.FileTableMD, sweep.FileTableCSV, sweep.FileRecommendations, sweep.FileDivergencePlot, sweep.FileMomentPlot} {
		if _, err := os.Stat(filepath.Join(out, f)); err == nil {
			wrote = append(wrote, f)
		}
	}
	fmt.Fprintf(w, "wrote %s in %s\n", strings.Join(wrote, ", "), out)
	printRecommendations(w, st.Recommendations)
}

func printRecommendations(w io.Writer, rec *sweep.Recommendations) {
	if rec == nil {
		return
	}
	if len(rec.Groups) == 0 {
		fmt.Fprintln(w, "no single-group points (--cross), so no recommendations")
		return
	}
	fmt.Fprintf(w, "narrowest widths (lossless: bit exact over T=%d; lossy: moment error <= %.6g, reference %.6g x %.2f):\n",
		rec.Run.Iterations, (1+rec.Tolerance)*rec.ReferenceMomentError, rec.ReferenceMomentError, 1+rec.Tolerance)
	for _, g := range rec.Groups {
		fmt.Fprintf(w, "  %-14s %-4s lossless %-4s lossy %-4s (swept %d..%d, worst case %d)\n", g.Group, g.Overflow,
			widthText(g.Lossless), widthText(g.Lossy), g.Swept[0], g.Swept[len(g.Swept)-1], g.WorstCase)
		if rec.Run.Synth != "" {
			if g.Lossless != nil {
				fmt.Fprintf(w, "    lossless %d on %s: %s\n", *g.Lossless, rec.Run.Synth, g.LosslessSynth.Summary())
			}
			if g.Lossy != nil {
				fmt.Fprintf(w, "    lossy %d on %s: %s\n", *g.Lossy, rec.Run.Synth, g.LossySynth.Summary())
			}
		}
	}
}

func widthText(w *int) string {
	if w == nil {
		return "none"
	}
	return fmt.Sprint(*w)
}
