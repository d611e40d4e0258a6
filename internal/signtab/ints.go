package signtab

import (
	"fmt"

	"herdsim/internal/parallel"
)

// intBlock is the number of outputs an integer table row serves: sixteen int32, one
// 64-byte cache line, twice the outputs of a float64 row for the same bytes, so a product
// takes half the look-ups of Tables'.
const intBlock = 16

// Ints are Tables of int32 sums, for integer weights: the same groups, patterns and order,
//
//	tab[o/16][g][p][o%16] = sum over inputs j of the group of (+w[j][o] if p has j's bit, else -w[j][o])
//
// and Fields adds one table row per group to the bias. The adds wrap modulo 2^32 (Go's
// int32 arithmetic and the AVX2 kernels alike), so a field is exact whenever its true value
// fits int32, whatever the partial sums do: the caller checks |bias_o| + sum_j |w[j][o]| <
// 2^31 for every output it reads (the datapath's functional model does, and otherwise uses
// Tables).
type Ints struct {
	in, out, bits      int
	groups, patterns   int
	blocks, blockWords int // blocks of intBlock outputs; int32s per block (groups*patterns*intBlock)
	tab                []int32
}

// Build fills the tables for the weights w, stored input-major (w[j*out+o] is the weight
// of input j to output o), with groups of width inputs (1..8).
func (t *Ints) Build(w []int32, in, out, width int) {
	if len(w) != in*out || width < 1 || width > 8 {
		panic(fmt.Sprintf("signtab: integer tables of %d weights for %d x %d, %d bits", len(w), in, out, width))
	}
	t.in, t.out, t.bits = in, out, width
	t.groups, t.patterns = (in+width-1)/width, 1<<width
	t.blocks = (out + intBlock - 1) / intBlock
	t.blockWords = t.groups * t.patterns * intBlock
	if n := t.blocks * t.blockWords; cap(t.tab) < n {
		t.tab = make([]int32, n)
	} else {
		t.tab = t.tab[:n]
	}
	parallel.For(t.groups, 1, func(lo, hi int) {
		for g := lo; g < hi; g++ {
			j0 := g * width
			nj := min(width, in-j0)
			for blk := 0; blk < t.blocks; blk++ {
				o0 := blk * intBlock
				no := min(intBlock, out-o0)
				tg := t.tab[blk*t.blockWords+g*t.patterns*intBlock : blk*t.blockWords+(g+1)*t.patterns*intBlock]
				base := (*[intBlock]int32)(tg)
				*base = [intBlock]int32{}
				for b := 0; b < nj; b++ {
					for o, v := range w[(j0+b)*out+o0 : (j0+b)*out+o0+no] {
						base[o] -= v
					}
				}
				// patterns 2^b .. 2^(b+1)-1 are patterns 0 .. 2^b-1 with input b turned to +1
				for b, n := 0, intBlock; b < width; b, n = b+1, 2*n {
					var w2 [intBlock]int32
					if b < nj {
						for o, v := range w[(j0+b)*out+o0 : (j0+b)*out+o0+no] {
							w2[o] = 2 * v
						}
					}
					addRepeat16(tg[n:2*n], tg[:n], &w2)
				}
			}
		}
	})
}

// addRepeat16 sets dst[i] = src[i] + w[i%16].
func addRepeat16(dst, src []int32, w *[intBlock]int32) {
	if UseAVX2 {
		addRepeat16IntAVX2(&dst[0], &src[0], uintptr(len(src)), w)
		return
	}
	dst = dst[:len(src)]
	for q := 0; q < len(src); q += intBlock {
		d, s := (*[intBlock]int32)(dst[q:]), (*[intBlock]int32)(src[q:])
		for o := range d {
			d[o] = s[o] + w[o]
		}
	}
}

// Groups is the number of input groups: the codes per row.
func (t *Ints) Groups() int { return t.groups }

// Term is one table entry: the signed sum of group g's weights to output o under sign
// pattern p.
func (t *Ints) Term(o, g int, p uint8) int32 {
	return t.tab[(o/intBlock)*t.blockWords+(g*t.patterns+int(p))*intBlock+o%intBlock]
}

// Fields sets out[r*ld+o] = bias[o] + (the product of row r with the weights)[o] for every
// row r < rows and output o < t.out, modulo 2^32; codes[r*cs : r*cs+t.groups] are row r's
// patterns. bias may be nil (zero).
func (t *Ints) Fields(codes []uint8, cs, rows int, bias []int32, out []int32, ld int) {
	if len(codes) < (rows-1)*cs+t.groups || len(out) < (rows-1)*ld+t.out || (bias != nil && len(bias) < t.out) {
		panic("signtab: Ints.Fields: sizes")
	}
	minRows := max(1, 1<<15/max(1, t.groups*t.out)) // keep tiny products on one core
	parallel.For(rows, minRows, func(lo, hi int) {
		var dst [8 * intBlock]int32
		for blk := 0; blk < t.blocks; blk++ {
			o0 := blk * intBlock
			var b [intBlock]int32
			if bias != nil {
				copy(b[:], bias[o0:min(o0+intBlock, t.out)])
			}
			tb := t.tab[blk*t.blockWords : (blk+1)*t.blockWords]
			no := min(intBlock, t.out-o0)
			r := lo
			if UseAVX2 { // eight rows a call, then four, then the Go loop
				for _, k := range intRowKernels {
					for ; r+k.rows <= hi; r += k.rows {
						_ = codes[(r+k.rows-1)*cs+t.groups-1]
						if no == intBlock { // straight into out
							_ = out[(r+k.rows-1)*ld+o0+intBlock-1]
							k.sum(&tb[0], &codes[r*cs], uintptr(cs), uintptr(t.groups), uintptr(t.patterns*intBlock*4), &b, &out[r*ld+o0], uintptr(ld*4))
							continue
						}
						k.sum(&tb[0], &codes[r*cs], uintptr(cs), uintptr(t.groups), uintptr(t.patterns*intBlock*4), &b, &dst[0], intBlock*4)
						for q := 0; q < k.rows; q++ {
							copy(out[(r+q)*ld+o0:(r+q)*ld+o0+no], dst[q*intBlock:])
						}
					}
				}
			}
			for ; r < hi; r++ {
				s := t.sumRow(tb, codes[r*cs:r*cs+t.groups], &b)
				copy(out[r*ld+o0:r*ld+o0+no], s[:])
			}
		}
	})
}

// sumRow adds one table row per group to bias (one block of outputs), in group order.
func (t *Ints) sumRow(tb []int32, codes []uint8, bias *[intBlock]int32) [intBlock]int32 {
	s := *bias
	step := t.patterns * intBlock
	off := 0
	for _, p := range codes {
		e := (*[intBlock]int32)(tb[off+int(p)*intBlock:])
		for o := range s {
			s[o] += e[o]
		}
		off += step
	}
	return s
}

// intRowKernels are the AVX2 integer table sums, the most rows a call first.
var intRowKernels = []struct {
	rows int
	sum  func(tb *int32, codes *uint8, cs, groups, gstride uintptr, bias *[16]int32, dst *int32, ld uintptr)
}{{8, sumRows8IntAVX2}, {4, sumRows4IntAVX2}}
