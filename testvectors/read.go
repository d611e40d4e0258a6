package testvectors

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// FileError is a problem with one file of a vector set: it names the file (as a path
// under the set's directory), its logical name and, for a problem with one line, the line
// number (from 1; 0 when the problem is with the whole file).
type FileError struct {
	Path string // e.g. vectors/x_star.hex
	Name string // logical name, e.g. x_star
	Line int
	Err  error
}

func (e *FileError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s (%s): line %d: %v", e.Path, e.Name, e.Line, e.Err)
	}
	return fmt.Sprintf("%s (%s): %v", e.Path, e.Name, e.Err)
}

func (e *FileError) Unwrap() error { return e.Err }

// Read reads and checks the vector set in dir: the manifest (format version, Arch, mode,
// the files being exactly the layout's with its widths and counts), then every file
// (it exists, has exactly count lines each of exactly Digits(width) lower-case hex digits
// with no bit above the width and a final newline, and matches its sha256). The first
// problem is returned; a *FileError when it is in a data file.
func Read(dir string) (*Set, *Manifest, error) {
	name := filepath.Join(dir, ManifestName)
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, nil, fmt.Errorf("vector set %s: %w", dir, err)
	}
	m, err := decodeManifest(name, data)
	if err != nil {
		return nil, nil, err
	}
	words := map[string][]Word{}
	for _, f := range Layout(m.Arch, m.Iterations) {
		ws, err := readFile(dir, f, m.Files[f.Name])
		if err != nil {
			return nil, nil, err
		}
		words[f.Name] = ws
	}
	s := &Set{Arch: m.Arch, Seed: m.Seed, Iterations: m.Iterations, Source: m.Source}
	s.fromWords(words)
	return s, m, nil
}

// readFile reads one $readmemh file and checks its count, lines and hash, in that order.
func readFile(dir string, f FileSpec, e FileEntry) ([]Word, error) {
	path := filepath.Join(dir, filepath.FromSlash(e.Path))
	fail := func(line int, format string, args ...any) error {
		return &FileError{Path: path, Name: f.Name, Line: line, Err: fmt.Errorf(format, args...)}
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fail(0, "missing (listed in %s)", ManifestName)
	}
	if err != nil {
		return nil, &FileError{Path: path, Name: f.Name, Err: err}
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		return nil, fail(0, "no newline at the end of the last line")
	}
	lines := bytes.Split(data, []byte{'\n'})
	lines = lines[:len(lines)-1] // the empty text after the final newline
	if len(lines) != e.Count {
		return nil, fail(0, "%d lines, manifest says %d", len(lines), e.Count)
	}
	ws, lerr := parseLines(lines, f.Width)
	if lerr != nil {
		return nil, &FileError{Path: path, Name: f.Name, Line: lerr.line, Err: lerr.err}
	}
	if got := sha256Hex(data); got != e.SHA256 {
		return nil, fail(0, "sha256 mismatch (manifest says %s, file is %s)", e.SHA256, got)
	}
	return ws, nil
}

type lineError struct {
	line int
	err  error
}

// parseLines parses every line as one word of width bits.
func parseLines(lines [][]byte, width int) ([]Word, *lineError) {
	ws := make([]Word, len(lines))
	for i, l := range lines {
		w, err := ParseHex(string(l), width)
		if err != nil {
			return nil, &lineError{line: i + 1, err: err}
		}
		ws[i] = w
	}
	return ws, nil
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
