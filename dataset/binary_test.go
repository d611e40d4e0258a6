package dataset

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHead: the first n vectors cut to d components, valid, named for the cut; a head
// larger than the data, or empty, is an error.
func TestHead(t *testing.T) {
	all := Default()
	h, err := all.Head(16, 10)
	require.NoError(t, err)
	require.NoError(t, h.Validate())
	require.Equal(t, "default[:16, :10]", h.Name)
	require.Equal(t, 16, h.N())
	require.Equal(t, 10, h.D)
	require.False(t, h.Image.IsImage())
	for i, row := range h.Rows {
		require.Equal(t, all.Rows[i][:10], row)
		require.Equal(t, 10, cap(row), "appending to a head's row must not write into the data")
	}
	for _, c := range [][2]int{{0, 4}, {129, 4}, {4, 0}, {4, 65}} {
		_, err := all.Head(c[0], c[1])
		require.ErrorContains(t, err, "no head of", "%v", c)
	}
}
