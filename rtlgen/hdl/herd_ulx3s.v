// herd_ulx3s: herd_core on the ULX3S (ECP5 LFE5U-85F, or the 12F/25F/45F of the same
// board, CABGA381) behind the host link (herd_linked; docs/link.md, docs/fpga.md "Boards").
// An EHXPLLL makes the core clock from the 25 MHz oscillator:
// 25 MHz x CLKFB_DIV / CLKI_DIV, its VCO at that x CLKOP_DIV (400-800 MHz), the settings
// Project Trellis's ecppll prints (ecppll -i 25 -o MHz; rtlgen.Boards). The host link runs through the board's
// FT231X, whose fastest rate is 3 Mbaud. LEDs (active high): led[0] = the core's sticky
// overflow, led[1] = a frame is being sent, led[7] = the PLL has locked. wifi_gpio0 is
// held high: the ESP32 module then leaves the FPGA alone. Define HERD_NO_PLL to clock the
// core from clk_25mhz directly (simulation: the PLL has no model). rtlgen's
// herd_board_ulx3s sets the parameters for a design.

`default_nettype none

module herd_ulx3s #(
  /* verilator lint_off UNUSEDPARAM */  // with HERD_NO_PLL there is no PLL
  parameter integer CLKI_DIV  = 5,     // the PLL (60 MHz: 25 x 12 / 5, VCO 600 MHz)
  parameter integer CLKFB_DIV = 12,
  parameter integer CLKOP_DIV = 10,
  parameter integer CLKOP_CPHASE = 4,
  /* verilator lint_on UNUSEDPARAM */
  parameter integer BAUD_DIV = 20,     // core clocks a UART bit (3 Mbaud at 60 MHz)
  parameter integer QUIET_LOG2 = 19,   // a host frame silent for 2^QUIET_LOG2 clocks is dropped
  parameter [8:0]  REC_LAST = 9'd11,   // a record's last payload byte: 2 RB - 1
  parameter [95:0] IDENT    = 96'h0    // the IDENT reply's payload (rtlgen.Ident)
) (
  input  wire       clk_25mhz,   // 25 MHz oscillator (G2), into the PLL
  input  wire       ftdi_txd,    // UART from the host: the FT231X's TXD (M1)
  output wire       ftdi_rxd,    // UART to the host: the FT231X's RXD (L4)
  output wire [7:0] led,         // LEDs, active high (B2 C2 C1 D2 D1 E2 E1 H3)
  output wire       wifi_gpio0   // high: the ESP32 does not reset the FPGA (L2)
);
  wire cclk, locked;
`ifdef HERD_NO_PLL
  assign cclk = clk_25mhz;
  assign locked = 1'b1;
`else
  (* ICP_CURRENT="12" *) (* LPF_RESISTOR="8" *) (* MFG_ENABLE_FILTEROPAMP="1" *) (* MFG_GMCREF_SEL="2" *)
  EHXPLLL #(
    .PLLRST_ENA("DISABLED"), .INTFB_WAKE("DISABLED"), .STDBY_ENABLE("DISABLED"), .DPHASE_SOURCE("DISABLED"),
    .OUTDIVIDER_MUXA("DIVA"), .CLKOP_ENABLE("ENABLED"), .FEEDBK_PATH("CLKOP"),
    .CLKI_DIV(CLKI_DIV), .CLKFB_DIV(CLKFB_DIV), .CLKOP_DIV(CLKOP_DIV), .CLKOP_CPHASE(CLKOP_CPHASE), .CLKOP_FPHASE(0)
  ) pll (
    .CLKI(clk_25mhz), .CLKFB(cclk), .CLKOP(cclk), .LOCK(locked), .RST(1'b0), .STDBY(1'b0),
    .PHASESEL0(1'b0), .PHASESEL1(1'b0), .PHASEDIR(1'b1), .PHASESTEP(1'b1), .PHASELOADREG(1'b1),
    .PLLWAKESYNC(1'b0), .ENCLKOP(1'b0)
  );
`endif
  wire overflow, sending;
  herd_linked #(.BAUD_DIV(BAUD_DIV), .QUIET_LOG2(QUIET_LOG2), .REC_LAST(REC_LAST), .IDENT(IDENT)) host (
    .clk(cclk), .locked(locked), .rx(ftdi_txd), .tx(ftdi_rxd), .overflow(overflow), .sending(sending));
  assign led = {locked, 5'b0, sending, overflow};
  assign wifi_gpio0 = 1'b1;
endmodule

`default_nettype wire
