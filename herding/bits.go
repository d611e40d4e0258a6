package herding

import (
	"math/bits"

	"herdsim/internal/parallel"
)

// bitColumns stores columns of +-1 values as bits (bit n set when the value of row n is +1),
// so that sum_n z_ni x_nj = N - 2 popcount(Zcol_i XOR Xcol_j): the update needs no
// multiplier (DESIGN.md). Padding bits past N are zero in every column and cancel in XOR.
type bitColumns struct {
	words int      // 64-bit words per column
	bits  []uint64 // column c is bits[c*words : (c+1)*words]
}

func newBitColumns(columns, rows int) bitColumns {
	w := (rows + 63) / 64
	return bitColumns{words: w, bits: make([]uint64, columns*w)}
}

func (b *bitColumns) column(c int) []uint64 { return b.bits[c*b.words : (c+1)*b.words] }

// fill sets column c's bit n from values[n*stride+c] (a row-major +-1 matrix). Columns are
// split over the cores; each word is built in a register and stored once.
func (b *bitColumns) fill(values []int8, rows, stride int) {
	parallel.For(stride, 8, func(lo, hi int) {
		for c := lo; c < hi; c++ {
			col := b.column(c)
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

// agreement returns sum_n a_n b_n for two +-1 columns of n rows: agreements minus disagreements.
func agreement(a, b []uint64, n int) int {
	differ := 0
	for w := range a {
		differ += bits.OnesCount64(a[w] ^ b[w])
	}
	return n - 2*differ
}
