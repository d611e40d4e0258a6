package rtlgen

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"herdsim/datapath"
	"herdsim/herding"
)

// wbFirstOf is WRITEBACK's cycle of its first W write (CY_WB): the tile word, P and the
// casts take the cycles before it (tiledWriteback), and with word skip the stage that
// forms 2 Q - Zsum one more (datapath.LatSkipWriteback).
func wbFirstOf(s datapath.TileSizes) int {
	if s.Skip() {
		return 7 + datapath.LatSkipWriteback
	}
	return 7
}

// A cycle span is the cycles [lo, hi) of one visit of a phase (hi is clamped to the phase's
// length).
type cycSpan struct {
	phase  datapath.TPhase
	lo, hi int
}

// A next-cycle window is a register that is high in the cycle before the core spends a cycle
// in one of its spans. The address registers take their enables and selects from these
// registers, not from comparisons on the look-ahead counter: the comparisons move a cycle
// earlier, onto the look-ahead machine's own registers, off the address paths (which were
// the routed critical paths of the T = 4 design).
type nextWindow struct {
	name    string
	comment string
	spans   []cycSpan
}

// nextWindows are the windows tiledAddresses and tiledReadAddrs (and a few strobes) use.
func nextWindows(a datapath.Arch) []nextWindow {
	s := a.Sizes()
	d, gd, gtd := a.D, s.G*a.D, s.GT*a.D
	wbFirst := wbFirstOf(s)
	const far = 1 << 30
	one := func(p datapath.TPhase, c int) cycSpan { return cycSpan{p, c, c + 1} }
	// ztile takes the tile's groups in PREFETCH cycles 1, 3, .., 2 GT - 1 (a group read
	// shows a cycle after zrg steps): spans 2, 4, .., 2 GT, the window high the cycle before.
	var ztl []cycSpan
	for i := range s.GT {
		ztl = append(ztl, one(datapath.TPrefetch, 2*i+2))
	}
	return []nextWindow{
		{"nw_pass_d", "PASS or E_PASS, cycle < D: X and tile-buffer reads", []cycSpan{{datapath.TPass, 0, d}, {datapath.TEPass, 0, d}}},
		{"nw_pass_0", "PASS or E_PASS, cycle 0", []cycSpan{one(datapath.TPass, 0), one(datapath.TEPass, 0)}},
		{"nw_gather_d", "GATHER, cycle < D: the start vector's X reads", []cycSpan{{datapath.TGather, 0, d}}},
		{"nw_gather_0", "GATHER, cycle 0", []cycSpan{one(datapath.TGather, 0)}},
		{"nw_arow0", "the first W word of a prefetch or a write-back", []cycSpan{one(datapath.TPrefetch, 0), one(datapath.TEPrefetch, 0), one(datapath.TWriteback, wbFirst)}},
		{"nw_arun", "the next W words of a prefetch or a write-back", []cycSpan{{datapath.TPrefetch, 0, gtd}, {datapath.TEPrefetch, 0, gtd}, {datapath.TWriteback, wbFirst + 1, wbFirst + gtd}}},
		{"nw_pf_0", "PREFETCH, cycle 0", []cycSpan{one(datapath.TPrefetch, 0)}},
		{"nw_ztl", "PREFETCH, cycles 2, 4, .., 2 T/PW: high in the cycles before, ztile's loads", ztl},
		{"nw_epf_0", "E_PREFETCH, cycle 0", []cycSpan{one(datapath.TEPrefetch, 0)}},
		{"nw_epf_gtd", "E_PREFETCH, cycle < (T/PW) D", []cycSpan{{datapath.TEPrefetch, 0, gtd}}},
		{"nw_wb_1", "WRITEBACK, cycle 1", []cycSpan{one(datapath.TWriteback, 1)}},
		{"nw_sw_0", "SWEEP, cycle 0", []cycSpan{one(datapath.TSweep, 0)}},
		{"nw_sw_1", "SWEEP, cycle 1", []cycSpan{one(datapath.TSweep, 1)}},
		{"nw_sw_gd", "SWEEP, cycle < G D: the z half's W reads", []cycSpan{{datapath.TSweep, 0, gd}}},
		{"nw_sw_d3", "SWEEP, cycle D + 3: the replay's first read", []cycSpan{one(datapath.TSweep, d+3)}},
		{"nw_sw_pd3", "SWEEP, cycle > D + 3: the replay's next reads", []cycSpan{{datapath.TSweep, d + 4, far}}},
		{"nw_cu_d", "C_UPDATE, cycle < D", []cycSpan{{datapath.TCUpdate, 0, d}}},
		{"nw_jbase", "PREFETCH, cycle (T/PW) D, after its reads: word skip's X and j addresses start", []cycSpan{one(datapath.TPrefetch, gtd)}},
	}
}

