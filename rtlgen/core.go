package rtlgen

import (
	"fmt"
	"strings"

	"herdsim/datapath"
	"herdsim/herding"
)

// phases are the states of the phase machine, in datapath's order and with its names; the
// Verilog localparams PH_* are numbered from this list.
var phases = datapath.Phases()

// coreRegs are the registers the core itself writes (the lanes write the others).
var coreRegs = []datapath.Reg{datapath.RegC, datapath.RegVisField, datapath.RegEnergy, datapath.RegBestEnergy, datapath.RegPositive, datapath.RegUpdate}

// File names of the memory images herdsim rtl writes beside the Verilog.
const (
	XFile = "x.hex" // the data: N words of D bits
	CFile = "c.hex" // initial c: D words
)

// WBankFile and BBankFile name lane l's W and b memory images.
func WBankFile(l int) string { return fmt.Sprintf("w_bank%d.hex", l) }

// BBankFile names lane l's b memory image.
func BBankFile(l int) string { return fmt.Sprintf("b_bank%d.hex", l) }

func archParams(a datapath.Arch) []param {
	b2i := func(b bool) string {
		if b {
			return "1"
		}
		return "0"
	}
	ps := []param{
		{"K", fmt.Sprint(a.K), "hidden units"},
		{"D", fmt.Sprint(a.D), "visible units"},
		{"N", fmt.Sprint(a.N), "data vectors"},
		{"L", fmt.Sprint(a.Lanes), "lanes"},
		{"S", fmt.Sprint(a.Sweeps), "most sweeps per iteration"},
		{"MODE_SH", b2i(a.Mode == herding.ModeSH), "1: safe herding (SH), 0: herding (H)"},
		{"GROW", b2i(a.GrowHiddenBias), "1: hidden-bias growth"},
	}
	return append(ps, regParams(a, datapath.Regs())...)
}

