// Gowin BSRAM: herdsim's behavioural models of the Gowin GW1N/GW2A block RAM primitives
// (SP, SPX9, SDPB, SDPX9B, DPB, DPX9B), for simulating the netlists Yosys maps to Gowin parts.
// Yosys's own models of them (share/yosys/gowin/cells_sim.v, cells_xtra_gw1n.v) are port
// lists without behaviour: a netlist that used them would read 0 from every block RAM.
// Herdsim drops those modules from its copy of Yosys's models and compiles these instead
// (rtlgen.WriteNetlistCellModels).
//
// What they model (the modes Yosys's Gowin mapping, share/yosys/gowin/brams_map.v, uses),
// refusing at elaboration a parameter value they do not model:
//   - The array: 2,048 bytes of 8 bits (SP, SDPB, DPB: BIT_WIDTH 1, 2, 4, 8, 16, 32) or of
//     9 bits (the X9 primitives: BIT_WIDTH 9, 18, 36). A word of 8/9, 16/18 or 32/36 bits is
//     1, 2 or 4 bytes at unit address AD >> 3, 4 or 5 (times its bytes); a 1, 2 or 4-bit
//     unit at u = AD >> 0, 1 or 2 is the (u mod 8/w)-th w bits of byte u / (8/w). INIT_RAM_xx
//     holds bytes 32 xx .. 32 xx + 31 (byte i at bits 8 i or 9 i).
//   - Byte enables: a 16/18-bit write changes byte i iff AD[i] (i = 0, 1; AD[3:2] are 0), a
//     32/36-bit write iff AD[i] (i = 0 .. 3; AD[4] is 0); narrower widths write their unit.
//     Gowin's generated IP drives AD so (the word address from AD[4] or AD[5] up).
//   - A port writes at the clock edge when CE and WRE (SDPB, SDPX9B: port A when CEA) and
//     BLKSEL equals BLK_SEL; it reads when CE and BLKSEL equal BLK_SEL. WRITE_MODE (a port
//     that reads and writes) 0 keeps the output during a write, 1 shows the word as written,
//     2 the word before it (Yosys's brams.txt: no_change, new, old).
//   - READ_MODE 0 (bypass: the output is the read register) and 1 (pipeline: a register
//     after it, enabled by OCE); RESET clears the output (RESET_MODE SYNC: at the edge,
//     whatever CE; ASYNC: at once); the outputs start at 0.
// A read of a bit the other port writes at the same clock edge shows X: the hardware does
// not define it, and the simulation should not invent a value.

