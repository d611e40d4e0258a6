// xilinx_ramb18e1_tb: a self-checking test of herdsim's RAMB18E1 and RAMB36E1 models
// (xilinx_ramb18e1.v).
// Prints PASS or stops with $fatal. Runs in Icarus (iverilog -g2012 -o tb.vvp
// xilinx_ramb18e1.v xilinx_ramb18e1_tb.v && vvp -n tb.vvp) and in Verilator (--binary
// --timing --top-module xilinx_ramb18e1_tb, the same two files).
// The X checks of collisions run in Icarus only (Verilator has no X).

`default_nettype none

/* verilator lint_off WIDTH */  // the checks widen their operands to 72 bits

module xilinx_ramb18e1_tb;
  reg clk = 1'b0;
  always #5 clk = ~clk;
  integer errors = 0;
  integer k;

  task check;
    input [8*24-1:0] what;
    input [71:0] got, want;
    if (got !== want) begin
      $display("FAIL %0s: got %h, want %h", what, got, want);
      errors = errors + 1;
    end
  endtask
  task tick;  // one rising edge; the inputs set after it are sampled at the next
    begin
      @(posedge clk);
      #1;
    end
  endtask

  // ---- TDP 18 bits: A writes, B reads (both READ_FIRST) ---------------------------------
  reg  [13:0] t_aa = 0, t_ab = 0;
  reg  [15:0] t_di = 0;
  reg  [1:0]  t_dip = 0, t_we = 0;
  reg         t_enb = 1'b0;
  wire [15:0] t_do;
  wire [1:0]  t_dop;
  RAMB18E1 #(.RAM_MODE("TDP"), .WRITE_WIDTH_A(18), .READ_WIDTH_B(18),
             .WRITE_MODE_A("READ_FIRST"), .WRITE_MODE_B("READ_FIRST")) t18 (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(1'b1), .ENBWREN(t_enb), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(t_aa), .ADDRBWRADDR(t_ab), .DIADI(t_di), .DIBDI(16'h0), .DIPADIP(t_dip), .DIPBDIP(2'b0),
    .WEA(t_we), .WEBWE(4'b0), .DOADO(), .DOBDO(t_do), .DOPADOP(), .DOPBDOP(t_dop));

  // ---- one port that writes and reads, in each write mode --------------------------------
  reg  [13:0] m_a = 0;
  reg  [15:0] m_di = 0;
  reg  [1:0]  m_we = 0;
  wire [15:0] rf_do, wf_do, nc_do;
  wire [1:0]  rf_dop, wf_dop, nc_dop;
  RAMB18E1 #(.RAM_MODE("TDP"), .READ_WIDTH_A(18), .WRITE_WIDTH_A(18), .WRITE_MODE_A("READ_FIRST")) rf (
    .CLKARDCLK(clk), .CLKBWRCLK(1'b0), .ENARDEN(1'b1), .ENBWREN(1'b0), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(m_a), .ADDRBWRADDR(14'h0), .DIADI(m_di), .DIBDI(16'h0), .DIPADIP(m_di[1:0]), .DIPBDIP(2'b0),
    .WEA(m_we), .WEBWE(4'b0), .DOADO(rf_do), .DOBDO(), .DOPADOP(rf_dop), .DOPBDOP());
  RAMB18E1 #(.RAM_MODE("TDP"), .READ_WIDTH_A(18), .WRITE_WIDTH_A(18), .WRITE_MODE_A("WRITE_FIRST")) wf (
    .CLKARDCLK(clk), .CLKBWRCLK(1'b0), .ENARDEN(1'b1), .ENBWREN(1'b0), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(m_a), .ADDRBWRADDR(14'h0), .DIADI(m_di), .DIBDI(16'h0), .DIPADIP(m_di[1:0]), .DIPBDIP(2'b0),
    .WEA(m_we), .WEBWE(4'b0), .DOADO(wf_do), .DOBDO(), .DOPADOP(wf_dop), .DOPBDOP());
  RAMB18E1 #(.RAM_MODE("TDP"), .READ_WIDTH_A(18), .WRITE_WIDTH_A(18), .WRITE_MODE_A("NO_CHANGE")) nc (
    .CLKARDCLK(clk), .CLKBWRCLK(1'b0), .ENARDEN(1'b1), .ENBWREN(1'b0), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(m_a), .ADDRBWRADDR(14'h0), .DIADI(m_di), .DIBDI(16'h0), .DIPADIP(m_di[1:0]), .DIPBDIP(2'b0),
    .WEA(m_we), .WEBWE(4'b0), .DOADO(nc_do), .DOBDO(), .DOPADOP(nc_dop), .DOPBDOP());

  // ---- SDP 36 bits: B writes {DIBDI, DIADI}, A reads {DOBDO, DOADO} -----------------------
  reg  [13:0] s_ra = 0, s_wa = 0;
  reg  [31:0] s_di = 0;
  reg  [3:0]  s_dip = 0, s_we = 0;
  wire [15:0] s_doa, s_dob;
  wire [1:0]  s_dopa, s_dopb;
  RAMB18E1 #(.RAM_MODE("SDP"), .READ_WIDTH_A(36), .WRITE_WIDTH_B(36),
             .WRITE_MODE_A("READ_FIRST"), .WRITE_MODE_B("READ_FIRST")) sdp (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(1'b1), .ENBWREN(1'b1), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(s_ra), .ADDRBWRADDR(s_wa), .DIADI(s_di[15:0]), .DIBDI(s_di[31:16]),
    .DIPADIP(s_dip[1:0]), .DIPBDIP(s_dip[3:2]), .WEA(2'b0), .WEBWE(s_we),
    .DOADO(s_doa), .DOBDO(s_dob), .DOPADOP(s_dopa), .DOPBDOP(s_dopb));
  // The same in WRITE_FIRST: a read of the word written at the same edge is X.
  wire [15:0] sw_doa;
  RAMB18E1 #(.RAM_MODE("SDP"), .READ_WIDTH_A(36), .WRITE_WIDTH_B(36),
             .WRITE_MODE_A("WRITE_FIRST"), .WRITE_MODE_B("WRITE_FIRST")) sdpw (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(1'b1), .ENBWREN(1'b1), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(s_ra), .ADDRBWRADDR(s_wa), .DIADI(s_di[15:0]), .DIBDI(s_di[31:16]),
    .DIPADIP(s_dip[1:0]), .DIPBDIP(s_dip[3:2]), .WEA(2'b0), .WEBWE(s_we),
    .DOADO(sw_doa), .DOBDO(), .DOPADOP(), .DOPBDOP());

  // ---- aliasing: A writes and reads 18 bits, B reads (and writes) 1, 4 or 9 bits -----------
  reg  [13:0] l_a = 0, l_b = 0;
  reg  [15:0] l_di = 0;
  reg  [1:0]  l_dip = 0, l_we = 0;
  reg         l_bdi = 1'b0, l_bwe = 1'b0;
  wire [15:0] l1_doa, l1_dob, l4_dob, l9_dob;
  wire [1:0]  l1_dopa, l9_dopb;
  RAMB18E1 #(.RAM_MODE("TDP"), .READ_WIDTH_A(18), .WRITE_WIDTH_A(18), .READ_WIDTH_B(1), .WRITE_WIDTH_B(1),
             .WRITE_MODE_A("READ_FIRST"), .WRITE_MODE_B("READ_FIRST")) al1 (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(1'b1), .ENBWREN(1'b1), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(l_a), .ADDRBWRADDR(l_b), .DIADI(l_di), .DIBDI({15'b0, l_bdi}), .DIPADIP(l_dip), .DIPBDIP(2'b0),
    .WEA(l_we), .WEBWE({4{l_bwe}}), .DOADO(l1_doa), .DOBDO(l1_dob), .DOPADOP(l1_dopa), .DOPBDOP());
  RAMB18E1 #(.RAM_MODE("TDP"), .WRITE_WIDTH_A(18), .READ_WIDTH_B(4)) al4 (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(1'b1), .ENBWREN(1'b1), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(l_a), .ADDRBWRADDR(l_b), .DIADI(l_di), .DIBDI(16'h0), .DIPADIP(l_dip), .DIPBDIP(2'b0),
    .WEA(l_we), .WEBWE(4'b0), .DOADO(), .DOBDO(l4_dob), .DOPADOP(), .DOPBDOP());
  RAMB18E1 #(.RAM_MODE("TDP"), .WRITE_WIDTH_A(18), .READ_WIDTH_B(9)) al9 (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(1'b1), .ENBWREN(1'b1), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(l_a), .ADDRBWRADDR(l_b), .DIADI(l_di), .DIBDI(16'h0), .DIPADIP(l_dip), .DIPBDIP(2'b0),
    .WEA(l_we), .WEBWE(4'b0), .DOADO(), .DOBDO(l9_dob), .DOPADOP(), .DOPBDOP(l9_dopb));

  // ---- initial contents, initial output, set/reset -----------------------------------------
  localparam [255:0] I00 = 256'h0f0e0d0c_0b0a0908_07060504_03020100_fedcba98_76543210_89abcdef_cafe1234;
  localparam [255:0] I01 = 256'h11112222_33334444_55556666_77778888_9999aaaa_bbbbcccc_ddddeeee_ffff5a5a;
  localparam [255:0] P00 = {192'b0, 32'h00000002, 32'h0000002d};
  reg  [13:0] i_a = 0, i_b = 0;
  reg         i_rst = 1'b0, i_en = 1'b0;
  wire [15:0] i_doa, i_dob;
  wire [1:0]  i_dopa, i_dopb;
  RAMB18E1 #(.RAM_MODE("TDP"), .READ_WIDTH_A(18), .READ_WIDTH_B(1), .INIT_00(I00), .INIT_01(I01), .INITP_00(P00),
             .INIT_A(72'h2_5a5a), .SRVAL_A(72'h1_0ff0), .INIT_B(72'h1), .SRVAL_B(72'h0)) ini (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(i_en), .ENBWREN(1'b1), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(i_rst), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(i_a), .ADDRBWRADDR(i_b), .DIADI(16'h0), .DIBDI(16'h0), .DIPADIP(2'b0), .DIPBDIP(2'b0),
    .WEA(2'b0), .WEBWE(4'b0), .DOADO(i_doa), .DOBDO(i_dob), .DOPADOP(i_dopa), .DOPBDOP(i_dopb));
  // SDP 36 and 9-bit reads of the same contents; INIT_A/INIT_B of a 36-bit and a 9-bit read.
  wire [15:0] i36_doa, i36_dob, i9_dob;
  wire [1:0]  i36_dopa, i36_dopb, i9_dopb;
  RAMB18E1 #(.RAM_MODE("SDP"), .READ_WIDTH_A(36), .INIT_00(I00), .INIT_01(I01), .INITP_00(P00),
             .INIT_A(72'h3_1234), .INIT_B(72'h0_abcd)) ini36 (
    .CLKARDCLK(clk), .CLKBWRCLK(1'b0), .ENARDEN(i_en), .ENBWREN(1'b0), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(i_a), .ADDRBWRADDR(14'h0), .DIADI(16'h0), .DIBDI(16'h0), .DIPADIP(2'b0), .DIPBDIP(2'b0),
    .WEA(2'b0), .WEBWE(4'b0), .DOADO(i36_doa), .DOBDO(i36_dob), .DOPADOP(i36_dopa), .DOPBDOP(i36_dopb));
  RAMB18E1 #(.RAM_MODE("TDP"), .READ_WIDTH_B(9), .INIT_00(I00), .INITP_00(P00), .INIT_B(72'h1_3c)) ini9 (
    .CLKARDCLK(1'b0), .CLKBWRCLK(clk), .ENARDEN(1'b0), .ENBWREN(i_en), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(14'h0), .ADDRBWRADDR(i_b), .DIADI(16'h0), .DIBDI(16'h0), .DIPADIP(2'b0), .DIPBDIP(2'b0),
    .WEA(2'b0), .WEBWE(4'b0), .DOADO(), .DOBDO(i9_dob), .DOPADOP(), .DOPBDOP(i9_dopb));

  // ---- the output register (DOA_REG 1) -----------------------------------------------------
  reg  [13:0] r_a = 0;
  reg  [15:0] r_di = 0;
  reg  [1:0]  r_we = 0;
  reg         r_ce = 1'b0, r_rst = 1'b0;
  wire [15:0] r_do;
  RAMB18E1 #(.RAM_MODE("TDP"), .READ_WIDTH_A(18), .WRITE_WIDTH_A(18), .WRITE_MODE_A("READ_FIRST"), .DOA_REG(1),
             .INIT_A(72'h0_0bad), .SRVAL_A(72'h0_5e7)) rg (
    .CLKARDCLK(clk), .CLKBWRCLK(1'b0), .ENARDEN(1'b1), .ENBWREN(1'b0), .REGCEAREGCE(r_ce), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(r_rst), .RSTREGB(1'b0),
    .ADDRARDADDR(r_a), .ADDRBWRADDR(14'h0), .DIADI(r_di), .DIBDI(16'h0), .DIPADIP(2'b0), .DIPBDIP(2'b0),
    .WEA(r_we), .WEBWE(4'b0), .DOADO(r_do), .DOBDO(), .DOPADOP(), .DOPBDOP());

  // ==== RAMB36E1 ==============================================================================
  // Unconnected in every instance, as in Yosys's netlists: the cascade and ECC pins.
  // ---- TDP 36 bits: A writes and reads (WRITE_FIRST), B reads 36 (READ_FIRST); ADDR[15] set
  // (Yosys ties it to 1) or not: ignored. Same writes, B reading 9 and 1 bits.
  reg  [15:0] u_aa = 0, u_ab = 0, u_a9 = 0, u_a1 = 0;
  reg  [31:0] u_di = 0;
  reg  [3:0]  u_dip = 0, u_we = 0;
  wire [31:0] u_doa, u_dob, u9_dob, u1_dob;
  wire [3:0]  u_dopa, u_dopb, u9_dopb;
  localparam [31:0] U_D = 32'h77220055;  // word 1000 at the end, read by u9 and u1
  localparam [3:0]  U_P = 4'b0110;
  RAMB36E1 #(.RAM_MODE("TDP"), .READ_WIDTH_A(36), .WRITE_WIDTH_A(36), .READ_WIDTH_B(36),
             .WRITE_MODE_A("WRITE_FIRST"), .WRITE_MODE_B("READ_FIRST"),
             .RAM_EXTENSION_A("NONE"), .RAM_EXTENSION_B("NONE")) u36 (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(1'b1), .ENBWREN(1'b1), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(u_aa), .ADDRBWRADDR(u_ab), .DIADI(u_di), .DIBDI(32'h0), .DIPADIP(u_dip), .DIPBDIP(4'h0),
    .WEA(u_we), .WEBWE(8'h0), .DOADO(u_doa), .DOBDO(u_dob), .DOPADOP(u_dopa), .DOPBDOP(u_dopb),
    .CASCADEINA(1'b0), .CASCADEINB(1'b0), .INJECTDBITERR(1'b0), .INJECTSBITERR(1'b0),
    .CASCADEOUTA(), .CASCADEOUTB(), .ECCPARITY(), .RDADDRECC(), .SBITERR(), .DBITERR());
  RAMB36E1 #(.RAM_MODE("TDP"), .WRITE_WIDTH_A(36), .READ_WIDTH_B(9),
             .WRITE_MODE_A("READ_FIRST"), .WRITE_MODE_B("READ_FIRST")) u9 (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(1'b1), .ENBWREN(1'b1), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(u_aa), .ADDRBWRADDR(u_a9), .DIADI(u_di), .DIBDI(32'h0), .DIPADIP(u_dip), .DIPBDIP(4'h0),
    .WEA(u_we), .WEBWE(8'h0), .DOADO(), .DOBDO(u9_dob), .DOPADOP(), .DOPBDOP(u9_dopb),
    .CASCADEINA(1'b0), .CASCADEINB(1'b0), .INJECTDBITERR(1'b0), .INJECTSBITERR(1'b0),
    .CASCADEOUTA(), .CASCADEOUTB(), .ECCPARITY(), .RDADDRECC(), .SBITERR(), .DBITERR());
  RAMB36E1 #(.RAM_MODE("TDP"), .WRITE_WIDTH_A(36), .READ_WIDTH_B(1),
             .WRITE_MODE_A("READ_FIRST"), .WRITE_MODE_B("READ_FIRST")) u1 (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(1'b1), .ENBWREN(1'b1), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(u_aa), .ADDRBWRADDR(u_a1), .DIADI(u_di), .DIBDI(32'h0), .DIPADIP(u_dip), .DIPBDIP(4'h0),
    .WEA(u_we), .WEBWE(8'h0), .DOADO(), .DOBDO(u1_dob), .DOPADOP(), .DOPBDOP(),
    .CASCADEINA(1'b0), .CASCADEINB(1'b0), .INJECTDBITERR(1'b0), .INJECTSBITERR(1'b0),
    .CASCADEOUTA(), .CASCADEOUTB(), .ECCPARITY(), .RDADDRECC(), .SBITERR(), .DBITERR());

  // ---- SDP 72 bits: B writes {DIBDI, DIADI} / {DIPBDIP, DIPADIP} with WEBWE[7:0], A reads
  // {DOBDO, DOADO}; the same writes read as 72 bits in WRITE_FIRST, and as 36 and 9 bits.
  reg  [15:0] v_ra = 0, v_wa = 0, v_r36 = 0, v_r9 = 0;
  reg  [63:0] v_di = 0;
  reg  [7:0]  v_dip = 0, v_we = 0;
  wire [31:0] v_doa, v_dob, vw_doa, vw_dob, v36_doa, v36_dob, v9_doa;
  wire [3:0]  v_dopa, v_dopb, vw_dopa, vw_dopb, v36_dopa, v9_dopa;
  RAMB36E1 #(.RAM_MODE("SDP"), .READ_WIDTH_A(72), .WRITE_WIDTH_B(72),
             .WRITE_MODE_A("READ_FIRST"), .WRITE_MODE_B("READ_FIRST")) v72 (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(1'b1), .ENBWREN(1'b1), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(v_ra), .ADDRBWRADDR(v_wa), .DIADI(v_di[31:0]), .DIBDI(v_di[63:32]),
    .DIPADIP(v_dip[3:0]), .DIPBDIP(v_dip[7:4]), .WEA(4'h0), .WEBWE(v_we),
    .DOADO(v_doa), .DOBDO(v_dob), .DOPADOP(v_dopa), .DOPBDOP(v_dopb),
    .CASCADEINA(1'b0), .CASCADEINB(1'b0), .INJECTDBITERR(1'b0), .INJECTSBITERR(1'b0),
    .CASCADEOUTA(), .CASCADEOUTB(), .ECCPARITY(), .RDADDRECC(), .SBITERR(), .DBITERR());
  RAMB36E1 #(.RAM_MODE("SDP"), .READ_WIDTH_A(72), .WRITE_WIDTH_B(72),
             .WRITE_MODE_A("WRITE_FIRST"), .WRITE_MODE_B("WRITE_FIRST")) v72w (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(1'b1), .ENBWREN(1'b1), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(v_ra), .ADDRBWRADDR(v_wa), .DIADI(v_di[31:0]), .DIBDI(v_di[63:32]),
    .DIPADIP(v_dip[3:0]), .DIPBDIP(v_dip[7:4]), .WEA(4'h0), .WEBWE(v_we),
    .DOADO(vw_doa), .DOBDO(vw_dob), .DOPADOP(vw_dopa), .DOPBDOP(vw_dopb),
    .CASCADEINA(1'b0), .CASCADEINB(1'b0), .INJECTDBITERR(1'b0), .INJECTSBITERR(1'b0),
    .CASCADEOUTA(), .CASCADEOUTB(), .ECCPARITY(), .RDADDRECC(), .SBITERR(), .DBITERR());
  RAMB36E1 #(.RAM_MODE("SDP"), .READ_WIDTH_A(36), .WRITE_WIDTH_B(72),
             .WRITE_MODE_A("READ_FIRST"), .WRITE_MODE_B("READ_FIRST")) v36 (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(1'b1), .ENBWREN(1'b1), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(v_r36), .ADDRBWRADDR(v_wa), .DIADI(v_di[31:0]), .DIBDI(v_di[63:32]),
    .DIPADIP(v_dip[3:0]), .DIPBDIP(v_dip[7:4]), .WEA(4'h0), .WEBWE(v_we),
    .DOADO(v36_doa), .DOBDO(v36_dob), .DOPADOP(v36_dopa), .DOPBDOP(),
    .CASCADEINA(1'b0), .CASCADEINB(1'b0), .INJECTDBITERR(1'b0), .INJECTSBITERR(1'b0),
    .CASCADEOUTA(), .CASCADEOUTB(), .ECCPARITY(), .RDADDRECC(), .SBITERR(), .DBITERR());
  RAMB36E1 #(.RAM_MODE("SDP"), .READ_WIDTH_A(9), .WRITE_WIDTH_B(72),
             .WRITE_MODE_A("READ_FIRST"), .WRITE_MODE_B("READ_FIRST")) v9 (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(1'b1), .ENBWREN(1'b1), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(v_r9), .ADDRBWRADDR(v_wa), .DIADI(v_di[31:0]), .DIBDI(v_di[63:32]),
    .DIPADIP(v_dip[3:0]), .DIPBDIP(v_dip[7:4]), .WEA(4'h0), .WEBWE(v_we),
    .DOADO(v9_doa), .DOBDO(), .DOPADOP(v9_dopa), .DOPBDOP(),
    .CASCADEINA(1'b0), .CASCADEINB(1'b0), .INJECTDBITERR(1'b0), .INJECTSBITERR(1'b0),
    .CASCADEOUTA(), .CASCADEOUTB(), .ECCPARITY(), .RDADDRECC(), .SBITERR(), .DBITERR());

  // ---- initial contents (INIT_00 .. 7F, INITP_00 .. 0F), initial output, set/reset -----------
  localparam [255:0] J00 = 256'h00112233_44556677_8899aabb_ccddeeff_0f1e2d3c_4b5a6978_fedcba98_76543210;
  localparam [255:0] J40 = 256'h13572468_9bdf0ace_31415926_53589793_27182818_28459045_a5a5c3c3_5a5a3c3c;
  localparam [255:0] J7F = 256'hcafebabe_deadbeef_0badf00d_feedface_11110000_22220000_33330000_44440000;
  localparam [255:0] JP00 = {192'b0, 64'h1234_5678_9abc_def0};
  localparam [255:0] JP08 = {192'b0, 64'h0fed_cba9_8765_4321};
  localparam [255:0] JP0F = {64'h96c3_5a0f_f0a5_3c69, 192'b0};
  reg  [15:0] j_a = 0, j_b = 0;
  reg         j_en = 1'b0, j_rst = 1'b0;
  wire [31:0] j72_doa, j72_dob, j36_doa, j36_dob;
  wire [3:0]  j72_dopa, j72_dopb, j36_dopa, j36_dopb;
  RAMB36E1 #(.RAM_MODE("SDP"), .READ_WIDTH_A(72), .INIT_00(J00), .INIT_40(J40), .INIT_7F(J7F),
             .INITP_00(JP00), .INITP_08(JP08), .INITP_0F(JP0F),
             .INIT_A(72'h5_0123_4567), .INIT_B(72'ha_89ab_cdef),
             .SRVAL_A(72'h3_00ff_00ff), .SRVAL_B(72'hc_ff00_ff00)) j72 (
    .CLKARDCLK(clk), .CLKBWRCLK(1'b0), .ENARDEN(j_en), .ENBWREN(1'b0), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(j_rst), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(j_a), .ADDRBWRADDR(16'h0), .DIADI(32'h0), .DIBDI(32'h0), .DIPADIP(4'h0), .DIPBDIP(4'h0),
    .WEA(4'h0), .WEBWE(8'h0), .DOADO(j72_doa), .DOBDO(j72_dob), .DOPADOP(j72_dopa), .DOPBDOP(j72_dopb),
    .CASCADEINA(1'b0), .CASCADEINB(1'b0), .INJECTDBITERR(1'b0), .INJECTSBITERR(1'b0),
    .CASCADEOUTA(), .CASCADEOUTB(), .ECCPARITY(), .RDADDRECC(), .SBITERR(), .DBITERR());
  RAMB36E1 #(.RAM_MODE("TDP"), .READ_WIDTH_A(36), .READ_WIDTH_B(9), .INIT_00(J00), .INIT_40(J40), .INIT_7F(J7F),
             .INITP_00(JP00), .INITP_08(JP08), .INITP_0F(JP0F),
             .INIT_A(72'h9_dead_beef), .INIT_B(72'h1_5a)) j36 (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(j_en), .ENBWREN(j_en), .REGCEAREGCE(1'b0), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(1'b0), .RSTREGB(1'b0),
    .ADDRARDADDR(j_a), .ADDRBWRADDR(j_b), .DIADI(32'h0), .DIBDI(32'h0), .DIPADIP(4'h0), .DIPBDIP(4'h0),
    .WEA(4'h0), .WEBWE(8'h0), .DOADO(j36_doa), .DOBDO(j36_dob), .DOPADOP(j36_dopa), .DOPBDOP(j36_dopb),
    .CASCADEINA(1'b0), .CASCADEINB(1'b0), .INJECTDBITERR(1'b0), .INJECTSBITERR(1'b0),
    .CASCADEOUTA(), .CASCADEOUTB(), .ECCPARITY(), .RDADDRECC(), .SBITERR(), .DBITERR());

  // ---- the output register of a 72-bit read (DOA_REG = DOB_REG = 1) ------------------------
  reg  [15:0] w_ra = 0, w_wa = 0;
  reg  [63:0] w_di = 0;
  reg  [7:0]  w_dip = 0, w_we = 0;
  reg         w_ce = 1'b0, w_rst = 1'b0;
  wire [31:0] w_doa, w_dob;
  wire [3:0]  w_dopa, w_dopb;
  RAMB36E1 #(.RAM_MODE("SDP"), .READ_WIDTH_A(72), .WRITE_WIDTH_B(72), .DOA_REG(1), .DOB_REG(1),
             .WRITE_MODE_A("READ_FIRST"), .WRITE_MODE_B("READ_FIRST"),
             .INIT_A(72'h1_0000_0bad), .INIT_B(72'h2_0000_f00d),
             .SRVAL_A(72'h3_00ff_00ff), .SRVAL_B(72'hc_ff00_ff00)) w72 (
    .CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(1'b1), .ENBWREN(1'b1), .REGCEAREGCE(w_ce), .REGCEB(1'b0),
    .RSTRAMARSTRAM(1'b0), .RSTRAMB(1'b0), .RSTREGARSTREG(w_rst), .RSTREGB(1'b0),
    .ADDRARDADDR(w_ra), .ADDRBWRADDR(w_wa), .DIADI(w_di[31:0]), .DIBDI(w_di[63:32]),
    .DIPADIP(w_dip[3:0]), .DIPBDIP(w_dip[7:4]), .WEA(4'h0), .WEBWE(w_we),
    .DOADO(w_doa), .DOBDO(w_dob), .DOPADOP(w_dopa), .DOPBDOP(w_dopb),
    .CASCADEINA(1'b0), .CASCADEINB(1'b0), .INJECTDBITERR(1'b0), .INJECTSBITERR(1'b0),
    .CASCADEOUTA(), .CASCADEOUTB(), .ECCPARITY(), .RDADDRECC(), .SBITERR(), .DBITERR());

  initial begin
    #1;
    // Initial outputs: INIT_A / INIT_B in the port's read width.
    check("ini INIT_A", {i_dopa, i_doa}, 18'h2_5a5a);
    check("ini INIT_B (1 bit)", {i_dopb, i_dob}, 18'h1);
    check("ini36 INIT_A/B", {i36_dopb, i36_dopa, i36_dob, i36_doa}, {2'b00, 2'b11, 16'habcd, 16'h1234});
    check("ini9 INIT_B", {i9_dopb, i9_dob}, {2'b01, 16'h003c});
    check("rg INIT_A", r_do, 16'h0bad);
    check("j72 INIT_A/B", {j72_dopb, j72_dopa, j72_dob, j72_doa}, {4'ha, 4'h5, 32'h89abcdef, 32'h01234567});
    check("j36 INIT_A", {j36_dopa, j36_doa}, {4'h9, 32'hdeadbeef});
    check("j36 INIT_B (9 bits)", {j36_dopb, j36_dob}, {4'h1, 32'h0000005a});
    check("w72 INIT_A/B", {w_dopb, w_dopa, w_dob, w_doa}, {4'h2, 4'h1, 32'h0000f00d, 32'h00000bad});

    // ---- TDP 18: write on A, read on B --------------------------------------------------
    t_aa = 14'd5 << 4; t_di = 16'h1234; t_dip = 2'b01; t_we = 2'b11;
    tick;
    t_we = 2'b00; t_enb = 1'b1; t_ab = 14'd5 << 4;
    tick;
    check("t18 read B", {t_dop, t_do}, {2'b01, 16'h1234});
    // Byte enables: byte 1 only, then byte 0 only.
    t_di = 16'hab98; t_dip = 2'b10; t_we = 2'b10;
    tick;
    t_we = 2'b00;
    tick;
    check("t18 byte 1", {t_dop, t_do}, {2'b11, 16'hab34});
    t_di = 16'h7766; t_dip = 2'b00; t_we = 2'b01;
    tick;
    t_we = 2'b00;
    tick;
    check("t18 byte 0", {t_dop, t_do}, {2'b10, 16'hab66});
    // The enable: B disabled keeps its output; A disabled does not write.
    t_enb = 1'b0; t_ab = 14'd6 << 4;
    tick;
    check("t18 ENBWREN 0", {t_dop, t_do}, {2'b10, 16'hab66});
    // Collision, A READ_FIRST: B reads the old word while A writes it.
    t_enb = 1'b1; t_ab = 14'd5 << 4; t_di = 16'hffff; t_dip = 2'b11; t_we = 2'b11;
    tick;
    check("t18 collision old", {t_dop, t_do}, {2'b10, 16'hab66});
    t_we = 2'b00;
    tick;
    check("t18 after collision", {t_dop, t_do}, {2'b11, 16'hffff});

    // ---- write modes --------------------------------------------------------------------
    m_a = 14'd2 << 4; m_di = 16'h1111; m_we = 2'b11;
    tick;
    check("wf write shows new", wf_do, 16'h1111);
    m_a = 14'd3 << 4; m_di = 16'h3333;
    tick;
    m_we = 2'b00;
    tick;
    check("rf read", rf_do, 16'h3333);
    check("nc read", nc_do, 16'h3333);
    m_a = 14'd2 << 4; m_di = 16'h2222; m_we = 2'b11;
    tick;
    check("READ_FIRST", rf_do, 16'h1111);
    check("WRITE_FIRST", wf_do, 16'h2222);
    check("NO_CHANGE", nc_do, 16'h3333);
    m_di = 16'h4444; m_we = 2'b01;  // byte 0 only: WRITE_FIRST shows the merged word
    tick;
    check("READ_FIRST byte", rf_do, 16'h2222);
    check("WRITE_FIRST byte", wf_do, 16'h2244);
    check("NO_CHANGE byte", nc_do, 16'h3333);
    check("WRITE_FIRST parity", wf_dop, 2'b10);
    m_we = 2'b00;
    tick;
    check("all read after", {rf_do, wf_do, nc_do}, {16'h2244, 16'h2244, 16'h2244});

    // ---- SDP 36 ----------------------------------------------------------------------------
    s_wa = 14'd9 << 5; s_di = 32'hdeadbeef; s_dip = 4'b1010; s_we = 4'b1111;
    tick;
    s_we = 4'b0000; s_ra = 14'd9 << 5;
    tick;
    check("sdp 36", {s_dopb, s_dopa, s_dob, s_doa}, {4'b1010, 32'hdeadbeef});
    s_di = 32'h00770000; s_dip = 4'b0100; s_we = 4'b0100;
    tick;
    s_we = 4'b0000;
    tick;
    check("sdp byte 2", {s_dopb, s_dopa, s_dob, s_doa}, {4'b1110, 32'hde77beef});
    // Read and write one word at the same edge: READ_FIRST reads the old word.
    s_di = 32'h01234567; s_dip = 4'b0001; s_we = 4'b1111;
    tick;
    check("sdp READ_FIRST collision", {s_dopb, s_dopa, s_dob, s_doa}, {4'b1110, 32'hde77beef});
`ifndef VERILATOR
    check("sdp WRITE_FIRST collision", sw_doa, 16'hxxxx);
`endif
    s_we = 4'b0000;
    tick;
    check("sdp after", {s_dopb, s_dopa, s_dob, s_doa}, {4'b0001, 32'h01234567});
    check("sdpw after", sw_doa, 16'h4567);

    // ---- aliasing -----------------------------------------------------------------------
    l_a = 14'd3 << 4; l_di = 16'ha5c3; l_dip = 2'b10; l_we = 2'b11;
    tick;
    l_we = 2'b00;
    for (k = 0; k < 16; k = k + 1) begin  // the 1-bit units 48 .. 63 are the word's bits
      l_b = 14'd48 + k[13:0];
      tick;
      check("1-bit alias", l1_dob, {15'b0, l_di[k]});
    end
    for (k = 0; k < 4; k = k + 1) begin  // the 4-bit units 12 .. 15 (address 48 + 4 k)
      l_b = 14'd48 + 14'd4 * k[13:0];
      tick;
      check("4-bit alias", l4_dob, {12'b0, l_di[4 * k +: 4]});
    end
    l_b = 14'd6 << 3;  // the 9-bit units 6 and 7: the low and high bytes with their parity
    tick;
    check("9-bit alias byte 6", {l9_dopb, l9_dob}, {2'b00, 16'h00c3});
    l_b = 14'd7 << 3;
    tick;
    check("9-bit alias byte 7", {l9_dopb, l9_dob}, {2'b01, 16'h00a5});
    // A 1-bit write into the word (bit 48 + 6: 0), and the 18-bit read sees it.
    l_b = 14'd54; l_bdi = 1'b0; l_bwe = 1'b1;
    tick;
    l_bwe = 1'b0;
    tick;
    check("1-bit write, 18 read", {l1_dopa, l1_doa}, {2'b10, 16'ha5c3 & ~16'h0040});
    // Both ports write the bit at one edge: it becomes X.
`ifndef VERILATOR
    l_b = 14'd48; l_bdi = 1'b0; l_bwe = 1'b1; l_di = 16'hffff; l_dip = 2'b11; l_we = 2'b11;
    tick;
    l_bwe = 1'b0; l_we = 2'b00;
    tick;
    check("write-write X", {l1_dopa, l1_doa}, {2'b11, 15'h7fff, 1'bx});
`endif

    // ---- initial contents -----------------------------------------------------------------
    i_en = 1'b1; i_a = 14'd0; i_b = 14'd0;
    tick;
    check("INIT word 0", {i_dopa, i_doa}, {P00[1:0], I00[15:0]});
    check("INIT 1-bit 0", i_dob, {15'b0, I00[0]});
    check("INIT 36 word 0", {i36_dopb, i36_dopa, i36_dob, i36_doa}, {P00[3:0], I00[31:0]});
    check("INIT 9 byte 0", {i9_dopb, i9_dob}, {1'b0, P00[0], 8'h0, I00[7:0]});
    i_a = 14'd1 << 4; i_b = 14'd3 << 3;
    tick;
    check("INIT word 1", {i_dopa, i_doa}, {P00[3:2], I00[31:16]});
    check("INIT 9 byte 3", {i9_dopb, i9_dob}, {1'b0, P00[3], 8'h0, I00[31:24]});
    i_a = 14'd16 << 4; i_b = 14'd256 + 14'd6;
    tick;
    check("INIT word 16", {i_dopa, i_doa}, {P00[33:32], I01[15:0]});
    check("INIT 1-bit 262", i_dob, {15'b0, I01[6]});
    i_a = 14'd8 << 5;
    tick;
    check("INIT 36 word 8", {i36_dopb, i36_dopa, i36_dob, i36_doa}, {P00[35:32], I01[31:0]});
    // RSTRAM sets the latch to SRVAL, only with the enable.
    i_rst = 1'b1; i_en = 1'b0;
    tick;
    check("RSTRAM without EN", {i_dopa, i_doa}, {P00[33:32], I01[15:0]});
    i_en = 1'b1;
    tick;
    check("RSTRAM", {i_dopa, i_doa}, 18'h1_0ff0);
    i_rst = 1'b0;

    // ---- output register: one more edge of latency ----------------------------------------
    r_a = 14'd1 << 4; r_di = 16'h7777; r_we = 2'b11; r_ce = 1'b1;
    tick;  // write (latch: old contents, 0)
    r_we = 2'b00;
    tick;  // latch 7777, register the latch's 0
    check("DOA_REG latch stage", r_do, 16'h0000);
    tick;  // register 7777
    check("DOA_REG register stage", r_do, 16'h7777);
    r_a = 14'd2 << 4; r_ce = 1'b0;
    tick;  // latch 0 (word 2), register held
    check("REGCE 0 holds", r_do, 16'h7777);
    r_rst = 1'b1;
    tick;
    check("RSTREG", r_do, 16'h05e7);
    r_rst = 1'b0; r_ce = 1'b1;
    tick;
    check("REGCE 1 loads", r_do, 16'h0000);

    // ==== RAMB36E1 ============================================================================
    // ---- TDP 36: word 1000 (ADDR[14:5], ADDR[14] set), written on A with ADDR[15] 1 -------
    u_aa = {1'b1, 10'd1000, 5'd0}; u_di = 32'h89abcdef; u_dip = 4'b1001; u_we = 4'b1111;
    u_ab = {1'b1, 10'd1001, 5'd0};
    tick;
    check("u36 WRITE_FIRST", {u_dopa, u_doa}, {4'b1001, 32'h89abcdef});
    u_we = 4'b0000; u_ab = {1'b0, 10'd1000, 5'd0};  // ADDR[15] 0: the same word
    tick;
    check("u36 read B", {u_dopb, u_dob}, {4'b1001, 32'h89abcdef});
    u_ab = {1'b1, 10'd488, 5'd0};  // ADDR[14] 0: another word
    tick;
    check("u36 ADDR[14]", {u_dopb, u_dob}, {4'b0000, 32'h0});
    // Byte enables: byte 2, then bytes 0 and 3; WRITE_FIRST shows the merged word.
    u_di = 32'h11223344; u_dip = 4'b0110; u_we = 4'b0100;
    tick;
    check("u36 byte 2 WRITE_FIRST", {u_dopa, u_doa}, {4'b1101, 32'h8922cdef});
    u_di = 32'h77000055; u_dip = 4'b0000; u_we = 4'b1001;
    tick;
    check("u36 bytes 0, 3", {u_dopa, u_doa}, {4'b0100, 32'h7722cd55});
    u_we = 4'b0000; u_ab = {1'b1, 10'd1000, 5'd0};
    tick;
    check("u36 read B after", {u_dopb, u_dob}, {4'b0100, 32'h7722cd55});
    // Collision, A WRITE_FIRST (not READ_FIRST): B's read of the bytes A writes is X.
    u_di = 32'h0; u_dip = 4'b1111; u_we = 4'b0010;
    tick;
`ifndef VERILATOR
    check("u36 collision X", {u_dopb, u_dob}, {4'b01x0, 32'h7722xx55});
`endif
    u_we = 4'b0000;
    tick;
    check("u36 after collision", {u_dopb, u_dob}, {4'b0110, 32'h77220055});
    // The narrow reads of word 1000: byte 4000 + k (ADDR[14:3]) and bit 32000 + i (ADDR[14:0]).
    for (k = 0; k < 4; k = k + 1) begin
      u_a9 = {1'b1, 12'd4000 + k[11:0], 3'd0};
      tick;
      check("u9 9-bit alias", {u9_dopb, u9_dob}, {3'b0, U_P[k], 24'b0, U_D[8 * k +: 8]});
    end
    for (k = 0; k < 32; k = k + 4) begin
      u_a1 = {1'b1, 15'd32000 + k[14:0]};
      tick;
      check("u1 1-bit alias", u1_dob, {31'b0, U_D[k]});
    end

    // ---- SDP 72: word 300 (ADDR[14:6]) -------------------------------------------------------
    v_wa = {1'b0, 9'd300, 6'd0}; v_di = 64'h0123456789abcdef; v_dip = 8'b10100101; v_we = 8'hff;
    tick;
    v_we = 8'h00; v_ra = {1'b0, 9'd300, 6'd0}; v_r36 = {1'b0, 10'd600, 5'd0}; v_r9 = {1'b0, 12'd2405, 3'd0};
    tick;
    check("v72", {v_dopb, v_dopa, v_dob, v_doa}, {8'b10100101, 64'h0123456789abcdef});
    check("v36 word 600: DIADI half", {v36_dopa, v36_dob, v36_doa}, {4'b0101, 32'h0, 32'h89abcdef});
    check("v9 byte 2405: byte 5", {v9_dopa, v9_doa}, {4'b0001, 32'h00000045});
    v_r36 = {1'b0, 10'd601, 5'd0}; v_r9 = {1'b0, 12'd2400, 3'd0};
    tick;
    check("v36 word 601: DIBDI half", {v36_dopa, v36_doa}, {4'b1010, 32'h01234567});
    check("v9 byte 2400: byte 0", {v9_dopa, v9_doa}, {4'b0001, 32'h000000ef});
    // Byte enables WEBWE[0] (DIADI's byte 0) and WEBWE[5] (DIBDI's byte 1).
    v_di = 64'hffeeddccbbaa9988; v_dip = 8'b01011010; v_we = 8'b00100001;
    tick;
    v_we = 8'h00;
    tick;
    check("v72 bytes 0, 5", {v_dopb, v_dopa, v_dob, v_doa}, {8'b10000100, 64'h0123dd6789abcd88});
    check("v36 word 601 byte 1", {v36_dopa, v36_doa}, {4'b1000, 32'h0123dd67});
    // Read and write one word at the same edge: READ_FIRST reads the old word, WRITE_FIRST X.
    v_di = 64'hdeadbeefcafef00d; v_dip = 8'hff; v_we = 8'hff;
    tick;
    check("v72 READ_FIRST collision", {v_dopb, v_dopa, v_dob, v_doa}, {8'b10000100, 64'h0123dd6789abcd88});
`ifndef VERILATOR
    check("v72w collision X", {vw_dob, vw_doa}, 64'hxxxxxxxxxxxxxxxx);
`endif
    v_we = 8'h00;
    tick;
    check("v72 after", {v_dopb, v_dopa, v_dob, v_doa}, {8'hff, 64'hdeadbeefcafef00d});
    check("v72w after", {vw_dopb, vw_dopa, vw_dob, vw_doa}, {8'hff, 64'hdeadbeefcafef00d});
    // The last word, 511.
    v_wa = {1'b0, 9'd511, 6'd0}; v_ra = {1'b0, 9'd511, 6'd0}; v_di = 64'h5555aaaa3333cccc; v_dip = 8'h81; v_we = 8'hff;
    tick;
    v_we = 8'h00;
    tick;
    check("v72 word 511", {v_dopb, v_dopa, v_dob, v_doa}, {8'h81, 64'h5555aaaa3333cccc});

    // ---- initial contents ---------------------------------------------------------------------
    j_en = 1'b1; j_a = 16'h0; j_b = {1'b1, 12'd2049, 3'd0};
    tick;
    check("INIT 72 word 0", {j72_dopb, j72_dopa, j72_dob, j72_doa}, {JP00[7:0], J00[63:0]});
    check("INIT 36 word 0", {j36_dopa, j36_doa}, {JP00[3:0], J00[31:0]});
    check("INIT 9 byte 2049", {j36_dopb, j36_dob}, {3'b0, JP08[1], 24'b0, J40[15:8]});
    j_a = {1'b0, 9'd256, 6'd0}; j_b = {1'b1, 12'd4095, 3'd0};
    tick;
    check("INIT 72 word 256", {j72_dopb, j72_dopa, j72_dob, j72_doa}, {JP08[7:0], J40[63:0]});
    check("INIT 9 byte 4095", {j36_dopb, j36_dob}, {3'b0, JP0F[255], 24'b0, J7F[255:248]});
    j_a = {1'b0, 9'd511, 6'd0};
    tick;
    check("INIT 72 word 511", {j72_dopb, j72_dopa, j72_dob, j72_doa}, {JP0F[255:248], J7F[255:192]});
    check("INIT 36 word 1022", {j36_dopa, j36_doa}, {JP0F[251:248], J7F[223:192]});
    j_a = {1'b1, 10'd1023, 5'd0};
    tick;
    check("INIT 36 word 1023", {j36_dopa, j36_doa}, {JP0F[255:252], J7F[255:224]});
    j_a = {1'b0, 9'd1, 6'd0};
    tick;
    check("INIT 72 word 1", {j72_dopb, j72_dopa, j72_dob, j72_doa}, {JP00[15:8], J00[127:64]});
    // RSTRAM: SRVAL_A the low half, SRVAL_B the high one.
    j_rst = 1'b1;
    tick;
    check("RSTRAM 72", {j72_dopb, j72_dopa, j72_dob, j72_doa}, {4'hc, 4'h3, 32'hff00ff00, 32'h00ff00ff});
    j_rst = 1'b0;

    // ---- output register of a 72-bit read -------------------------------------------------------
    w_wa = {1'b0, 9'd5, 6'd0}; w_ra = {1'b0, 9'd5, 6'd0};
    w_di = 64'h7777666655554444; w_dip = 8'h3c; w_we = 8'hff; w_ce = 1'b1;
    tick;  // write (latch: the old word, 0, READ_FIRST); register the latch (word 0 read: 0)
    check("w72 REGCE loads", {w_dopb, w_dopa, w_dob, w_doa}, 72'h0);
    w_we = 8'h00;
    tick;  // latch the new word, register the latch's 0
    check("w72 latch stage", {w_dopb, w_dopa, w_dob, w_doa}, 72'h0);
    tick;
    check("w72 register stage", {w_dopb, w_dopa, w_dob, w_doa}, {8'h3c, 64'h7777666655554444});
    w_ra = {1'b0, 9'd6, 6'd0}; w_ce = 1'b0;
    tick;
    check("w72 REGCE 0 holds", {w_dopb, w_dopa, w_dob, w_doa}, {8'h3c, 64'h7777666655554444});
    w_rst = 1'b1;
    tick;
    check("w72 RSTREG", {w_dopb, w_dopa, w_dob, w_doa}, {4'hc, 4'h3, 32'hff00ff00, 32'h00ff00ff});
    w_rst = 1'b0; w_ce = 1'b1;
    tick;
    check("w72 REGCE 1 loads", {w_dopb, w_dopa, w_dob, w_doa}, 72'h0);

    if (errors != 0) $fatal(1, "xilinx_ramb18e1_tb: %0d check(s) failed", errors);
    $display("PASS");
    $finish;
  end
endmodule
/* verilator lint_on WIDTH */

`default_nettype wire
