package sim

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"herdsim/internal/atomicfile"
	"herdsim/rtlgen"
	"herdsim/testvectors"
)

// Wave is a failing run's waveform: a dump of the clocks From..To around its first
// mismatch, and a GTKWave save file that shows the core's streams and phases in it.
type Wave struct {
	Dump     string // the VCD (Icarus) or FST (Verilator), an absolute path
	SaveFile string // GTKWave's save file (.gtkw), an absolute path
	From, To int64  // the clocks (rising edges since time 0) the dump covers
	Build    time.Duration
	Run      time.Duration
}

// DefaultWaveWindow is the clocks before the first mismatch that a waveform covers when
// RTLSimOptions.WaveWindow is 0; WaveMargin, the clocks after it.
const (
	DefaultWaveWindow = 1000
	WaveMargin        = 20
)

// tbClockPeriod is herd_testbench's clock period in its time unit (always #5 clk <= ~clk):
// clock c (its c-th rising edge) is at time tbClockPeriod c - tbClockPeriod/2.
const tbClockPeriod = 10

// captureWaveform runs the testbench again, the same plusargs and seed (so the same
// cycles), with +keep_going (so that the run goes past a mismatch of the expected words to
// the window's end) and a dump of the clocks from first.Cycle - window to first.Cycle +
// WaveMargin, where the run ends. Icarus dumps a VCD from the build it has (built);
// Verilator needs a build with --trace-fst (another build, kept in the build cache like
// the first) and dumps an FST. The dump goes to opt.Waveform + ".vcd" or ".fst", and a GTKWave save
// file to opt.Waveform + ".gtkw". The rerun must reproduce first, else it is an error.
func captureWaveform(opt RTLSimOptions, set *testvectors.Set, man *testvectors.Manifest, runDir string, first Mismatch, built *build, out io.Writer) (*Wave, error) {
	if first.Cycle < 0 {
		return nil, fmt.Errorf("the mismatch line names no cycle: %s", first.Line)
	}
	window := int64(opt.WaveWindow)
	if window <= 0 {
		window = DefaultWaveWindow
	}
	w := &Wave{From: max(0, first.Cycle-window), To: first.Cycle + WaveMargin}
	ext := ".vcd"
	if opt.Simulator == "verilator" {
		ext = ".fst"
	}
	var err error
	if w.Dump, err = filepath.Abs(opt.Waveform + ext); err != nil {
		return nil, err
	}
	if w.SaveFile, err = filepath.Abs(opt.Waveform + ".gtkw"); err != nil {
		return nil, err
	}
	tmp := filepath.Join(runDir, "wave"+ext)
	wopt := opt
	wopt.VCD, wopt.KeepGoing, wopt.traceFST = "", true, opt.Simulator == "verilator"
	wopt.Plusargs = append(append([]string(nil), opt.Plusargs...), "+vcd="+filepath.Base(tmp), // in runDir, where it runs
		fmt.Sprintf("+dump_from=%d", w.From), fmt.Sprintf("+dump_to=%d", w.To))
	plusargs, err := runPlusargs(wopt, set, man, runDir)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "waveform: running again to dump clocks %d..%d into %s\n", w.From, w.To, w.Dump)
	t0 := time.Now()
	b := built
	if wopt.traceFST {
		if b, err = buildTestbench(wopt, out); err != nil {
			return nil, err
		}
		defer b.release()
	}
	w.Build, t0 = time.Since(t0), time.Now()
	again := ""
	meter := newIterMeter(opt.Simulator+" waveform", set.Cycles, t0)
	_ = runTool(runDir, append(b.run, plusargs...), io.Discard, func(line string) bool {
		if !meter.line(line) && again == "" && strings.HasPrefix(line, rtlgen.MismatchPrefix) {
			again = strings.TrimSpace(line)
		}
		return false
	}) // its exit status is $fatal's or $finish's at the window's end; the dump is what counts
	meter.finish()
	w.Run = time.Since(t0)
	if again != first.Line {
		return nil, fmt.Errorf("the rerun did not reproduce the mismatch: got %q, want %q", again, first.Line)
	}
	if err := publishDump(tmp, w.Dump); err != nil {
		return nil, err
	}
	return w, writeSaveFile(w, opt, first)
}

