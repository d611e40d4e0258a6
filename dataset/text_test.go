package dataset

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestReadTextSkipsCommentsAndBlankLines(t *testing.T) {
	text := "# a comment\n\n0110\n\n#0000 also a comment\n1001\n1111" // no final newline
	b, err := ReadText(strings.NewReader(text), "data.txt")
	require.NoError(t, err)
	require.Equal(t, "data.txt", b.Name)
	require.Equal(t, 4, b.D)
	require.Equal(t, [][]int8{{-1, 1, 1, -1}, {1, -1, -1, 1}, {1, 1, 1, 1}}, b.Rows)
	require.False(t, b.Image.IsImage())
	require.NoError(t, b.Validate())
}

// TestReadTextFollowsSPEC: docs/spec.md ("Text format") ignores empty lines and '#' lines
// only; a Windows line end and a line of spaces are errors that name the line and column,
// and the '\r' error says how to convert the file (issue 17, item 6).
func TestReadTextFollowsSPEC(t *testing.T) {
	_, err := ReadText(strings.NewReader("# windows\r\n01\r\n10\r\n"), "crlf.txt")
	require.ErrorContains(t, err, "crlf.txt:2:3: unexpected character '\\r' (want '0' or '1'): a Windows line end; convert the file")
	_, err = ReadText(strings.NewReader("01\n   \n10\n"), "spaces.txt")
	require.ErrorContains(t, err, "spaces.txt:2:1: unexpected character ' '")
	_, err = ReadText(strings.NewReader("01\n\t\n10\n"), "tab.txt")
	require.ErrorContains(t, err, "tab.txt:2:1: unexpected character '\\t'")
}

func TestReadTextErrors(t *testing.T) {
	line64 := strings.Repeat("01", 32)
	for _, tc := range []struct{ name, text, want string }{
		{"bad character", "# header\n" + strings.Repeat(line64+"\n", 4) + "\n" + "010101010101x\n",
			"data.txt:7:13: unexpected character 'x' (want '0' or '1')"},
		{"short line", "# a\n" + line64 + "\n" + strings.Repeat(line64+"\n", 6) + line64[:63] + "\n",
			"data.txt:9: line has 63 characters, want 64 like line 2"},
		{"long line", line64 + "\n" + line64 + "0\n", "data.txt:2: line has 65 characters, want 64 like line 1"},
		{"empty file", "", "data.txt: no vectors"},
		{"only comments", "# nothing\n\n", "data.txt: no vectors"},
		{"inner space", "01 10\n", "data.txt:1:3: unexpected character ' ' (want '0' or '1')"},
		{"stray carriage return", "01\r1\n", "data.txt:1:3: unexpected character '\\r'"},
		{"indented comment", "  # not a comment\n", "data.txt:1:1: unexpected character ' '"},
		{"unicode", "01é\n", "data.txt:1:3: unexpected character 'é'"},
		{"minus sign", "-1\n", "data.txt:1:1: unexpected character '-'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadText(strings.NewReader(tc.text), "data.txt")
			require.Error(t, err)
			require.Equal(t, tc.want, err.Error()[:min(len(err.Error()), len(tc.want))], "full error: %v", err)
		})
	}
}

func TestWriteTextRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.txt")
	d := Default()
	require.NoError(t, WriteText(path, d))
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(raw), "# herdsim data set \"default\": N=128 vectors, D=64\n"))
	back, err := LoadText(path)
	require.NoError(t, err)
	require.Equal(t, path, back.Name)
	require.Equal(t, d.D, back.D)
	require.Equal(t, d.Rows, back.Rows)
}

func TestWriteTextRefusesInvalidSets(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.txt")
	err := WriteText(path, &Binary{Name: "bad", D: 2, Rows: [][]int8{{1, 0}}})
	require.ErrorContains(t, err, "vector 0 component 1 is 0")
	_, statErr := os.Stat(path)
	require.True(t, os.IsNotExist(statErr), "nothing may be written for an invalid set")
}

func TestLoadTextMissingFile(t *testing.T) {
	_, err := LoadText(filepath.Join(t.TempDir(), "nope.txt"))
	require.ErrorContains(t, err, "nope.txt")
}
