package sim

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"herdsim/datapath"
	"herdsim/herding"
	"herdsim/rtlgen"
	"herdsim/testvectors"
)

// rtlArch is the Arch the checks around a simulation run: K = 6, T = 3, mode SH on the
// tiled data; otherArch is another.
func rtlArch() datapath.Arch   { return tiledArch(6, 3, herding.ModeSH, false, 1) }
func otherArch() datapath.Arch { return tiledArch(10, 6, herding.ModeH, true, 1) }

// vectorsAndRTL writes a reference vector set of the tiled data and the RTL generated
// from it.
func vectorsAndRTL(t *testing.T, a datapath.Arch, iterations int) (vec, rtl string) {
	t.Helper()
	s, err := ReferenceVectors(tiledData(), a, herding.DefaultSeed, iterations)
	if err != nil {
		t.Fatal(err)
	}
	return writeSetAndRTL(t, s)
}

func needSimulator(t *testing.T, name string) {
	t.Helper()
	if err := CheckSimulator(name); err != nil {
		t.Skipf("%v: simulation not run", err)
	}
}

// testBuilds is the simulator builds' cache of the package's tests (RTLSimOptions.
// BuildCache): the tests of one Arch share one build a simulator.
//
// The longest tests (the netlists, the narrow widths, USPS, the proofs) call t.Parallel:
// they run after the others, as many at a time as there are CPUs. sim is make test's
// longest package, and go test ran it alone at the end with a CPU idle.
var testBuilds string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "herdsim-sim-builds-*")
	if err != nil {
		panic(err)
	}
	testBuilds = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func runRTL(t *testing.T, simulator, vec, rtl string) (*RTLResult, string) {
	t.Helper()
	var out bytes.Buffer
	res, err := RTLSim(RTLSimOptions{Simulator: simulator, VectorsDir: vec, RTLDir: rtl, Output: &out, BuildCache: testBuilds})
	if err != nil {
		t.Fatalf("%s: %v\n%s", simulator, err, out.String())
	}
	return res, out.String()
}