// coreModule is herd_core, the whole datapath of datapath/doc.go.
func coreModule(a datapath.Arch) *module {
	m := &module{name: "herd_core", comment: `herd_core: the herding datapath of datapath/doc.go, cycle for cycle the model of
datapath/tick.go: one iteration takes exactly Arch.CyclesPerIteration(sweeps) clocks.
Free-running after reset: iterations follow each other; done is high for the one phDone
cycle that ends each, with its pseudo-sample on x_star and z_star. The weights live in the
lanes' banks: after an iteration, W[i][j] is lane<i mod L>.w_mem[(i/L) D + j], b[i] is
lane<i mod L>.b_mem[i/L] and c[j] is c_mem[j] (hierarchical access, as herd_tb does).`}
	m.params = archParams(a)
	m.params = append(m.params, param{"X_FILE", `"` + XFile + `"`, "$readmemh image of the data (N words of D bits)"}, param{"C_FILE", `"` + CFile + `"`, "$readmemh image of c_0"})
	for l := 0; l < a.Lanes; l++ {
		m.params = append(m.params, param{fmt.Sprintf("W_BANK%d_FILE", l), `"` + WBankFile(l) + `"`, fmt.Sprintf("lane %d: W rows g L + %d", l, l)})
	}
	for l := 0; l < a.Lanes; l++ {
		m.params = append(m.params, param{fmt.Sprintf("B_BANK%d_FILE", l), `"` + BBankFile(l) + `"`, fmt.Sprintf("lane %d: b of units g L + %d", l, l)})
	}
	m.ports = []port{
		{"input", "wire", "", "clk", ""},
		{"input", "wire", "", "rst", "synchronous, active high: restart at iteration 1 (memories keep their contents)"},
		{"output", "wire", "", "done", "high for the last cycle (phDone) of every iteration"},
		{"output", "wire", "D-1:0", "x_star", "x*: bit j set when x*_j = +1 (valid while done)"},
		{"output", "wire", "K-1:0", "z_star", "z*: bit i set when z*_i = +1 (valid while done)"},
		{"output", "reg", "", "overflow", "sticky: some register write wrapped or saturated"},
	}
	var ph strings.Builder
	for i, p := range phases {
		fmt.Fprintf(&ph, "localparam [PHW-1:0] PH_%-10s = %2d;  // %s: %s\n", p.Name, i, p.Model, p.Comment)
	}
	m.add("Sizes (datapath/doc.go): G groups of L lanes; counter widths; XW holds every exact\nvalue before its cast (the widest register + 3 + log2(L+1) bits).", fmt.Sprintf(`
localparam G = (K + L - 1) / L;
localparam LAST_L = K - (G - 1) * L;
localparam GD = G * D;
localparam AW = (GD > 1) ? $clog2(GD) : 1;
localparam GW = (G > 1) ? $clog2(G) : 1;
localparam JW = (D > 1) ? $clog2(D) : 1;
localparam NW = (N > 1) ? $clog2(N) : 1;
localparam SW = $clog2(S + 1);
localparam MAXW = %s;
localparam XW = MAXW + 3 + $clog2(L + 1);
localparam G_LAST_I = G - 1, D_LAST_I = D - 1, N_LAST_I = N - 1;
localparam [GW-1:0] G_LAST = G_LAST_I[GW-1:0];
localparam [JW-1:0] J_LAST = D_LAST_I[JW-1:0];
localparam [NW-1:0] N_LAST = N_LAST_I[NW-1:0];
localparam [SW-1:0] S_LAST = S - 1;  // the sweep counter counts from 0
localparam [AW-1:0] D_STEP = D;
localparam [XW-1:0] ZERO = {XW{1'b0}};
localparam [XW-1:0] ONE = {{(XW-1){1'b0}}, 1'b1};
localparam [XW-1:0] N_X = N;
`, maxWidthExpr(datapath.Regs())))
	m.add(fmt.Sprintf("The phase machine's states (datapath/machine.go), %d of them.", len(phases)),
		fmt.Sprintf("localparam PHW = %d;\n", bitsFor(len(phases)))+ph.String())
	m.add("Exact-arithmetic helpers of the registers the core writes.", regFunctions(coreRegs))
	m.add("Phase machine state: phase, vector n, group, visible unit j, bank address g D + j (xAcc: g D + j\nwith g fastest), sweep, first iteration, and the search's changed flag.", `
reg [PHW-1:0] ph, ph_n;
reg [NW-1:0] n, n_n;
reg [GW-1:0] grp, grp_n;
reg [JW-1:0] j, j_n;
reg [AW-1:0] addr, addr_n;
reg [SW-1:0] sweep, sweep_n;
reg first, changed;
wire any_z_changed;
`)
	m.add("Next state, rendered from the lane schedule (datapath/lane_schedule.go): each phase's\nwalked counter, its last cycle (LAST_<phase>) and its edges. The bank address is g D + j of\nthe next state: the memories read at it, so they present the current word in every cycle.", laneNextState(a))
	m.add("", `always @(posedge clk) begin
  ph <= ph_n;
  n <= n_n;
  grp <= grp_n;
  j <= j_n;
  addr <= addr_n;
  sweep <= sweep_n;
end

wire in_pos_field = (ph == PH_POS_FIELD);
wire in_update = (ph == PH_UPDATE);
assign done = (ph == PH_DONE);
`)
	m.add("Data and visible memories: X rows (N words of D bits), c and sum x (D words), read at the\nnext state's n and j.", `
reg [D-1:0] x_mem [0:N-1];
reg [C_W-1:0] c_mem [0:D-1];
reg [POSITIVE_W-1:0] sx_mem [0:D-1];
reg [D-1:0] x_rd;
reg [C_W-1:0] c_rd;
reg [POSITIVE_W-1:0] sx_rd;
integer k;
initial begin
  $readmemh(X_FILE, x_mem);
  $readmemh(C_FILE, c_mem);
  for (k = 0; k < D; k = k + 1) sx_mem[k] = {POSITIVE_W{1'b0}};
end
always @(posedge clk) begin
  x_rd <= x_mem[n_n];
  c_rd <= c_mem[j_n];
  sx_rd <= sx_mem[j_n];
end
`)
	m.add("Core registers: energy, best energy (SH), visible field, the kept vector x (SH: the\nvector of largest F), the previous vector (for P), and the pseudo-sample x*.", `
reg [ENERGY_W-1:0] energy;
reg [BEST_ENERGY_W-1:0] best;
reg [VIS_FIELD_W-1:0] vis;
reg [D-1:0] xbest, xprev, xs;
initial begin
  energy = {ENERGY_W{1'b0}};
  best = {BEST_ENERGY_W{1'b0}};
  vis = {VIS_FIELD_W{1'b0}};
  xbest = {D{1'b0}};
  xprev = {D{1'b0}};
  xs = {D{1'b0}};
  first = 1'b1;
  changed = 1'b0;
  overflow = 1'b0;
end
assign x_star = xs;
`)
	m.add("The lanes (herd_lane), and the sums over them: sum |h| for the energy, the adder tree for\nvis_field, any flipped z*_i.", laneInstances(a))
	m.add("Exact values of the core's register writes (tick.go).", `
wire x_j = x_rd[j];                                                              // x_nj of the positive phase
wire [XW-1:0] c_x = ext_c(c_rd);
wire [XW-1:0] e_cx = ext_energy(energy) + (x_j ? c_x : ZERO - c_x);              // posField g = 0: energy += x_j c_j
wire [XW-1:0] sx_sum = ext_positive(sx_rd) + (x_j ? ONE : ZERO - ONE);           // posField g = 0: sum x_j += x_j
wire [XW-1:0] e_h = ext_energy(energy) + abs_sum;                                // posFinish: energy += sum over lanes |h|
wire better = (n == {NW{1'b0}}) || ($signed(ext_energy(energy)) > $signed(ext_best_energy(best)));
wire keep = (MODE_SH != 0) ? better : ((n == {NW{1'b0}}) && first);          // posEnd
wire [XW-1:0] v_acc = ((grp == {GW{1'b0}}) ? ZERO : ext_vis_field(vis)) + tree_sum;  // xAcc
wire [XW-1:0] v_sum = ext_vis_field(vis) + c_x;                                  // xFinish: vis_field + c_j
wire [VIS_FIELD_W-1:0] v_fin = cast_vis_field(v_sum);
wire x_new = ~v_fin[VIS_FIELD_W-1];                                             // sign, ties to +1
wire [XW-1:0] c_upd = c_x + ext_positive(sx_rd) - (xs[j] ? N_X : ZERO - N_X);    // update g = 0: c + sum x - N x*_j
wire [UPDATE_W-1:0] c_upd_c = cast_update(c_upd);
`)
	m.add("Register and memory writes of the core, phase by phase (tick.go).", `
always @(posedge clk) begin
  if (!rst && in_pos_field && grp == {GW{1'b0}}) sx_mem[j] <= cast_positive(sx_sum);
  if (!rst && in_update && grp == {GW{1'b0}}) begin
    c_mem[j] <= cast_c(ext_update(c_upd_c));
    sx_mem[j] <= {POSITIVE_W{1'b0}};
  end
end

always @(posedge clk) begin
  if (rst) begin
    first <= 1'b1;
    changed <= 1'b0;
    overflow <= 1'b0;
  end else begin
    case (ph)
      PH_LOAD_X: energy <= {ENERGY_W{1'b0}};
      PH_POS_FIELD: if (grp == {GW{1'b0}}) begin
        energy <= cast_energy(e_cx);
        overflow <= overflow | ~fits_energy(e_cx) | ~fits_positive(sx_sum);
      end
      PH_POS_FINISH: begin
        // The model adds lane by lane, casting each sum; the addends are >= 0, so one cast
        // of the total gives the same value in WRAP (modular) and SAT (monotone) modes.
        energy <= cast_energy(e_h);
        overflow <= overflow | ~fits_energy(e_h);
      end
      PH_POS_END: begin
        if (MODE_SH != 0 && better) begin
          best <= cast_best_energy(ext_energy(energy));
          overflow <= overflow | ~fits_best_energy(ext_energy(energy));
        end
        if (keep) xbest <= x_rd;
        xprev <= x_rd;
      end
      PH_START: begin
        if (MODE_SH != 0 || first) xs <= xbest;
        changed <= 1'b0;
      end
      PH_Z_FINISH: if (any_z_changed) changed <= 1'b1;
      PH_X_ACC: begin
        vis <= cast_vis_field(v_acc);
        overflow <= overflow | ~fits_vis_field(v_acc);
      end
      PH_X_FINISH: begin
        if (x_new != xs[j]) begin
          xs[j] <= x_new;
          changed <= 1'b1;
        end
        overflow <= overflow | ~fits_vis_field(v_sum);
      end
      PH_SWEEP_END: if (more_sweeps) changed <= 1'b0;
      PH_UPDATE: if (grp == {GW{1'b0}})
        overflow <= overflow | ~fits_update(c_upd) | ~fits_c(ext_update(c_upd_c));
      PH_DONE: first <= 1'b0;
      default: ;
    endcase
    if (lane_ovf != {L{1'b0}}) overflow <= 1'b1;
  end
end
`)
	return m
}

