// herd_uart_rx: a UART receiver, 8N1: the start bit's edge, then each bit sampled in its
// middle, BAUD_DIV clocks a bit; stb is high for one cycle with each byte whose stop bit is
// high (a start bit that is gone at its middle was a glitch).

`default_nettype none

module herd_uart_rx #(
  parameter integer BAUD_DIV = 10  // clocks a bit
) (
  input  wire       clk,
  input  wire       rst,
  input  wire       rx,
  output reg        stb,
  output reg  [7:0] data
);
  localparam integer CW = $clog2(BAUD_DIV) + 1;
  localparam integer BAUD_LAST_I = BAUD_DIV - 1;
  localparam integer HALF_I = BAUD_DIV / 2;
  localparam [CW-1:0] BAUD_LAST = BAUD_LAST_I[CW-1:0];
  localparam [CW-1:0] HALF = HALF_I[CW-1:0];
  reg [1:0] rx_s;                 // rx synchronised to clk
  reg [CW-1:0] cnt;
  reg [3:0] bitn;
  reg [7:0] sh;
  reg busy;
  always @(posedge clk) begin
    rx_s <= {rx_s[0], rx};
    stb <= 1'b0;
    if (rst) begin
      busy <= 1'b0;
    end else if (!busy) begin
      if (!rx_s[1]) begin
        busy <= 1'b1;
        cnt <= HALF;
        bitn <= 4'd0;
      end
    end else if (cnt != {CW{1'b0}}) begin
      cnt <= cnt - 1'b1;
    end else begin
      cnt <= BAUD_LAST;
      bitn <= bitn + 4'd1;
      if (bitn == 4'd0 && rx_s[1]) busy <= 1'b0;  // a glitch, not a start bit
      if (bitn != 4'd0 && bitn != 4'd9) sh <= {rx_s[1], sh[7:1]};
      if (bitn == 4'd9) begin  // the stop bit's middle
        busy <= 1'b0;
        stb <= rx_s[1];
        data <= sh;
      end
    end
  end
endmodule

`default_nettype wire
