package datapath

import (
	"math/bits"
	"math/rand/v2"
	"slices"
)

// A design study for the tiled datapath's cycle target (docs/history.md, "The cycle
// target: the four ways considered"): not built. The field pass reads one X word a cycle, pixel j of the
// batch's 16 vectors, and adds 2 W_rj to the accumulators whose vector has x_nj = +1. A
// word in which no vector has a +1 adds nothing, so a pass that skipped those words would
// take one cycle per word that holds a +1. How many do depends on which vectors share a
// batch (the load may put them in any order: mode H's sums do not depend on it) and on
// each pixel's sign (a pixel that is mostly +1 can be stored negated, with its weights).
// SkipStudy counts those words for four layouts of the same data.

// SkipStudy is the fraction of a data set's X words that hold a +1, by layout.
type SkipStudy struct {
	Words     int     // X words: ceil(N / 16) D
	Natural   float64 // the vectors in their order
	Polarity  float64 // the same, every pixel that is +1 in more than half the vectors negated
	Batched   float64 // no pixel negated, the vectors batched by ClusterBatches
	Clustered float64 // negated as Polarity, the vectors batched by ClusterBatches
}

// pixelMasks is each vector's +1 pixels as a bit set, pixel j negated where flip[j].
func pixelMasks(rows [][]int8, flip []bool) [][]uint64 {
	masks := make([][]uint64, len(rows))
	for n, r := range rows {
		m := make([]uint64, (len(r)+63)/64)
		for j, v := range r {
			if (v > 0) != (flip != nil && flip[j]) {
				m[j/64] |= 1 << (j % 64)
			}
		}
		masks[n] = m
	}
	return masks
}

// busyWords counts the X words that hold a +1 when the vectors are batched 16 at a time
// in the given order: for each batch, the pixels in the union of its vectors' masks.
func busyWords(masks [][]uint64, order []int) int {
	total := 0
	for b := 0; b < len(order); b += BatchWidth {
		union := make([]uint64, len(masks[0]))
		for _, n := range order[b:min(b+BatchWidth, len(order))] {
			for w, v := range masks[n] {
				union[w] |= v
			}
		}
		for _, v := range union {
			total += bits.OnesCount64(v)
		}
	}
	return total
}

// majorityFlip marks the pixels that are +1 in more than half of the vectors.
func majorityFlip(rows [][]int8) []bool {
	d := len(rows[0])
	ones := make([]int, d)
	for _, r := range rows {
		for j, v := range r {
			if v > 0 {
				ones[j]++
			}
		}
	}
	flip := make([]bool, d)
	for j, c := range ones {
		flip[j] = 2*c > len(rows)
	}
	return flip
}

// ClusterBatches orders the vectors so that batches of 16 share their +1 pixels: greedy
// batches (each starts at the unused vector with the most +1 pixels and adds the one that
// grows the batch's union least), then swaps pairs of vectors across batches, picked by a
// PCG seeded with seed, keeping a swap when the busy words do not grow. Deterministic.
func ClusterBatches(masks [][]uint64, swaps int, seed uint64) []int {
	order := greedyBatches(masks)
	localSearch(masks, order, swaps, seed)
	return order
}

func popcount(m []uint64) int {
	c := 0
	for _, v := range m {
		c += bits.OnesCount64(v)
	}
	return c
}

func greedyBatches(masks [][]uint64) []int {
	n := len(masks)
	used := make([]bool, n)
	var order []int
	for len(order) < n {
		seedVec := -1
		for v := range n { // the unused vector with the most +1 pixels, the lowest on ties
			if !used[v] && (seedVec < 0 || popcount(masks[v]) > popcount(masks[seedVec])) {
				seedVec = v
			}
		}
		used[seedVec] = true
		order = append(order, seedVec)
		union := append([]uint64(nil), masks[seedVec]...)
		for k := 1; k < BatchWidth && len(order) < n; k++ {
			best, bestGrow := -1, 0
			for v := range n {
				if used[v] {
					continue
				}
				grow := 0
				for w, x := range masks[v] {
					grow += bits.OnesCount64(x &^ union[w])
				}
				if best < 0 || grow < bestGrow {
					best, bestGrow = v, grow
				}
			}
			used[best] = true
			order = append(order, best)
			for w, x := range masks[best] {
				union[w] |= x
			}
		}
	}
	return order
}