// renderNextWindows is the Verilog of the windows. The core's cycle after next is the
// look-ahead machine's next state: cycle 0 of the phase it enters at its last cycle
// (at_last_a && enter_<x>, or start_n into PH_FIRST), else cycle cyc_a + 1 of its phase
// (nx_<x>). So a span starting at 0 takes the entry, and every span takes nx_<x> with a
// comparison of cyc_a against constants. No span is in DONE, the one phase that holds.
func renderNextWindows(a datapath.Arch) string {
	s := a.Sizes()
	sched := datapath.Schedule()
	first := datapath.FirstPhase(a.Mode == herding.ModeSH)
	cyw := cycleWidth(s)
	k := func(v int) string { return fmt.Sprintf("%d'd%d", cyw, v) }
	var b strings.Builder
	b.WriteString("// nw_<name>: the core spends the cycle after next in the window (nextWindows).\n")
	b.WriteString("always @(posedge clk) begin\n")
	for _, w := range nextWindows(a) {
		var terms []string
		for _, sp := range w.spans {
			if sp.phase == datapath.TDone {
				panic("rtlgen: a next-cycle window in DONE, which holds")
			}
			name := sched[sp.phase].Name
			hi := min(sp.hi, sched[sp.phase].Len(s))
			if sp.lo == 0 && hi > 0 {
				terms = append(terms, fmt.Sprintf("(at_last_a && enter_%s)", strings.ToLower(name)))
				if sp.phase == first {
					terms = append(terms, "start_n")
				}
			}
			// cyc_a + 1 in [max(lo, 1), hi): cyc_a in [lo', hi - 1).
			from, to := max(sp.lo, 1)-1, hi-1
			if from >= to {
				continue
			}
			var in string
			switch {
			case to-from == 1:
				in = "cyc_a == " + k(from)
			case from == 0:
				in = "ltc_cy(cyc_a, " + k(to) + ")"
			default:
				in = "!ltc_cy(cyc_a, " + k(from) + ") && ltc_cy(cyc_a, " + k(to) + ")"
			}
			terms = append(terms, fmt.Sprintf("(nx_%s && %s)", strings.ToLower(name), in))
		}
		fmt.Fprintf(&b, "  %s <= !rst && (%s);\n", w.name, strings.Join(terms, "\n      || "))
	}
	b.WriteString("end\n")
	return b.String()
}

