// Package sim puts implementations side by side and gives the verdicts:
//
//   - Lockstep runs the float64 reference (package herding) and the cycle-level datapath
//     (package datapath) from the same initial weights and compares, after every
//     iteration, x*, z*, every z_n, W, b and c as integers; at the first difference it
//     reports the iteration, signal, index, both values and the overflow events before it.
//     RunFull does the same over a whole run for sweeps, with moment errors.
//   - ReferenceVectors and ModelVectors make golden vector sets; RTLSim builds a generated
//     rtl folder's testbench in Icarus Verilog or Verilator (or the core as Yosys maps it
//     for the iCE40) and runs it against a vector set: PASS or the first mismatch.
//   - BuildEmulator and StartEmulator run the board top in Verilator behind a pseudo-terminal (herdsim board
//     emulate), and ProveHandshake proves the core's stream handshake with yosys-smtbmc.
//
// It must not touch the algorithms it compares: it only drives and compares them.
package sim
