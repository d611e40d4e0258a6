// DP16KD: herdsim's behavioural model of the Lattice ECP5 sysMEM block RAM (16 Kbit, 18 Kbit
// with the ninth bits), for simulating the netlists Yosys maps to the ECP5. Yosys 0.23's own
// DP16KD in share/yosys/ecp5/cells_sim.v is a port list without behaviour: a netlist that
// used it would read 0 from every block RAM. Herdsim drops that module from its copy of the
// cell models and compiles this one instead (rtlgen.WriteNetlistCellModels).
//
// It models what Yosys's ECP5 mapping (brams_map.v: $__ECP5_DP16KD_, $__ECP5_PDPW16KD_) uses,
// and refuses at elaboration a parameter it does not model:
//   - DATA_WIDTH_A/B 1, 2, 4, 9, 18 and 36 (36: the pseudo-dual-port mode, port A writes
//     {DIB, DIA}, port B reads {DOB, DOA}), the same or different on the two ports.
//   - The array is 2,048 nine-bit bytes. A word of width 9, 18 or 36 is 1, 2 or 4 bytes at
//     address AD >> 3, 4 or 5 (times its bytes), ninth bits included; a 1, 2 or 4-bit unit
//     at address u = AD >> 0, 1 or 2 is the (u mod 8/w)-th w bits of byte u / (8/w)'s low
//     eight (the ninth bits hold no narrow units). INITVAL_xx holds sixteen 18-bit words
//     (bits 20 k .. 20 k + 17 the word 16 xx + k, its bytes 2 (16 xx + k) and the next).
//   - Byte enables: width 18 writes byte i iff AD[i] (i = 0, 1), width 36 iff AD[i]
//     (i = 0 .. 3); narrower widths write their unit.
//   - WRITEMODE (a port that writes and reads): NORMAL keeps the output, WRITETHROUGH shows
//     the word as written, READBEFOREWRITE the word before the write.
//   - REGMODE NOREG (the output latch updates at the clock edge) and OUTREG (a register
//     after it, enabled by OCE); RST clears the output (RESETMODE SYNC: at the edge, whatever
//     CE; ASYNC: at once) and does not block a write; the outputs start at 0.
//   - CE gates a port's read and write, CSDECODE the chip select, CLKxMUX "INV" the clock.
// A read of a byte the other port writes at the same clock edge shows X: the hardware does
// not define it, and the simulation should not invent a value. GSR is accepted and has no
// effect (no global set/reset in simulation).

