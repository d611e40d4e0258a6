package rtlgen

import (
	"embed"
	"fmt"
	"math/big"
	"math/bits"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/testvectors"
)

// The tiled datapath's Verilog (datapath/tile*.go is the description it renders): the
// library modules in lib/ (readable parametric files the generator copies as they are:
// the accumulator array and the SPRAM wrapper) and herd_core, generated for an Arch: its
// sizes and phase lengths as localparams, the phase machine rendered from the schedule
// table, and each phase's datapath.

//go:embed lib/herd_acc_array.v lib/herd_spram.v lib/herd_acc_array_tb.v
var libFS embed.FS

// Library files of the tiled core, copied beside the generated Verilog.
const (
	AccArrayFile = "herd_acc_array.v"
	SPRAMFile    = "herd_spram.v"
)

// UP5KDefine is the Verilog macro that makes the tiled core use the iCE40 UP5K's
// primitives (SB_SPRAM256KA for X and W, SB_MAC16 for MACAccumulators field
// accumulators); without it the same files describe equivalent behavioural logic.
const UP5KDefine = "HERD_ICE40_UP5K"

// MACAccumulators is how many of the field accumulators (WRAP mode) herd_acc_array puts
// in DSP blocks: the UP5K's 8 SB_MAC16, one 32-bit accumulator each.
const MACAccumulators = 8

// ICE40CellModels returns the path of Yosys's simulation models of the iCE40 primitives
// (cells_sim.v), found where Yosys finds its share folder: beside its binary.
func ICE40CellModels() (string, error) {
	yosys, err := exec.LookPath("yosys")
	if err != nil {
		return "", fmt.Errorf("the iCE40 cell models come with yosys, which is not on PATH (apt-get install yosys)")
	}
	cells := filepath.Join(filepath.Dir(yosys), "..", "share", "yosys", "ice40", "cells_sim.v")
	if _, err := os.Stat(cells); err != nil {
		return "", fmt.Errorf("Yosys's iCE40 cell models: %w", err)
	}
	return cells, nil
}

// TiledSourceFiles are the tiled design's Verilog files, leaves first.
var TiledSourceFiles = []string{SPRAMFile, AccArrayFile, CoreFile}

// LoadFile is the load stream's image: every 16-bit beat herd_core takes on s_axis_load
// before it runs, one hex word a line (TileLoadStream).
const LoadFile = "load.hex"

func libFile(name string) string {
	data, err := libFS.ReadFile("lib/" + name)
	if err != nil {
		panic(err) // embedded at build time
	}
	return string(data)
}

// tiledParams are the core's localparams: the Arch's sizes, its derived sizes and the
// phase lengths, each with what it is.
func tiledParams(a datapath.Arch) string {
	s := a.Sizes()
	var b strings.Builder
	p := func(name string, v int, comment string) {
		fmt.Fprintf(&b, "localparam integer %-14s = %d;  // %s\n", name, v, comment)
	}
	b.WriteString("/* verilator lint_off UNUSEDPARAM */  // the Arch in full, for readers: not every size is used\n")
	p("K", a.K, "hidden units")
	p("D", a.D, "visible units")
	p("N", a.N, "data vectors")
	p("T", a.Tile, "hidden units per tile (rows of the accumulator array)")
	p("S", a.Sweeps, "most sweeps per iteration")
	p("MODE_SH", b2i(a.Mode == herding.ModeSH), "1: safe herding (SH), 0: herding (H)")
	p("GROW", b2i(a.GrowHiddenBias), "1: hidden-bias growth")
	p("SKIP", b2i(s.Skip()), "1: the word-skip datapath (datapath.Arch.SkipBusy): a pass reads its batch's busy X words only")
	p("PW", s.PW, "weights per W word: min(3, 48 / W_W)")
	p("SW", s.SW, "bits per slot of a W word: 48 / PW")
	p("G", s.G, "groups of PW rows holding the K units: ceil(K / PW)")
	p("GT", s.GT, "groups per tile: T / PW")
	p("NT", s.NT, "tiles of the positive pass: ceil(G / GT)")
	p("NTE", s.NTE, "SH: tiles of the energy pass (K units and the c row)")
	p("NB", s.NB, "batches of 16 vectors: ceil(N / 16)")
	p("ZG", s.NT*s.GT, "z* memory words: the positive pass's groups, NT T / PW")
	p("BG", s.NTE*s.GT, "b memory words (groups, the padding of the last tile included)")
	p("WWORDS", s.WWords, "W words the load brings: every tile's groups")
	p("MAC_ACCS", MACAccumulators, "field accumulators in DSP blocks with "+UP5KDefine+" (WRAP mode)")
	for _, r := range datapath.Regs() {
		spec := a.Spec(r)
		p(regParam(r)+"_W", spec.Format.Word, fmt.Sprintf("register %s: %v", r, spec.Format))
		p(regParam(r)+"_SAT", b2i(spec.Overflow == fixedpoint.Sat), fmt.Sprintf("register %s: 1 = SAT, 0 = WRAP", r))
	}
	for _, r := range datapath.Regs() {
		p(regParam(r)+"_X", exactWidth(a, r), fmt.Sprintf("register %s: width of the exact values cast to it", r))
	}
	cyw := cycleWidth(s)
	p("CYW", cyw, "phase cycle counter width")
	for i, ph := range datapath.Schedule() {
		fmt.Fprintf(&b, "localparam [CYW-1:0] LAST_%-11s = %d'd%d;  // phase %d: %s cycles\n", ph.Name, cyw, ph.Len(s)-1, i, ph.Formula)
	}
	b.WriteString("/* verilator lint_on UNUSEDPARAM */\n")
	fmt.Fprintf(&b, "localparam [UPDATE_X-1:0] N_U = %d'd%d;  // N, for the updates\n", exactWidth(a, datapath.RegUpdate), a.N)
	mask := func(n int) string { // the low n of T bits
		v := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(n)), big.NewInt(1))
		return fmt.Sprintf("%d'h%s", a.Tile, v.Text(16))
	}
	fmt.Fprintf(&b, "localparam [T-1:0] RV_LAST = %s;  // the last tile's rows that hold hidden units\n", mask(s.TileRows(s.NT-1, false)))
	fmt.Fprintf(&b, "localparam [T-1:0] RVE_LAST = %s;  // and the c row: the energy pass's last tile\n", mask(s.TileRows(s.NTE-1, true)))
	return b.String()
}

