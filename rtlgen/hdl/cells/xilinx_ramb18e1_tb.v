// xilinx_ramb18e1_tb: a self-checking test of herdsim's RAMB18E1 model (xilinx_ramb18e1.v).
// Prints PASS or stops with $fatal. Runs in Icarus (iverilog -g2012 -o tb.vvp
// xilinx_ramb18e1.v xilinx_ramb18e1_tb.v && vvp -n tb.vvp) and in Verilator (--binary
// --timing --top-module xilinx_ramb18e1_tb, the same two files).
// The X checks of collisions run in Icarus only (Verilator has no X).

`default_nettype none

/* verilator lint_off WIDTH */  // the checks widen their operands to 36 bits

module xilinx_ramb18e1_tb;
  reg clk = 1'b0;
  always #5 clk = ~clk;
  integer errors = 0;
  integer k;

  task check;
    input [8*24-1:0] what;
    input [35:0] got, want;
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

  initial begin
    #1;
    // Initial outputs: INIT_A / INIT_B in the port's read width.
    check("ini INIT_A", {i_dopa, i_doa}, 18'h2_5a5a);
    check("ini INIT_B (1 bit)", {i_dopb, i_dob}, 18'h1);
    check("ini36 INIT_A/B", {i36_dopb, i36_dopa, i36_dob, i36_doa}, {2'b00, 2'b11, 16'habcd, 16'h1234});
    check("ini9 INIT_B", {i9_dopb, i9_dob}, {2'b01, 16'h003c});
    check("rg INIT_A", r_do, 16'h0bad);

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

    if (errors != 0) $fatal(1, "xilinx_ramb18e1_tb: %0d check(s) failed", errors);
    $display("PASS");
    $finish;
  end
endmodule
/* verilator lint_on WIDTH */

`default_nettype wire
