package synth

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"herdsim/internal/interrupt"
	"herdsim/rtlgen"
)

// Target is an FPGA family and part the flow knows.
type Target struct {
	Name    string   // ice40-up5k, ice40-hx8k, xilinx7
	Part    string   // for reports
	Family  string   // "ice40" or "xilinx"
	Nextpnr []string // nextpnr-ice40 device and package flags (iCE40 only)
	Icetime []string // icetime device and package flags (iCE40 only)
	PCF     bool     // the board top's .pcf applies (the iCEBreaker carries this part)
}

// Targets are the supported targets by name.
var Targets = map[string]Target{
	"ice40-up5k": {Name: "ice40-up5k", Part: "iCE40UP5K-SG48", Family: "ice40",
		Nextpnr: []string{"--up5k", "--package", "sg48"}, Icetime: []string{"-d", "up5k", "-P", "sg48"}, PCF: true},
	"ice40-hx8k": {Name: "ice40-hx8k", Part: "iCE40HX8K-CT256", Family: "ice40",
		Nextpnr: []string{"--hx8k", "--package", "ct256"}, Icetime: []string{"-d", "hx8k", "-P", "ct256"}},
	"xilinx7": {Name: "xilinx7", Part: "Xilinx 7-series (Yosys synth_xilinx, family xc7; no part, no place-and-route)", Family: "xilinx"},
}

// TargetNames lists the targets, sorted.
func TargetNames() []string { return sortedKeys(Targets) }

// Tops: the module synthesised.
const (
	TopBoard = "board" // herd_board: the core with the UART streamer and 4 I/O pins (default)
	TopCore  = "core"  // herd_core alone: D + K + 4 ports
)

// DefaultFreqMHz is nextpnr's default target: the iCEBreaker's 12 MHz clock.
const DefaultFreqMHz = 12.0

// DefaultSeed is nextpnr's placement seed: fixed, so runs are reproducible.
const DefaultSeed = 1

// NoFmaxXilinx is the reason xilinx7 reports no Fmax.
const NoFmaxXilinx = "no open-source place-and-route for Xilinx 7-series (nextpnr-xilinx is not packaged): Yosys cell counts only; timing needs Vivado"