// publishDump moves the simulator's dump into place atomically, without the date it was
// written on (a VCD's $date section; an FST header's date, blanked), so that the same run
// writes the same bytes.
func publishDump(tmp, dst string) error {
	data, err := os.ReadFile(tmp)
	if err != nil || len(data) == 0 {
		return fmt.Errorf("the simulator wrote no waveform (%v)", err)
	}
	if rest, ok := bytes.CutPrefix(data, []byte("$date")); ok && strings.HasSuffix(dst, ".vcd") {
		if i := bytes.Index(rest, []byte("$end")); i >= 0 {
			data = bytes.TrimLeft(rest[i+len("$end"):], "\n")
		}
	}
	if strings.HasSuffix(dst, ".fst") {
		blankFSTDate(data)
	}
	return atomicfile.WriteBytes(dst, data)
}

// An FST file begins with its header block (fstapi.c, fstWriterEmitHdrBytes): the block
// type 0, its length 329 (big-endian, 8 bytes), eight 8-byte and one 1-byte fields, the
// writer's name in 128 bytes, then the date in 119.
const (
	fstHeaderLen  = 329
	fstDateOffset = 1 + 8 + 8*8 + 1 + 128
	fstDateLen    = 119
)

// blankFSTDate zeroes the date of an FST header; data that does not begin with one is left
// as it is.
func blankFSTDate(data []byte) {
	if len(data) < fstDateOffset+fstDateLen || data[0] != 0 || binary.BigEndian.Uint64(data[1:9]) != fstHeaderLen {
		return
	}
	clear(data[fstDateOffset : fstDateOffset+fstDateLen])
}

// waveGroups are the save file's signals by group, below the testbench's instance of the
// core (dut: its ports, from rtlgen.CoreFile, and the status wires it keeps), the phase
// machine in it (core.phases: its ports, from rtlgen.PhasesFile; not in a netlist
// simulation, where synthesis has flattened it) or the testbench itself (tb.: the clock
// count, records taken, done pulses). Flags: 22 hex, 24 decimal, 28 binary (all
// right-justified).
var waveGroups = []struct {
	name    string
	netlist bool // shown in a netlist simulation too
	signals []string
}{
	{"testbench", true, []string{"@24", "tb.clocks", "tb.r", "tb.t"}},
	{"s_axis_load", true, []string{"@28", "clk", "rst", "s_axis_load_tvalid", "s_axis_load_tready", "@22", "s_axis_load_tdata"}},
	{"s_axis_cmd", true, []string{"@28", "s_axis_cmd_tvalid", "s_axis_cmd_tready", "@22", "s_axis_cmd_tdata"}},
	{"m_axis_sample", true, []string{"@28", "m_axis_sample_tvalid", "m_axis_sample_tready", "m_axis_sample_tlast", "@22", "m_axis_sample_tdata"}},
	{"m_axis_read", true, []string{"@28", "m_axis_read_tvalid", "m_axis_read_tready", "m_axis_read_tlast", "@22", "m_axis_read_tdata"}},
	{"status", true, []string{"@28", "running", "idle", "hold", "has_todo", "done", "overflow"}},
	{"phase", false, []string{"@28", "core.phases.in_e_prefetch", "core.phases.in_e_pass", "core.phases.in_gather",
		"core.phases.in_start", "core.phases.in_sweep", "core.phases.in_prefetch", "core.phases.in_pass",
		"core.phases.in_writeback", "core.phases.in_c_update", "core.phases.in_done",
		"@24", "core.phases.cyc", "core.phases.tile", "core.phases.batch", "core.phases.sweep"}},
}

