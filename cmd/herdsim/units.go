package main

import (
	"fmt"
	"io"
	"runtime"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"herdsim/internal/shard"
)

// unitFlags are the flags of every command that runs a plan of units on internal/units
// (sweep, usps, explore): the same names and meaning in each.
type unitFlags struct {
	shard    string
	maxUnits int
	merge    bool
	workers  int
}

// register adds --shard, --max-units, --merge and --workers; what names the units
// ("points").
func (f *unitFlags) register(fs *pflag.FlagSet, what string) {
	fs.StringVar(&f.shard, "shard", "", "i/n: run only the "+what+" whose index in the plan, mod n, is i (shards may share --out, or merge afterwards)")
	fs.IntVar(&f.maxUnits, "max-units", 0, "stop after computing this many "+what+" (0: no limit); a rerun resumes")
	fs.BoolVar(&f.merge, "merge", false, "run nothing: write the results from the "+what+" already in --out")
	fs.IntVar(&f.workers, "workers", runtime.GOMAXPROCS(0), what+" computed at once, each also sharing its own work among the cores (the results do not depend on it)")
}

// parse checks the flags: the shard spec (internal/shard), the unit limit and the workers.
func (f *unitFlags) parse() (shard.Shard, error) {
	if f.maxUnits < 0 {
		return shard.Shard{}, fmt.Errorf("--max-units %d: must not be negative", f.maxUnits)
	}
	if f.workers < 1 {
		return shard.Shard{}, fmt.Errorf("--workers %d: must be at least 1", f.workers)
	}
	if f.shard == "" {
		return shard.Shard{}, nil
	}
	sh, err := shard.Parse(f.shard)
	if err != nil {
		return sh, fmt.Errorf("--shard %w", err)
	}
	return sh, nil
}

// newMergeCommand is the merge subcommand of a command that runs units: it gathers the
// units of FOLDER... into --out (the same plan everywhere) and writes the results.
func newMergeCommand(what, results, out string, merge func(w io.Writer, out string, from []string) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "merge --out DIR [FOLDER...]",
		Short: "Gather the " + what + " of shard folders into --out and write the " + results,
		Long: `merge copies the finished ` + what + ` of every FOLDER (output folders of shards of one plan) into
--out: every folder must have run the same plan (plan.json), and a unit present in two places
must have the same bytes; everything is checked before anything is written. It then writes
the ` + results + `, which needs every unit of the plan. With no FOLDER it writes the ` + results + `
from the units already in --out.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, from []string) error {
			if out == "" {
				return fmt.Errorf("--out: an output folder is required")
			}
			return merge(cmd.OutOrStdout(), out, from)
		},
	}
	cmd.Flags().StringVar(&out, "out", out, "the merged output folder")
	return cmd
}
