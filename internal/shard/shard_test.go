package shard

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	sh, err := Parse("1/3")
	require.NoError(t, err)
	require.Equal(t, Shard{1, 3}, sh)
	require.Equal(t, "1/3", sh.String())
	require.True(t, sh.Enabled())
	var took []int
	for k := range 7 {
		if sh.Takes(k) {
			took = append(took, k)
		}
	}
	require.Equal(t, []int{1, 4}, took)
	require.False(t, Shard{}.Enabled())
	require.True(t, Shard{}.Takes(5), "the zero Shard is the whole grid")
	sh, err = Parse("0/1")
	require.NoError(t, err)
	require.Equal(t, Shard{0, 1}, sh)
}

// TestParseRefuses: every malformed or out-of-range spec is refused with an error that
// quotes the value and names no flag (the command adds its own).
func TestParseRefuses(t *testing.T) {
	for _, bad := range []string{"", "3/2", "0/0", "2/2", "-1/2", "1", "a/b", "1/2/3", " 1/2", "1/2 ", "01/2", "+1/2", "1/-2", "1/02"} {
		_, err := Parse(bad)
		require.Error(t, err, bad)
		require.Contains(t, err.Error(), fmt.Sprintf("%q: want a shard i/n", bad), bad)
		require.False(t, strings.Contains(err.Error(), "--"), "error names a flag: %v", err)
	}
}
