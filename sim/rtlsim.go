package sim

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/internal/interrupt"
	"herdsim/internal/progress"
	"herdsim/rtlgen"
	"herdsim/synth"
	"herdsim/testvectors"
)

// ReferenceVectors runs the float64 reference for iterations iterations from the initial
// weights of docs/spec.md, "Initialisation" (seed) and returns the vector set it defines
// for arch: the data, W_0, b_0, c_0, every pseudo-sample, the final weights and
// IterationCycles(t, sweeps) of every iteration.
func ReferenceVectors(data *dataset.Binary, arch datapath.Arch, seed uint64, iterations int) (*testvectors.Set, error) {
	ref, err := herding.New(data, herding.Config{Hidden: arch.K, Mode: arch.Mode, Sweeps: arch.Sweeps, Seed: seed, GrowHiddenBias: arch.GrowHiddenBias})
	if err != nil {
		return nil, err
	}
	s := &testvectors.Set{Arch: arch, Seed: seed, Iterations: iterations, X: data.Rows, Source: testvectors.SourceReference}
	s.W0, s.B0, s.C0 = ref.Params().Ints()
	m, err := datapath.NewTile(arch, data, s.W0, s.B0, s.C0) // the hardware's overflow flag
	if err != nil {
		return nil, err
	}
	for t := 1; t <= iterations; t++ {
		it, err := ref.Step()
		if err != nil {
			return nil, err
		}
		s.XStar, s.ZStar = append(s.XStar, it.X), append(s.ZStar, it.Z)
		s.Cycles = append(s.Cycles, arch.IterationCycles(t, it.Sweeps))
		s.Overflow = append(s.Overflow, m.RunIteration().Overflowed)
	}
	s.WFinal, s.BFinal, s.CFinal = ref.Params().Ints()
	return s, s.Validate()
}

// ModelVectors runs the cycle-level datapath model of arch for iterations iterations from
// the initial weights of docs/spec.md, "Initialisation" (seed) and returns the vector set
// of what it produced: every pseudo-sample, cycle count and overflow flag and the final
// weights, whatever the widths (a narrow Arch wraps or saturates; the hardware must do the
// same).
func ModelVectors(data *dataset.Binary, arch datapath.Arch, seed uint64, iterations int, tick func()) (*testvectors.Set, error) {
	p := herding.InitialWeights(arch.K, arch.D, arch.N, seed)
	s := &testvectors.Set{Arch: arch, Seed: seed, Iterations: iterations, X: data.Rows, Source: testvectors.SourceModel}
	s.W0, s.B0, s.C0 = p.Ints()
	m, err := datapath.NewTile(arch, data, s.W0, s.B0, s.C0)
	if err != nil {
		return nil, err
	}
	if _, n := m.Overflows(); n > 0 {
		return nil, fmt.Errorf("the initial weights do not fit the Arch's registers (%d overflows on load): widen W to hold N", n)
	}
	for range iterations {
		r := m.RunIteration()
		s.XStar, s.ZStar = append(s.XStar, r.X), append(s.ZStar, r.Z)
		s.Cycles = append(s.Cycles, r.Cycles)
		s.Overflow = append(s.Overflow, r.Overflowed)
		if tick != nil {
			tick()
		}
	}
	s.WFinal, s.BFinal, s.CFinal = m.Weights()
	return s, s.Validate()
}

// Simulators are the simulators RTLSim runs.
var Simulators = []string{"icarus", "verilator"}

