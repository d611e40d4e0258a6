package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/sweep"
	"herdsim/synth"
)

// dataFlags choose the data set; herd, lockstep and vectors share them.
type dataFlags struct {
	data      string
	class     int
	split     int
	splitSeed uint64
	uspsDir   string
}

func (f *dataFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.data, "data", dataset.SpecDefault, `data set: "default" (built in), "usps", or a path to a text file of '0'/'1' lines`)
	fs.IntVar(&f.class, "class", 0, "usps: the digit 0..9 whose 700 training images are used")
	fs.IntVar(&f.split, "split", 0, "usps: the seeded 700/300/100 split number")
	fs.Uint64Var(&f.splitSeed, "split-seed", dataset.DefaultSeed, "usps: the seed of the splits")
	fs.StringVar(&f.uspsDir, "usps-dir", "", "usps: folder holding usps_all.mat (else $HERDSIM_USPS_DIR, else ../shared/data/usps)")
}

func (f *dataFlags) load() (*dataset.Binary, error) {
	return dataset.Load(f.data, dataset.LoadOptions{USPSDir: f.uspsDir, Digit: f.class, Split: f.split, Seed: f.splitSeed})
}

// modelFlags are the herding settings of docs/spec.md.
type modelFlags struct {
	hidden int
	mode   string
	sweeps int
	seed   uint64
	grow   bool
	form   string
}

func (f *modelFlags) register(fs *pflag.FlagSet) {
	fs.IntVar(&f.hidden, "hidden", 16, "K, the number of hidden units")
	fs.StringVar(&f.mode, "mode", "SH", "H (start the search at the previous pseudo-sample) or SH (safe herding: at the lowest-energy data vector)")
	fs.IntVar(&f.sweeps, "sweeps", herding.DefaultSweeps, "S, the most coordinate-ascent sweeps per iteration")
	fs.Uint64Var(&f.seed, "seed", herding.DefaultSeed, "splitmix64 seed of the initial weights W_0")
	fs.BoolVar(&f.grow, "grow-hidden-bias", false, "update the hidden biases b too (the paper leaves them out)")
	fs.StringVar(&f.form, "form", "scaled", `"scaled" (weights x N, exact integers: the golden reference) or "unscaled" (the paper's averages, float rounding)`)
}

func (f *modelFlags) config() (herding.Config, error) {
	mode, err := herding.ParseMode(f.mode)
	if err != nil {
		return herding.Config{}, err
	}
	if f.sweeps <= 0 {
		return herding.Config{}, fmt.Errorf("--sweeps %d: must be positive", f.sweeps)
	}
	cfg := herding.Config{Hidden: f.hidden, Mode: mode, Sweeps: f.sweeps, Seed: f.seed, GrowHiddenBias: f.grow}
	switch f.form {
	case "scaled":
	case "unscaled":
		cfg.Form = herding.Unscaled
	default:
		return cfg, fmt.Errorf("--form %q: want scaled or unscaled", f.form)
	}
	return cfg, nil
}

// archFlags choose the datapath: the tile and every register's width and overflow mode.
// Widths left unset are the worst-case widths for the run's length (datapath.DefaultArch),
// so by default the datapath is lossless.
type archFlags struct {
	tile     int
	wLanes   int
	overflow string
	widths   map[string]*int // flag name -> width, for the grouped width flags
	regs     []string        // --reg name=bits[:wrap|sat]
	skip     bool            // --skip: the word-skip datapath (mode H)
	target   string          // --target PART: the shape (W lanes, tile) for the part (synth.PickShape)
	log      io.Writer       // where --target says the shape it picked
}

// widthFlags group registers that are usually sized together.
var widthFlags = []struct {
	flag  string
	regs  []datapath.Reg
	usage string
}{
	{"weight-bits", []datapath.Reg{datapath.RegW}, "width of the weight memory W"},
	{"bias-bits", []datapath.Reg{datapath.RegB, datapath.RegC}, "width of the biases b and c"},
	{"acc-bits", []datapath.Reg{datapath.RegField, datapath.RegVisField}, "width of the field accumulators (W x + b, W^T z + c)"},
	{"energy-bits", []datapath.Reg{datapath.RegEnergy, datapath.RegBestEnergy}, "width of the energy accumulator and SH's best-energy register"},
	{"positive-bits", []datapath.Reg{datapath.RegPositive}, "width of the positive-statistics accumulators (must hold N)"},
	{"update-bits", []datapath.Reg{datapath.RegUpdate}, "width of the update adder"},
}