`default_nettype none

/* verilator lint_off DECLFILENAME */  // the primitives' names
/* verilator lint_off MULTIDRIVEN */   // the two ports write one array, as the hardware does
/* verilator lint_off WIDTH */         // string parameters take their value's width; compares widen them

// herd_gowin_bsram: the array and two ports, the primitives' common model. A port's data
// buses are 36 bits (the low bits used); its enables are already qualified by BLKSEL.
module herd_gowin_bsram #(
  parameter integer BYTE = 8,         // bits a byte: 8 or 9
  parameter integer WIDTH_A = 16,
  parameter integer WIDTH_B = 16,
  parameter integer WRITE_MODE_A = 0,
  parameter integer WRITE_MODE_B = 0,
  parameter integer READ_MODE_A = 0,
  parameter integer READ_MODE_B = 0,
  parameter RESET_MODE = "SYNC",
  parameter [64*32*9-1:0] INIT = 0    // INIT_RAM_00 .. 3F, concatenated (32 BYTE-bit bytes each)
) (
  input  wire        clk_a, ce_a, we_a, rst_a, oce_a,
  input  wire [13:0] ad_a,
  input  wire [35:0] di_a,
  output wire [35:0] do_a,
  input  wire        clk_b, ce_b, we_b, rst_b, oce_b,
  input  wire [13:0] ad_b,
  input  wire [35:0] di_b,
  output wire [35:0] do_b
);
  function width_ok;
    input integer w;
    width_ok = (BYTE == 8) ? (w == 1 || w == 2 || w == 4 || w == 8 || w == 16 || w == 32)
                           : (w == 9 || w == 18 || w == 36);
  endfunction
  initial begin
    if (!width_ok(WIDTH_A) || !width_ok(WIDTH_B))
      $fatal(1, "Gowin BSRAM model: BIT_WIDTH %0d/%0d is not a width of this primitive", WIDTH_A, WIDTH_B);
    if (WRITE_MODE_A > 2 || WRITE_MODE_B > 2 || WRITE_MODE_A < 0 || WRITE_MODE_B < 0)
      $fatal(1, "Gowin BSRAM model: WRITE_MODE must be 0, 1 or 2");
    if (READ_MODE_A > 1 || READ_MODE_B > 1 || READ_MODE_A < 0 || READ_MODE_B < 0)
      $fatal(1, "Gowin BSRAM model: READ_MODE must be 0 or 1");
    if (RESET_MODE != "SYNC" && RESET_MODE != "ASYNC")
      $fatal(1, "Gowin BSRAM model: RESET_MODE must be SYNC or ASYNC");
  end

  reg [8:0] mem [0:2047];  // BYTE = 8: bit 8 unused
  integer ii;
  initial
    for (ii = 0; ii < 2048; ii = ii + 1)
      mem[ii] = (BYTE == 9) ? INIT[9 * ii +: 9] : {1'b0, INIT[8 * ii +: 8]};

  // ---- a port's geometry --------------------------------------------------------------
  `include "herd_bram_bytes.vh"

  // ---- the ports -----------------------------------------------------------------------
  reg [35:0] lat_a = 36'b0, reg_a = 36'b0, old_a;
  reg [35:0] lat_b = 36'b0, reg_b = 36'b0, old_b;
  reg clash_a, clash_b;
  // Each edge's decisions are taken in the always blocks, from the ports and the array
  // (no continuous assignment between them and the edge).
  always @(posedge clk_a) begin
    /* verilator lint_off BLKSEQ */  // this edge's reads of the ports and the array
    /* verilator lint_off SYNCASYNCNET */  // the clocks compared: the same edge?
    clash_a = ce_b && we_b && (clk_b === clk_a) && clashes(WIDTH_B, ad_b, WIDTH_A, ad_a);
    old_a = read_word(WIDTH_A, ad_a);
    /* verilator lint_on SYNCASYNCNET */
    /* verilator lint_on BLKSEQ */
    if (ce_a && we_a) write_port(WIDTH_A, ad_a, di_a);
    if (RESET_MODE == "SYNC" && rst_a) lat_a <= 36'b0;
    else if (ce_a)
      lat_a <= clash_a ? 36'bx : !we_a ? old_a
             : (WRITE_MODE_A == 2) ? old_a
             : (WRITE_MODE_A == 1) ? merge_word(WIDTH_A, ad_a, old_a, di_a) : lat_a;
    if (RESET_MODE == "SYNC" && rst_a) reg_a <= 36'b0;
    else if (oce_a) reg_a <= lat_a;
  end
  always @(posedge clk_b) begin
    /* verilator lint_off BLKSEQ */
    /* verilator lint_off SYNCASYNCNET */
    clash_b = ce_a && we_a && (clk_a === clk_b) && clashes(WIDTH_A, ad_a, WIDTH_B, ad_b);
    old_b = read_word(WIDTH_B, ad_b);
    /* verilator lint_on SYNCASYNCNET */
    /* verilator lint_on BLKSEQ */
    if (ce_b && we_b) write_port(WIDTH_B, ad_b, di_b);
    if (RESET_MODE == "SYNC" && rst_b) lat_b <= 36'b0;
    else if (ce_b)
      lat_b <= clash_b ? 36'bx : !we_b ? old_b
             : (WRITE_MODE_B == 2) ? old_b
             : (WRITE_MODE_B == 1) ? merge_word(WIDTH_B, ad_b, old_b, di_b) : lat_b;
    if (RESET_MODE == "SYNC" && rst_b) reg_b <= 36'b0;
    else if (oce_b) reg_b <= lat_b;
  end
  always @(posedge rst_a) if (RESET_MODE == "ASYNC") begin
    lat_a <= 36'b0;
    reg_a <= 36'b0;
  end
  always @(posedge rst_b) if (RESET_MODE == "ASYNC") begin
    lat_b <= 36'b0;
    reg_b <= 36'b0;
  end
  assign do_a = (RESET_MODE == "ASYNC" && rst_a) ? 36'b0 : (READ_MODE_A == 1) ? reg_a : lat_a;
  assign do_b = (RESET_MODE == "ASYNC" && rst_b) ? 36'b0 : (READ_MODE_B == 1) ? reg_b : lat_b;

