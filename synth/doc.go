// Package synth runs the open FPGA tools on a folder herdsim rtl wrote and reads their
// reports: Yosys (synth_ice40 or synth_xilinx) for cell counts, nextpnr-ice40 for
// placement, routing, utilisation and Fmax, and icetime for an independent timing
// estimate of the routed iCE40 design.
//
// # What it owns
//
// The targets (ice40-up5k: --up5k --package sg48; ice40-hx8k: --hx8k --package ct256;
// xilinx7: Yosys only, there is no open place-and-route for 7-series, so Fmax is null with
// the reason), the tool invocations (a fixed nextpnr --seed so results are reproducible, a
// default --freq of 12 MHz, the iCEBreaker's clock), the parsers of the tools' logs (tested
// on captured excerpts in testdata/), and the Result JSON. A design that does not fit is
// a Result with fits=false and nextpnr's message naming the exceeded resource, not an
// error. A missing tool is a *ToolError naming the binary and its Debian package.
//
// Every run works in a temporary directory holding a copy of the RTL folder (Yosys reads
// the $readmemh images from the working directory); Options.Keep copies the logs, the
// scripts and the placed-and-routed .asc out before it is removed.
//
// # Boundaries
//
// It must not generate Verilog (rtlgen does, including the board top herd_board that
// is synthesised by default: herd_core alone has D + K + 4 ports, more than the UP5K's
// 39 I/O pins) or touch the datapath, the vectors or the simulators.
package synth