// editManifest rewrites the vector set's manifest at vec after edit has changed it.
func editManifest(t *testing.T, vec string, edit func(man map[string]any)) {
	t.Helper()
	manPath := filepath.Join(vec, testvectors.ManifestName)
	raw, err := os.ReadFile(manPath)
	if err != nil {
		t.Fatal(err)
	}
	var man map[string]any
	if err := json.Unmarshal(raw, &man); err != nil {
		t.Fatal(err)
	}
	edit(man)
	raw, err = json.MarshalIndent(man, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(manPath, raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

// mutate rewrites word index of the logical file name in the vector set at vec with
// change applied to its hex text, and the manifest's sha256 of that file, so the set
// still reads as valid: only the testbench can catch the change.
func mutate(t *testing.T, vec, name string, index int, change func(string) string) {
	t.Helper()
	editManifest(t, vec, func(man map[string]any) {
		entry := man["files"].(map[string]any)[name].(map[string]any)
		path := filepath.Join(vec, entry["path"].(string))
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		was := lines[index]
		lines[index] = change(was)
		if lines[index] == was {
			t.Fatalf("mutation left %s[%d] = %s unchanged", name, index, was)
		}
		data = []byte(strings.Join(lines, "\n"))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		entry["sha256"] = hex.EncodeToString(sum[:])
	})
	if _, _, err := testvectors.Read(vec); err != nil {
		t.Fatalf("the mutated set does not read: %v", err)
	}
}

// flipLowBit changes the last hex digit's low bit.
func flipLowBit(h string) string {
	d := h[len(h)-1]
	v := strings.IndexByte("0123456789abcdef", d) ^ 1
	return h[:len(h)-1] + string("0123456789abcdef"[v])
}

// TestRTLSimCatchesWrongWords: the testbench fails, naming the word, when one expected
// word (z* of iteration 1) is wrong, and when one data word (x_5) is wrong (the RTL is
// regenerated from the mutated set, so the core runs on the wrong data).
func TestRTLSimCatchesWrongWords(t *testing.T) {
	needSimulator(t, "icarus")
	a := rtlArch()
	t.Run("z_star", func(t *testing.T) {
		vec, rtl := vectorsAndRTL(t, a, 1)
		mutate(t, vec, testvectors.NameZStar, 0, flipLowBit)
		res, out := runRTL(t, "icarus", vec, rtl)
		if res.Pass || !strings.Contains(res.Mismatch, "iteration=1 name=z_star index=0 ") {
			t.Fatalf("want a z_star mismatch at word 0, got pass=%v %q\n%s", res.Pass, res.Mismatch, out)
		}
	})
	t.Run("x", func(t *testing.T) {
		vec, rtl := vectorsAndRTL(t, a, 1)
		mutate(t, vec, testvectors.NameX, 5, flipLowBit)
		s, _, err := testvectors.Read(vec)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rtlgen.Write(rtl, s); err != nil {
			t.Fatal(err)
		}
		res, out := runRTL(t, "icarus", vec, rtl)
		if res.Pass || !strings.HasPrefix(res.Mismatch, "MISMATCH iteration=") {
			t.Fatalf("want a mismatch, got pass=%v %q\n%s", res.Pass, res.Mismatch, out)
		}
		t.Log(res.Mismatch)
	})
}

// TestRTLSimMissingSimulator: without the simulator on PATH, RTLSim returns an RTLError
// naming the binary and the package that installs it.
func TestRTLSimMissingSimulator(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	for sim, want := range map[string]string{"icarus": "iverilog not found on PATH (apt-get install iverilog", "verilator": "verilator not found on PATH (apt-get install verilator"} {
		_, err := RTLSim(RTLSimOptions{Simulator: sim, VectorsDir: "nowhere", RTLDir: "nowhere"})
		var re *RTLError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an RTLError containing %q", sim, err, want)
		}
	}
}

// TestRTLSimBadInputs: a corrupt vector set and a folder built for another Arch are
// RTLErrors before any simulation.
func TestRTLSimBadInputs(t *testing.T) {
	needSimulator(t, "icarus")
	vec, rtl := vectorsAndRTL(t, rtlArch(), 1)
	_, rtl2 := vectorsAndRTL(t, otherArch(), 1)
	var re *RTLError
	if _, err := RTLSim(RTLSimOptions{Simulator: "icarus", VectorsDir: vec, RTLDir: rtl2, BuildCache: testBuilds}); !errors.As(err, &re) || !strings.Contains(err.Error(), "another Arch") {
		t.Errorf("folder for another Arch: got %v", err)
	}
	// One word changed without fixing the hash: the vector-set check refuses it.
	path := filepath.Join(vec, "z_star.hex")
	data, _ := os.ReadFile(path)
	data[0] ^= 1
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := RTLSim(RTLSimOptions{Simulator: "icarus", VectorsDir: vec, RTLDir: rtl, BuildCache: testBuilds}); !errors.As(err, &re) || !strings.Contains(err.Error(), "z_star") {
		t.Errorf("corrupt vector set: got %v", err)
	}
}

// TestRTLSimTakesAnySetOfItsArch: an RTL folder serves every vector set of its Arch (the
// testbench takes the set's data, load stream and expected words at run time, one build
// for all): a set of other data and seed passes against a folder generated from another,
// and a corrupted word of it fails; a folder is refused, naming why, when one of its own
// files is missing or changed.
func TestRTLSimTakesAnySetOfItsArch(t *testing.T) {
	a := rtlArch()
	sim := func(vec, rtl string) (*RTLResult, error) {
		return RTLSim(RTLSimOptions{Simulator: "icarus", VectorsDir: vec, RTLDir: rtl, BuildCache: testBuilds})
	}
	needSimulator(t, "icarus")
	t.Run("another set", func(t *testing.T) {
		_, rtl := vectorsAndRTL(t, a, 1)
		data := tiledData()
		data.Rows = append(data.Rows[1:], data.Rows[0]) // other data, the same Arch
		s, err := ReferenceVectors(data, a, 99, 1)
		if err != nil {
			t.Fatal(err)
		}
		vec, _ := writeSetAndRTL(t, s)
		res, err := sim(vec, rtl)
		if err != nil || !res.Pass {
			t.Fatalf("another set of the Arch: got %+v, %v", res, err)
		}
		mutate(t, vec, testvectors.NameZStar, 0, flipLowBit)
		if res, err := sim(vec, rtl); err != nil || res.Pass {
			t.Fatalf("a corrupted word of it: got %+v, %v", res, err)
		}
	})
	t.Run("missing image", func(t *testing.T) {
		vec, rtl := vectorsAndRTL(t, a, 1)
		if err := os.Remove(filepath.Join(rtl, rtlgen.LoadFile)); err != nil {
			t.Fatal(err)
		}
		if _, err := sim(vec, rtl); err == nil || !strings.Contains(err.Error(), rtlgen.LoadFile) {
			t.Fatalf("want an error naming %s, got %v", rtlgen.LoadFile, err)
		}
	})
	t.Run("changed file", func(t *testing.T) {
		vec, rtl := vectorsAndRTL(t, a, 1)
		if err := os.WriteFile(filepath.Join(rtl, rtlgen.CoreFile), []byte("// edited\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := sim(vec, rtl); err == nil || !strings.Contains(err.Error(), rtlgen.CoreFile+" changed") {
			t.Fatalf("want an error naming %s, got %v", rtlgen.CoreFile, err)
		}
	})
}
