package signtab

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/internal/splitmix"
)

func uniform(s *splitmix.Source) float64 { return float64(s.Next()>>11) / (1 << 53) }

// The table look-ups equal straightforward float64 dot products to within 1e-13 of the
// sum of the magnitudes (only the order of the additions differs), for full and short
// groups and blocks, and exactly on integer weights; the AVX2 kernels give the Go loops'
// bits.
func TestTablesMatchDotProducts(t *testing.T) {
	s := splitmix.New(11)
	for _, c := range []struct {
		rows, in, out, width int
		integers             bool
	}{
		{37, 256, 251, 6, false}, {9, 13, 11, 4, false}, {21, 50, 8, 8, false}, {5, 7, 3, 6, false},
		{64, 1400, 17, 4, false}, {3, 1, 1, 1, false}, {40, 256, 50, 6, true},
	} {
		w := make([]float64, c.in*c.out)
		for i := range w {
			w[i] = (2*uniform(s) - 1) * math.Pow(10, 3*uniform(s)-2)
			if c.integers {
				w[i] = math.Round(w[i] * 1e5) // up to 2^27: partial sums far above float32's 2^24
			}
		}
		bias := make([]float64, c.out)
		for i := range bias {
			bias[i] = uniform(s) - 0.5
			if c.integers {
				bias[i] = math.Round(bias[i] * 1e6)
			}
		}
		x := make([][]bool, c.rows)
		for r := range x {
			x[r] = make([]bool, c.in)
			for j := range x[r] {
				x[r][j] = s.Next()&1 != 0
			}
		}
		codes := Codes(c.rows, c.in, c.width, func(r, j int) bool { return x[r][j] })
		var got [2][]float64
		for k, on := range []bool{false, true} {
			func() {
				defer func(a bool) { UseAVX2 = a }(UseAVX2)
				UseAVX2 = on && UseAVX2
				var tab Tables
				tab.Build(w, c.in, c.out, c.width)
				require.Equal(t, (c.in+c.width-1)/c.width, tab.Groups())
				got[k] = make([]float64, c.rows*(c.out+2))
				tab.Fields(codes, tab.Groups(), c.rows, bias, got[k], c.out+2) // ld > out: the gaps stay 0
			}()
		}
		require.Equal(t, got[0], got[1], "%+v: AVX2 kernel against the Go loop", c)
		for r := 0; r < c.rows; r++ {
			for o := 0; o < c.out; o++ {
				want, mag := bias[o], math.Abs(bias[o])
				for j := 0; j < c.in; j++ {
					v := w[j*c.out+o]
					if !x[r][j] {
						v = -v
					}
					want += v
					mag += math.Abs(v)
				}
				if c.integers {
					require.Equal(t, want, got[0][r*(c.out+2)+o], "%+v row %d output %d: exact on integers", c, r, o)
					continue
				}
				require.InDelta(t, want, got[0][r*(c.out+2)+o], 1e-13*mag, "%+v row %d output %d", c, r, o)
			}
			require.Equal(t, 0.0, got[0][r*(c.out+2)+c.out], "nothing written past the outputs")
		}
	}
}

func TestCodes(t *testing.T) {
	rows := [][]int8{{1, -1, 1, 1, -1, -1, -1, 1, 1}, {-1, -1, -1, -1, -1, -1, -1, -1, 1}}
	plus := func(r, j int) bool { return rows[r][j] > 0 }
	require.Equal(t, []uint8{0b1101, 0b1000, 0b1, 0, 0, 0b1}, Codes(2, 9, 4, plus))
	require.Equal(t, []uint8{0b001101, 0b110, 0, 0b100}, Codes(2, 9, 6, plus))
}

// The integer tables give the exact integer products, the AVX2 kernels the Go loops' bits,
// for full and short groups and blocks (outputs not a multiple of 16, rows not of 8), and
// the sums wrap modulo 2^32 as int32 adds do: a field whose partial sums leave int32 but
// whose value fits is exact.
func TestIntsMatchDotProducts(t *testing.T) {
	s := splitmix.New(12)
	for _, c := range []struct {
		rows, in, out, width int
		scale                int64
	}{
		{37, 256, 51, 6, 1 << 15}, {9, 13, 11, 4, 1000}, {21, 50, 16, 8, 1 << 20}, {5, 7, 3, 6, 7},
		{64, 1400, 33, 4, 1 << 10}, {3, 1, 1, 1, 5}, {13, 12, 17, 6, 1 << 29},
	} {
		w := make([]int32, c.in*c.out)
		for i := range w {
			w[i] = int32(int64(s.Next()%uint64(2*c.scale+1)) - c.scale)
		}
		bias := make([]int32, c.out)
		for i := range bias {
			bias[i] = int32(int64(s.Next()%uint64(2*c.scale+1)) - c.scale)
		}
		x := make([][]bool, c.rows)
		for r := range x {
			x[r] = make([]bool, c.in)
			for j := range x[r] {
				x[r][j] = s.Next()&1 != 0
			}
		}
		codes := Codes(c.rows, c.in, c.width, func(r, j int) bool { return x[r][j] })
		var got [2][]int32
		for k, on := range []bool{false, true} {
			func() {
				defer func(a bool) { UseAVX2 = a }(UseAVX2)
				UseAVX2 = on && UseAVX2
				var tab Ints
				tab.Build(w, c.in, c.out, c.width)
				require.Equal(t, (c.in+c.width-1)/c.width, tab.Groups())
				got[k] = make([]int32, c.rows*(c.out+2))
				tab.Fields(codes, tab.Groups(), c.rows, bias, got[k], c.out+2) // ld > out: the gaps stay 0
			}()
		}
		require.Equal(t, got[0], got[1], "%+v: AVX2 kernel against the Go loop", c)
		for r := 0; r < c.rows; r++ {
			for o := 0; o < c.out; o++ {
				want := int64(bias[o])
				for j := 0; j < c.in; j++ {
					if x[r][j] {
						want += int64(w[j*c.out+o])
					} else {
						want -= int64(w[j*c.out+o])
					}
				}
				require.Equal(t, int32(want), got[0][r*(c.out+2)+o], "%+v row %d output %d: the sum modulo 2^32", c, r, o)
			}
			require.Equal(t, int32(0), got[0][r*(c.out+2)+c.out], "nothing written past the outputs")
		}
		var tab Ints
		tab.Build(w, c.in, c.out, c.width)
		for o := 0; o < c.out; o++ { // Term: group 0's entry for row 0's pattern
			var term int64
			for b := 0; b < min(c.width, c.in); b++ {
				if x[0][b] {
					term += int64(w[b*c.out+o])
				} else {
					term -= int64(w[b*c.out+o])
				}
			}
			require.Equal(t, int32(term), tab.Term(o, 0, codes[0]), "%+v: Term of output %d, group 0", c, o)
		}
	}
}