// RTLSimOptions choose a simulation of a generated folder against a vector set.
type RTLSimOptions struct {
	Simulator  string    // "icarus" or "verilator"
	VectorsDir string    // the vector set (testvectors format)
	RTLDir     string    // the folder herdsim rtl wrote (rtlgen.Write)
	VCD        string    // if set, dump a VCD there
	Output     io.Writer // the simulator's output is streamed here (nil: discarded)
	Plusargs   []string  // more plusargs for the testbench (e.g. "+fill", "+seed=7")
	// Netlist simulates the core as Yosys synthesises it for a family (NetlistFamily:
	// write_verilog of its LUTs, carries, flip-flops, block RAM, SPRAM and DSP primitives)
	// with Yosys's models of that family's cells (and herdsim's of the block RAMs Yosys
	// models without behaviour), instead of its RTL: the same testbench, the same checks.
	Netlist bool
	// NetlistFamily is the family of a netlist simulation: "ice40" (the default: the UP5K's
	// SPRAM and DSP primitives), "ecp5", "gowin" or "xilinx" (block RAM from the behavioural
	// memories).
	NetlistFamily string
	// BuildCache, if set, is a directory that keeps builds by what they are built from:
	// a simulation of another vector set of the same Arch (the same sources) runs the
	// build that is there instead of building again.
	BuildCache string
	// QuickBuild compiles a Verilator build's C++ at -O0 throughout (quickBuildOpt): a
	// shorter build and a slower run, for a short check of a large design.
	QuickBuild bool
	// KeepGoing runs the testbench with +keep_going: the first mismatch of each expected
	// file is reported and the run goes on, so that every file gets a verdict
	// (RTLResult.Mismatches, TestCases); a mismatch of the protocol still ends the run.
	KeepGoing bool
	// Waveform, if set, is where a failing run's waveform goes: on a mismatch the
	// testbench runs again and dumps the WaveWindow clocks before the first mismatch
	// and WaveMargin after into Waveform + ".vcd" (Icarus) or ".fst" (Verilator, from a
	// second build with --trace-fst), with a GTKWave save file Waveform + ".gtkw".
	Waveform   string
	WaveWindow int // 0: DefaultWaveWindow

	traceFST bool // a Verilator build that dumps FST (the waveform's)
}

// NetlistFile is the synthesised core's netlist in a netlist simulation's build folder.
const NetlistFile = "herd_core_netlist.v"

// RTLResult is a finished simulation: Pass, or the testbench's first mismatch line.
type RTLResult struct {
	Pass     bool
	Mismatch string        // the MISMATCH line, when !Pass
	Cycles   uint64        // clock cycles simulated (the vector set's cycle counts)
	Checked  int           // iterations the testbench reported checked (its last ITER line; T on a PASS)
	Build    time.Duration // compile time (with the synthesis of a netlist simulation)
	Run      time.Duration // simulation time
	// Mismatches are the testbench's MISMATCH lines, parsed, in order: the first alone,
	// or with KeepGoing the first of each expected file (and at most one of the protocol).
	Mismatches []Mismatch
	// Complete: the testbench made every check (it printed PASS, or with KeepGoing its
	// FAIL summary), so a stream without a mismatch passed.
	Complete bool
	// Wave is the failing run's waveform (RTLSimOptions.Waveform); WaveErr why there is
	// none when one was asked for (the verdict stands).
	Wave    *Wave
	WaveErr error
}

// RTLError is a problem before a verdict: a missing tool, a bad vector set or folder, a
// tool that failed. The CLI exits 2 on it.
type RTLError struct{ Err error }

func (e *RTLError) Error() string { return e.Err.Error() }
func (e *RTLError) Unwrap() error { return e.Err }

func rtlErr(format string, a ...any) error { return &RTLError{fmt.Errorf(format, a...)} }

// simTools are the binaries each simulator needs and their Debian package.
var simTools = map[string]struct{ bins []string }{
	"icarus":    {[]string{"iverilog", "vvp"}},
	"verilator": {[]string{"verilator"}},
}

// CheckSimulator reports (as an RTLError) a simulator that is unknown or not on PATH.
func CheckSimulator(name string) error {
	tools, ok := simTools[name]
	if !ok {
		return rtlErr("unknown simulator %q (want icarus or verilator)", name)
	}
	pkg := map[string]string{"icarus": "iverilog", "verilator": "verilator"}[name]
	for _, b := range tools.bins {
		if _, err := exec.LookPath(b); err != nil {
			return rtlErr("simulator %s: %s not found on PATH (apt-get install %s installs it)", name, b, pkg)
		}
	}
	return nil
}