// laneInstances is the Verilog of the L lane instances and the sums over the lanes.
func laneInstances(a datapath.Arch) string {
	var b strings.Builder
	b.WriteString(`wire [L*XW-1:0] lane_abs_h, lane_tree;
wire [L-1:0] lane_z_changed, lane_ovf;
wire fld_en = in_pos_field || (ph == PH_Z_FIELD);
wire fld_x = in_pos_field ? x_rd[j] : xs[j];
wire pacc_en = (in_pos_field && n != {NW{1'b0}}) || (ph == PH_DRAIN);
wire start_load = (ph == PH_START) && (MODE_SH != 0 || first);
wire upd_b = in_update && (j == {JW{1'b0}}) && (GROW != 0);
`)
	last := a.K - (a.Groups()-1)*a.Lanes // lanes of the last group
	for l := 0; l < a.Lanes; l++ {
		hi := "G-1"
		if l >= last {
			hi = "G-2" // no unit in the last group
		}
		fmt.Fprintf(&b, "wire [%s:0] lane%d_zs;  // z* of units g L + %d\n", hi, l, l)
	}
	var rp []string
	for _, r := range laneRegs {
		rp = append(rp, fmt.Sprintf(".%[1]s_W(%[1]s_W), .%[1]s_SAT(%[1]s_SAT)", regParam(r)))
	}
	for l := 0; l < a.Lanes; l++ {
		zb := "G"
		if l >= last {
			zb = "G - 1"
		}
		fmt.Fprintf(&b, `herd_lane #(
  .LANE(%[1]d), .G(G), .D(D), .N(N), .LAST_L(LAST_L), .ZB(%[3]s), .GROW(GROW), .XW(XW), .AW(AW), .GW(GW),
  %[2]s,
  .W_FILE(W_BANK%[1]d_FILE), .B_FILE(B_BANK%[1]d_FILE)
) lane%[1]d (
  .clk(clk), .addr(addr), .addr_rd(addr_n), .grp(grp), .grp_rd(grp_n),
  .fld_en(fld_en), .fld_first(j == {JW{1'b0}}), .fld_x(fld_x),
  .pos_fin(ph == PH_POS_FINISH), .z_fin(ph == PH_Z_FINISH),
  .pacc_en(pacc_en), .pacc_x(xprev[j]), .pos_end(ph == PH_POS_END), .keep(keep), .start_load(start_load),
  .upd_en(in_update), .upd_x(xs[j]), .upd_b(upd_b),
  .abs_h(lane_abs_h[%[1]d*XW +: XW]), .tree_term(lane_tree[%[1]d*XW +: XW]),
  .z_changed(lane_z_changed[%[1]d]), .z_star(lane%[1]d_zs), .ovf(lane_ovf[%[1]d])
);
`, l, strings.Join(rp, ",\n  "), zb)
	}
	b.WriteString("// z* bit i = g L + l is lane l's bit g.\n")
	for i := 0; i < a.K; i++ {
		fmt.Fprintf(&b, "assign z_star[%d] = lane%d_zs[%d];\n", i, i%a.Lanes, i/a.Lanes)
	}
	b.WriteString(`reg [XW-1:0] abs_sum, tree_sum;
integer li;
always @* begin
  abs_sum = ZERO;
  tree_sum = ZERO;
  for (li = 0; li < L; li = li + 1) begin
    abs_sum = abs_sum + lane_abs_h[li*XW +: XW];
    tree_sum = tree_sum + lane_tree[li*XW +: XW];
  end
end
assign any_z_changed = (lane_z_changed != {L{1'b0}});
`)
	return b.String()
}

