// RAMB18E1: herdsim's behavioural model of the Xilinx 7-series 18 Kbit block RAM (16 Kbit
// of data and 2 Kbit of parity), for simulating the netlists Yosys maps to the 7 series.
// Yosys 0.23's own RAMB18E1 in share/yosys/xilinx/cells_sim.v is a port list with a specify
// block and no behaviour: a netlist that used it would read 0 from every block RAM. Herdsim
// drops that module from its copy of the cell models and compiles this one instead
// (rtlgen.WriteNetlistCellModels). Written from Xilinx's description of the 7-series memory
// resources (UG473) for what Yosys's xc7 mapping uses (memory_libmap with brams_xc4v.txt,
// then brams_xc6v_map.v: $__XILINX_BLOCKRAM_TDP_ and $__XILINX_BLOCKRAM_SDP_, mode HALF).
//
// It models, and refuses at elaboration a parameter value it does not model:
//   - RAM_MODE "TDP": two ports A and B, each READ_WIDTH and WRITE_WIDTH 0 (unused), 1, 2,
//     4, 9 or 18, the read and write widths of a port the same or not. "SDP": port A reads
//     (READ_WIDTH_A 0 .. 36), port B writes (WRITE_WIDTH_B 0 .. 36); READ_WIDTH_B and
//     WRITE_WIDTH_A must be 0. Width 36 writes {DIBDI, DIADI} with parity {DIPBDIP, DIPADIP}
//     and byte enables WEBWE[3:0], and reads {DOBDO, DOADO} / {DOPBDOP, DOPADOP}; a narrower
//     SDP write takes DIBDI/DIPBDIP, a narrower SDP read gives DOADO/DOPADOP (DOBDO 0).
//   - The array: 16,384 data bits d[0..16383] and 2,048 parity bits p[0..2047]. A port of
//     width w = 1, 2, 4, 9, 18, 36 (s = 0 .. 5 address bits below its word address) at
//     address ADDR touches the 1, 2, 4, 8, 16 or 32 data bits from n = ADDR[13:s] * 2^s (data
//     pin DI/DO[i] is d[n + i]) and, for w >= 9, the 1, 2 or 4 parity bits from n / 8 (parity
//     pin k is p[n / 8 + k], the ninth bit of data byte n / 8 + k). So the widths alias: the
//     18-bit word u is d[16 u .. 16 u + 15] with p[2 u], p[2 u + 1]; the 1-bit unit at address
//     a is d[a]; the 4-bit unit at address a (a[1:0] ignored) d[a .. a + 3]; narrow (1, 2,
//     4-bit) units never reach the parity bits. INIT_xx bit k is d[256 xx + k], INITP_xx
//     bit k is p[256 xx + k] (the layout Yosys's slice_init / slice_initp write).
//   - Byte enables (a byte: 8 data bits and their parity bit): width 36 writes byte k iff
//     WEBWE[k]; width 18 iff WEA[k] / WEBWE[k] (k = 0, 1); narrower widths write iff WEA[0] /
//     WEBWE[0] (Yosys drives all the enables of a narrow port with one signal). The enables
//     of a port whose WRITE_WIDTH is 0 are ignored.
//   - WRITE_MODE_A/B, a port that reads and writes at one edge: READ_FIRST shows the old
//     contents, WRITE_FIRST the contents after the write (the written bytes new, the others
//     as they were), NO_CHANGE keeps its output. SDP: READ_FIRST or WRITE_FIRST, the same on
//     both (they then give the collision rule below for the read port).
//   - A port reads and writes at a rising edge of its clock (CLKARDCLK / CLKBWRCLK) while
//     its enable (ENARDEN / ENBWREN) is high. RSTRAMARSTRAM / RSTRAMB (with the enable) sets
//     its output latch to SRVAL_A / SRVAL_B instead of reading and does not block a write.
//     DOA_REG / DOB_REG 1 adds the output register: loaded from the latch when
//     REGCEAREGCE / REGCEB, set to SRVAL by RSTREGARSTREG / RSTREGB (the reset first:
//     RSTREG_PRIORITY "RSTREG"). Latch and register start at INIT_A / INIT_B. INIT_A, SRVAL_A
//     (and _B) are in the port's read width: width 18 {DOP[1:0], DO[15:0]}, 9 {DOP[0],
//     DO[7:0]}, narrower DO[w-1:0]; SDP 36 takes the low half from _A and the high from _B.
//     Bits above 17 (Yosys passes 72-bit values) must be 0. SDP reads use DOA_REG, REGCEAREGCE,
//     RSTRAMARSTRAM and RSTREGARSTREG (DOB_REG must equal DOA_REG); RSTRAMB, RSTREGB,
//     REGCEB and WEA have no effect in SDP. Output pins a port's width does not use are 0.
// Collisions (both ports on one bit at the same clock edge): a read of a bit the other port
// writes shows X unless the writing port is READ_FIRST (UG473: then the read gets the old
// data; Yosys's READ_FIRST mapping relies on it), and X when the reading port writes that
// bit too and shows its own write (WRITE_FIRST); a bit both ports write becomes X. The
// hardware does not define these, and the simulation should not invent a value. "The same
// edge": at one port's rising edge the other's clock is high (one clock net, as in herdsim's
// netlists).
// Not modelled (not declared, so an override fails elaboration by name): the IS_*_INVERTED
// clock and pin inversions, RSTREG_PRIORITY "REGCE", INIT_FILE, and the collision and
// simulation settings (RDADDR_COLLISION_HWCONFIG, SIM_COLLISION_CHECK, SIM_DEVICE); Yosys's
// xc7 block RAM mapping sets none of them.

