// ecp5_dp16kd_tb: the DP16KD model (ecp5_dp16kd.v) against what it describes: a word
// written on one port read on the other, byte enables, the three write modes, the 36-bit
// pseudo-dual-port mode, narrow reads of a word written 18 bits wide, INITVAL, the output
// register, and X on a collision. Prints PASS, or stops at the first failed check.
`timescale 1ns / 1ps
`default_nettype none

module ecp5_dp16kd_tb;
  reg clk = 1'b0;
  always #5 clk = ~clk;

  // One instance per configuration; every port's inputs are driven by the tasks below.
  reg  [13:0] ada [0:5], adb [0:5];
  reg  [17:0] dia [0:5], dib [0:5];
  reg  [5:0]  cea, ceb, wea, web;
  wire [17:0] doa [0:5], dob [0:5];
  // 0: 18-bit, port A read-before-write; 1: write-through; 2: normal; 3: 36-bit PDP;
  // 4: 18-bit writes, 4-bit reads on B, INITVAL; 5: 18-bit, B with the output register.
  dp16kd_bus #(.WRITEMODE_A("READBEFOREWRITE")) r0 (clk, ada[0], adb[0], dia[0], dib[0], cea[0], ceb[0], wea[0], web[0], doa[0], dob[0]);
  dp16kd_bus #(.WRITEMODE_A("WRITETHROUGH"))    r1 (clk, ada[1], adb[1], dia[1], dib[1], cea[1], ceb[1], wea[1], web[1], doa[1], dob[1]);
  dp16kd_bus #(.WRITEMODE_A("NORMAL"))          r2 (clk, ada[2], adb[2], dia[2], dib[2], cea[2], ceb[2], wea[2], web[2], doa[2], dob[2]);
  dp16kd_bus #(.DATA_WIDTH_A(36), .DATA_WIDTH_B(36)) r3 (clk, ada[3], adb[3], dia[3], dib[3], cea[3], ceb[3], wea[3], web[3], doa[3], dob[3]);
  // INITVAL_00: word 0 = 18'h2a5c3 (bits 0..17), word 1 = 18'h00f0f (bits 20..37).
  dp16kd_bus #(.DATA_WIDTH_B(4), .INITVAL_00({282'h0, 18'h00f0f, 2'b0, 18'h2a5c3})) r4 (clk, ada[4], adb[4], dia[4], dib[4], cea[4], ceb[4], wea[4], web[4], doa[4], dob[4]);
  dp16kd_bus #(.REGMODE_B("OUTREG")) r5 (clk, ada[5], adb[5], dia[5], dib[5], cea[5], ceb[5], wea[5], web[5], doa[5], dob[5]);

  integer i;
  initial begin
    for (i = 0; i < 6; i = i + 1) begin
      ada[i] = 14'd0; adb[i] = 14'd0; dia[i] = 18'd0; dib[i] = 18'd0;
    end
    {cea, ceb, wea, web} = 24'b0;
  end

  // write r, port A: the 18-bit word at word address w with byte enables be, at the next edge.
  task write_a;
    input integer r;
    input [9:0] w;
    input [1:0] be;
    input [17:0] d;
    begin
      @(negedge clk);
      ada[r] = {w, 2'b00, be}; dia[r] = d; cea[r] = 1'b1; wea[r] = 1'b1;
      @(negedge clk);
      cea[r] = 1'b0; wea[r] = 1'b0;
    end
  endtask
  // read r, port B at address ad: the value shows after the edge.
  task read_b;
    input integer r;
    input [13:0] ad;
    begin
      @(negedge clk);
      adb[r] = ad; ceb[r] = 1'b1;
      @(negedge clk);
      ceb[r] = 1'b0;
    end
  endtask
  task check_eq;
    input [8*24-1:0] what;
    input [35:0] got, want;
    if (got !== want) begin
      $display("FAIL %0s: got %h, want %h", what, got, want);
      $fatal(1, "ecp5_dp16kd_tb");
    end
  endtask

  initial begin
    // A word written on port A reads back on port B; byte enables keep the other byte.
    write_a(0, 10'd5, 2'b11, 18'h2abcd);
    read_b(0, {10'd5, 4'b0});
    check_eq("word A to B", dob[0], 18'h2abcd);
    write_a(0, 10'd5, 2'b01, 18'h3fe11);
    read_b(0, {10'd5, 4'b0});
    check_eq("byte enable 01", dob[0], {9'h155, 9'h011});
    write_a(0, 10'd5, 2'b10, 18'h3fe11);
    read_b(0, {10'd5, 4'b0});
    check_eq("byte enable 10", dob[0], {9'h1ff, 9'h011});
    // Write modes: port A writes 2 over 1 and shows old, new, or keeps its last read.
    for (i = 0; i < 3; i = i + 1) begin
      write_a(i, 10'd9, 2'b11, 18'h00001);
      @(negedge clk);
      ada[i] = {10'd7, 4'b0}; cea[i] = 1'b1;      // a read of another word first
      @(negedge clk);
      ada[i] = {10'd9, 4'b0011}; dia[i] = 18'h00002; wea[i] = 1'b1;
      @(negedge clk);
      cea[i] = 1'b0; wea[i] = 1'b0;
    end
    check_eq("READBEFOREWRITE", doa[0], 18'h00001);
    check_eq("WRITETHROUGH", doa[1], 18'h00002);
    check_eq("NORMAL keeps", doa[2], 18'h00000);
    // 36-bit mode: port A writes {DIB, DIA} with four byte enables, port B reads {DOB, DOA}.
    @(negedge clk);
    ada[3] = {9'd3, 1'b0, 4'b1111}; dia[3] = 18'h12345; dib[3] = 18'h3cafe; cea[3] = 1'b1; wea[3] = 1'b1;
    @(negedge clk);
    ada[3] = {9'd3, 1'b0, 4'b0100}; dib[3] = 18'h00077;
    @(negedge clk);
    cea[3] = 1'b0; wea[3] = 1'b0;
    read_b(3, {9'd3, 5'b0});
    check_eq("36-bit word", {dob[3], doa[3]}, {9'h1e5, 9'h077, 18'h12345});
    // INITVAL and narrow reads: word 0 = 2a5c3 = bytes 0x0c3 (low) and 0x152; the 4-bit
    // units 0, 1 are byte 0's nibbles, units 2, 3 byte 1's low eight bits' nibbles.
    read_b(4, {12'd0, 2'b00});
    check_eq("INITVAL, unit 0", dob[4][3:0], 4'h3);
    read_b(4, {12'd1, 2'b00});
    check_eq("INITVAL, unit 1", dob[4][3:0], 4'hc);
    read_b(4, {12'd3, 2'b00});
    check_eq("INITVAL, unit 3", dob[4][3:0], 4'h5);
    read_b(4, {12'd4, 2'b00});
    check_eq("INITVAL word 1, unit 4", dob[4][3:0], 4'hf);
    write_a(4, 10'd0, 2'b11, 18'h3a987);   // bytes 0x187 and 0x1d4
    read_b(4, {12'd2, 2'b00});
    check_eq("4-bit read of a write", dob[4][3:0], 4'h4);
    // The output register: the value one edge after the read's.
    write_a(5, 10'd2, 2'b11, 18'h0beef);
    @(negedge clk);
    adb[5] = {10'd2, 4'b0}; ceb[5] = 1'b1;
    @(negedge clk);
    ceb[5] = 1'b0;
    check_eq("OUTREG before", dob[5], 18'h0);
    @(negedge clk);
    check_eq("OUTREG after", dob[5], 18'h0beef);
    // A collision: B reads the word A writes at the same edge.
    @(negedge clk);
    ada[0] = {10'd11, 4'b0011}; dia[0] = 18'h1; cea[0] = 1'b1; wea[0] = 1'b1;
    adb[0] = {10'd11, 4'b0}; ceb[0] = 1'b1;
    @(negedge clk);
    {cea[0], wea[0], ceb[0]} = 3'b0;
`ifndef VERILATOR
    check_eq("collision is X", dob[0], 18'bx);  // (Verilator has no X)
`endif
    $display("PASS");
    $finish;
  end
endmodule

// dp16kd_bus: a DP16KD with its pins as buses (the testbench's instances).
module dp16kd_bus #(
  parameter integer DATA_WIDTH_A = 18,
  parameter integer DATA_WIDTH_B = 18,
  parameter WRITEMODE_A = "NORMAL",
  parameter WRITEMODE_B = "NORMAL",
  parameter REGMODE_B = "NOREG",
  parameter [319:0] INITVAL_00 = 320'h0
) (
  input  wire        clk,
  input  wire [13:0] ada, adb,
  input  wire [17:0] dia, dib,
  input  wire        cea, ceb, wea, web,
  output wire [17:0] doa, dob
);
  DP16KD #(.DATA_WIDTH_A(DATA_WIDTH_A), .DATA_WIDTH_B(DATA_WIDTH_B), .WRITEMODE_A(WRITEMODE_A),
    .WRITEMODE_B(WRITEMODE_B), .REGMODE_B(REGMODE_B), .INITVAL_00(INITVAL_00)) ram (
    .DIA0(dia[0]), .DIA1(dia[1]), .DIA2(dia[2]), .DIA3(dia[3]), .DIA4(dia[4]), .DIA5(dia[5]), .DIA6(dia[6]), .DIA7(dia[7]), .DIA8(dia[8]), .DIA9(dia[9]), .DIA10(dia[10]), .DIA11(dia[11]), .DIA12(dia[12]), .DIA13(dia[13]), .DIA14(dia[14]), .DIA15(dia[15]), .DIA16(dia[16]), .DIA17(dia[17]),
    .ADA0(ada[0]), .ADA1(ada[1]), .ADA2(ada[2]), .ADA3(ada[3]), .ADA4(ada[4]), .ADA5(ada[5]), .ADA6(ada[6]), .ADA7(ada[7]), .ADA8(ada[8]), .ADA9(ada[9]), .ADA10(ada[10]), .ADA11(ada[11]), .ADA12(ada[12]), .ADA13(ada[13]),
    .CEA(cea), .OCEA(1'b1), .CLKA(clk), .WEA(wea), .RSTA(1'b0), .CSA2(1'b0), .CSA1(1'b0), .CSA0(1'b0),
    .DOA0(doa[0]), .DOA1(doa[1]), .DOA2(doa[2]), .DOA3(doa[3]), .DOA4(doa[4]), .DOA5(doa[5]), .DOA6(doa[6]), .DOA7(doa[7]), .DOA8(doa[8]), .DOA9(doa[9]), .DOA10(doa[10]), .DOA11(doa[11]), .DOA12(doa[12]), .DOA13(doa[13]), .DOA14(doa[14]), .DOA15(doa[15]), .DOA16(doa[16]), .DOA17(doa[17]),
    .DIB0(dib[0]), .DIB1(dib[1]), .DIB2(dib[2]), .DIB3(dib[3]), .DIB4(dib[4]), .DIB5(dib[5]), .DIB6(dib[6]), .DIB7(dib[7]), .DIB8(dib[8]), .DIB9(dib[9]), .DIB10(dib[10]), .DIB11(dib[11]), .DIB12(dib[12]), .DIB13(dib[13]), .DIB14(dib[14]), .DIB15(dib[15]), .DIB16(dib[16]), .DIB17(dib[17]),
    .ADB0(adb[0]), .ADB1(adb[1]), .ADB2(adb[2]), .ADB3(adb[3]), .ADB4(adb[4]), .ADB5(adb[5]), .ADB6(adb[6]), .ADB7(adb[7]), .ADB8(adb[8]), .ADB9(adb[9]), .ADB10(adb[10]), .ADB11(adb[11]), .ADB12(adb[12]), .ADB13(adb[13]),
    .CEB(ceb), .OCEB(1'b1), .CLKB(clk), .WEB(web), .RSTB(1'b0), .CSB2(1'b0), .CSB1(1'b0), .CSB0(1'b0),
    .DOB0(dob[0]), .DOB1(dob[1]), .DOB2(dob[2]), .DOB3(dob[3]), .DOB4(dob[4]), .DOB5(dob[5]), .DOB6(dob[6]), .DOB7(dob[7]), .DOB8(dob[8]), .DOB9(dob[9]), .DOB10(dob[10]), .DOB11(dob[11]), .DOB12(dob[12]), .DOB13(dob[13]), .DOB14(dob[14]), .DOB15(dob[15]), .DOB16(dob[16]), .DOB17(dob[17]));
endmodule

`default_nettype wire