// phaseMachine renders the schedule table as two copies of the phase state: the look-ahead
// machine (ph_a, cyc_a, tile_a, batch_a, sweep_a) runs the edges of the table one cycle
// early, and the core's state (ph, cyc, tile, batch, sweep) is its copy a cycle later. The
// datapath registers its memory addresses from the next cycle's state, which is thus the
// look-ahead machine's registers (cyc_n, tile_n) and the next phase as one-hot registers
// (nx_<phase>), not a next-state function of the current one; the counter steps of the
// current cycle (step_<counter>, clr_<counter>) and at_last are registered too: no datapath
// path starts in the phase logic. The look-ahead machine's own edges, windows and counter
// steps read the one-hot nx_<phase> (renderEnters); the binary ph_a only feeds ph and the
// phase-length compare.
func phaseMachine(a datapath.Arch) string {
	var b strings.Builder
	sched := datapath.Schedule()
	fmt.Fprintf(&b, "localparam integer PHW = %d;\n", bitsFor(len(sched)))
	for i, ph := range sched {
		fmt.Fprintf(&b, "localparam [PHW-1:0] PH_%-11s = %d;  // %s\n", ph.Name, i, ph.Comment)
	}
	first := datapath.FirstPhase(a.Mode == herding.ModeSH)
	fmt.Fprintf(&b, "localparam [PHW-1:0] PH_FIRST = PH_%s;  // after the load\n\n", sched[first].Name)
	b.WriteString("// The look-ahead machine: its conditions are on its own counters (and the search's flag).\n")
	b.WriteString(`reg [PHW-1:0] ph_a, ph_an;
reg [CYW-1:0] cyc_a, cyc_an;
reg [TW-1:0] tile_a;
reg [NBW-1:0] batch_a;
reg [SWW-1:0] sweep_a;
`)
	conds := datapath.Conds()
	checkRegisteredConds(a)
	b.WriteString(`// The conditions are registered: each is read only at a phase's last cycle, and no phase
// that reads one starts right after the edge that stepped its counter (checkRegisteredConds),
// so the value of the cycle before is the current one. The search's changed flag is final
// two cycles before SWEEP's end (its latency).
`)
	for _, c := range conds {
		if c.Name != "always" {
			v := strings.NewReplacer("batch", "batch_a", "tile", "tile_a", "sweep", "sweep_a").Replace(c.Verilog)
			fmt.Fprintf(&b, "reg cond_%s;\nalways @(posedge clk) cond_%[1]s <= %s;\n", c.Name, v)
		}
	}
	b.WriteString(renderEnters())
	b.WriteString(`// at_last_a: the look-ahead machine is at its phase's last cycle. A register, set from the
// next state, so that the edges start at a register: after a restart the new phase is one
// cycle long; else the counter is one short of the phase's last cycle (last_m1).
reg at_last_a;
// last_m1 is LEN_<phase> - 2 of the look-ahead's phase (phases of one cycle: not read), an
// AND-OR of constants by the one-hot nx_<phase> registers: a case on ph_a would be a ROM,
// which Yosys registers on ph_an, after the next-state logic.
`)
	if a.Skip() {
		b.WriteString("reg [CYW-1:0] pl_m1;  // word skip: LEN_PASS - 2 of the look-ahead's batch (skipLookahead)\n")
	}
	b.WriteString(`wire [CYW-1:0] last_m1 =
`)
	var ones, terms []string
	cyw := cycleWidth(a.Sizes())
	for i, ph := range sched {
		n := ph.Len(a.Sizes())
		if a.Skip() && datapath.TPhase(i) == datapath.TPass {
			terms = append(terms, "({CYW{nx_pass}} & pl_m1)") // word skip: the batch's own (skipLookahead)
			continue
		}
		terms = append(terms, fmt.Sprintf("({CYW{nx_%s}} & %d'd%d)", strings.ToLower(ph.Name), cyw, max(n-2, 0)))
		if n == 1 {
			ones = append(ones, "enter_"+strings.ToLower(ph.Name))
		}
	}
	if len(ones) == 0 {
		ones = append(ones, "1'b0")
	}
	fmt.Fprintf(&b, "    %s;\n", strings.Join(terms, "\n  | "))
	fmt.Fprintf(&b, "wire len1_an = %s;  // at a last cycle: the next phase is one cycle long\n", strings.Join(ones, " || "))
	firstLen := b2i(sched[first].Len(a.Sizes()) == 1)
	fmt.Fprintf(&b, `always @(posedge clk) begin
  if (rst) at_last_a <= 1'b%d;  // PH_FIRST, cycle 0
  else if (!hold_a) at_last_a <= !nx_run ? 1'b%[1]d : at_last_a ? len1_an : (cyc_a == last_m1);
end
`, firstLen)
	b.WriteString(`wire nx_run = running || load_done;  // the look-ahead machine runs a cycle before the core
always @* begin
  ph_an = ph_a;
  cyc_an = cyc_a + 1'b1;
  if (!nx_run) begin
    cyc_an = {CYW{1'b0}};
  end else if (hold_a) begin
    cyc_an = cyc_a;  // DONE waits for a free record slot
  end else if (at_last_a) begin
    cyc_an = {CYW{1'b0}};
    case (ph_a)
`)
	for _, ph := range sched {
		fmt.Fprintf(&b, "      PH_%s:\n", ph.Name)
		for k, e := range ph.Edges {
			cond := "cond_" + conds[e.When].Name
			if e.Not {
				cond = "!" + cond
			}
			acts := []string{fmt.Sprintf("ph_an = PH_%s;", sched[e.To].Name)}
			kw := "if"
			if k > 0 {
				kw = "else if"
			}
			if e.When == datapath.Always {
				if k == 0 {
					fmt.Fprintf(&b, "        begin %s end\n", strings.Join(acts, " "))
				} else {
					fmt.Fprintf(&b, "        else begin %s end\n", strings.Join(acts, " "))
				}
				break
			}
			fmt.Fprintf(&b, "        %s (%s) begin %s end\n", kw, cond, strings.Join(acts, " "))
		}
	}
	b.WriteString(`      default: ph_an = PH_FIRST;
    endcase
  end
end
always @(posedge clk) begin
  if (rst) begin
    ph_a <= PH_FIRST;
    cyc_a <= {CYW{1'b0}};
    tile_a <= {TW{1'b0}};
    batch_a <= {NBW{1'b0}};
    sweep_a <= {SWW{1'b0}};
  end else begin
    ph_a <= ph_an;
    cyc_a <= cyc_an;
    tile_a <= clr_tile_a ? {TW{1'b0}} : step_tile_a ? tile_a + 1'b1 : tile_a;
    batch_a <= clr_batch_a ? {NBW{1'b0}} : step_batch_a ? batch_a + 1'b1 : batch_a;
    sweep_a <= clr_sweep_a ? {SWW{1'b0}} : step_sweep_a ? sweep_a + 1'b1 : sweep_a;
  end
end
// The core's state: the look-ahead machine's, a cycle later; the next cycle's is the
// look-ahead machine's own. The logic reads the phase as the one-hot in_<phase> below; the
// binary ph is what the formal checks compare them with.
/* verilator lint_off UNUSEDSIGNAL */
reg [PHW-1:0] ph;
/* verilator lint_on UNUSEDSIGNAL */
reg [CYW-1:0] cyc;
reg step_tile, clr_tile, step_batch, clr_batch;
wire [CYW-1:0] cyc_n = cyc_a;
wire [TW-1:0] tile_n = tile_a;
always @(posedge clk) begin
  if (rst) begin
    ph <= PH_FIRST;
    cyc <= {CYW{1'b0}};
    tile <= {TW{1'b0}};
    batch <= {NBW{1'b0}};
    sweep <= {SWW{1'b0}};
    {step_tile, clr_tile, step_batch, clr_batch} <= 4'b0;
  end else begin
    ph <= ph_a;
    cyc <= cyc_a;
    tile <= tile_a;
    batch <= batch_a;
    sweep <= sweep_a;
    {step_tile, clr_tile, step_batch, clr_batch} <= {step_tile_a, clr_tile_a, step_batch_a, clr_batch_a};
  end
end
`)
	b.WriteString(skipLookahead(a))
	b.WriteString(`// nx_<phase>: the core is in that phase next cycle (ph_an, one-hot): it stays, or the
// look-ahead machine enters it at its last cycle, or the first iteration starts it (PH_FIRST),
// or DONE holds.
/* verilator lint_off UNUSEDSIGNAL */  // one of each per phase: not every one is read
always @(posedge clk) begin
`)
	for i, ph := range sched {
		n := strings.ToLower(ph.Name)
		terms := []string{fmt.Sprintf("(nx_%s && !at_last_a)", n), fmt.Sprintf("(at_last_a && enter_%s)", n)}
		if datapath.TPhase(i) == first {
			terms = append(terms, "start_n")
		}
		if datapath.TPhase(i) == datapath.TDone {
			terms = append(terms, "hold_a")
		}
		fmt.Fprintf(&b, "  nx_%-11s <= !rst && (%s);\n", n, strings.Join(terms, " || "))
	}
	b.WriteString("end\n")
	b.WriteString("// end_<phase>: the core is in that phase's last cycle (a register: nx_<phase> and at_last_a;\n// cleared by reset, so that a reset in the cycle before it commits nothing).\n")
	for _, ph := range sched {
		if ph.Name != "DONE" {
			fmt.Fprintf(&b, "reg end_%s;\n", strings.ToLower(ph.Name))
		}
	}
	b.WriteString("always @(posedge clk) begin\n")
	for _, ph := range sched {
		if ph.Name != "DONE" {
			fmt.Fprintf(&b, "  end_%-11s <= !rst && nx_%s && at_last_a;\n", strings.ToLower(ph.Name), strings.ToLower(ph.Name))
		}
	}
	b.WriteString("end\n")
	b.WriteString("`ifdef FORMAL\n// The one-hot phase is the binary one while the look-ahead machine runs (renderEnters).\nalways @* if (!rst) begin\n")
	for _, ph := range sched {
		fmt.Fprintf(&b, "  assert(nx_%s == (nx_run && ph_a == PH_%s));\n", strings.ToLower(ph.Name), ph.Name)
	}
	fmt.Fprintf(&b, "  assert(ph_a < %d && ph < %d);  // a phase of the table\n", len(sched), len(sched))
	b.WriteString("end\n`endif\n")
	b.WriteString(renderNextWindows(a))
	// in_<phase>: the core is in that phase (running && ph == PH_<phase>), a register: ph and
	// running are ph_a and nx_run a cycle later, so it is nx_<phase> registered. The phase
	// decodes fan out to most of the core; from a flip-flop they add no LUT level.
	b.WriteString("// in_<phase>: running && ph == PH_<phase>, one-hot registers (nx_<phase> a cycle later).\n")
	for _, ph := range sched {
		fmt.Fprintf(&b, "reg in_%s;\n", strings.ToLower(ph.Name))
	}
	b.WriteString("always @(posedge clk) begin\n")
	for _, ph := range sched {
		fmt.Fprintf(&b, "  in_%-11s <= !rst && nx_%s;\n", strings.ToLower(ph.Name), strings.ToLower(ph.Name))
	}
	b.WriteString("end\n`ifdef FORMAL\nalways @* if (!rst) begin\n")
	for _, ph := range sched {
		fmt.Fprintf(&b, "  assert(in_%s == (running && ph == PH_%s));\n", strings.ToLower(ph.Name), ph.Name)
	}
	b.WriteString("end\n`endif\n")
	b.WriteString("/* verilator lint_on UNUSEDSIGNAL */\n")
	return b.String()
}

