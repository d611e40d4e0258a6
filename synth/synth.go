package synth

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"herdsim/internal/interrupt"
	"herdsim/internal/toolcache"
	"herdsim/rtlgen"
)

// Tops: the module synthesised. A board's name (rtlgen.Boards: icebreaker, ulx3s, arty) is
// a top too: that board's top with its PLL and its pins, on a part of the board
// (BoardTargets).
const (
	TopBoard = "board" // herd_board: the core behind the host link, 5 I/O pins (default); without its PLL off the iCE40
	TopCore  = "core"  // herd_core alone: D + K + 4 ports
)

// BoardTargets are the targets each board's top is synthesised for: the parts its board
// carries (the ULX3S comes with the 12F, 25F, 45F or 85F; the Arty A7 with the 35T or
// 100T).
var BoardTargets = map[string][]string{
	"icebreaker": {"ice40-up5k"},
	"ulx3s":      {"ecp5-25k", "ecp5-45k", "ecp5-85k"},
	"arty":       {"xc7a35t", "xc7a100t"},
}

// DefaultFreqMHz is nextpnr's default target: the iCEBreaker's 12 MHz clock.
const DefaultFreqMHz = 12.0

// DefaultSeed is nextpnr's placement seed: fixed, so runs are reproducible.
const DefaultSeed = 1

// NoFmaxXilinx is the reason a Xilinx 7-series target reports no Fmax.
const NoFmaxXilinx = "no open-source place-and-route for Xilinx 7-series (nextpnr-xilinx is not packaged): Yosys cell counts only, Fmax not measured; timing needs Vivado"

// NoFmaxMapOnly is the reason a run with MapOnly reports no Fmax.
const NoFmaxMapOnly = "mapped only (--map-only): not placed and routed, Fmax not measured"

// InputExts are the files of an RTL folder synthesis reads (Run copies them): the Verilog,
// the memory images and the pin constraints. A design's identity for synthesis is these.
var InputExts = []string{".v", ".hex", ".pcf", ".cst", ".lpf", ".xdc"}

// MemoryLogicBits is the size from which a memory must map to block RAM: a memory of this
// many bits or more that Yosys maps to LUT RAM or flip-flops fails the run (a MemoryError).
const MemoryLogicBits = 4096

// Options choose one synthesis run.
type Options struct {
	Target  string  // a key of Targets
	RTLDir  string  // the folder herdsim rtl wrote
	Top     string  // TopBoard (default), TopCore or a board's name
	FreqMHz float64 // nextpnr --freq (default: a board's top at its clock in rtl.json, else DefaultFreqMHz)
	Seed    int     // nextpnr --seed (0: DefaultSeed)
	Seeds   []int   // if set, nextpnr once a seed (Seed unused); the best routed run is kept
	Keep    string  // if set, copy the logs, scripts and .asc here
	MapOnly bool    // stop after Yosys: fits from the mapped counts, no Fmax (a routable part too)
	Log     io.Writer
}

// ArchSize are the Arch's sizes, for the report.
type ArchSize struct {
	K, D, N    int
	Tile       int    `json:"tile"`
	Groups     int    `json:"groups"`
	Mode       string `json:"mode"`
	WBits      int    `json:"w_bits"`
	Iterations int    `json:"iterations"`
}