// laneNextState renders the lane schedule into the core's next-state logic: the counters'
// widths and last values, the conditions as wires, and per phase the walked counter's step
// and, at the visit's last cycle, the first edge whose condition holds.
func laneNextState(a datapath.Arch) string {
	width := map[datapath.LaneCounter]string{datapath.LCtrN: "NW", datapath.LCtrGroup: "GW", datapath.LCtrJ: "JW", datapath.LCtrSweep: "SW"}
	var b strings.Builder
	sched := datapath.LaneSchedule()
	for i, ph := range sched {
		if ph.Walking() {
			w := width[ph.Walks]
			fmt.Fprintf(&b, "localparam [%s-1:0] LAST_%-10s = %d;  // phase %d: %s cycles, %s steps\n", w, ph.Name, ph.LenFor(&a)-1, i, ph.Formula, ph.Walks)
		}
	}
	for _, c := range datapath.LaneConds()[1:] {
		fmt.Fprintf(&b, "wire %s = %s;\n", c.Name, c.Verilog)
	}
	b.WriteString("reg [AW-1:0] grp_a, j_a;  // grp_n and j_n at the address's width\nalways @* begin\n  ph_n = ph;\n")
	for _, c := range datapath.LaneCounters() {
		fmt.Fprintf(&b, "  %s_n = %s;\n", c, c)
	}
	first := sched[0].Name // the machine's first state (Machine starts at phase 0)
	fmt.Fprintf(&b, "  if (rst) begin\n    ph_n = PH_%s;\n", first)
	for _, c := range datapath.LaneCounters() {
		fmt.Fprintf(&b, "    %s_n = {%s{1'b0}};\n", c, width[c])
	}
	b.WriteString("  end else begin\n    case (ph)\n")
	conds := datapath.LaneConds()
	for _, ph := range sched {
		fmt.Fprintf(&b, "      PH_%s: begin\n", ph.Name)
		ind := "        "
		if ph.Walking() {
			fmt.Fprintf(&b, "%s%s_n = %s + 1'b1;\n%sif (%s == LAST_%s) begin\n%s  %s_n = {%s{1'b0}};\n", ind, ph.Walks, ph.Walks, ind, ph.Walks, ph.Name, ind, ph.Walks, width[ph.Walks])
			ind += "  "
		}
		only := len(ph.Edges) == 1 && ph.Edges[0].When == datapath.LAlways // its statements, no branch
		if only {
			ind = ind[2:]
		}
		for k, e := range ph.Edges {
			cond := conds[e.When].Name
			if e.Not {
				cond = "!" + cond
			}
			switch {
			case only:
			case e.When == datapath.LAlways:
				fmt.Fprintf(&b, "%send else begin\n", ind)
			case k == 0:
				fmt.Fprintf(&b, "%sif (%s) begin\n", ind, cond)
			default:
				fmt.Fprintf(&b, "%send else if (%s) begin\n", ind, cond)
			}
			for _, c := range e.Inc {
				fmt.Fprintf(&b, "%s  %s_n = %s + 1'b1;\n", ind, c, c)
			}
			for _, c := range e.Clear {
				fmt.Fprintf(&b, "%s  %s_n = {%s{1'b0}};\n", ind, c, width[c])
			}
			fmt.Fprintf(&b, "%s  ph_n = PH_%s;\n", ind, sched[e.To].Name)
		}
		if !only {
			fmt.Fprintf(&b, "%send\n", ind)
		}
		if ph.Walking() {
			b.WriteString("        end\n")
		}
		b.WriteString("      end\n")
	}
	fmt.Fprintf(&b, "      default: ph_n = PH_%s;\n    endcase\n  end\n", first)
	// The address of the next state: g D + j (a constant multiple: shifts for D a power of 2).
	b.WriteString("  grp_a = {AW{1'b0}};\n  grp_a[GW-1:0] = grp_n;\n  j_a = {AW{1'b0}};\n  j_a[JW-1:0] = j_n;\n  addr_n = grp_a * D_STEP + j_a;\nend\n")
	return b.String()
}