// RTLSim checks the vector set (hashes, counts) and that the folder was generated for its
// Arch (any vector set of the Arch: the testbench takes the set's data, load stream and
// expected words at run time), builds the testbench with the simulator (or takes the build
// from opt.BuildCache), runs it, streams its output, and returns the verdict. Errors before
// a verdict are *RTLError.
func RTLSim(opt RTLSimOptions) (*RTLResult, error) {
	if err := CheckSimulator(opt.Simulator); err != nil {
		return nil, err
	}
	set, man, err := testvectors.Read(opt.VectorsDir)
	if err != nil {
		return nil, rtlErr("vector set: %w", err)
	}
	info, err := rtlgen.ReadInfo(opt.RTLDir)
	if err != nil {
		return nil, &RTLError{err}
	}
	if !reflect.DeepEqual(info.Arch, set.Arch) {
		return nil, rtlErr("rtl folder %s was generated for another Arch than vector set %s (regenerate it with herdsim rtl --vectors %s)", opt.RTLDir, opt.VectorsDir, opt.VectorsDir)
	}
	if err := checkFolder(opt, info); err != nil {
		return nil, err
	}
	if opt.BuildCache != "" { // the build runs in another directory
		if opt.BuildCache, err = filepath.Abs(opt.BuildCache); err != nil {
			return nil, &RTLError{err}
		}
	}
	out := opt.Output
	if out == nil {
		out = io.Discard
	}
	runDir, err := interrupt.TempDir("", "herdsim-rtlsim-*")
	if err != nil {
		return nil, &RTLError{err}
	}
	defer interrupt.Remove(runDir)
	plusargs, err := runPlusargs(opt, set, man, runDir)
	if err != nil {
		return nil, err
	}
	res := &RTLResult{}
	for _, c := range set.Cycles {
		res.Cycles += c
	}
	t0 := time.Now()
	b, err := buildTestbench(opt, out)
	if err != nil {
		return nil, err
	}
	defer b.release()
	res.Build = time.Since(t0)
	t0 = time.Now()
	var pass bool
	meter := newIterMeter(opt.Simulator, set.Cycles, t0)
	runErr := runTool(runDir, append(b.run, plusargs...), out, func(line string) bool {
		if meter.line(line) {
			return false // progress, drawn as a bar, not copied to out
		}
		if m, ok := ParseMismatch(line); ok {
			res.Mismatches = append(res.Mismatches, m)
		}
		if strings.HasPrefix(line, rtlgen.MismatchPrefix) && res.Mismatch == "" {
			res.Mismatch = line
		}
		if strings.TrimSpace(line) == rtlgen.PassLine {
			pass = true
		}
		if strings.HasPrefix(line, rtlgen.FailPrefix+" ") {
			res.Complete = true
		}
		return true
	})
	meter.finish()
	res.Run, res.Checked = time.Since(t0), meter.done
	switch {
	case res.Mismatch != "" && len(res.Mismatches) == 0:
		return nil, rtlErr("%s: the testbench's mismatch line does not parse: %s", opt.Simulator, res.Mismatch)
	case res.Mismatch != "":
		if opt.Waveform != "" {
			res.Wave, res.WaveErr = captureWaveform(opt, set, man, runDir, res.Mismatches[0], b, out)
		}
		return res, nil
	case runErr != nil:
		return nil, rtlErr("%s: simulation failed without a verdict: %w", opt.Simulator, runErr)
	case !pass:
		return nil, rtlErr("%s: simulation ended without PASS or a mismatch", opt.Simulator)
	}
	res.Pass, res.Complete = true, true
	return res, nil
}

