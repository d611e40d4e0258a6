package datapath

import (
	"math/bits"

	"herdsim/dataset"
)

// The tiled datapath's memory map: which word of which memory holds what. The model reads
// its memories through these functions, the memory images (and so the load stream and the
// golden vectors) are laid out by them, and rtlgen renders the same address arithmetic.
//
//	X SPRAM     word b D + j, bit m       x_{16b+m, j} (1 = +1; bits of vectors >= N are 0)
//	            word skip: word j, bit 0: x_0j (GATHER's start vector, t = 1); from word
//	            XBusyBase = D batch b's busy words in order, bit m of vector Order[16b + m]
//	W SPRAM 0   word skip: word JBase + k is SkipJWord of busy X word k: its j and popcount
//	W SPRAMs    word g D + j (16 L bits)  W[g PW + s][j] in slot s: bits [s SW, s SW + Wbits)
//	            (W memory q, a lane, holds bits [16q, 16q + 16) of every word; rows >= K are 0)
//	b memory    word i                    b_i (K words)
//	c memory    word j                    c_j (D words)
//	tile buffer word j                    row r of the current tile at bits [r Wbits, (r+1) Wbits)

// XWordsHeld and WWordsHeld are the words the X memory and W memory (lane) q hold: every
// word the images need (W's lane 0 with word skip: up to its j list's end, from JBase), so
// that parts with block RAM alone, which their synthesis infers from the behavioural
// memories, spend no more block RAM than the data and the weights need. XAddrBits and
// WAddrBits are the same as address widths: addresses stay AW bits wide, and a memory
// drops the bits above its own.
func (s TileSizes) XWordsHeld() int { return s.XStore }

// WWordsHeld is W memory q's words (XWordsHeld).
func (s TileSizes) WWordsHeld(q int) int {
	if s.Busy != nil && q == 0 {
		return s.JBase + s.XWords
	}
	return s.WWords
}

// XAddrBits is the X memory's depth as an address width (XWordsHeld).
func (s TileSizes) XAddrBits() int { return addrBits(s.XWordsHeld()) }

// WAddrBits is W memory q's depth as an address width (XWordsHeld).
func (s TileSizes) WAddrBits(q int) int { return addrBits(s.WWordsHeld(q)) }

// addrBits is the fewest bits that address n words (at least 1).
func addrBits(n int) int { return max(1, bits.Len(uint(n-1))) }

// XBusyBase is the word skip's first busy X word (vector 0's D words are below it).
func (s TileSizes) XBusyBase() int { return s.D }

// SkipJWord is the j word of a busy X word x at pixel j: j in bits [0, 11), popcount(x) in
// bits [11, 16) (the statistics' term and sum x take the popcount from it).
func SkipJWord(j int, x uint16) uint16 { return uint16(j) | uint16(bits.OnesCount16(x))<<SkipPopShift }

// SkipPopShift is the bit of a j word where its X word's popcount (5 bits) starts: j takes
// the bits below it (D <= 2048 with word skip).
const SkipPopShift = 11

// AddrSteps are the strides of the datapath's walks over its SPRAMs: every address a phase
// reads or writes is a base plus these steps. The Go model reads its memories through them
// (XWord, WWord) and the Verilog's address generator takes them as parameters (herd_addr's
// A_*), so neither restates the layout.
type AddrSteps struct {
	Batch int // X: batch b + 1's first word from batch b's: D (a pass walks j in steps of 1)
	Group int // W: group g + 1's word j from group g's: D (the sweep walks every word in steps of 1)
	Tile  int // W: tile k + 1's first word from tile k's: (T/PW) D
	// NextJ is a prefetch's or write-back's step from group T/PW - 1 of pixel j to group 0
	// of pixel j + 1: 1 - (T/PW - 1) D (its groups of one j come D apart).
	NextJ int
	// TileGroups is the b memory's step from a tile's first group to the next tile's: T/PW.
	TileGroups int
}

// steps are the address steps of the sizes (TileSizes.Step).
func (s TileSizes) steps() AddrSteps {
	return AddrSteps{Batch: s.D, Group: s.D, Tile: s.GT * s.D, NextJ: 1 - (s.GT-1)*s.D, TileGroups: s.GT}
}

// XWord is the X word of batch b at pixel j (without word skip).
func (s *TileSizes) XWord(b, j int) int { return b*s.Step.Batch + j }

// WWord is the W word of group g at pixel j.
func (s *TileSizes) WWord(g, j int) int { return g*s.Step.Group + j }

// XAddr is the X word holding x_nj and the bit of it (without word skip).
func (s *TileSizes) XAddr(n, j int) (addr, bit int) { return s.XWord(n/BatchWidth, j), n % BatchWidth }

// WAddr is the W word holding W[i][j] and its slot.
func (s *TileSizes) WAddr(i, j int) (addr, slot int) { return s.WWord(i/s.PW, j), i % s.PW }

// BatchValid is the number of real vectors in batch b (16, or fewer in the last).
func (s TileSizes) BatchValid(b int) int { return min(BatchWidth, s.N-b*BatchWidth) }

// TileRows is the number of rows of tile k that hold a hidden unit (or, in the energy
// pass, the c row, row K): T, but the last tile may hold fewer and SH's tile after it none.
func (s TileSizes) TileRows(k int, energy bool) int {
	last := s.K
	if energy {
		last++
	}
	return max(0, min(s.T, last-k*s.T))
}

