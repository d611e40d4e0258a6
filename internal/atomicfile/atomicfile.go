// Package atomicfile writes files so that a reader never sees a partial one: the content
// goes to a temporary file in the same directory, which is renamed over the target only
// after a successful write, sync and close. On any error the temporary file is removed.
package atomicfile

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
)

// Write creates path with the bytes that fill writes to w. Nothing is left at path (or in
// its directory) if fill returns an error.
func Write(path string, fill func(w *bufio.Writer) error) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 1<<16)
	if err = fill(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("close %s: %w", path, err)
	}
	if err = os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("chmod %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("rename to %s: %w", path, err)
	}
	return nil
}

// WriteBytes writes data to path atomically.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w *bufio.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
