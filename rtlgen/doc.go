// Package rtlgen emits Verilog-2005 for a datapath.Arch: the herding core and a
// self-checking testbench (herd_tb) that runs it against a vector set, the core's load
// stream derived from a vector set, and the iCEBreaker board top.
//
// # The core
//
// The core is herd_core of tiled*.go: the phase machine rendered from datapath.Schedule
// (states, lengths, edges, counter steps), the memories of the tiled memory map (X and W
// in four herd_spram, the SB_SPRAM256KA on the UP5K; tile buffer, P, b, c, sum x, vis, the
// search's row buffer and SH's energies in block RAM, read at registered addresses), the
// library modules of lib/ (herd_acc_array, the accumulator array; herd_spram) and each
// phase's datapath, every exact value at its register's exact width (<R>_X) and cast by
// fits_<r>/cast_<r>. It takes its initial memories on a valid/ready load stream
// (s_axis_load: TileLoadStream, load.hex in the folder) and then runs iterations back to
// back, Arch.IterationCycles clocks each. Each iteration's pseudo-sample leaves as a record
// on the valid/ready stream m_axis_sample (RB = ceil(D/16) + ceil(K/16) + 2 beats: x*, z*,
// the cycle count low and high with the overflow flag in bit 15, tlast on the last beat)
// from a block-RAM buffer of RecordSlots records; when it is full the core holds in DONE
// (those cycles are not counted), so no record is ever dropped. done pulses for the cycle
// the core leaves DONE. The phase state is the registered copy of a look-ahead phase
// machine that runs the schedule a cycle early, so the next cycle's phase and cycle (for
// registered memory addresses) are registers. The board top (tiled_board.go) clocks it at
// 39.75 MHz (or 36: BoardClocks) from an SB_PLL40_PAD, loads it over the UART and sends
// each record as a frame (BoardSync, then the beats low byte first).
//
// # What it owns
//
// The Verilog text for an Arch (every size, width and overflow mode a parameter whose
// default comes from the Arch), the load stream's image of a vector set's data and initial
// weights, the board top with its pins and host link, and the package around the core
// (datasheet, FuseSoC .core).
//
// # The testbench
//
// herd_tb drives the load and takes the records with seeded random stalls (+fill: none
// until the core has held); it reads the expected words from the vector set's files
// (plusargs named after the logical names: +x_star=FILE ...; +vcd=FILE dumps a VCD),
// checks every record (x*, z*, cycles, overflow, tlast), the cycles between done pulses
// less the held cycles, and the final W, b, c; it prints the first mismatch as
// "MISMATCH iteration=t name=<file> index=<word> expected=<hex> got=<hex>" and stops with
// $fatal(1) (a non-zero exit in vvp and in a verilated binary), else prints PASS.
// sim.RTLSim builds and runs it with Icarus or Verilator.
//
// # Boundaries
//
// It must not touch the dynamics (datapath and herding own them) or the vector formats
// (testvectors owns them; words are encoded with testvectors.Word).
package rtlgen