// localSearch swaps vectors between batches while the busy words do not grow. It keeps,
// for each batch and pixel, how many of its vectors have a +1 there, and as bit sets the
// pixels where that count is 0 and where it is 1: a swap's change in busy words is then
// a few popcounts (pixels the incoming vector makes busy, pixels the leaving one frees).
func localSearch(masks [][]uint64, order []int, swaps int, seed uint64) {
	n, words := len(order), len(masks[0])
	nb := (n + BatchWidth - 1) / BatchWidth
	count := make([][]int, nb)
	zero, one := make([][]uint64, nb), make([][]uint64, nb)
	has := func(v, j int) bool { return masks[v][j/64]>>(j%64)&1 == 1 }
	for b := range count {
		count[b] = make([]int, 64*words)
		zero[b], one[b] = make([]uint64, words), make([]uint64, words)
	}
	for p, v := range order {
		for j := range 64 * words {
			if has(v, j) {
				count[p/BatchWidth][j]++
			}
		}
	}
	setMasks := func(b, j int) {
		bit := uint64(1) << (j % 64)
		zero[b][j/64] &^= bit
		one[b][j/64] &^= bit
		switch count[b][j] {
		case 0:
			zero[b][j/64] |= bit
		case 1:
			one[b][j/64] |= bit
		}
	}
	for b := range count {
		for j := range 64 * words {
			setMasks(b, j)
		}
	}
	// delta is the change in batch b's busy words if vector out leaves it and in joins.
	delta := func(b, out, in int) int {
		d := 0
		for w := range words {
			only := masks[in][w] &^ masks[out][w]
			gone := masks[out][w] &^ masks[in][w]
			d += bits.OnesCount64(only&zero[b][w]) - bits.OnesCount64(gone&one[b][w])
		}
		return d
	}
	move := func(b, out, in int) {
		for w := range words {
			for x := (masks[out][w] ^ masks[in][w]); x != 0; x &= x - 1 {
				j := 64*w + bits.TrailingZeros64(x)
				if has(out, j) {
					count[b][j]--
				} else {
					count[b][j]++
				}
				setMasks(b, j)
			}
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x5EED))
	for range swaps {
		p, q := rng.IntN(n), rng.IntN(n)
		bp, bq := p/BatchWidth, q/BatchWidth
		if bp == bq {
			continue
		}
		vp, vq := order[p], order[q]
		if delta(bp, vp, vq)+delta(bq, vq, vp) <= 0 {
			move(bp, vp, vq)
			move(bq, vq, vp)
			order[p], order[q] = vq, vp
		}
	}
}

// StudyWordSkip counts the X words that hold a +1 in rows for the three layouts of
// SkipStudy, the clustered one with swaps local-search steps from seed.
func StudyWordSkip(rows [][]int8, swaps int, seed uint64) SkipStudy {
	n := len(rows)
	natural := make([]int, n)
	for i := range natural {
		natural[i] = i
	}
	words := (n + BatchWidth - 1) / BatchWidth * len(rows[0])
	frac := func(c int) float64 { return float64(c) / float64(words) }
	own := pixelMasks(rows, nil)
	flipped := pixelMasks(rows, majorityFlip(rows))
	return SkipStudy{
		Words:     words,
		Natural:   frac(busyWords(own, natural)),
		Polarity:  frac(busyWords(flipped, natural)),
		Batched:   frac(busyWords(own, ClusterBatches(own, swaps, seed))),
		Clustered: frac(busyWords(flipped, ClusterBatches(flipped, swaps, seed))),
	}
}

