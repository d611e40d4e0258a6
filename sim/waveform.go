package sim

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
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
	wopt.Plusargs = append(append([]string(nil), opt.Plusargs...), "+vcd="+tmp,
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

// publishDump moves the simulator's dump into place atomically; a VCD loses its $date
// section, so that the same run writes the same bytes.
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
	return atomicfile.WriteBytes(dst, data)
}

// waveGroups are the save file's signals by group, below the testbench's instance of the
// core (dut) or the testbench itself (tb.): the core's streams and status, and its phase
// machine as herd_tiled_core names it (not in a netlist simulation, where synthesis has
// flattened it). Flags: 22 hex, 24 decimal, 28 binary (all right-justified).
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
	{"phase", false, []string{"@28", "core.in_e_prefetch", "core.in_e_pass", "core.in_gather", "core.in_start", "core.in_sweep",
		"core.in_prefetch", "core.in_pass", "core.in_writeback", "core.in_c_update", "core.in_done",
		"@24", "core.cyc", "core.tile", "core.batch", "core.sweep"}},
}

// WaveSignals are the full names of the signals a save file shows for a simulator's dump
// (Verilator puts the design under a scope TOP).
func WaveSignals(simulator string, netlist bool) []string {
	var names []string
	for _, g := range waveGroups {
		if netlist && !g.netlist {
			continue
		}
		for _, s := range g.signals {
			if !strings.HasPrefix(s, "@") {
				names = append(names, waveName(simulator, s))
			}
		}
	}
	return names
}

func waveName(simulator, s string) string {
	root := "herd_tb."
	if simulator == "verilator" {
		root = "TOP.herd_tb."
	}
	if rest, ok := strings.CutPrefix(s, "tb."); ok {
		return root + "tb." + rest
	}
	return root + "tb.dut." + s
}

// writeSaveFile writes w's GTKWave save file: the dump, the window's start, the primary
// marker on the mismatch, and waveGroups' signals in groups.
func writeSaveFile(w *Wave, opt RTLSimOptions, first Mismatch) error {
	var b strings.Builder
	fmt.Fprintf(&b, "[*] herdsim rtlsim, %s: clocks %d..%d around the first mismatch (the marker)\n", opt.Simulator, w.From, w.To)
	fmt.Fprintf(&b, "[*] %s\n", first.Line)
	fmt.Fprintf(&b, "[dumpfile] %q\n[savefile] %q\n", w.Dump, w.SaveFile)
	start := max(0, first.Time-(first.Cycle-w.From)*tbClockPeriod)
	fmt.Fprintf(&b, "[timestart] %d\n", start)
	// GTKWave's zoom z shows 2^-z time units a pixel: the window over about 1000 pixels.
	zoom := -math.Log2(float64((w.To-w.From)*tbClockPeriod) / 1000)
	fmt.Fprintf(&b, "*%.6f %d%s\n", zoom, first.Time, strings.Repeat(" -1", 26))
	root := strings.TrimSuffix(waveName(opt.Simulator, "x"), "x")
	for _, scope := range []string{strings.TrimSuffix(root, "tb.dut."), strings.TrimSuffix(root, "dut."), root} {
		fmt.Fprintf(&b, "[treeopen] %s\n", scope)
	}
	for _, g := range waveGroups {
		if opt.Netlist && !g.netlist {
			continue
		}
		fmt.Fprintf(&b, "@800200\n-%s\n", g.name) // a group's start: grp_begin, blank
		for _, s := range g.signals {
			if strings.HasPrefix(s, "@") {
				b.WriteString(s + "\n")
			} else {
				b.WriteString(waveName(opt.Simulator, s) + "\n")
			}
		}
		fmt.Fprintf(&b, "@1000200\n-%s\n", g.name) // its end: grp_end, blank
	}
	return atomicfile.WriteBytes(w.SaveFile, []byte(b.String()))
}
