// RAMB18E1 and RAMB36E1: herdsim's behavioural models of the Xilinx 7-series block RAMs, the
// 18 Kbit one (16 Kbit of data and 2 Kbit of parity) and the 36 Kbit one (32 Kbit and 4 Kbit),
// for simulating the netlists Yosys maps to the 7 series. Yosys 0.23's own RAMB18E1 and
// RAMB36E1 in share/yosys/xilinx/cells_sim.v are port lists with a specify block and no
// behaviour: a netlist that used them would read 0 from every block RAM. Herdsim drops those
// modules from its copy of the cell models and compiles these instead
// (rtlgen.WriteNetlistCellModels). Written from Xilinx's description of the 7-series memory
// resources (UG473) for what Yosys's xc7 mapping uses (memory_libmap with brams_xc4v.txt, then
// brams_xc6v_map.v: $__XILINX_BLOCKRAM_TDP_ and $__XILINX_BLOCKRAM_SDP_, mode HALF: RAMB18E1,
// mode FULL: RAMB36E1; not mode CASCADE, two RAMB36E1 with RAM_EXTENSION LOWER and UPPER, which
// this model refuses). Both primitives are thin wrappers of one model, herd_xilinx_bram (SIZE
// 18 or 36), the last module of this file.
//
// The two sizes (Z address bits, H the widest TDP port, F the widest SDP port):
//   - RAMB18E1: Z = 14 (ADDRARDADDR/ADDRBWRADDR[13:0]), H = 18, F = 36; 16-bit data pins
//     (DIADI, DIBDI, DOADO, DOBDO), 2-bit parity pins (DIPADIP, DIPBDIP, DOPADOP, DOPBDOP),
//     WEA[1:0], WEBWE[3:0]; INIT_00 .. INIT_3F, INITP_00 .. INITP_07.
//   - RAMB36E1: Z = 15 (ADDRARDADDR/ADDRBWRADDR[14:0]; ADDR[15] picks the half of a cascaded
//     pair and is ignored here: Yosys ties it to 1 in TDP, and to 0 in SDP, where its
//     {1'b1, PORT_ADDR} is cut to 16 bits), H = 36, F = 72;
//     32-bit data pins, 4-bit parity pins, WEA[3:0], WEBWE[7:0]; INIT_00 .. INIT_7F, INITP_00
//     .. INITP_0F. The cascade inputs (CASCADEINA/B) and the ECC ones (INJECTSBITERR,
//     INJECTDBITERR) are ignored; CASCADEOUTA/B, ECCPARITY, RDADDRECC, SBITERR and DBITERR are
//     0 (Yosys ties the inputs off and leaves the outputs open).
//
// It models, and refuses at elaboration a parameter value it does not model:
//   - RAM_MODE "TDP": two ports A and B, each READ_WIDTH and WRITE_WIDTH 0 (unused), 1, 2,
//     4, 9, 18 (or 36: RAMB36E1), the read and write widths of a port the same or not. "SDP":
//     port A reads (READ_WIDTH_A 0 .. F), port B writes (WRITE_WIDTH_B 0 .. F); READ_WIDTH_B
//     and WRITE_WIDTH_A must be 0. Width F writes {DIBDI, DIADI} with parity {DIPBDIP, DIPADIP}
//     and byte enables WEBWE (all its bits), and reads {DOBDO, DOADO} / {DOPBDOP, DOPADOP}; a
//     narrower SDP write takes DIBDI/DIPBDIP, a narrower SDP read gives DOADO/DOPADOP (DOBDO 0).
//   - The array: 2^Z data bits d[0 .. 2^Z - 1] and 2^Z / 8 parity bits p[0 .. 2^Z / 8 - 1]. A
//     port of width w = 1, 2, 4, 9, 18, 36, 72 (s = 0 .. 6 address bits below its word
//     address) at address ADDR touches the 1, 2, 4, 8, 16, 32 or 64 data bits from
//     n = ADDR[Z-1:s] * 2^s (data pin i, of {DIBDI, DIADI} / {DOBDO, DOADO} at width F, is
//     d[n + i]) and, for w >= 9, the 1, 2, 4 or 8 parity bits from n / 8 (parity pin k is
//     p[n / 8 + k], the ninth bit of data byte n / 8 + k). So the widths alias: the 18-bit
//     word u is d[16 u .. 16 u + 15] with p[2 u], p[2 u + 1]; the 1-bit unit at address a is
//     d[a]; the 4-bit unit at address a (a[1:0] ignored) d[a .. a + 3]; narrow (1, 2, 4-bit)
//     units never reach the parity bits. INIT_xx bit k is d[256 xx + k], INITP_xx bit k is
//     p[256 xx + k] (the layout Yosys's slice_init / slice_initp write).
//   - The RAMB36E1's words: width 1 is addressed by ADDR[14:0], 2 by ADDR[14:1], 4 by [14:2],
//     9 by [14:3], 18 by [14:4], 36 by [14:5], 72 (SDP) by [14:6] (512 words). The 72-bit word
//     u is d[64 u .. 64 u + 63] with p[8 u .. 8 u + 7]: DIADI/DOADO are d[64 u .. 64 u + 31],
//     DIBDI/DOBDO d[64 u + 32 .. 64 u + 63], DIPADIP/DOPADOP p[8 u .. 8 u + 3], DIPBDIP/DOPBDOP
//     p[8 u + 4 .. 8 u + 7], and WEBWE[k] writes byte k (d[64 u + 8 k .. 64 u + 8 k + 7] with
//     p[8 u + k]): WEBWE[3:0] the DIADI bytes, WEBWE[7:4] the DIBDI ones. So the 36-bit words
//     2 u and 2 u + 1 are the DIADI and the DIBDI half of the 72-bit word u. (Yosys 0.23's
//     brams_xc6v_map.v drives DIPBDIP of a 72-bit write with the low half's parity,
//     DIP[3:0]: its test reads "PORT_W_WIDTH == 71". This model writes what the pins carry.)
//     The RAMB18E1 is the same at half the size: ADDR[13:s], the 36-bit SDP word u is
//     d[32 u .. 32 u + 31] with p[4 u .. 4 u + 3], DIADI its low half.
//   - Byte enables (a byte: 8 data bits and their parity bit): a write of width w >= 9 writes
//     byte k (k < w / 9) iff WEA[k] (port A) / WEBWE[k] (port B): at width F all of WEBWE;
//     narrower widths write iff WEA[0] / WEBWE[0] (Yosys drives all the enables of a narrow
//     port with one signal). The enables of a port whose WRITE_WIDTH is 0 are ignored, and so
//     are those above a port's width.
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
//     (and _B) are in the port's read width: width 36 {DOP[3:0], DO[31:0]}, 18 {DOP[1:0],
//     DO[15:0]}, 9 {DOP[0], DO[7:0]}, narrower DO[w-1:0]; SDP width F takes the low half
//     (DOADO, DOPADOP) from _A and the high half (DOBDO, DOPBDOP) from _B. Bits from H up
//     (Yosys passes 72-bit values) must be 0. SDP reads use DOA_REG, REGCEAREGCE,
//     RSTRAMARSTRAM and RSTREGARSTREG (DOB_REG must equal DOA_REG); RSTRAMB, RSTREGB, REGCEB
//     and WEA have no effect in SDP. Output pins a port's width does not use are 0.
//   - RAMB36E1's RAM_EXTENSION_A/B: "NONE" only (Yosys's FULL mode).
// Collisions (both ports on one bit at the same clock edge): a read of a bit the other port
// writes shows X unless the writing port is READ_FIRST (UG473: then the read gets the old
// data; Yosys's READ_FIRST mapping relies on it), and X when the reading port writes that
// bit too and shows its own write (WRITE_FIRST); a bit both ports write becomes X. The
// hardware does not define these, and the simulation should not invent a value. "The same
// edge": at one port's rising edge the other's clock is high (one clock net, as in herdsim's
// netlists).
// Not modelled (not declared: Verilator refuses an override by name, Icarus warns): the
// IS_*_INVERTED clock and pin inversions, RSTREG_PRIORITY_A/B "REGCE", INIT_FILE, the
// RAMB36E1's ECC (EN_ECC_READ, EN_ECC_WRITE), and the collision and simulation settings
// (RDADDR_COLLISION_HWCONFIG, SIM_COLLISION_CHECK, SIM_DEVICE); Yosys's xc7 block RAM mapping
// sets none of them.