// batchMask has a bit set for every real vector of batch b.
func (s TileSizes) batchMask(b int) uint16 { return uint16(1<<s.BatchValid(b) - 1) }

// TileImages are the initial contents of the tiled datapath's memories, as the load stream
// carries them: X and W words as laid out above, b and c as stored values.
type TileImages struct {
	X    []uint16 // XStore words
	J    []uint16 // word skip: the j word of each busy X word (SkipJWord), else nil
	W    []uint16 // WWords words of L lanes: lane q of word a at W[a L + q] (WordLanes)
	B, C []int64  // K and D stored values
}

// WordLanes is W word a of the image: its L lanes, lane q the 16 bits W memory q holds.
func (s TileSizes) WordLanes(img []uint16, a int) []uint16 { return img[a*s.L : (a+1)*s.L] }

// slotValue sign-extends slot s of a W word (its lanes).
func (s TileSizes) slotValue(word []uint16, slot, wbits int) int64 {
	v := laneBits(word, slot*s.SW, wbits)
	return int64(v<<uint(64-wbits)) >> uint(64-wbits)
}

// setSlot sets slot s of a W word (its lanes) to v, two's complement at wbits.
func (s TileSizes) setSlot(word []uint16, slot, wbits int, v int64) {
	for put := 0; put < wbits; {
		q, off, take := laneSpan(slot*s.SW+put, wbits-put)
		m := uint16((uint32(1)<<take - 1) << off)
		word[q] = word[q]&^m | uint16(uint64(v)>>uint(put)<<off)&m
		put += int(take)
	}
}

// laneBits is bits [lo, lo + n) of a word of 16-bit lanes, n <= 64: a lane at a time (the
// model reads a weight this way at every add of the search and the prefetch).
func laneBits(word []uint16, lo, n int) uint64 {
	var v uint64
	for got := 0; got < n; {
		q, off, take := laneSpan(lo+got, n-got)
		v |= uint64(word[q]>>off) & (uint64(1)<<take - 1) << uint(got)
		got += int(take)
	}
	return v
}

// laneSpan is where bit `bit` of a word of 16-bit lanes lies (lane q, offset off) and how
// many of the next rest bits, from it on, that lane holds.
func laneSpan(bit, rest int) (q int, off, take uint) {
	q, off = bit/LaneBits, uint(bit%LaneBits)
	return q, off, uint(min(LaneBits-int(off), rest))
}

// TileImagesFor lays out data and initial weights (w K x D row-major, b K, c D, each
// within its register's width) as the tiled datapath's memories hold them (the word-skip
// datapath's in NewSkipLayout's layout of the data).
func (a *Arch) TileImagesFor(data *dataset.Binary, w, b, c []int64) TileImages {
	var l *SkipLayout
	if a.Skip() {
		sl := NewSkipLayout(data.Rows)
		l = &sl
	}
	return a.buildImages(data, l, w, b, c)
}

// buildImages lays out data (in layout l with word skip) and stored initial weights (w K x
// D row-major, b K, c D).
func (a *Arch) buildImages(data *dataset.Binary, l *SkipLayout, w, b, c []int64) TileImages {
	s := a.Sizes()
	img := TileImages{X: make([]uint16, s.XStore), W: make([]uint16, s.WWords*s.L),
		B: append([]int64(nil), b...), C: append([]int64(nil), c...)}
	if l != nil {
		img.X = img.X[:0]
		for _, v := range data.Rows[0] {
			var bit uint16
			if v > 0 {
				bit = 1
			}
			img.X = append(img.X, bit)
		}
		busy, js := l.xImage(data.Rows)
		img.X, img.J = append(img.X, busy...), js
	} else {
		for n, row := range data.Rows {
			for j, v := range row {
				if v > 0 {
					addr, bit := s.XAddr(n, j)
					img.X[addr] |= 1 << uint(bit)
				}
			}
		}
	}
	wbits := a.Regs[RegW].Format.Word
	for i := 0; i < a.K; i++ {
		for j := 0; j < a.D; j++ {
			addr, slot := s.WAddr(i, j)
			s.setSlot(s.WordLanes(img.W, addr), slot, wbits, w[i*a.D+j])
		}
	}
	return img
}

// popTerm is sum over the real vectors n of batch b of z_n x_n (+-1 each), from the batch's
// z bits and x bits: valid - 2 popcount((z XOR x) & mask).
func (s TileSizes) popTerm(z, x uint16, b int) int64 {
	mask := s.batchMask(b)
	return int64(s.BatchValid(b) - 2*bits.OnesCount16((z^x)&mask))
}

// sumTerm is sum over the real vectors of batch b of z_n: 2 popcount(z & mask) - valid.
func (s TileSizes) sumTerm(z uint16, b int) int64 {
	return int64(2*bits.OnesCount16(z&s.batchMask(b)) - s.BatchValid(b))
}

// WeightsOf reads W (K x D row-major), b and c out of memory images: the inverse of
// TileImagesFor's weights.
func (a *Arch) WeightsOf(img TileImages) (w, b, c []int64) {
	s, wbits := a.Sizes(), a.Regs[RegW].Format.Word
	w = make([]int64, s.K*s.D)
	for i := 0; i < s.K; i++ {
		for j := 0; j < s.D; j++ {
			addr, slot := s.WAddr(i, j)
			w[i*s.D+j] = s.slotValue(s.WordLanes(img.W, addr), slot, wbits)
		}
	}
	return w, append([]int64(nil), img.B...), append([]int64(nil), img.C...)
}
