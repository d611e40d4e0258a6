// Command herdsim is the one command-line entry to herdsim: herding reference runs,
// fixed-point casts, and (as they land) lockstep checks, sweeps, Verilog and simulation.
//
// Each subcommand lives in its own file; command files parse flags and call the
// packages, holding no logic of their own. Flag groups shared between commands are in
// flags.go, and in units.go those of the commands that run units on internal/units
// (sweep, usps, explore: --shard, --max-units, --merge, --workers and the merge
// subcommand). It must not implement algorithms or file formats.
//
// # Exit status
//
// Every subcommand exits with:
//
//	0    success: the work is done, the check passed, the report is printed
//	1    a negative verdict: a mismatch (verify, rtlsim, bench; vectors for an Arch that
//	     is not bit-exact), a design that does not fit its FPGA or misses --freq (synth,
//	     after its report)
//	2    a usage error (an unknown flag or command, an extra argument, a missing or bad
//	     flag value), an input error (a missing, unreadable or corrupt file or folder) or
//	     a tool error (a missing simulator or synthesis tool, a tool that fails)
//	130  interrupted by SIGINT (Ctrl-C); 143 by SIGTERM
//
// lockstep and sweep report their verdicts (bit_exact, first divergences) in their output
// and exit 0 whenever they ran. In main.go, an error that carries no exitError is a usage,
// input or tool error: 1 is only ever set explicitly, where a verdict is reached.
//
// On SIGINT or SIGTERM, main stops the command at once, whatever it is doing: it kills
// the external tools it runs (Yosys, nextpnr, icetime, Icarus, Verilator and the
// compilers Verilator starts), removes every temporary file and folder (atomicfile's
// half-written outputs, the build folders in $TMPDIR), prints "interrupted" on stderr and
// exits 130 or 143 (package interrupt). Outputs published before the signal are kept.
package main
