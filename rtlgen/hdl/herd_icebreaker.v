// herd_icebreaker: herd_core on the iCEBreaker (iCE40 UP5K, sg48) behind the host link
// (herd_linked; docs/link.md, docs/fpga.md "Boards"). An SB_PLL40_PAD makes the core clock
// from the 12 MHz oscillator: 12 MHz x (DIVF + 1) / (2^DIVQ (DIVR + 1)), the settings icepll
// prints (rtlgen.BoardClocks). LEDs (active low): red = the core's sticky overflow, green = a
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
  wire overflow, sending;
  herd_linked #(.BAUD_DIV(BAUD_DIV), .QUIET_LOG2(QUIET_LOG2), .REC_LAST(REC_LAST), .IDENT(IDENT)) host (
    .clk(cclk), .locked(locked), .rx(rx), .tx(tx), .overflow(overflow), .sending(sending));
  assign ledr_n = !overflow;
  assign ledg_n = !sending;
endmodule

`default_nettype wire
