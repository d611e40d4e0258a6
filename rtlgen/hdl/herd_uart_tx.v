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
`ifdef FORMAL
  // The contract the link's proof assumes of its transmitter's UART (sim.ProveLink proves
  // it here, then cuts the UART out of the link's model): idle after reset until a load,
  // and idle again 10 BAUD_DIV cycles after a load. f_age counts the cycles since the last
  // load, up to F_BYTE.
  localparam integer F_BYTE = 10 * BAUD_DIV;
  localparam integer FW = $clog2(F_BYTE + 1) + 1;
  localparam [FW-1:0] F_BYTE_W = F_BYTE[FW-1:0];
  reg f_past = 1'b0, f_had = 1'b0;
  reg [FW-1:0] f_age;
  always @(posedge clk) begin
    f_past <= 1'b1;
    if (rst) f_had <= 1'b0;
    else if (load) {f_had, f_age} <= {1'b1, {FW{1'b0}}};
    else if (f_age != F_BYTE_W) f_age <= f_age + 1'b1;
  end
  always @* if (!f_past) assume(rst);
  localparam [FW-1:0] F_TEN = 10, F_DIV = BAUD_DIV[FW-1:0], F_LAST = BAUD_LAST_I[FW-1:0];
  wire [FW-1:0] f_bitn = {{(FW - 4){1'b0}}, bitn}, f_baud = {{(FW - CW){1'b0}}, baud};
  wire [FW-1:0] f_sent = (F_TEN - f_bitn) * F_DIV + (F_LAST - f_baud);  // cycles of the byte so far
  always @* if (f_past && !rst) begin
    assert(f_had || idle);
    if (!idle) assert(bitn <= 4'd10 && baud <= BAUD_LAST && f_age == f_sent);  // invariant
    if (f_had && f_age == F_BYTE_W) assert(idle);                                  // the contract
  end
`endif
endmodule

`default_nettype wire
