// Command herdsim is the one command-line entry to herdsim: herding reference runs,
// fixed-point casts, and (as they land) lockstep checks, sweeps, Verilog and simulation.
//
// Each subcommand lives in its own file; command files parse flags and call the
// packages, holding no logic of their own. Flag groups shared between commands are in
// flags.go. It must not implement algorithms or file formats.
package main
