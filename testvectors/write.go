package testvectors

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"herdsim/internal/interrupt"
)

// WriteOptions control Write.
type WriteOptions struct {
	// Force replaces an existing vector set (a directory holding manifest.json) or an
	// empty directory at the target. Without it an existing target is an error. Even with
	// it, any other existing file or directory is left alone.
	Force bool
}

// Write writes s as a vector set in directory dir and returns its manifest. The set is
// built in a temporary directory beside dir and renamed into place, so dir is either the
// complete new set, or (on any error) left as it was: no partial set is ever visible.
func Write(dir string, s *Set, opt WriteOptions) (*Manifest, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if err := checkTarget(dir, opt.Force); err != nil {
		return nil, err
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("testvectors: %w", err)
	}
	tmp, err := interrupt.TempDir(parent, "."+filepath.Base(dir)+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("testvectors: %w", err)
	}
	defer interrupt.Remove(tmp) // a no-op once renamed into place
	m, err := writeFiles(tmp, s)
	if err != nil {
		return nil, err
	}
	if err := publish(tmp, dir, opt.Force); err != nil {
		return nil, err
	}
	return m, nil
}

// checkTarget refuses an existing target unless Force allows replacing it.
func checkTarget(dir string, force bool) error {
	info, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("testvectors: %w", err)
	}
	if !force {
		return fmt.Errorf("testvectors: %s already exists (force replacing it)", dir)
	}
	if !info.IsDir() {
		return fmt.Errorf("testvectors: %s exists and is not a directory; not replacing it", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("testvectors: %w", err)
	}
	if _, err := os.Stat(filepath.Join(dir, ManifestName)); len(entries) > 0 && err != nil {
		return fmt.Errorf("testvectors: %s exists and is not a vector set (no %s); not replacing it", dir, ManifestName)
	}
	return nil
}

// writeFiles writes every $readmemh file and the manifest into dir.
func writeFiles(dir string, s *Set) (*Manifest, error) {
	m := &Manifest{
		FormatVersion: FormatVersion, Arch: s.Arch, Mode: s.Arch.Mode.String(),
		Seed: s.Seed, Iterations: s.Iterations, Source: s.Source, Files: map[string]FileEntry{},
	}
	words := s.words()
	for _, f := range Layout(s.Arch, s.Iterations) {
		data := encodeWords(words[f.Name], f.Width)
		if err := writeSynced(filepath.Join(dir, f.Path()), data); err != nil {
			return nil, err
		}
		m.Files[f.Name] = FileEntry{Path: f.Path(), Width: f.Width, Count: f.Count, SHA256: sha256Hex(data)}
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("testvectors: %w", err)
	}
	if err := writeSynced(filepath.Join(dir, ManifestName), append(data, '\n')); err != nil {
		return nil, err
	}
	return m, os.Chmod(dir, 0o755)
}

// encodeWords is the $readmemh text: one word per line, each with a final newline.
func encodeWords(ws []Word, width int) []byte {
	out := make([]byte, 0, len(ws)*(Digits(width)+1))
	for _, w := range ws {
		out = append(out, w.Hex(width)...)
		out = append(out, '\n')
	}
	return out
}

func writeSynced(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("testvectors: %w", err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("testvectors: write %s: %w", path, err)
	}
	return nil
}

// publish renames the finished set tmp to dir. An existing dir (allowed by checkTarget)
// is first moved aside and removed only after the new set is in place; if the final
// rename fails it is moved back.
func publish(tmp, dir string, force bool) error {
	if err := checkTarget(dir, force); err != nil { // it may have appeared meanwhile
		return err
	}
	old := ""
	if _, err := os.Stat(dir); err == nil {
		old = tmp + ".old"
		if err := os.Rename(dir, old); err != nil {
			return fmt.Errorf("testvectors: move the old set aside: %w", err)
		}
	}
	if err := interrupt.Rename(tmp, dir); err != nil {
		if old != "" {
			_ = os.Rename(old, dir)
		}
		return fmt.Errorf("testvectors: %w", err)
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}