// TileLoadStream is the load stream for a tiled Arch's initial memories: X words (with
// word skip: vector 0's D words, then each busy word followed by its j word), then W words
// as three beats each (SPRAM 0, 1, 2), then b and c values as ceil(width/16) beats each,
// low beat first (two's complement at the register's width, zero above it).
func TileLoadStream(a datapath.Arch, img datapath.TileImages) []uint16 {
	var x []uint16
	if img.J != nil {
		busy := a.Sizes().XBusyBase()
		x = append(x, img.X[:busy]...)
		for k, j := range img.J {
			x = append(x, img.X[busy+k], j)
		}
	} else {
		x = append(x, img.X...)
	}
	return append(x, WeightBeats(a, img)...)
}

// WeightBeats is the W, b and c part of the load stream, which the core's read-back
// (m_axis_read) repeats with the final values.
func WeightBeats(a datapath.Arch, img datapath.TileImages) []uint16 {
	var out []uint16
	for _, w := range img.W {
		out = append(out, uint16(w), uint16(w>>16), uint16(w>>32))
	}
	beats := func(v int64, width int) {
		u := uint64(v) & (1<<uint(width) - 1)
		for k := 0; k < (width+15)/16; k++ {
			out = append(out, uint16(u>>(16*uint(k))))
		}
	}
	for _, v := range img.B {
		beats(v, a.Spec(datapath.RegB).Format.Word)
	}
	for _, v := range img.C {
		beats(v, a.Spec(datapath.RegC).Format.Word)
	}
	return out
}

