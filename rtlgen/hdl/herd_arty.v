// herd_arty: herd_core on the Arty A7 (Xilinx XC7A100T or XC7A35T, CSG324, speed grade -1)
// behind the host link (herd_linked; docs/link.md, docs/fpga.md "Boards"). An MMCME2_BASE
// makes the core clock from the 100 MHz oscillator: 100 MHz x MULT / (DIVCLK x DIVIDE), its
// VCO at 100 x MULT / DIVCLK (600-1200 MHz), through a BUFG. The host link runs through the
// board's FT2232HQ at 4 Mbaud. LEDs (active high): led[0] = the core's sticky overflow,
// led[1] = a frame is being sent, led[3] = the MMCM has locked. Define HERD_NO_PLL to
// clock the core from CLK100MHZ directly (simulation). rtlgen's herd_board_arty sets the
// parameters for a design.

`default_nettype none

module herd_arty #(
  /* verilator lint_off UNUSEDPARAM */  // with HERD_NO_PLL there is no MMCM
  parameter integer MULT   = 12,       // the MMCM (60 MHz: 100 x 12 / 20, VCO 1200 MHz)
  parameter integer DIVCLK = 1,
  parameter integer DIVIDE = 20,
  /* verilator lint_on UNUSEDPARAM */
  parameter integer BAUD_DIV = 15,     // core clocks a UART bit (4 Mbaud at 60 MHz)
  parameter integer QUIET_LOG2 = 19,   // a host frame silent for 2^QUIET_LOG2 clocks is dropped
  parameter [8:0]  REC_LAST = 9'd11,   // a record's last payload byte: 2 RB - 1
  parameter [95:0] IDENT    = 96'h0    // the IDENT reply's payload (rtlgen.Ident)
) (
  input  wire       CLK100MHZ,     // 100 MHz oscillator (E3), into the MMCM
  input  wire       uart_txd_in,   // UART from the host: the FT2232HQ's TXD (A9)
  output wire       uart_rxd_out,  // UART to the host: the FT2232HQ's RXD (D10)
  output wire [3:0] led            // LEDs LD4-LD7, active high (H5 J5 T9 T10)
);
  wire cclk, locked;
`ifdef HERD_NO_PLL
  assign cclk = CLK100MHZ;
  assign locked = 1'b1;
`else
  wire clk_mmcm, clk_fb;
  MMCME2_BASE #(
    .CLKIN1_PERIOD(10.0), .DIVCLK_DIVIDE(DIVCLK), .CLKFBOUT_MULT_F(MULT), .CLKOUT0_DIVIDE_F(DIVIDE)
  ) mmcm (
    .CLKIN1(CLK100MHZ), .CLKFBIN(clk_fb), .CLKFBOUT(clk_fb), .CLKOUT0(clk_mmcm), .LOCKED(locked),
    .RST(1'b0), .PWRDWN(1'b0),
    .CLKFBOUTB(), .CLKOUT0B(), .CLKOUT1(), .CLKOUT1B(), .CLKOUT2(), .CLKOUT2B(), .CLKOUT3(), .CLKOUT3B(),
    .CLKOUT4(), .CLKOUT5(), .CLKOUT6()
  );
  BUFG bufg (.I(clk_mmcm), .O(cclk));
`endif
  wire overflow, sending;
  herd_linked #(.BAUD_DIV(BAUD_DIV), .QUIET_LOG2(QUIET_LOG2), .REC_LAST(REC_LAST), .IDENT(IDENT)) host (
    .clk(cclk), .locked(locked), .rx(uart_txd_in), .tx(uart_rxd_out), .overflow(overflow), .sending(sending));
  assign led = {locked, 1'b0, sending, overflow};
endmodule

`default_nettype wire
