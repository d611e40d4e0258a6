package testvectors

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
)

const testIters = 40

// referenceSet is a real reference run on the default data: K = 16, SH, testIters iterations.
func referenceSet(t testing.TB) *Set {
	t.Helper()
	data := dataset.Default()
	cfg := herding.Config{Hidden: 16, Mode: herding.ModeSH, Seed: 1}
	eng, err := herding.New(data, cfg)
	require.NoError(t, err)
	a := datapath.DefaultArch(16, data.D, data.N(), 0, herding.DefaultSweeps, testIters, herding.ModeSH, false)
	w0 := herding.InitialWeights(16, data.D, data.N(), 1)
	s := &Set{Arch: a, Seed: 1, Iterations: testIters, X: data.Rows, Source: SourceReference,
		W0: ints(w0.W), B0: ints(w0.B), C0: ints(w0.C)}
	for i := 0; i < testIters; i++ {
		it, err := eng.Step()
		require.NoError(t, err)
		s.XStar = append(s.XStar, it.X)
		s.ZStar = append(s.ZStar, it.Z)
		s.Cycles = append(s.Cycles, a.IterationCycles(i+1, it.Sweeps))
		s.Overflow = append(s.Overflow, i%7 == 3) // not the hardware's: any flags round-trip
	}
	p := eng.Params()
	s.WFinal, s.BFinal, s.CFinal = ints(p.W), ints(p.B), ints(p.C)
	return s
}

func ints(v []float64) []int64 {
	out := make([]int64, len(v))
	for i, x := range v {
		out[i] = int64(x)
	}
	return out
}

func writeSet(t *testing.T, s *Set) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "vectors")
	_, err := Write(dir, s, WriteOptions{})
	require.NoError(t, err)
	return dir
}

func TestRoundTrip(t *testing.T) {
	s := referenceSet(t)
	dir := filepath.Join(t.TempDir(), "vectors")
	m, err := Write(dir, s, WriteOptions{})
	require.NoError(t, err)
	back, m2, err := Read(dir)
	require.NoError(t, err)
	require.Equal(t, s, back, "every word must survive the round trip")
	require.Equal(t, m, m2)
	require.Equal(t, 2, m.FormatVersion)
	require.Equal(t, "SH", m.Mode)
	require.Len(t, m.Files, 11)
	// The weights really are negative sometimes: two's complement is exercised.
	require.Less(t, minInt(s.W0), int64(0))
	require.Less(t, minInt(s.CFinal), int64(0))
}

func minInt(v []int64) int64 {
	m := v[0]
	for _, x := range v {
		m = min(m, x)
	}
	return m
}

// TestFileBytes checks the bytes against the format, independently of Word: digit counts,
// lower case, a final newline, exactly count lines, and a few words computed by hand.
func TestFileBytes(t *testing.T) {
	s := referenceSet(t)
	dir := writeSet(t, s)
	_, m, err := Read(dir)
	require.NoError(t, err)
	for _, f := range Layout(s.Arch, s.Iterations) {
		data, err := os.ReadFile(filepath.Join(dir, f.Name+".hex"))
		require.NoError(t, err)
		require.True(t, strings.HasSuffix(string(data), "\n"), f.Name)
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		require.Len(t, lines, f.Count, f.Name)
		require.Equal(t, f.Count, m.Files[f.Name].Count)
		re := regexp.MustCompile(fmt.Sprintf("^[0-9a-f]{%d}$", (f.Width+3)/4))
		for i, l := range lines {
			require.Regexp(t, re, l, "%s line %d", f.Name, i+1)
		}
	}
	w := s.Arch.Spec(datapath.RegW).Format.Word
	require.Equal(t, 15, w) // 128 + 2*128*40 = 10368 needs 15 signed bits
	line := func(name string, n int) string {
		data, err := os.ReadFile(filepath.Join(dir, name+".hex"))
		require.NoError(t, err)
		return strings.Split(string(data), "\n")[n]
	}
	for idx := 0; idx < 20; idx++ {
		v := s.W0[idx]
		require.Equal(t, fmt.Sprintf("%04x", uint64(v)&(1<<w-1)), line("w0", idx), "w0 word %d = %d", idx, v)
	}
	var x0 uint64
	for j, v := range s.X[0] {
		if v == 1 {
			x0 |= 1 << j
		}
	}
	require.Equal(t, fmt.Sprintf("%016x", x0), line("x", 0))
	require.Equal(t, fmt.Sprintf("%08x", s.Cycles[3]), line("cycles", 3))
}