// runPlusargs are the testbench's plusargs for a vector set: its iterations, its load
// stream (written into runDir) and its expected files, and opt's own.
func runPlusargs(opt RTLSimOptions, set *testvectors.Set, man *testvectors.Manifest, runDir string) ([]string, error) {
	vecDir, err := filepath.Abs(opt.VectorsDir)
	if err != nil {
		return nil, &RTLError{err}
	}
	load := filepath.Join(runDir, rtlgen.LoadFile)
	var b strings.Builder
	for _, w := range rtlgen.SetLoadStream(set) {
		fmt.Fprintf(&b, "%04x\n", w)
	}
	if err := os.WriteFile(load, []byte(b.String()), 0o644); err != nil {
		return nil, &RTLError{err}
	}
	// The load file by its name in runDir, where the simulator runs: the testbench keeps
	// the path in a register that a waveform dumps, the same in every run.
	plusargs := []string{fmt.Sprintf("+iters=%d", set.Iterations), "+load=" + rtlgen.LoadFile}
	if opt.KeepGoing {
		plusargs = append(plusargs, "+keep_going")
	}
	for _, name := range rtlgen.ExpectedFiles {
		plusargs = append(plusargs, fmt.Sprintf("+%s=%s", name, filepath.Join(vecDir, filepath.FromSlash(man.Files[name].Path))))
	}
	if opt.VCD != "" {
		vcd, err := filepath.Abs(opt.VCD)
		if err != nil {
			return nil, &RTLError{err}
		}
		plusargs = append(plusargs, "+vcd="+vcd)
	}
	return append(plusargs, opt.Plusargs...), nil
}

// A build is a built testbench: the command that runs it (plusargs follow), and release,
// which removes a build that is not kept in a cache.
type build struct {
	run     []string
	release func()
}

// buildTestbench builds herd_tb from the folder's sources with the simulator: in a
// temporary directory, or in opt.BuildCache under a key of everything the build reads (the
// simulator, its flags, the sources' names and contents), where a build of the same key is
// taken as it is.
func buildTestbench(opt RTLSimOptions, out io.Writer) (*build, error) {
	sources := append(append([]string(nil), rtlgen.TiledSourceFiles...), rtlgen.TestbenchFile, rtlgen.TBFile)
	compile, binary := compileCommand(opt)
	key, err := buildKey(opt.RTLDir, sources, compile, opt.netlistTag())
	if err != nil {
		return nil, err
	}
	runOf := func(dir string) []string {
		if opt.Simulator == "icarus" {
			return []string{"vvp", "-n", filepath.Join(dir, binary)}
		}
		return []string{filepath.Join(dir, binary)}
	}
	if opt.BuildCache != "" {
		dir := filepath.Join(opt.BuildCache, opt.Simulator+"-"+key)
		if _, err := os.Stat(filepath.Join(dir, binary)); err == nil {
			return &build{run: runOf(dir), release: func() {}}, nil
		}
	}
	dir, err := interrupt.TempDir(opt.BuildCache, "herdsim-build-*")
	if err != nil {
		return nil, &RTLError{err}
	}
	if err := buildIn(dir, opt, sources, compile, out); err != nil {
		interrupt.Remove(dir)
		return nil, err
	}
	if opt.BuildCache == "" {
		return &build{run: runOf(dir), release: func() { interrupt.Remove(dir) }}, nil
	}
	// Kept under its key; another build of the same key that got there first wins.
	keep := filepath.Join(opt.BuildCache, opt.Simulator+"-"+key)
	if err := os.Rename(dir, keep); err != nil {
		interrupt.Remove(dir)
	}
	return &build{run: runOf(keep), release: func() {}}, nil
}

