package herding

import "math/bits"

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

// fill sets column c's bit n from values[n*stride+c] (a row-major +-1 matrix).
func (b *bitColumns) fill(values []int8, rows, stride int) {
	clear(b.bits)
	for n := 0; n < rows; n++ {
		word, bit := n/64, uint(n%64)
		row := values[n*stride : (n+1)*stride]
		for c, v := range row {
			if v > 0 {
				b.bits[c*b.words+word] |= 1 << bit
			}
		}
	}
}

// agreement returns sum_n a_n b_n for two +-1 columns of n rows: agreements minus disagreements.
func agreement(a, b []uint64, n int) int {
	differ := 0
	for w := range a {
		differ += bits.OnesCount64(a[w] ^ b[w])
	}
	return n - 2*differ
}
