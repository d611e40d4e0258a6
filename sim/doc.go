// Package sim will run checks that put two implementations side by side: the float64
// reference against the cycle-level datapath in lockstep (first divergence: iteration,
// signal, index, both values), and generated Verilog in Icarus Verilog and Verilator
// against golden vectors.
//
// Status: not implemented yet (issues 4 and 5).
//
// It must not touch: the algorithms it compares; it only drives and compares them.
package sim