// renderEnters is the Verilog of the look-ahead machine's edges in one-hot form. nx_<y> is
// ph_a == PH_<Y> while the machine runs (both are ph_an registered, nx_ gated by the
// core running next cycle, which the machine's running is), so an edge of the table is
// nx_<y> and its condition (and not the conditions of y's edges before it; DONE's wait on
// !hold_a): enter_<x>, at the last cycle (at_last_a), the machine goes to x next; and
// step_/clr_<counter>_a, the counter steps or clears. Each is a few flip-flops deep, where
// a decode of ph_an, which goes through the binary phase's case, was five or six LUT levels
// (the routed critical paths of the UP5K designs).
func renderEnters() string {
	sched := datapath.Schedule()
	conds := datapath.Conds()
	enter := make([][]string, len(sched))
	counters := map[string][]string{}
	for y, ph := range sched {
		var before []string // the negated conditions of y's earlier edges
		for _, e := range ph.Edges {
			term := []string{"nx_" + strings.ToLower(ph.Name)}
			if datapath.TPhase(y) == datapath.TDone {
				term = append(term, "!hold_a")
			}
			term = append(term, before...)
			if e.When != datapath.Always {
				cond := "cond_" + conds[e.When].Name
				if e.Not {
					term = append(term, "!"+cond)
					before = append(before, cond)
				} else {
					term = append(term, cond)
					before = append(before, "!"+cond)
				}
			}
			t := "(" + strings.Join(term, " && ") + ")"
			enter[e.To] = append(enter[e.To], t)
			for _, c := range e.Inc {
				counters["step_"+c.String()+"_a"] = append(counters["step_"+c.String()+"_a"], t)
			}
			for _, c := range e.Clear {
				counters["clr_"+c.String()+"_a"] = append(counters["clr_"+c.String()+"_a"], t)
			}
			if e.When == datapath.Always {
				break
			}
		}
	}
	or := func(terms []string) string {
		if len(terms) == 0 {
			return "1'b0"
		}
		return strings.Join(terms, " || ")
	}
	var b strings.Builder
	b.WriteString("// The look-ahead machine's edges, one-hot (renderEnters): nx_<phase> is ph_a == PH_<phase>\n// while it runs.\n")
	for x, ph := range sched {
		if datapath.TPhase(x) == datapath.TPass {
			fmt.Fprintf(&b, "assign enter_pass = %s;\n", or(enter[x]))
			continue
		}
		fmt.Fprintf(&b, "wire enter_%s = %s;\n", strings.ToLower(ph.Name), or(enter[x]))
	}
	for _, c := range datapath.Counters() {
		for _, k := range []string{"step_", "clr_"} {
			n := k + c.String() + "_a"
			fmt.Fprintf(&b, "wire %s = at_last_a && (%s);\n", n, or(counters[n]))
		}
	}
	return b.String()
}

// phaseOutputs are the phase decodes herd_tiled_core reads: nx_<phase>, the core is in the
// phase next cycle; in_<phase>, this cycle; end_<phase>, this is its last cycle.
var phaseOutputs = []struct {
	prefix string
	phases []datapath.TPhase
}{
	{"nx_", []datapath.TPhase{datapath.TEPass, datapath.TSweep, datapath.TPrefetch, datapath.TPass, datapath.TWriteback, datapath.TCUpdate, datapath.TDone}},
	{"in_", []datapath.TPhase{datapath.TEPrefetch, datapath.TEPass, datapath.TGather, datapath.TStart, datapath.TSweep, datapath.TPrefetch, datapath.TPass, datapath.TWriteback, datapath.TCUpdate, datapath.TDone}},
	{"end_", []datapath.TPhase{datapath.TCUpdate}},
}

// phaseOutput reports whether prefix<phase> is a port of herd_phases.
func phaseOutput(prefix string, ph datapath.TPhase) bool {
	for _, o := range phaseOutputs {
		if o.prefix == prefix && slices.Contains(o.phases, ph) {
			return true
		}
	}
	return false
}

