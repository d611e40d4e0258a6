package datapath

import (
	"fmt"

	"herdsim/herding"
)

// The tiled datapath's sizes and the limits of the memories that hold them (doc.go has the
// design). Everything here is derived from the Arch; nothing else restates it.

// Memory geometry of the iCE40 UP5K the tiled datapath is built for.
const (
	BatchWidth  = 16    // B: data vectors per batch, the bits of one SPRAM word of X
	SPRAMWords  = 16384 // words of one SB_SPRAM256KA (16K x 16), and of every X and W memory
	LaneBits    = 16    // bits of one W memory: a W word is WLanes of them side by side
	UP5KWLanes  = 3     // the UP5K's W memories: three of its four SPRAMs (X takes the fourth)
	MaxWLanes   = 32    // the most W memories a W word spans (512-bit words)
	MinTileD    = 4     // D below this would let a memory's read-modify-write meet itself
	tileVecBits = 16    // bits of one X word

	// RecordTailBeats are the beats of an output record after x* and z*: the iteration's
	// cycle count, low half, then high half with the overflow flag in its top bit.
	RecordTailBeats = 2
)

// TileSizes are the derived sizes of a tiled Arch.
type TileSizes struct {
	K, D, N int
	T       int // hidden units per tile
	L       int // W memories (lanes of 16 bits) a W word spans: Arch.Lanes()
	PW      int // weights per W word (rows per group): min(L, 16 L / W bits)
	SW      int // bits per slot of a W word: 16 L / PW
	G       int // groups of PW rows holding the K hidden units: ceil(K / PW)
	GT      int // groups per tile: T / PW
	NT      int // tiles of the positive pass: ceil(G / GT)
	NTE     int // SH: tiles of the energy pass, whose rows are the K hidden units and c: ceil(ceil((K+1)/PW) / GT)
	NB      int // batches of 16 data vectors: ceil(N / 16)
	BT      int // accumulators: 16 T
	RL      int // SH: the readout's latency, from its start to the first value (ReadoutLatency)
	PE      int // SH: cycles of one energy pass: D + 1 + 16 T (clear, start, D adds; the readout)
	WWords  int // W words the memory image holds: every tile's groups (padded with zero rows)
	XWords  int // X words: NB D, with word skip the busy words (sum of Busy)
	XStore  int // X SPRAM words the image holds: XWords, with word skip D more (vector 0's x, before the busy words)
	XB      int // 16-bit words of x* in an output record: ceil(D / 16)
	ZB      int // and of z*: ceil(K / 16)
	RB      int // beats of an output record: XB + ZB + 2 (x*, z*, the cycle count and flags)
	SH      bool
	Busy    []int     // the word-skip datapath's busy X words of each batch (Arch.SkipBusy), else nil
	Step    AddrSteps // the address steps of the memories' walks (tile_memmap.go)
	// AW is the X and W memories' address width: 14 (the UP5K's SB_SPRAM256KA, 16K words),
	// or as many bits as the data or the weights need beyond it (parts with block RAM only).
	AW int
	// JBase is the word of W memory 0 at which word skip's j list starts: 2^(AW-1) (8192 at
	// AW = 14), j of X word k at JBase + k. W lies below it, the list above, so both hold at
	// most JBase words and the list's address is the X address with its top bit set.
	JBase int
}

// The word-skip datapath's constants (docs/hardware.md, "Word skip").
const (
	// SPRAMAddrBits is the X and W memories' address width where the data and the weights
	// fit the UP5K's SPRAMs (SPRAMWords): TileSizes.AW, unless they need more.
	SPRAMAddrBits = 14
	// MaxAddrBits is the widest X and W address the core takes (1M words a memory: 16 Mbit
	// a lane, beyond every part's block RAM).
	MaxAddrBits = 20
	// LatSkipAdd is the cycle of a pass at which the add of its first busy word happens:
	// the word and its j land a cycle after their read, j is registered as the tile
	// buffer's read address, the weights land a cycle later and are registered onto the
	// array's bus (the X word waits beside them).
	LatSkipAdd = 4
	// LatSkipWriteback is what the write-back adds with word skip: a pipeline stage that
	// forms 2 Q - Zsum before the update's - N z* x* (the last batch's statistics join the
	// write-back's read of Q at each j, as the whole pass's do).
	LatSkipWriteback = 1
	// MinSkipPass is a pass's least length: capture and start, and the look-ahead machine's
	// read of the next pass's length (two cycles) before the pass ends.
	MinSkipPass = 4
)

