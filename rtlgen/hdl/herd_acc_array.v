// herd_acc_array: the positive-phase accumulator array of a herding datapath.
//
// T rows (hidden units) x B columns (data vectors) of FW-bit signed accumulators.
// Row r has one broadcast addend bus[r*FW +: FW]; column n has one enable bit.
// acc[r][n] sits at flat index r*B + n (the z bit of the same index).
//
// Written for the iCE40 (LUT4 + carry + DFF with clock enable and synchronous reset
// per logic cell). Every accumulator's register is FW + 1 bits, one guard bit above the
// value: in WRAP mode the low FW + 1 bits of the exact sum (its low FW bits are the
// wrapping accumulator's), in SAT mode the exact sum of the last add (the value is the
// register clamped to FW bits, see g_sat). The register's top two bits differ iff it
// holds a value out of the FW-bit range, and only an add that overflows puts it there
// (from a value in range, a sum of two FW-bit values fits FW + 1 bits).
//
// In WRAP mode an accumulator is FW + 2 logic cells: FW + 1 for the bits (adder LUT on
// the carry chain feeding its own DFF, `clear` on the sync reset, the column enable on the
// clock enable) and 1 for its z bit. In SAT mode it is 2 FW + 1: FW + 1 adder bits, FW - 1
// clamp LUTs and z. The overflow check is half a LUT an accumulator: a LUT4 takes two
// registers' top bits ((g ^ t) | (g' ^ t')), and a registered tree of OR4s
// (herd_or4_tree) reduces those to the flag. Nothing follows an adder's carry chain in
// the cycle of the add, and the check's LUTs read flip-flops only.
//
// In WRAP mode the first MAC accumulators (flat index r*B + n < MAC) can live in DSP
// blocks (herd_mac_acc: an SB_MAC16 each on the UP5K, its 32-bit sum's low FW + 1 bits
// the register): 1 logic cell each (z) instead of FW + 2, and no carry chain. The UP5K
// has 8.
//
// The readout (READOUT) adds about 0.63 FW cells per accumulator: a walking one-hot
// select, a level that takes two accumulators a LUT4 ((v & sel) | (v' & sel')), and the
// same OR4 tree, FW bits wide (T B / 2 + T B / 8 + ... LUTs a bit).
//
// Timing contract. "Cycle c" is the clock period ending at edge c; an input asserted
// in cycle c is sampled at edge c. Every operation is applied IN_REG edges later, at
// edge c + IN_REG, all of them delayed alike, so their order is kept:
//   clear    acc := 0 at edge c + IN_REG (beats add; capture takes the value before).
//   add      acc := acc (+) bus at edge c + IN_REG for enabled columns. If the add
//            overflows, `overflow` is high in cycle c + OVF_LATENCY, and it stays high
//            while any register is out of range (until a clear, or in SAT mode an add
//            that brings it back): a flag for a sticky register, not a count.
//   capture  z takes the accumulators' signs as they were before edge c + IN_REG; it
//            shows in cycle c + CAPTURE_LATENCY.
//   read     (READOUT) a walk over the accumulators in place order, k = n T + r for
//            acc[r][n] (a column's rows, then the next column): place k shows on rd_out
//            in cycle c + READ_LATENCY + k, the value the accumulator holds in cycle
//            c + IN_REG + 1 + k. rd_out is 0 outside a walk; read restarts one. There is
//            no copy: the caller keeps the accumulators still while they are read (the
//            tiled core's energy pass reads them after its adds, before its next clear).
// See the localparams below: with IN_REG = 0, z shows a cycle after capture, and
// overflow and the readout's first value 2 + RD_LEVELS cycles after their cause (the
// register or select, the pair level, the tree's levels).
//
// There is no reset other than `clear`: assert clear (and capture after it, for z)
// before relying on the outputs.