// Result is one run's report (the JSON herdsim synth prints). Every family reports the same
// fields: luts, ffs, bram_blocks, bram_bits, dsp, fits, fmax_mhz (null with fmax_reason where
// no router exists), against the part's budget.
type Result struct {
	Target string   `json:"target"`
	Part   string   `json:"part"`
	Family string   `json:"family"`
	Top    string   `json:"top"`
	Arch   ArchSize `json:"arch"`
	Budget *Budget  `json:"budget"` // what the part holds (null: no part, xilinx7)

	LUTs      int `json:"luts"`        // SB_LUT4, LUT4 (ECP5: and two a CCU2C), or LUT1..LUT6
	FlipFlops int `json:"ffs"`         // SB_DFF*, TRELLIS_FF, DFF*, or FD*
	Carry     int `json:"carry"`       // SB_CARRY, CCU2C, ALU, or CARRY4
	BRAM      int `json:"bram_blocks"` // block RAMs in the family's blocks: SB_RAM40_4K, DP16KD, BSRAM, RAMB18 (a RAMB36 is 2)
	BRAMBits  int `json:"bram_bits"`   // their bits
	SPRAM     int `json:"spram"`       // SB_SPRAM256KA (UP5K only; never inferred)
	DSP       int `json:"dsp"`         // SB_MAC16, MULT18X18D, MULT*, or DSP48E1
	LUTRAM    int `json:"lutram"`      // distributed RAM and SRL cells

	LUTLevels   int            `json:"lut_levels"`  // the longest path between registers in LUT levels (LUTLevels)
	LogicCells  *int           `json:"logic_cells"` // iCE40: nextpnr's ICESTORM_LC used (LUT + FF + carry packed)
	Utilisation map[string]Use `json:"utilisation,omitempty"`

	Fits       *bool    `json:"fits"` // placed and routed; mapped only: the mapped counts within the budget; null: no budget
	FitsFrom   string   `json:"fits_from,omitempty"`
	DoesNotFit string   `json:"does_not_fit,omitempty"`
	Exceeded   []string `json:"exceeded,omitempty"`

	FmaxMHz        *float64  `json:"fmax_mhz"`         // nextpnr, after routing
	FmaxIcetimeMHz *float64  `json:"fmax_icetime_mhz"` // icetime -m on the routed .asc
	FmaxReason     string    `json:"fmax_reason,omitempty"`
	TargetMHz      float64   `json:"target_mhz,omitempty"`
	TimingMet      *bool     `json:"timing_met"`
	CriticalPaths  []Path    `json:"critical_paths,omitempty"` // nextpnr's, after routing
	Seed           int       `json:"seed,omitempty"`           // the routed run reported (the best of Seeds)
	SeedRuns       []SeedRun `json:"seed_runs,omitempty"`      // every seed's routed Fmax, when several ran

	Memories []Memory           `json:"memories,omitempty"` // the design's memories as Yosys infers them
	Cells    map[string]int     `json:"yosys_cells"`
	Seconds  map[string]float64 `json:"seconds"`
	Logs     string             `json:"logs,omitempty"`
}

// ToolError is a tool missing from PATH.
type ToolError struct{ Binary, Package string }

func (e *ToolError) Error() string {
	if strings.HasPrefix(e.Package, "pip ") {
		return fmt.Sprintf("%s not found on PATH or in $%s/bin (%s; .ci/run does it)", e.Binary, VenvEnv, e.Package)
	}
	return fmt.Sprintf("%s not found on PATH (Debian: apt-get install %s)", e.Binary, strings.TrimSuffix(e.Package, " (Debian)"))
}

// ToolError is also a router missing from PATH (and from HERDSIM_VENV's bin folder), with
// the pip command that installs it.

// VenvEnv names the virtual environment (.ci/run's) whose bin folder holds the PyPI tools
// (the YoWASP routers) when they are not on PATH.
const VenvEnv = "HERDSIM_VENV"

