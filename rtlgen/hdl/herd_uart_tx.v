// herd_uart_tx: a UART transmitter, 8N1: load takes a byte (while idle) and sends a start
// bit, its 8 bits LSB first and a stop bit, BAUD_DIV clocks a bit.

`default_nettype none

module herd_uart_tx #(
  parameter integer BAUD_DIV = 10  // clocks a bit
) (
  input  wire       clk,
  input  wire       rst,
  input  wire       load,
  input  wire [7:0] data,
  output wire       idle,
  output wire       tx
);
  localparam integer CW = $clog2(BAUD_DIV) + 1;
  localparam integer BAUD_LAST_I = BAUD_DIV - 1;
  localparam [CW-1:0] BAUD_LAST = BAUD_LAST_I[CW-1:0];
  reg [9:0] shifter;               // the current byte's line bits, next one in bit 0
  reg [3:0] bitn;                  // bits still to send
  reg [CW-1:0] baud;               // clocks left of the current bit
  assign idle = bitn == 4'd0;
  always @(posedge clk) begin
    if (rst) begin
      shifter <= 10'h3ff;
      bitn <= 4'd0;
    end else if (load) begin
      shifter <= {1'b1, data, 1'b0};
      bitn <= 4'd10;
      baud <= BAUD_LAST;
    end else if (!idle) begin
      if (baud == {CW{1'b0}}) begin
        baud <= BAUD_LAST;
        shifter <= {1'b1, shifter[9:1]};
        bitn <= bitn - 4'd1;
      end else begin
        baud <= baud - 1'b1;
      end
    end
  end
  assign tx = shifter[0];
endmodule

`default_nettype wire