// Skip reports whether the sizes are the word-skip datapath's.
func (s TileSizes) Skip() bool { return s.Busy != nil }

// PassLen is the cycles of the positive pass of batch b: D + 2, or with word skip the
// longer of its own adds (L_b words from cycle LatSkipAdd) and the previous batch's
// statistics (L_(b-1) issues, then capture and start), at least MinSkipPass.
func (s TileSizes) PassLen(b int) int {
	if !s.Skip() {
		return s.D + 2
	}
	n := max(s.Busy[b]+LatSkipAdd, MinSkipPass)
	if b > 0 {
		n = max(n, s.Busy[b-1]+2)
	}
	return n
}

// WritebackLen is the cycles of WRITEBACK: (T/PW) D W words and the pipeline's
// LatWriteback, with word skip LatSkipWriteback more.
func (s TileSizes) WritebackLen() int {
	n := s.GT*s.D + LatWriteback
	if s.Skip() {
		n += LatSkipWriteback
	}
	return n
}

// PerWord is PW, the weights one W word of lanes 16-bit memories holds at wBits bits each:
// at most one a lane (a slot of 16 bits or more; the UP5K's PW <= 3), and as many as fit. A
// width the word cannot hold (below 1 or above 16 lanes bits) gets 1, so that sizes and
// the default tile are defined for any Arch and Validate names the width instead of a
// division by zero.
func PerWord(wBits, lanes int) int {
	if wBits < 1 || lanes < 1 || wBits > LaneBits*lanes {
		return 1
	}
	return min(lanes, LaneBits*lanes/wBits)
}

// Lanes is the W memories a W word spans (WLanes; 0 is the UP5K's three).
func (a *Arch) Lanes() int {
	if a.WLanes == 0 {
		return UP5KWLanes
	}
	return a.WLanes
}

// UseLanes gives a W words of l W memories (0 or UP5KWLanes: the UP5K's, stored as 0 so
// that an Arch has one form).
func (a *Arch) UseLanes(l int) {
	if l == UP5KWLanes {
		l = 0
	}
	a.WLanes = l
}