// toolPath is a tool's executable: on PATH, else in $HERDSIM_VENV/bin.
func toolPath(bin string) (string, error) {
	if p, err := exec.LookPath(bin); err == nil {
		return p, nil
	}
	if venv := os.Getenv(VenvEnv); venv != "" {
		p := filepath.Join(venv, "bin", bin)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}

// CheckTools returns a *ToolError for the first tool of the target missing.
func CheckTools(target string) error {
	t, err := lookupTarget(target)
	if err != nil {
		return err
	}
	need := [][2]string{{t.Family.Yosys, t.Family.YosysPackage}}
	if t.Router != nil {
		need = append(need, [2]string{t.Router.Binary, t.Router.Package})
	}
	if t.Icetime != nil {
		need = append(need, [2]string{"icetime", "fpga-icestorm"})
	}
	for _, b := range need {
		if _, err := toolPath(b[0]); err != nil {
			return &ToolError{b[0], b[1]}
		}
	}
	return nil
}

// Run synthesises an RTL folder for a target and returns the report. A design that does
// not fit the part is a Result with Fits false; errors are for missing tools (a
// *ToolError), a large memory that does not map to block RAM (a *MemoryError), bad input,
// and tools failing for other reasons.
func Run(opt Options) (*Result, error) {
	if err := CheckTools(opt.Target); err != nil {
		return nil, err
	}
	tg := Targets[opt.Target]
	info, err := rtlgen.ReadInfo(opt.RTLDir)
	if err != nil {
		return nil, err
	}
	if tg.Name == "ice40-up5k" { // X and W in its SPRAMs (HERD_ICE40_UP5K)
		if err := info.Arch.ValidateSPRAM(); err != nil {
			return nil, fmt.Errorf("synth: %s: %w", tg.Name, err)
		}
	}
	if opt.FreqMHz == 0 {
		opt.FreqMHz = boardFreq(opt.Top, info) // a board's top at its clock (0 for board and core)
	}
	opt = withDefaults(opt)
	top, sources, err := topAndSources(opt, tg, info)
	if err != nil {
		return nil, err
	}
	a := info.Arch
	res := &Result{Target: tg.Name, Part: tg.Part, Family: tg.Family.Name, Top: top, Budget: tg.Budget, Seconds: map[string]float64{},
		Arch: ArchSize{K: a.K, D: a.D, N: a.N, Tile: a.Tile, Groups: a.Groups(), Mode: a.Mode.String(),
			WBits: a.Regs[0].Format.Word, Iterations: info.Iterations}}

	if err := checkWritable(opt.Keep); err != nil {
		return nil, err
	}
	work, err := interrupt.TempDir("", "herdsim-synth-*")
	if err != nil {
		return nil, err
	}
	defer interrupt.Remove(work)
	if err := copyDir(opt.RTLDir, work, InputExts...); err != nil {
		return nil, err
	}
	keep := func() error {
		if opt.Keep == "" {
			return nil
		}
		res.Logs = opt.Keep
		if err := os.MkdirAll(opt.Keep, 0o755); err != nil {
			return err
		}
		return copyDir(work, opt.Keep, ".log", ".ys", ".asc", ".pcf", ".cst", ".lpf", ".config")
	}
	if err := synthesise(work, tg, top, sources, opt, res); err != nil {
		_ = keep()
		return nil, err
	}
	if tg.Router == nil || opt.MapOnly {
		res.FmaxReason = NoFmaxXilinx
		if tg.Router != nil {
			res.FmaxReason = NoFmaxMapOnly
		}
		res.fitBudget("the mapped counts against the part's budget (not placed)")
		return res, keep()
	}
	if err := route(work, tg, top, opt, res); err != nil {
		_ = keep()
		return nil, err
	}
	return res, keep()
}

// withDefaults fills the options left zero.
func withDefaults(opt Options) Options {
	if opt.Top == "" {
		opt.Top = TopBoard
	}
	if opt.FreqMHz == 0 {
		opt.FreqMHz = DefaultFreqMHz
	}
	if opt.Seed == 0 {
		opt.Seed = DefaultSeed
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	return opt
}

// topAndSources is the module synthesised and the sources it needs.
func topAndSources(opt Options, tg Target, info *rtlgen.Info) (string, []string, error) {
	sources := append([]string(nil), rtlgen.Sources(info.Arch)...)
	if opt.Top == TopCore {
		return "herd_core", sources, nil
	}
	b, err := boardOf(opt.Top, tg)
	if err != nil {
		return "", nil, err
	}
	if _, err := os.Stat(filepath.Join(opt.RTLDir, b.File)); err != nil {
		return "", nil, fmt.Errorf("synth: %s has no %s (regenerate the folder with herdsim rtl, or use --top core)", opt.RTLDir, b.File)
	}
	return b.Top, append(sources, b.Sources()...), nil
}

// boardFreq is the clock in MHz of the top of the board named top in an RTL folder (0 if it
// names none: the default).
func boardFreq(top string, info *rtlgen.Info) float64 {
	b, err := rtlgen.BoardNamed(top)
	if err != nil {
		return 0
	}
	clk, err := info.BoardClock(b)
	if err != nil {
		return 0
	}
	return clk.MHz
}

// boardOf is the board whose top --top names (TopBoard: the iCEBreaker's herd_board),
// refused on a target that is not a part of that board.
func boardOf(top string, tg Target) (*rtlgen.Board, error) {
	if top == TopBoard {
		return rtlgen.IceBreaker, nil
	}
	b, err := rtlgen.BoardNamed(top)
	if err != nil {
		return nil, fmt.Errorf("synth: --top %q: want board, core or a board's name: %w", top, err)
	}
	if !slices.Contains(BoardTargets[b.Name], tg.Name) {
		return nil, fmt.Errorf("synth: --top %s: the %s carries %s, not %s", top, b.Name, strings.Join(BoardTargets[b.Name], ", "), tg.Name)
	}
	return b, nil
}

// withPLL says whether the top synthesised uses its board's PLL: a board's own top on its
// part does, and herd_board on the iCE40 (its SB_PLL40_PAD); herd_board on another family
// takes the clock in directly (as the emulator does), so that its counts are the logic's.
func withPLL(top string, tg Target) bool {
	return top != TopBoard || tg.Family == ice40
}

// constraintsOf is the constraint file the router reads for the top ("" none): a board's
// own, or herd_board's for the part's board where it has one (the iCEBreaker's .pcf, the
// Tang Nano 9K's .cst).
func constraintsOf(top string, tg Target) string {
	switch {
	case top == TopCore:
		return ""
	case top == TopBoard:
		return tg.Router.Constraints
	}
	b, _ := rtlgen.BoardNamed(top)
	return b.Constraints
}

// synthesise runs Yosys: the design's memories listed (memories.txt), the family's
// synthesis, the cell counts, and the check that every large memory became block RAM.
func synthesise(work string, tg Target, top string, sources []string, opt Options, res *Result) error {
	define := ""
	switch {
	case tg.Name == "ice40-up5k":
		define = "-D " + rtlgen.UP5KDefine + " " // the core's SPRAM and DSP blocks
	case !withPLL(opt.Top, tg):
		define = "-D HERD_NO_PLL "
	}
	// The synthesis in two runs, split where it maps memories: between them, the memories
	// as the family's mapper sees them are listed (memories.txt).
	synth := fmt.Sprintf("%s -top %s", tg.Family.Synth, top)
	script := fmt.Sprintf("read_verilog %s-defer %s\n", define, strings.Join(sources, " ")) +
		fmt.Sprintf("%s -run :%s\n", synth, tg.Family.MapLabel) +
		"tee -q -o memories.txt dump t:$mem_v2\n" +
		fmt.Sprintf("%s -run %s:\n", synth, tg.Family.MapLabel)
	// The netlist (the router's input, and LUTLevels'), written here rather than by the
	// synthesis's -json, which in synth_gowin also turns block RAM off (for an older
	// nextpnr-gowin).
	script += "write_json herd.json\n"
	if err := os.WriteFile(filepath.Join(work, "synth.ys"), []byte(script), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(opt.Log, "synth: %s (%s, top %s)\n", tg.Family.Yosys, tg.Name, top)
	bin, err := toolPath(tg.Family.Yosys)
	if err != nil {
		return &ToolError{tg.Family.Yosys, tg.Family.YosysPackage}
	}
	inputs := append([]string{"synth.ys"}, sources...) // what the script reads (no memory image: the core loads its memories)
	if err := runTool(opt.Log, toolStep(work, bin, inputs, "yosys.log", "memories.txt", "herd.json"), res, "yosys", "-q", "-l", "yosys.log", "-s", "synth.ys"); err != nil {
		return fmt.Errorf("synth: yosys failed: %w%s", err, logTail(work, "yosys.log"))
	}
	ylog, err := os.ReadFile(filepath.Join(work, "yosys.log"))
	if err != nil {
		return err
	}
	res.Cells = ParseYosysStat(string(ylog), top)
	if res.Cells == nil {
		return fmt.Errorf("synth: no statistics of %s in the Yosys log", top)
	}
	for name, n := range res.Cells {
		tg.Family.count(res, name, n)
	}
	res.BRAMBits = res.BRAM * tg.Family.BRAMBlockBits
	if res.LUTLevels, err = LUTLevels(filepath.Join(work, "herd.json"), top); err != nil {
		return err
	}
	mems, err := readMemories(filepath.Join(work, "memories.txt"))
	if err != nil {
		return err
	}
	res.Memories = mems
	return checkMemories(mems, string(ylog), tg.Family)
}

// route places and routes the synthesised design with the target's router (once a seed,
// the best kept) and, on the iCE40, times it with icetime.
func route(work string, tg Target, top string, opt Options, res *Result) error {
	res.TargetMHz = opt.FreqMHz
	constraints := constraintsOf(opt.Top, tg)
	rep, pnrErr := placeAndRouteSeeds(work, tg, opt, constraints, res)
	if rep == nil {
		return pnrErr
	}
	res.Utilisation = map[string]Use{}
	for name, u := range rep.Utilisation { // what the design uses, and the resources every report compares
		if u.Used > 0 || name == "ICESTORM_LC" || name == "ICESTORM_RAM" || name == "ICESTORM_SPRAM" || name == "ICESTORM_DSP" {
			res.Utilisation[name] = u
		}
	}
	if lc, ok := rep.Utilisation["ICESTORM_LC"]; ok {
		res.LogicCells = &lc.Used
	}
	if pnrErr != nil {
		if !rep.DoesNotFit() {
			return fmt.Errorf("synth: %s failed: %v: %s", tg.Router.Binary, pnrErr, strings.Join(rep.Errors, "; "))
		}
		no := false
		res.Fits, res.Exceeded = &no, rep.Exceeded
		res.FitsFrom = "placement"
		res.DoesNotFit = notFitText(tg, *rep)
		res.FmaxReason = "the design does not fit the device: no placement, no Fmax"
		return nil
	}
	yes := true
	res.Fits, res.FitsFrom = &yes, "placed and routed"
	if rep.FmaxMHz > 0 {
		f, met := rep.FmaxMHz, rep.Pass
		res.FmaxMHz, res.TimingMet = &f, &met
	}
	res.CriticalPaths = rep.Paths
	if tg.Icetime == nil {
		return nil
	}
	return icetime(work, tg, opt, constraints, res)
}

// icetime times the routed iCE40 design (herd.asc) with its pins (pcf; "" none).
func icetime(work string, tg Target, opt Options, pcf string, res *Result) error {
	targs := append(append([]string(nil), tg.Icetime...), "-t", "-m", "-r", "icetime.log")
	if pcf != "" {
		targs = append(targs, "-p", pcf)
	}
	targs = append(targs, "herd.asc")
	fmt.Fprintf(opt.Log, "synth: icetime %s\n", strings.Join(targs, " "))
	inputs := []string{"herd.asc"}
	if pcf != "" {
		inputs = append(inputs, pcf)
	}
	if err := runTool(opt.Log, toolStep(work, "icetime", inputs, "icetime.log"), res, "icetime", targs...); err != nil {
		tail := logTail(work, "icetime.log")
		if strings.Contains(tail, "chipdb") {
			tail += " (icetime's chip databases are the Debian package fpga-icestorm-chipdb)"
		}
		return fmt.Errorf("synth: icetime failed: %w%s", err, tail)
	}
	tlog, err := os.ReadFile(filepath.Join(work, "icetime.log"))
	if err != nil {
		return err
	}
	if _, mhz, ok := ParseIcetime(string(tlog)); ok {
		res.FmaxIcetimeMHz = &mhz
	}
	return nil
}

// fitBudget decides Fits from the mapped counts against the budget (no placement).
func (r *Result) fitBudget(from string) {
	if r.Budget == nil {
		return
	}
	r.Exceeded = r.Budget.exceeded(r)
	fits := len(r.Exceeded) == 0
	r.Fits, r.FitsFrom = &fits, from
	if !fits {
		r.DoesNotFit = fmt.Sprintf("does not fit the %s: exceeds %s (mapped/available)", r.Part, strings.Join(r.Exceeded, ", "))
	}
}

// exceeded lists the resources the mapped counts need beyond the budget.
func (b *Budget) exceeded(r *Result) []string {
	var out []string
	for _, c := range []struct {
		name       string
		used, have int
	}{{"LUT", r.LUTs, b.LUTs}, {"FF", r.FlipFlops, b.FFs}, {"BRAM", r.BRAM, b.BRAMBlocks}, {"DSP", r.DSP, b.DSP}, {"SPRAM", r.SPRAM, b.SPRAM}} {
		if c.used > c.have {
			out = append(out, fmt.Sprintf("%s %d/%d", c.name, c.used, c.have))
		}
	}
	return out
}

// notFitText is the does_not_fit message: the resources exceeded and nextpnr's error.
func notFitText(tg Target, rep NextpnrReport) string {
	var parts []string
	if len(rep.Exceeded) > 0 {
		parts = append(parts, "exceeds "+strings.Join(rep.Exceeded, ", ")+" (used/available)")
	}
	if len(rep.Errors) > 0 {
		parts = append(parts, "nextpnr: "+strings.Join(rep.Errors, "; "))
	}
	return fmt.Sprintf("does not fit the %s: %s", tg.Part, strings.Join(parts, "; "))
}

// runTool runs a tool (ts: where, its files) with its output in <step>.out, or restores a
// run of the same inputs from HERDSIM_TOOL_CACHE, and records its time.
func runTool(log io.Writer, ts toolcache.Step, res *Result, step string, args ...string) error {
	t0 := time.Now()
	err := runStep(log, ts, step, args...)
	res.Seconds[step] = time.Since(t0).Seconds()
	return err
}

// toolStep is a tool's run in dir, for toolcache: the files it reads and writes (and its
// console's, <step>.out, which runStep adds).
func toolStep(dir, bin string, inputs []string, outputs ...string) toolcache.Step {
	return toolcache.Step{Dir: dir, Tool: bin, Inputs: inputs, Outputs: outputs}
}

// runStep runs a tool (in its own process group: Ctrl-C stops it) with its output in
// <step>.out, or restores a run of the same inputs (toolcache; said on log).
func runStep(log io.Writer, ts toolcache.Step, step string, args ...string) error {
	ts.Args = args
	ts.Outputs = append(append([]string(nil), ts.Outputs...), step+".out")
	restored, err := toolcache.Run(ts, func() error { return runOnce(ts.Dir, step, ts.Tool, args...) })
	if restored {
		fmt.Fprintf(log, "synth: %s: the outputs of an earlier run of the same inputs (%s)\n", step, toolcache.EnvDir)
	}
	return err
}

// runOnce runs a tool in dir (in its own process group: Ctrl-C stops it) with its output
// in <step>.out.
func runOnce(dir, step, bin string, args ...string) error {
	out, err := os.Create(filepath.Join(dir, step+".out"))
	if err != nil {
		return err
	}
	defer out.Close()
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, out, out
	err = interrupt.Run(cmd)
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return fmt.Errorf("%s exited with status %d", bin, ee.ExitCode())
	}
	return err
}

// logTail is the last lines of a log in dir, for error messages.
func logTail(dir, name string) string {
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil || len(strings.TrimSpace(string(data))) == 0 { // a tool that failed early writes only to its console
		data, _ = os.ReadFile(filepath.Join(dir, strings.TrimSuffix(name, ".log")+".out"))
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) > 8 {
		lines = lines[len(lines)-8:]
	}
	if len(lines) == 0 || lines[0] == "" {
		return ""
	}
	return ":\n" + strings.Join(lines, "\n")
}

// copyDir copies the files of src whose names end in one of exts into dst.
func copyDir(src, dst string, exts ...string) error {
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		for _, x := range exts {
			if strings.HasSuffix(e.Name(), x) {
				data, err := os.ReadFile(filepath.Join(src, e.Name()))
				if err != nil {
					return err
				}
				if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644); err != nil {
					return err
				}
				break
			}
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// checkWritable makes the --keep folder (if set) and writes a probe file into it, so that
// an unwritable folder is an error before minutes of synthesis, not after.
func checkWritable(dir string) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("synth: --keep %s: %w", dir, err)
	}
	f, err := interrupt.TempFile(dir, ".herdsim-probe-*")
	if err != nil {
		return fmt.Errorf("synth: --keep %s is not writable: %w", dir, err)
	}
	f.Close()
	return interrupt.Remove(f.Name())
}
