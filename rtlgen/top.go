package rtlgen

import (
	"fmt"
	"math/big"
	"math/bits"
	"strings"

	"herdsim/datapath"
	"herdsim/fixedpoint"
	"herdsim/herding"
)

// The wrapper herd_core: the parameterized core (hdl/herd_tiled_core.v) with the
// parameters of one Arch, under the ports of the IP block (docs/hardware.md, "The core as an IP block").

// coreParam is one parameter of herd_tiled_core with its value for an Arch.
type coreParam struct {
	name, value, comment string
}

// coreParams are herd_tiled_core's parameters for an Arch, in its order.
func coreParams(a datapath.Arch) []coreParam {
	s := a.Sizes()
	var ps []coreParam
	n := func(name string, v int, comment string) { ps = append(ps, coreParam{name, fmt.Sprint(v), comment}) }
	n("K", a.K, "hidden units")
	n("D", a.D, "visible units")
	n("N", a.N, "data vectors")
	n("T", a.Tile, "hidden units a tile")
	n("S", a.Sweeps, "most sweeps an iteration")
	n("MODE_SH", b2i(a.Mode == herding.ModeSH), "1: safe herding (SH), 0: herding (H)")
	n("GROW", b2i(a.GrowHiddenBias), "1: hidden-bias growth")
	n("SKIP", b2i(s.Skip()), "1: the word-skip datapath")
	n("WL", s.L, "W memories (16-bit lanes) a W word spans")
	n("PW", s.PW, "weights a W word")
	n("SW", s.SW, "bits a W word's slot")
	n("G", s.G, "groups of PW rows")
	n("GT", s.GT, "groups a tile")
	n("NT", s.NT, "tiles of the positive pass")
	n("NTE", s.NTE, "tiles of the energy pass")
	n("NB", s.NB, "batches of 16 vectors")
	n("ZG", s.NT*s.GT, "z* memory words")
	n("BG", s.NTE*s.GT, "b memory words")
	n("XB", s.XB, "x* words of a record")
	n("ZB", s.ZB, "z* words of a record")
	n("XB_COPIES", xbCopies(a.Tile), "copies of the previous batch's X words (one a 16 rows)")
	n("MAC_ACCS", MACAccumulators, "field accumulators in DSP blocks with "+UP5KDefine)
	for _, r := range datapath.Regs() {
		spec := a.Spec(r)
		n(regParam(r)+"_W", spec.Format.Word, fmt.Sprintf("register %s: %v", r, spec.Format))
		n(regParam(r)+"_SAT", b2i(spec.Overflow == fixedpoint.Sat), "")
		n(regParam(r)+"_X", exactWidth(a, r), "")
	}
	n("SPRAM_AW", s.AW, "X and W address width (14: the UP5K's SPRAM)")
	n("X_DEPTH_AW", s.XAddrBits(), "the behavioural X memory's address bits")
	n("W_DEPTH_AW", s.WAddrBits(1), "the behavioural W memories' depth")
	n("W0_DEPTH_AW", s.WAddrBits(0), "and W memory 0's (word skip: its j list)")
	n("X_HELD", s.XWordsHeld(), "the words they hold")
	n("W_HELD", s.WWordsHeld(1), "")
	n("W0_HELD", s.WWordsHeld(0), "")
	n("JBASE", s.JBase, "word skip: W SPRAM 0's first j word")
	n("JPC", datapath.SkipPopShift, "word skip: a j word's popcount's first bit")
	n("X_BUSY", s.XBusyBase(), "word skip: the first busy X word")
	load := a.LoadLayout()
	n("X_BEATS", xLoadBeats(a), "the load stream's X part")
	n("W_WORDS", datapath.Part(load, datapath.PartW).Items, "W words")
	n("W_BEATS_1", datapath.Part(load, datapath.PartW).Beats, "beats a W word")
	n("B_BEATS", datapath.Part(load, datapath.PartB).Beats, "beats a b value")
	n("STEP_BATCH", s.Step.Batch, "the walks' address steps")
	n("STEP_GROUP", s.Step.Group, "")
	n("STEP_TILE", s.Step.Tile, "")
	n("STEP_NEXTJ", s.Step.NextJ, "")
	n("STEP_TGROUP", s.Step.TileGroups, "")
	n("C_BEATS", datapath.Part(load, datapath.PartC).Beats, "beats a c value")
	n("CYW", cycleWidth(s), "the phase cycle counter's width")
	n("RL", s.RL, "the array readout's latency")
	n("WB_FIRST", wbFirstOf(s), "WRITEBACK's first W write")
	n("CU_LEN", s.CUpdateLen(), "C_UPDATE's cycles")
	n("CNTW", max(17, bits.Len64(a.MaxIterationCycles()+3)), "the iteration cycle counter's width")
	pass, busy := skipROMs(a)
	ps = append(ps,
		coreParam{"PASS_ROM", pass, "word skip: each pass's length"},
		coreParam{"BUSY_ROM", busy, "and busy words"},
		coreParam{"OP_RUN", fmt.Sprintf("2'd%d", CmdRun), "the command stream's ops"},
		coreParam{"OP_STOP", fmt.Sprintf("2'd%d", CmdStop), ""},
		coreParam{"OP_READ", fmt.Sprintf("2'd%d", CmdRead), ""})
	return ps
}

