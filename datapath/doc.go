// Package datapath owns the hardware description of herdsim and its cycle-level model.
//
// Arch is the one description of the hardware: sizes (K, D, N), the tile T, sweeps S,
// mode, hidden-bias growth, and for every register a fixed-point format and an overflow
// mode (WRAP or SAT). The Go models here and the Verilog generator (rtlgen) both read it;
// no width, size or phase order is written anywhere else. TileMachine is the cycle-level
// model of the datapath (section "The tiled datapath"), Functional the same arithmetic
// without the clock (section "Functional model"); both count an iteration's cycles
// exactly (Arch.IterationCycles).
//
// # The tiled datapath
//
// Built for the iCE40 UP5K's memories (tile.go, tile_schedule.go, tile_memmap.go):
//
//	X SPRAM (16 vectors a word)     W memories x L (16 L-bit words: PW = min(L, 16 L / Wbits) rows; L = 3 SPRAMs on the UP5K)
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
// at TileSizes.JBase + k. rtlgen renders it (herd_core with SKIP = 1).
//
// # Cycle count
//
// An iteration takes exactly TileCycles(s, first) cycles, s the sweeps its search ran and
// first its being mode H's first (which gathers x_0); TileCycleFormula is the closed form.
// At USPS scale as the board runs it (N = 700, D = 256, K = 50, mode H, T = 4, W 18 bits:
// two weights a word) that is 161,343 + 6,665 s (the first iteration 259 more).
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
// Functional is the same arithmetic without the clock: every register cast in the order
// the tiled passes add (the start values s_r = b_r - W_r0 - ..., then 2 W_rj for each
// x_nj = +1 in j order; the energies |h_0| + ... + |h_K-1| + the c row, c.x exact in mode
// H, which has no energy pass; the search's b_i + sum_j +-W_ij and c_j + each group of PW
// rows; the updates), a vector at a time,
// with exact fast paths where no partial sum can overflow. It equals TileMachine bit for
// bit (tested with narrow registers in both overflow modes, one to three weights a word,
// word skip) and is what long runs use: the USPS experiment at datapath widths (herdsim
// usps --weight-bits, herdsim explore's accuracy) runs 2000 iterations on 700 vectors per
// class. Its fast paths are the sign tables of internal/signtab, exact on integers, used
// for a row's fields wherever |b_r| + sum_j |W_rj| fits the field register (every partial
// sum of the start chain and of any vector's adds lies within b_r +- that sum), and a table
// group at a time elsewhere. It checks the Arch's arithmetic (ValidateArithmetic), not the
// UP5K's memories, so it also runs sizes the UP5K cannot hold.
//
// Arch.CannotOverflow (bounds.go) goes one step further: from W, b and c it proves that no
// register can overflow in the next iteration, in which case the datapath's arithmetic is
// docs/spec.md's exact integer arithmetic and any exact implementation (the flip-driven float
// reference) gives its values; the USPS accuracy runs use it (internal/usps).
//
// # Boundaries
//
// It must not touch the float64 reference (package herding), file formats, or Verilog
// text (rtlgen). The comparison against the reference lives in package sim.
package datapath
