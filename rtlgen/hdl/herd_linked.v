// herd_linked: herd_core behind the host link (herd_link; docs/link.md), with the power-on
// reset every board top shares. A board top (herd_icebreaker, herd_ulx3s, herd_arty) makes
// the core clock with its part's PLL and drives its LEDs from overflow and sending.
// Reset holds until locked rises and 8 clocks more; a RESET frame resets the core too.

`default_nettype none

module herd_linked #(
  parameter integer BAUD_DIV = 10,     // core clocks a UART bit
  parameter integer QUIET_LOG2 = 19,   // a host frame silent for 2^QUIET_LOG2 clocks is dropped
  parameter [8:0]  REC_LAST = 9'd11,   // a record's last payload byte: 2 RB - 1
  parameter [95:0] IDENT    = 96'h0    // the IDENT reply's payload (rtlgen.Ident)
) (
  input  wire clk,       // the core clock, from the board's PLL
  input  wire locked,    // the PLL has locked: reset ends 8 clocks later
  input  wire rx,        // UART from the host
  output wire tx,        // UART to the host
  output wire overflow,  // the core's sticky overflow
  output wire sending    // a frame is being sent
);
  reg [3:0] por;
  initial por = 4'd0;
  always @(posedge clk) if (!locked) por <= 4'd0; else if (!por[3]) por <= por + 4'd1;
  wire rst = !por[3];

  wire core_rst;
  wire [15:0] beat, rec_data, rd_data;
  wire ld_valid, ld_ready, cmd_valid, cmd_ready, rec_valid, rec_ready, rd_valid, rd_ready, rd_last;
  herd_link #(.BAUD_DIV(BAUD_DIV), .QUIET_LOG2(QUIET_LOG2), .REC_LAST(REC_LAST), .IDENT(IDENT)) link (
    .clk(clk), .rst(rst), .rx(rx), .tx(tx), .core_rst(core_rst), .t_frame(sending), .beat(beat),
    .ld_valid(ld_valid), .ld_ready(ld_ready), .cmd_valid(cmd_valid), .cmd_ready(cmd_ready),
    .rec_data(rec_data), .rec_valid(rec_valid), .rec_ready(rec_ready),
    .rd_data(rd_data), .rd_valid(rd_valid), .rd_ready(rd_ready), .rd_last(rd_last)
  );
  /* verilator lint_off UNUSEDSIGNAL */  // the host counts records: their frames have a fixed length
  wire done, core_idle, rec_last;
  /* verilator lint_on UNUSEDSIGNAL */
  herd_core core (.clk(clk), .rst(rst || core_rst), .s_axis_load_tdata(beat), .s_axis_load_tvalid(ld_valid),
    .s_axis_load_tready(ld_ready), .m_axis_sample_tdata(rec_data), .m_axis_sample_tvalid(rec_valid),
    .m_axis_sample_tready(rec_ready), .m_axis_sample_tlast(rec_last),
    .s_axis_cmd_tdata(beat), .s_axis_cmd_tvalid(cmd_valid), .s_axis_cmd_tready(cmd_ready),
    .m_axis_read_tdata(rd_data), .m_axis_read_tvalid(rd_valid), .m_axis_read_tready(rd_ready), .m_axis_read_tlast(rd_last),
    .idle(core_idle), .done(done), .overflow(overflow));
endmodule

`default_nettype wire
