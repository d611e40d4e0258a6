// gowin_bsram_tb: the Gowin BSRAM models (gowin_bsram.v) against what they describe: byte
// enables in the 18-bit mode's AD[1:0] (the word address from AD[4] up), the three write
// modes, the 36-bit semi-dual port, a 4-bit port reading 16-bit words (the x8 layout),
// INIT_RAM, the pipeline register, BLKSEL, and X on a collision. Prints PASS, or stops at
// the first failed check.
`timescale 1ns / 1ps
`default_nettype none

module gowin_bsram_tb;
  reg clk = 1'b0;
  always #5 clk = ~clk;

  // SPX9, 18 bits, write mode 2 (read before write); SP 16 bits in write modes 1 and 0.
  reg  [13:0] ad0 = 14'd0, ad1 = 14'd0, ad2 = 14'd0;
  reg  [35:0] di0 = 36'd0;
  reg  [31:0] di1 = 32'd0, di2 = 32'd0;
  reg         ce0 = 1'b0, we0 = 1'b0, ce1 = 1'b0, we1 = 1'b0, ce2 = 1'b0, we2 = 1'b0;
  wire [35:0] do0;
  wire [31:0] do1, do2;
  SPX9 #(.BIT_WIDTH(18), .WRITE_MODE(2'b10)) sp0 (.DO(do0), .DI(di0), .BLKSEL(3'b000), .AD(ad0), .WRE(we0), .CLK(clk), .CE(ce0), .OCE(1'b1), .RESET(1'b0));
  SP #(.BIT_WIDTH(16), .WRITE_MODE(2'b01)) sp1 (.DO(do1), .DI(di1), .BLKSEL(3'b000), .AD(ad1), .WRE(we1), .CLK(clk), .CE(ce1), .OCE(1'b1), .RESET(1'b0));
  SP #(.BIT_WIDTH(16), .WRITE_MODE(2'b00), .BLK_SEL(3'b101)) sp2 (.DO(do2), .DI(di2), .BLKSEL(3'b101), .AD(ad2), .WRE(we2), .CLK(clk), .CE(ce2), .OCE(1'b1), .RESET(1'b0));
  // SDPX9B, 36 bits both ways, pipelined read.
  reg  [13:0] wa3 = 14'd0, ra3 = 14'd0;
  reg  [35:0] di3 = 36'd0;
  reg         cea3 = 1'b0, ceb3 = 1'b0;
  wire [35:0] do3;
  SDPX9B #(.BIT_WIDTH_0(36), .BIT_WIDTH_1(36), .READ_MODE(1'b1)) sdp3 (.CLKA(clk), .CEA(cea3), .CLKB(clk), .CEB(ceb3), .OCE(1'b1),
    .RESETA(1'b0), .RESETB(1'b0), .ADA(wa3), .ADB(ra3), .DI(di3), .BLKSELA(3'b000), .BLKSELB(3'b000), .DO(do3));
  // DPB: port A 16 bits, port B 4 bits; INIT_RAM_00 bytes 0, 1 = 8'h3c, 8'ha5.
  reg  [13:0] ada4 = 14'd0, adb4 = 14'd0;
  reg  [15:0] dia4 = 16'd0;
  reg         cea4 = 1'b0, wea4 = 1'b0, ceb4 = 1'b0;
  wire [15:0] doa4, dob4;
  DPB #(.BIT_WIDTH_0(16), .BIT_WIDTH_1(4), .INIT_RAM_00({240'h0, 8'ha5, 8'h3c})) dp4 (.CLKA(clk), .CEA(cea4), .CLKB(clk), .CEB(ceb4),
    .OCEA(1'b1), .OCEB(1'b1), .RESETA(1'b0), .RESETB(1'b0), .WREA(wea4), .WREB(1'b0), .ADA(ada4), .ADB(adb4),
    .BLKSELA(3'b000), .BLKSELB(3'b000), .DIA(dia4), .DIB(16'd0), .DOA(doa4), .DOB(dob4));

  task check_eq;
    input [8*24-1:0] what;
    input [35:0] got, want;
    if (got !== want) begin
      $display("FAIL %0s: got %h, want %h", what, got, want);
      $fatal(1, "gowin_bsram_tb");
    end
  endtask

  initial begin
    // 18-bit words: AD = {word, 2'b00, byte enables}.
    @(negedge clk); ad0 = {10'd6, 4'b0011}; di0 = {18'h0, 9'h1aa, 9'h055}; ce0 = 1'b1; we0 = 1'b1;
    @(negedge clk); ad0 = {10'd7, 4'b0011}; di0 = {18'h0, 18'h3ffff};
    @(negedge clk); ad0 = {10'd6, 4'b0010}; di0 = {18'h0, 9'h0f0, 9'h1ff};     // high byte only
    @(negedge clk); check_eq("write mode 2 shows old", do0, {18'h0, 9'h1aa, 9'h055});
                    we0 = 1'b0; ad0 = {10'd6, 4'b0000};
    @(negedge clk); check_eq("byte enable 10", do0, {18'h0, 9'h0f0, 9'h055});
                    ad0 = {10'd7, 4'b0000};
    @(negedge clk); check_eq("word 7 apart", do0, {18'h0, 18'h3ffff});
                    ce0 = 1'b0;
    // Write modes 1 (shows the word written) and 0 (keeps the output).
    @(negedge clk); ad1 = {10'd2, 4'b0011}; di1 = 32'h0000_1234; ce1 = 1'b1; we1 = 1'b1;
                    ad2 = {10'd2, 4'b0011}; di2 = 32'h0000_1234; ce2 = 1'b1; we2 = 1'b1;
    @(negedge clk); check_eq("write mode 1 shows new", do1, 32'h1234);
                    check_eq("write mode 0 keeps", do2, 32'h0);
                    we1 = 1'b0; we2 = 1'b0;
    @(negedge clk); check_eq("read after write", do1, 32'h1234);
                    check_eq("BLKSEL selects", do2, 32'h1234);
                    ce1 = 1'b0; ce2 = 1'b0;
    // 36-bit semi-dual port, pipelined: the word two edges after the read address.
    @(negedge clk); wa3 = {9'd4, 1'b0, 4'b1111}; di3 = 36'h9_8765_4321; cea3 = 1'b1;
    @(negedge clk); wa3 = {9'd4, 1'b0, 4'b0010}; di3 = 36'h0_0000_ab00;
    @(negedge clk); cea3 = 1'b0; ra3 = {9'd4, 5'd0}; ceb3 = 1'b1;
    @(negedge clk); ceb3 = 1'b0; check_eq("pipeline, one edge", do3, 36'h0);
    @(negedge clk); check_eq("36-bit word, pipelined", do3, {36'h9_8765_4321 >> 18, 9'h055, 9'h121});  // byte 1: 36'hab00 >> 9
    // INIT_RAM and the x8 layout: 4-bit units 0..3 are bytes 0 and 1's nibbles.
    @(negedge clk); adb4 = {12'd1, 2'b00}; ceb4 = 1'b1;
    @(negedge clk); check_eq("INIT_RAM, unit 1", dob4[3:0], 4'h3);
                    adb4 = {12'd2, 2'b00};
    @(negedge clk); check_eq("INIT_RAM, unit 2", dob4[3:0], 4'h5);
                    ceb4 = 1'b0;
    @(negedge clk); ada4 = {10'd0, 4'b0001}; dia4 = 16'h00e7; cea4 = 1'b1; wea4 = 1'b1;   // low byte only
    @(negedge clk); cea4 = 1'b0; wea4 = 1'b0; adb4 = {12'd0, 2'b00}; ceb4 = 1'b1;
    @(negedge clk); check_eq("unit 0 of a write", dob4[3:0], 4'h7);
                    adb4 = {12'd3, 2'b00};
    @(negedge clk); check_eq("unit 3 kept", dob4[3:0], 4'ha);
    // A collision: port B reads the bits port A writes at the same edge.
                    ada4 = {10'd0, 4'b0011}; dia4 = 16'h1111; cea4 = 1'b1; wea4 = 1'b1; adb4 = {12'd1, 2'b00};
    @(negedge clk); {cea4, wea4, ceb4} = 3'b0;
`ifndef VERILATOR
    check_eq("collision is X", dob4[3:0], 4'bx);  // (Verilator has no X)
`endif
    $display("PASS");
    $finish;
  end
endmodule

`default_nettype wire