endmodule

// SP: single port, 32-bit data bus.
module SP (DO, DI, BLKSEL, AD, WRE, CLK, CE, OCE, RESET);
  parameter READ_MODE = 1'b0;
  parameter WRITE_MODE = 2'b00;
  parameter BIT_WIDTH = 32;
  parameter BLK_SEL = 3'b000;
  parameter RESET_MODE = "SYNC";
  localparam integer INIT_W = 256;  // the bits of an INIT_RAM_xx
  `include "herd_gowin_init.vh"
  output wire [31:0] DO;
  input  wire [31:0] DI;
  input  wire [2:0]  BLKSEL;
  input  wire [13:0] AD;
  input  wire        WRE, CLK, CE, OCE, RESET;
  wire sel = BLKSEL == BLK_SEL;
  /* verilator lint_off UNUSEDSIGNAL */  // the second port's output
  wire [35:0] q, q_b;
  /* verilator lint_on UNUSEDSIGNAL */
  herd_gowin_bsram #(.BYTE(8), .WIDTH_A(BIT_WIDTH), .WIDTH_B(BIT_WIDTH), .WRITE_MODE_A(WRITE_MODE),
    .READ_MODE_A(READ_MODE), .RESET_MODE(RESET_MODE), .INIT(INIT_ALL)) bsram (
    .clk_a(CLK), .ce_a(CE && sel), .we_a(WRE), .rst_a(RESET), .oce_a(OCE), .ad_a(AD), .di_a({4'b0, DI}), .do_a(q),
    .clk_b(1'b0), .ce_b(1'b0), .we_b(1'b0), .rst_b(1'b0), .oce_b(1'b0), .ad_b(14'b0), .di_b(36'b0), .do_b(q_b));
  assign DO = q[31:0];
endmodule

// SPX9: single port, 36-bit data bus.
module SPX9 (DO, DI, BLKSEL, AD, WRE, CLK, CE, OCE, RESET);
  parameter READ_MODE = 1'b0;
  parameter WRITE_MODE = 2'b00;
  parameter BIT_WIDTH = 36;
  parameter BLK_SEL = 3'b000;
  parameter RESET_MODE = "SYNC";
  localparam integer INIT_W = 288;  // the bits of an INIT_RAM_xx
  `include "herd_gowin_init.vh"
  output wire [35:0] DO;
  input  wire [35:0] DI;
  input  wire [2:0]  BLKSEL;
  input  wire [13:0] AD;
  input  wire        WRE, CLK, CE, OCE, RESET;
  wire sel = BLKSEL == BLK_SEL;
  /* verilator lint_off UNUSEDSIGNAL */  // the second port's output
  wire [35:0] q, q_b;
  /* verilator lint_on UNUSEDSIGNAL */
  herd_gowin_bsram #(.BYTE(9), .WIDTH_A(BIT_WIDTH), .WIDTH_B(BIT_WIDTH), .WRITE_MODE_A(WRITE_MODE),
    .READ_MODE_A(READ_MODE), .RESET_MODE(RESET_MODE), .INIT(INIT_ALL)) bsram (
    .clk_a(CLK), .ce_a(CE && sel), .we_a(WRE), .rst_a(RESET), .oce_a(OCE), .ad_a(AD), .di_a(DI), .do_a(q),
    .clk_b(1'b0), .ce_b(1'b0), .we_b(1'b0), .rst_b(1'b0), .oce_b(1'b0), .ad_b(14'b0), .di_b(36'b0), .do_b(q_b));
  assign DO = q[35:0];
endmodule

// SDPB: semi-dual port (port A writes, port B reads), 32-bit data buses.
module SDPB (CLKA, CEA, CLKB, CEB, OCE, RESETA, RESETB, ADA, ADB, DI, BLKSELA, BLKSELB, DO);
  parameter READ_MODE = 1'b0;
  parameter BIT_WIDTH_0 = 32;
  parameter BIT_WIDTH_1 = 32;
  parameter BLK_SEL_0 = 3'b000;
  parameter BLK_SEL_1 = 3'b000;
  parameter RESET_MODE = "SYNC";
  localparam integer INIT_W = 256;  // the bits of an INIT_RAM_xx
  `include "herd_gowin_init.vh"
  input  wire        CLKA, CEA, CLKB, CEB, OCE, RESETA, RESETB;
  input  wire [13:0] ADA, ADB;
  input  wire [31:0] DI;
  input  wire [2:0]  BLKSELA, BLKSELB;
  output wire [31:0] DO;
  /* verilator lint_off UNUSEDSIGNAL */  // the write port's output; its reset (no output)
  wire [35:0] q_a, q;
  wire unused_reset_a = RESETA;
  /* verilator lint_on UNUSEDSIGNAL */
  herd_gowin_bsram #(.BYTE(8), .WIDTH_A(BIT_WIDTH_0), .WIDTH_B(BIT_WIDTH_1), .READ_MODE_B(READ_MODE),
    .RESET_MODE(RESET_MODE), .INIT(INIT_ALL)) bsram (
    .clk_a(CLKA), .ce_a(CEA && BLKSELA == BLK_SEL_0), .we_a(1'b1), .rst_a(1'b0), .oce_a(1'b0), .ad_a(ADA), .di_a({4'b0, DI}), .do_a(q_a),
    .clk_b(CLKB), .ce_b(CEB && BLKSELB == BLK_SEL_1), .we_b(1'b0), .rst_b(RESETB), .oce_b(OCE), .ad_b(ADB), .di_b(36'b0), .do_b(q));
  assign DO = q[31:0];
endmodule

// SDPX9B: semi-dual port (port A writes, port B reads), 36-bit data buses.
module SDPX9B (CLKA, CEA, CLKB, CEB, OCE, RESETA, RESETB, ADA, ADB, DI, BLKSELA, BLKSELB, DO);
  parameter READ_MODE = 1'b0;
  parameter BIT_WIDTH_0 = 36;
  parameter BIT_WIDTH_1 = 36;
  parameter BLK_SEL_0 = 3'b000;
  parameter BLK_SEL_1 = 3'b000;
  parameter RESET_MODE = "SYNC";
  localparam integer INIT_W = 288;  // the bits of an INIT_RAM_xx
  `include "herd_gowin_init.vh"
  input  wire        CLKA, CEA, CLKB, CEB, OCE, RESETA, RESETB;
  input  wire [13:0] ADA, ADB;
  input  wire [35:0] DI;
  input  wire [2:0]  BLKSELA, BLKSELB;
  output wire [35:0] DO;
  /* verilator lint_off UNUSEDSIGNAL */  // the write port's output; its reset (no output)
  wire [35:0] q_a, q;
  wire unused_reset_a = RESETA;
  /* verilator lint_on UNUSEDSIGNAL */
  herd_gowin_bsram #(.BYTE(9), .WIDTH_A(BIT_WIDTH_0), .WIDTH_B(BIT_WIDTH_1), .READ_MODE_B(READ_MODE),
    .RESET_MODE(RESET_MODE), .INIT(INIT_ALL)) bsram (
    .clk_a(CLKA), .ce_a(CEA && BLKSELA == BLK_SEL_0), .we_a(1'b1), .rst_a(1'b0), .oce_a(1'b0), .ad_a(ADA), .di_a(DI), .do_a(q_a),
    .clk_b(CLKB), .ce_b(CEB && BLKSELB == BLK_SEL_1), .we_b(1'b0), .rst_b(RESETB), .oce_b(OCE), .ad_b(ADB), .di_b(36'b0), .do_b(q));
  assign DO = q[35:0];
endmodule

// DPB: true dual port, 16-bit data buses.
module DPB (CLKA, CEA, CLKB, CEB, OCEA, OCEB, RESETA, RESETB, WREA, WREB, ADA, ADB, BLKSELA, BLKSELB, DIA, DIB, DOA, DOB);
  parameter READ_MODE0 = 1'b0;
  parameter READ_MODE1 = 1'b0;
  parameter WRITE_MODE0 = 2'b00;
  parameter WRITE_MODE1 = 2'b00;
  parameter BIT_WIDTH_0 = 16;
  parameter BIT_WIDTH_1 = 16;
  parameter BLK_SEL_0 = 3'b000;
  parameter BLK_SEL_1 = 3'b000;
  parameter RESET_MODE = "SYNC";
  localparam integer INIT_W = 256;  // the bits of an INIT_RAM_xx
  `include "herd_gowin_init.vh"
  input  wire        CLKA, CEA, CLKB, CEB, OCEA, OCEB, RESETA, RESETB, WREA, WREB;
  input  wire [13:0] ADA, ADB;
  input  wire [2:0]  BLKSELA, BLKSELB;
  input  wire [15:0] DIA, DIB;
  output wire [15:0] DOA, DOB;
  /* verilator lint_off UNUSEDSIGNAL */  // the bus bits above the primitive's
  wire [35:0] q_a, q_b;
  /* verilator lint_on UNUSEDSIGNAL */
  herd_gowin_bsram #(.BYTE(8), .WIDTH_A(BIT_WIDTH_0), .WIDTH_B(BIT_WIDTH_1), .WRITE_MODE_A(WRITE_MODE0),
    .WRITE_MODE_B(WRITE_MODE1), .READ_MODE_A(READ_MODE0), .READ_MODE_B(READ_MODE1), .RESET_MODE(RESET_MODE),
    .INIT(INIT_ALL)) bsram (
    .clk_a(CLKA), .ce_a(CEA && BLKSELA == BLK_SEL_0), .we_a(WREA), .rst_a(RESETA), .oce_a(OCEA), .ad_a(ADA), .di_a({20'b0, DIA}), .do_a(q_a),
    .clk_b(CLKB), .ce_b(CEB && BLKSELB == BLK_SEL_1), .we_b(WREB), .rst_b(RESETB), .oce_b(OCEB), .ad_b(ADB), .di_b({20'b0, DIB}), .do_b(q_b));
  assign DOA = q_a[15:0];
  assign DOB = q_b[15:0];
endmodule

// DPX9B: true dual port, 18-bit data buses.
module DPX9B (CLKA, CEA, CLKB, CEB, OCEA, OCEB, RESETA, RESETB, WREA, WREB, ADA, ADB, BLKSELA, BLKSELB, DIA, DIB, DOA, DOB);
  parameter READ_MODE0 = 1'b0;
  parameter READ_MODE1 = 1'b0;
  parameter WRITE_MODE0 = 2'b00;
  parameter WRITE_MODE1 = 2'b00;
  parameter BIT_WIDTH_0 = 18;
  parameter BIT_WIDTH_1 = 18;
  parameter BLK_SEL_0 = 3'b000;
  parameter BLK_SEL_1 = 3'b000;
  parameter RESET_MODE = "SYNC";
  localparam integer INIT_W = 288;  // the bits of an INIT_RAM_xx
  `include "herd_gowin_init.vh"
  input  wire        CLKA, CEA, CLKB, CEB, OCEA, OCEB, RESETA, RESETB, WREA, WREB;
  input  wire [13:0] ADA, ADB;
  input  wire [2:0]  BLKSELA, BLKSELB;
  input  wire [17:0] DIA, DIB;
  output wire [17:0] DOA, DOB;
  /* verilator lint_off UNUSEDSIGNAL */  // the bus bits above the primitive's
  wire [35:0] q_a, q_b;
  /* verilator lint_on UNUSEDSIGNAL */
  herd_gowin_bsram #(.BYTE(9), .WIDTH_A(BIT_WIDTH_0), .WIDTH_B(BIT_WIDTH_1), .WRITE_MODE_A(WRITE_MODE0),
    .WRITE_MODE_B(WRITE_MODE1), .READ_MODE_A(READ_MODE0), .READ_MODE_B(READ_MODE1), .RESET_MODE(RESET_MODE),
    .INIT(INIT_ALL)) bsram (
    .clk_a(CLKA), .ce_a(CEA && BLKSELA == BLK_SEL_0), .we_a(WREA), .rst_a(RESETA), .oce_a(OCEA), .ad_a(ADA), .di_a({18'b0, DIA}), .do_a(q_a),
    .clk_b(CLKB), .ce_b(CEB && BLKSELB == BLK_SEL_1), .we_b(WREB), .rst_b(RESETB), .oce_b(OCEB), .ad_b(ADB), .di_b({18'b0, DIB}), .do_b(q_b));
  assign DOA = q_a[17:0];
  assign DOB = q_b[17:0];
endmodule

/* verilator lint_on WIDTH */
/* verilator lint_on MULTIDRIVEN */
/* verilator lint_on DECLFILENAME */

`default_nettype wire