`default_nettype none

/* verilator lint_off DECLFILENAME */  // the primitives' names
/* verilator lint_off MULTIDRIVEN */   // the two ports write one array, as the hardware does
/* verilator lint_off WIDTH */         // string parameters take their value's width; compares widen them

// ---- RAMB18E1: herd_xilinx_bram of SIZE 18 ------------------------------------------------
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

  herd_xilinx_bram #(
    .NAME("RAMB18E1"), .SIZE(18), .DOA_REG(DOA_REG), .DOB_REG(DOB_REG), .RAM_MODE(RAM_MODE),
    .READ_WIDTH_A(READ_WIDTH_A), .READ_WIDTH_B(READ_WIDTH_B), .WRITE_WIDTH_A(WRITE_WIDTH_A),
    .WRITE_WIDTH_B(WRITE_WIDTH_B), .WRITE_MODE_A(WRITE_MODE_A), .WRITE_MODE_B(WRITE_MODE_B),
    .INIT_A(INIT_A), .INIT_B(INIT_B), .SRVAL_A(SRVAL_A), .SRVAL_B(SRVAL_B),
    .INIT_D({
      INIT_3F, INIT_3E, INIT_3D, INIT_3C, INIT_3B, INIT_3A, INIT_39, INIT_38,
      INIT_37, INIT_36, INIT_35, INIT_34, INIT_33, INIT_32, INIT_31, INIT_30,
      INIT_2F, INIT_2E, INIT_2D, INIT_2C, INIT_2B, INIT_2A, INIT_29, INIT_28,
      INIT_27, INIT_26, INIT_25, INIT_24, INIT_23, INIT_22, INIT_21, INIT_20,
      INIT_1F, INIT_1E, INIT_1D, INIT_1C, INIT_1B, INIT_1A, INIT_19, INIT_18,
      INIT_17, INIT_16, INIT_15, INIT_14, INIT_13, INIT_12, INIT_11, INIT_10,
      INIT_0F, INIT_0E, INIT_0D, INIT_0C, INIT_0B, INIT_0A, INIT_09, INIT_08,
      INIT_07, INIT_06, INIT_05, INIT_04, INIT_03, INIT_02, INIT_01, INIT_00
    }),
    .INIT_P({
      INITP_07, INITP_06, INITP_05, INITP_04, INITP_03, INITP_02, INITP_01, INITP_00
    })
  ) ram (
    .CLKARDCLK(CLKARDCLK), .CLKBWRCLK(CLKBWRCLK), .ENARDEN(ENARDEN), .ENBWREN(ENBWREN),
    .REGCEAREGCE(REGCEAREGCE), .REGCEB(REGCEB), .RSTRAMARSTRAM(RSTRAMARSTRAM), .RSTRAMB(RSTRAMB),
    .RSTREGARSTREG(RSTREGARSTREG), .RSTREGB(RSTREGB), .ADDRARDADDR(ADDRARDADDR), .ADDRBWRADDR(ADDRBWRADDR),
    .DIADI(DIADI), .DIBDI(DIBDI), .DIPADIP(DIPADIP), .DIPBDIP(DIPBDIP),
    .WEA(WEA), .WEBWE(WEBWE), .DOADO(DOADO), .DOBDO(DOBDO),
    .DOPADOP(DOPADOP), .DOPBDOP(DOPBDOP)
  );
endmodule

// ---- RAMB36E1: herd_xilinx_bram of SIZE 36 ------------------------------------------------
module RAMB36E1 (
  output wire        CASCADEOUTA,    // 0: no cascade
  output wire        CASCADEOUTB,
  output wire [7:0]  ECCPARITY,      // 0: no ECC
  output wire [8:0]  RDADDRECC,
  output wire        SBITERR,
  output wire        DBITERR,
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
  input  wire [15:0] ADDRARDADDR,
  input  wire [15:0] ADDRBWRADDR,
  input  wire [31:0] DIADI,
  input  wire [31:0] DIBDI,
  input  wire [3:0]  DIPADIP,
  input  wire [3:0]  DIPBDIP,
  input  wire [3:0]  WEA,
  input  wire [7:0]  WEBWE,
  output wire [31:0] DOADO,
  output wire [31:0] DOBDO,
  output wire [3:0]  DOPADOP,
  output wire [3:0]  DOPBDOP,
  /* verilator lint_off UNUSEDSIGNAL */  // Yosys ties the cascade and ECC inputs off
  input  wire        CASCADEINA,
  input  wire        CASCADEINB,
  input  wire        INJECTDBITERR,
  input  wire        INJECTSBITERR
  /* verilator lint_on UNUSEDSIGNAL */
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
  parameter [255:0] INITP_08 = 256'h0;
  parameter [255:0] INITP_09 = 256'h0;
  parameter [255:0] INITP_0A = 256'h0;
  parameter [255:0] INITP_0B = 256'h0;
  parameter [255:0] INITP_0C = 256'h0;
  parameter [255:0] INITP_0D = 256'h0;
  parameter [255:0] INITP_0E = 256'h0;
  parameter [255:0] INITP_0F = 256'h0;
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
  parameter [255:0] INIT_40 = 256'h0;
  parameter [255:0] INIT_41 = 256'h0;
  parameter [255:0] INIT_42 = 256'h0;
  parameter [255:0] INIT_43 = 256'h0;
  parameter [255:0] INIT_44 = 256'h0;
  parameter [255:0] INIT_45 = 256'h0;
  parameter [255:0] INIT_46 = 256'h0;
  parameter [255:0] INIT_47 = 256'h0;
  parameter [255:0] INIT_48 = 256'h0;
  parameter [255:0] INIT_49 = 256'h0;
  parameter [255:0] INIT_4A = 256'h0;
  parameter [255:0] INIT_4B = 256'h0;
  parameter [255:0] INIT_4C = 256'h0;
  parameter [255:0] INIT_4D = 256'h0;
  parameter [255:0] INIT_4E = 256'h0;
  parameter [255:0] INIT_4F = 256'h0;
  parameter [255:0] INIT_50 = 256'h0;
  parameter [255:0] INIT_51 = 256'h0;
  parameter [255:0] INIT_52 = 256'h0;
  parameter [255:0] INIT_53 = 256'h0;
  parameter [255:0] INIT_54 = 256'h0;
  parameter [255:0] INIT_55 = 256'h0;
  parameter [255:0] INIT_56 = 256'h0;
  parameter [255:0] INIT_57 = 256'h0;
  parameter [255:0] INIT_58 = 256'h0;
  parameter [255:0] INIT_59 = 256'h0;
  parameter [255:0] INIT_5A = 256'h0;
  parameter [255:0] INIT_5B = 256'h0;
  parameter [255:0] INIT_5C = 256'h0;
  parameter [255:0] INIT_5D = 256'h0;
  parameter [255:0] INIT_5E = 256'h0;
  parameter [255:0] INIT_5F = 256'h0;
  parameter [255:0] INIT_60 = 256'h0;
  parameter [255:0] INIT_61 = 256'h0;
  parameter [255:0] INIT_62 = 256'h0;
  parameter [255:0] INIT_63 = 256'h0;
  parameter [255:0] INIT_64 = 256'h0;
  parameter [255:0] INIT_65 = 256'h0;
  parameter [255:0] INIT_66 = 256'h0;
  parameter [255:0] INIT_67 = 256'h0;
  parameter [255:0] INIT_68 = 256'h0;
  parameter [255:0] INIT_69 = 256'h0;
  parameter [255:0] INIT_6A = 256'h0;
  parameter [255:0] INIT_6B = 256'h0;
  parameter [255:0] INIT_6C = 256'h0;
  parameter [255:0] INIT_6D = 256'h0;
  parameter [255:0] INIT_6E = 256'h0;
  parameter [255:0] INIT_6F = 256'h0;
  parameter [255:0] INIT_70 = 256'h0;
  parameter [255:0] INIT_71 = 256'h0;
  parameter [255:0] INIT_72 = 256'h0;
  parameter [255:0] INIT_73 = 256'h0;
  parameter [255:0] INIT_74 = 256'h0;
  parameter [255:0] INIT_75 = 256'h0;
  parameter [255:0] INIT_76 = 256'h0;
  parameter [255:0] INIT_77 = 256'h0;
  parameter [255:0] INIT_78 = 256'h0;
  parameter [255:0] INIT_79 = 256'h0;
  parameter [255:0] INIT_7A = 256'h0;
  parameter [255:0] INIT_7B = 256'h0;
  parameter [255:0] INIT_7C = 256'h0;
  parameter [255:0] INIT_7D = 256'h0;
  parameter [255:0] INIT_7E = 256'h0;
  parameter [255:0] INIT_7F = 256'h0;
  parameter [71:0] INIT_A = 72'h0;
  parameter [71:0] INIT_B = 72'h0;
  parameter RAM_EXTENSION_A = "NONE";
  parameter RAM_EXTENSION_B = "NONE";
  parameter RAM_MODE = "TDP";
  parameter integer READ_WIDTH_A = 0;
  parameter integer READ_WIDTH_B = 0;
  parameter [71:0] SRVAL_A = 72'h0;
  parameter [71:0] SRVAL_B = 72'h0;
  parameter WRITE_MODE_A = "WRITE_FIRST";
  parameter WRITE_MODE_B = "WRITE_FIRST";
  parameter integer WRITE_WIDTH_A = 0;
  parameter integer WRITE_WIDTH_B = 0;

  initial begin
    if (RAM_EXTENSION_A != "NONE")
      $fatal(1, "RAMB36E1 model: RAM_EXTENSION_A must be NONE (no cascade)");
    if (RAM_EXTENSION_B != "NONE")
      $fatal(1, "RAMB36E1 model: RAM_EXTENSION_B must be NONE (no cascade)");
  end
  assign CASCADEOUTA = 1'b0;
  assign CASCADEOUTB = 1'b0;
  assign ECCPARITY = 8'b0;
  assign RDADDRECC = 9'b0;
  assign SBITERR = 1'b0;
  assign DBITERR = 1'b0;

  herd_xilinx_bram #(
    .NAME("RAMB36E1"), .SIZE(36), .DOA_REG(DOA_REG), .DOB_REG(DOB_REG), .RAM_MODE(RAM_MODE),
    .READ_WIDTH_A(READ_WIDTH_A), .READ_WIDTH_B(READ_WIDTH_B), .WRITE_WIDTH_A(WRITE_WIDTH_A),
    .WRITE_WIDTH_B(WRITE_WIDTH_B), .WRITE_MODE_A(WRITE_MODE_A), .WRITE_MODE_B(WRITE_MODE_B),
    .INIT_A(INIT_A), .INIT_B(INIT_B), .SRVAL_A(SRVAL_A), .SRVAL_B(SRVAL_B),
    .INIT_D({
      INIT_7F, INIT_7E, INIT_7D, INIT_7C, INIT_7B, INIT_7A, INIT_79, INIT_78,
      INIT_77, INIT_76, INIT_75, INIT_74, INIT_73, INIT_72, INIT_71, INIT_70,
      INIT_6F, INIT_6E, INIT_6D, INIT_6C, INIT_6B, INIT_6A, INIT_69, INIT_68,
      INIT_67, INIT_66, INIT_65, INIT_64, INIT_63, INIT_62, INIT_61, INIT_60,
      INIT_5F, INIT_5E, INIT_5D, INIT_5C, INIT_5B, INIT_5A, INIT_59, INIT_58,
      INIT_57, INIT_56, INIT_55, INIT_54, INIT_53, INIT_52, INIT_51, INIT_50,
      INIT_4F, INIT_4E, INIT_4D, INIT_4C, INIT_4B, INIT_4A, INIT_49, INIT_48,
      INIT_47, INIT_46, INIT_45, INIT_44, INIT_43, INIT_42, INIT_41, INIT_40,
      INIT_3F, INIT_3E, INIT_3D, INIT_3C, INIT_3B, INIT_3A, INIT_39, INIT_38,
      INIT_37, INIT_36, INIT_35, INIT_34, INIT_33, INIT_32, INIT_31, INIT_30,
      INIT_2F, INIT_2E, INIT_2D, INIT_2C, INIT_2B, INIT_2A, INIT_29, INIT_28,
      INIT_27, INIT_26, INIT_25, INIT_24, INIT_23, INIT_22, INIT_21, INIT_20,
      INIT_1F, INIT_1E, INIT_1D, INIT_1C, INIT_1B, INIT_1A, INIT_19, INIT_18,
      INIT_17, INIT_16, INIT_15, INIT_14, INIT_13, INIT_12, INIT_11, INIT_10,
      INIT_0F, INIT_0E, INIT_0D, INIT_0C, INIT_0B, INIT_0A, INIT_09, INIT_08,
      INIT_07, INIT_06, INIT_05, INIT_04, INIT_03, INIT_02, INIT_01, INIT_00
    }),
    .INIT_P({
      INITP_0F, INITP_0E, INITP_0D, INITP_0C, INITP_0B, INITP_0A, INITP_09, INITP_08,
      INITP_07, INITP_06, INITP_05, INITP_04, INITP_03, INITP_02, INITP_01, INITP_00
    })
  ) ram (
    .CLKARDCLK(CLKARDCLK), .CLKBWRCLK(CLKBWRCLK), .ENARDEN(ENARDEN), .ENBWREN(ENBWREN),
    .REGCEAREGCE(REGCEAREGCE), .REGCEB(REGCEB), .RSTRAMARSTRAM(RSTRAMARSTRAM), .RSTRAMB(RSTRAMB),
    .RSTREGARSTREG(RSTREGARSTREG), .RSTREGB(RSTREGB), .ADDRARDADDR(ADDRARDADDR), .ADDRBWRADDR(ADDRBWRADDR),
    .DIADI(DIADI), .DIBDI(DIBDI), .DIPADIP(DIPADIP), .DIPBDIP(DIPBDIP),
    .WEA(WEA), .WEBWE(WEBWE), .DOADO(DOADO), .DOBDO(DOBDO),
    .DOPADOP(DOPADOP), .DOPBDOP(DOPBDOP)
  );
endmodule

// ---- herd_xilinx_bram: the model of both primitives ------------------------------------------
// SIZE 18: RAMB18E1, 36: RAMB36E1 (the header: Z, H, F). The pins are the primitive's, bit for
// bit: the wrappers connect each pin whole (no logic between a pin and the edge's decisions).
module herd_xilinx_bram (
  CLKARDCLK, CLKBWRCLK, ENARDEN, ENBWREN, REGCEAREGCE, REGCEB, RSTRAMARSTRAM, RSTRAMB,
  RSTREGARSTREG, RSTREGB, ADDRARDADDR, ADDRBWRADDR, DIADI, DIBDI, DIPADIP, DIPBDIP, WEA, WEBWE,
  DOADO, DOBDO, DOPADOP, DOPBDOP
);
  parameter NAME = "RAMB18E1";  // the primitive, for the messages
  parameter integer SIZE = 18;  // Kbit: 18 (RAMB18E1) or 36 (RAMB36E1)
  localparam FULL = SIZE == 36;
  localparam integer Z = FULL ? 15 : 14;   // the address bits used
  localparam integer AW = FULL ? 16 : 14;  // the address pins
  localparam integer DBITS = 1 << Z;       // data bits d
  localparam integer PBITS = DBITS / 8;    // parity bits p
  localparam integer NB = FULL ? 8 : 4;    // bytes of the widest (SDP) word
  localparam integer WW = 9 * NB;          // F: its bits, 72 or 36
  localparam integer HB = NB / 2;          // bytes of one port's pins
  localparam integer HW = 9 * HB;          // H: the widest TDP word, 36 or 18
  localparam integer DW = 8 * HB;          // data pins of a port, 32 or 16

  parameter integer DOA_REG = 0;
  parameter integer DOB_REG = 0;
  parameter [DBITS-1:0] INIT_D = {DBITS{1'b0}};  // {INIT_7F or 3F, .., INIT_00}: d
  parameter [PBITS-1:0] INIT_P = {PBITS{1'b0}};  // {INITP_0F or 07, .., INITP_00}: p
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

  input  wire          CLKARDCLK;
  input  wire          CLKBWRCLK;
  input  wire          ENARDEN;
  input  wire          ENBWREN;
  input  wire          REGCEAREGCE;
  input  wire          REGCEB;
  input  wire          RSTRAMARSTRAM;
  input  wire          RSTRAMB;
  input  wire          RSTREGARSTREG;
  input  wire          RSTREGB;
  /* verilator lint_off UNUSEDSIGNAL */  // RAMB36E1: ADDR[15], the cascade's
  input  wire [AW-1:0] ADDRARDADDR;
  input  wire [AW-1:0] ADDRBWRADDR;
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [DW-1:0] DIADI;
  input  wire [DW-1:0] DIBDI;
  input  wire [HB-1:0] DIPADIP;
  input  wire [HB-1:0] DIPBDIP;
  input  wire [HB-1:0] WEA;
  input  wire [NB-1:0] WEBWE;
  output wire [DW-1:0] DOADO;
  output wire [DW-1:0] DOBDO;
  output wire [HB-1:0] DOPADOP;
  output wire [HB-1:0] DOPBDOP;

  localparam SDP = RAM_MODE == "SDP";
  localparam SDPW = SDP && READ_WIDTH_A == WW;  // the read gives {DOBDO, DOADO}

  // ---- parameters this model refuses --------------------------------------------------
  function width_ok;  // 0 (unused) or a block RAM width, at most max
    input integer w;
    input integer max;
    width_ok = (w == 0 || w == 1 || w == 2 || w == 4 || w == 9 || w == 18 || w == 36 || w == 72) && w <= max;
  endfunction
  function wmode_ok;
    input [8*11-1:0] m;
    wmode_ok = m == "READ_FIRST" || m == "WRITE_FIRST" || m == "NO_CHANGE";
  endfunction
  initial begin
    if (SIZE != 18 && SIZE != 36)
      $fatal(1, "herd_xilinx_bram: SIZE must be 18 or 36");
    if (RAM_MODE != "TDP" && RAM_MODE != "SDP")
      $fatal(1, "%0s model: RAM_MODE must be TDP or SDP", NAME);
    if (!width_ok(READ_WIDTH_A, SDP ? WW : HW))
      $fatal(1, "%0s model: READ_WIDTH_A must be 0, 1, 2, 4, 9, 18, 36 or 72, at most %0d (%0d in SDP)", NAME, HW, WW);
    if (!width_ok(WRITE_WIDTH_B, SDP ? WW : HW))
      $fatal(1, "%0s model: WRITE_WIDTH_B must be 0, 1, 2, 4, 9, 18, 36 or 72, at most %0d (%0d in SDP)", NAME, HW, WW);
    if (!width_ok(READ_WIDTH_B, HW) || SDP && READ_WIDTH_B != 0)
      $fatal(1, "%0s model: READ_WIDTH_B must be 0, 1, 2, 4, 9, 18 or 36, at most %0d (0 in SDP)", NAME, HW);
    if (!width_ok(WRITE_WIDTH_A, HW) || SDP && WRITE_WIDTH_A != 0)
      $fatal(1, "%0s model: WRITE_WIDTH_A must be 0, 1, 2, 4, 9, 18 or 36, at most %0d (0 in SDP)", NAME, HW);
    if (!wmode_ok(WRITE_MODE_A) || SDP && WRITE_MODE_A == "NO_CHANGE")
      $fatal(1, "%0s model: WRITE_MODE_A must be READ_FIRST, WRITE_FIRST or NO_CHANGE (not NO_CHANGE in SDP)", NAME);
    if (!wmode_ok(WRITE_MODE_B) || SDP && WRITE_MODE_B == "NO_CHANGE")
      $fatal(1, "%0s model: WRITE_MODE_B must be READ_FIRST, WRITE_FIRST or NO_CHANGE (not NO_CHANGE in SDP)", NAME);
    if (SDP && WRITE_MODE_A != WRITE_MODE_B)
      $fatal(1, "%0s model: WRITE_MODE_A and WRITE_MODE_B must be the same in SDP", NAME);
    if (DOA_REG != 0 && DOA_REG != 1)
      $fatal(1, "%0s model: DOA_REG must be 0 or 1", NAME);
    if (DOB_REG != 0 && DOB_REG != 1 || SDP && DOB_REG != DOA_REG)
      $fatal(1, "%0s model: DOB_REG must be 0 or 1 (and equal DOA_REG in SDP)", NAME);
    if ((INIT_A >> HW) !== 72'b0)
      $fatal(1, "%0s model: INIT_A has bits set above bit %0d", NAME, HW - 1);
    if ((INIT_B >> HW) !== 72'b0)
      $fatal(1, "%0s model: INIT_B has bits set above bit %0d", NAME, HW - 1);
    if ((SRVAL_A >> HW) !== 72'b0)
      $fatal(1, "%0s model: SRVAL_A has bits set above bit %0d", NAME, HW - 1);
    if ((SRVAL_B >> HW) !== 72'b0)
      $fatal(1, "%0s model: SRVAL_B has bits set above bit %0d", NAME, HW - 1);
  end

  // ---- the array ---------------------------------------------------------------------
  // One entry a bit: d[n] is mbit[n], p[k] is mbit[DBITS + k]. Single bits let the two
  // ports write different bits of one byte at the same edge.
  reg mbit [0:DBITS+PBITS-1];
  integer ii, kk;
  reg [255:0] iv;  // one INIT_xx (a copy: a bit of the wide parameter is slow to read in Icarus)
  initial begin
    for (ii = 0; ii < DBITS / 256; ii = ii + 1) begin
      iv = INIT_D[256 * ii +: 256];
      for (kk = 0; kk < 256; kk = kk + 1) mbit[256 * ii + kk] = iv[kk];
    end
    for (ii = 0; ii < PBITS / 256; ii = ii + 1) begin
      iv = INIT_P[256 * ii +: 256];
      for (kk = 0; kk < 256; kk = kk + 1) mbit[DBITS + 256 * ii + kk] = iv[kk];
    end
  end

  // ---- a port's geometry --------------------------------------------------------------
  // An access is a WW-bit word in bytes of nine: bit 9 k + j (j < 8) is data bit 8 k + j,
  // bit 9 k + 8 the parity of byte k; a 1, 2 or 4-bit unit is in bits 0 .. w-1.
  function integer shift_of;  // address bits below the word address
    input integer w;
    shift_of = (w == 2) ? 1 : (w == 4) ? 2 : (w == 9) ? 3 : (w == 18) ? 4 : (w == 36) ? 5 : (w == 72) ? 6 : 0;
  endfunction
  function integer dbits_of;  // data bits of a word
    input integer w;
    dbits_of = (w >= 9) ? 8 * (w / 9) : w;
  endfunction
  function integer pbits_of;  // parity bits (bytes) of a word
    input integer w;
    pbits_of = (w >= 9) ? w / 9 : 0;
  endfunction
  function integer first_bit;  // the word's first data bit: ADDR[Z-1:s] * 2^s
    input integer w;
    input [Z-1:0] ad;
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
    input [Z-1:0] ad;
    input integer i;
    integer n;
    begin
      n = first_bit(w, ad);
      if (!pos_used(w, i)) bit_id = -1;
      else if (w < 9) bit_id = n + i;
      else if (i % 9 == 8) bit_id = DBITS + n / 8 + i / 9;
      else bit_id = n + 8 * (i / 9) + i % 9;
    end
  endfunction
  function in_wset;  // whether a write of width w at ad with byte enables be writes entry id
    input integer w;
    input [Z-1:0] ad;
    input [NB-1:0] be;
    input integer id;
    integer n, rel;
    begin
      n = first_bit(w, ad);
      in_wset = 1'b0;
      if (w != 0 && id >= 0) begin
        if (id < DBITS) begin
          rel = id - n;
          if (rel >= 0 && rel < dbits_of(w)) in_wset = be[(w < 9) ? 0 : rel / 8];
        end else begin
          rel = id - DBITS - n / 8;
          if (rel >= 0 && rel < pbits_of(w)) in_wset = be[rel];
        end
      end
    end
  endfunction
  function integer wpos;  // the word bit of entry id in a write of width w at ad
    input integer w;
    input [Z-1:0] ad;
    input integer id;
    integer n, rel;
    begin
      n = first_bit(w, ad);
      if (id < DBITS) begin
        rel = id - n;
        wpos = (w < 9) ? rel : 9 * (rel / 8) + rel % 8;
      end else
        wpos = 9 * (id - DBITS - n / 8) + 8;
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // The word of width w at ad (unused bits 0). Called in the always blocks: a continuous
  // assignment would not see the array change.
  // (bit_id's layout, with the word's first bit computed once.)
  function [WW-1:0] read_word;
    input integer w;
    input [Z-1:0] ad;
    integer i, n;
    begin
      read_word = {WW{1'b0}};
      n = first_bit(w, ad);
      for (i = 0; i < WW; i = i + 1)
        if (i < w) begin
          if (w < 9) read_word[i] = mbit[n + i];
          else if (i % 9 == 8) read_word[i] = mbit[DBITS + n / 8 + i / 9];
          else read_word[i] = mbit[n + 8 * (i / 9) + i % 9];
        end
    end
  endfunction
  // A read word (width rw at ad) as this edge's write (width ww, same address, enables be,
  // data wd) leaves it: WRITE_FIRST.
  function [WW-1:0] merge_word;
    input integer rw;
    input [Z-1:0] ad;
    input [WW-1:0] old;
    input integer ww;
    input [NB-1:0] be;
    input [WW-1:0] wd;
    integer i, id;
    begin
      merge_word = old;
      if (be != {NB{1'b0}})  // (a shortcut: no write, no change)
        for (i = 0; i < WW; i = i + 1) begin
          id = bit_id(rw, ad, i);
          if (in_wset(ww, ad, be, id)) merge_word[i] = wd[wpos(ww, ad, id)];
        end
    end
  endfunction
  // A read word with the bits the other port writes at this edge (width ow at oad, enables
  // obe) made X: all of them unless that port is READ_FIRST (old_ok), and those this port
  // writes too (width sw, enables sbe) when it shows its own write (self_new).
  function [WW-1:0] collide;
    input integer rw;
    input [Z-1:0] ad;
    input [WW-1:0] cur;
    input integer ow;
    input [Z-1:0] oad;
    input [NB-1:0] obe;
    input old_ok;
    input integer sw;
    input [NB-1:0] sbe;
    input self_new;
    integer i, id, n, m;
    begin
      collide = cur;
      n = first_bit(rw, ad);
      m = first_bit(ow, oad);
      // (A shortcut: the other port writes, and its data bits meet the word's. The parity
      // bits of two accesses meet only where their data bytes do.)
      if (obe != {NB{1'b0}} && n < m + dbits_of(ow) && m < n + dbits_of(rw))
        for (i = 0; i < WW; i = i + 1) begin
          id = bit_id(rw, ad, i);
          if (in_wset(ow, oad, obe, id) && (!old_ok || self_new && in_wset(sw, ad, sbe, id)))
            collide[i] = 1'bx;
        end
    end
  endfunction
  // INIT_A/SRVAL_A (and _B) as a read word: to_word of an nb-byte {parity, data} value.
  function [WW-1:0] to_word;
    input [71:0] v;
    input integer nb;
    integer k;
    begin
      to_word = {WW{1'b0}};
      for (k = 0; k < nb; k = k + 1) begin
        to_word[9 * k +: 8] = v[8 * k +: 8];
        to_word[9 * k + 8] = v[8 * nb + k];
      end
    end
  endfunction
  function [WW-1:0] out_word;  // of width w
    input integer w;
    input [71:0] v;
    out_word = (w >= 9) ? to_word(v, w / 9)
             : (w == 0) ? {WW{1'b0}} : v[3:0] & ((4'd1 << w) - 4'd1);
  endfunction
  localparam [WW-1:0] INIT_WA = SDPW ? (to_word(INIT_B, HB) << HW) | to_word(INIT_A, HB)
                                     : out_word(READ_WIDTH_A, INIT_A);
  localparam [WW-1:0] SRVAL_WA = SDPW ? (to_word(SRVAL_B, HB) << HW) | to_word(SRVAL_A, HB)
                                      : out_word(READ_WIDTH_A, SRVAL_A);
  localparam [WW-1:0] INIT_WB = SDP ? {WW{1'b0}} : out_word(READ_WIDTH_B, INIT_B);
  localparam [WW-1:0] SRVAL_WB = SDP ? {WW{1'b0}} : out_word(READ_WIDTH_B, SRVAL_B);

  // ---- what each port does at its clock's edge ---------------------------------------------
  // Taken in the always blocks from the pins (as the array is read there): no continuous
  // assignment between a pin and the edge's decisions.
  function [NB-1:0] be_of;  // the byte enables of a write of width w
    input integer w;
    input [NB-1:0] we;
    be_of = we & ((w >= 9) ? (1 << (w / 9)) - 1 : 1);
  endfunction
  function [WW-1:0] wd_of;  // write data pins as a word
    input [NB-1:0] dip;
    input [8*NB-1:0] di;
    integer k;
    begin
      for (k = 0; k < NB; k = k + 1) begin
        wd_of[9 * k +: 8] = di[8 * k +: 8];
        wd_of[9 * k + 8] = dip[k];
      end
    end
  endfunction
  // Port A writes DIADI.
  function [WW-1:0] wd_a_of;
    input [HB-1:0] dipa;
    input [DW-1:0] dia;
    wd_a_of = wd_of({{HB{1'b0}}, dipa}, {{DW{1'b0}}, dia});
  endfunction
  // Port B writes DIBDI (SDP width F: {DIBDI, DIADI}).
  function [WW-1:0] wd_b_of;
    input [HB-1:0] dipb, dipa;
    input [DW-1:0] dib, dia;
    wd_b_of = (WRITE_WIDTH_B == WW) ? wd_of({dipb, dipa}, {dib, dia}) : wd_of({{HB{1'b0}}, dipb}, {{DW{1'b0}}, dib});
  endfunction

  // Word bit i of write data pins: wd_of(dip, di)[i].
  function wbit_of;
    input [NB-1:0] dip;
    input [8*NB-1:0] di;
    input integer i;
    wbit_of = (i % 9 == 8) ? dip[i / 9] : di[8 * (i / 9) + i % 9];
  endfunction

  // ---- the writes: one bit each, nonblocking (a read at the same edge sees the old bit) --
  genvar gi;
  generate
    for (gi = 0; gi < WW; gi = gi + 1) begin : g_wr
      if (pos_used(WRITE_WIDTH_A, gi)) begin : g_a
        reg [NB-1:0] be, obe;
        reg wd;  // the bit written
        reg [15:0] id;
        always @(posedge CLKARDCLK) begin
          /* verilator lint_off BLKSEQ */  // this edge's reads of the pins
          be = be_of(WRITE_WIDTH_A, {{HB{1'b0}}, WEA});
          if (ENARDEN && be[byte_of(WRITE_WIDTH_A, gi)]) begin
            obe = ENBWREN ? be_of(WRITE_WIDTH_B, WEBWE) : {NB{1'b0}};
            wd = wbit_of({{HB{1'b0}}, DIPADIP}, {{DW{1'b0}}, DIADI}, gi);
            id = bit_id(WRITE_WIDTH_A, ADDRARDADDR[Z-1:0], gi);
            // Port B writes the bit at this edge too (its clock is high): X.
            mbit[id] <= (CLKBWRCLK === 1'b1 && in_wset(WRITE_WIDTH_B, ADDRBWRADDR[Z-1:0], obe, id)) ? 1'bx : wd;
          end
          /* verilator lint_on BLKSEQ */
        end
      end
      if (pos_used(WRITE_WIDTH_B, gi)) begin : g_b
        reg [NB-1:0] be, obe;
        reg wd;  // the bit written
        reg [15:0] id;
        always @(posedge CLKBWRCLK) begin
          /* verilator lint_off BLKSEQ */
          be = be_of(WRITE_WIDTH_B, WEBWE);
          if (ENBWREN && be[byte_of(WRITE_WIDTH_B, gi)]) begin
            obe = ENARDEN ? be_of(WRITE_WIDTH_A, {{HB{1'b0}}, WEA}) : {NB{1'b0}};
            wd = (WRITE_WIDTH_B == WW) ? wbit_of({DIPBDIP, DIPADIP}, {DIBDI, DIADI}, gi)  // as wd_b_of
                                       : wbit_of({{HB{1'b0}}, DIPBDIP}, {{DW{1'b0}}, DIBDI}, gi);
            id = bit_id(WRITE_WIDTH_B, ADDRBWRADDR[Z-1:0], gi);
            mbit[id] <= (CLKARDCLK === 1'b1 && in_wset(WRITE_WIDTH_A, ADDRARDADDR[Z-1:0], obe, id)) ? 1'bx : wd;
          end
          /* verilator lint_on BLKSEQ */
        end
      end
    end
  endgenerate

  // ---- port A (SDP: the read port) -----------------------------------------------------
  reg [WW-1:0] lat_a = INIT_WA, reg_a = INIT_WA;
  reg [WW-1:0] nxt_a;
  reg [NB-1:0] be_a, obe_a;  // port A's write enables, port B's (0 unless it writes now)
  always @(posedge CLKARDCLK) begin
    /* verilator lint_off BLKSEQ */  // this edge's reads of the pins and the array
    be_a = ENARDEN ? be_of(WRITE_WIDTH_A, {{HB{1'b0}}, WEA}) : {NB{1'b0}};
    obe_a = (ENBWREN && CLKBWRCLK === 1'b1) ? be_of(WRITE_WIDTH_B, WEBWE) : {NB{1'b0}};
    nxt_a = read_word(READ_WIDTH_A, ADDRARDADDR[Z-1:0]);  // the word before this edge's writes
    if (WRITE_MODE_A == "WRITE_FIRST")
      nxt_a = merge_word(READ_WIDTH_A, ADDRARDADDR[Z-1:0], nxt_a, WRITE_WIDTH_A, be_a, wd_a_of(DIPADIP, DIADI));
    nxt_a = collide(READ_WIDTH_A, ADDRARDADDR[Z-1:0], nxt_a, WRITE_WIDTH_B, ADDRBWRADDR[Z-1:0], obe_a,
                    WRITE_MODE_B == "READ_FIRST", WRITE_WIDTH_A, be_a, WRITE_MODE_A == "WRITE_FIRST");
    /* verilator lint_on BLKSEQ */
    if (ENARDEN) begin
      if (RSTRAMARSTRAM) lat_a <= SRVAL_WA;
      else if (READ_WIDTH_A != 0 && !(WRITE_MODE_A == "NO_CHANGE" && WRITE_WIDTH_A != 0 && be_a != {NB{1'b0}}))
        lat_a <= nxt_a;
    end
    if (RSTREGARSTREG) reg_a <= SRVAL_WA;
    else if (REGCEAREGCE) reg_a <= lat_a;
  end

  // ---- port B (TDP only; in SDP it only writes) ------------------------------------------
  reg [WW-1:0] lat_b = INIT_WB, reg_b = INIT_WB;
  reg [WW-1:0] nxt_b;
  reg [NB-1:0] be_b, obe_b;
  always @(posedge CLKBWRCLK) if (!SDP) begin
    /* verilator lint_off BLKSEQ */
    be_b = ENBWREN ? be_of(WRITE_WIDTH_B, WEBWE) : {NB{1'b0}};
    obe_b = (ENARDEN && CLKARDCLK === 1'b1) ? be_of(WRITE_WIDTH_A, {{HB{1'b0}}, WEA}) : {NB{1'b0}};
    nxt_b = read_word(READ_WIDTH_B, ADDRBWRADDR[Z-1:0]);
    if (WRITE_MODE_B == "WRITE_FIRST")
      nxt_b = merge_word(READ_WIDTH_B, ADDRBWRADDR[Z-1:0], nxt_b, WRITE_WIDTH_B, be_b, wd_b_of(DIPBDIP, DIPADIP, DIBDI, DIADI));
    nxt_b = collide(READ_WIDTH_B, ADDRBWRADDR[Z-1:0], nxt_b, WRITE_WIDTH_A, ADDRARDADDR[Z-1:0], obe_b,
                    WRITE_MODE_A == "READ_FIRST", WRITE_WIDTH_B, be_b, WRITE_MODE_B == "WRITE_FIRST");
    /* verilator lint_on BLKSEQ */
    if (ENBWREN) begin
      if (RSTRAMB) lat_b <= SRVAL_WB;
      else if (READ_WIDTH_B != 0 && !(WRITE_MODE_B == "NO_CHANGE" && WRITE_WIDTH_B != 0 && be_b != {NB{1'b0}}))
        lat_b <= nxt_b;
    end
    if (RSTREGB) reg_b <= SRVAL_WB;
    else if (REGCEB) reg_b <= lat_b;
  end

  // ---- the output pins -------------------------------------------------------------------
  function [DW-1:0] do_of;  // the data bits of bytes k0 .. k0 + HB - 1 of a word
    input [WW-1:0] v;
    input integer k0;
    integer k;
    begin
      for (k = 0; k < HB; k = k + 1) do_of[8 * k +: 8] = v[9 * (k0 + k) +: 8];
    end
  endfunction
  function [HB-1:0] dop_of;  // their parity bits
    input [WW-1:0] v;
    input integer k0;
    integer k;
    begin
      for (k = 0; k < HB; k = k + 1) dop_of[k] = v[9 * (k0 + k) + 8];
    end
  endfunction
  wire [WW-1:0] q_a = (DOA_REG == 1) ? reg_a : lat_a;
  /* verilator lint_off UNUSEDSIGNAL */  // port B reads at most H bits
  wire [WW-1:0] q_b = (DOB_REG == 1) ? reg_b : lat_b;
  /* verilator lint_on UNUSEDSIGNAL */
  assign DOADO   = do_of(q_a, 0);
  assign DOPADOP = dop_of(q_a, 0);
  assign DOBDO   = SDPW ? do_of(q_a, HB) : do_of(q_b, 0);
  assign DOPBDOP = SDPW ? dop_of(q_a, HB) : dop_of(q_b, 0);
endmodule
/* verilator lint_on MULTIDRIVEN */
/* verilator lint_on WIDTH */
/* verilator lint_on DECLFILENAME */

`default_nettype wire
