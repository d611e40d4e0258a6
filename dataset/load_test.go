package dataset

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLoadDefaultAndText(t *testing.T) {
	b, err := Load("default", LoadOptions{})
	require.NoError(t, err)
	require.Equal(t, Default(), b)

	path := filepath.Join(t.TempDir(), "mine.txt")
	require.NoError(t, os.WriteFile(path, []byte("# two vectors\n0101\n1100\n"), 0o644))
	b, err = Load(path, LoadOptions{})
	require.NoError(t, err)
	require.Equal(t, path, b.Name)
	require.Equal(t, [][]int8{{-1, 1, -1, 1}, {1, 1, -1, -1}}, b.Rows)
}

func TestLoadErrors(t *testing.T) {
	_, err := Load("", LoadOptions{})
	require.ErrorContains(t, err, "no data set given")
	_, err = Load(filepath.Join(t.TempDir(), "nope.txt"), LoadOptions{})
	require.ErrorContains(t, err, `is neither "default", "usps" nor a readable text file`)
	_, err = Load("usps", LoadOptions{Digit: 12, Seed: 1})
	require.ErrorContains(t, err, "usps: digit 12 out of range 0..9")
	_, err = Load("usps", LoadOptions{USPSDir: filepath.Join(t.TempDir(), "missing"), Seed: 1})
	require.ErrorContains(t, err, "--usps-dir")
	_, err = Load("usps", LoadOptions{USPSDir: t.TempDir(), Seed: 1})
	require.ErrorContains(t, err, USPSFile)
}

func TestLoadUSPSTrainingSet(t *testing.T) {
	u := loadTestUSPS(t)
	b, err := Load("usps", LoadOptions{USPSDir: testUSPS.dir, Digit: 3, Split: 1, Seed: DefaultSeed})
	require.NoError(t, err)
	train, _, _, err := u.Split(3, 1, DefaultSeed)
	require.NoError(t, err)
	require.Equal(t, train, b)
	require.Equal(t, "usps digit 3 split 1 train", b.Name)
	require.Equal(t, USPSTrain, b.N())
}
