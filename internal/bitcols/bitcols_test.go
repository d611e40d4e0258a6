package bitcols

import (
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/internal/splitmix"
)

// Agreement and Sum equal the plain sums of products, across word boundaries and for
// both fills.
func TestCountsEqualPlainSums(t *testing.T) {
	src := splitmix.New(9)
	for _, n := range []int{1, 63, 64, 65, 130} {
		const cols = 5
		flat := make([]int8, n*cols)
		rows := make([][]int8, n)
		for r := range rows {
			rows[r] = flat[r*cols : (r+1)*cols]
			for c := range rows[r] {
				rows[r][c] = int8(2*src.Below(2)) - 1
			}
		}
		a, b := New(cols, n), New(cols, n)
		a.Fill(flat, n, cols)
		b.FillRows(rows)
		require.Equal(t, a, b)
		for i := 0; i < cols; i++ {
			sum := 0
			for r := range rows {
				sum += int(rows[r][i])
			}
			require.Equal(t, sum, Sum(a.Column(i), n))
			for j := 0; j < cols; j++ {
				dot := 0
				for r := range rows {
					dot += int(rows[r][i]) * int(rows[r][j])
				}
				require.Equal(t, dot, Agreement(a.Column(i), a.Column(j), n), "n=%d columns %d, %d", n, i, j)
			}
		}
	}
}
