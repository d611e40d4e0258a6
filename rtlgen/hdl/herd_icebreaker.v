// herd_icebreaker: herd_core on the iCEBreaker (iCE40 UP5K, sg48) behind the host link
// (herd_link; docs/link.md, docs/fpga.md "The iCEBreaker board"). An SB_PLL40_PAD makes the core clock from
// the 12 MHz oscillator: 12 MHz x (DIVF + 1) / (2^DIVQ (DIVR + 1)), the settings icepll
// prints (rtlgen.BoardClocks). Reset holds until the PLL locks and 8 clocks more; a RESET
// frame resets the core too. LEDs (active low): red = the core's sticky overflow, green = a
// frame is being sent. Define HERD_NO_PLL to clock the core from clk directly (simulation:
// the PLL has no model). rtlgen's herd_board sets the parameters for a design.

`default_nettype none

module herd_icebreaker #(
  /* verilator lint_off UNUSEDPARAM */  // with HERD_NO_PLL there is no PLL
  parameter [3:0]  DIVR     = 4'd0,   // the PLL (icepll -i 12 -o 40: 39.75 MHz)
  parameter [6:0]  DIVF     = 7'd52,
  parameter [2:0]  DIVQ     = 3'd4,
  parameter [2:0]  FILTER   = 3'd1,
  /* verilator lint_on UNUSEDPARAM */
  parameter integer BAUD_DIV = 10,     // core clocks a UART bit (4 Mbaud)
  parameter integer QUIET_LOG2 = 19,   // a host frame silent for 2^QUIET_LOG2 clocks is dropped
  parameter [8:0]  REC_LAST = 9'd11,   // a record's last payload byte: 2 RB - 1
  parameter [95:0] IDENT    = 96'h0    // the IDENT reply's payload (rtlgen.Ident)
) (
  input  wire clk,      // 12 MHz oscillator (pin 35), into the PLL
  input  wire rx,       // UART from the host through the FTDI chip (pin 6)
  output wire tx,       // UART to the host (pin 9)
  output wire ledr_n,   // red LED, active low: the core overflowed (pin 11)
  output wire ledg_n    // green LED, active low: a frame is being sent (pin 37)
);
  wire cclk, locked;
`ifdef HERD_NO_PLL
  assign cclk = clk;
  assign locked = 1'b1;
`else
  SB_PLL40_PAD #(
    .FEEDBACK_PATH("SIMPLE"), .DIVR(DIVR), .DIVF(DIVF), .DIVQ(DIVQ), .FILTER_RANGE(FILTER)
  ) pll (
    .PACKAGEPIN(clk), .PLLOUTGLOBAL(cclk), .LOCK(locked), .RESETB(1'b1), .BYPASS(1'b0)
  );
`endif
  // Reset until the PLL locks, then 8 more clocks.
  reg [3:0] por;
  initial por = 4'd0;
  always @(posedge cclk) if (!locked) por <= 4'd0; else if (!por[3]) por <= por + 4'd1;
  wire rst = !por[3];

  wire core_rst, t_frame, overflow;
  wire [15:0] beat, rec_data, rd_data;
  wire ld_valid, ld_ready, cmd_valid, cmd_ready, rec_valid, rec_ready, rd_valid, rd_ready, rd_last;
  herd_link #(.BAUD_DIV(BAUD_DIV), .QUIET_LOG2(QUIET_LOG2), .REC_LAST(REC_LAST), .IDENT(IDENT)) link (
    .clk(cclk), .rst(rst), .rx(rx), .tx(tx), .core_rst(core_rst), .t_frame(t_frame), .beat(beat),
    .ld_valid(ld_valid), .ld_ready(ld_ready), .cmd_valid(cmd_valid), .cmd_ready(cmd_ready),
    .rec_data(rec_data), .rec_valid(rec_valid), .rec_ready(rec_ready),
    .rd_data(rd_data), .rd_valid(rd_valid), .rd_ready(rd_ready), .rd_last(rd_last)
  );
  /* verilator lint_off UNUSEDSIGNAL */  // the host counts records: their frames have a fixed length
  wire done, core_idle, rec_last;
  /* verilator lint_on UNUSEDSIGNAL */
  herd_core core (.clk(cclk), .rst(rst || core_rst), .s_axis_load_tdata(beat), .s_axis_load_tvalid(ld_valid),
    .s_axis_load_tready(ld_ready), .m_axis_sample_tdata(rec_data), .m_axis_sample_tvalid(rec_valid),
    .m_axis_sample_tready(rec_ready), .m_axis_sample_tlast(rec_last),
    .s_axis_cmd_tdata(beat), .s_axis_cmd_tvalid(cmd_valid), .s_axis_cmd_tready(cmd_ready),
    .m_axis_read_tdata(rd_data), .m_axis_read_tvalid(rd_valid), .m_axis_read_tready(rd_ready), .m_axis_read_tlast(rd_last),
    .idle(core_idle), .done(done), .overflow(overflow));
  assign ledr_n = !overflow;
  assign ledg_n = !t_frame;
endmodule

`default_nettype wire
