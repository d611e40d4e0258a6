package signtab

import (
	"fmt"

	"herdsim/internal/parallel"
)

// UseAVX2 selects the AVX2 kernels (kernel_amd64.s) when the CPU has them; they give the
// same bits as the Go loops (tests switch it off to compare).
var UseAVX2 = haveAVX2

// tabBlock is the number of outputs a sign table serves at once: one pattern's sums for a
// block are eight adjacent float64 (one cache line), added into eight scalar accumulators.
const tabBlock = 8

// Tables turn products of a float weight matrix with +-1 vectors into table look-ups
// (the "four Russians" trick). The inputs are cut into groups of `bits` consecutive ones
// (the last group may be short); for every group, every sign pattern p of the group
// (bit b of p set: input b of the group is +1) and every output o,
//
//	tab[o/8][g][p][o%8] = sum over inputs j of the group of (+w[j][o] if p has j's bit, else -w[j][o])
//
// so the product of a vector with the weights is the sum of one table row per group:
// a D = 256 product costs 43 adds (6-input groups) instead of 256 multiply-adds. Each output
// is summed group by group in order from its own bias, whatever the rows and blocks a
// core is given, so the result does not depend on GOMAXPROCS. The tables are float64, as
// the weights: only the order of the additions differs from a dot product.
type Tables struct {
	in, out, bits      int
	groups, patterns   int
	blocks, blockWords int // blocks of tabBlock outputs; floats per block (groups*patterns*tabBlock)
	tab                []float64
}

// Build fills the tables for the weights w, stored input-major (in x out: w[j*out+o] is
// the weight of input j to output o), with groups of width inputs (1..8).
func (t *Tables) Build(w []float64, in, out, width int) {
	if len(w) != in*out || width < 1 || width > 8 {
		panic(fmt.Sprintf("signtab: tables of %d weights for %d x %d, %d bits", len(w), in, out, width))
	}
	t.in, t.out, t.bits = in, out, width
	t.groups, t.patterns = (in+width-1)/width, 1<<width
	t.blocks = (out + tabBlock - 1) / tabBlock
	t.blockWords = t.groups * t.patterns * tabBlock
	if n := t.blocks * t.blockWords; cap(t.tab) < n {
		t.tab = make([]float64, n)
	} else {
		t.tab = t.tab[:n]
	}
	// Groups outer, blocks inner: the group's rows of w are read in order.
	parallel.For(t.groups, 1, func(lo, hi int) {
		var wv [8][tabBlock]float64 // the group's weights, doubled, for one block's outputs
		for g := lo; g < hi; g++ {
			j0 := g * width
			nj := min(width, in-j0)
			for blk := 0; blk < t.blocks; blk++ {
				o0 := blk * tabBlock
				no := min(tabBlock, out-o0)
				var base [tabBlock]float64
				for b := 0; b < width; b++ {
					wv[b] = [tabBlock]float64{}
					if b >= nj {
						continue
					}
					src := w[(j0+b)*out+o0 : (j0+b)*out+o0+no]
					for o, v := range src {
						base[o] -= v
						wv[b][o] = 2 * v
					}
				}
				tg := t.tab[blk*t.blockWords+g*t.patterns*tabBlock : blk*t.blockWords+(g+1)*t.patterns*tabBlock]
				*(*[tabBlock]float64)(tg) = base
				// patterns 2^b .. 2^(b+1)-1 are patterns 0 .. 2^b-1 with input b turned to +1
				for b, n := 0, tabBlock; b < width; b, n = b+1, 2*n {
					addRepeat8(tg[n:2*n], tg[:n], &wv[b])
				}
			}
		}
	})
}

// Groups is the number of input groups: the codes per row.
func (t *Tables) Groups() int { return t.groups }

// Term is one table entry: the signed sum of group g's weights to output o under sign
// pattern p (a code of Codes), what Fields adds for that group.
func (t *Tables) Term(o, g int, p uint8) float64 {
	return t.tab[(o/tabBlock)*t.blockWords+(g*t.patterns+int(p))*tabBlock+o%tabBlock]
}

// addRepeat8 sets dst[i] = src[i] + w[i%8].
func addRepeat8(dst, src []float64, w *[tabBlock]float64) {
	if UseAVX2 {
		addRepeat8AVX2(&dst[0], &src[0], uintptr(len(src)), w)
		return
	}
	dst = dst[:len(src)]
	for q := 0; q < len(src); q += tabBlock {
		d, s := (*[tabBlock]float64)(dst[q:]), (*[tabBlock]float64)(src[q:])
		for o := range d {
			d[o] = s[o] + w[o]
		}
	}
}