`default_nettype none

/* verilator lint_off DECLFILENAME */  // the primitive's name
/* verilator lint_off MULTIDRIVEN */   // the two ports write one array, as the hardware does
/* verilator lint_off WIDTH */         // string parameters take their value's width; compares widen them
module RAMB18E1 (
  input  wire        CLKARDCLK,
  input  wire        CLKBWRCLK,
  input  wire        ENARDEN,
  input  wire        ENBWREN,
  input  wire        REGCEAREGCE,
  input  wire        REGCEB,
  input  wire        RSTRAMARSTRAM,
  input  wire        RSTRAMB,
  input  wire        RSTREGARSTREG,
  input  wire        RSTREGB,
  input  wire [13:0] ADDRARDADDR,
  input  wire [13:0] ADDRBWRADDR,
  input  wire [15:0] DIADI,
  input  wire [15:0] DIBDI,
  input  wire [1:0]  DIPADIP,
  input  wire [1:0]  DIPBDIP,
  input  wire [1:0]  WEA,
  input  wire [3:0]  WEBWE,
  output wire [15:0] DOADO,
  output wire [15:0] DOBDO,
  output wire [1:0]  DOPADOP,
  output wire [1:0]  DOPBDOP
);
  parameter integer DOA_REG = 0;
  parameter integer DOB_REG = 0;
  parameter [255:0] INITP_00 = 256'h0;
  parameter [255:0] INITP_01 = 256'h0;
  parameter [255:0] INITP_02 = 256'h0;
  parameter [255:0] INITP_03 = 256'h0;
  parameter [255:0] INITP_04 = 256'h0;
  parameter [255:0] INITP_05 = 256'h0;
  parameter [255:0] INITP_06 = 256'h0;
  parameter [255:0] INITP_07 = 256'h0;
  parameter [255:0] INIT_00 = 256'h0;
  parameter [255:0] INIT_01 = 256'h0;
  parameter [255:0] INIT_02 = 256'h0;
  parameter [255:0] INIT_03 = 256'h0;
  parameter [255:0] INIT_04 = 256'h0;
  parameter [255:0] INIT_05 = 256'h0;
  parameter [255:0] INIT_06 = 256'h0;
  parameter [255:0] INIT_07 = 256'h0;
  parameter [255:0] INIT_08 = 256'h0;
  parameter [255:0] INIT_09 = 256'h0;
  parameter [255:0] INIT_0A = 256'h0;
  parameter [255:0] INIT_0B = 256'h0;
  parameter [255:0] INIT_0C = 256'h0;
  parameter [255:0] INIT_0D = 256'h0;
  parameter [255:0] INIT_0E = 256'h0;
  parameter [255:0] INIT_0F = 256'h0;
  parameter [255:0] INIT_10 = 256'h0;
  parameter [255:0] INIT_11 = 256'h0;
  parameter [255:0] INIT_12 = 256'h0;
  parameter [255:0] INIT_13 = 256'h0;
  parameter [255:0] INIT_14 = 256'h0;
  parameter [255:0] INIT_15 = 256'h0;
  parameter [255:0] INIT_16 = 256'h0;
  parameter [255:0] INIT_17 = 256'h0;
  parameter [255:0] INIT_18 = 256'h0;
  parameter [255:0] INIT_19 = 256'h0;
  parameter [255:0] INIT_1A = 256'h0;
  parameter [255:0] INIT_1B = 256'h0;
  parameter [255:0] INIT_1C = 256'h0;
  parameter [255:0] INIT_1D = 256'h0;
  parameter [255:0] INIT_1E = 256'h0;
  parameter [255:0] INIT_1F = 256'h0;
  parameter [255:0] INIT_20 = 256'h0;
  parameter [255:0] INIT_21 = 256'h0;
  parameter [255:0] INIT_22 = 256'h0;
  parameter [255:0] INIT_23 = 256'h0;
  parameter [255:0] INIT_24 = 256'h0;
  parameter [255:0] INIT_25 = 256'h0;
  parameter [255:0] INIT_26 = 256'h0;
  parameter [255:0] INIT_27 = 256'h0;
  parameter [255:0] INIT_28 = 256'h0;
  parameter [255:0] INIT_29 = 256'h0;
  parameter [255:0] INIT_2A = 256'h0;
  parameter [255:0] INIT_2B = 256'h0;
  parameter [255:0] INIT_2C = 256'h0;
  parameter [255:0] INIT_2D = 256'h0;
  parameter [255:0] INIT_2E = 256'h0;
  parameter [255:0] INIT_2F = 256'h0;
  parameter [255:0] INIT_30 = 256'h0;
  parameter [255:0] INIT_31 = 256'h0;
  parameter [255:0] INIT_32 = 256'h0;
  parameter [255:0] INIT_33 = 256'h0;
  parameter [255:0] INIT_34 = 256'h0;
  parameter [255:0] INIT_35 = 256'h0;
  parameter [255:0] INIT_36 = 256'h0;
  parameter [255:0] INIT_37 = 256'h0;
  parameter [255:0] INIT_38 = 256'h0;
  parameter [255:0] INIT_39 = 256'h0;
  parameter [255:0] INIT_3A = 256'h0;
  parameter [255:0] INIT_3B = 256'h0;
  parameter [255:0] INIT_3C = 256'h0;
  parameter [255:0] INIT_3D = 256'h0;
  parameter [255:0] INIT_3E = 256'h0;
  parameter [255:0] INIT_3F = 256'h0;
  parameter [71:0] INIT_A = 72'h0;
  parameter [71:0] INIT_B = 72'h0;
  parameter RAM_MODE = "TDP";
  parameter integer READ_WIDTH_A = 0;
  parameter integer READ_WIDTH_B = 0;
  parameter [71:0] SRVAL_A = 72'h0;
  parameter [71:0] SRVAL_B = 72'h0;
  parameter WRITE_MODE_A = "WRITE_FIRST";
  parameter WRITE_MODE_B = "WRITE_FIRST";
  parameter integer WRITE_WIDTH_A = 0;
  parameter integer WRITE_WIDTH_B = 0;

  localparam SDP = RAM_MODE == "SDP";
  localparam SDP36 = SDP && READ_WIDTH_A == 36;  // the read gives {DOBDO, DOADO}

  // ---- parameters this model refuses --------------------------------------------------
  function width_ok;  // 0 (unused) or a width of the mode; 36 only where allowed
    input integer w;
    input wide;
    width_ok = w == 0 || w == 1 || w == 2 || w == 4 || w == 9 || w == 18 || (wide && w == 36);
  endfunction
  function wmode_ok;
    input [8*11-1:0] m;
    wmode_ok = m == "READ_FIRST" || m == "WRITE_FIRST" || m == "NO_CHANGE";
  endfunction
  initial begin
    if (RAM_MODE != "TDP" && RAM_MODE != "SDP")
      $fatal(1, "RAMB18E1 model: RAM_MODE must be TDP or SDP");
    if (!width_ok(READ_WIDTH_A, SDP))
      $fatal(1, "RAMB18E1 model: READ_WIDTH_A must be 0, 1, 2, 4, 9, 18 (or 36 in SDP)");
    if (!width_ok(WRITE_WIDTH_B, SDP))
      $fatal(1, "RAMB18E1 model: WRITE_WIDTH_B must be 0, 1, 2, 4, 9, 18 (or 36 in SDP)");
    if (!width_ok(READ_WIDTH_B, 1'b0) || SDP && READ_WIDTH_B != 0)
      $fatal(1, "RAMB18E1 model: READ_WIDTH_B must be 0, 1, 2, 4, 9 or 18 (0 in SDP)");
    if (!width_ok(WRITE_WIDTH_A, 1'b0) || SDP && WRITE_WIDTH_A != 0)
      $fatal(1, "RAMB18E1 model: WRITE_WIDTH_A must be 0, 1, 2, 4, 9 or 18 (0 in SDP)");
    if (!wmode_ok(WRITE_MODE_A) || SDP && WRITE_MODE_A == "NO_CHANGE")
      $fatal(1, "RAMB18E1 model: WRITE_MODE_A must be READ_FIRST, WRITE_FIRST or NO_CHANGE (not NO_CHANGE in SDP)");
    if (!wmode_ok(WRITE_MODE_B) || SDP && WRITE_MODE_B == "NO_CHANGE")
      $fatal(1, "RAMB18E1 model: WRITE_MODE_B must be READ_FIRST, WRITE_FIRST or NO_CHANGE (not NO_CHANGE in SDP)");
    if (SDP && WRITE_MODE_A != WRITE_MODE_B)
      $fatal(1, "RAMB18E1 model: WRITE_MODE_A and WRITE_MODE_B must be the same in SDP");
    if (DOA_REG != 0 && DOA_REG != 1)
      $fatal(1, "RAMB18E1 model: DOA_REG must be 0 or 1");
    if (DOB_REG != 0 && DOB_REG != 1 || SDP && DOB_REG != DOA_REG)
      $fatal(1, "RAMB18E1 model: DOB_REG must be 0 or 1 (and equal DOA_REG in SDP)");
    if (INIT_A[71:18] !== 54'b0)
      $fatal(1, "RAMB18E1 model: INIT_A has bits set above bit 17");
    if (INIT_B[71:18] !== 54'b0)
      $fatal(1, "RAMB18E1 model: INIT_B has bits set above bit 17");
    if (SRVAL_A[71:18] !== 54'b0)
      $fatal(1, "RAMB18E1 model: SRVAL_A has bits set above bit 17");
    if (SRVAL_B[71:18] !== 54'b0)
      $fatal(1, "RAMB18E1 model: SRVAL_B has bits set above bit 17");
  end

  // ---- the array ---------------------------------------------------------------------
  // One entry a bit: d[n] is mbit[n], p[k] is mbit[16384 + k]. Single bits let the two
  // ports write different bits of one byte at the same edge.
  reg mbit [0:18431];
  function [255:0] init_of;
    input [5:0] i;
    case (i)
      6'h00: init_of = INIT_00;
      6'h01: init_of = INIT_01;
      6'h02: init_of = INIT_02;
      6'h03: init_of = INIT_03;
      6'h04: init_of = INIT_04;
      6'h05: init_of = INIT_05;
      6'h06: init_of = INIT_06;
      6'h07: init_of = INIT_07;
      6'h08: init_of = INIT_08;
      6'h09: init_of = INIT_09;
      6'h0A: init_of = INIT_0A;
      6'h0B: init_of = INIT_0B;
      6'h0C: init_of = INIT_0C;
      6'h0D: init_of = INIT_0D;
      6'h0E: init_of = INIT_0E;
      6'h0F: init_of = INIT_0F;
      6'h10: init_of = INIT_10;
      6'h11: init_of = INIT_11;
      6'h12: init_of = INIT_12;
      6'h13: init_of = INIT_13;
      6'h14: init_of = INIT_14;
      6'h15: init_of = INIT_15;
      6'h16: init_of = INIT_16;
      6'h17: init_of = INIT_17;
      6'h18: init_of = INIT_18;
      6'h19: init_of = INIT_19;
      6'h1A: init_of = INIT_1A;
      6'h1B: init_of = INIT_1B;
      6'h1C: init_of = INIT_1C;
      6'h1D: init_of = INIT_1D;
      6'h1E: init_of = INIT_1E;
      6'h1F: init_of = INIT_1F;
      6'h20: init_of = INIT_20;
      6'h21: init_of = INIT_21;
      6'h22: init_of = INIT_22;
      6'h23: init_of = INIT_23;
      6'h24: init_of = INIT_24;
      6'h25: init_of = INIT_25;
      6'h26: init_of = INIT_26;
      6'h27: init_of = INIT_27;
      6'h28: init_of = INIT_28;
      6'h29: init_of = INIT_29;
      6'h2A: init_of = INIT_2A;
      6'h2B: init_of = INIT_2B;
      6'h2C: init_of = INIT_2C;
      6'h2D: init_of = INIT_2D;
      6'h2E: init_of = INIT_2E;
      6'h2F: init_of = INIT_2F;
      6'h30: init_of = INIT_30;
      6'h31: init_of = INIT_31;
      6'h32: init_of = INIT_32;
      6'h33: init_of = INIT_33;
      6'h34: init_of = INIT_34;
      6'h35: init_of = INIT_35;
      6'h36: init_of = INIT_36;
      6'h37: init_of = INIT_37;
      6'h38: init_of = INIT_38;
      6'h39: init_of = INIT_39;
      6'h3A: init_of = INIT_3A;
      6'h3B: init_of = INIT_3B;
      6'h3C: init_of = INIT_3C;
      6'h3D: init_of = INIT_3D;
      6'h3E: init_of = INIT_3E;
      6'h3F: init_of = INIT_3F;
      default: init_of = 256'h0;
    endcase
  endfunction
  function [255:0] initp_of;
    input [2:0] i;
    case (i)
      3'h0: initp_of = INITP_00;
      3'h1: initp_of = INITP_01;
      3'h2: initp_of = INITP_02;
      3'h3: initp_of = INITP_03;
      3'h4: initp_of = INITP_04;
      3'h5: initp_of = INITP_05;
      3'h6: initp_of = INITP_06;
      3'h7: initp_of = INITP_07;
      default: initp_of = 256'h0;
    endcase
  endfunction
  integer ii, kk;
  reg [255:0] iv;
  initial begin
    for (ii = 0; ii < 64; ii = ii + 1) begin
      iv = init_of(ii[5:0]);
      for (kk = 0; kk < 256; kk = kk + 1) mbit[256 * ii + kk] = iv[kk];
    end
    for (ii = 0; ii < 8; ii = ii + 1) begin
      iv = initp_of(ii[2:0]);
      for (kk = 0; kk < 256; kk = kk + 1) mbit[16384 + 256 * ii + kk] = iv[kk];
    end
  end

  // ---- a port's geometry --------------------------------------------------------------
  // An access is a 36-bit word in bytes of nine: bit 9 k + j (j < 8) is data bit 8 k + j,
  // bit 9 k + 8 the parity of byte k; a 1, 2 or 4-bit unit is in bits 0 .. w-1.
  function integer shift_of;  // address bits below the word address
    input integer w;
    shift_of = (w == 2) ? 1 : (w == 4) ? 2 : (w == 9) ? 3 : (w == 18) ? 4 : (w == 36) ? 5 : 0;
  endfunction
  function integer dbits_of;  // data bits of a word
    input integer w;
    dbits_of = (w == 9) ? 8 : (w == 18) ? 16 : (w == 36) ? 32 : w;
  endfunction
  function integer pbits_of;  // parity bits (bytes) of a word
    input integer w;
    pbits_of = (w == 9) ? 1 : (w == 18) ? 2 : (w == 36) ? 4 : 0;
  endfunction
  function integer first_bit;  // the word's first data bit: ADDR[13:s] * 2^s
    input integer w;
    input [13:0] ad;
    first_bit = (ad >> shift_of(w)) << shift_of(w);
  endfunction
  function pos_used;  // whether word bit i belongs to a word of width w
    input integer w;
    input integer i;
    pos_used = (w == 0) ? 1'b0 : (w < 9) ? i < w : i / 9 < pbits_of(w);
  endfunction
  function integer byte_of;  // the byte (enable) of word bit i
    input integer w;
    input integer i;
    byte_of = (w < 9) ? 0 : i / 9;
  endfunction
  /* verilator lint_off UNUSEDSIGNAL */  // the address bits below the word
  function integer bit_id;  // the array entry of word bit i, -1 for none
    input integer w;
    input [13:0] ad;
    input integer i;
    integer n;
    begin
      n = first_bit(w, ad);
      if (!pos_used(w, i)) bit_id = -1;
      else if (w < 9) bit_id = n + i;
      else if (i % 9 == 8) bit_id = 16384 + n / 8 + i / 9;
      else bit_id = n + 8 * (i / 9) + i % 9;
    end
  endfunction
  function in_wset;  // whether a write of width w at ad with byte enables be writes entry id
    input integer w;
    input [13:0] ad;
    input [3:0] be;
    input integer id;
    integer n, rel;
    begin
      n = first_bit(w, ad);
      in_wset = 1'b0;
      if (w != 0 && id >= 0) begin
        if (id < 16384) begin
          rel = id - n;
          if (rel >= 0 && rel < dbits_of(w)) in_wset = be[(w < 9) ? 0 : rel / 8];
        end else begin
          rel = id - 16384 - n / 8;
          if (rel >= 0 && rel < pbits_of(w)) in_wset = be[rel];
        end
      end
    end
  endfunction
  function integer wpos;  // the word bit of entry id in a write of width w at ad
    input integer w;
    input [13:0] ad;
    input integer id;
    integer n, rel;
    begin
      n = first_bit(w, ad);
      if (id < 16384) begin
        rel = id - n;
        wpos = (w < 9) ? rel : 9 * (rel / 8) + rel % 8;
      end else
        wpos = 9 * (id - 16384 - n / 8) + 8;
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // The word of width w at ad (unused bits 0). Called in the always blocks: a continuous
  // assignment would not see the array change.
  function [35:0] read_word;
    input integer w;
    input [13:0] ad;
    integer i, id;
    begin
      read_word = 36'b0;
      for (i = 0; i < 36; i = i + 1) begin
        id = bit_id(w, ad, i);
        if (id >= 0) read_word[i] = mbit[id];
      end
    end
  endfunction
  // A read word (width rw at ad) as this edge's write (width ww, same address, enables be,
  // data wd) leaves it: WRITE_FIRST.
  function [35:0] merge_word;
    input integer rw;
    input [13:0] ad;
    input [35:0] old;
    input integer ww;
    input [3:0] be;
    input [35:0] wd;
    integer i, id;
    begin
      merge_word = old;
      for (i = 0; i < 36; i = i + 1) begin
        id = bit_id(rw, ad, i);
        if (in_wset(ww, ad, be, id)) merge_word[i] = wd[wpos(ww, ad, id)];
      end
    end
  endfunction
  // A read word with the bits the other port writes at this edge (width ow at oad, enables
  // obe) made X: all of them unless that port is READ_FIRST (old_ok), and those this port
  // writes too (width sw, enables sbe) when it shows its own write (self_new).
  function [35:0] collide;
    input integer rw;
    input [13:0] ad;
    input [35:0] cur;
    input integer ow;
    input [13:0] oad;
    input [3:0] obe;
    input old_ok;
    input integer sw;
    input [3:0] sbe;
    input self_new;
    integer i, id;
    begin
      collide = cur;
      for (i = 0; i < 36; i = i + 1) begin
        id = bit_id(rw, ad, i);
        if (in_wset(ow, oad, obe, id) && (!old_ok || self_new && in_wset(sw, ad, sbe, id)))
          collide[i] = 1'bx;
      end
    end
  endfunction
  // INIT_A/SRVAL_A (and _B) as a read word of width w; half18 for an 18-bit half.
  function [17:0] half18;
    input [17:0] v;
    half18 = {v[17], v[15:8], v[16], v[7:0]};
  endfunction
  function [35:0] out_word;
    input integer w;
    input [17:0] v;
    out_word = (w == 18 || w == 36) ? {18'b0, half18(v)}
             : (w == 9) ? {27'b0, v[8:0]}
             : (w == 0) ? 36'b0 : {32'b0, v[3:0] & ((4'd1 << w) - 4'd1)};
  endfunction
  localparam [35:0] INIT_WA = SDP36 ? {half18(INIT_B[17:0]), half18(INIT_A[17:0])}
                                    : out_word(READ_WIDTH_A, INIT_A[17:0]);
  localparam [35:0] SRVAL_WA = SDP36 ? {half18(SRVAL_B[17:0]), half18(SRVAL_A[17:0])}
                                     : out_word(READ_WIDTH_A, SRVAL_A[17:0]);
  localparam [35:0] INIT_WB = SDP ? 36'b0 : out_word(READ_WIDTH_B, INIT_B[17:0]);
  localparam [35:0] SRVAL_WB = SDP ? 36'b0 : out_word(READ_WIDTH_B, SRVAL_B[17:0]);

  // ---- what each port does at its clock's edge ---------------------------------------------
  // Taken in the always blocks from the pins (as the array is read there): no continuous
  // assignment between a pin and the edge's decisions.
  function [3:0] be_of;  // the byte enables of a write of width w
    input integer w;
    input [3:0] we;
    be_of = (w == 36) ? we : (w == 18) ? {2'b0, we[1:0]} : {3'b0, we[0]};
  endfunction
  function [35:0] wd_of;  // write data pins as a word
    input [3:0] dip;
    input [31:0] di;
    wd_of = {dip[3], di[31:24], dip[2], di[23:16], dip[1], di[15:8], dip[0], di[7:0]};
  endfunction
  // Port B writes DIBDI (SDP 36: {DIBDI, DIADI}).
  function [35:0] wd_b_of;
    input [1:0] dipb, dipa;
    input [15:0] dib, dia;
    wd_b_of = (WRITE_WIDTH_B == 36) ? wd_of({dipb, dipa}, {dib, dia}) : wd_of({2'b0, dipb}, {16'b0, dib});
  endfunction

  function pick;  // bit i of a word
    input [35:0] v;
    input [5:0] i;
    pick = v[i];
  endfunction

  // ---- the writes: one bit each, nonblocking (a read at the same edge sees the old bit) --
  genvar gi;
  generate
    for (gi = 0; gi < 36; gi = gi + 1) begin : g_wr
      if (pos_used(WRITE_WIDTH_A, gi)) begin : g_a
        reg [3:0] be, obe;
        reg wd;  // the bit written
        reg [14:0] id;
        always @(posedge CLKARDCLK) begin
          /* verilator lint_off BLKSEQ */  // this edge's reads of the pins
          be = be_of(WRITE_WIDTH_A, {2'b0, WEA});
          obe = ENBWREN ? be_of(WRITE_WIDTH_B, WEBWE) : 4'b0;
          wd = pick(wd_of({2'b0, DIPADIP}, {16'b0, DIADI}), gi);
          id = bit_id(WRITE_WIDTH_A, ADDRARDADDR, gi);
          /* verilator lint_on BLKSEQ */
          // Port B writes the bit at this edge too (its clock is high): X.
          if (ENARDEN && be[byte_of(WRITE_WIDTH_A, gi)])
            mbit[id] <= (CLKBWRCLK === 1'b1 && in_wset(WRITE_WIDTH_B, ADDRBWRADDR, obe, id)) ? 1'bx : wd;
        end
      end
      if (pos_used(WRITE_WIDTH_B, gi)) begin : g_b
        reg [3:0] be, obe;
        reg wd;  // the bit written
        reg [14:0] id;
        always @(posedge CLKBWRCLK) begin
          /* verilator lint_off BLKSEQ */
          be = be_of(WRITE_WIDTH_B, WEBWE);
          obe = ENARDEN ? be_of(WRITE_WIDTH_A, {2'b0, WEA}) : 4'b0;
          wd = pick(wd_b_of(DIPBDIP, DIPADIP, DIBDI, DIADI), gi);
          id = bit_id(WRITE_WIDTH_B, ADDRBWRADDR, gi);
          /* verilator lint_on BLKSEQ */
          if (ENBWREN && be[byte_of(WRITE_WIDTH_B, gi)])
            mbit[id] <= (CLKARDCLK === 1'b1 && in_wset(WRITE_WIDTH_A, ADDRARDADDR, obe, id)) ? 1'bx : wd;
        end
      end
    end
  endgenerate

  // ---- port A (SDP: the read port) -----------------------------------------------------
  reg [35:0] lat_a = INIT_WA, reg_a = INIT_WA;
  reg [35:0] nxt_a;
  reg [3:0] be_a, obe_a;  // port A's write enables, port B's (0 unless it writes now)
  always @(posedge CLKARDCLK) begin
    /* verilator lint_off BLKSEQ */  // this edge's reads of the pins and the array
    be_a = ENARDEN ? be_of(WRITE_WIDTH_A, {2'b0, WEA}) : 4'b0;
    obe_a = (ENBWREN && CLKBWRCLK === 1'b1) ? be_of(WRITE_WIDTH_B, WEBWE) : 4'b0;
    nxt_a = read_word(READ_WIDTH_A, ADDRARDADDR);  // the word before this edge's writes
    if (WRITE_MODE_A == "WRITE_FIRST")
      nxt_a = merge_word(READ_WIDTH_A, ADDRARDADDR, nxt_a, WRITE_WIDTH_A, be_a, wd_of({2'b0, DIPADIP}, {16'b0, DIADI}));
    nxt_a = collide(READ_WIDTH_A, ADDRARDADDR, nxt_a, WRITE_WIDTH_B, ADDRBWRADDR, obe_a,
                    WRITE_MODE_B == "READ_FIRST", WRITE_WIDTH_A, be_a, WRITE_MODE_A == "WRITE_FIRST");
    /* verilator lint_on BLKSEQ */
    if (ENARDEN) begin
      if (RSTRAMARSTRAM) lat_a <= SRVAL_WA;
      else if (READ_WIDTH_A != 0 && !(WRITE_MODE_A == "NO_CHANGE" && WRITE_WIDTH_A != 0 && be_a != 4'b0))
        lat_a <= nxt_a;
    end
    if (RSTREGARSTREG) reg_a <= SRVAL_WA;
    else if (REGCEAREGCE) reg_a <= lat_a;
  end

  // ---- port B (TDP only; in SDP it only writes) ------------------------------------------
  reg [35:0] lat_b = INIT_WB, reg_b = INIT_WB;
  reg [35:0] nxt_b;
  reg [3:0] be_b, obe_b;
  always @(posedge CLKBWRCLK) if (!SDP) begin
    /* verilator lint_off BLKSEQ */
    be_b = ENBWREN ? be_of(WRITE_WIDTH_B, WEBWE) : 4'b0;
    obe_b = (ENARDEN && CLKARDCLK === 1'b1) ? be_of(WRITE_WIDTH_A, {2'b0, WEA}) : 4'b0;
    nxt_b = read_word(READ_WIDTH_B, ADDRBWRADDR);
    if (WRITE_MODE_B == "WRITE_FIRST")
      nxt_b = merge_word(READ_WIDTH_B, ADDRBWRADDR, nxt_b, WRITE_WIDTH_B, be_b, wd_b_of(DIPBDIP, DIPADIP, DIBDI, DIADI));
    nxt_b = collide(READ_WIDTH_B, ADDRBWRADDR, nxt_b, WRITE_WIDTH_A, ADDRARDADDR, obe_b,
                    WRITE_MODE_A == "READ_FIRST", WRITE_WIDTH_B, be_b, WRITE_MODE_B == "WRITE_FIRST");
    /* verilator lint_on BLKSEQ */
    if (ENBWREN) begin
      if (RSTRAMB) lat_b <= SRVAL_WB;
      else if (READ_WIDTH_B != 0 && !(WRITE_MODE_B == "NO_CHANGE" && WRITE_WIDTH_B != 0 && be_b != 4'b0))
        lat_b <= nxt_b;
    end
    if (RSTREGB) reg_b <= SRVAL_WB;
    else if (REGCEB) reg_b <= lat_b;
  end

  // ---- the output pins -------------------------------------------------------------------
  wire [35:0] q_a = (DOA_REG == 1) ? reg_a : lat_a;
  /* verilator lint_off UNUSEDSIGNAL */  // port B reads at most 18 bits
  wire [35:0] q_b = (DOB_REG == 1) ? reg_b : lat_b;
  /* verilator lint_on UNUSEDSIGNAL */
  assign DOADO   = {q_a[16:9], q_a[7:0]};
  assign DOPADOP = {q_a[17], q_a[8]};
  assign DOBDO   = SDP36 ? {q_a[34:27], q_a[25:18]} : {q_b[16:9], q_b[7:0]};
  assign DOPBDOP = SDP36 ? {q_a[35], q_a[26]} : {q_b[17], q_b[8]};
endmodule
/* verilator lint_on WIDTH */
/* verilator lint_on MULTIDRIVEN */
/* verilator lint_on DECLFILENAME */

`default_nettype wire
