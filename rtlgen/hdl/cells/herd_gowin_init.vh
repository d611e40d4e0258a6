// herd_gowin_init.vh: the initial contents of a Gowin BSRAM wrapper (gowin_bsram.v), the
// vendor's 64 parameters INIT_RAM_00 .. INIT_RAM_3F of INIT_W bits each (256: the 8-bit-byte
// primitives SP, SDPB, DPB; 288: the 9-bit ones SPX9, SDPX9B, DPX9B), and INIT_ALL, their
// concatenation with INIT_RAM_00 lowest, as herd_gowin_bsram's INIT takes it. Included
// inside each wrapper after its localparam INIT_W, so that the 64 names are written once.
parameter [INIT_W-1:0] INIT_RAM_00 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_01 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_02 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_03 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_04 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_05 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_06 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_07 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_08 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_09 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_0A = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_0B = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_0C = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_0D = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_0E = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_0F = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_10 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_11 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_12 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_13 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_14 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_15 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_16 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_17 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_18 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_19 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_1A = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_1B = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_1C = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_1D = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_1E = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_1F = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_20 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_21 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_22 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_23 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_24 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_25 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_26 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_27 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_28 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_29 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_2A = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_2B = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_2C = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_2D = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_2E = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_2F = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_30 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_31 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_32 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_33 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_34 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_35 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_36 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_37 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_38 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_39 = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_3A = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_3B = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_3C = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_3D = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_3E = {INIT_W{1'b0}};
parameter [INIT_W-1:0] INIT_RAM_3F = {INIT_W{1'b0}};
localparam [64*INIT_W-1:0] INIT_ALL = {
  INIT_RAM_3F, INIT_RAM_3E, INIT_RAM_3D, INIT_RAM_3C, INIT_RAM_3B, INIT_RAM_3A, INIT_RAM_39, INIT_RAM_38,
  INIT_RAM_37, INIT_RAM_36, INIT_RAM_35, INIT_RAM_34, INIT_RAM_33, INIT_RAM_32, INIT_RAM_31, INIT_RAM_30,
  INIT_RAM_2F, INIT_RAM_2E, INIT_RAM_2D, INIT_RAM_2C, INIT_RAM_2B, INIT_RAM_2A, INIT_RAM_29, INIT_RAM_28,
  INIT_RAM_27, INIT_RAM_26, INIT_RAM_25, INIT_RAM_24, INIT_RAM_23, INIT_RAM_22, INIT_RAM_21, INIT_RAM_20,
  INIT_RAM_1F, INIT_RAM_1E, INIT_RAM_1D, INIT_RAM_1C, INIT_RAM_1B, INIT_RAM_1A, INIT_RAM_19, INIT_RAM_18,
  INIT_RAM_17, INIT_RAM_16, INIT_RAM_15, INIT_RAM_14, INIT_RAM_13, INIT_RAM_12, INIT_RAM_11, INIT_RAM_10,
  INIT_RAM_0F, INIT_RAM_0E, INIT_RAM_0D, INIT_RAM_0C, INIT_RAM_0B, INIT_RAM_0A, INIT_RAM_09, INIT_RAM_08,
  INIT_RAM_07, INIT_RAM_06, INIT_RAM_05, INIT_RAM_04, INIT_RAM_03, INIT_RAM_02, INIT_RAM_01, INIT_RAM_00};
