package herding

import (
	"fmt"
	"unsafe"
)

// The flip-driven updates (incremental.go, tracker.go) add a row of a fixed integer matrix
// to a row of A (or P) for every hidden state that flipped, times d = z - z_prev. Starting
// from z_prev = +1 everywhere (A and P then start at the row sums) makes every flip
// d = +2 (up: -1 to +1) or d = -2 (down), so a unit's update is
//
//	acc += 2 (sum over up rows - sum over down rows).
//
// The rows' entries are integers in [-bound, bound] (G = X X^T: bound D; X: bound 1), held
// biased by bound as 16-bit lanes, four to a uint64 word: a quarter of the bytes of
// float64 and half of float32, so that G (N x N) of a USPS class fits in a core's L2. A
// kernel sums up to flipBatch rows in 16-bit lanes, never overflowing, and then widens the
// batch's sum into the int32 accumulator: the inner loop is one add per 32 columns (AVX-512,
// flips_simd.go) or per 4 (the portable kernel, in uint64 words). Every sum is an exact
// integer, so both kernels give the same bits in any order (tested).

// lanesPerWord is the number of 16-bit lanes in a uint64 word; wordsPerVector the words in
// one 512-bit vector (32 lanes). Rows are padded to whole vectors.
const (
	lanesPerWord   = 4
	wordsPerVector = 8
	lanesPerVector = lanesPerWord * wordsPerVector
)

// unitFlips are one hidden unit's flips in one iteration: the rows (data vectors) whose
// state went up, from -1 to +1, and down.
type unitFlips struct{ up, down []int32 }

// reset empties both lists, keeping their storage.
func (f *unitFlips) reset() { f.up, f.down = f.up[:0], f.down[:0] }

// zChange is the change of sum_n z_n over the flips: 2 per up, -2 per down.
func (f *unitFlips) zChange() float64 { return 2 * float64(len(f.up)-len(f.down)) }

// gatherFlips appends to f the flips between prev and z (one hidden unit over the data,
// both +-1).
func gatherFlips(z, prev []int8, f *unitFlips) {
	for r, zv := range z {
		if zv != prev[r] {
			f.note(r, zv)
		}
	}
}

// startStates returns n hidden states at +1, where the flips start from.
func startStates(n int) []int8 {
	z := make([]int8, n)
	for i := range z {
		z[i] = 1
	}
	return z
}

// nextBatch splits the first batch rows off a unit's remaining up and down flips (ups
// first): a kernel sums at most flipBatch rows in 16-bit lanes before widening.
func nextBatch(up, down []int32, batch int) (batchUp, batchDown, restUp, restDown []int32) {
	nu := min(len(up), batch)
	nd := min(len(down), batch-nu)
	return up[:nu], down[:nd], up[nu:], down[nd:]
}

// note records that row r flipped to state s.
func (f *unitFlips) note(r int, s int8) {
	if s > 0 {
		f.up = append(f.up, int32(r))
	} else {
		f.down = append(f.down, int32(r))
	}
}

// flipRows is the fixed matrix whose rows the flips add: count rows of n integers in
// [-bound, bound], each stored as v + bound in a 16-bit lane, lane c of a row in word c/4
// at bit 16 (c%4); a row takes stride words, n rounded up to whole 32-lane vectors, the
// padding lanes holding 0 (stored as bound).
type flipRows struct {
	words  []uint64
	stride int // words per row
	bound  int // |entry| <= bound
}

// maxRowBound is the largest bound a flipRows can hold: 2 bound must fit in 16 bits.
const maxRowBound = 1<<15 - 1

// newFlipRows returns a count x n matrix of zeros for entries in [-bound, bound]; callers
// fill it with set (distinct rows may be set in parallel).
func newFlipRows(count, n, bound int) *flipRows {
	if bound < 1 || bound > maxRowBound {
		panic(fmt.Sprintf("herding: flip rows with entries up to %d do not fit 16-bit lanes", bound))
	}
	stride := (n + lanesPerVector - 1) / lanesPerVector * wordsPerVector
	rows := &flipRows{words: make([]uint64, count*stride), stride: stride, bound: bound}
	zero := uint64(bound) * 0x0001_0001_0001_0001
	for i := range rows.words {
		rows.words[i] = zero
	}
	return rows
}

// set stores entry v at row r, column c.
func (rows *flipRows) set(r, c, v int) {
	if v < -rows.bound || v > rows.bound {
		panic(fmt.Sprintf("herding: flip row entry %d outside [-%d, %d]", v, rows.bound, rows.bound))
	}
	w := &rows.words[r*rows.stride+c/lanesPerWord]
	shift := 16 * uint(c%lanesPerWord)
	*w = *w&^(0xFFFF<<shift) | uint64(v+rows.bound)<<shift
}

