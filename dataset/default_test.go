package dataset

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDefaultShapeAndDeterminism(t *testing.T) {
	a, b := Default(), Default()
	require.NoError(t, a.Validate())
	require.Equal(t, "default", a.Name)
	require.Equal(t, 128, a.N())
	require.Equal(t, 64, a.D)
	require.Equal(t, Shape{Height: 8, Width: 8}, a.Image)
	require.Equal(t, a.Rows, b.Rows)
	a.Rows[0][0] = -a.Rows[0][0] // each call returns fresh rows
	require.NotEqual(t, a.Rows[0][0], Default().Rows[0][0])

	// Pinned digest of the 128 bit strings, so the set is the same bytes on every machine.
	h := sha256.New()
	for _, r := range b.Rows {
		h.Write([]byte(BitString(r)))
	}
	require.Equal(t, "d003ad0877b0c7e2791ced67b15d3c5702379cccde5480627e1a7534b0eabe6c", fmt.Sprintf("%x", h.Sum(nil)))
}

func TestDefaultCopiesStayNearTheirPrototype(t *testing.T) {
	d, protos := Default(), DefaultPrototypes()
	require.Len(t, protos, 4)
	flips := 0
	for n, row := range d.Rows {
		own := hamming(row, protos[n%4])
		// Binomial(64, 1/10): mean 6.4; 20 or more has probability below 1e-5.
		require.Less(t, own, 20, "vector %d is %d flips from its prototype", n, own)
		for k, p := range protos {
			if k != n%4 {
				require.Less(t, own, hamming(row, p), "vector %d is closer to prototype %d than to its own", n, k)
			}
		}
		flips += own
	}
	// 8192 pixels with p = 1/10: 819 expected, standard deviation 27.
	require.InDelta(t, 819, flips, 110)
}

func TestDefaultPrototypesAreDistinctPictures(t *testing.T) {
	protos := DefaultPrototypes()
	for k := range protos {
		require.Len(t, protos[k], 64)
		for l := k + 1; l < len(protos); l++ {
			require.GreaterOrEqual(t, hamming(protos[k], protos[l]), 32, "prototypes %d and %d", k, l)
		}
	}
	require.Equal(t, "1111111111111111000000000000000011111111111111110000000000000000", BitString(protos[0]))
	require.Equal(t, "1000000101000010001001000001100000011000001001000100001010000001", BitString(protos[3]))
}

func hamming(a, b []int8) int {
	d := 0
	for j := range a {
		if a[j] != b[j] {
			d++
		}
	}
	return d
}
