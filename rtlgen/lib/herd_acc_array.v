// herd_acc_array: the positive-phase accumulator array of a herding datapath.
//
// T rows (hidden units) x B columns (data vectors) of FW-bit signed accumulators.
// Row r has one broadcast addend bus[r*FW +: FW]; column n has one enable bit.
// acc[r][n] sits at flat index r*B + n (the z bit of the same index).
//
// Written for the iCE40 (LUT4 + carry + DFF with clock enable and synchronous reset
// per logic cell). In WRAP mode an accumulator is FW + 3 logic cells: FW for the bits
// (adder LUT on the carry chain feeding its own DFF, `clear` on the sync reset, the
// column enable on the clock enable), 2 for overflow detection, 1 for its z bit. The
// readout chain adds FW cells per accumulator: one LUT (capture ? acc : next) and one
// DFF per bit. In SAT mode an accumulator is 2*FW + 2 cells: FW + 1 adder bits (one
// guard bit), FW - 1 clamp LUTs, the overflow flag and z.
//
// In WRAP mode the first MAC accumulators (flat index r*B + n < MAC) can live in DSP
// blocks (herd_mac_acc: an SB_MAC16 each on the UP5K): 3 logic cells each (z and the two
// overflow cells, unchanged) instead of FW + 3, and no carry chain. The UP5K has 8.
//
// Overflow is detected the cycle after the add, from registers. In WRAP mode the sign
// of the sum leaves the top adder LUT; if it also fed an overflow LUT in the same
// cycle, that LUT output could not stay inside the cell with the accumulator's top
// DFF (an iCE40 cell has one output), costing a pass-through cell per accumulator and
// a route and a LUT at the end of the carry path. Instead the cycle of the add
// registers "the operands had the same sign" (same_q) and the next cycle compares the
// new sign with the addend's registered sign: same cell count, and the add path ends
// at the top adder LUT. In SAT mode the register keeps the exact FW+1-bit sum and the
// clamp is applied when the value is read (see g_sat): clamping before the write
// would put the overflow test and a mux with fan-out FW after the carry chain.
//
// Timing contract. "Cycle c" is the clock period ending at edge c; an input asserted
// in cycle c is sampled at edge c. Every operation is applied IN_REG edges later, at
// edge c + IN_REG, all of them delayed alike, so their order is kept:
//   clear    acc := 0 at edge c + IN_REG (beats add; capture copies the value before).
//   add      acc := acc (+) bus at edge c + IN_REG for enabled columns; the overflow
//            of that add shows on `overflow` in cycle c + OVF_LATENCY (one cycle wide
//            per cycle of overflowing adds).
//   capture  z and (CHAIN) the shadow chain take the accumulators as they were before
//            edge c + IN_REG; they show in cycle c + CAPTURE_LATENCY.
//   shift    (CHAIN) chain_out shows the next value in cycle c + CAPTURE_LATENCY.
//            capture beats shift; the tail of the chain fills with zeros.
// See the localparams below; IN_REG = 0 gives latency 1 for z/chain_out and 3 for
// overflow: a flag register per accumulator (set the cycle after the add, see above),
// then the registered OR over the T*B flags.
//
// There is no reset other than `clear`: assert clear (and capture after it, for z and
// the chain) before relying on the outputs.

