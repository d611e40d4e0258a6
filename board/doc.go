// Package board is the host side of the board loop: the link protocol of docs/link.md
// (constants in rtlgen/link.go) over a serial port or the emulator's
// pseudo-terminal (Link), and Run, which loads a vector set's data and initial weights
// into the board, runs its iterations, and returns every record and the final weights as
// a capture for testvectors.
//
// It owns the host's view of the protocol (frames, retransmission, credits, timeouts). It
// must not describe the hardware: frame types, lengths and stream formats come from
// rtlgen, the memory map from datapath.
package board