// compileCommand is the simulator's compile command (without its sources) and the
// binary it writes.
func compileCommand(opt RTLSimOptions) (argv []string, binary string) {
	var flags []string
	if opt.Netlist && opt.netlistFamily() == "ice40" {
		flags = []string{"-DNO_ICE40_DEFAULT_ASSIGNMENTS"}
	}
	if opt.Netlist && opt.Simulator == "verilator" {
		// herdsim's cell models replace Yosys's: a module defined twice would simulate
		// the first definition.
		flags = append(flags, "-Werror-MODDUP")
	}
	if opt.Simulator == "icarus" {
		gen := "-g2005"
		if opt.Netlist {
			gen = "-g2012" // Yosys's cell models
		}
		return append([]string{"iverilog", gen, "-Wall", "-s", "herd_tb", "-o", "herd_tb.vvp"}, flags...), "herd_tb.vvp"
	}
	argv = []string{"verilator", "--binary", "--timing", "-O2", "-j", "2", "--top-module", "herd_tb", "-Wno-fatal", "-Wno-lint", "-Wno-style", "--Mdir", "obj_dir", "-o", "herd_tb"}
	argv = append(argv, compilerCache()...)
	if opt.QuickBuild {
		argv = append(argv, quickBuildOpt...)
	} else {
		argv = append(argv, verilatorOpt...)
	}
	if opt.VCD != "" {
		argv = append(argv, "--trace")
	}
	if opt.traceFST {
		argv = append(argv, "--trace-fst")
	}
	return append(argv, flags...), filepath.Join("obj_dir", "herd_tb")
}

