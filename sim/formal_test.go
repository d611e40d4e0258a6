package sim

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"herdsim/herding"
	"herdsim/rtlgen"
)

func needProofTools(t *testing.T) {
	t.Helper()
	if err := CheckProofTools(); err != nil {
		t.Skipf("%v: the handshake proof not run", err)
	}
}

// proofRTL writes a vector set of two iterations for a small tiled Arch of
// tiledRTLArchs and the RTL folder generated from it.
func proofRTL(t *testing.T, name string) string {
	t.Helper()
	s, err := ModelVectors(tiledData(), tiledRTLArchs(2)[name], herding.DefaultSeed, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, rtl := writeSetAndRTL(t, s)
	return rtl
}

// TestHandshakeProof: the tiled core's handshake properties (herd_core.v's FORMAL block)
// are proven by k-induction for both modes (SH with K = 6 in tiles of 3, H with two weights
// a W word), and the proof fails, naming the assertion, on a core that breaks them: one
// that drops m_axis_sample's tvalid while the receiver is not ready, one whose DONE does not
// hold while the record buffer is full. About 1.5 s a proof on this machine.
func TestHandshakeProof(t *testing.T) {
	needProofTools(t)
	for _, name := range []string{"K6T3SH", "K5T2H_PW2"} {
		t.Run(name, func(t *testing.T) {
			rtl := proofRTL(t, name)
			t0 := time.Now()
			res, err := ProveHandshake(rtl, ProofOptions{})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("proven, depth %d, in %v (model %v, BMC %v, induction %v)", res.Depth, time.Since(t0).Round(time.Millisecond),
				res.Model.Round(time.Millisecond), res.BMC.Round(time.Millisecond), res.Induction.Round(time.Millisecond))
		})
	}
	rtl := proofRTL(t, "K6T3SH")
	for _, c := range []struct {
		name      string
		from      *regexp.Regexp
		replace   string
		assertion string // the failing assertion's source line holds this
	}{
		{
			name:      "tvalid dropped while not ready",
			from:      regexp.MustCompile(`else if \(m_axis_sample_tready\) begin(\s+)m_axis_sample_tvalid <= 1'b0;`),
			replace:   `else begin${1}m_axis_sample_tvalid <= 1'b0;`,
			assertion: "assert(m_axis_sample_tvalid);",
		},
		{
			name:      "DONE does not hold on a full buffer",
			from:      regexp.MustCompile(`\(full_q \|\| !has_todo\)`),
			replace:   `(!has_todo)`,
			assertion: "filled",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			matches := 0
			for _, f := range rtlgen.TiledSourceFiles {
				data, err := os.ReadFile(filepath.Join(rtl, f))
				if err != nil {
					t.Fatal(err)
				}
				matches += len(c.from.FindAllIndex(data, -1))
				data = c.from.ReplaceAll(data, []byte(c.replace))
				if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if matches != 1 {
				t.Fatalf("the mutation matches %d places of the sources, want 1: the Verilog changed, update the test", matches)
			}
			_, err := ProveHandshake(dir, ProofOptions{})
			var pf *ProofFailure
			if !errors.As(err, &pf) {
				t.Fatalf("the mutated core: got %v, want a failed assertion", err)
			}
			if !strings.Contains(pf.Source, c.assertion) {
				t.Errorf("failed assertion %s %q, want one with %q", pf.Location, pf.Source, c.assertion)
			}
			t.Logf("%v", err)
		})
	}
}

// TestHandshakeProofErrors: a folder without the tiled core and a missing tool are errors
// before a verdict (RTLError), the latter naming the Debian package.
func TestHandshakeProofErrors(t *testing.T) {
	var re *RTLError
	if CheckProofTools() == nil {
		_, err := ProveHandshake(t.TempDir(), ProofOptions{})
		if !errors.As(err, &re) || !strings.Contains(err.Error(), rtlgen.TiledSourceFiles[0]) {
			t.Errorf("empty folder: got %v, want an RTLError naming %s", err, rtlgen.TiledSourceFiles[0])
		}
	}
	t.Setenv("PATH", t.TempDir())
	_, err := ProveHandshake(t.TempDir(), ProofOptions{})
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "apt-get install yosys") {
		t.Errorf("no tools: got %v, want an RTLError naming the yosys package", err)
	}
}