`default_nettype none

module herd_acc_array #(
  parameter integer B      = 16, // columns (data vectors), one enable bit each
  parameter integer T      = 8,  // rows (hidden units), one addend bus each
  parameter integer FW     = 24, // accumulator width in bits, signed, >= 2
  parameter integer FSAT   = 0,  // 0: two's-complement wrap, 1: saturate
  parameter integer READOUT = 0, // 1: build the readout (read, rd_out)
  parameter integer IN_REG = 0,  // 1: one register stage on every input (for fan-out)
  parameter integer MAC    = 0,  // WRAP, FW <= 32: accumulators 0 .. MAC-1 (flat index) in DSPs
  parameter integer SCHED_RL = 0 // (READOUT) the readout latency the schedule counts on; 0: unchecked
) (
  input  wire            clk,
  input  wire            clear,     // every accumulator := 0 (highest priority)
  input  wire            add,       // enabled accumulators += their row's bus
  input  wire            all,       // with add: every column is enabled
  input  wire [B-1:0]    colmask,   // with add and !all: column n enabled iff colmask[n]
  input  wire [T*FW-1:0] bus,       // row r's signed addend at bus[r*FW +: FW]
  input  wire            capture,   // z takes the accumulators' signs
  input  wire            read,      // (READOUT) walk the accumulators out on rd_out
  output wire [T*B-1:0]  z,         // z[r*B+n] = 1 iff acc[r][n] >= 0 at the last capture
  output wire [FW-1:0]   rd_out,    // (READOUT) the walk's value, else 0
  output wire            overflow   // an add did not fit FW bits (OVF_LATENCY)
);

  localparam integer N_ACC = T * B;   // accumulators (and z bits, and readout places)
  // The readout and the overflow check each reduce the accumulators through a tree: a
  // pair level (N_PAIRS nodes, two accumulators each), then RD_LEVELS levels of
  // herd_or4_tree (four nodes a LUT) down to one.
  localparam integer N_PAIRS   = (N_ACC + 1) / 2;
  function integer or4_levels;  // registered OR4 levels that reduce n nodes to one
    input integer n;
    integer m;
    begin
      or4_levels = 0;
      for (m = n; m > 1; m = (m + 3) / 4) or4_levels = or4_levels + 1;
    end
  endfunction
  localparam integer RD_LEVELS = or4_levels(N_PAIRS);

  // ---- the contract in numbers (cycles from the input's cycle to the output's) ----
  // Not used by the logic: they state what it does, and the testbench checks them.
  /* verilator lint_off UNUSEDPARAM */
  localparam integer CAPTURE_LATENCY = 1 + IN_REG; // z after capture
  // The add's edge, the pair level and the RD_LEVELS levels above it.
  localparam integer OVF_LATENCY     = IN_REG + 2 + RD_LEVELS;
  // read's cycle, then the select, the pair level and the RD_LEVELS levels above it.
  localparam integer READ_LATENCY    = IN_REG + 2 + RD_LEVELS;
  /* verilator lint_on UNUSEDPARAM */
  // The schedule (datapath.ReadoutLatency) is counted on this readout: a disagreement
  // stops elaboration instead of shifting every energy by a cycle.
  generate
    if (READOUT != 0 && SCHED_RL != 0 && SCHED_RL != READ_LATENCY) begin : g_bad_latency
      herd_param_error_acc_array_readout_latency_disagrees_with_the_schedule bad ();
    end
  endgenerate

  // Accumulators in DSP blocks (herd_mac_acc): only in WRAP mode, whose value is the low
  // FW bits of a sum and so the low FW bits of the DSP's 32-bit sum.
  localparam integer N_MAC = (FSAT == 0 && FW + 1 <= 32) ? ((MAC < N_ACC) ? MAC : N_ACC) : 0;
  // Saturation limits, used only when FSAT = 1.
  localparam [FW-1:0] MOST_POS = {1'b0, {(FW-1){1'b1}}};
  localparam [FW-1:0] MOST_NEG = {1'b1, {(FW-1){1'b0}}};

  // ---- input stage -----------------------------------------------------------------
  // The column enable add & (all | colmask[n]) is formed here, once per column, so an
  // accumulator's clock enable is one shared net per column. With IN_REG = 1 these are
  // registered: the big fan-outs (bus to B adders, col_add to T*FW enables, clear to
  // every reset) then start at a flip-flop instead of the caller's logic.
  wire            s_clear;
  wire [B-1:0]    s_col_add;
  wire [T*FW-1:0] s_bus;
  wire            s_capture;
  wire            s_read;

  wire [B-1:0] col_add = {B{add}} & ({B{all}} | colmask);

  generate
    if (IN_REG != 0) begin : g_in_reg
      reg            clear_q, capture_q, read_q;
      reg [B-1:0]    col_add_q;
      reg [T*FW-1:0] bus_q;
      always @(posedge clk) begin
        clear_q   <= clear;
        col_add_q <= col_add;
        bus_q     <= bus;
        capture_q <= capture;
        read_q    <= read;
      end
      assign s_clear   = clear_q;
      assign s_col_add = col_add_q;
      assign s_bus     = bus_q;
      assign s_capture = capture_q;
      assign s_read    = read_q;
    end else begin : g_in_wire
      assign s_clear   = clear;
      assign s_col_add = col_add;
      assign s_bus     = bus;
      assign s_capture = capture;
      assign s_read    = read;
    end
  endgenerate

  // ---- the accumulators --------------------------------------------------------------
  wire [N_ACC*FW-1:0] acc_flat;  // acc[r][n] at [(r*B+n)*FW +: FW]
  // Every accumulator's register is FW + 1 bits: its top two bits (guard, top) differ iff
  // it holds a value out of the FW-bit range, which only an add that overflows leaves.
  wire [N_ACC-1:0]    rng_g, rng_t;

  genvar r, n;
  generate
    for (r = 0; r < T; r = r + 1) begin : g_row
      wire [FW-1:0] addend = s_bus[r*FW +: FW];

      for (n = 0; n < B; n = n + 1) begin : g_col
        wire [FW-1:0] value;   // the accumulator's value
        wire [1:0]    gt;      // its register's guard and top bits
        reg           z_q;

        if (FSAT != 0) begin : g_sat
          // Lazy saturation: ext holds the exact FW+1-bit sum of the last add (the sum
          // of two FW-bit values always fits) and the value is ext clamped to FW bits.
          // The clamp LUTs sit between the register and the adder and are selected by
          // registered bits, so nothing follows the carry chain but the top sum LUT.
          reg  [FW:0] ext;
          wire        out_of_range = ext[FW] ^ ext[FW-1];
          assign value = !out_of_range ? ext[FW-1:0] : (ext[FW] ? MOST_NEG : MOST_POS);
          assign gt = ext[FW:FW-1];
          always @(posedge clk)
            if (s_clear)           ext <= {(FW+1){1'b0}};
            else if (s_col_add[n]) ext <= {value[FW-1], value} + {addend[FW-1], addend};
        end else begin : g_wrap
          // The low FW + 1 bits of the exact sum: its low FW bits are the wrapping
          // accumulator's, and bit FW is the guard. An add from a value in range cannot
          // leave FW + 1 bits, so the register is out of range from the overflowing add
          // on (a later add may bring it back; the flag has seen it by then).
          wire [FW:0] acc;
          if (r * B + n < N_MAC) begin : g_mac
            // In a DSP block: no logic cells for the bits (see herd_mac_acc).
            herd_mac_acc #(.FW(FW + 1)) mac (.clk(clk), .clear(s_clear), .add(s_col_add[n]),
                                             .addend({addend[FW-1], addend}), .acc(acc));
          end else begin : g_lut
            // The carry chain, one LUT per bit; sync reset over clock enable gives
            // SB_DFFESR per bit, no mux in front of it.
            reg  [FW:0] acc_q;
            wire [FW:0] sum = acc_q + {addend[FW-1], addend};
            always @(posedge clk)
              if (s_clear)           acc_q <= {(FW+1){1'b0}};
              else if (s_col_add[n]) acc_q <= sum;
            assign acc = acc_q;
          end
          assign value = acc[FW-1:0];
          assign gt = acc[FW:FW-1];
        end

        always @(posedge clk)
          if (s_capture) z_q <= ~value[FW-1];  // sign(0) = +1

        assign acc_flat[(r*B+n)*FW +: FW] = value;
        assign {rng_g[r*B+n], rng_t[r*B+n]} = gt;
        assign z[r*B+n]                   = z_q;
      end
    end
  endgenerate

  // ---- overflow: the registered OR over the accumulators' range checks -------------
  // The pair level takes two accumulators a LUT4 ((g ^ t) | (g' ^ t')), the tree above it
  // four nodes a LUT, each level registered (the readout's shape: RD_LEVELS levels).
  reg [N_PAIRS-1:0] ovf_pairs;
  integer oa;
  always @(posedge clk)
    for (oa = 0; oa < N_PAIRS; oa = oa + 1)
      ovf_pairs[oa] <= (rng_g[2*oa] ^ rng_t[2*oa])
                     | ((2*oa + 1 < N_ACC) ? (rng_g[(2*oa+1 < N_ACC) ? 2*oa+1 : 0] ^ rng_t[(2*oa+1 < N_ACC) ? 2*oa+1 : 0]) : 1'b0);
  herd_or4_tree #(.N(N_PAIRS), .W(1)) ovf_tree (.clk(clk), .in(ovf_pairs), .out(overflow));

  // ---- readout -----------------------------------------------------------------------
  // A one-hot select walks the places (sel[k]: place k this cycle); the pair level takes
  // places 2a and 2a+1 ((v & sel) | (v' & sel'), one LUT4 a bit) and the tree above it
  // carries the selected value to rd_out. Every node is a LUT with its flip-flop: the tree
  // costs no cells beyond its LUTs, and no path crosses more than one LUT.
  generate
    if (READOUT != 0) begin : g_read
      reg [N_ACC-1:0] sel;
      initial sel = {N_ACC{1'b0}};  // no walk before the first read (the iCE40's flip-flops start at 0)
      always @(posedge clk)
        if (s_read) sel <= {{(N_ACC-1){1'b0}}, 1'b1};
        else        sel <= {sel[N_ACC-2:0], 1'b0};
      // place p holds acc[p % T][p / T]
      reg [N_PAIRS*FW-1:0] pairs;
      integer a;
      always @(posedge clk)
        for (a = 0; a < N_PAIRS; a = a + 1)
          pairs[a*FW +: FW] <= (acc_flat[((2*a)%T*B + (2*a)/T)*FW +: FW] & {FW{sel[2*a]}})
            | ((2*a+1 < N_ACC) ? (acc_flat[((2*a+1)%T*B + (2*a+1)/T)*FW +: FW] & {FW{sel[(2*a+1 < N_ACC) ? 2*a+1 : 0]}}) : {FW{1'b0}});
      herd_or4_tree #(.N(N_PAIRS), .W(FW)) rd_tree (.clk(clk), .in(pairs), .out(rd_out));
    end else begin : g_no_read
      assign rd_out = {FW{1'b0}};
      wire unused_no_read = ^{s_read, acc_flat};  // lint: no readout, nothing reads them
    end
  endgenerate

endmodule

// herd_mac_acc: one WRAP accumulator register of herd_acc_array in a DSP block (FW is the
// register's width, the array's plus its guard bit). acc is the low FW bits of a 32-bit
// accumulator: a sum's low FW bits depend only on the operands' low FW bits, so they are
// the FW-bit wrapping register's, whatever the upper bits do.
//   clear: acc := 0 at the next edge (beats add);  add: acc := acc + addend.
// With HERD_ICE40_UP5K defined (herdsim synth does so for the UP5K) it is an SB_MAC16 as
// a 32-bit accumulator: {A, B} the addend, the output registers the accumulator, OLOAD
// of C = D = 0 the clear, OHOLD the enable. Otherwise the same accumulator in logic.
/* verilator lint_off DECLFILENAME */  // a helper of herd_acc_array, kept in its file
module herd_mac_acc #(
  parameter integer FW = 22  // 1 .. 32
) (
  input  wire          clk,
  input  wire          clear,
  input  wire          add,
  input  wire [FW-1:0] addend,
  output wire [FW-1:0] acc
);
`ifdef HERD_ICE40_UP5K
  wire signed [31:0] addend32 = $signed(addend);  // sign-extended (any extension would do)
  wire        hold = !(clear || add);
  wire [31:0] o;
  SB_MAC16 #(
    .TOPOUTPUT_SELECT(2'd1), .BOTOUTPUT_SELECT(2'd1),          // O: the accumulator registers
    .TOPADDSUB_LOWERINPUT(2'd0), .BOTADDSUB_LOWERINPUT(2'd0),  // addends A (high), B (low)
    .TOPADDSUB_UPPERINPUT(1'b0), .BOTADDSUB_UPPERINPUT(1'b0),  // plus the accumulators
    .TOPADDSUB_CARRYSELECT(2'd2), .BOTADDSUB_CARRYSELECT(2'd0) // one 32-bit carry chain
  ) mac (
    .CLK(clk), .CE(1'b1), .A(addend32[31:16]), .B(addend32[15:0]), .C(16'd0), .D(16'd0),
    .AHOLD(1'b0), .BHOLD(1'b0), .CHOLD(1'b0), .DHOLD(1'b0),
    .IRSTTOP(1'b0), .IRSTBOT(1'b0), .ORSTTOP(1'b0), .ORSTBOT(1'b0),
    .OLOADTOP(clear), .OLOADBOT(clear), .ADDSUBTOP(1'b0), .ADDSUBBOT(1'b0),
    .OHOLDTOP(hold), .OHOLDBOT(hold), .CI(1'b0), .ACCUMCI(1'b0), .SIGNEXTIN(1'b0),
    .O(o), .CO(), .ACCUMCO(), .SIGNEXTOUT()
  );
  assign acc = o[FW-1:0];
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_high = ^o;
  /* verilator lint_on UNUSEDSIGNAL */
`else
  reg [FW-1:0] acc_q;
  always @(posedge clk)
    if (clear)    acc_q <= {FW{1'b0}};
    else if (add) acc_q <= acc_q + addend;
  assign acc = acc_q;
`endif
endmodule
/* verilator lint_on DECLFILENAME */

// herd_or4_tree: the OR of N nodes of W bits, four a LUT4 at each level, every level
// registered: out shows the OR of the nodes of cycle c in cycle c + LEVELS, LEVELS the
// fourfold reductions from N to one (0 for N = 1: out is in). herd_acc_array's readout and
// overflow check end in one; a node is a LUT and its flip-flop, one LUT deep.
/* verilator lint_off DECLFILENAME */  // a helper of herd_acc_array, kept in its file
module herd_or4_tree #(
  parameter integer N = 4,  // nodes, >= 1
  parameter integer W = 1   // bits a node
) (
  input  wire         clk,
  input  wire [N*W-1:0] in,
  output wire [W-1:0] out
);
  localparam integer M = (N + 3) / 4;  // nodes of the first level
  generate
    if (N == 1) begin : g_leaf
      assign out = in;
      wire unused_clk = clk;  // lint: nothing to register
    end else begin : g_level
      reg [M*W-1:0] node;
      integer a;
      always @(posedge clk)
        for (a = 0; a < M; a = a + 1) node[a*W +: W] <= node_or(a);
      function [W-1:0] node_or;  // the OR of node a's (up to) four inputs
        input integer na;
        integer nc;
        begin
          node_or = {W{1'b0}};
          for (nc = 0; nc < 4; nc = nc + 1)
            if (4*na + nc < N) node_or = node_or | in[(4*na + nc)*W +: W];
        end
      endfunction
      herd_or4_tree #(.N(M), .W(W)) up (.clk(clk), .in(node), .out(out));
    end
  endgenerate
endmodule
/* verilator lint_on DECLFILENAME */

`default_nettype wire
