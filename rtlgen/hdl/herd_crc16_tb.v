// herd_crc16_tb: herd_crc16 over "123456789" gives CRC-16/CCITT-FALSE's check value 0x29B1,
// busy for the 8 cycles after each byte; and run over the bytes and their CRC (high byte
// first) it ends at 0, as a receiver checks a frame. Prints PASS, or FAIL and stops with a
// non-zero exit.

`default_nettype none

module herd_crc16_tb ();
  reg clk = 1'b0;
  always #5 clk = ~clk;
  reg init, go;
  reg [7:0] data;
  wire [15:0] crc;
  wire busy;
  herd_crc16 dut (.clk(clk), .init(init), .go(go), .data(data), .crc(crc), .busy(busy));
  reg [8*9-1:0] msg;
  integer i, n;
  task feed;
    input [7:0] b;
    begin
      data = b;
      go = 1'b1;
      @(negedge clk);
      go = 1'b0;
      n = 0;
      @(negedge clk);
      while (busy) begin
        n = n + 1;
        @(negedge clk);
      end
      if (n != 8) begin
        $display("FAIL busy for %0d cycles after a byte, want 8", n);
        $fatal(1, "herd_crc16_tb");
      end
    end
  endtask
  initial begin
    msg = "123456789";
    {init, go} = 2'b10;
    @(negedge clk);
    init = 1'b0;
    @(negedge clk);
    for (i = 8; i >= 0; i = i - 1) feed(msg[8*i +: 8]);
    if (crc !== 16'h29b1) begin
      $display("FAIL crc(\"123456789\") = %04h, want 29b1", crc);
      $fatal(1, "herd_crc16_tb");
    end
    feed(8'h29);
    feed(8'hb1);
    if (crc !== 16'h0000) begin
      $display("FAIL the message and its CRC leave %04h, want 0000", crc);
      $fatal(1, "herd_crc16_tb");
    end
    $display("PASS");
    $finish;
  end
endmodule

`default_nettype wire