// ParseReadBack reads W words, b and c values out of a read-back (WeightBeats' layout):
// the images' W, B and C (X is left empty). A value with bits set above its register's
// width is an error, as is a read-back of the wrong length.
func ParseReadBack(a datapath.Arch, beats []uint16) (datapath.TileImages, error) {
	if len(beats) != ReadBeats(a) {
		return datapath.TileImages{}, fmt.Errorf("read-back: %d beats, the design sends %d", len(beats), ReadBeats(a))
	}
	s := a.Sizes()
	img := datapath.TileImages{W: make([]uint64, s.WWords)}
	for i := range img.W {
		img.W[i] = uint64(beats[3*i]) | uint64(beats[3*i+1])<<16 | uint64(beats[3*i+2])<<32
	}
	pos := 3 * s.WWords
	values := func(n, width int, what string) ([]int64, error) {
		out := make([]int64, n)
		for i := range out {
			var u uint64
			for k := 0; k < (width+15)/16; k++ {
				u |= uint64(beats[pos]) << (16 * uint(k))
				pos++
			}
			if u>>uint(width) != 0 {
				return nil, fmt.Errorf("read-back: %s[%d] = %#x has bits above its %d-bit width", what, i, u, width)
			}
			out[i] = int64(u<<uint(64-width)) >> uint(64-width)
		}
		return out, nil
	}
	var err error
	if img.B, err = values(a.K, a.Spec(datapath.RegB).Format.Word, "b"); err != nil {
		return img, err
	}
	img.C, err = values(a.D, a.Spec(datapath.RegC).Format.Word, "c")
	return img, err
}