// phasesModule is herd_phases for an Arch: the schedule table (datapath.Schedule) rendered
// as two copies of the phase state. The look-ahead machine (ph_a, cyc_a, tile_a, batch_a,
// sweep_a) runs the edges of the table one cycle early, and the core's state (ph, cyc,
// tile, batch, sweep) is its copy a cycle later. The datapath registers its memory
// addresses from the next cycle's state, which is thus the look-ahead machine's registers
// (cyc_a, tile_a) and the next phase as one-hot registers (nx_<phase>), not a next-state
// function of the current one; the counter steps of the current cycle (step_<counter>,
// clr_<counter>) and at_last are registered too: no datapath path starts in the phase
// logic. The look-ahead machine's own edges, windows and counter steps read the one-hot
// nx_<phase> (renderEnters); the binary ph_a only feeds ph and the phase-length compare.
func phasesModule(a datapath.Arch) *module {
	s := a.Sizes()
	sched := datapath.Schedule()
	checkRegisteredConds(a)
	m := &module{name: "herd_phases", comment: `herd_phases: the phase machine of the tiled core for one Arch, rendered from
datapath.Schedule (states, lengths, edges, counter steps) and rtlgen's table of next-cycle
windows. Every output is a register.`}
	cyw, w := cycleWidth(s), func(v int) int { return max(1, bits.Len(uint(v))) }
	tw, nbw, sww := w(s.NTE), w(s.NB), w(a.Sweeps)
	rng := func(n int) string { return fmt.Sprintf("%d:0", n-1) }
	m.ports = []port{
		{"input", "wire", "", "clk", ""},
		{"input", "wire", "", "rst", ""},
		{"input", "wire", "", "running", "iterations run (herd_load)"},
		{"input", "wire", "", "load_done", "the load is done: running next cycle"},
		{"input", "wire", "", "start_n", "the first iteration begins next cycle (herd_cmd)"},
		{"input", "wire", "", "hold_a", "DONE holds (herd_record)"},
		{"input", "wire", "", "changed", "the sweep changed x* or z* (herd_search)"},
		{"input", "wire", rng(cyw), "pl_m1", "word skip: LEN - 2 of the look-ahead's pass (herd_skip)"},
		{"output", "reg", rng(cyw), "cyc", "the core's cycle in its phase"},
		{"output", "reg", rng(cyw), "cyc_a", "the next cycle's (the look-ahead machine's)"},
		{"output", "reg", rng(tw), "tile", ""},
		{"output", "reg", rng(tw), "tile_a", ""},
		{"output", "reg", rng(nbw), "batch", ""},
		{"output", "reg", rng(nbw), "batch_a", ""},
		{"output", "reg", rng(sww), "sweep", ""},
		{"output", "reg", "", "step_tile", "the tile steps at the end of this cycle"},
		{"output", "reg", "", "clr_tile", ""},
		{"output", "reg", "", "step_batch", ""},
		{"output", "reg", "", "clr_batch", ""},
		{"output", "reg", "", "at_last_a", "the look-ahead machine is at its phase's last cycle"},
		{"output", "wire", "", "nx_run", "the look-ahead machine runs"},
		{"output", "wire", "", "enter_pass", "at its last cycle, it enters PASS next"},
	}
	for _, o := range phaseOutputs {
		for _, ph := range o.phases {
			m.ports = append(m.ports, port{"output", "reg", "", o.prefix + strings.ToLower(sched[ph].Name), ""})
		}
	}
	for _, win := range nextWindows(a) {
		m.ports = append(m.ports, port{"output", "reg", "", win.name, win.comment})
	}
	m.ports[2].comment = "nx_<phase>: the core is in the phase next cycle; in_<phase>: this cycle; end_<phase>: its last cycle; nw_<window>: next cycle"
	m.add("The Arch's counts and the phases.", phaseConstants(a, cyw, tw, nbw, sww))
	m.add("x < y as gates (herd_lt's): Yosys would build a compare with a constant as a carry chain.", `
function ltc_cy;
  input [CYW-1:0] x, y;
  integer k;
  reg eq;
  begin
    ltc_cy = 1'b0;
    eq = 1'b1;
    for (k = CYW - 1; k >= 0; k = k - 1) begin
      ltc_cy = ltc_cy | (eq & ~x[k] & y[k]);
      eq = eq & (x[k] == y[k]);
    end
  end
endfunction
`)
	m.add("The look-ahead machine and the core's state.", phaseMachine(a))
	return m
}