// buildKey names a build: a hash of the compile command, whether it simulates the netlist,
// and every source's name and contents.
func buildKey(rtlDir string, sources, compile []string, netlist string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%q %v\n", compile, netlist)
	for _, n := range sources {
		data, err := os.ReadFile(filepath.Join(rtlDir, n))
		if err != nil {
			return "", rtlErr("rtl folder %s: %v", rtlDir, err)
		}
		fmt.Fprintf(h, "%s %d\n", n, len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// buildIn copies the sources into dir and builds them there (a netlist simulation
// synthesises the core first).
func buildIn(dir string, opt RTLSimOptions, sources, compile []string, out io.Writer) error {
	for _, n := range sources {
		data, err := os.ReadFile(filepath.Join(opt.RTLDir, n))
		if err != nil {
			return &RTLError{err}
		}
		if err := os.WriteFile(filepath.Join(dir, n), data, 0o644); err != nil {
			return &RTLError{err}
		}
	}
	if opt.Netlist {
		var include string
		var err error
		if sources, include, err = synthNetlist(dir, opt.netlistFamily(), out); err != nil {
			return err
		}
		// The family's cell models include their headers (ECP5: cells_ff.vh).
		compile = append(compile[:len(compile):len(compile)], "-I"+include)
	}
	if err := runTool(dir, append(compile, sources...), out, nil); err != nil {
		return rtlErr("%s: build failed: %w", opt.Simulator, err)
	}
	return nil
}

// runTool runs argv in dir, handing each line of its output (stdout and stderr) to scan
// and copying it to out unless scan returns false (a nil scan copies every line).
func runTool(dir string, argv []string, out io.Writer, scan func(string) bool) error {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := interrupt.Start(cmd); err != nil {
		return err
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for sc.Scan() {
			if scan == nil || scan(sc.Text()) {
				fmt.Fprintln(out, sc.Text())
			}
		}
		_, _ = io.Copy(io.Discard, pr)
	}()
	err := interrupt.Wait(cmd)
	pw.Close()
	<-done
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return fmt.Errorf("%s exited with status %d", argv[0], ee.ExitCode())
	}
	return err
}

// iterMeter turns the testbench's ITER lines (rtlgen.IterPrefix) into a progress bar on
// stderr (internal/progress: drawn on a terminal or with HERDSIM_PROGRESS=1) of the
// iterations checked out of T, with the simulated cycles per second since the run began
// (the vector set's cycle counts: a passing run simulates exactly those).
type iterMeter struct {
	sim   string
	cum   []uint64 // cum[t]: cycles of iterations 1..t
	start time.Time
	done  int
	bar   *progress.Bar
}

func newIterMeter(simulator string, cycles []uint64, start time.Time) *iterMeter {
	m := &iterMeter{sim: simulator, cum: make([]uint64, len(cycles)+1), start: start}
	for i, c := range cycles {
		m.cum[i+1] = m.cum[i] + c
	}
	m.bar = progress.New(max(1, len(cycles)), m.describe())
	m.bar.Add(0) // drawn from the start: the first iteration may take a while
	return m
}

// line reports whether line is an ITER line, and if so moves the bar to its count.
func (m *iterMeter) line(line string) bool {
	rest, ok := strings.CutPrefix(line, rtlgen.IterPrefix+" ")
	if !ok {
		return false
	}
	t, err := strconv.Atoi(strings.TrimSpace(rest))
	if err != nil || t <= m.done || t >= len(m.cum) {
		return true // out of order or range: a testbench bug the verdict will show; no progress
	}
	// The count first: it is drawn now; the rate, drawn with the next count (the bar
	// redraws at most every 100 ms), lags by one line.
	m.bar.Add(t - m.done)
	m.bar.Describe(m.describeAt(t))
	m.done = t
	return true
}

func (m *iterMeter) describe() string { return m.sim + " iterations" }

func (m *iterMeter) describeAt(t int) string {
	el := time.Since(m.start).Seconds()
	if el <= 0 {
		return m.describe()
	}
	return fmt.Sprintf("%s iterations (%.0f cycles/s)", m.sim, float64(m.cum[t])/el)
}

func (m *iterMeter) finish() { m.bar.Finish() }

// NetlistFamilies lists the families a netlist simulation knows (synth.Families), sorted.
func NetlistFamilies() []string {
	names := make([]string, 0, len(synth.Families))
	for n := range synth.Families {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (opt RTLSimOptions) netlistFamily() string {
	if opt.NetlistFamily == "" {
		return "ice40"
	}
	return opt.NetlistFamily
}

// netlistTag names what the build simulates, for its key: "" for the RTL.
func (opt RTLSimOptions) netlistTag() string {
	if !opt.Netlist {
		return ""
	}
	// The cell models are part of what a netlist build is built from: herdsim's own and
	// Yosys's (read where the build reads them; a missing one fails the build itself).
	h := sha256.New()
	fmt.Fprintf(h, "%s %s\n", rtlgen.YosysCellsFile, rtlgen.CellModelSource(opt.netlistFamily()))
	fmt.Fprintf(h, "%v\n", rtlgen.CellModelIncludes()) // a map prints in key order
	if fam, ok := synth.Families[opt.netlistFamily()]; ok {
		if _, share, err := fam.YosysTool(); err == nil {
			if data, err := os.ReadFile(filepath.Join(share, fam.Name, "cells_sim.v")); err == nil {
				h.Write(data)
			}
		}
	}
	return opt.netlistFamily() + " " + hex.EncodeToString(h.Sum(nil)[:8])
}

// synthNetlist synthesises the core in dir with Yosys for a family into NetlistFile and
// returns the sources that simulate it: the netlist, the family's cell models
// (rtlgen.WriteNetlistCellModels: Yosys's, with herdsim's block RAMs where Yosys's have no
// behaviour) and the testbench, and the folder of the headers Yosys's models include. A
// netlist that instantiates a cell without a behavioural model is refused: it would
// simulate constants.
func synthNetlist(dir, family string, out io.Writer) (sources []string, include string, err error) {
	fam, ok := synth.Families[family]
	if !ok {
		return nil, "", rtlErr("netlist simulation: family %q: want one of %s", family, strings.Join(NetlistFamilies(), ", "))
	}
	// The family's own Yosys (the one its bitstream flow runs: YoWASP's for Gowin, whose
	// Debian version maps 18-bit block RAM words to the wrong address) and its cell models.
	yosys, share, err := fam.YosysTool()
	if err != nil {
		return nil, "", rtlErr("netlist simulation: %w", err)
	}
	models, modelText, err := rtlgen.WriteNetlistCellModels(dir, family, share)
	if err != nil {
		return nil, "", rtlErr("netlist simulation: %w", err)
	}
	read := "" // the behavioural memories and accumulators: block RAM and LUTs
	if family == "ice40" {
		read = "-D" + rtlgen.UP5KDefine // the UP5K's SPRAM and DSP primitives
	}
	script := "read_verilog " + read + " " + strings.Join(rtlgen.TiledSourceFiles, " ") +
		"; " + fam.Synth + " -top herd_core; write_verilog -noattr " + NetlistFile
	if err := runTool(dir, []string{yosys, "-q", "-p", script}, out, nil); err != nil {
		return nil, "", rtlErr("yosys: synthesis for the %s netlist failed: %w", family, err)
	}
	netlist, err := os.ReadFile(filepath.Join(dir, NetlistFile))
	if err != nil {
		return nil, "", &RTLError{err}
	}
	if err := rtlgen.CheckCellModels(string(netlist), modelText, family); err != nil {
		return nil, "", rtlErr("netlist simulation: %w", err)
	}
	sources = append(append([]string{NetlistFile}, models...), rtlgen.TestbenchFile, rtlgen.TBFile)
	return sources, filepath.Join(share, family), nil
}

// checkFolder refuses an RTL folder whose files are missing or changed since rtlgen wrote
// them (rtl.json's hashes), naming the file.
func checkFolder(opt RTLSimOptions, info *rtlgen.Info) error {
	regen := fmt.Sprintf("(regenerate it: herdsim rtl --vectors %s --out %s --force)", opt.VectorsDir, opt.RTLDir)
	if len(info.Files) == 0 {
		return rtlErr("rtl folder %s: %s records no file hashes: an older herdsim wrote it %s", opt.RTLDir, rtlgen.InfoFile, regen)
	}
	names := make([]string, 0, len(info.Files))
	for n := range info.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(opt.RTLDir, n))
		if err != nil {
			return rtlErr("rtl folder %s: %v %s", opt.RTLDir, err, regen)
		}
		sum := sha256.Sum256(data)
		if hex.EncodeToString(sum[:]) != info.Files[n] {
			return rtlErr("rtl folder %s: %s changed since herdsim rtl wrote it (its SHA-256 differs from %s's) %s", opt.RTLDir, n, rtlgen.InfoFile, regen)
		}
	}
	return nil
}

// verilatorOpt are the C++ optimisation levels of a Verilator build: -O1 for the code that
// runs every cycle (OPT_FAST) and -O0 for the code that runs once (OPT_SLOW), against
// Verilator's -Os for both. Measured on the default data's K = 8 testbench: 17 % less
// compile time (11.9 against 14.3 CPU seconds) and the same speed (0.47 s against 0.49 s
// for 100 iterations); -O0 everywhere compiles in 9.9 s but runs 11 times slower.
var verilatorOpt = []string{"-MAKEFLAGS", "OPT_FAST=-O1", "-MAKEFLAGS", "OPT_SLOW=-O0"}

// quickBuildOpt are a QuickBuild's: -O0 throughout. Measured on the default data's K = 6,
// T = 3 design's Gowin netlist (some 80,000 lines of cells): 37 s to build against 61 s,
// and 0.96 s against 0.24 s for two iterations (the ECP5 and Xilinx netlists, whose block
// RAM models do more each cycle, run about 7 times slower).
var quickBuildOpt = []string{"-MAKEFLAGS", "OPT_FAST=-O0", "-MAKEFLAGS", "OPT_SLOW=-O0"}

// compilerCache are Verilator's flags that compile its C++ through ccache when ccache is on
// PATH: every build compiles Verilator's runtime library, the same each time, and a build
// of the same sources elsewhere (another test, another folder) is then a cache hit.
func compilerCache() []string {
	if _, err := exec.LookPath("ccache"); err != nil {
		return nil
	}
	return []string{"-MAKEFLAGS", "OBJCACHE=ccache"}
}
