// Package rtlgen emits Verilog-2005 for a datapath.Arch: the herding core and a
// self-checking testbench (herd_tb) that runs it against a vector set, the core's memory
// images derived from a vector set, and the iCEBreaker board top.
//
// # The tiled core
//
// For a tiled Arch (datapath.Arch.Tiled) the core is herd_core of tiled*.go: the phase
// machine rendered from datapath.Schedule (states, lengths, edges, counter steps), the
// memories of the tiled memory map (X and W in four herd_spram, the SB_SPRAM256KA on the
// UP5K; tile buffer, P, b, c, sum x, vis, the search's row buffer and SH's energies in
// block RAM, read at registered addresses), the library modules of lib/ (herd_acc_array,
// the accumulator array; herd_spram) and each phase's datapath, every exact value at its
// register's exact width (<R>_X) and cast by fits_<r>/cast_<r>. It takes its initial
// memories on a valid/ready load stream (s_axis_load: TileLoadStream, load.hex in the
// folder) and then runs iterations back to back, Arch.IterationCycles clocks each. Each
// iteration's pseudo-sample leaves as a record on the valid/ready stream m_axis_sample
// (RB = ceil(D/16) + ceil(K/16) + 2 beats: x*, z*, the cycle count low and high with the
// overflow flag in bit 15, tlast on the last beat) from a block-RAM buffer of
// RecordSlots records; when it is full the core holds in DONE (those cycles are not
// counted), so no record is ever dropped. done pulses for the cycle the core leaves DONE.
// The phase state is the registered copy of a look-ahead phase machine that runs the
// schedule a cycle early, so the next cycle's phase and cycle (for registered memory
// addresses) are registers. Its testbench drives the load and takes the records with
// seeded random stalls (+fill: none until the core has held) and checks every record
// (x*, z*, cycles, overflow, tlast), the cycles between done pulses less the held cycles,
// and the final W, b, c. The board top (tiled_board.go) clocks it at 39.75 MHz (or 36: BoardClocks) from an
// SB_PLL40_PAD, loads it over the UART and sends each record as a frame (0xA5, then the
// beats low byte first).
//
// The rest of this comment describes the lane core.
//
// # What it owns
//
// The Verilog text for an Arch and the layout of the core's memories. Every size, width
// and overflow mode is a parameter whose default comes from the Arch (K, D, N, L, S, the
// mode, hidden-bias growth, <REG>_W and <REG>_SAT for every datapath.Reg); G, counter
// widths and the exact-arithmetic width XW are localparams derived from them. The phase
// machine has the states of datapath/machine.go in the same order (PH_LOAD_X ... PH_DONE)
// and does, cycle for cycle, the register and memory writes of datapath/tick.go, each
// through its register's cast (wrap or saturate at the register's width), so an iteration
// takes exactly Arch.CyclesPerIteration(sweeps) clocks and produces the model's
// pseudo-samples and weights bit for bit.
//
// # The core's interface
//
//	clk, rst      synchronous active-high reset; free-running afterwards
//	done          high for the last cycle (phDone) of every iteration
//	x_star[D]     x* (bit j set when x*_j = +1), z_star[K] likewise: valid while done
//	overflow      sticky: some register write wrapped or saturated
//
// The final weights are read by hierarchical names (herd_tb does): W[i][j] is
// lane<i mod L>.w_mem[(i/L) D + j], b[i] is lane<i mod L>.b_mem[i/L], c[j] is c_mem[j].
//
// # Memories
//
// Every memory is an inferred RAM with one write port and one synchronous read port
// addressed with the next cycle's address (so it presents the current word every cycle,
// as the model reads it): per lane the W and P banks (G D words, word g D + j holds row
// i = g L + l), the b and sum-z banks (G words); in the core the data X (N words of D
// bits), c and sum x (D words). W, b, X and c are initialised with $readmemh from files
// named by parameters (x.hex, c.hex, w_bank<l>.hex, b_bank<l>.hex: MemoryImages, zero
// words for the missing units of a partial last group), so the same core serves
// simulation and FPGA block-RAM initialisation; P, sum z and sum x start at zero.
//
// # The testbench
//
// herd_tb reads the expected words from the vector set's files (plusargs named after the
// logical names: +x_star=FILE ...; +vcd=FILE dumps a VCD), checks x*, z* and the cycle
// count of every iteration and the final W, b, c, prints the first mismatch as
// "MISMATCH iteration=t name=<file> index=<word> expected=<hex> got=<hex>" and stops with
// $fatal(1) (a non-zero exit in vvp and in a verilated binary), else prints PASS.
// sim.RTLSim builds and runs it with Icarus or Verilator.
//
// # Boundaries
//
// It must not touch the dynamics (datapath and herding own them) or the vector formats
// (testvectors owns them; words are encoded with testvectors.Word).
package rtlgen
