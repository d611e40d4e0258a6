package parallel

import (
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestForCoversEveryIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 7, 100, 1001} {
		hits := make([]int32, n)
		For(n, 3, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				atomic.AddInt32(&hits[i], 1)
			}
		})
		for i, h := range hits {
			require.Equal(t, int32(1), h, "n=%d index %d", n, i)
		}
	}
}

// TestShareCoversEveryIndexOnce: every index once, in chunks of at most chunk (one whole
// range when one worker or one chunk does), each given to a worker number below workers
// (assert, not require: body runs on other goroutines).
func TestShareCoversEveryIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 7, 100, 1001} {
		for _, workers := range []int{1, 2, 3} {
			hits := make([]int32, n)
			Share(n, 8, workers, func(w, lo, hi int) {
				assert.True(t, w >= 0 && w < workers && (hi-lo <= 8 || workers == 1 || n <= 8) && lo < hi, "worker %d [%d, %d)", w, lo, hi)
				for i := lo; i < hi; i++ {
					atomic.AddInt32(&hits[i], 1)
				}
			})
			for i, h := range hits {
				require.Equal(t, int32(1), h, "n=%d workers=%d index %d", n, workers, i)
			}
		}
	}
}