// tileLoadBeats is the length of the load stream of a tiled Arch.
func tileLoadBeats(a datapath.Arch) int {
	s := a.Sizes()
	bb, cb := (a.Spec(datapath.RegB).Format.Word+15)/16, (a.Spec(datapath.RegC).Format.Word+15)/16
	return xLoadBeats(s) + 3*s.WWords + a.K*bb + a.D*cb
}

// xLoadBeats is the X part of the load stream: the X memory's words, and with word skip a
// j word after each busy one (TileLoadStream).
func xLoadBeats(s datapath.TileSizes) int {
	if s.Skip() {
		return s.XStore + s.XWords
	}
	return s.XStore
}

// tiledImages is the tiled core's memory image: the load stream from the vector set's
// data and initial weights.
func tiledImages(set *testvectors.Set) map[string][]byte {
	var b strings.Builder
	for _, w := range SetLoadStream(set) {
		fmt.Fprintf(&b, "%04x\n", w)
	}
	return map[string][]byte{LoadFile: []byte(b.String())}
}

// SetLoadStream is the load stream of a vector set: its data and initial weights.
func SetLoadStream(set *testvectors.Set) []uint16 {
	a := set.Arch
	data := &dataset.Binary{Name: "vectors", D: a.D, Rows: set.X}
	return TileLoadStream(a, a.TileImagesFor(data, set.W0, set.B0, set.C0))
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

// tiledConstants are the core's derived widths and the sized constants its counters and
// addresses are compared with and stepped by, each at the width of what it meets.
func tiledConstants(a datapath.Arch) string {
	s := a.Sizes()
	w := func(v int) int { return max(1, bits.Len(uint(v))) }
	bb, cb := (a.Spec(datapath.RegB).Format.Word+15)/16, (a.Spec(datapath.RegC).Format.Word+15)/16
	xload, wload := xLoadBeats(s), 3*s.WWords
	bload, cload := a.K*bb, a.D*cb
	loadw := max(14, w(xload+wload+bload+cload))
	cyw := cycleWidth(s)
	lastValid := a.N - (s.NB-1)*datapath.BatchWidth
	var b strings.Builder
	width := func(name string, v int, comment string) {
		fmt.Fprintf(&b, "localparam integer %-10s = %d;  // %s\n", name, v, comment)
	}
	sized := func(name, wname string, wv, v int, comment string) {
		fmt.Fprintf(&b, "localparam [%s-1:0] %-10s = %d'd%d;  // %s\n", wname, name, wv, v, comment)
	}
	width("TW", w(s.NTE), "tile counter")
	width("NBW", w(s.NB), "batch counter")
	width("SWW", w(a.Sweeps), "sweep counter")
	width("DW", w(a.D-1), "visible-unit indices: block-RAM addresses of D words")
	width("DCW", w(a.D), "a visible-unit counter that reaches D")
	width("NW", w(a.N-1), "vector index")
	width("AGW", w(s.GT), "group-within-tile counters")
	width("LOADW", loadw, "load beat counter")
	width("LAST_VALID", lastValid, "vectors in the last batch")
	wd, tw, nbw, sww, agw := w(a.D-1), w(s.NTE), w(s.NB), w(a.Sweeps), w(s.GT)
	sized("NT_LAST", "TW", tw, s.NT-1, "the last tile of the positive pass")
	sized("NTE_LAST", "TW", tw, s.NTE-1, "the last tile of the energy pass")
	sized("NB_LAST", "NBW", nbw, s.NB-1, "the last batch")
	sized("S_LAST", "SWW", sww, a.Sweeps-1, "the last sweep")
	sized("D_LAST", "DW", wd, a.D-1, "the last visible unit")
	sized("D_LAST1", "DW", wd, a.D-2, "the one before it")
	width("BGW", w(s.NTE*s.GT-1), "b memory address")
	width("GW", w(s.G-1), "a group index")
	width("ZGW", w(s.NT*s.GT), "z* memory address: up to ZG (NT T / PW), where the prefetch's walk ends")
	sized("G_LAST", "GW", w(s.G-1), s.G-1, "the last group")
	width("BCW", max(a.Spec(datapath.RegB).Format.Word, a.Spec(datapath.RegC).Format.Word), "the wider of b and c")
	width("TRW", w(a.Tile-1), "tile row index")
	sized("T_LAST", "TRW", w(a.Tile-1), a.Tile-1, "the last row of a tile")
	sized("T_LAST2", "TRW", w(a.Tile-1), max(a.Tile-2, 0), "SH: the row from which the value two on is the next vector's (T - 2)")
	width("LG_ROWS", a.K-(s.G-1)*s.PW, "hidden units in the last group")
	sized("GT_LAST", "AGW", agw, s.GT-1, "the last group of a tile")
	sized("D_END", "DCW", w(a.D), a.D, "D, where a j counter stops")
	sized("ONE_B", "NBW", nbw, 1, "batch 1")
	sized("RB_LAST", "DW+1", wd+1, 2*a.D-1, "the row buffer's last word")
	for _, c := range []struct {
		name string
		v    int
		what string
	}{
		{"CY_1", 1, "cycle 1"},
		{"CY_D", a.D, "D"},
		{"CY_D1", a.D + 1, "D + 1"},
		{"CY_D3", a.D + 3, "D + 3: the replay's first read"},
		{"CY_GD", s.G * a.D, "G D: the z half's reads"},
		{"CY_GTD", s.GT * a.D, "(T/PW) D: a prefetch's reads"},
		{"CY_RPEND", (s.G+1)*a.D + 3, "(G + 1) D + 3: past the replay's last read"},
		{"CY_E0", a.D + s.RL, "D + L: SH's readout shows its first value next cycle (datapath.ReadoutLatency)"},
		{"CY_EM", a.D + s.RL - 1, "D + L - 1: SH reads the first vector's energy (two cycles ahead of its value)"},
		{"CY_WB", wbFirstOf(s), "WB_FIRST: WRITEBACK's first W write"},
		{"CY_WB1", wbFirstOf(s) - 1, "WB_FIRST - 1"},
		{"CY_WB1END", wbFirstOf(s) - 1 + s.GT*a.D, "WB_FIRST - 1 + (T/PW) D"},
		{"CY_WBGT", wbFirstOf(s) + s.GT, "WB_FIRST + T/PW: the growth writes"},
	} {
		sized(c.name, "CYW", cyw, c.v, c.what)
	}
	for _, c := range []struct {
		name string
		v    int
		what string
	}{
		{"A_D", a.D, "address step of a batch or a group"},
		{"A_GTD", s.GT * a.D, "address step of a tile"},
		{"A_GT", s.GT, "group step of a tile"},
		// 1 - (GT - 1) D modulo 2^14: from a run's last group back to its first, one j on.
		{"A_NEXTJ", (1 - (s.GT-1)*a.D) & (1<<14 - 1), "from group GT - 1 of j to group 0 of j + 1: 1 - (GT - 1) D, mod 2^14"},
		{"A_KLAST", a.K - 1, "K - 1, as a value index"},
		{"A_GLAST", s.G - 1, "the last group"},
	} {
		sized(c.name, "14", 14, c.v, c.what)
	}
	skip := b2i(s.Skip())
	width("XBW", 16+skip*(wd+5), "the previous batch's X words (word skip: {popcount, j, X word})")
	xbusy := 0
	if s.Skip() {
		xbusy = s.XBusyBase()
	}
	sized("A_XBUSY", "14", 14, xbusy, "word skip: the first busy X word (vector 0's D words are below it)")
	width("JPC", datapath.SkipPopShift, "word skip: a j word's bit where its X word's popcount (5 bits) starts (datapath.SkipJWord)")
	sized("A_JBASE", "14", 14, datapath.SkipJBase, "word skip: W SPRAM 0's j word of busy X word 0")
	fmt.Fprintf(&b, "localparam [POSITIVE_X-1:0] NEG_N_X = -%d'd%d;  // word skip: -N, sum x's start\n", exactWidth(a, datapath.RegPositive), a.N)
	sized("LD_XL", "LOADW", loadw, xload-1, "the last load beat of X")
	sized("LD_W0", "LOADW", loadw, xload, "the first load beat of W (where a read-back starts)")
	sized("LD_XWL", "LOADW", loadw, xload+wload-1, "and of W")
	sized("LD_XWBL", "LOADW", loadw, xload+wload+bload-1, "and of b")
	sized("LD_LAST", "LOADW", loadw, xload+wload+bload+cload-1, "the last load beat")
	sized("LD_LASTM1", "LOADW", loadw, xload+wload+bload+cload-2, "the beat before it")
	sized("LD_BLAST", "2", 2, bb-1, "the last beat of a b value")
	sized("LD_CLAST", "2", 2, cb-1, "the last beat of a c value")
	sized("PW_LAST", "2", 2, s.PW-1, "the last slot of a W word")
	slotw, slotsw := recordSlotBits(s), recordSlotsBits(s)
	cntw := max(17, bits.Len(uint(a.MaxIterationCycles()+3)))
	b.WriteString("/* verilator lint_off UNUSEDPARAM */  // the record's sizes, for readers\n")
	width("XB", s.XB, "x* words of a record")
	width("ZB", s.ZB, "z* words of a record")
	width("RB", s.RB, "beats of a record: x*, z*, cycles low, {overflow, cycles high}")
	b.WriteString("/* verilator lint_on UNUSEDPARAM */\n")
	width("SLOTW", slotw, "a beat's offset in its record slot")
	width("SLOTSW", slotsw, "record slot index (SLOTS = 2^SLOTSW)")
	width("CNTW", cntw, "the iteration cycle counter (plus 3)")
	sized("RB_LO", "SLOTW", slotw, s.RB-2, "the record's cycles-low beat")
	sized("RB_LASTW", "SLOTW", slotw, s.RB-1, "the record's last beat")
	sized("CNT_3", "CNTW", cntw, 3, "it_cnt's first value")
	for _, c := range []struct {
		name string
		v    int
		what string
	}{
		{"CY_XEND1", 16 * s.XB, "16 XB: z*'s groups are read a cycle ahead of the packer"},
		{"CY_ZEND1", 16*s.XB + a.K, "16 XB + K"},
		{"CY_XEND", 16*s.XB + 1, "16 XB + 1: z* enters the packer (bit k at cycle k + 1)"},
		{"CY_ZEND", 16*s.XB + a.K + 1, "16 XB + K + 1: z* is packed"},
		// The record's cycle words take C_UPDATE's last two cycles: the high word's write
		// lands with the commit at the phase's end (datapath.TileSizes.CUpdateLen).
		{"CY_PK", s.CUpdateLen() - 2, "16 (XB + ZB) + 1: the packing is over, cycles low"},
		{"CY_PK1", s.CUpdateLen() - 1, "C_UPDATE's last cycle: cycles high"},
	} {
		sized(c.name, "CYW", cyw, c.v, c.what)
	}
	sized("LAST_VALID5", "5", 5, lastValid, "vectors in the last batch")
	sized("LAST_VALID6", "6", 6, lastValid, "vectors in the last batch")
	fmt.Fprintf(&b, "localparam [15:0] LAST_MASK = 16'h%04x;  // the last batch's real vectors\n", uint16(1<<lastValid-1))
	return b.String()
}

// tiledExtFunctions are the sign extensions the core's exact sums need: each from one
// width to the exact width of the register the sum is cast to (named <to>x_<from>).
func tiledExtFunctions(a datapath.Arch) string {
	w := func(r datapath.Reg) int { return a.Spec(r).Format.Word }
	x := func(r datapath.Reg) int { return exactWidth(a, r) }
	var b strings.Builder
	ext := func(name string, from, to int, what string) {
		body := "v"
		if to > from {
			body = fmt.Sprintf("{{%d{v[%d]}}, v}", to-from, from-1)
		}
		fmt.Fprintf(&b, "function [%d:0] %s;  // %s\n  input [%d:0] v;\n  %s = %s;\nendfunction\n", to-1, name, what, from-1, name, body)
	}
	F, P, U, V, E := datapath.RegField, datapath.RegPositive, datapath.RegUpdate, datapath.RegVisField, datapath.RegEnergy
	W, B, C, BE := datapath.RegW, datapath.RegB, datapath.RegC, datapath.RegBestEnergy
	ext("fx_b", w(B), x(F), "b, for a field sum")
	ext("fx_f", w(F), x(F), "a field value, for a field sum")
	ext("fx_w", w(W), x(F), "a weight, for a field sum")
	ext("px_p", w(P), x(P), "a positive statistic, for its sum")
	ext("px_7", 7, x(P), "a batch's term (-16 .. 16), for a positive sum")
	ext("ux_w", w(W), x(U), "a weight, for an update")
	ext("ux_p", w(P), x(U), "a positive statistic, for an update")
	ext("ux_b", w(B), x(U), "b, for an update")
	ext("ux_c", w(C), x(U), "c, for an update")
	ext("ux_q", x(P)+1, max(x(U), x(P)+1), "word skip's 2 Q - Zsum, for an update")
	ext("wx_u", w(U), x(W), "an update, for W's cast")
	ext("bx_u", w(U), x(B), "an update, for b's cast")
	ext("cx_u", w(U), x(C), "an update, for c's cast")
	ext("vx_w", w(W), x(V), "a weight, for a visible-field sum")
	ext("vx_c", w(C), x(V), "c, for a visible-field sum")
	ext("vx_v", w(V), x(V), "a visible field, for its sum")
	ext("ex_e", w(E), x(E), "an energy, for its sum")
	ext("ex_f", w(F), x(E), "a field, for an energy sum")
	ext("bex_e", w(E), x(BE), "an energy, for the best-energy register")
	ext("bex_b", w(BE), x(BE), "the best energy, for the comparison")
	ext("wfrom_c", w(C), w(W), "c in a tile-buffer slot (c is no wider than W in mode SH)")
	return b.String()
}

// cycleWidth is CYW, the phase cycle counter's width: the longest phase's length fits.
func cycleWidth(s datapath.TileSizes) int {
	maxLen := 0
	for _, ph := range datapath.Schedule() {
		maxLen = max(maxLen, ph.Len(s))
	}
	for b := range s.NB {
		maxLen = max(maxLen, s.PassLen(b))
	}
	return bitsFor(maxLen + 1)
}

// checkRegisteredConds panics unless every phase that reads a condition on a counter is at
// least two cycles long whenever it is entered by an edge that steps or clears that counter:
// the registered condition (phaseMachine) then sees the counter's new value.
func checkRegisteredConds(a datapath.Arch) {
	s := a.Sizes()
	sched, conds := datapath.Schedule(), datapath.Conds()
	for _, ph := range sched {
		for _, e := range ph.Edges {
			to := sched[e.To]
			if to.Len(s) >= 2 {
				continue
			}
			for _, c := range append(append([]datapath.Counter(nil), e.Inc...), e.Clear...) {
				for _, te := range to.Edges {
					if te.When != datapath.Always && strings.Contains(conds[te.When].Verilog, c.String()) {
						panic(fmt.Sprintf("rtlgen: %s reads %s in its first cycle, after %s's edge changed %s: a registered condition would be stale",
							to.Name, conds[te.When].Name, ph.Name, c))
					}
				}
			}
		}
	}
}

// b2i is a Verilog bit or integer parameter's value for v: 1 or 0.
func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}

