package usps

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"herdsim/internal/atomicfile"
)

// Merge copies the unit files of every folder in from into out (a file present in both
// must be byte-identical), checks that every folder ran the same plan, and writes the
// results when the grid is complete.
func Merge(out string, from []string) (*Results, error) {
	p, err := mergedPlan(out, from)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	for _, dir := range from {
		if err := copyUnits(dir, out); err != nil {
			return nil, err
		}
	}
	if err := writePlan(out, p); err != nil {
		return nil, err
	}
	return WriteResults(out)
}

// mergedPlan returns the plan every folder agrees on.
func mergedPlan(out string, from []string) (Plan, error) {
	var plan *Plan
	for _, dir := range append([]string{out}, from...) {
		p, err := ReadPlan(dir)
		if errors.Is(err, fs.ErrNotExist) && dir == out {
			continue
		}
		if err != nil {
			return Plan{}, err
		}
		if plan != nil && !samePlan(*plan, p) {
			return Plan{}, fmt.Errorf("%s ran another plan (models, splits or settings differ)", dir)
		}
		plan = &p
	}
	if plan == nil {
		return Plan{}, fmt.Errorf("no folders to merge")
	}
	return *plan, nil
}

func copyUnits(from, out string) error {
	root := filepath.Join(from, "units")
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".json" {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		return copyUnit(path, filepath.Join(out, rel))
	})
}

func copyUnit(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	old, err := os.ReadFile(dst)
	if err == nil {
		if !bytes.Equal(old, b) {
			return fmt.Errorf("%s and %s differ: the same unit gave different results", src, dst)
		}
		return nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteBytes(dst, b)
}
