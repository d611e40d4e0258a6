package rtlgen

import (
	"herdsim/datapath"
)

// laneRegs are the registers a lane holds or writes.
var laneRegs = []datapath.Reg{datapath.RegW, datapath.RegB, datapath.RegField, datapath.RegPositive, datapath.RegUpdate}

// laneModule is herd_lane: one lane of datapath/doc.go, serving hidden units
// i = g L + LANE. It owns the lane's W and P banks (G D words: word g D + j holds row
// i = g L + LANE), its b and sum-z banks (G words), its field accumulator and the lane's
// z bits (zcur, zprev, zbest, zs: bit g is hidden unit g L + LANE). The core sequences it.
func laneModule(a datapath.Arch) *module {
	m := &module{name: "herd_lane", comment: `herd_lane: one lane of the herding datapath (datapath/doc.go), hidden units i = g L + LANE.
Memories read synchronously at the next cycle's address (addr_rd, grp_rd), so in every
cycle w_rd, p_rd, b_rd hold the words at (addr, grp), as the model reads them.`}
	m.params = []param{
		{"LANE", "0", "this lane's index l"},
		{"G", "1", "groups: G = ceil(K/L)"},
		{"D", "1", "visible units"},
		{"N", "1", "data vectors"},
		{"LAST_L", "1", "lanes that serve the last group (K - (G-1) L)"},
		{"ZB", "1", "groups with a unit in this lane: G, or G-1 when the last group is partial"},
		{"GROW", "0", "1: hidden-bias growth (b += sum z - N z*)"},
		{"XW", "8", "exact-arithmetic width (from herd_core)"},
		{"AW", "1", "bank address width"},
		{"GW", "1", "group counter width"},
	}
	m.params = append(m.params, regParams(a, laneRegs)...)
	m.params = append(m.params, param{"W_FILE", `""`, "$readmemh file of this lane's W bank"}, param{"B_FILE", `""`, "$readmemh file of this lane's b bank"})
	m.ports = []port{
		{"input", "wire", "", "clk", ""},
		{"input", "wire", "AW-1:0", "addr", "bank word g D + j of this cycle (writes)"},
		{"input", "wire", "AW-1:0", "addr_rd", "bank word of the next cycle (synchronous reads)"},
		{"input", "wire", "GW-1:0", "grp", "group g of this cycle"},
		{"input", "wire", "GW-1:0", "grp_rd", "group of the next cycle"},
		{"input", "wire", "", "fld_en", "field pass cycle (phPosField, phZField)"},
		{"input", "wire", "", "fld_first", "j = 0: the accumulator restarts"},
		{"input", "wire", "", "fld_x", "x_j of the field pass (+1 when set)"},
		{"input", "wire", "", "pos_fin", "phPosFinish"},
		{"input", "wire", "", "z_fin", "phZFinish"},
		{"input", "wire", "", "pacc_en", "P += z_prev,i x_prev,j (phPosField with n > 0, phDrain)"},
		{"input", "wire", "", "pacc_x", "x_prev,j"},
		{"input", "wire", "", "pos_end", "phPosEnd"},
		{"input", "wire", "", "keep", "phPosEnd keeps this vector as the search start"},
		{"input", "wire", "", "start_load", "phStart loads zs from zbest"},
		{"input", "wire", "", "upd_en", "phUpdate"},
		{"input", "wire", "", "upd_x", "x*_j in the update"},
		{"input", "wire", "", "upd_b", "phUpdate at j = 0 with hidden-bias growth"},
		{"output", "wire", "XW-1:0", "abs_h", "|h| of this lane in phPosFinish, else 0"},
		{"output", "wire", "XW-1:0", "tree_term", "+-W[i][j] by z*_i for the adder tree (0 for a missing unit)"},
		{"output", "wire", "", "z_changed", "phZFinish flipped this lane's z*_i"},
		{"output", "wire", "ZB-1:0", "z_star", "z*_i of unit g L + LANE at bit g"},
		{"output", "wire", "", "ovf", "a register write of this cycle overflowed"},
	}
	m.add("Localparams and the exact-arithmetic helpers of every register this lane writes.", `
localparam GD = G * D;
localparam G_LAST_I = G - 1;
localparam [GW-1:0] G_LAST = G_LAST_I[GW-1:0];
localparam [XW-1:0] ZERO = {XW{1'b0}};
localparam [XW-1:0] ONE = {{(XW-1){1'b0}}, 1'b1};
localparam [XW-1:0] N_X = N;
`+regFunctions(laneRegs))
	m.add("The lane serves hidden unit g L + LANE only when it exists (the last group may be partial).", `
wire valid = (grp != G_LAST) || (LANE < LAST_L);
`)
	m.add("Banks (inferred RAMs, one write port, one synchronous read port): W and b from $readmemh\n(per-lane files written by herdsim rtl), P and sum z start at zero.", `
reg [W_W-1:0] w_mem [0:GD-1];
reg [POSITIVE_W-1:0] p_mem [0:GD-1];
reg [B_W-1:0] b_mem [0:G-1];
reg [W_W-1:0] w_rd;
reg [POSITIVE_W-1:0] p_rd;
reg [B_W-1:0] b_rd;
integer k;
initial begin
  $readmemh(W_FILE, w_mem);
  $readmemh(B_FILE, b_mem);
  for (k = 0; k < GD; k = k + 1) p_mem[k] = {POSITIVE_W{1'b0}};
end
always @(posedge clk) begin
  w_rd <= w_mem[addr_rd];
  p_rd <= p_mem[addr_rd];
  b_rd <= b_mem[grp_rd];
end
`)
	m.add("Lane registers: the field accumulator and the z bits (bit g: hidden unit g L + LANE).", `
reg [FIELD_W-1:0] acc;
reg [G-1:0] zcur, zprev, zbest, zs;
initial begin
  acc = {FIELD_W{1'b0}};
  zcur = {G{1'b0}};
  zprev = {G{1'b0}};
  zbest = {G{1'b0}};
  zs = {G{1'b0}};
end
`)
	m.add("Exact values (tick.go), each cast by the register it is written to.", `
wire [XW-1:0] w_x = ext_w(w_rd);
wire [XW-1:0] pm_w = fld_x ? w_x : ZERO - w_x;                                   // +-W[i][j] by x_j
wire [XW-1:0] fld_sum = (fld_first ? ZERO : ext_field(acc)) + pm_w;              // posField/zField: acc (+)= +-W
wire [XW-1:0] h_sum = ext_field(acc) + ext_b(b_rd);                              // posFinish/zFinish: h = acc + b
wire [FIELD_W-1:0] h = cast_field(h_sum);
wire z = ~h[FIELD_W-1];                                                          // sign(h), ties to +1
wire [XW-1:0] h_x = ext_field(h);
wire [XW-1:0] p_sum = ext_positive(p_rd) + ((zprev[grp] == pacc_x) ? ONE : ZERO - ONE);   // P += z_prev,i x_prev,j
wire [XW-1:0] w_upd = w_x + ext_positive(p_rd) - ((zs[grp] == upd_x) ? N_X : ZERO - N_X); // W + P - N z*_i x*_j
wire [UPDATE_W-1:0] w_upd_c = cast_update(w_upd);
wire [W_W-1:0] w_new = cast_w(ext_update(w_upd_c));
assign abs_h = (pos_fin && valid) ? (z ? h_x : ZERO - h_x) : ZERO;
assign tree_term = valid ? (zs[grp] ? w_x : ZERO - w_x) : ZERO;                   // xAcc: +-W[i][j] by z*_i
assign z_changed = z_fin && valid && (z != zs[grp]);
assign z_star = zs[ZB-1:0];
`)
	m.add("Hidden-bias growth (phPosFinish: sum z += z_i; phUpdate at j = 0: b += sum z - N z*_i), else b is constant.", `
wire [XW-1:0] b_upd;
wire b_ovf;
generate
  if (GROW != 0) begin : grow
    reg [POSITIVE_W-1:0] pb_mem [0:G-1];
    reg [POSITIVE_W-1:0] pb_rd;
    integer kb;
    initial for (kb = 0; kb < G; kb = kb + 1) pb_mem[kb] = {POSITIVE_W{1'b0}};
    always @(posedge clk) pb_rd <= pb_mem[grp_rd];
    wire [XW-1:0] pb_sum = ext_positive(pb_rd) + (z ? ONE : ZERO - ONE);
    always @(posedge clk)
      if (valid && (pos_fin || upd_b)) pb_mem[grp] <= upd_b ? {POSITIVE_W{1'b0}} : cast_positive(pb_sum);
    assign b_upd = ext_b(b_rd) + ext_positive(pb_rd) - (zs[grp] ? N_X : ZERO - N_X);
    assign b_ovf = valid && ((pos_fin && !fits_positive(pb_sum)) || (upd_b && !fits_update(b_upd)) ||
                             (upd_b && !fits_b(ext_update(cast_update(b_upd)))));
  end else begin : no_grow
    assign b_upd = ext_b(b_rd);
    assign b_ovf = 1'b0;
  end
endgenerate
wire [UPDATE_W-1:0] b_upd_c = cast_update(b_upd);
wire [B_W-1:0] b_new = cast_b(ext_update(b_upd_c));
`)
	m.add("Bank writes: P in posField/drain (accumulate) and update (clear); W in update; b at j = 0 of update.", `
always @(posedge clk) begin
  if (valid && (pacc_en || upd_en)) p_mem[addr] <= upd_en ? {POSITIVE_W{1'b0}} : cast_positive(p_sum);
  if (valid && upd_en) w_mem[addr] <= w_new;
  if (valid && upd_b) b_mem[grp] <= b_new;
end
`)
	m.add("Register writes of the phase machine (tick.go: posField, posFinish, posEnd, start, zField, zFinish).", `
always @(posedge clk) begin
  if (valid && fld_en) acc <= cast_field(fld_sum);
  if (valid && pos_fin) zcur[grp] <= z;
  if (z_changed) zs[grp] <= z;
  if (pos_end) begin
    zprev <= zcur;
    if (keep) zbest <= zcur;
  end
  if (start_load) zs <= zbest;
end
`)
	m.add("Overflow of any register write of this cycle (the model's overflow count).", `
assign ovf = b_ovf || (valid && (
  (fld_en && !fits_field(fld_sum)) ||
  ((pos_fin || z_fin) && !fits_field(h_sum)) ||
  (pacc_en && !fits_positive(p_sum)) ||
  (upd_en && !fits_update(w_upd)) ||
  (upd_en && !fits_w(ext_update(w_upd_c)))));
`)
	return m
}
