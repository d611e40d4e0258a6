package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"herdsim/bench"
	"herdsim/sim"
)

func newBenchCommand() *cobra.Command {
	var (
		opt       bench.Options
		sims      string
		format    string
		junitPath string
	)
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Simulated cycles per second: the Go datapath model, Icarus and Verilator on one vector set",
		Long: `bench runs one vector set (herdsim vectors) on the Go cycle-level model (datapath.Machine,
checked against the set) and, with the core generated for it (--rtl, else generated in a
temporary folder), under Icarus and Verilator (the self-checking testbench must PASS). It
prints, for each, the cycles simulated, the run time, cycles per second and the ratio to the
Go model, plus every pairwise ratio; each simulator's build time is reported apart from its
run time; each simulator's run shows a progress bar on stderr (iterations checked of T,
cycles per second; on a terminal, or with HERDSIM_PROGRESS=1). --format json (default) or
markdown. Exit status: 0 with the report, 1 when an implementation does not reproduce the
vector set, 2 on a usage, input or tool error. --junit FILE also writes the verdicts as JUnit
XML: a suite for the Go model (one case: x*, z* and cycles of every iteration) and one for
each simulator (a case per expected file and the protocol); bench stops at the first
mismatch, so the streams and implementations after it are reported skipped.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opt.VectorsDir == "" {
				return &exitError{2, fmt.Errorf("bench: --vectors is required")}
			}
			if format != "json" && format != "markdown" {
				return &exitError{2, fmt.Errorf("bench: --format %q: want json or markdown", format)}
			}
			if sims != "" {
				opt.Simulators = strings.Split(sims, ",")
			}
			opt.Log = cmd.ErrOrStderr()
			rep, err := bench.Run(opt)
			if junitPath != "" && (err == nil || errors.Is(err, bench.ErrMismatch)) {
				if werr := benchReport(simulatorsOf(opt), rep, err).Write(junitPath); werr != nil {
					return &exitError{2, fmt.Errorf("bench: --junit: %w", werr)}
				}
			}
			if errors.Is(err, bench.ErrMismatch) {
				return &exitError{exitVerdict, err}
			}
			var re *sim.RTLError
			if errors.As(err, &re) {
				return writeErrorReport(junitPath, "bench", &exitError{2, fmt.Errorf("bench: %w", err)})
			}
			if err != nil { // an input error (a corrupt vector set): exit status 2
				return writeErrorReport(junitPath, "bench", err)
			}
			if format == "markdown" {
				fmt.Fprint(cmd.OutOrStdout(), rep.Markdown())
				return nil
			}
			out, err := json.MarshalIndent(rep, "", "  ")
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), string(out))
			return nil
		},
	}
	cmd.Flags().StringVar(&opt.VectorsDir, "vectors", "", "the vector set (herdsim vectors)")
	cmd.Flags().StringVar(&opt.RTLDir, "rtl", "", "its RTL folder (herdsim rtl); default: generated in a temporary folder")
	cmd.Flags().StringVar(&sims, "sim", "icarus,verilator", "simulators, comma-separated")
	cmd.Flags().StringVar(&format, "format", "json", "json or markdown")
	cmd.Flags().StringVar(&junitPath, "junit", "", "also write the verdicts as JUnit XML to this file")
	return cmd
}