func (f *archFlags) register(fs *pflag.FlagSet) {
	fs.IntVar(&f.tile, "tile", 0, "T, hidden units per tile (16-vector batches x T-unit tiles, X and W in SPRAM: go doc herdsim/datapath; default 4 in mode H, 2 in SH: the tiles that fit the UP5K, rounded down to whole W words)")
	fs.IntVar(&f.wLanes, "w-lanes", datapath.UP5KWLanes, fmt.Sprintf("W memories of 16 bits a W word spans, 1 to %d: the search, prefetch and write-back take PW = min(lanes, 16 lanes / W bits) weights a cycle (3: the UP5K's three W SPRAMs)", datapath.MaxWLanes))
	fs.StringVar(&f.overflow, "overflow", overflowFlagName(fixedpoint.Wrap), "overflow mode of every register: wrap or sat")
	f.widths = map[string]*int{}
	for _, w := range widthFlags {
		f.widths[w.flag] = fs.Int(w.flag, 0, w.usage+" (0: wide enough for every value)")
	}
	fs.StringArrayVar(&f.regs, "reg", nil, "one register exactly: NAME=BITS[:wrap|sat], NAME one of W b c field vis_field energy best_energy positive update (repeatable)")
	fs.BoolVar(&f.skip, "skip", false, "mode H: the word-skip datapath, whose passes read only the X words that hold a +1, in batches clustered for it (docs/hardware.md)")
	fs.StringVar(&f.target, "target", "", "size the datapath for a part (herdsim synth's targets): the W lanes and tile with the fewest cycles an iteration whose estimated resources fit it (docs/fpga.md, \"Sizing for a part\"); ice40-up5k: the UP5K's shape")
}

// forData makes a the word-skip datapath for data when --skip is given, then, with
// --target, gives it the part's shape.
func (f *archFlags) forData(a datapath.Arch, data *dataset.Binary) (datapath.Arch, error) {
	if f.skip {
		a.UseSkip(datapath.NewSkipLayout(data.Rows))
		if err := a.Validate(); err != nil {
			return a, fmt.Errorf("--skip: %w", err)
		}
	}
	if f.target == "" {
		return a, nil
	}
	shape, err := synth.PickShape(a, f.target)
	if err != nil {
		return a, fmt.Errorf("--target %s: %w", f.target, err)
	}
	a.UseLanes(shape.Lanes)
	a.UseTile(shape.Tile)
	if f.log != nil {
		fmt.Fprintf(f.log, "--target %s\n", shape)
	}
	return a, a.Validate()
}

// arch builds the Arch for a run of iterations on data of n vectors of length d: the
// lossless widths, the width and overflow flags, then the tile (after the widths: the
// default tile follows W's).
func (f *archFlags) arch(cfg herding.Config, d, n, iterations int) (datapath.Arch, error) {
	if f.target != "" && (f.tile != 0 || f.wLanes != datapath.UP5KWLanes) {
		return datapath.Arch{}, fmt.Errorf("--target %s picks the tile and the W lanes: give neither --tile nor --w-lanes with it", f.target)
	}
	a := datapath.DefaultArch(cfg.Hidden, d, n, f.tile, cfg.Sweeps, iterations, cfg.Mode, cfg.GrowHiddenBias)
	mode, err := parseOverflow(f.overflow)
	if err != nil {
		return a, fmt.Errorf("--overflow: %w", err)
	}
	for r := range a.Regs {
		a.Regs[r].Overflow = mode
	}
	for _, w := range widthFlags {
		if bits := *f.widths[w.flag]; bits != 0 {
			for _, r := range w.regs {
				a.Regs[r].Format = fixedpoint.Format{Signed: true, Word: bits}
			}
		}
	}
	for _, spec := range f.regs {
		if err := applyRegFlag(&a, spec); err != nil {
			return a, err
		}
	}
	if f.wLanes < 1 || f.wLanes > datapath.MaxWLanes {
		return a, fmt.Errorf("--w-lanes %d: want 1 to %d W memories", f.wLanes, datapath.MaxWLanes)
	}
	a.UseLanes(f.wLanes)
	a.UseTile(f.tile)
	return a, a.Validate()
}

