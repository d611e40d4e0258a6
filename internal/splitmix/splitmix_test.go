package splitmix

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The reference outputs of splitmix64 seeded with 0 and 1234567, as published with the
// generator (Vigna's splitmix64.c) and reproduced by every port of it.
func TestNextKnownOutputs(t *testing.T) {
	s := New(0)
	require.Equal(t, uint64(0xE220A8397B1DCDAF), s.Next())
	require.Equal(t, uint64(0x6E789E6AA1B965F4), s.Next())
	require.Equal(t, uint64(0x06C45D188009454F), s.Next())

	s = New(1234567)
	want := []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821}
	for i, w := range want {
		require.Equal(t, w, s.Next(), "output %d", i)
	}
}

func TestShuffleIsAPermutationAndSeeded(t *testing.T) {
	a := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	b := append([]int(nil), a...)
	Shuffle(New(7), a)
	Shuffle(New(7), b)
	require.Equal(t, a, b)
	require.ElementsMatch(t, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, a)
	require.NotEqual(t, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, a)
}