// corePorts are herd_core's ports: the IP block's clock, reset and streams.
var corePorts = []port{
	{"input", "wire", "", "clk", ""},
	{"input", "wire", "", "rst", "synchronous, active high: back to the load"},
	{"input", "wire", "15:0", "s_axis_load_tdata", "load stream beat"},
	{"input", "wire", "", "s_axis_load_tvalid", ""},
	{"output", "wire", "", "s_axis_load_tready", "high while the core loads"},
	{"output", "wire", "15:0", "m_axis_sample_tdata", "record beat: x* words, z* words, cycles low, {overflow, cycles high}"},
	{"output", "wire", "", "m_axis_sample_tvalid", ""},
	{"input", "wire", "", "m_axis_sample_tready", ""},
	{"output", "wire", "", "m_axis_sample_tlast", "the record's last beat"},
	{"input", "wire", "15:0", "s_axis_cmd_tdata", "command beat: {op, n} (RUN n, STOP, READ)"},
	{"input", "wire", "", "s_axis_cmd_tvalid", ""},
	{"output", "wire", "", "s_axis_cmd_tready", "low while a command waits to run"},
	{"output", "wire", "15:0", "m_axis_read_tdata", "read-back beat: W words, b, c (the load stream's format)"},
	{"output", "wire", "", "m_axis_read_tvalid", ""},
	{"input", "wire", "", "m_axis_read_tready", ""},
	{"output", "wire", "", "m_axis_read_tlast", "the read-back's last beat"},
	{"output", "wire", "", "idle", "loaded, no iteration to begin, no read-back: W, b, c are final"},
	{"output", "wire", "", "done", "one cycle as the core leaves DONE to begin the next iteration"},
	{"output", "wire", "", "overflow", "sticky: some register write wrapped or saturated"},
}

// wrapperModule is herd_core for an Arch: herd_tiled_core with the Arch's parameters.
func wrapperModule(a datapath.Arch) *module {
	m := &module{name: "herd_core", ports: corePorts, comment: fmt.Sprintf(`herd_core: herding (Welling, UAI 2009) on the tiled datapath for K = %d, D = %d, N = %d, mode
%s, a tile of %d hidden units (herd_tiled_core with this Arch's parameters; docs/hardware.md).`,
		a.K, a.D, a.N, a.Mode, a.Tile)}
	var params, conns []string
	for _, p := range coreParams(a) {
		line := fmt.Sprintf(".%s(%s)", p.name, p.value)
		params = append(params, line)
	}
	for _, p := range corePorts {
		conns = append(conns, fmt.Sprintf(".%s(%s)", p.name, p.name))
	}
	conns = append(conns, ".running(running)", ".hold(hold)", ".has_todo(has_todo)")
	m.add(`The core's status, named here (and kept by synthesis) for testbenches, which read
dut.running, dut.hold and dut.has_todo in the RTL and in a synthesised netlist alike.`,
		"/* verilator lint_off UNUSEDSIGNAL */\n(* keep *) wire running, hold, has_todo;\n/* verilator lint_on UNUSEDSIGNAL */")
	m.add("The parameterized core.", fmt.Sprintf("herd_tiled_core #(\n  %s\n) core (\n  %s\n);",
		wrapList(params, 100), wrapList(conns, 100)))
	return m
}

// wrapList joins items with ", " in lines of at most width characters.
func wrapList(items []string, width int) string {
	var b strings.Builder
	line := 0
	for i, it := range items {
		if i > 0 {
			b.WriteString(",")
			if line+len(it)+2 > width {
				b.WriteString("\n  ")
				line = 0
			} else {
				b.WriteString(" ")
				line++
			}
		}
		b.WriteString(it)
		line += len(it) + 1
	}
	return b.String()
}

