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
	t.Parallel() // see TestMain
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

// TestLinkProof: the board link cannot wedge (herd_link.v's FORMAL block, with the CRC's
// and the UART's contracts proven on their own), and the proof fails, naming the part, on
// a link that can: one without the silence that drops a cut-short frame, one that holds a
// refused beat until the core takes it (the first link's wedge), one whose READ frame
// waits for beats after the read-back's last; and on a CRC unit or a UART slower than
// their contracts.
func TestLinkProof(t *testing.T) {
	t.Parallel() // see TestMain
	needProofTools(t)
	rtl := proofRTL(t, "K6T3SH")
	t0 := time.Now()
	res, err := ProveLink(rtl, ProofOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("proven in %v (link: model %v, BMC %v, induction %v)", time.Since(t0).Round(time.Millisecond),
		res.Link.Model.Round(time.Millisecond), res.Link.BMC.Round(time.Millisecond), res.Link.Induction.Round(time.Millisecond))
	for _, c := range []struct {
		name, file, from, to, proof string
	}{
		{"no silence timeout", "herd_link.v", "if (rst || quiet[QUIET_LOG2]) begin", "if (rst) begin", "link"},
		{"a refused beat held", "herd_link.v", "x_st <= ft_load ? ST_NOLOAD : ST_BUSY;\n          x_reply <= 1'b1;\n          xs <= X_IDLE;",
			"xs <= X_ADDR;", "link"},
		{"no padding after the read-back", "herd_link.v", "if (t_beat && hb_last) t_pad <= 1'b1;", "", "link"},
		{"a slow CRC", "herd_crc16.v", "n <= 4'd8;", "n <= 4'd9;", "link's CRC"},
		{"a slow UART", "herd_uart_tx.v", "bitn <= 4'd10;", "bitn <= 4'd11;", "link's UART"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := mutatedCopy(t, rtl, linkFiles, c.file, c.from, c.to)
			_, err := ProveLink(dir, ProofOptions{})
			var pf *ProofFailure
			if !errors.As(err, &pf) {
				t.Fatalf("got %v, want a failed assertion", err)
			}
			if pf.Proof != c.proof {
				t.Errorf("the %s proof failed, want the %s proof: %v", pf.Proof, c.proof, err)
			}
			t.Logf("%v", err)
		})
	}
}

// mutatedCopy copies files from src into a new folder, with from replaced by to in file
// (exactly once).
func mutatedCopy(t *testing.T, src string, files []string, file, from, to string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		if f == file {
			if n := strings.Count(string(data), from); n != 1 {
				t.Fatalf("%s holds %q %d times, want 1: the Verilog changed, update the test", f, from, n)
			}
			data = []byte(strings.Replace(string(data), from, to, 1))
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
