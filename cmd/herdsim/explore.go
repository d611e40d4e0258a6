package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/explore"
	"herdsim/synth"
)

// exploreFlags are herdsim explore's flags.
type exploreFlags struct {
	quick                       bool
	hidden, tiles               string
	tileSet                     bool // --tile given (or --quick's): tiles as given, not a part's shape
	weightBits, accBits, energy string
	overflow, mode              string
	regs                        []string
	split                       int
	splitSeed, seed             uint64
	learn, collect              int
	dynClass, dynIters          int
	target, seeds               string
	freq                        float64
	tolerance                   float64
	narrow                      bool
	narrowMargin                int
	narrowOverflow              string
	out, uspsDir                string
	units                       unitFlags
}

// The --quick preset: USPS H1 (K = 50, mode H) on split 0, W 16 and 18 bits at tiles 3
// and 4 (a tile holds whole W words: 3 weights a word at 16 bits, 2 at 18, so two of the
// four combinations are invalid and cost nothing), wrapping and saturating, the field
// accumulator at 22 bits and the other registers as in docs/fpga.md's fitting design
// (vis_field 21, c 18, update 19, b 2); the dynamics over the first 300 iterations.
const (
	quickWeightBits = "16,18"
	quickTiles      = "3,4"
	quickAccBits    = "22"
	quickEnergyBits = "auto"
	quickOverflow   = "wrap,sat"
	quickDynIters   = 300
)

var quickRegs = []string{"vis_field=21", "c=18", "update=19", "b=2"}

func newExploreCommand() *cobra.Command {
	var f exploreFlags
	cmd := &cobra.Command{
		Use:   "explore",
		Short: "Design-space exploration: USPS test error against place-and-route cost, Pareto fronts, a recommendation",
		Long: `explore measures every point of a grid over the tiled datapath's register widths (--weight-bits,
--acc-bits for the field and visible-field accumulators, --energy-bits), overflow modes, tile sizes
(--tile) and hidden units (--hidden):

  dynamics   the point's tiled Arch beside the float reference on one digit's training set
             (--dyn-class, --dyn-iters): bit exact or first divergence, moment error at the end;
  accuracy   USPS test error of herding run on the datapath's functional model through the
             paper's pipeline (all ten digits of --split, --learn + --collect iterations, MLR),
             and the float reference's beside it;
  cost       real synthesis, place and route (--target, --freq, --seeds): logic cells, EBR,
             SPRAM, DSP, fits, routed Fmax; cycles per iteration (the cycle formula at the
             searches' sweeps) and iterations per second at that Fmax.

A width is a list "16,18", a range "14:20:2" or "auto" (the narrowest width that cannot overflow
given W; for W, lossless over the run). --reg NAME=BITS fixes another register for every point.
Points that share a design (the same generated Verilog, memory images and pins) share one
synthesis; points that differ only in the tile share their accuracy.

On an ECP5 or Xilinx 7-series part (--target ecp5-85k, xc7a200t, ...) without --tile, each point
takes the shape herdsim lockstep --target picks for its widths (16 W lanes and the largest tile
whose estimated resources fit the part: docs/fpga.md, "Sizing for a part"); with --tile, and on
the iCE40 and Gowin parts, the tiles given at the UP5K's W lanes.

Outputs in --out: results.json (points, pareto, recommendation, narrowing), table.md,
front_logic_cells.png, front_iterations.png; every unit is a file under units/ (resume, --shard,
merge as in sweep and usps). --narrow (default on) then proposes the narrowest widths from the
ranges the model logged and runs the proposal as one more point.`,
		Example: `  herdsim explore --quick --out out/explore-quick
  herdsim explore --weight-bits 14:18:2 --acc-bits 20,22,auto --energy-bits auto --overflow wrap,sat --tile 4,6 --out out/explore
  herdsim explore --target ecp5-85k --weight-bits 16,18 --reg vis_field=21 --reg c=18 --out out/explore-ecp5`,
		Args:        cobra.NoArgs,
		Annotations: map[string]string{annInterrupted: "every finished unit is kept in --out: rerun the same command to resume"},
		RunE:        func(cmd *cobra.Command, _ []string) error { return runExplore(cmd, &f) },
	}
	f.register(cmd.Flags())
	var merge *cobra.Command
	merge = newMergeCommand("units", "results", "", func(_ io.Writer, out string, from []string) error {
		return mergeExplore(merge, out, f.uspsDir, from)
	})
	merge.Flags().StringVar(&f.uspsDir, "usps-dir", "", "folder holding usps_all.mat (else $HERDSIM_USPS_DIR, else ../shared/data/usps)")
	cmd.AddCommand(merge)
	return cmd
}