func TestWordHex(t *testing.T) {
	cases := []struct {
		width int
		hex   string
	}{
		{1, "1"}, {2, "3"}, {4, "f"}, {5, "1f"}, {9, "1a5"}, {64, "8000000000000001"},
		{65, "10000000000000000"}, {256, strings.Repeat("0123456789abcdef", 4)},
	}
	for _, c := range cases {
		w, err := ParseHex(c.hex, c.width)
		require.NoError(t, err, c.hex)
		require.Equal(t, c.hex, w.Hex(c.width))
	}
	w, err := ParseHex("10000000000000000", 65)
	require.NoError(t, err)
	require.Equal(t, Word{0, 1}, w)
	require.True(t, w.Bit(64))
	require.Equal(t, 64, FirstDiff(w, Word{0, 0}))
	require.Equal(t, -1, FirstDiff(w, w))

	require.Equal(t, "7ffe", IntWord(-2, 15).Hex(15))
	require.Equal(t, int64(-2), IntWord(-2, 15).Int(15))
	require.Equal(t, int64(-1), IntWord(-1, 64).Int(64))
	signs := []int8{1, -1, -1, 1, 1}
	require.Equal(t, "19", SignsWord(signs).Hex(5))
	require.Equal(t, signs, SignsWord(signs).Signs(5))

	for _, c := range []struct {
		hex   string
		width int
		want  string
	}{
		{"1f", 4, "has 2 digits, want 1"},
		{"2", 1, "sets bits above the 1-bit width"},
		{"20", 5, "sets bits above the 5-bit width"},
		{"1g", 8, "is not hexadecimal"},
		{"AB", 8, "is not hexadecimal"},
		{"", 4, "has 0 digits"},
	} {
		_, err := ParseHex(c.hex, c.width)
		require.ErrorContains(t, err, c.want, c.hex)
	}
}

// corrupt changes a written set; each case must make Read fail naming file, name and line.
func TestCorruption(t *testing.T) {
	good := writeSet(t, referenceSet(t))
	cases := []struct {
		name   string
		change func(t *testing.T, dir string)
		want   string
	}{
		{"flipped digit", func(t *testing.T, dir string) {
			editLine(t, dir, "w0", 3, func(l string) string { return l[:3] + flipLow(l[3]) })
		}, `w0.hex (w0): sha256 mismatch (manifest says `},
		{"deleted line", func(t *testing.T, dir string) {
			editFile(t, dir, "cycles", func(ls []string) []string { return append(ls[:5], ls[6:]...) })
		}, `cycles.hex (cycles): 39 lines, manifest says 40`},
		{"bit above the width", func(t *testing.T, dir string) {
			editLine(t, dir, "w0", 5, func(l string) string { return "8" + l[1:] })
			rehash(t, dir, "w0")
		}, `w0.hex (w0): line 5: "8`},
		{"non-hex", func(t *testing.T, dir string) {
			editLine(t, dir, "x_star", 17, func(l string) string { return l[:10] + "g" + l[11:] })
		}, `x_star.hex (x_star): line 17: "`},
		{"missing file", func(t *testing.T, dir string) {
			require.NoError(t, os.Remove(filepath.Join(dir, "c_final.hex")))
		}, `c_final.hex (c_final): missing (listed in manifest.json)`},
		{"no final newline", func(t *testing.T, dir string) {
			p := filepath.Join(dir, "b0.hex")
			data, _ := os.ReadFile(p)
			require.NoError(t, os.WriteFile(p, data[:len(data)-1], 0o644))
		}, `b0.hex (b0): no newline at the end`},
		{"format version", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) { m["format_version"] = 1 })
		}, `manifest.json: format_version 1, this reader knows only 2`},
		{"missing logical name", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) { delete(m["files"].(map[string]any), "z_star") })
		}, `manifest.json: files: logical name "z_star" is missing`},
		{"count against the arch", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) { fileEntry(m, "x")["count"] = 127 })
		}, `manifest.json: files: "x" (x.hex): count 127, the arch and iterations say 128`},
		{"width against the arch", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) { fileEntry(m, "w_final")["width"] = 16 })
		}, `"w_final" (w_final.hex): width 16, the arch says 15`},
		{"lane datapath", func(t *testing.T, dir string) { // a set written before the lane datapath was retired
			editManifest(t, dir, func(m map[string]any) {
				arch := m["arch"].(map[string]any)
				arch["lanes"] = 16
				delete(arch, "tile")
			})
		}, `manifest.json: the set was written for the lane datapath (its arch has "lanes"), which was retired: regenerate the set with herdsim vectors`},
		{"path outside", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) { fileEntry(m, "x")["path"] = "../x.hex" })
		}, `path "../x.hex" must be a file inside`},
		{"no manifest", func(t *testing.T, dir string) {
			require.NoError(t, os.Remove(filepath.Join(dir, ManifestName)))
		}, `manifest.json: no such file`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "vectors")
			require.NoError(t, os.CopyFS(dir, os.DirFS(good)))
			_, _, err := Read(dir) // the copy is good
			require.NoError(t, err)
			c.change(t, dir)
			_, _, err = Read(dir)
			require.Error(t, err)
			require.Contains(t, err.Error(), dir+"/")
			require.Contains(t, err.Error(), c.want)
		})
	}
}