// waveTraces are the save file's lines for waveGroups: flags, group marks and the
// signals' full names as GTKWave looks them up: below waveRoot, and a vector's name ends in its bit range ("s_axis_load_tdata[15:0]"), read from
// the generated sources' port declarations. names are the signals alone.
func waveTraces(opt RTLSimOptions) (lines, names []string, err error) {
	ranges := map[string]string{}
	for prefix, file := range map[string]string{"": rtlgen.CoreFile, "core.phases.": rtlgen.PhasesFile} {
		if err := portRanges(filepath.Join(opt.RTLDir, file), prefix, ranges); err != nil {
			return nil, nil, err
		}
	}
	root := waveRoot(opt.Simulator)
	for _, g := range waveGroups {
		if opt.Netlist && !g.netlist {
			continue
		}
		lines = append(lines, "@800200", "-"+g.name) // a group's start: grp_begin, blank
		for _, s := range g.signals {
			if strings.HasPrefix(s, "@") {
				lines = append(lines, s)
				continue
			}
			name := root + "dut." + s + ranges[s]
			if own, ok := strings.CutPrefix(s, "tb."); ok {
				name = root + own
			}
			lines, names = append(lines, name), append(names, name)
		}
		lines = append(lines, "@1000200", "-"+g.name) // its end: grp_end, blank
	}
	return lines, names, nil
}

// waveRoot is the testbench's scope in a simulator's dump: Verilator puts the design
// under a scope TOP.
func waveRoot(simulator string) string {
	if simulator == "verilator" {
		return "TOP.herd_tb.tb."
	}
	return "herd_tb.tb."
}

// portDecl is a port declaration of a generated source, with its bit range if any.
var portDecl = regexp.MustCompile(`(?m)^\s*(?:input|output)\s+(?:wire|reg)?\s*(\[\d+:\d+\])?\s*(\w+)`)

// portRanges adds the bit ranges of the ports that path declares, by prefix + name.
func portRanges(path, prefix string, ranges map[string]string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for _, m := range portDecl.FindAllStringSubmatch(string(src), -1) {
		ranges[prefix+m[2]] = m[1]
	}
	return nil
}

// GTKWave's zoom z shows 2^-z/saveZoomScale time units a pixel (measured with GTKWave
// 3.3.118: a [size] 1400 800 window's wave pane, 910 pixels wide, shows 4.55 units at z =
// 0 and 4659 at z = -10, whatever the dump's timescale).
const (
	saveWavePixels = 910
	saveZoomScale  = 200
)

// writeSaveFile writes w's GTKWave save file: the dump, the window's start and zoom, the
// primary marker on the mismatch, and waveGroups' signals in groups.
func writeSaveFile(w *Wave, opt RTLSimOptions, first Mismatch) error {
	lines, _, err := waveTraces(opt)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "[*] herdsim rtlsim, %s: clocks %d..%d around the first mismatch (the marker)\n", opt.Simulator, w.From, w.To)
	fmt.Fprintf(&b, "[*] %s\n", first.Line)
	fmt.Fprintf(&b, "[dumpfile] %q\n[savefile] %q\n[size] 1400 800\n", w.Dump, w.SaveFile)
	start := max(0, first.Time-(first.Cycle-w.From)*tbClockPeriod)
	fmt.Fprintf(&b, "[timestart] %d\n", start)
	span := 1.1 * float64((w.To-w.From)*tbClockPeriod) // the whole window, with room at its end
	fmt.Fprintf(&b, "*%.6f %d%s\n", -math.Log2(span*saveZoomScale/saveWavePixels), first.Time, strings.Repeat(" -1", 26))
	root := waveRoot(opt.Simulator)
	for _, scope := range []string{strings.TrimSuffix(root, "tb."), root, root + "dut."} {
		fmt.Fprintf(&b, "[treeopen] %s\n", scope)
	}
	b.WriteString(strings.Join(lines, "\n") + "\n")
	return atomicfile.WriteBytes(w.SaveFile, []byte(b.String()))
}
