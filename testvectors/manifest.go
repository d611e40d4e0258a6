package testvectors

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"

	"herdsim/datapath"
)

// FormatVersion is the version of the vector-set format this package writes and reads.
const FormatVersion = 2

// ManifestName is the manifest's file name inside a vector set.
const ManifestName = "manifest.json"

// Manifest is manifest.json: what the set was produced from and, for every logical file,
// where it is and what it must hold.
type Manifest struct {
	FormatVersion int                  `json:"format_version"`
	Arch          datapath.Arch        `json:"arch"`
	Mode          string               `json:"mode"` // "H" or "SH", the Arch's mode
	Seed          uint64               `json:"seed"`
	Iterations    int                  `json:"iterations"`
	Source        string               `json:"source"` // SourceReference or SourceModel
	Files         map[string]FileEntry `json:"files"`  // by logical name
}

// FileEntry describes one $readmemh file.
type FileEntry struct {
	Path   string `json:"path"`   // relative to the set's directory, slash-separated
	Width  int    `json:"width"`  // bits per word
	Count  int    `json:"count"`  // words (lines)
	SHA256 string `json:"sha256"` // of the file's bytes, 64 lower-case hex digits
}

// decodeManifest parses manifest.json and checks everything that does not need the data
// files: version, Arch, mode, iterations, and that the files are exactly the layout's.
// name is the manifest's path for messages.
func decodeManifest(name string, data []byte) (*Manifest, error) {
	var probe struct {
		Version *int `json:"format_version"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if probe.Version == nil {
		return nil, fmt.Errorf("%s: no format_version", name)
	}
	if *probe.Version != FormatVersion {
		return nil, fmt.Errorf("%s: format_version %d, this reader knows only %d (regenerate the set with herdsim vectors)", name, *probe.Version, FormatVersion)
	}
	var m Manifest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); errors.Is(err, datapath.ErrLanesRetired) {
		return nil, fmt.Errorf("%s: the set was written for the lane datapath (its arch has \"lanes\"), which was retired: regenerate the set with herdsim vectors", name)
	} else if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := m.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &m, nil
}

// check validates the manifest's fields against the layout.
func (m *Manifest) check() error {
	if m.Mode != m.Arch.Mode.String() {
		return fmt.Errorf("mode %q differs from the arch's mode %q", m.Mode, m.Arch.Mode)
	}
	if m.Iterations < 1 {
		return fmt.Errorf("iterations = %d, must be at least 1", m.Iterations)
	}
	if m.Source != SourceReference && m.Source != SourceModel {
		return fmt.Errorf("source %q: want %q or %q", m.Source, SourceReference, SourceModel)
	}
	sp := specs(m.Arch, m.Iterations)
	for name := range m.Files {
		if _, ok := sp[name]; !ok {
			return fmt.Errorf("files: unknown logical name %q", name)
		}
	}
	paths := map[string]string{}
	for _, f := range Layout(m.Arch, m.Iterations) {
		e, ok := m.Files[f.Name]
		if !ok {
			return fmt.Errorf("files: logical name %q is missing", f.Name)
		}
		if err := e.check(f); err != nil {
			return fmt.Errorf("files: %q (%s): %w", f.Name, e.Path, err)
		}
		if other, dup := paths[e.Path]; dup {
			return fmt.Errorf("files: %q and %q share the path %s", other, f.Name, e.Path)
		}
		paths[e.Path] = f.Name
	}
	return nil
}

func (e FileEntry) check(f FileSpec) error {
	if !filepath.IsLocal(filepath.FromSlash(e.Path)) || e.Path == ManifestName {
		return fmt.Errorf("path %q must be a file inside the set's directory", e.Path)
	}
	if e.Width != f.Width {
		return fmt.Errorf("width %d, the arch says %d", e.Width, f.Width)
	}
	if e.Count != f.Count {
		return fmt.Errorf("count %d, the arch and iterations say %d", e.Count, f.Count)
	}
	if !isSHA256(e.SHA256) {
		return fmt.Errorf("sha256 %q is not 64 lower-case hex digits", e.SHA256)
	}
	return nil
}

func isSHA256(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if _, ok := hexValue(s[i]); !ok {
			return false
		}
	}
	return true
}