// phaseConstants are herd_phases' localparams: widths, the last values of the counters the
// conditions compare, and the phases' numbers.
func phaseConstants(a datapath.Arch, cyw, tw, nbw, sww int) string {
	s := a.Sizes()
	var b strings.Builder
	fmt.Fprintf(&b, "localparam integer CYW = %d;  // the cycle counter: the longest phase fits\n", cyw)
	fmt.Fprintf(&b, "localparam integer TW = %d, NBW = %d, SWW = %d;  // tile, batch and sweep counters\n", tw, nbw, sww)
	fmt.Fprintf(&b, "localparam [TW-1:0] NT_LAST = %d'd%d, NTE_LAST = %[1]d'd%[3]d;  // the positive and the energy pass's last tile\n", tw, s.NT-1, s.NTE-1)
	fmt.Fprintf(&b, "localparam [NBW-1:0] NB_LAST = %d'd%d;  // the last batch\n", nbw, s.NB-1)
	fmt.Fprintf(&b, "localparam [SWW-1:0] S_LAST = %d'd%d;  // the last sweep\n", sww, a.Sweeps-1)
	fmt.Fprintf(&b, "localparam integer MODE_SH = %d;\n", b2i(s.SH))
	sched := datapath.Schedule()
	fmt.Fprintf(&b, "localparam integer PHW = %d;\n", bitsFor(len(sched)))
	for i, ph := range sched {
		fmt.Fprintf(&b, "localparam [PHW-1:0] PH_%-11s = %d;  // %s cycles: %s\n", ph.Name, i, ph.Formula, ph.Comment)
	}
	first := datapath.FirstPhase(s.SH)
	fmt.Fprintf(&b, "localparam [PHW-1:0] PH_FIRST = PH_%s;  // after the load\n", sched[first].Name)
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
	first := datapath.FirstPhase(a.Mode == herding.ModeSH)
	b.WriteString("// The look-ahead machine: its conditions are on its own counters (and the search's flag).\n")
	b.WriteString(`reg [PHW-1:0] ph_a, ph_an;
reg [CYW-1:0] cyc_an;
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
// last_m1 is LEN_<phase> - 2 of the look-ahead's phase (phases of one cycle: not read), an
// AND-OR of constants by the one-hot nx_<phase> registers: a case on ph_a would be a ROM,
// which Yosys registers on ph_an, after the next-state logic.
`)
	if !a.Skip() {
		b.WriteString("/* verilator lint_off UNUSEDSIGNAL */\nwire [CYW-1:0] pl_unused = pl_m1;  // word skip's pass lengths: every pass is D + 2 cycles\n/* verilator lint_on UNUSEDSIGNAL */\n")
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
	b.WriteString(`assign nx_run = running || load_done;  // the look-ahead machine runs a cycle before the core
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
	b.WriteString(`// nx_<phase>: the core is in that phase next cycle (ph_an, one-hot): it stays, or the
// look-ahead machine enters it at its last cycle, or the first iteration starts it (PH_FIRST),
// or DONE holds.
`)
	for i, ph := range sched {
		if !phaseOutput("nx_", datapath.TPhase(i)) {
			fmt.Fprintf(&b, "reg nx_%s;\n", strings.ToLower(ph.Name))
		}
	}
	b.WriteString("always @(posedge clk) begin\n")
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
	b.WriteString("always @(posedge clk) begin\n")
	for i, ph := range sched {
		if phaseOutput("end_", datapath.TPhase(i)) {
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
	b.WriteString("always @(posedge clk) begin\n")
	for i, ph := range sched {
		if phaseOutput("in_", datapath.TPhase(i)) {
			fmt.Fprintf(&b, "  in_%-11s <= !rst && nx_%s;\n", strings.ToLower(ph.Name), strings.ToLower(ph.Name))
		}
	}
	b.WriteString("end\n`ifdef FORMAL\nalways @* if (!rst) begin\n")
	for i, ph := range sched {
		if phaseOutput("in_", datapath.TPhase(i)) {
			fmt.Fprintf(&b, "  assert(in_%s == (running && ph == PH_%s));\n", strings.ToLower(ph.Name), ph.Name)
		}
	}
	b.WriteString("end\n")
	b.WriteString(`reg f_past;
initial f_past = 1'b0;
always @(posedge clk) f_past <= 1'b1;
always @* if (!rst && f_past && !running && !load_done) assert(ph_a == PH_FIRST && ph == PH_FIRST);
`)
	b.WriteString("`endif\n")
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
