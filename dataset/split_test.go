package dataset

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// specMix is splitmix64's first output for a seed, written out from docs/spec.md rather than
// taken from internal/splitmix, so the documented derivation is checked independently.
func specMix(seed uint64) uint64 {
	z := seed + 0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

func TestUSPSSplitSeedFollowsTheDocumentedDerivation(t *testing.T) {
	for _, seed := range []uint64{0, 1, 2, 1 << 63} {
		for split := range 4 {
			for digit := range 10 {
				want := specMix(specMix(specMix(seed)+uint64(split)) + uint64(digit))
				require.Equal(t, want, USPSSplitSeed(seed, split, digit), "seed %d split %d digit %d", seed, split, digit)
			}
		}
	}
	// Pinned so that a change of derivation cannot pass unnoticed.
	require.Equal(t, uint64(0x0ad534b9efc31cbc), USPSSplitSeed(1, 0, 3))
}

func TestUSPSSplitIndicesPartition(t *testing.T) {
	for digit := range 10 {
		s, err := USPSSplitIndices(digit, 2, DefaultSeed)
		require.NoError(t, err)
		require.Len(t, s.Train, USPSTrain)
		require.Len(t, s.Valid, USPSValid)
		require.Len(t, s.Test, USPSTest)
		all := slices.Concat(s.Train, s.Valid, s.Test)
		slices.Sort(all)
		for i, v := range all { // disjoint and covering: exactly 0..1099 once each
			require.Equal(t, i, v, "digit %d", digit)
		}
		for _, part := range [][]int{s.Train, s.Valid, s.Test} {
			require.True(t, slices.IsSorted(part))
		}
	}
}

func TestUSPSSplitIndicesDeterministicAndDistinct(t *testing.T) {
	a, err := USPSSplitIndices(3, 0, 1)
	require.NoError(t, err)
	b, err := USPSSplitIndices(3, 0, 1)
	require.NoError(t, err)
	require.Equal(t, a, b)
	require.Equal(t, []int{0, 1, 3, 4, 5, 8, 9, 10}, a.Train[:8]) // pinned: same on every machine
	require.Equal(t, []int{7, 13, 31, 40, 49, 73, 80, 86}, a.Test[:8])

	for _, other := range []struct {
		digit, split int
		seed         uint64
	}{{3, 1, 1}, {4, 0, 1}, {3, 0, 2}} {
		c, err := USPSSplitIndices(other.digit, other.split, other.seed)
		require.NoError(t, err)
		assert.NotEqual(t, a.Test, c.Test, "%+v", other)
		assert.NotEqual(t, a.Train, c.Train, "%+v", other)
	}
}

func TestUSPSSplitIndicesRejectsBadArguments(t *testing.T) {
	_, err := USPSSplitIndices(10, 0, 1)
	require.ErrorContains(t, err, "digit 10 out of range 0..9")
	_, err = USPSSplitIndices(-1, 0, 1)
	require.ErrorContains(t, err, "digit -1 out of range")
	_, err = USPSSplitIndices(0, -1, 1)
	require.ErrorContains(t, err, "split number -1 is negative")
}

func TestUSPSSplitData(t *testing.T) {
	u := loadTestUSPS(t)
	train, valid, test, err := u.Split(3, 0, 1)
	require.NoError(t, err)
	idx, err := USPSSplitIndices(3, 0, 1)
	require.NoError(t, err)
	for _, tc := range []struct {
		set  *Binary
		idx  []int
		name string
	}{{train, idx.Train, "usps digit 3 split 0 train"}, {valid, idx.Valid, "usps digit 3 split 0 valid"}, {test, idx.Test, "usps digit 3 split 0 test"}} {
		require.NoError(t, tc.set.Validate())
		require.Equal(t, tc.name, tc.set.Name)
		require.Equal(t, len(tc.idx), tc.set.N())
		require.Equal(t, USPSShape, tc.set.Image)
		require.Equal(t, 256, tc.set.D)
		for n, i := range tc.idx {
			require.Equal(t, BinarizeUSPS(u.Image(3, i)), tc.set.Rows[n])
		}
	}
	train1, _, _, err := u.Split(3, 1, 1)
	require.NoError(t, err)
	require.NotEqual(t, train.Rows, train1.Rows)

	_, _, _, err = u.Split(11, 0, 1)
	require.ErrorContains(t, err, "digit 11 out of range")
	_, err = u.Binary(3, []int{1100}, "x")
	require.ErrorContains(t, err, "image index 1100 out of range 0..1099")
}
