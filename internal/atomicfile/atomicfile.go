package atomicfile

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"

	"herdsim/internal/interrupt"
)

// File is an output file under construction. Write to it through its bufio.Writer, then
// Commit to publish it, or Abort to drop it. Abort after Commit does nothing, so
// `defer f.Abort()` is the safe pattern.
type File struct {
	*bufio.Writer
	tmp  *os.File
	path string
	done bool
}

// Create starts writing path. The directory must exist.
func Create(path string) (*File, error) {
	tmp, err := interrupt.TempFile(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	return &File{Writer: bufio.NewWriterSize(tmp, 1<<16), tmp: tmp, path: path}, nil
}

// Commit flushes, syncs and renames the file into place.
func (f *File) Commit() error {
	if f.done {
		return fmt.Errorf("%s: already committed or aborted", f.path)
	}
	err := f.Flush()
	if err == nil {
		err = f.tmp.Sync()
	}
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.tmp.Name(), 0o644)
	}
	if err == nil {
		err = interrupt.Rename(f.tmp.Name(), f.path)
	}
	f.done = true
	if err != nil {
		interrupt.Remove(f.tmp.Name())
		return fmt.Errorf("write %s: %w", f.path, err)
	}
	return nil
}

// Abort drops the temporary file; the target is left as it was.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.tmp.Close()
	interrupt.Remove(f.tmp.Name())
}

// Write creates path with the bytes that fill writes to w. Nothing is left at path (or in
// its directory) if fill returns an error.
func Write(path string, fill func(w *bufio.Writer) error) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := fill(f.Writer); err != nil {
		return err
	}
	return f.Commit()
}

// WriteBytes writes data to path atomically.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w *bufio.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
