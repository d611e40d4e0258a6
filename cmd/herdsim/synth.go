package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/spf13/cobra"

	"herdsim/synth"
)

func newSynthCommand() *cobra.Command {
	var opt synth.Options
	var seeds string
	cmd := &cobra.Command{
		Use:   "synth",
		Short: "Synthesise a generated RTL folder for an FPGA part (Yosys, then nextpnr where an open router exists) and print the report as JSON",
		Long: `synth copies an --rtl folder (herdsim rtl) to a temporary directory and runs Yosys on it
for the --target part's family (synth_ice40, synth_ecp5, synth_gowin, synth_xilinx), then
places and routes it where an open router exists: nextpnr-ice40 (Debian) and icetime for
ice40-up5k and ice40-hx8k; YoWASP's nextpnr-ecp5 for ecp5-25k, ecp5-45k, ecp5-85k and
nextpnr-himbaechel-gowin for gw1nr-9 (WebAssembly builds from PyPI, pinned; .ci/run installs
them into a virtual environment: found on PATH or in $HERDSIM_VENV/bin; Gowin's synthesis
uses YoWASP's newer Yosys too). xc7a35t, xc7a100t and xc7a200t are mapped only: there is
no open router for Xilinx 7-series, so Fmax is not measured ("fmax_mhz": null with the
reason) and "fits" compares the mapped counts with the part's budget. xilinx7 is the
family without a part (no budget, "fits": null). Fixed --seed; --freq defaults to 12 MHz,
and to a board's clock for that board's top (--top ulx3s: its rtl.json clock, 60 MHz).

It prints one JSON object, the same fields for every family: "luts", "ffs", "bram_blocks"
(the family's blocks: EBR, DP16KD, BSRAM, RAMB18), "bram_bits", "dsp", "fits" (and
"fits_from", "does_not_fit" naming the exceeded resource), "fmax_mhz" (null only where no
router exists, with "fmax_reason"), the part's "budget", and the family's details (carry
cells, SPRAM, LUT RAM, nextpnr's utilisation and logic cells, icetime's Fmax). A memory of
4096 bits or more that Yosys maps to LUT RAM or flip-flops instead of block RAM fails the
run, naming the memory (exit 2).

--top board (default) synthesises herd_board, the core behind the host link (5 pins,
pinned by herd_board.pcf on the UP5K and herd_board.cst on the GW1NR-9; off the iCE40 it
takes its clock without the iCEBreaker's PLL); --top core synthesises herd_core alone, whose
D + K + 4 ports do not fit the UP5K's 39 I/O pins. --top ulx3s (ecp5-25k, -45k, -85k) and
--top arty (xc7a35t, xc7a100t) synthesise that board's top with its PLL (EHXPLLL, MMCME2)
and, on the ECP5, place and route it on the board's pins (herd_board_ulx3s.lpf) at its
clock; --top icebreaker is herd_board on the UP5K. --keep DIR keeps the logs, the Yosys
script and the routed .asc (icepack DIR/herd.asc makes a bitstream) or ECP5 .config
(ecppack makes one).

The report also lists nextpnr's critical paths after routing ("critical_paths": clocks,
from, to, total, logic and routing delay); nextpnr routes a design that misses --freq
anyway (--timing-allow-fail), so the report is complete.

--map-only stops after Yosys on any part: "fits" from the mapped counts against the budget
(as on Xilinx), "fmax_mhz" null with the reason; for a large design whose placement and
routing take longer than its question needs (does it fit the part at all?).

--seeds 1-8 (or a list, "1,3,5-7") places and routes once per seed, as many at a time as
there are CPUs, and reports the run with the highest routed Fmax (its .asc is the one
--keep keeps as herd.asc; the lowest seed wins a tie), with every seed's Fmax and the
path that sets it in "seed_runs" (a path that recurs across seeds is logic to fix; one
that moves is the placement). A design near a part's capacity routes a few MHz apart
from seed to seed; the sweep finds a placement that meets --freq when one of them does. A seed from which
nextpnr finds no legal placement (that too happens near capacity) is listed with its
error and passed over; only when no seed routes does synth fail.

Exit status: 0 with a report of a design that fits and meets --freq; 1 after the report
when the design does not fit or the routed design misses --freq; 2 on a usage or input
error or a tool error (a missing tool is named with its Debian package).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opt.RTLDir == "" {
				return &exitError{2, fmt.Errorf("synth: --rtl is required")}
			}
			if cmd.Flags().Changed("freq") && (!(opt.FreqMHz > 0) || math.IsInf(opt.FreqMHz, 0)) {
				return &exitError{2, fmt.Errorf("synth: --freq %v: want a positive clock in MHz", opt.FreqMHz)}
			}
			if _, ok := synth.Targets[opt.Target]; !ok {
				return &exitError{2, fmt.Errorf("synth: --target %q: want one of %s", opt.Target, strings.Join(synth.TargetNames(), ", "))}
			}
			if seeds != "" {
				if cmd.Flags().Changed("seed") {
					return &exitError{2, fmt.Errorf("synth: --seed and --seeds: give one")}
				}
				list, err := synth.ParseSeeds(seeds)
				if err != nil {
					return &exitError{2, fmt.Errorf("synth: %w", err)}
				}
				opt.Seeds = list
			}
			opt.Log = cmd.ErrOrStderr()
			res, err := synth.Run(opt)
			var te *synth.ToolError
			if errors.As(err, &te) {
				return &exitError{2, fmt.Errorf("synth: %w", err)}
			}
			if err != nil { // an input error (the folder, --top, --keep): the run never started
				return &exitError{2, err}
			}
			out, err := json.MarshalIndent(res, "", "  ")
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), string(out))
			if res.Fits != nil && !*res.Fits {
				return &exitError{exitVerdict, fmt.Errorf("synth: the design does not fit %s: %s", res.Target, res.DoesNotFit)}
			}
			if res.TimingMet != nil && !*res.TimingMet {
				return &exitError{1, fmt.Errorf("synth: routed Fmax %.2f MHz misses the target %.2f MHz (--freq)", *res.FmaxMHz, res.TargetMHz)}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&opt.Target, "target", "ice40-up5k", "the part: "+strings.Join(synth.TargetNames(), ", "))
	cmd.Flags().StringVar(&opt.RTLDir, "rtl", "", "the folder herdsim rtl wrote")
	cmd.Flags().StringVar(&opt.Top, "top", synth.TopBoard, "board (herd_board: core + host link, 5 pins), core (herd_core alone), or a board's top with its PLL and pins: icebreaker (ice40-up5k), ulx3s (ecp5-*), arty (xc7a35t, xc7a100t)")
	cmd.Flags().Float64Var(&opt.FreqMHz, "freq", 0, "nextpnr target clock in MHz (default: a board's top at its clock, else 12)")
	cmd.Flags().IntVar(&opt.Seed, "seed", synth.DefaultSeed, "nextpnr placement seed (fixed: reproducible results)")
	cmd.Flags().StringVar(&seeds, "seeds", "", "try several nextpnr seeds (A-B or a list) and keep the best routed run")
	cmd.Flags().StringVar(&opt.Keep, "keep", "", "copy the logs, script and routed .asc to this folder")
	cmd.Flags().BoolVar(&opt.MapOnly, "map-only", false, "stop after Yosys: fits from the mapped counts against the part's budget, no place and route, no Fmax")
	return cmd
}
