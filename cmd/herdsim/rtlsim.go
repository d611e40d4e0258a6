package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"herdsim/sim"
)

func newRTLSimCommand() *cobra.Command {
	var opt sim.RTLSimOptions
	cmd := &cobra.Command{
		Use:   "rtlsim",
		Short: "Simulate the generated Verilog against its vector set (Icarus or Verilator)",
		Long: `rtlsim builds the testbench of an --rtl folder (herdsim rtl) with --sim icarus or verilator in a
temporary directory (or takes the build kept in --build-cache), runs it against the --vectors set,
and streams the simulator's output to stderr. The folder serves every vector set of the Arch it
was generated for: the testbench takes the set's iterations, load stream and expected words at
run time, so one build (per simulator) serves them all. While it runs, a progress bar on stderr (on a terminal, or with HERDSIM_PROGRESS=1)
shows the iterations checked out of T and the simulated cycles per second. Exit status: 0 on PASS, 1 on a mismatch (the first one is named), 2 on a tool or input
error (a missing simulator, a corrupt vector set, a folder built for another Arch).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opt.VectorsDir == "" || opt.RTLDir == "" {
				return &exitError{2, fmt.Errorf("rtlsim: --vectors and --rtl are required")}
			}
			opt.Output = cmd.ErrOrStderr()
			res, err := sim.RTLSim(opt)
			if err != nil { // every error before a verdict (sim.RTLError) is a tool or input error
				return &exitError{2, fmt.Errorf("rtlsim: %w", err)}
			}
			if !res.Pass {
				return &exitError{1, fmt.Errorf("rtlsim: %s: %s", opt.Simulator, res.Mismatch)}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "PASS: %s, %d cycles in %.2f s (%.0f cycles/s), build %.1f s\n",
				opt.Simulator, res.Cycles, res.Run.Seconds(), float64(res.Cycles)/res.Run.Seconds(), res.Build.Seconds())
			return nil
		},
	}
	cmd.Flags().StringVar(&opt.Simulator, "sim", "icarus", "simulator: icarus or verilator")
	cmd.Flags().StringVar(&opt.VectorsDir, "vectors", "", "the vector set (herdsim vectors)")
	cmd.Flags().StringVar(&opt.RTLDir, "rtl", "", "the generated folder (herdsim rtl)")
	cmd.Flags().StringVar(&opt.VCD, "vcd", "", "dump a VCD of the run to this file")
	cmd.Flags().BoolVar(&opt.Netlist, "netlist", false, "simulate the core as Yosys synthesises it for the iCE40, with Yosys's cell models")
	cmd.Flags().StringVar(&opt.BuildCache, "build-cache", "", "keep builds in this folder, by what they are built from, and reuse them (default: build afresh)")
	return cmd
}