`default_nettype none

module herd_acc_array #(
  parameter integer B      = 16, // columns (data vectors), one enable bit each
  parameter integer T      = 8,  // rows (hidden units), one addend bus each
  parameter integer FW     = 24, // accumulator width in bits, signed, >= 2
  parameter integer FSAT   = 0,  // 0: two's-complement wrap, 1: saturate
  parameter integer CHAIN  = 0,  // 1: build the shadow readout chain
  parameter integer IN_REG = 0,  // 1: one register stage on every input (for fan-out)
  parameter integer MAC    = 0   // WRAP, FW <= 32: accumulators 0 .. MAC-1 (flat index) in DSPs
) (
  input  wire            clk,
  input  wire            clear,     // every accumulator := 0 (highest priority)
  input  wire            add,       // enabled accumulators += their row's bus
  input  wire            all,       // with add: every column is enabled
  input  wire [B-1:0]    colmask,   // with add and !all: column n enabled iff colmask[n]
  input  wire [T*FW-1:0] bus,       // row r's signed addend at bus[r*FW +: FW]
  input  wire            capture,   // z (and the chain) take the accumulators
  input  wire            shift,     // (CHAIN) the shadow chain advances one place
  output wire [T*B-1:0]  z,         // z[r*B+n] = 1 iff acc[r][n] >= 0 at the last capture
  output wire [FW-1:0]   chain_out, // (CHAIN) head of the shadow chain, else 0
  output wire            overflow   // an add did not fit FW bits (OVF_LATENCY)
);

  // ---- the contract in numbers (cycles from the input's cycle to the output's) ----
  // Not used by the logic: they state what it does, and the testbench checks them.
  /* verilator lint_off UNUSEDPARAM */
  localparam integer CAPTURE_LATENCY = 1 + IN_REG; // z, chain_out after capture/shift
  // Add edge, then the flag register per accumulator, then the registered OR tree.
  localparam integer OVF_LATENCY     = 3 + IN_REG;
  /* verilator lint_on UNUSEDPARAM */

  localparam integer N_ACC = T * B;   // accumulators (and z bits, and chain places)
  // Accumulators in DSP blocks (herd_mac_acc): only in WRAP mode, whose value is the low
  // FW bits of a sum and so the low FW bits of the DSP's 32-bit sum.
  localparam integer N_MAC = (FSAT == 0 && FW <= 32) ? ((MAC < N_ACC) ? MAC : N_ACC) : 0;
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
  wire            s_shift;

  wire [B-1:0] col_add = {B{add}} & ({B{all}} | colmask);

  generate
    if (IN_REG != 0) begin : g_in_reg
      reg            clear_q, capture_q, shift_q;
      reg [B-1:0]    col_add_q;
      reg [T*FW-1:0] bus_q;
      always @(posedge clk) begin
        clear_q   <= clear;
        col_add_q <= col_add;
        bus_q     <= bus;
        capture_q <= capture;
        shift_q   <= shift;
      end
      assign s_clear   = clear_q;
      assign s_col_add = col_add_q;
      assign s_bus     = bus_q;
      assign s_capture = capture_q;
      assign s_shift   = shift_q;
    end else begin : g_in_wire
      assign s_clear   = clear;
      assign s_col_add = col_add;
      assign s_bus     = bus;
      assign s_capture = capture;
      assign s_shift   = shift;
    end
  endgenerate

  // An add counts for overflow only when it happens: clear wins over add. Formed once
  // per column, and registered: both modes check for overflow the cycle after the add.
  wire [B-1:0] col_ovf_en = s_col_add & {B{~s_clear}};
  reg  [B-1:0] col_ovf_en_q;
  always @(posedge clk) col_ovf_en_q <= col_ovf_en;

  // ---- the accumulators --------------------------------------------------------------
  wire [N_ACC*FW-1:0] acc_flat;  // acc[r][n] at [(r*B+n)*FW +: FW]
  wire [N_ACC-1:0]    ovf_flag;  // registered: acc[r][n]'s last add overflowed

  genvar r, n, k;
  generate
    for (r = 0; r < T; r = r + 1) begin : g_row
      wire [FW-1:0] addend = s_bus[r*FW +: FW];
      // The addend's sign one cycle late, for the WRAP overflow check (SAT: unused).
      /* verilator lint_off UNUSEDSIGNAL */
      reg addend_neg_q;
      /* verilator lint_on UNUSEDSIGNAL */
      always @(posedge clk) addend_neg_q <= addend[FW-1];

      for (n = 0; n < B; n = n + 1) begin : g_col
        wire [FW-1:0] value;   // the accumulator's value
        reg           ovf_q;   // its add of the cycle before overflowed (see the header)
        reg           z_q;

        if (FSAT != 0) begin : g_sat
          // Lazy saturation: ext holds the exact FW+1-bit sum of the last add (the sum
          // of two FW-bit values always fits) and the value is ext clamped to FW bits.
          // The clamp LUTs sit between the register and the adder and are selected by
          // registered bits, so nothing follows the carry chain but the top sum LUT.
          reg  [FW:0] ext;
          wire        out_of_range = ext[FW] ^ ext[FW-1];
          assign value = !out_of_range ? ext[FW-1:0] : (ext[FW] ? MOST_NEG : MOST_POS);
          always @(posedge clk) begin
            if (s_clear)           ext <= {(FW+1){1'b0}};
            else if (s_col_add[n]) ext <= {value[FW-1], value} + {addend[FW-1], addend};
            // The add of the cycle before overflowed iff it left ext out of range.
            ovf_q <= col_ovf_en_q[n] & out_of_range;
          end
        end else begin : g_wrap
          wire [FW-1:0] acc;
          if (r * B + n < N_MAC) begin : g_mac
            // In a DSP block: no logic cells for the bits (see herd_mac_acc).
            herd_mac_acc #(.FW(FW)) mac (.clk(clk), .clear(s_clear), .add(s_col_add[n]),
                                         .addend(addend), .acc(acc));
          end else begin : g_lut
            // Low FW bits of the exact sum: the carry chain, one LUT per bit; sync reset
            // over clock enable gives SB_DFFESR per bit, no mux in front of it.
            reg  [FW-1:0] acc_q;
            wire [FW-1:0] sum = acc_q + addend;
            always @(posedge clk)
              if (s_clear)           acc_q <= {FW{1'b0}};
              else if (s_col_add[n]) acc_q <= sum;
            assign acc = acc_q;
          end
          assign value = acc;
          // The exact sum leaves the FW-bit range iff both operands have one sign and
          // the low FW bits the other. Cycle of the add: were the operands' signs the
          // same (1 cell)? Next cycle: is the new sign not theirs (1 cell)?
          reg same_q;
          always @(posedge clk) begin
            same_q <= (acc[FW-1] == addend[FW-1]);
            ovf_q  <= col_ovf_en_q[n] & same_q & (acc[FW-1] != addend_neg_q);
          end
        end

        always @(posedge clk)
          if (s_capture) z_q <= ~value[FW-1];  // sign(0) = +1

        assign acc_flat[(r*B+n)*FW +: FW] = value;
        assign ovf_flag[r*B+n]            = ovf_q;
        assign z[r*B+n]                   = z_q;
      end
    end
  endgenerate

  // ---- overflow: one registered OR over all flags (log4(T*B) LUT levels) -------------
  reg ovf_any;
  always @(posedge clk)
    ovf_any <= |ovf_flag;
  assign overflow = ovf_any;

  // ---- shadow readout chain ----------------------------------------------------------
  // Place k = n*T + r holds acc[r][n] (column-major), place 0 is the head: after a
  // capture chain_out is acc[0][0], then acc[1][0] ... acc[T-1][0], acc[0][1] ...
  generate
    if (CHAIN != 0) begin : g_chain
      wire [N_ACC*FW-1:0] sh_flat;   // place k at [k*FW +: FW]
      for (k = 0; k < N_ACC; k = k + 1) begin : g_place
        localparam integer R = k % T;  // the accumulator this place captures
        localparam integer C = k / T;
        reg  [FW-1:0] sh;
        wire [FW-1:0] next;            // what a shift moves in: the next place, or 0
        if (k + 1 < N_ACC) begin : g_mid
          assign next = sh_flat[(k+1)*FW +: FW];
        end else begin : g_tail
          assign next = {FW{1'b0}};
        end
        always @(posedge clk)
          if (s_capture)    sh <= acc_flat[(R*B+C)*FW +: FW];
          else if (s_shift) sh <= next;
        assign sh_flat[k*FW +: FW] = sh;
      end
      assign chain_out = sh_flat[FW-1:0];
    end else begin : g_no_chain
      assign chain_out = {FW{1'b0}};
      wire unused_no_chain = ^{s_shift, acc_flat};  // lint: no chain, nothing reads them
    end
  endgenerate

endmodule

// herd_mac_acc: one WRAP accumulator of herd_acc_array in a DSP block. acc is the low FW
// bits of a 32-bit accumulator: a sum's low FW bits depend only on the operands' low FW
// bits, so they are the FW-bit wrapping accumulator's, whatever the upper bits do.
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

`default_nettype wire