// skipROMs are the word-skip datapath's ROM words (herd_skip's PASS_ROM and BUSY_ROM), as
// Verilog literals: each pass's LEN - 2 and {L != 0, L - 1}, batch b's at word b - 1, batch
// 0's at word NB; zero for a core that reads every word.
func skipROMs(a datapath.Arch) (pass, busy string) {
	s := a.Sizes()
	cyw, dw := cycleWidth(s), max(1, bits.Len(uint(a.D-1)))
	pw, bw := (s.NB+1)*cyw, (s.NB+1)*(dw+1)
	if !s.Skip() {
		return fmt.Sprintf("%d'h0", pw), fmt.Sprintf("%d'h0", bw)
	}
	p, b := new(big.Int), new(big.Int)
	for bt := range s.NB {
		at := (bt + s.NB) % (s.NB + 1) // batch b's word: read in pass b - 1 at b - 1, before pass 0 at NB
		l := s.Busy[bt]                // word NB - 1 is read in the last pass, for no batch: it stays 0
		p.Or(p, new(big.Int).Lsh(big.NewInt(int64(s.PassLen(bt)-2)), uint(at*cyw)))
		b.Or(b, new(big.Int).Lsh(big.NewInt(int64(b2i(l > 0)<<dw|max(l-1, 0))), uint(at*(dw+1))))
	}
	return fmt.Sprintf("%d'h%s", pw, p.Text(16)), fmt.Sprintf("%d'h%s", bw, b.Text(16))
}

// bitsFor is the width of a counter of n states.
func bitsFor(n int) int {
	w := 1
	for 1<<w < n {
		w++
	}
	return w
}

// exactWidth is the width at which the tiled core computes the exact values presented to
// register r: wide enough for every sum the core casts to it (an adder at the register's
// width plus what its operands need), at least one bit wider than the register.
func exactWidth(a datapath.Arch, r datapath.Reg) int {
	w := func(r datapath.Reg) int { return a.Spec(r).Format.Word }
	nb := bits.Len(uint(a.N)) + 1
	switch r {
	case datapath.RegField: // acc + 2 W, b - W, s - c, acc +- W
		return max(w(r), w(datapath.RegW)+1, w(datapath.RegB), w(datapath.RegC)+1) + 1
	case datapath.RegVisField: // base + up to three +-W
		return max(w(r), w(datapath.RegC), w(datapath.RegW)+2) + 1
	case datapath.RegEnergy: // e + |h|
		return max(w(r), w(datapath.RegField)+1) + 1
	case datapath.RegBestEnergy: // the energy register's value
		return max(w(r), w(datapath.RegEnergy)) + 1
	case datapath.RegPositive: // P + (-16 .. 16), a 7-bit term
		return max(w(r), 7) + 1
	case datapath.RegUpdate: // W + P +- N, b + sum z +- N, c + sum x +- N (word skip: P = 2 Q - sum z)
		return max(w(datapath.RegW), w(datapath.RegB), w(datapath.RegC), w(datapath.RegPositive), nb) + 2 + b2i(a.Skip())
	default: // W, b, c: the update register's value
		return max(w(r), w(datapath.RegUpdate)) + 1
	}
}

// RecordSlots is the number of record slots of the core's output buffer (herd_record): the
// slots fill one 256-word block RAM, at least two. The core holds in DONE rather than begin
// an iteration with more than RecordSlots - 1 records waiting (in DONE, after its commit,
// all RecordSlots may be full).
func RecordSlots(a datapath.Arch) int {
	return 1 << max(1, 8-bitsFor(a.Sizes().RB))
}

// TBSeed is the default seed of herd_tb's random stalls (+seed=N).
const TBSeed = 1

// TestbenchFile is the testbench's hand-written source (hdl/herd_testbench.v); TBFile,
// herd_tb, sets its parameters for an Arch.
const TestbenchFile = "herd_testbench.v"

// testbenchModule is herd_tb for an Arch: herd_testbench with the Arch's sizes. Everything of the
// vector set comes at run time (plusargs: TBPlusargs), so one build of it serves every
// vector set of the Arch.
func testbenchModule(a datapath.Arch) *module {
	s := a.Sizes()
	m := &module{name: "herd_tb", comment: `herd_tb: herd_testbench (the self-checking testbench of herd_core) for this Arch; its
plusargs are listed in herd_testbench.v.`}
	params := []string{
		fmt.Sprintf(".K(%d)", a.K), fmt.Sprintf(".D(%d)", a.D), fmt.Sprintf(".WL(%d)", s.L), fmt.Sprintf(".PW(%d)", s.PW), fmt.Sprintf(".SW(%d)", s.SW),
		fmt.Sprintf(".W_W(%d)", a.Spec(datapath.RegW).Format.Word), fmt.Sprintf(".B_W(%d)", a.Spec(datapath.RegB).Format.Word),
		fmt.Sprintf(".C_W(%d)", a.Spec(datapath.RegC).Format.Word), fmt.Sprintf(".WWORDS(%d)", s.WWords),
		fmt.Sprintf(".BEATS(%d)", tileLoadBeats(a)), fmt.Sprintf(".SEED(%d)", TBSeed),
		fmt.Sprintf(".OP_RUN(2'd%d)", CmdRun), fmt.Sprintf(".OP_STOP(2'd%d)", CmdStop), fmt.Sprintf(".OP_READ(2'd%d)", CmdRead),
	}
	m.add("The testbench.", fmt.Sprintf("herd_testbench #(\n  %s\n) tb ();", wrapList(params, 100)))
	return m
}