func (f *exploreFlags) register(fs *pflag.FlagSet) {
	fs.BoolVar(&f.quick, "quick", false, fmt.Sprintf("preset: USPS H1 on split 0, --weight-bits %s --tile %s --acc-bits %s --energy-bits %s --overflow %s --reg %s --dyn-iters %d (4 valid points)",
		quickWeightBits, quickTiles, quickAccBits, quickEnergyBits, quickOverflow, strings.Join(quickRegs, " --reg "), quickDynIters)+
		"; refused beside a flag it sets")
	fs.StringVar(&f.hidden, "hidden", "50", "hidden units K: a list")
	fs.StringVar(&f.mode, "mode", "H", "herding mode: H or SH")
	fs.StringVar(&f.tiles, "tile", "4", "tile sizes T of the tiled datapath (the UP5K's W lanes): a list; without it on an ECP5 or Xilinx part (--target), each point's shape is picked for the part")
	fs.StringVar(&f.weightBits, "weight-bits", "16,18", "widths of W: a list, a range FROM:TO[:STEP], or auto")
	fs.StringVar(&f.accBits, "acc-bits", "22", "widths of the field and visible-field accumulators (or auto)")
	fs.StringVar(&f.energy, "energy-bits", "auto", "widths of the energy and best-energy registers (or auto)")
	fs.StringVar(&f.overflow, "overflow", overflowFlagName(fixedpoint.Sat), "overflow modes: wrap, sat or wrap,sat")
	fs.StringArrayVar(&f.regs, "reg", nil, "NAME=BITS: fix register NAME ("+strings.Join(regNames(), ", ")+") for every point (repeatable)")
	fs.IntVar(&f.split, "split", 0, "the USPS split the accuracy runs on")
	fs.Uint64Var(&f.splitSeed, "split-seed", dataset.DefaultSeed, "seed of the splits")
	fs.Uint64Var(&f.seed, "seed", herding.DefaultSeed, "seed of herding's W_0")
	fs.IntVar(&f.learn, "learn", 1000, "learning iterations")
	fs.IntVar(&f.collect, "collect", 1000, "further iterations whose standardised energies are averaged")
	fs.IntVar(&f.dynClass, "dyn-class", 3, "the digit whose training set the dynamics and the RTL use")
	fs.IntVar(&f.dynIters, "dyn-iters", 0, "iterations of the dynamics run (0: learn + collect)")
	fs.StringVar(&f.target, "target", "ice40-up5k", "synthesis target: "+strings.Join(synth.TargetNames(), ", ")+"; an ECP5 or Xilinx part also sizes each point (W lanes, tile) for itself unless --tile is given")
	fs.Float64Var(&f.freq, "freq", 40, "nextpnr's clock target in MHz (the tiled board top runs at 39.75)")
	fs.StringVar(&f.seeds, "seeds", "1", "nextpnr seeds (a list or range, as herdsim synth --seeds): the best routed run is kept")
	fs.Float64Var(&f.tolerance, "tolerance", 0.5, "test-error tolerance over the float reference, in percentage points (the recommendation, the narrowing)")
	fs.BoolVar(&f.narrow, "narrow", true, "propose the narrowest widths from the logged ranges and verify the proposal as one more point")
	fs.IntVar(&f.narrowMargin, "narrow-margin", 1, "bits added to every observed width in the proposal")
	fs.StringVar(&f.narrowOverflow, "narrow-overflow", overflowFlagName(fixedpoint.Sat), "overflow mode of the proposal: wrap or sat")
	fs.StringVar(&f.out, "out", "", "output folder (created if missing; reruns resume)")
	fs.StringVar(&f.uspsDir, "usps-dir", "", "folder holding usps_all.mat (else $HERDSIM_USPS_DIR, else ../shared/data/usps)")
	f.units.register(fs, "units")
}

func regNames() []string {
	var out []string
	for _, r := range datapath.Regs() {
		out = append(out, r.String())
	}
	return out
}

// parseIntList reads a comma-separated list of positive integers.
func parseIntList(flag, s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || v <= 0 {
			return nil, fmt.Errorf("--%s %q: want positive integers separated by commas", flag, s)
		}
		out = append(out, v)
	}
	return out, nil
}

