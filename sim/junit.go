package sim

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"herdsim/internal/junit"
	"herdsim/rtlgen"
)

// Mismatch is one MISMATCH line of the testbench (rtlgen/hdl/herd_testbench.v), parsed.
type Mismatch struct {
	Iteration int
	Name      string // an expected file (rtlgen.ExpectedFiles) or a check of the protocol (tlast, done, record, ...)
	Index     int    // the word of the file (W: i D + j), or the beat or count the check names
	Expected  string // hex, or a phrase for a check of the protocol ("a record")
	Got       string
	Cycle     int64 // the clock's rising edges since time 0 when it was found; -1 if the line does not say
	Time      int64 // the simulation time ($time) when it was found; -1 if the line does not say
	Line      string
}

// mismatchLine is the testbench's MISMATCH line; its expected and got may be phrases
// with spaces, and older testbenches do not name the cycle and time.
var mismatchLine = regexp.MustCompile(`^` + rtlgen.MismatchPrefix + ` iteration=(\d+) name=(\S+) index=(\d+) expected=(.*?) got=(.*?)(?: cycle=(\d+) time=(\d+))?$`)

// ParseMismatch parses a MISMATCH line; ok is false for any other line.
func ParseMismatch(line string) (m Mismatch, ok bool) {
	f := mismatchLine.FindStringSubmatch(strings.TrimSpace(line))
	if f == nil {
		return Mismatch{}, false
	}
	m = Mismatch{Name: f[2], Expected: f[4], Got: f[5], Cycle: -1, Time: -1, Line: f[0]}
	m.Iteration, _ = strconv.Atoi(f[1])
	m.Index, _ = strconv.Atoi(f[3])
	if f[6] != "" {
		m.Cycle, _ = strconv.ParseInt(f[6], 10, 64)
		m.Time, _ = strconv.ParseInt(f[7], 10, 64)
	}
	return m, true
}

// Stream is the test case a mismatch belongs to: its expected file, or ProtocolStream.
func (m Mismatch) Stream() string {
	if slices.Contains(rtlgen.ExpectedFiles, m.Name) {
		return m.Name
	}
	return ProtocolStream
}

// Summary says where and what: "iteration 3, z_star word 0: expected 2a, got 2b".
func (m Mismatch) Summary() string {
	return fmt.Sprintf("iteration %d, %s word %d: expected %s, got %s", m.Iteration, m.Name, m.Index, m.Expected, m.Got)
}

// ProtocolStream is the test case of the checks that are not an expected file's words:
// the records' framing (tlast), the done pulses' count, the read-back's framing, a record
// or a beat that never came.
const ProtocolStream = "protocol"

// RTLStreams are the test cases of a simulation's report: the expected files
// (x_star, z_star, cycles, overflow, w_final, b_final, c_final), then the protocol.
var RTLStreams = append(append([]string(nil), rtlgen.ExpectedFiles...), ProtocolStream)

// TestCases are the simulation's JUnit test cases, one for each of RTLStreams under
// classname: a stream with a mismatch fails with its first one (iteration, word, both
// values; the waveform's path on the run's first mismatch); a stream without one passed
// if the testbench made all its checks (Complete), and is skipped otherwise: the run
// stopped at an earlier mismatch before checking it to the end.
func (r *RTLResult) TestCases(classname string) []junit.Case {
	first := map[string]Mismatch{}
	for _, m := range r.Mismatches {
		if _, seen := first[m.Stream()]; !seen {
			first[m.Stream()] = m
		}
	}
	cases := make([]junit.Case, 0, len(RTLStreams))
	for _, s := range RTLStreams {
		c := junit.Case{Classname: classname, Name: s}
		m, failed := first[s]
		switch {
		case failed:
			c.Failure = &junit.Result{Message: m.Summary(), Type: "mismatch", Text: m.Line}
			if r.Wave != nil && m.Line == r.Mismatches[0].Line {
				c.Failure.Text += fmt.Sprintf("\nwaveform of cycles %d..%d: %s (GTKWave: %s)", r.Wave.From, r.Wave.To, r.Wave.Dump, r.Wave.SaveFile)
				c.SystemOut = fmt.Sprintf("[[ATTACHMENT|%s]]\n[[ATTACHMENT|%s]]", r.Wave.Dump, r.Wave.SaveFile)
			}
		case !r.Complete && len(r.Mismatches) > 0:
			c.Skipped = &junit.Result{Message: "not checked to the end: the run stopped at " + r.Mismatches[0].Summary()}
		case !r.Complete:
			c.Skipped = &junit.Result{Message: "not checked: the run ended without a verdict"}
		}
		cases = append(cases, c)
	}
	return cases
}