// Fields sets out[r*ld+o] = bias[o] + (the product of row r with the weights)[o] for every
// row r < rows and output o < t.out; codes[r*cs : r*cs+t.groups] are row r's patterns, one
// per group. bias may be nil (zero).
func (t *Tables) Fields(codes []uint8, cs, rows int, bias []float64, out []float64, ld int) {
	if len(codes) < (rows-1)*cs+t.groups || len(out) < (rows-1)*ld+t.out || (bias != nil && len(bias) < t.out) {
		panic("signtab: Fields: sizes")
	}
	minRows := max(1, 1<<14/max(1, t.groups*t.out)) // keep tiny products on one core
	parallel.For(rows, minRows, func(lo, hi int) {
		for blk := 0; blk < t.blocks; blk++ {
			o0 := blk * tabBlock
			var b [tabBlock]float64
			if bias != nil {
				copy(b[:], bias[o0:min(o0+tabBlock, t.out)])
			}
			tb := t.tab[blk*t.blockWords : (blk+1)*t.blockWords]
			full := o0+tabBlock <= t.out
			r := lo
			if UseAVX2 { // eight rows a call, then four, then the Go loop
				var dst [8 * tabBlock]float64
				for _, k := range rowKernels {
					for ; r+k.rows <= hi; r += k.rows {
						_ = codes[(r+k.rows-1)*cs+t.groups-1]
						if full { // straight into out
							_ = out[(r+k.rows-1)*ld+o0+tabBlock-1]
							k.sum(&tb[0], &codes[r*cs], uintptr(cs), uintptr(t.groups), uintptr(t.patterns*tabBlock*8), &b, &out[r*ld+o0], uintptr(ld*8))
							continue
						}
						k.sum(&tb[0], &codes[r*cs], uintptr(cs), uintptr(t.groups), uintptr(t.patterns*tabBlock*8), &b, &dst[0], tabBlock*8)
						for q := 0; q < k.rows; q++ {
							d := out[(r+q)*ld+o0 : (r+q)*ld+t.out]
							copy(d, dst[q*tabBlock:q*tabBlock+len(d)])
						}
					}
				}
			}
			for ; r < hi; r++ {
				s := t.sumRow(tb, codes[r*cs:r*cs+t.groups], &b)
				if full {
					*(*[tabBlock]float64)(out[r*ld+o0:]) = s
					continue
				}
				dst := out[r*ld+o0 : r*ld+t.out]
				copy(dst, s[:len(dst)])
			}
		}
	})
}

// sumRow adds one table row per group to bias (one block of outputs), in group order.
func (t *Tables) sumRow(tb []float64, codes []uint8, bias *[tabBlock]float64) [tabBlock]float64 {
	s0, s1, s2, s3, s4, s5, s6, s7 := bias[0], bias[1], bias[2], bias[3], bias[4], bias[5], bias[6], bias[7]
	step := t.patterns * tabBlock
	off := 0
	for _, p := range codes {
		e := (*[tabBlock]float64)(tb[off+int(p)*tabBlock:])
		s0 += e[0]
		s1 += e[1]
		s2 += e[2]
		s3 += e[3]
		s4 += e[4]
		s5 += e[5]
		s6 += e[6]
		s7 += e[7]
		off += step
	}
	return [tabBlock]float64{s0, s1, s2, s3, s4, s5, s6, s7}
}

// Codes returns every row's sign patterns in groups of width columns (one byte per group,
// bit b set when column g*width+b is +1: plus(r, g*width+b)), ceil(cols/width) bytes per
// row: the codes Fields reads.
func Codes(rows, cols, width int, plus func(r, j int) bool) []uint8 {
	groups := (cols + width - 1) / width
	out := make([]uint8, rows*groups)
	for r := 0; r < rows; r++ {
		dst := out[r*groups : (r+1)*groups]
		for j := 0; j < cols; j++ {
			if plus(r, j) {
				dst[j/width] |= 1 << (j % width)
			}
		}
	}
	return out
}

// rowKernels are the AVX2 table sums, the most rows a call first.
var rowKernels = []struct {
	rows int
	sum  func(tb *float64, codes *uint8, cs, groups, gstride uintptr, bias *[8]float64, dst *float64, ld uintptr)
}{{8, sumRows8AVX2}, {4, sumRows4AVX2}}