// skipLookahead is the word-skip datapath's part of the look-ahead machine: each batch's
// pass length and busy words, from two ROMs of the Arch's layout (datapath.TileSizes.PassLen,
// Busy), read a pass ahead, and the windows they make: la_rd, the look-ahead's cycle reads a
// busy X word (cycle < L_b); la_st, it issues batch b-1's statistics (cycle < L_(b-1)); la_zs,
// it issues batch b-1's sum z (cycle L_(b-1), before the pass's end: L_(b-1) + 2 <= LEN).
// Without word skip both are 0.
func skipLookahead(a datapath.Arch) string {
	s := a.Sizes()
	if !s.Skip() {
		return "wire la_rd = 1'b0, la_st = 1'b0, la_zs = 1'b0;  // word skip's windows (skipLookahead): none\n"
	}
	cyw, dw := cycleWidth(s), max(1, bits.Len(uint(a.D-1)))
	var rom strings.Builder
	for b := range s.NB {
		l := s.Busy[b]
		at := (b + s.NB) % (s.NB + 1) // batch b's word: read in pass b - 1 at b - 1, before pass 0 at NB
		fmt.Fprintf(&rom, "  pl_rom[%d] = %d'd%d; rl_rom[%d] = {1'b%d, %d'd%d};  // L_%d = %d\n", at, cyw, s.PassLen(b)-2, at, b2i(l > 0), dw, max(l-1, 0), b, l)
	}
	fmt.Fprintf(&rom, "  pl_rom[%d] = %d'd0; rl_rom[%d] = %d'd0;  // read in the last pass: not used\n", s.NB-1, cyw, s.NB-1, dw+1)
	nbw := max(1, bits.Len(uint(s.NB)))
	return `// Word skip (skipLookahead): batch b's pass takes max(L_b + 4, L_(b-1) + 2, 4) cycles, L_b its
// busy X words; pl_rom holds LEN - 2, rl_rom {L_b != 0, L_b - 1}, batch b's at word b - 1 (and
// batch 0's at NB). The look-ahead machine reads the next batch's words during a pass (at its
// own batch: no adder; address, then data, ready from its cycle 2) and takes them as it enters
// the pass.
localparam [NBW-1:0] NB_ROM0 = ` + fmt.Sprintf("%d'd%d", nbw, s.NB) + `;  // the ROMs' word of batch 0
(* ram_style = "block" *) reg [CYW-1:0] pl_rom [0:NB];
(* ram_style = "block" *) reg [DW:0] rl_rom [0:NB];
initial begin
` + rom.String() + `end
reg [NBW-1:0] pt_ra;
reg [CYW-1:0] pt_pl;              // the next pass's LEN - 2
reg [DW:0] pt_rl;                 // and {L != 0, L - 1}
reg [DW-1:0] rd_last, st_last;    // L_b - 1 and L_(b-1) - 1 of the look-ahead's pass
reg rd_any;
reg la_rd, la_st, la_zs;
always @(posedge clk) begin
  pt_ra <= nx_pass ? batch_a : NB_ROM0;
  pt_pl <= pl_rom[pt_ra];
  pt_rl <= rl_rom[pt_ra];
  if (at_last_a && enter_pass) begin
    pl_m1 <= pt_pl;
    {rd_any, rd_last} <= pt_rl;
    st_last <= rd_last;
  end
  // A window stays open until its last cycle (cycle L - 1); a pass opens la_rd if its batch
  // has a busy word, and la_st if the batch before it (a pass entered from a pass) has.
  if (rst || !nx_run) begin
    la_rd <= 1'b0;
    la_st <= 1'b0;
    la_zs <= 1'b0;
  end else if (at_last_a) begin
    la_rd <= enter_pass && pt_rl[DW];
    la_st <= enter_pass && nx_pass && rd_any;
    la_zs <= enter_pass && nx_pass && !rd_any;
  end else begin
    la_rd <= la_rd && cyc_a[DW-1:0] != rd_last;
    la_st <= la_st && cyc_a[DW-1:0] != st_last;
    la_zs <= la_st && cyc_a[DW-1:0] == st_last;
  end
end
`
}
