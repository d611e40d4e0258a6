package units

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"herdsim/internal/atomicfile"
)

// The files and folder of an output folder.
const (
	PlanFile   = "plan.json"
	UnitsDir   = "units"
	TimingFile = "timing.jsonl"
)

// Folder is an output folder of units.
type Folder string

// Path is the file of the unit with this key.
func (f Folder) Path(key string) string {
	return filepath.Join(string(f), UnitsDir, filepath.FromSlash(key)+".json")
}

func (f Folder) file(name string) string { return filepath.Join(string(f), name) }

// WritePlan writes v, indented, as plan.json, atomically.
func (f Folder) WritePlan(v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(f.file(PlanFile), append(b, '\n'))
}

// ReadPlan returns plan.json's bytes; a missing file is an error wrapping fs.ErrNotExist.
func (f Folder) ReadPlan() ([]byte, error) {
	return os.ReadFile(f.file(PlanFile))
}

// Write stores a finished unit: its record as one line of JSON, atomically.
func (f Folder) Write(key string, rec any) error {
	b, err := encode(rec)
	if err != nil {
		return fmt.Errorf("unit %s: %w", key, err)
	}
	return writeFile(f.Path(key), b)
}

func encode(rec any) ([]byte, error) {
	b, err := json.Marshal(rec)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func writeFile(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteBytes(path, b)
}

// Read returns the record of the unit with this key, nil when the unit is not finished.
// Unknown fields are refused: a file of another format is an error, not a record.
func Read[R any](f Folder, key string) (*R, error) {
	path := f.Path(key)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var r R
	if err := Decode(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &r, nil
}

// Decode reads one JSON value into v, refusing unknown fields.
func Decode(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// Load reads the finished units of a plan: recs[i] is units[i]'s record, nil when it is
// not finished, and missing counts those. check, when set, must accept every record (the
// file holds units[i], computed with the plan's settings); its error is reported with the
// file's path.
func Load[R any](f Folder, units []Unit, check func(i int, r *R) error) (recs []*R, missing int, err error) {
	recs = make([]*R, len(units))
	for i, u := range units {
		r, err := Read[R](f, u.Key)
		if err != nil {
			return nil, 0, err
		}
		if r == nil {
			missing++
			continue
		}
		if check != nil {
			if err := check(i, r); err != nil {
				return nil, 0, fmt.Errorf("%s: %w", f.Path(u.Key), err)
			}
		}
		recs[i] = r
	}
	return recs, missing, nil
}

// files returns the unit files under the folder's units/ by key (none if it has none).
func (f Folder) files() (map[string][]byte, error) {
	root := filepath.Join(string(f), UnitsDir)
	out := map[string][]byte{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && path == root {
			return fs.SkipDir
		}
		if err != nil || d.IsDir() || filepath.Ext(path) != ".json" || strings.HasPrefix(d.Name(), ".") {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(path)
		out[strings.TrimSuffix(filepath.ToSlash(rel), ".json")] = b
		return err
	})
	return out, err
}
