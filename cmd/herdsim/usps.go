package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/usps"
)

// uspsFlags are the flags of herdsim usps.
type uspsFlags struct {
	models  string
	quick   bool
	splits  int
	seed    uint64
	split   uint64
	learn   int
	collect int
	out     string
	uspsDir string
	units   unitFlags
	direct  bool

	weightBits string // datapath variants of the herding models: widths of W
	overflow   string // and their overflow modes
}

func newUSPSCommand() *cobra.Command {
	var f uspsFlags
	cmd := &cobra.Command{
		Use:   "usps",
		Short: "The USPS experiment (paper section 10, Figure 3): herding, CD, PCD, MLR and 1-NN test errors",
		Long: `usps runs the paper's USPS classification experiment into --out:
  units/            one JSON file per finished (split, model, class): a rerun skips them
  plan.json         the grid of this run (models, splits, settings), for merge
  timing.jsonl      wall time of every finished unit (the only machine-dependent file)
  results.json      {"models": {"MLR": {"test_error_mean", "test_error_se", "splits", "l2"}, ...}}, percent
  results.md        the same as a markdown table
  results.png       bar chart with standard-error bars (Figure 3)
The results are written once every unit of the grid is finished. With --shard i/n a run
does every n-th unit, into a shared --out or one per shard; "herdsim usps merge --out DIR
SHARD_DIR..." gathers the shards.`,
		Args:        cobra.NoArgs,
		RunE:        func(cmd *cobra.Command, _ []string) error { return runUSPS(cmd, &f) },
		Annotations: map[string]string{annInterrupted: "every finished unit is kept in --out: rerun the same command to resume"},
	}
	fs := cmd.Flags()
	fs.StringVar(&f.models, "models", "all", "comma-separated: mlr, 1nn, h1..h5, sh1..sh5, cd1..cd3, pcd, or all")
	fs.BoolVar(&f.quick, "quick", false, "preset: 1 split, models "+usps.QuickModels+"; refused beside --models or --splits")
	fs.IntVar(&f.splits, "splits", 4, "number of seeded 700/300/100 splits (0..N-1)")
	fs.Uint64Var(&f.split, "split-seed", dataset.DefaultSeed, "seed of the splits")
	fs.Uint64Var(&f.seed, "seed", herding.DefaultSeed, "seed of herding's W_0 and root of the RBM seeds")
	fs.IntVar(&f.learn, "learn", 1000, "learning iterations of herding and the RBMs")
	fs.IntVar(&f.collect, "collect", 1000, "further iterations whose standardised energies are averaged")
	fs.StringVar(&f.out, "out", "", "output folder (created if missing; reruns resume)")
	fs.StringVar(&f.uspsDir, "usps-dir", "", "folder holding usps_all.mat (else $HERDSIM_USPS_DIR, else ../shared/data/usps)")
	f.units.register(fs, "units")
	fs.BoolVar(&f.direct, "direct", false, "herding in the direct form (every field from W), not flip-driven: the same results, slower; for timing")
	fs.StringVar(&f.weightBits, "weight-bits", "", "also run every herding model on the datapath model with W this wide: a list like 12:20:2,24; 'lossless' for the lossless datapath (models H1-w14-sat, H1-lossless, ...)")
	fs.StringVar(&f.overflow, "overflow", overflowFlagName(fixedpoint.Sat), "with --weight-bits: what a weight that does not fit does: wrap, sat or wrap,sat")
	cmd.AddCommand(newMergeCommand("units", "results", "", mergeUSPS))
	return cmd
}

// mergeUSPS gathers shard folders into out (none: out alone) and writes the results.
func mergeUSPS(w io.Writer, out string, from []string) error {
	res, err := usps.Merge(out, from)
	if err != nil {
		return err
	}
	return printResults(w, out, res)
}

func runUSPS(cmd *cobra.Command, f *uspsFlags) error {
	if f.out == "" {
		return fmt.Errorf("--out: an output folder is required")
	}
	if f.units.merge {
		return mergeUSPS(cmd.OutOrStdout(), f.out, nil)
	}
	if f.quick {
		if err := presetConflict(cmd.Flags(), "--quick", "models", "splits"); err != nil {
			return err
		}
	}
	opts, err := f.options(cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	dir, err := dataset.ResolveUSPSDir(f.uspsDir)
	if err != nil {
		return err
	}
	data, err := dataset.LoadUSPS(dir)
	if err != nil {
		return err
	}
	sum, err := usps.Run(cmd.Context(), data, opts)
	if sum != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "usps: %d units in this run's share, %d already done, %d run now (%.0f s)\n",
			sum.Units, sum.Skipped, sum.Ran, sum.Duration.Seconds())
	}
	if err != nil {
		return err
	}
	if sum.Results == nil {
		fmt.Fprintf(cmd.OutOrStdout(), "%d units of the grid are not finished yet; rerun, or merge the shards: herdsim usps merge --out DIR SHARD_DIR...\n", sum.Missing)
		return nil
	}
	return printResults(cmd.OutOrStdout(), f.out, sum.Results)
}

func (f *uspsFlags) options(log io.Writer) (usps.Options, error) {
	list, splits := f.models, f.splits
	if f.quick {
		list, splits = usps.QuickModels, 1
	}
	models, err := usps.ParseModels(list)
	if err != nil {
		return usps.Options{}, fmt.Errorf("--models: %w", err)
	}
	if models, err = f.datapathVariants(models); err != nil {
		return usps.Options{}, err
	}
	if splits < 1 {
		return usps.Options{}, fmt.Errorf("--splits %d: must be at least 1", splits)
	}
	if err := checkRunLength(f.learn, f.collect); err != nil {
		return usps.Options{}, err
	}
	opts := usps.Options{
		Plan: usps.Plan{Models: models, SplitSeed: f.split, Seed: f.seed, Learn: f.learn, Collect: f.collect},
		Out:  f.out, MaxUnits: f.units.maxUnits, Workers: f.units.workers, Log: log, Direct: f.direct,
	}
	for s := 0; s < splits; s++ {
		opts.Splits = append(opts.Splits, s)
	}
	if opts.Shard, err = f.units.parse(); err != nil {
		return opts, err
	}
	return opts, nil
}

// datapathVariants adds the --weight-bits runs of every herding model.
func (f *uspsFlags) datapathVariants(models []usps.Model) ([]usps.Model, error) {
	if f.weightBits == "" {
		return models, nil
	}
	widths, err := parseWidthList("weight-bits", "lossless", f.weightBits)
	if err != nil {
		return nil, err
	}
	modes, err := parseOverflows(f.overflow)
	if err != nil {
		return nil, fmt.Errorf("--overflow: %w", err)
	}
	out, err := usps.DatapathVariants(models, widths, modes)
	if err != nil {
		return nil, fmt.Errorf("--weight-bits: %w", err)
	}
	return out, nil
}

func printResults(w io.Writer, out string, res *usps.Results) error {
	_, err := fmt.Fprintf(w, "%s\nwrote %s/results.json, results.md, results.png\n", res.Markdown(), out)
	return err
}
