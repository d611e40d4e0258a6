// Package rtlgen emits the Verilog-2005 of the herding core for a datapath.Arch: the
// parameterized sources, the wrapper that sets their parameters, the phase machine rendered
// from the schedule, a self-checking testbench, the board tops (iCEBreaker, ULX3S, Arty
// A7: Boards) with the host link and their pins, and the core's memory images and load
// stream for a vector set.
//
// # What it owns
//
// The hand-written sources in hdl/ (embedded; HDLFiles, BoardHDLFiles, TestbenchFile) and
// what Go renders for an Arch, which is only what a parameter cannot carry:
//
//	herd_core.v     (wrapperModule)   herd_tiled_core with the Arch's parameters: sizes,
//	                                  register widths, latencies, word skip's ROM words
//	herd_phases.v   (phasesModule)    the phase machine of datapath.Schedule: states,
//	                                  lengths, edges, counters, and the next-cycle windows
//	herd_tb.v       (testbenchModule) herd_testbench with the Arch's sizes
//	herd_board*.v   (Board.topModule) each board's top with its PLL, link and IDENT
//	                                  parameters; .pcf, .lpf, .xdc, .cst its pins
//	load.hex        (SetLoadStream)   the load stream of a vector set's data and weights
//	herd.core, herd_core.md           the FuseSoC description and the datasheet
//
// # The module hierarchy
//
//	herd_board, herd_board_ulx3s, herd_board_arty (generated)
//	 └─ herd_icebreaker, herd_ulx3s, herd_arty: the board's PLL and LEDs
//	   └─ herd_linked: power-on reset
//	   ├─ herd_link: frames both ways ── herd_uart_rx, herd_uart_tx, herd_crc16 x2, herd_ram
//	   └─ herd_core (generated) ── herd_tiled_core: the parameterized core
//	        ├─ herd_phases (generated)  phase, cycle, tile, batch, sweep; windows
//	        ├─ herd_skip                word skip: each pass's length (ROMs)
//	        ├─ herd_load                load and read-back streams, sum x
//	        ├─ herd_cmd                 RUN, STOP, READ; the pending count
//	        ├─ herd_addr                X and W SPRAM addresses, shared read addresses
//	        ├─ herd_spram x4            X and W (SB_SPRAM256KA on the UP5K)
//	        ├─ herd_ram x3              tile buffer, b, c
//	        ├─ herd_prefetch            tile buffer and start values
//	        ├─ herd_pass ── herd_acc_array   the accumulator array
//	        ├─ herd_positive            positive statistics P
//	        ├─ herd_writeback           W += P - N z* x*; b's growth
//	        ├─ herd_search              gather, sweeps, x*, z*, c's update
//	        ├─ herd_energy              SH: energies and the best vector
//	        └─ herd_record              the output records, m_axis_sample
//
// herd_cast (a register's wrap or saturation), herd_lt (a compare as gates) and herd_ram
// (a block RAM) are the leaves the blocks share. Every source is lint-clean under
// verilator --lint-only -Wall on its own; each checks its parameters' consistency at
// elaboration (an inconsistent set instantiates a module named herd_param_error_..., which
// stops every tool with that name).
//
// Every register of the Arch is three parameters, <NAME>_W (its width), <NAME>_SAT (1 for
// SAT, 0 for WRAP) and <NAME>_X (the width of the exact values cast to it, exactWidth),
// and every write goes through a herd_cast, so that each phase ends with the state
// datapath.TileMachine has at the same cycle: an iteration takes exactly
// Arch.IterationCycles clocks and produces the model's pseudo-samples and weights bit for
// bit.
//
// # The testbench
//
// herd_testbench (hdl/herd_testbench.v) loads the core through its stream port, runs the
// vector set's iterations through its command port, checks every record and the read-back
// against the set's files and prints the first mismatch as "MISMATCH iteration=t
// name=<file> index=<word> expected=<hex> got=<hex> cycle=<clock> time=<$time>" before
// $fatal(1), else PASS; with +keep_going it reports each file's first mismatch and ends with
// "FAIL files=<bits>" (a protocol mismatch still ends the run). +dump_from and +dump_to
// with +vcd dump a window of clocks (sim.RTLSim's waveform on a mismatch). Every
// fact of the vector set is a plusarg (+iters, +load and the expected files), so one build
// serves every vector set of an Arch; sim.RTLSim builds it with Icarus or Verilator.
//
// # Cell models
//
// hdl/cells/ holds simulation models of the block RAM primitives whose models in Yosys's
// share/yosys/<family>/cells_sim.v have no behaviour (ECP5 DP16KD, the Gowin BSRAMs, Xilinx
// RAMB18E1 and RAMB36E1), each with a testbench; the ECP5 and Gowin models share their byte
// geometry (herd_bram_bytes.vh, CellModelIncludes). WriteNetlistCellModels writes a netlist simulation's
// models (Yosys's, less those modules, and herdsim's) and CheckCellModels refuses a netlist
// that uses any other cell without behaviour. They are never synthesised.
//
// # Boundaries
//
// It must not touch the dynamics (datapath and herding own them) or the vector formats
// (testvectors owns them; words are encoded with testvectors.Word).
package rtlgen
