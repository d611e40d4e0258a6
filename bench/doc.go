// Package bench measures herdsim's implementations of the datapath side by side on the same
// Arch and the same vector set in one run: the Go cycle-level model (datapath.TileMachine),
// Icarus Verilog and Verilator running the generated core under its self-checking
// testbench (sim.RTLSim). It reports simulated clock cycles per second for each, the
// ratios between them, and, separately, each simulator's build time (iverilog's compile,
// Verilator's C++ build), as JSON or a markdown table (herdsim bench).
//
// Every measured run must also be correct: the Go model's pseudo-samples and cycle counts
// are compared with the vector set, and a simulator's run counts only if its testbench
// printed PASS.
//
// # Boundaries
//
// It owns the measurement and the table only. It must not change the datapath, the
// Verilog (rtlgen), the vector format or how the simulators are invoked (sim owns that);
// package-local benchmarks stay beside their code.
package bench
