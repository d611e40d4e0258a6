package dataset

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestESLCountsFromREADME(t *testing.T) {
	dir := uspsDataDir(t)
	for _, tc := range []struct {
		file   string
		total  int
		counts [10]int
	}{
		{ESLTrainFile, 7291, [10]int{1194, 1005, 731, 658, 652, 556, 664, 645, 542, 644}},
		{ESLTestFile, 2007, [10]int{359, 264, 198, 166, 200, 160, 170, 147, 166, 177}},
	} {
		e, err := LoadESL(filepath.Join(dir, tc.file))
		require.NoError(t, err)
		assert.Len(t, e.Labels, tc.total, tc.file)
		assert.Len(t, e.Grey, tc.total, tc.file)
		assert.Equal(t, tc.counts, e.Counts(), tc.file)
		for n, g := range e.Grey {
			require.Len(t, g, 256, "%s image %d", tc.file, n)
		}
		seven, err := e.Binary(7)
		require.NoError(t, err)
		require.NoError(t, seven.Validate())
		assert.Equal(t, tc.counts[7], seven.N())
		assert.Equal(t, ESLShape, seven.Image)
		assert.Equal(t, filepath.Join(dir, tc.file)+" digit 7", seven.Name)
	}
}

func TestReadESLBothNumberStyles(t *testing.T) {
	// zip.train.gz style: 4 decimals and a trailing space; zip.test.gz style: shortest form.
	train := "6.0000 " + strings.Repeat("-1.0000 ", 255) + "-0.5990 \n"
	test := "9 " + strings.Repeat("-1 ", 255) + "-0.6\n"
	e, err := ReadESL(strings.NewReader(train+test), "mixed")
	require.NoError(t, err)
	require.Equal(t, []int{6, 9}, e.Labels)
	require.InDelta(t, -0.599, e.Grey[0][255], 1e-12)
	// -0.599 is above the threshold -0.6 (grey 0.2005 > 0.2); -0.6 itself is not.
	require.Equal(t, int8(1), BinarizeESL(e.Grey[0])[255])
	require.Equal(t, int8(-1), BinarizeESL(e.Grey[1])[255])
	require.Equal(t, [10]int{6: 1, 9: 1}, e.Counts())
}

func TestReadESLErrors(t *testing.T) {
	good := "1 " + strings.Repeat("0 ", 256) + "\n"
	for _, tc := range []struct{ name, text, want string }{
		{"255 values", good + "3" + strings.Repeat(" 0", 255) + "\n", "zip.test:2: line has 255 grey values, want 256"},
		{"bad label", "x" + strings.Repeat(" 0", 256), "zip.test:1: label \"x\" is not a digit 0..9"},
		{"fractional label", "1.5" + strings.Repeat(" 0", 256), "label \"1.5\" is not a digit"},
		{"label 10", "10" + strings.Repeat(" 0", 256), "label \"10\" is not a digit"},
		{"out of range", "1 1.5" + strings.Repeat(" 0", 255), "zip.test:1: grey value 1 is \"1.5\", want a number in [-1,1]"},
		{"NaN", "1" + strings.Repeat(" 0", 255) + " NaN", "grey value 256 is \"NaN\""},
		{"empty", "\n\n", "zip.test: no images"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadESL(strings.NewReader(tc.text), "zip.test")
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestLoadESLGzipAndPlain(t *testing.T) {
	dir := t.TempDir()
	text := "4 " + strings.Repeat("0.5 ", 256) + "\n" + "2" + strings.Repeat(" -1", 255) + "\n"
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(text))
	zw.Close()
	gzPath := filepath.Join(dir, "bad.gz")
	require.NoError(t, os.WriteFile(gzPath, gz.Bytes(), 0o644))
	_, err := LoadESL(gzPath)
	require.ErrorContains(t, err, gzPath+":2: line has 255 grey values, want 256")

	plain := filepath.Join(dir, "one.txt")
	require.NoError(t, os.WriteFile(plain, []byte(text[:strings.Index(text, "\n")+1]), 0o644))
	e, err := LoadESL(plain)
	require.NoError(t, err)
	require.Equal(t, []int{4}, e.Labels)
	require.Equal(t, slicesRepeat(int8(1), 256), BinarizeESL(e.Grey[0]))
}

func slicesRepeat(v int8, n int) []int8 {
	s := make([]int8, n)
	for i := range s {
		s[i] = v
	}
	return s
}
