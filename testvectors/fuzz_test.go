package testvectors

import (
	"os"
	"path/filepath"
	"testing"
)

// fuzzSet writes a small reference set (K = 16, SH, 40 iterations) for the fuzz targets
// to corrupt, and returns its folder.
func fuzzSet(f *testing.F) string {
	dir := filepath.Join(f.TempDir(), "vectors")
	if _, err := Write(dir, referenceSet(f), WriteOptions{}); err != nil {
		f.Fatal(err)
	}
	return dir
}

// copySet copies a vector set's files into a fresh folder.
func copySet(t *testing.T, from string) string {
	t.Helper()
	to := t.TempDir()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return to
}

// FuzzReadManifest: Read of a set whose manifest is any bytes returns a set or an error,
// never a panic (make fuzz runs it for a bounded time; the seeds run in every go test).
func FuzzReadManifest(f *testing.F) {
	dir := fuzzSet(f)
	good, err := os.ReadFile(filepath.Join(dir, ManifestName))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"format_version":2,"iterations":-1}`))
	f.Fuzz(func(t *testing.T, manifest []byte) {
		d := copySet(t, dir)
		if err := os.WriteFile(filepath.Join(d, ManifestName), manifest, 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, _ = Read(d)
	})
}

// FuzzReadHexFile: Read of a set whose x_star file is any bytes (with the manifest's hash
// made to match, so the parser sees them) returns a set or an error, never a panic.
func FuzzReadHexFile(f *testing.F) {
	dir := fuzzSet(f)
	good, err := os.ReadFile(filepath.Join(dir, NameXStar+".hex"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte("zz\n"))
	f.Add([]byte("\n\n\n"))
	f.Fuzz(func(t *testing.T, hex []byte) {
		d := copySet(t, dir)
		if err := os.WriteFile(filepath.Join(d, NameXStar+".hex"), hex, 0o644); err != nil {
			t.Fatal(err)
		}
		rehash(t, d, NameXStar)
		_, _, _ = Read(d)
	})
}