// at returns the entry at row r, column c.
func (rows *flipRows) at(r, c int) int {
	w := rows.words[r*rows.stride+c/lanesPerWord]
	return int(w>>(16*uint(c%lanesPerWord))&0xFFFF) - rows.bound
}

// width is the padded row length in lanes: the stride of an accumulator the rows are added to.
func (rows *flipRows) width() int { return rows.stride * lanesPerWord }

// flipBatch is the number of rows a kernel may sum in 16-bit lanes before widening: the
// biased sum of flipBatch rows stays below 2^16, and so does the magnitude of the unbiased
// signed sum.
func (rows *flipRows) flipBatch() int { return 0xFFFF / (2 * rows.bound) }

// flipsUsable reports whether the flip-driven sums of n rows with entries up to bound stay
// exact: the rows fit 16-bit lanes and every accumulated value, at most n bound in
// magnitude, fits int32.
func flipsUsable(n, bound int) bool { return bound <= maxRowBound && n*bound < 1<<31-1 }

// addFlipsUnitsPortable applies flips[u] to row u of acc (rows.width() wide) for every u.
func addFlipsUnitsPortable(acc []int32, rows *flipRows, flips []unitFlips) {
	w := rows.width()
	for u := range flips {
		if len(flips[u].up)+len(flips[u].down) > 0 {
			addFlipsPortable(acc[u*w:(u+1)*w], rows, &flips[u])
		}
	}
}

// addFlipsPortable adds 2 (sum of up rows - sum of down rows) to acc, four columns per
// uint64 add, a group of words at a time, in batches of at most flipBatch rows.
func addFlipsPortable(acc []int32, rows *flipRows, f *unitFlips) {
	batch := rows.flipBatch()
	for g := 0; g < rows.stride; g += portableGroup {
		for up, down := f.up, f.down; len(up)+len(down) > 0; {
			var bu, bd []int32
			bu, bd, up, down = nextBatch(up, down, batch)
			sums := sumRowsPortable(rows, g, bu, bd)
			widenInto(acc[g*lanesPerWord:(g+portableGroup)*lanesPerWord], sums, (len(bu)+len(bd))*rows.bound)
		}
	}
}

// portableGroup is the number of words the portable kernel keeps in registers.
const portableGroup = 8

// sumRowsPortable sums words [g, g+portableGroup) of the up rows, signed sum plus bound, and of the
// down rows' complements, minus the signed sum plus bound: 2 bound - (v + bound) per lane,
// taken once per batch from the down rows' plain sum (no lane can borrow, as no lane of
// that sum exceeds downs 2 bound). The batch sums to (signed sum) + count bound in every
// lane, below 2^16 for count <= flipBatch.
func sumRowsPortable(rows *flipRows, g int, up, down []int32) [portableGroup]uint64 {
	u := sumWords(rows.words, rows.stride, g, up)
	d := sumWords(rows.words, rows.stride, g, down)
	full := uint64(len(down)) * 2 * uint64(rows.bound) * 0x0001_0001_0001_0001
	for k := range u {
		u[k] += full - d[k]
	}
	return u
}

// sumWords adds words [g, g+portableGroup) of the rows listed in rs, in 64-bit words (lanes do not
// carry: see sumRowsPortable). The rows are addressed from one pointer: with bounds checks
// on every row the compiler runs out of registers and spills the sums.
func sumWords(words []uint64, stride, g int, rs []int32) [portableGroup]uint64 {
	var s0, s1, s2, s3, s4, s5, s6, s7 uint64
	if len(rs) == 0 {
		return [portableGroup]uint64{}
	}
	base, rowBytes := unsafe.Pointer(&words[g]), uintptr(stride)*8
	for _, r := range rs {
		_ = words[int(r)*stride+g+portableGroup-1] // r is a row of words: checked, once
		w := (*[portableGroup]uint64)(unsafe.Add(base, uintptr(r)*rowBytes))
		s0, s1, s2, s3 = s0+w[0], s1+w[1], s2+w[2], s3+w[3]
		s4, s5, s6, s7 = s4+w[4], s5+w[5], s6+w[6], s7+w[7]
	}
	return [portableGroup]uint64{s0, s1, s2, s3, s4, s5, s6, s7}
}

// widenInto adds 2 (lane - offset) to acc for every 16-bit lane of sums.
func widenInto(acc []int32, sums [portableGroup]uint64, offset int) {
	a := (*[portableGroup * lanesPerWord]int32)(acc)
	off := int32(offset)
	for k, s := range sums {
		b := (*[lanesPerWord]int32)(a[k*lanesPerWord:])
		b[0] += 2 * (int32(uint16(s)) - off)
		b[1] += 2 * (int32(uint16(s>>16)) - off)
		b[2] += 2 * (int32(uint16(s>>32)) - off)
		b[3] += 2 * (int32(uint16(s>>48)) - off)
	}
}
