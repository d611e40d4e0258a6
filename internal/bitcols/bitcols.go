// Package bitcols stores columns of +-1 values as bits (bit n of a column set when row n's
// value is +1), so that the sum over rows of a product of two columns is
// N - 2 popcount(a XOR b): herding's positive term sum_n z_n x_n^T without a multiplier
// (DESIGN.md). Padding bits past N are zero in every column and cancel in XOR.
//
// herding, datapath and sim all count their positive terms this way; the package owns
// only the bit layout and the counts, and knows nothing of them.
package bitcols

import (
	"math/bits"

	"herdsim/internal/parallel"
)

// Columns is a set of equally long bit columns.
type Columns struct {
	words int      // 64-bit words per column
	bits  []uint64 // column c is bits[c*words : (c+1)*words]
}

// New returns columns zero columns of rows bits.
func New(columns, rows int) Columns {
	w := (rows + 63) / 64
	return Columns{words: w, bits: make([]uint64, columns*w)}
}

// Column returns column c (shared with the set).
func (b *Columns) Column(c int) []uint64 { return b.bits[c*b.words : (c+1)*b.words] }

// Fill sets column c's bit n from values[n*stride+c] (a row-major +-1 matrix of rows rows).
// Columns are split over the cores; each word is built in a register and stored once.
func (b *Columns) Fill(values []int8, rows, stride int) {
	parallel.For(stride, 8, func(lo, hi int) {
		for c := lo; c < hi; c++ {
			col := b.Column(c)
			for w := range col {
				var word uint64
				for n := w * 64; n < min(rows, (w+1)*64); n++ {
					if values[n*stride+c] > 0 {
						word |= 1 << uint(n%64)
					}
				}
				col[w] = word
			}
		}
	})
}

// FillRows sets column c's bit n from rows[n][c], for every column of the set.
func (b *Columns) FillRows(rows [][]int8) {
	clear(b.bits)
	cols := len(b.bits) / max(1, b.words)
	for n, row := range rows {
		for c, v := range row[:cols] {
			if v > 0 {
				b.bits[c*b.words+n/64] |= 1 << uint(n%64)
			}
		}
	}
}

// Agreement returns sum_n a_n b_n for two +-1 columns of n rows: agreements minus
// disagreements.
func Agreement(a, b []uint64, n int) int {
	differ := 0
	for w := range a {
		differ += bits.OnesCount64(a[w] ^ b[w])
	}
	return n - 2*differ
}

// Sum returns sum_n a_n for a +-1 column of n rows.
func Sum(a []uint64, n int) int {
	ones := 0
	for _, w := range a {
		ones += bits.OnesCount64(w)
	}
	return 2*ones - n
}
