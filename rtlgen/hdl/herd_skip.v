// herd_skip: the word-skip datapath's part of the look-ahead phase machine (datapath.Arch
// SkipBusy, TileSizes.PassLen). Batch b's pass takes max(L_b + 4, L_(b-1) + 2, 4) cycles,
// L_b its busy X words: two ROMs made from the layout (rtlgen renders their words) hold, at
// word b - 1 (batch 0's at word NB), LEN - 2 (PASS_ROM) and {L_b != 0, L_b - 1} (BUSY_ROM). The
// look-ahead machine reads the next batch's words during a pass (at its own batch: no
// adder; address, then data, ready from its cycle 2) and takes them as it enters the pass.
// Its windows: la_rd, the look-ahead's cycle reads a busy X word (cycle < L_b); la_st, it
// issues batch b-1's statistics (cycle < L_(b-1)); la_zs, it issues batch b-1's sum z
// (cycle L_(b-1), before the pass's end: L_(b-1) + 2 <= LEN).

`default_nettype none

module herd_skip #(
  parameter integer D        = 64,
  parameter integer NB       = 8,
  parameter integer CYW      = 13,
  // derived (leave them)
  parameter integer DW  = (D > 1) ? $clog2(D) : 1,
  parameter integer NBW = ($clog2(NB + 1) > 0) ? $clog2(NB + 1) : 1,
  // the ROMs' words, word i at [i W +: W]
  parameter [(NB+1)*CYW-1:0]    PASS_ROM = 0,  // LEN - 2 of each pass
  parameter [(NB+1)*(DW+1)-1:0] BUSY_ROM = 0   // {L != 0, L - 1} of each batch
) (
  input  wire           clk,
  input  wire           rst,
  input  wire           nx_run,      // the look-ahead machine runs
  input  wire           nx_pass,     // it is in PASS
  input  wire           at_last_a,   // at its phase's last cycle
  input  wire           enter_pass,  // and enters PASS next
  input  wire [NBW-1:0] batch_a,     // its batch
  input  wire [DW-1:0]  cyc_aj,      // its cycle's low bits (a pass is shorter than 2 D)
  output reg  [CYW-1:0] pl_m1,       // LEN - 2 of its pass
  output reg            la_rd,
  output reg            la_st,
  output reg            la_zs
);
  /* verilator lint_off WIDTH */
  localparam [NBW-1:0] NB_ROM0 = NB;  // the ROMs' word of batch 0
  /* verilator lint_on WIDTH */
  reg [NBW-1:0] pt_ra;
  wire [CYW-1:0] pt_pl;             // the next pass's LEN - 2
  wire [DW:0] pt_rl;                // and {L != 0, L - 1}
  /* verilator lint_off PINCONNECTEMPTY */
  herd_ram #(.W(CYW), .DEPTH(NB + 1), .INIT(1), .INIT_WORDS(PASS_ROM)) pass_rom (.clk(clk), .we(1'b0), .wa({NBW{1'b0}}),
    .wd({CYW{1'b0}}), .re(1'b1), .ra(pt_ra), .rd(pt_pl));
  herd_ram #(.W(DW + 1), .DEPTH(NB + 1), .INIT(1), .INIT_WORDS(BUSY_ROM)) busy_rom (.clk(clk), .we(1'b0), .wa({NBW{1'b0}}),
    .wd({(DW+1){1'b0}}), .re(1'b1), .ra(pt_ra), .rd(pt_rl));
  /* verilator lint_on PINCONNECTEMPTY */
  reg [DW-1:0] rd_last, st_last;    // L_b - 1 and L_(b-1) - 1 of the look-ahead's pass
  reg rd_any;
  always @(posedge clk) begin
    pt_ra <= nx_pass ? batch_a : NB_ROM0;
    if (at_last_a && enter_pass) begin
      pl_m1 <= pt_pl;
      {rd_any, rd_last} <= pt_rl;
      st_last <= rd_last;
    end
    // A window stays open until its last cycle (cycle L - 1); a pass opens la_rd if its
    // batch has a busy word, and la_st if the batch before it (a pass entered from a pass)
    // has.
    if (rst || !nx_run) begin
      la_rd <= 1'b0;
      la_st <= 1'b0;
      la_zs <= 1'b0;
    end else if (at_last_a) begin
      la_rd <= enter_pass && pt_rl[DW];
      la_st <= enter_pass && nx_pass && rd_any;
      la_zs <= enter_pass && nx_pass && !rd_any;
    end else begin
      la_rd <= la_rd && cyc_aj != rd_last;
      la_st <= la_st && cyc_aj != st_last;
      la_zs <= la_st && cyc_aj == st_last;
    end
  end
endmodule

`default_nettype wire
