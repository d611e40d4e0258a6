// Package datapath will own the hardware description of herdsim: Arch (sizes, lanes, every
// register's fixed-point format and overflow mode) and the cycle-level fixed-point model of
// the herding datapath that runs from it. Arch is defined here once; rtlgen and testvectors
// read it and never restate a width, size or phase order.
//
// Status: not implemented yet (issue 4). Nothing in herdsim depends on it so far.
//
// It must not touch: the float64 reference (package herding) or any file format.
package datapath
