// Package sim puts two implementations side by side. Lockstep runs the float64 reference
// (package herding) and the cycle-level datapath (package datapath) from the same initial
// weights and compares, after every iteration, x*, z*, every z_n, W, b and c as integers;
// at the first difference it reports the iteration, signal, index, both values and the
// overflow events before it. Running generated Verilog in Icarus Verilog and Verilator
// against golden vectors will join it (issue 5).
//
// It must not touch the algorithms it compares: it only drives and compares them.
package sim