`default_nettype none

/* verilator lint_off DECLFILENAME */  // the primitive's name
/* verilator lint_off MULTIDRIVEN */   // the two ports write one array, as the hardware does
/* verilator lint_off WIDTH */         // string parameters take their value's width; compares widen them
module DP16KD (
  input  wire DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0,
  input  wire ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0,
  input  wire CEA, OCEA, CLKA, WEA, RSTA, CSA2, CSA1, CSA0,
  output wire DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0,
  input  wire DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0,
  input  wire ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0,
  input  wire CEB, OCEB, CLKB, WEB, RSTB, CSB2, CSB1, CSB0,
  output wire DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0
);
  parameter integer DATA_WIDTH_A = 18;
  parameter integer DATA_WIDTH_B = 18;
  parameter REGMODE_A = "NOREG";
  parameter REGMODE_B = "NOREG";
  parameter RESETMODE = "SYNC";
  parameter CSDECODE_A = "0b000";
  parameter CSDECODE_B = "0b000";
  parameter WRITEMODE_A = "NORMAL";
  parameter WRITEMODE_B = "NORMAL";
  parameter CLKAMUX = "CLKA";
  parameter CLKBMUX = "CLKB";
  /* verilator lint_off UNUSEDPARAM */  // accepted, no effect in simulation
  parameter ASYNC_RESET_RELEASE = "SYNC";
  parameter GSR = "ENABLED";
  /* verilator lint_on UNUSEDPARAM */
  parameter [319:0] INITVAL_00 = 320'h0;
  parameter [319:0] INITVAL_01 = 320'h0;
  parameter [319:0] INITVAL_02 = 320'h0;
  parameter [319:0] INITVAL_03 = 320'h0;
  parameter [319:0] INITVAL_04 = 320'h0;
  parameter [319:0] INITVAL_05 = 320'h0;
  parameter [319:0] INITVAL_06 = 320'h0;
  parameter [319:0] INITVAL_07 = 320'h0;
  parameter [319:0] INITVAL_08 = 320'h0;
  parameter [319:0] INITVAL_09 = 320'h0;
  parameter [319:0] INITVAL_0A = 320'h0;
  parameter [319:0] INITVAL_0B = 320'h0;
  parameter [319:0] INITVAL_0C = 320'h0;
  parameter [319:0] INITVAL_0D = 320'h0;
  parameter [319:0] INITVAL_0E = 320'h0;
  parameter [319:0] INITVAL_0F = 320'h0;
  parameter [319:0] INITVAL_10 = 320'h0;
  parameter [319:0] INITVAL_11 = 320'h0;
  parameter [319:0] INITVAL_12 = 320'h0;
  parameter [319:0] INITVAL_13 = 320'h0;
  parameter [319:0] INITVAL_14 = 320'h0;
  parameter [319:0] INITVAL_15 = 320'h0;
  parameter [319:0] INITVAL_16 = 320'h0;
  parameter [319:0] INITVAL_17 = 320'h0;
  parameter [319:0] INITVAL_18 = 320'h0;
  parameter [319:0] INITVAL_19 = 320'h0;
  parameter [319:0] INITVAL_1A = 320'h0;
  parameter [319:0] INITVAL_1B = 320'h0;
  parameter [319:0] INITVAL_1C = 320'h0;
  parameter [319:0] INITVAL_1D = 320'h0;
  parameter [319:0] INITVAL_1E = 320'h0;
  parameter [319:0] INITVAL_1F = 320'h0;
  parameter [319:0] INITVAL_20 = 320'h0;
  parameter [319:0] INITVAL_21 = 320'h0;
  parameter [319:0] INITVAL_22 = 320'h0;
  parameter [319:0] INITVAL_23 = 320'h0;
  parameter [319:0] INITVAL_24 = 320'h0;
  parameter [319:0] INITVAL_25 = 320'h0;
  parameter [319:0] INITVAL_26 = 320'h0;
  parameter [319:0] INITVAL_27 = 320'h0;
  parameter [319:0] INITVAL_28 = 320'h0;
  parameter [319:0] INITVAL_29 = 320'h0;
  parameter [319:0] INITVAL_2A = 320'h0;
  parameter [319:0] INITVAL_2B = 320'h0;
  parameter [319:0] INITVAL_2C = 320'h0;
  parameter [319:0] INITVAL_2D = 320'h0;
  parameter [319:0] INITVAL_2E = 320'h0;
  parameter [319:0] INITVAL_2F = 320'h0;
  parameter [319:0] INITVAL_30 = 320'h0;
  parameter [319:0] INITVAL_31 = 320'h0;
  parameter [319:0] INITVAL_32 = 320'h0;
  parameter [319:0] INITVAL_33 = 320'h0;
  parameter [319:0] INITVAL_34 = 320'h0;
  parameter [319:0] INITVAL_35 = 320'h0;
  parameter [319:0] INITVAL_36 = 320'h0;
  parameter [319:0] INITVAL_37 = 320'h0;
  parameter [319:0] INITVAL_38 = 320'h0;
  parameter [319:0] INITVAL_39 = 320'h0;
  parameter [319:0] INITVAL_3A = 320'h0;
  parameter [319:0] INITVAL_3B = 320'h0;
  parameter [319:0] INITVAL_3C = 320'h0;
  parameter [319:0] INITVAL_3D = 320'h0;
  parameter [319:0] INITVAL_3E = 320'h0;
  parameter [319:0] INITVAL_3F = 320'h0;

  // ---- parameters this model refuses --------------------------------------------------
  function width_ok;
    input integer w;
    width_ok = w == 1 || w == 2 || w == 4 || w == 9 || w == 18 || w == 36;
  endfunction
  initial begin
    if (!width_ok(DATA_WIDTH_A) || !width_ok(DATA_WIDTH_B))
      $fatal(1, "DP16KD model: DATA_WIDTH_A/B must be 1, 2, 4, 9, 18 or 36");
    if (REGMODE_A != "NOREG" && REGMODE_A != "OUTREG" || REGMODE_B != "NOREG" && REGMODE_B != "OUTREG")
      $fatal(1, "DP16KD model: REGMODE must be NOREG or OUTREG");
    if (RESETMODE != "SYNC" && RESETMODE != "ASYNC")
      $fatal(1, "DP16KD model: RESETMODE must be SYNC or ASYNC");
    if (!wmode_ok(WRITEMODE_A) || !wmode_ok(WRITEMODE_B))
      $fatal(1, "DP16KD model: WRITEMODE must be NORMAL, WRITETHROUGH or READBEFOREWRITE");
    if (CLKAMUX != "CLKA" && CLKAMUX != "INV" || CLKBMUX != "CLKB" && CLKBMUX != "INV")
      $fatal(1, "DP16KD model: CLKAMUX/CLKBMUX must be the clock or INV");
  end
  function wmode_ok;
    input [8*15-1:0] m;
    wmode_ok = m == "NORMAL" || m == "WRITETHROUGH" || m == "READBEFOREWRITE";
  endfunction

  // ---- the array ---------------------------------------------------------------------
  reg [8:0] mem [0:2047];
  // INITVAL_xx holds words 16 xx .. 16 xx + 15, 20 bits each (18 used): all of them as one
  // vector, INITVAL_00 lowest.
  localparam [64*320-1:0] INITVALS = {
    INITVAL_3F, INITVAL_3E, INITVAL_3D, INITVAL_3C, INITVAL_3B, INITVAL_3A, INITVAL_39, INITVAL_38,
    INITVAL_37, INITVAL_36, INITVAL_35, INITVAL_34, INITVAL_33, INITVAL_32, INITVAL_31, INITVAL_30,
    INITVAL_2F, INITVAL_2E, INITVAL_2D, INITVAL_2C, INITVAL_2B, INITVAL_2A, INITVAL_29, INITVAL_28,
    INITVAL_27, INITVAL_26, INITVAL_25, INITVAL_24, INITVAL_23, INITVAL_22, INITVAL_21, INITVAL_20,
    INITVAL_1F, INITVAL_1E, INITVAL_1D, INITVAL_1C, INITVAL_1B, INITVAL_1A, INITVAL_19, INITVAL_18,
    INITVAL_17, INITVAL_16, INITVAL_15, INITVAL_14, INITVAL_13, INITVAL_12, INITVAL_11, INITVAL_10,
    INITVAL_0F, INITVAL_0E, INITVAL_0D, INITVAL_0C, INITVAL_0B, INITVAL_0A, INITVAL_09, INITVAL_08,
    INITVAL_07, INITVAL_06, INITVAL_05, INITVAL_04, INITVAL_03, INITVAL_02, INITVAL_01, INITVAL_00};
  integer ii;
  initial
    for (ii = 0; ii < 1024; ii = ii + 1) begin
      mem[2 * ii]     = INITVALS[20 * ii +: 9];
      mem[2 * ii + 1] = INITVALS[20 * ii + 9 +: 9];
    end

  // ---- the pins as buses ---------------------------------------------------------------
  wire [17:0] dia = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0};
  wire [17:0] dib = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0};
  wire [13:0] ada = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0};
  wire [13:0] adb = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0};
  // Width 36 writes through port A with both data buses and reads through port B with both
  // output buses.
  wire [35:0] wd_a = (DATA_WIDTH_A == 36) ? {dib, dia} : {18'b0, dia};
  wire [35:0] wd_b = {18'b0, dib};
  /* verilator lint_off UNUSEDSIGNAL */  // port A reads at most 18 bits
  wire [35:0] q_a;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [35:0] q_b;  // each port's output (register or latch)
  wire [17:0] doa = (DATA_WIDTH_B == 36) ? q_b[17:0]  : (DATA_WIDTH_A == 36) ? 18'bx : q_a[17:0];
  wire [17:0] dob = (DATA_WIDTH_B == 36) ? q_b[35:18] : q_b[17:0];
  assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0} = doa;
  assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0} = dob;

  wire clk_a = (CLKAMUX == "INV") ? ~CLKA : CLKA;
  wire clk_b = (CLKBMUX == "INV") ? ~CLKB : CLKB;
  /* verilator lint_off UNUSEDSIGNAL */  // "0b" and the high address bits
  function [2:0] cs_decode;  // "0bXYZ": CS2 = X, CS1 = Y, CS0 = Z
    input [8*5-1:0] s;
    cs_decode = {s[23:16] == "1", s[15:8] == "1", s[7:0] == "1"};
  endfunction
  // What each port does at its clock's edge, from its pins (read in the always blocks,
  // as the array is: no continuous assignment between a pin and the edge's decisions).
  function port_en;
    input ce, cs2, cs1, cs0;
    input [8*5-1:0] decode;
    port_en = ce && {cs2, cs1, cs0} == cs_decode(decode);
  endfunction

  // ---- a port's geometry --------------------------------------------------------------
  localparam integer BYTE = 9;  // bits a byte (herd_bram_bytes.vh)
  `include "herd_bram_bytes.vh"

  // ---- port A --------------------------------------------------------------------------
  reg [35:0] lat_a = 36'b0, reg_a = 36'b0;
  reg  [35:0] old_a;  // the word before this edge's writes
  reg en_a, we_a, clash_a;
  always @(posedge clk_a) begin
    /* verilator lint_off BLKSEQ */  // this edge's reads of the pins and the array
    /* verilator lint_off SYNCASYNCNET */  // the clocks compared: the same edge?
    en_a = port_en(CEA, CSA2, CSA1, CSA0, CSDECODE_A);
    we_a = en_a && WEA;
    // Port B writes at this edge too (its clock is at its edge's level) a bit A reads.
    clash_a = port_en(CEB, CSB2, CSB1, CSB0, CSDECODE_B) && WEB && (clk_b === clk_a) &&
              clashes(DATA_WIDTH_B, adb, DATA_WIDTH_A, ada);
    old_a = read_word(DATA_WIDTH_A, ada);
    /* verilator lint_on SYNCASYNCNET */
    /* verilator lint_on BLKSEQ */
    if (we_a) write_port(DATA_WIDTH_A, ada, wd_a);
    if (RESETMODE == "SYNC" && RSTA) lat_a <= 36'b0;
    else if (en_a && DATA_WIDTH_A != 36)
      lat_a <= clash_a ? 36'bx : !WEA ? old_a
             : (WRITEMODE_A == "READBEFOREWRITE") ? old_a
             : (WRITEMODE_A == "WRITETHROUGH") ? merge_word(DATA_WIDTH_A, ada, old_a, wd_a) : lat_a;
    if (RESETMODE == "SYNC" && RSTA) reg_a <= 36'b0;
    else if (OCEA) reg_a <= lat_a;
  end
  always @(posedge RSTA) if (RESETMODE == "ASYNC") begin
    lat_a <= 36'b0;
    reg_a <= 36'b0;
  end
  assign q_a = (RESETMODE == "ASYNC" && RSTA) ? 36'b0 : (REGMODE_A == "OUTREG") ? reg_a : lat_a;

  // ---- port B --------------------------------------------------------------------------
  reg [35:0] lat_b = 36'b0, reg_b = 36'b0;
  reg  [35:0] old_b;
  reg en_b, we_b, clash_b;
  always @(posedge clk_b) begin
    /* verilator lint_off BLKSEQ */
    /* verilator lint_off SYNCASYNCNET */
    en_b = port_en(CEB, CSB2, CSB1, CSB0, CSDECODE_B);
    we_b = en_b && WEB;
    clash_b = port_en(CEA, CSA2, CSA1, CSA0, CSDECODE_A) && WEA && (clk_a === clk_b) &&
              clashes(DATA_WIDTH_A, ada, DATA_WIDTH_B, adb);
    old_b = read_word(DATA_WIDTH_B, adb);
    /* verilator lint_on SYNCASYNCNET */
    /* verilator lint_on BLKSEQ */
    if (we_b) begin
      if (DATA_WIDTH_A == 36 || DATA_WIDTH_B == 36)
        $fatal(1, "DP16KD model: port B writes in the 36-bit mode, whose writes are port A's");
      write_port(DATA_WIDTH_B, adb, wd_b);
    end
    if (RESETMODE == "SYNC" && RSTB) lat_b <= 36'b0;
    else if (en_b)
      lat_b <= clash_b ? 36'bx : !WEB ? old_b
             : (WRITEMODE_B == "READBEFOREWRITE") ? old_b
             : (WRITEMODE_B == "WRITETHROUGH") ? merge_word(DATA_WIDTH_B, adb, old_b, wd_b) : lat_b;
    if (RESETMODE == "SYNC" && RSTB) reg_b <= 36'b0;
    else if (OCEB) reg_b <= lat_b;
  end
  always @(posedge RSTB) if (RESETMODE == "ASYNC") begin
    lat_b <= 36'b0;
    reg_b <= 36'b0;
  end
  assign q_b = (RESETMODE == "ASYNC" && RSTB) ? 36'b0 : (REGMODE_B == "OUTREG") ? reg_b : lat_b;

endmodule
/* verilator lint_on WIDTH */
/* verilator lint_on MULTIDRIVEN */
/* verilator lint_on DECLFILENAME */

`default_nettype wire