// parseOverflow reads an overflow mode of the datapath with fixedpoint.ParseOverflow, the
// one parser of mode names, in any case (anyCase), naming the values the CLI documents.
// Every overflow flag (--overflow of lockstep, vectors, rtl, sweep and usps, --reg's
// mode) is read here or by parseOverflows.
func parseOverflow(s string) (fixedpoint.Overflow, error) {
	o, err := anyCase(s, fixedpoint.ParseOverflow)
	if err != nil || (o != fixedpoint.Wrap && o != fixedpoint.Sat) { // the datapath's two modes
		return 0, fmt.Errorf("%q: want %s or %s", s, overflowFlagName(fixedpoint.Wrap), overflowFlagName(fixedpoint.Sat))
	}
	return o, nil
}

// parseOverflows reads a comma-separated list of overflow modes (parseOverflow), each kept
// once, in the order given.
func parseOverflows(list string) ([]fixedpoint.Overflow, error) {
	var out []fixedpoint.Overflow
	for _, part := range strings.Split(list, ",") {
		o, err := parseOverflow(strings.TrimSpace(part))
		if err != nil && strings.Contains(list, ",") {
			return nil, fmt.Errorf("mode %w in %q", err, list)
		}
		if err != nil {
			return nil, fmt.Errorf("mode %w", err)
		}
		if !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out, nil
}

// overflowFlagName is how flag values and their help spell a mode: lower case ("wrap").
func overflowFlagName(o fixedpoint.Overflow) string { return strings.ToLower(o.String()) }

func applyRegFlag(a *datapath.Arch, spec string) error {
	name, rest, ok := strings.Cut(spec, "=")
	if !ok {
		return fmt.Errorf("--reg %q: want NAME=BITS[:wrap|sat]", spec)
	}
	r, err := datapath.ParseReg(name)
	if err != nil {
		return fmt.Errorf("--reg %q: %w", spec, err)
	}
	bitsText, modeText, hasMode := strings.Cut(rest, ":")
	bits, err := strconv.Atoi(bitsText)
	if err != nil {
		return fmt.Errorf("--reg %q: width %q is not a number", spec, bitsText)
	}
	a.Regs[r].Format = fixedpoint.Format{Signed: true, Word: bits}
	if hasMode {
		mode, err := parseOverflow(modeText)
		if err != nil {
			return fmt.Errorf("--reg %q: %w", spec, err)
		}
		a.Regs[r].Overflow = mode
	}
	return nil
}

// parseWidthList reads a list of widths (sweep.ParseWidths: "16,18", "14:20:2") in which
// keyword ("auto" for explore, "lossless" for usps) stands for the width 0.
func parseWidthList(flag, keyword, s string) ([]int, error) {
	var out []int
	var rest []string
	for _, part := range strings.Split(s, ",") {
		if strings.EqualFold(strings.TrimSpace(part), keyword) {
			out = append(out, 0)
			continue
		}
		rest = append(rest, part)
	}
	if len(rest) > 0 {
		ws, err := sweep.ParseWidths(strings.Join(rest, ","))
		if err != nil {
			return nil, fmt.Errorf("--%s %q: %w", flag, s, err)
		}
		out = append(out, ws...)
	}
	return out, nil
}

// presetConflict refuses a flag that a preset sets (names) given on the same command line:
// the preset would silently replace it.
func presetConflict(fs *pflag.FlagSet, preset string, names ...string) error {
	for _, n := range names {
		if fs.Changed(n) {
			return fmt.Errorf("--%s: %s sets it; give one of them", n, preset)
		}
	}
	return nil
}

// checkRunLength refuses iteration counts that cannot run: --learn below 0, --collect below
// 1 (the averages need an iteration), naming the flag before any data is loaded.
func checkRunLength(learn, collect int) error {
	if learn < 0 {
		return fmt.Errorf("--learn %d: want 0 or more iterations", learn)
	}
	if collect < 1 {
		return fmt.Errorf("--collect %d: want at least 1 iteration", collect)
	}
	return nil
}
