package atomicfile

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWriteReplacesOnlyOnSuccess(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	require.NoError(t, WriteBytes(p, []byte("first")))

	boom := errors.New("boom")
	err := Write(p, func(w *bufio.Writer) error {
		w.WriteString("half-written")
		return boom
	})
	require.ErrorIs(t, err, boom)

	got, err := os.ReadFile(p)
	require.NoError(t, err)
	require.Equal(t, "first", string(got), "a failed write must leave the old file intact")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file may be left behind")
}