func flipLow(c byte) string {
	v, _ := hexValue(c)
	return string("0123456789abcdef"[v^1])
}

func editFile(t *testing.T, dir, name string, f func([]string) []string) {
	p := filepath.Join(dir, name+".hex")
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	require.NoError(t, os.WriteFile(p, []byte(strings.Join(f(lines), "\n")+"\n"), 0o644))
}

// editLine changes line n (from 1).
func editLine(t *testing.T, dir, name string, n int, f func(string) string) {
	editFile(t, dir, name, func(ls []string) []string {
		ls[n-1] = f(ls[n-1])
		return ls
	})
}

func editManifest(t *testing.T, dir string, f func(map[string]any)) {
	p := filepath.Join(dir, ManifestName)
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	f(m)
	data, err = json.Marshal(m)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(p, data, 0o644))
}

func fileEntry(m map[string]any, name string) map[string]any {
	return m["files"].(map[string]any)[name].(map[string]any)
}

// rehash puts the file's true sha256 into the manifest.
func rehash(t *testing.T, dir, name string) {
	data, err := os.ReadFile(filepath.Join(dir, name+".hex"))
	require.NoError(t, err)
	editManifest(t, dir, func(m map[string]any) { fileEntry(m, name)["sha256"] = sha256Hex(data) })
}

func TestWriteIsAtomicAndRefusesExisting(t *testing.T) {
	s := referenceSet(t)
	parent := t.TempDir()
	dir := filepath.Join(parent, "vectors")
	_, err := Write(dir, s, WriteOptions{})
	require.NoError(t, err)

	_, err = Write(dir, s, WriteOptions{})
	require.ErrorContains(t, err, dir+" already exists")

	s2 := *s
	s2.Seed = 7
	_, err = Write(dir, &s2, WriteOptions{Force: true})
	require.NoError(t, err)
	back, _, err := Read(dir)
	require.NoError(t, err)
	require.Equal(t, uint64(7), back.Seed, "Force replaces the set")

	other := filepath.Join(parent, "notes")
	require.NoError(t, os.MkdirAll(other, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(other, "keep.txt"), []byte("mine"), 0o644))
	_, err = Write(other, s, WriteOptions{Force: true})
	require.ErrorContains(t, err, "is not a vector set")
	require.FileExists(t, filepath.Join(other, "keep.txt"))

	bad := *s
	bad.WFinal = append([]int64{1 << 14}, s.WFinal[1:]...) // W is 15 bits: 16384 does not fit
	_, err = Write(filepath.Join(parent, "bad"), &bad, WriteOptions{})
	require.ErrorContains(t, err, "w_final[0] = 16384 does not fit its declared width of 15 bits")
	require.NoDirExists(t, filepath.Join(parent, "bad"))

	entries, err := os.ReadDir(parent)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	require.ElementsMatch(t, []string{"vectors", "notes"}, names, "no temporary directory may be left behind")
}

func TestValidateRejectsMalformedSets(t *testing.T) {
	s := referenceSet(t)
	for _, c := range []struct {
		name   string
		change func(s *Set)
		want   string
	}{
		{"short x_star", func(s *Set) { s.XStar = s.XStar[1:] }, "x_star has 39 vectors, want 40"},
		{"sign 0", func(s *Set) { s.ZStar[2] = append([]int8{0}, s.ZStar[2][1:]...) }, "z_star[2][0] = 0, want +1 or -1"},
		{"cycles", func(s *Set) { s.Cycles[0] = 1 << 32 }, "cycles[0] = 4294967296 does not fit 32 bits"},
		{"iterations", func(s *Set) { s.Iterations = 0 }, "iterations = 0"},
	} {
		cp := *s
		cp.XStar = append([][]int8(nil), s.XStar...)
		cp.ZStar = append([][]int8(nil), s.ZStar...)
		cp.Cycles = append([]uint64(nil), s.Cycles...)
		c.change(&cp)
		require.ErrorContains(t, cp.Validate(), c.want, c.name)
	}
}

// TestParseHexQuotesShort: a malformed word is quoted escaped and cut short, so that a
// binary file's line does not flood the error (issue 17, item 15).
func TestParseHexQuotesShort(t *testing.T) {
	bin := string([]byte{0, 1, 2, 0xff, 'x'}) + strings.Repeat("\x7f", 400)
	_, err := ParseHex(bin, 16)
	require.Error(t, err)
	require.Less(t, len(err.Error()), 200, err.Error())
	require.Contains(t, err.Error(), `"\x00\x01\x02\xff`)
	require.Contains(t, err.Error(), "(405 bytes)")
}
