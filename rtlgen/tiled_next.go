package rtlgen

import (
	"fmt"
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
	for _, w := range nextWindows(a) {
		fmt.Fprintf(&b, "reg %s;  // %s\n", w.name, w.comment)
	}
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
	for _, ph := range sched {
		fmt.Fprintf(&b, "reg nx_%s;\n", strings.ToLower(ph.Name))
	}
	for x, ph := range sched {
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