// Sizes returns the datapath's derived sizes. The Arch must pass ValidateArithmetic.
func (a *Arch) Sizes() TileSizes {
	l := a.Lanes()
	pw := PerWord(a.Regs[RegW].Format.Word, l)
	s := TileSizes{K: a.K, D: a.D, N: a.N, T: a.Tile, L: l, PW: pw, SW: LaneBits * l / pw, SH: a.Mode == modeSH}
	s.G = ceilDiv(a.K, pw)
	s.GT = a.Tile / pw
	s.NT = ceilDiv(s.G, s.GT)
	s.NTE = ceilDiv(ceilDiv(a.K+1, pw), s.GT)
	s.NB = ceilDiv(a.N, BatchWidth)
	s.BT = BatchWidth * a.Tile
	s.RL = ReadoutLatency(a.Tile)
	s.PE = a.D + 1 + s.BT
	tiles := s.NT
	if s.SH {
		tiles = s.NTE
	}
	s.WWords = tiles * s.GT * a.D
	s.XWords = s.NB * a.D
	s.XStore = s.XWords
	if a.Skip() {
		s.Busy = append([]int(nil), a.SkipBusy...)
		s.XWords = 0
		for _, n := range s.Busy {
			s.XWords += n
		}
		s.XStore = s.XWords + a.D
	}
	s.XB = ceilDiv(a.D, tileVecBits)
	s.ZB = ceilDiv(a.K, tileVecBits)
	s.RB = s.XB + s.ZB + RecordTailBeats
	s.Step = s.steps()
	s.AW = max(SPRAMAddrBits, addrBits(s.XStore), addrBits(s.WWords))
	if a.Skip() { // W and the j list each in half of W memory 0
		s.AW = max(s.AW, 1+addrBits(max(s.WWords, s.XWords)))
	}
	s.JBase = 1 << (s.AW - 1)
	return s
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// ReadoutLatency is the cycles from the start of the accumulator array's readout (SH's
// energy pass) to its first value, for a tile of t rows: the start's own cycle, the
// one-hot select, the level that takes the 16 t accumulators in pairs, and one level for
// each fourfold reduction of the pairs to one value (rtlgen's herd_acc_array builds that
// tree and states the same READ_LATENCY). Value k follows k cycles after the first.
func ReadoutLatency(t int) int {
	levels := 0
	for m := ceilDiv(BatchWidth*t, 2); m > 1; m = ceilDiv(m, 4) {
		levels++
	}
	return 2 + levels
}

// MaxTileIterationCycles bounds an iteration of the tiled datapath: its output record
// carries the cycle count in 31 bits, and the core counts it with 3 to spare.
const MaxTileIterationCycles = 1<<30 - 3

// MaxIterationCycles is the longest iteration of a tiled Arch: the first, with all S sweeps.
func (a *Arch) MaxIterationCycles() uint64 {
	return max(a.TileCycles(a.Sweeps, true), a.TileCycles(a.Sweeps, false))
}

// validateTile checks the tile and the registers the tiled datapath's words and adders
// constrain (ValidateArithmetic).
func (a *Arch) validateTile() error {
	ww, l := a.Regs[RegW].Format.Word, a.Lanes()
	if l < 1 || l > MaxWLanes {
		return fmt.Errorf("datapath: a W word spans 1 to %d W memories of %d bits; w_lanes = %d", MaxWLanes, LaneBits, l)
	}
	if ww > LaneBits*l {
		return fmt.Errorf("datapath: the tiled datapath holds W in %d-bit words (%d W memories); W is %d bits", LaneBits*l, l, ww)
	}
	// Sizes divides by T / PW: check T against PW first.
	if pw := PerWord(ww, l); a.Tile%pw != 0 {
		return fmt.Errorf("datapath: tile T = %d must be a multiple of %d, the weights one W word holds at %d bits (rows are read %d at a time)", a.Tile, pw, ww, pw)
	}
	if a.Mode == modeSH && a.Tile < 2 {
		return fmt.Errorf("datapath: mode SH needs a tile of T >= 2 rows (T = %d): the energy unit compares a vector's energy with the best one a cycle after it completes, and a tile's vectors complete T cycles apart", a.Tile)
	}
	if err := a.validateSkip(); err != nil {
		return err
	}
	if a.D < MinTileD {
		return fmt.Errorf("datapath: the tiled datapath needs D >= %d visible units (D = %d): its read-modify-write memories step through D addresses", MinTileD, a.D)
	}
	if fw := a.Regs[RegField].Format.Word; fw <= ww {
		return fmt.Errorf("datapath: the tiled datapath's accumulators add 2 W, so the field register (%d bits) must be wider than W (%d bits)", fw, ww)
	}
	return nil
}

// validateStorage checks that the data, the weights, SH's c row and an iteration's cycle
// count fit where the hardware keeps them: the UP5K's SPRAMs, W's tile buffer and the
// output record (Validate; the functional model keeps them in Go).
func (a *Arch) validateStorage() error {
	s, ww := a.Sizes(), a.Regs[RegW].Format.Word
	if a.Mode == modeSH && a.Regs[RegC].Format.Word > ww {
		return fmt.Errorf("datapath: in mode SH the c row rides in the W tile buffer, so c (%d bits) may not be wider than W (%d bits)", a.Regs[RegC].Format.Word, ww)
	}
	if s.AW > MaxAddrBits {
		return fmt.Errorf("datapath: the data (%d X words) and W (%d words of a lane: %d tiles x %d groups x D = %d, %d weights a word at %d bits) need %d-bit memory addresses; the core takes at most %d",
			s.XStore, s.WWords, s.WWords/(s.GT*a.D), s.GT, a.D, s.PW, ww, s.AW, MaxAddrBits)
	}
	if c := a.MaxIterationCycles(); c >= MaxTileIterationCycles {
		return fmt.Errorf("datapath: an iteration can take %d cycles; the output record counts at most %d", c, MaxTileIterationCycles-1)
	}
	return nil
}

// ValidateSPRAM checks that the data and the weights fit the UP5K's SPRAMs (16K words
// each, SPRAMWords: TileSizes.AW = 14), as herd_spram's SB_SPRAM256KA needs; parts with
// block RAM take wider addresses.
func (a *Arch) ValidateSPRAM() error {
	s := a.Sizes()
	if s.AW == SPRAMAddrBits {
		return nil
	}
	what := fmt.Sprintf("the data need %d X words (ceil(N/16) D = %d x %d) and W %d words of a lane", s.XStore, s.NB, a.D, s.WWords)
	if s.Busy != nil {
		what += fmt.Sprintf(", word skip's j list %d (W and the list take half of W SPRAM 0 each)", s.XWords)
	}
	return fmt.Errorf("datapath: %s: %d-bit addresses, where one SPRAM holds %d words (the UP5K's SB_SPRAM256KA); a part with block RAM holds them", what, s.AW, SPRAMWords)
}

// validateSkip checks the word-skip datapath's layout sizes against the Arch.
func (a *Arch) validateSkip() error {
	if !a.Skip() {
		return nil
	}
	if a.Mode != herding.ModeH {
		return fmt.Errorf("datapath: the word-skip datapath runs mode H (mode SH's energies need every vector's whole pass)")
	}
	if nb := ceilDiv(a.N, BatchWidth); len(a.SkipBusy) != nb {
		return fmt.Errorf("datapath: the word-skip layout has %d batches' busy words, N = %d vectors make %d batches", len(a.SkipBusy), a.N, nb)
	}
	if a.D > 1<<SkipPopShift {
		return fmt.Errorf("datapath: the word-skip datapath's j words hold j in %d bits; D = %d", SkipPopShift, a.D)
	}
	for b, n := range a.SkipBusy {
		if n < 0 || n > a.D {
			return fmt.Errorf("datapath: the word-skip layout's batch %d has %d busy words, want 0 .. D = %d", b, n, a.D)
		}
	}
	return nil
}

// UseTile gives a a tile of t rows, or with t = 0 DefaultTile for its K, W width and mode
// (so set the widths first: the tile must be a multiple of the weights a W word holds).
func (a *Arch) UseTile(t int) {
	if t == 0 {
		t = DefaultTile(a.K, a.Regs[RegW].Format.Word, a.Lanes(), a.Mode)
	}
	a.Tile = t
}

// DefaultTile is the tile a datapath gets when none is chosen: the tiles measured to
// fit the iCE40 UP5K with the board top (docs/fpga.md), 4 hidden units in mode H (64
// accumulators: USPS at K = 50 to 128) and 2 in mode SH (whose energy readout and energy
// unit take the room of the other 32), rounded down to whole W words of lanes W memories (at
// least one) and at most the units there are.
func DefaultTile(k, wbits, lanes int, mode herding.Mode) int {
	t := 4
	if mode == modeSH {
		t = 2
	}
	pw := PerWord(wbits, lanes)
	t = min(t, ceilDiv(k, pw)*pw)
	if mode == modeSH {
		t = max(t, 2) // the energy unit's registered comparison (validateTile)
	}
	return max(pw, t/pw*pw)
}