// SkipLayout is the word-skip datapath's data layout (docs/hardware.md, "Word
// skip"): which data vector sits at each batch position, and each batch's busy pixels. The
// batches are clustered (ClusterBatches) and the whole ones ordered by their busy pixels,
// most first, so that a pass, as long as the longer of its own list and the previous
// batch's, is nearly its own; a partial last batch stays last. The last batch keeps every
// pixel's word, busy or not: the write-back reads its words by pixel (word k is pixel k),
// the hardware needs no table of them.
type SkipLayout struct {
	Order []int   // position p (batch p / 16, column p % 16) holds data vector Order[p]
	Busy  [][]int // batch b's pixels where one of its vectors has x = +1, ascending (the last batch: every pixel)
}

// Layout search: long enough that more swaps stop helping on USPS (10 million: digit 3's
// busy words 7,529, against 7,527 at 100 million), a fixed seed so that a data set has
// one layout.
const (
	SkipSwaps = 10_000_000
	SkipSeed  = 1
)

// NewSkipLayout lays out rows for the word-skip datapath.
func NewSkipLayout(rows [][]int8) SkipLayout {
	masks := pixelMasks(rows, nil)
	order := ClusterBatches(masks, SkipSwaps, SkipSeed)
	nb := (len(order) + BatchWidth - 1) / BatchWidth
	busy := func(b int) []int {
		var js []int
		for j := range len(rows[0]) {
			for _, v := range order[b*BatchWidth : min((b+1)*BatchWidth, len(order))] {
				if rows[v][j] > 0 {
					js = append(js, j)
					break
				}
			}
		}
		return js
	}
	whole := len(order) / BatchWidth // batches of 16; a partial one after them stays last
	batches := make([]int, nb)
	lists := make([][]int, nb)
	for b := range nb {
		batches[b], lists[b] = b, busy(b)
	}
	if whole == nb {
		whole-- // the last batch keeps every word: the least busy whole batch is the one to pay for it
	}
	slices.SortStableFunc(batches[:whole], func(x, y int) int { return len(lists[y]) - len(lists[x]) })
	l := SkipLayout{Order: make([]int, 0, len(order)), Busy: make([][]int, nb)}
	for i, b := range batches {
		l.Order = append(l.Order, order[b*BatchWidth:min((b+1)*BatchWidth, len(order))]...)
		l.Busy[i] = lists[b]
	}
	l.Busy[nb-1] = make([]int, len(rows[0]))
	for j := range l.Busy[nb-1] {
		l.Busy[nb-1][j] = j
	}
	return l
}

// Words is the busy words of every batch: the X words the layout stores.
func (l SkipLayout) Words() int {
	n := 0
	for _, js := range l.Busy {
		n += len(js)
	}
	return n
}

// xImage is the word-skip datapath's busy X words and their j words: batch after batch,
// its busy words in order, bit m of a word vector Order[16 b + m]'s x at the word's j; each
// j word is SkipJWord(j, the X word).
func (l SkipLayout) xImage(rows [][]int8) (x, js []uint16) {
	for b, busy := range l.Busy {
		vecs := l.Order[b*BatchWidth : min((b+1)*BatchWidth, len(l.Order))]
		for _, j := range busy {
			var word uint16
			for m, v := range vecs {
				if rows[v][j] > 0 {
					word |= 1 << uint(m)
				}
			}
			x, js = append(x, word), append(js, SkipJWord(j, word))
		}
	}
	return x, js
}

// Matches reports whether the layout's batches hold the busy words an Arch was built for.
func (l SkipLayout) Matches(a *Arch) bool {
	if len(l.Busy) != len(a.SkipBusy) {
		return false
	}
	for b, js := range l.Busy {
		if len(js) != a.SkipBusy[b] {
			return false
		}
	}
	return true
}
