// herd_crc16: CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection; rtlgen's
// CRC16), a bit a cycle: go takes a byte, which then takes 8 cycles (busy); init restarts at
// 0xFFFF. Run over a frame from its type to its CRC (sent high byte first), crc ends at 0 when
// the frame is intact. The inputs are registered first: the logic that forms them ends at a
// flip-flop instead of fanning out to the CRC's enables (a UART's bytes are far apart).

`default_nettype none

module herd_crc16 (
  input  wire        clk,
  input  wire        init,
  input  wire        go,
  input  wire [7:0]  data,
  output reg  [15:0] crc,
  output wire        busy
);
  reg [7:0] b, data_q;
  reg [3:0] n;
  reg init_q, go_q;
  assign busy = go_q || n != 4'd0;
  always @(posedge clk) begin
    init_q <= init;
    go_q <= go;
    data_q <= data;
    if (init_q) begin
      crc <= 16'hffff;
      n <= 4'd0;
    end else if (go_q) begin
      b <= data_q;
      n <= 4'd8;
    end else if (busy) begin
      crc <= {crc[14:0], 1'b0} ^ ((crc[15] ^ b[7]) ? 16'h1021 : 16'h0000);
      b <= {b[6:0], 1'b0};
      n <= n - 4'd1;
    end
  end
`ifdef FORMAL
  // The contract the link's proof assumes of its receiver's CRC unit (sim.ProveLink proves
  // it here, then cuts the unit out of the link's model): after a byte (go), busy falls
  // within 9 cycles. f_age counts the cycles since the last go; f_had: there was one.
  reg f_had = 1'b0;
  reg [3:0] f_age = 4'd0;
  always @(posedge clk)
    if (go) {f_had, f_age} <= {1'b1, 4'd0};
    else if (f_age != 4'd15) f_age <= f_age + 4'd1;
  always @* if (f_had) begin
    assert(go_q == (f_age == 4'd0));                   // invariant: go_q is the last go
    if (f_age != 4'd0) assert(f_age >= 4'd9 ? n == 4'd0 : {1'b0, n} + {1'b0, f_age} <= 5'd9);
    if (f_age >= 4'd9) assert(!busy);                  // the contract
  end
`endif
endmodule

`default_nettype wire