// Options choose one synthesis run.
type Options struct {
	Target  string  // a key of Targets
	RTLDir  string  // the folder herdsim rtl wrote
	Top     string  // TopBoard (default) or TopCore
	FreqMHz float64 // nextpnr --freq (default DefaultFreqMHz)
	Seed    int     // nextpnr --seed (0: DefaultSeed)
	Seeds   []int   // if set, nextpnr once a seed (Seed unused); the best routed run is kept
	Keep    string  // if set, copy the logs, scripts and .asc here
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

// Result is one run's report (the JSON herdsim synth prints).
type Result struct {
	Target string   `json:"target"`
	Part   string   `json:"part"`
	Top    string   `json:"top"`
	Arch   ArchSize `json:"arch"`

	LUTs      int `json:"luts"`       // SB_LUT4, or LUT1..LUT6
	FlipFlops int `json:"flip_flops"` // SB_DFF*, or FD*
	Carry     int `json:"carry"`      // SB_CARRY, or CARRY4
	BRAM      int `json:"bram"`       // SB_RAM40_4K (4 kbit EBR), or RAMB18E1 + RAMB36E1
	SPRAM     int `json:"spram"`      // SB_SPRAM256KA (UP5K only; never inferred)
	DSP       int `json:"dsp"`        // SB_MAC16, or DSP48E1
	LUTRAM    int `json:"lutram"`     // xilinx7: distributed RAM and SRL cells

	LogicCells  *int           `json:"logic_cells"` // nextpnr ICESTORM_LC used (LUT + FF + carry packed)
	Utilisation map[string]Use `json:"utilisation,omitempty"`

	Fits       *bool    `json:"fits"` // null for xilinx7: no place-and-route
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

	Cells   map[string]int     `json:"yosys_cells"`
	Seconds map[string]float64 `json:"seconds"`
	Logs    string             `json:"logs,omitempty"`
}

// ToolError is a tool missing from PATH.
type ToolError struct{ Binary, Package string }

func (e *ToolError) Error() string {
	return fmt.Sprintf("%s not found on PATH (Debian: apt-get install %s)", e.Binary, e.Package)
}

// tools are each family's binaries and their Debian packages.
var tools = map[string][][2]string{
	"ice40":  {{"yosys", "yosys"}, {"nextpnr-ice40", "nextpnr-ice40"}, {"icetime", "fpga-icestorm"}},
	"xilinx": {{"yosys", "yosys"}},
}

// CheckTools returns a *ToolError for the first tool of the target missing from PATH.
func CheckTools(target string) error {
	t, ok := Targets[target]
	if !ok {
		return fmt.Errorf("synth: unknown target %q (want one of %s)", target, strings.Join(TargetNames(), ", "))
	}
	for _, b := range tools[t.Family] {
		if _, err := exec.LookPath(b[0]); err != nil {
			return &ToolError{b[0], b[1]}
		}
	}
	return nil
}

// Run synthesises an RTL folder for a target and returns the report. A design that does
// not fit the device is a Result with Fits false; errors are for missing tools (a
// *ToolError), bad input, and tools failing for other reasons.
func Run(opt Options) (*Result, error) {
	if err := CheckTools(opt.Target); err != nil {
		return nil, err
	}
	tg := Targets[opt.Target]
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
	info, err := rtlgen.ReadInfo(opt.RTLDir)
	if err != nil {
		return nil, err
	}
	sources := append([]string(nil), rtlgen.Sources(info.Arch)...)
	top := "herd_core"
	switch opt.Top {
	case TopCore:
	case TopBoard:
		top = "herd_board"
		sources = append(sources, rtlgen.BoardSourceFiles...)
		if _, err := os.Stat(filepath.Join(opt.RTLDir, rtlgen.BoardFile)); err != nil {
			return nil, fmt.Errorf("synth: %s has no %s (regenerate the folder with herdsim rtl, or use --top core)", opt.RTLDir, rtlgen.BoardFile)
		}
	default:
		return nil, fmt.Errorf("synth: --top %q: want board or core", opt.Top)
	}
	a := info.Arch
	res := &Result{Target: tg.Name, Part: tg.Part, Top: top, Seconds: map[string]float64{},
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
	if err := copyDir(opt.RTLDir, work, ".v", ".hex", ".pcf"); err != nil {
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
		return copyDir(work, opt.Keep, ".log", ".ys", ".asc", ".pcf")
	}

	// Yosys.
	define := ""
	switch {
	case opt.Target == "ice40-up5k":
		define = "-D " + rtlgen.UP5KDefine + " " // the core's SPRAM and DSP blocks
	case tg.Family != "ice40":
		// The board top's PLL is the iCEBreaker's SB_PLL40_PAD; another family takes the
		// clock in directly (as the emulator does), so that its counts are the logic's.
		define = "-D HERD_NO_PLL "
	}
	script := fmt.Sprintf("read_verilog %s-defer %s\n", define, strings.Join(sources, " "))
	if tg.Family == "ice40" {
		script += fmt.Sprintf("synth_ice40 -top %s -json herd.json\n", top)
	} else {
		script += fmt.Sprintf("synth_xilinx -flatten -top %s\n", top)
	}
	if err := os.WriteFile(filepath.Join(work, "synth.ys"), []byte(script), 0o644); err != nil {
		return nil, err
	}
	fmt.Fprintf(opt.Log, "synth: yosys (%s, top %s)\n", tg.Name, top)
	if err := runTool(work, res, "yosys", "yosys", "-q", "-l", "yosys.log", "-s", "synth.ys"); err != nil {
		_ = keep()
		return nil, fmt.Errorf("synth: yosys failed: %w%s", err, logTail(work, "yosys.log"))
	}
	ylog, err := os.ReadFile(filepath.Join(work, "yosys.log"))
	if err != nil {
		return nil, err
	}
	res.Cells = ParseYosysStat(string(ylog), top)
	if res.Cells == nil {
		return nil, fmt.Errorf("synth: no statistics of %s in the Yosys log", top)
	}
	res.count(tg.Family)

	if tg.Family != "ice40" {
		res.FmaxReason = NoFmaxXilinx
		return res, keep()
	}

	// nextpnr-ice40, once a seed (the best routed seed is kept: herd.asc, nextpnr.log).
	res.TargetMHz = opt.FreqMHz
	usePCF := tg.PCF && top == "herd_board"
	rep, pnrErr := placeAndRouteSeeds(work, tg, opt, usePCF, res)
	if rep == nil {
		_ = keep()
		return nil, pnrErr
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
			_ = keep()
			return nil, fmt.Errorf("synth: nextpnr-ice40 failed: %v: %s", pnrErr, strings.Join(rep.Errors, "; "))
		}
		no := false
		res.Fits, res.Exceeded = &no, rep.Exceeded
		res.DoesNotFit = notFitText(tg, *rep)
		res.FmaxReason = "the design does not fit the device: no placement, no Fmax"
		return res, keep()
	}
	yes := true
	res.Fits = &yes
	if rep.FmaxMHz > 0 {
		f, met := rep.FmaxMHz, rep.Pass
		res.FmaxMHz, res.TimingMet = &f, &met
	}
	res.CriticalPaths = rep.Paths

	// icetime on the routed design.
	targs := append(append([]string(nil), tg.Icetime...), "-t", "-m", "-r", "icetime.log")
	if usePCF {
		targs = append(targs, "-p", rtlgen.BoardPCF)
	}
	targs = append(targs, "herd.asc")
	fmt.Fprintf(opt.Log, "synth: icetime %s\n", strings.Join(targs, " "))
	if err := runTool(work, res, "icetime", "icetime", targs...); err != nil {
		_ = keep()
		tail := logTail(work, "icetime.log")
		if strings.Contains(tail, "chipdb") {
			tail += " (icetime's chip databases are the Debian package fpga-icestorm-chipdb)"
		}
		return nil, fmt.Errorf("synth: icetime failed: %w%s", err, tail)
	}
	tlog, err := os.ReadFile(filepath.Join(work, "icetime.log"))
	if err != nil {
		return nil, err
	}
	if _, mhz, ok := ParseIcetime(string(tlog)); ok {
		res.FmaxIcetimeMHz = &mhz
	}
	return res, keep()
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

// count fills the resource fields from the Yosys cell counts.
func (r *Result) count(family string) {
	for name, n := range r.Cells {
		switch family {
		case "ice40":
			switch {
			case name == "SB_LUT4":
				r.LUTs += n
			case strings.HasPrefix(name, "SB_DFF"):
				r.FlipFlops += n
			case name == "SB_CARRY":
				r.Carry += n
			case strings.HasPrefix(name, "SB_RAM40"):
				r.BRAM += n
			case name == "SB_SPRAM256KA":
				r.SPRAM += n
			case name == "SB_MAC16":
				r.DSP += n
			}
		default:
			switch {
			case strings.HasPrefix(name, "LUT"):
				r.LUTs += n
			case strings.HasPrefix(name, "FD"):
				r.FlipFlops += n
			case name == "CARRY4":
				r.Carry += n
			case strings.HasPrefix(name, "RAMB"):
				r.BRAM += n
			case strings.HasPrefix(name, "RAM") || strings.HasPrefix(name, "SRL"):
				r.LUTRAM += n
			case strings.HasPrefix(name, "DSP48"):
				r.DSP += n
			}
		}
	}
}

// runTool runs a tool in dir with its output in <step>.out and records its time.
func runTool(dir string, res *Result, step, bin string, args ...string) error {
	t0 := time.Now()
	err := runStep(dir, step, bin, args...)
	res.Seconds[step] = time.Since(t0).Seconds()
	return err
}

// runStep runs a tool in dir (in its own process group: Ctrl-C stops it) with its output
// in <step>.out.
func runStep(dir, step, bin string, args ...string) error {
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
