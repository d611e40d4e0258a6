// Package datapath owns the hardware description of herdsim and its cycle-level models.
//
// Arch is the one description of the hardware: sizes (K, D, N), the datapath and its size
// (lanes L, or a tile T), sweeps S, mode, hidden-bias growth, and for every register a
// fixed-point format and an overflow mode (WRAP or SAT). The Go models here and the
// Verilog generator (rtlgen) both read it; no width, size or phase order is written
// anywhere else. Two datapaths share the registers and the Result: the lane datapath
// (Machine, below) and the tiled datapath (TileMachine, section "The tiled datapath");
// NewModel picks by Arch.Tiled, and both count an iteration's cycles exactly
// (Arch.IterationCycles).
//
// # The tiled datapath
//
// Built for the iCE40 UP5K's memories (tile.go, tile_schedule.go, tile_memmap.go):
//
//	X SPRAM (16 vectors a word)     W SPRAMs x3 (48-bit words: PW = 48 / Wbits rows a word)
//	       |                               |            |
//	       | x bits of batch b, pixel j    | prefetch   | search: word (g, j) in order
//	       v                               v            v
//	+---- accumulator array: T rows x 16 columns ----+  PW field accumulators -> z*
//	| acc[r][n] += 2 W_rj where x_nj = +1 (clock     |  row buffer -> replay into vis (EBR)
//	| enable); starts at s_r = b_r - sum_j W_rj      |  -> x* (the last group's signs)
//	+------------------------------------------------+
//	       | z bits of batch b-1 (captured)
//	       v
//	XNOR-popcount with X of batch b-1 -> P (EBR, T rows x D) -> writeback W + P - N z* x*
//
// The data stream through the array in batches of 16 vectors, one X word a cycle; the
// hidden units in tiles of T rows whose W rows sit in the tile buffer (EBR) and are
// broadcast, one W a row a cycle, to the 16 accumulators of the row. The positive
// statistics of batch b-1 are counted while batch b's fields accumulate (no K x D P
// memory), and a tile's weights are written back in place after its last batch. The
// search reads W once per sweep, PW rows at a time (z half), and replays each group from a
// row buffer into D visible-field accumulators in block RAM (x half). Mode H searches
// first (it needs only the previous pseudo-sample), then runs the positive pass; mode SH
// first runs an energy pass (the same array; after each batch's adds a readout walks its
// fields, one a cycle while the array stands still, into per-vector energies, with c.x_n
// as an extra row), then the search from the best vector, then the positive pass. SH
// needs T >= 2: a tile's vectors complete T cycles apart in the readout, and the energy
// unit compares each with the best in a registered stage. The
// schedule table (Schedule) lists the phases, their lengths and the edges between them;
// TileMachine steps through it cycle by cycle, TileCycles
// walks it for the cycle count (TileCycleFormula in closed form), and rtlgen renders it
// into the Verilog phase machine. The memory map (XAddr, WAddr, TileImagesFor) lays out
// the load stream the core takes after reset: SPRAM cannot be initialised by a bitstream.
//
// The word-skip datapath (Arch.SkipBusy, mode H; tile_skip.go, wordskip.go) is the same
// with passes that read only the X words where some vector of the batch has x = +1: the
// data are laid out in batches clustered for it (SkipLayout), a pass takes its batch's
// busy words, and the statistics count Q (the z of the vectors with x = +1) over the same
// words, P = 2 Q - sum_n z_n. The last batch keeps every pixel's word, so that the
// write-back reads it by pixel; vector 0's words come first in X (GATHER's start, and each
// starts sum x_j at -N in the load); each busy word's j, with its popcount, is in W SPRAM 0
// at SkipJBase + k. rtlgen renders it (herd_core with SKIP = 1).
//
// # The lane datapath
//
//	          +--------------------------- L lanes -----------------------------+
//	X rows    |  W bank 0   W bank 1  ...  W bank L-1   (row i in bank i mod L)  |
//	(N x D    |  P bank 0   P bank 1  ...  P bank L-1   (P = sum_n z_n x_n^T)    |
//	 bits) -->|  acc 0      acc 1     ...  acc L-1      (+-W per cycle)          |
//	  x_j     |    |          |              |                                   |
//	          |  sign/|h|   sign/|h|  ...  sign/|h|  --> z bits, energy += |h|   |
//	          |    +------ adder tree over lanes ------> vis_field (W^T z + c)   |
//	          +------------------------------------------------------------------+
//	c, sum x (D words)   b, sum z (K words)   energy, best energy, x*, z* registers
//
// Lane l serves hidden units i = g L + l for groups g = 0..G-1, G = ceil(K/L); word
// g D + j of its banks holds W[i][j] and P[i][j]. Every phase walks those addresses in
// the same order, so one address counter drives all memories. The phases, their lengths
// and their edges are a table of the tiled schedule's kind (lane_schedule.go, with
// schedule.go's Edge and PhaseOf): Machine steps through it, CyclesPerIteration walks it,
// and rtlgen renders it into the lane core's next-state logic (each phase's walked counter,
// j or g, its last cycle and its edges; the bank address g D + j of the next state).
//
//   - Positive phase, for every data vector n: load x_n (1 cycle); for each group, D
//     cycles in which every lane adds +W[i][j] or -W[i][j] (x_nj = +-1) to its field
//     accumulator, then 1 cycle that adds b, takes z_ni = sign(h) and adds |h| to the
//     energy register; 1 cycle at the end of the vector in which SH keeps the vector of
//     largest F(x_n) = c.x_n + sum_i |h_n,i| (strictly larger: the lowest n wins ties).
//     During group 0 the energy register also accumulates c.x_n and the sum-x memory
//     sum_n x_nj. While vector n is in its field pass, the P banks accumulate vector n-1's
//     statistics z_n-1,i x_n-1,j at the same addresses, so the positive term costs no
//     extra cycles; a drain pass of G D cycles takes the last vector's.
//   - Negative search: 1 cycle loads the start (SH: the kept vector and its z; H: the
//     previous pseudo-sample, vector 0 at t = 1). Each sweep: the z half is the field
//     pass on x* (G (D+1) cycles); the x half takes, for each visible unit j, G cycles of
//     an adder tree over the lanes (+-W[i][j] by z*_i) into vis_field, then 1 cycle adding
//     c_j and taking the sign; 1 cycle decides on another sweep (something changed and
//     fewer than S sweeps ran).
//   - Update: G D cycles; every lane writes W + P - N z*_i x*_j (through the update adder,
//     then the W register) and clears P; in group 0 also c_j += sum x_j - N x*_j; with
//     hidden-bias growth b += sum z - N z* at j = 0. One last cycle ends the iteration.
//
// # Cycle count
//
// An iteration whose search ran s sweeps takes exactly (CyclesPerIteration)
//
//	N (G (D+1) + 2) + G D + 1 + s (G (D+1) + D (G+1) + 1) + G D + 1
//
// cycles. At USPS scale (N = 700, D = 256, K = 50, L = 16: G = 4) that is 723,050 + 2,309 s.
//
// # Registers and widths
//
// Every value written to a register goes through its format: two's complement wrap or
// saturation, exactly fixedpoint.Cast with truncation on an integer format (tested), and
// every register logs the range of the exact values presented to it and counts overflows.
// DefaultArch sizes every register for the worst case of a run of T iterations
// (WorstCase: |W_0| <= N and an update moves a weight by at most 2N, so |W| <= N + 2NT,
// and the accumulators follow from sums of those), so it is lossless by construction;
// narrower widths are what the sweep explores. All registers hold integers (sN.0): in
// the scaled form every herding value is one.
//
// # Functional model
//
// Functional is the same arithmetic without the clock: every register cast in the
// Machine's order, a vector at a time, with exact fast paths where no partial sum can
// overflow. It equals the Machine bit for bit (tested with narrow registers in both
// overflow modes) and is what long runs use: the USPS experiment at datapath widths
// (herdsim usps --weight-bits) runs 2000 iterations on 700 vectors per class, which the
// cycle model would take about six minutes for. Its fast paths are the sign tables of
// internal/signtab, exact on integers, used for a field wherever (|h - b| + sum |W|)/2 and
// |h| fit the register (no partial sum can then overflow), and a table group at a time
// elsewhere.
//
// Arch.CannotOverflow (bounds.go) goes one step further: from W, b and c it proves that no
// register can overflow in the next iteration, in which case the datapath's arithmetic is
// SPEC.md's exact integer arithmetic and any exact implementation (the flip-driven float
// reference) gives its values; the USPS accuracy runs use it (internal/usps).
//
// # Boundaries
//
// It must not touch the float64 reference (package herding), file formats, or Verilog
// text (rtlgen). The comparison against the reference lives in package sim.
package datapath