func (f *exploreFlags) options(log io.Writer) (explore.Options, error) {
	if f.quick {
		f.hidden, f.tiles, f.mode, f.split, f.dynIters = "50", quickTiles, "H", 0, quickDynIters
		f.weightBits, f.accBits, f.energy, f.overflow = quickWeightBits, quickAccBits, quickEnergyBits, quickOverflow
		f.regs = quickRegs
	}
	var o explore.Options
	var err error
	if o.Grid.Hidden, err = parseIntList("hidden", f.hidden); err != nil {
		return o, err
	}
	if o.Grid.Tiles, err = parseIntList("tile", f.tiles); err != nil {
		return o, err
	}
	if o.Grid.WeightBits, err = parseWidthList("weight-bits", "auto", f.weightBits); err != nil {
		return o, err
	}
	if o.Grid.AccBits, err = parseWidthList("acc-bits", "auto", f.accBits); err != nil {
		return o, err
	}
	if o.Grid.EnergyBits, err = parseWidthList("energy-bits", "auto", f.energy); err != nil {
		return o, err
	}
	if o.Grid.Overflows, err = parseOverflows(f.overflow); err != nil {
		return o, fmt.Errorf("--overflow: %w", err)
	}
	for _, r := range f.regs {
		name, bits, ok := strings.Cut(r, "=")
		reg, err := datapath.ParseReg(name)
		if !ok || err != nil {
			return o, fmt.Errorf("--reg %q: want NAME=BITS with NAME one of %s", r, strings.Join(regNames(), ", "))
		}
		b, err := strconv.Atoi(bits)
		if err != nil || b < 2 || b > datapath.MaxWord {
			return o, fmt.Errorf("--reg %q: BITS must be 2..%d", r, datapath.MaxWord)
		}
		if o.Grid.Regs == nil {
			o.Grid.Regs = map[datapath.Reg]int{}
		}
		o.Grid.Regs[reg] = b
	}
	if o.Mode, err = herding.ParseMode(f.mode); err != nil {
		return o, fmt.Errorf("--mode: %w", err)
	}
	nov, err := parseOverflow(f.narrowOverflow)
	if err != nil {
		return o, fmt.Errorf("--narrow-overflow: mode %w", err)
	}
	seeds, err := synth.ParseSeeds(f.seeds)
	if err != nil {
		return o, fmt.Errorf("--seeds: %w", err)
	}
	if err := checkRunLength(f.learn, f.collect); err != nil {
		return o, err
	}
	if f.dynIters < 0 {
		return o, fmt.Errorf("--dyn-iters %d: want 0 (learn + collect) or more iterations", f.dynIters)
	}
	o.Split, o.SplitSeed, o.Seed, o.Learn, o.Collect = f.split, f.splitSeed, f.seed, f.learn, f.collect
	o.DynClass, o.DynIters = f.dynClass, f.dynIters
	o.Synth = explore.SynthOptions{Target: f.target, FreqMHz: f.freq, Seeds: seeds}
	if synth.PicksShape(f.target) && !f.tileSet && !f.quick { // each point sized for the part
		o.Grid.Shape = f.target
	}
	o.Tolerance, o.Narrow, o.NarrowMargin, o.NarrowOverflow = f.tolerance, f.narrow, f.narrowMargin, nov
	o.Out, o.Workers, o.MaxUnits, o.Log = f.out, f.units.workers, f.units.maxUnits, log
	if o.Shard, err = f.units.parse(); err != nil {
		return o, err
	}
	return o, nil
}

func loadUSPS(dir string) (*dataset.USPS, error) {
	d, err := dataset.ResolveUSPSDir(dir)
	if err != nil {
		return nil, err
	}
	return dataset.LoadUSPS(d)
}

func runExplore(cmd *cobra.Command, f *exploreFlags) error {
	if f.out == "" {
		return fmt.Errorf("--out: an output folder is required")
	}
	if f.units.merge {
		return mergeExplore(cmd, f.out, f.uspsDir, nil)
	}
	if f.quick {
		if err := presetConflict(cmd.Flags(), "--quick", "hidden", "tile", "mode", "split", "dyn-iters", "weight-bits", "acc-bits", "energy-bits", "overflow", "reg"); err != nil {
			return err
		}
	}
	f.tileSet = cmd.Flags().Changed("tile")
	o, err := f.options(cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	data, err := loadUSPS(f.uspsDir)
	if err != nil {
		return err
	}
	sum, err := explore.Run(cmd.Context(), data, o)
	if sum != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "explore: %d units in this run's share, %d already done, %d run now (%.0f s)\n",
			sum.Units, sum.Skipped, sum.Ran, sum.Duration.Seconds())
	}
	if err != nil {
		var te *synth.ToolError
		if errors.As(err, &te) {
			return &exitError{code: exitUsage, err: fmt.Errorf("--target: %w", err)}
		}
		return err
	}
	if sum.Results == nil {
		fmt.Fprintf(cmd.OutOrStdout(), "%d units are not finished yet; rerun, or merge the shards: herdsim explore merge --out DIR SHARD_DIR...\n", sum.Missing)
		return nil
	}
	printExplore(cmd.OutOrStdout(), f.out, sum.Results)
	return nil
}

func mergeExplore(cmd *cobra.Command, out, uspsDir string, from []string) error {
	data, err := loadUSPS(uspsDir)
	if err != nil {
		return err
	}
	res, err := explore.Merge(data, out, from, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	printExplore(cmd.OutOrStdout(), out, res)
	return nil
}

func printExplore(w io.Writer, out string, r *explore.Results) {
	fmt.Fprint(w, r.Markdown())
	fmt.Fprintf(w, "\nwrote %s, %s, %s, %s\n", filepath.Join(out, "results.json"), filepath.Join(out, "table.md"),
		filepath.Join(out, explore.PlotLogicCells), filepath.Join(out, explore.PlotSpeed))
}
