// Package rtlgen will emit synthesizable Verilog-2005 for a datapath.Arch: the core, a
// self-checking testbench that reads a testvectors set, an iCE40 board top and synthesis
// scripts. It reads the Arch and never restates a width, size or phase order.
//
// Status: not implemented yet (issue 5).
//
// It must not touch: the herding dynamics themselves (datapath and herding own those).
package rtlgen
