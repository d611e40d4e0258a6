package sim

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"herdsim/internal/junit"
	"herdsim/testvectors"
)

// TestParseMismatch: the testbench's lines parse, phrases with spaces and lines without a
// cycle included, and name their stream; other lines do not parse.
func TestParseMismatch(t *testing.T) {
	m, ok := ParseMismatch("MISMATCH iteration=3 name=w_final index=17 expected=7fa got=7fb cycle=1234 time=12340")
	if !ok || m.Iteration != 3 || m.Name != "w_final" || m.Index != 17 || m.Expected != "7fa" || m.Got != "7fb" || m.Cycle != 1234 || m.Time != 12340 || m.Stream() != "w_final" {
		t.Errorf("%+v", m)
	}
	m, ok = ParseMismatch("MISMATCH iteration=2 name=record index=1 expected=a record got=none cycle=9 time=90")
	if !ok || m.Expected != "a record" || m.Got != "none" || m.Stream() != ProtocolStream {
		t.Errorf("%+v", m)
	}
	m, ok = ParseMismatch("MISMATCH iteration=1 name=z_star index=0 expected=2a got=2b")
	if !ok || m.Cycle != -1 || m.Got != "2b" {
		t.Errorf("a line without its cycle: %+v", m)
	}
	for _, bad := range []string{"PASS", "MISMATCH iteration=x name=a index=0 expected=1 got=2", "ITER 3"} {
		if _, ok := ParseMismatch(bad); ok {
			t.Errorf("%q parsed", bad)
		}
	}
}

// TestTestCasesOfAProtocolStop: a run that a protocol mismatch stopped fails the protocol
// case and reports every expected file as skipped, none as passed.
func TestTestCasesOfAProtocolStop(t *testing.T) {
	m, _ := ParseMismatch("MISMATCH iteration=2 name=tlast index=3 expected=1 got=0 cycle=900 time=9000")
	cases := (&RTLResult{Mismatches: []Mismatch{m}}).TestCases("c")
	for _, c := range cases {
		switch {
		case c.Name == ProtocolStream && (c.Failure == nil || !strings.Contains(c.Failure.Message, "iteration 2, tlast word 3: expected 1, got 0")):
			t.Errorf("protocol: %+v", c)
		case c.Name != ProtocolStream && c.Skipped == nil:
			t.Errorf("%s: %+v, want skipped", c.Name, c)
		}
	}
}

// caseVerdicts decodes the report of cases (its JUnit shape, read back) into the verdict
// of each stream: "pass", "failure: <message>" or "skipped".
func caseVerdicts(t *testing.T, cases []junit.Case) map[string]string {
	t.Helper()
	var b bytes.Buffer
	if err := junit.NewSuites(junit.NewSuite("rtlsim", 0, cases...)).Encode(&b); err != nil {
		t.Fatal(err)
	}
	r, err := junit.Decode(&b)
	if err != nil || len(r.Suites) != 1 || len(r.Suites[0].Cases) != len(RTLStreams) {
		t.Fatalf("report %+v, %v:\n%s", r, err, b.String())
	}
	got := map[string]string{}
	for _, c := range r.Suites[0].Cases {
		switch {
		case c.Passed():
			got[c.Name] = "pass"
		case c.Failure != nil:
			got[c.Name] = "failure: " + c.Failure.Message
		case c.Skipped != nil:
			got[c.Name] = "skipped"
		}
	}
	return got
}

// word is line index of the vector set's file name.
func word(t *testing.T, vec, name string, index int) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(vec, name+".hex"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimLeft(strings.Split(string(data), "\n")[index], "0")
}

// TestBlankFSTDate: an FST header's date is zeroed, its writer's name kept; data that is
// not an FST header is left as it is.
func TestBlankFSTDate(t *testing.T) {
	hdr := make([]byte, fstHeaderLen+9)
	binary.BigEndian.PutUint64(hdr[1:9], fstHeaderLen)
	copy(hdr[fstDateOffset-128:], "fstWriter")
	copy(hdr[fstDateOffset:], "Sat Nov 28 21:59:30 2026\n")
	blankFSTDate(hdr)
	if !bytes.Equal(hdr[fstDateOffset:fstDateOffset+fstDateLen], make([]byte, fstDateLen)) || !bytes.HasPrefix(hdr[fstDateOffset-128:], []byte("fstWriter")) {
		t.Errorf("header after blanking: %q", hdr[fstDateOffset-128:fstDateOffset+fstDateLen])
	}
	other := append([]byte("$date\nSat Nov\n"), make([]byte, fstHeaderLen)...)
	was := append([]byte(nil), other...)
	if blankFSTDate(other); !bytes.Equal(other, was) {
		t.Error("data that is no FST header changed")
	}
}

// TestRTLSimJUnitAndWaveform (Icarus): a clean run passes every stream; with a corrupted
// z* word of iteration 1 and a corrupted final c word, a +keep_going run fails exactly
// those two streams, naming iteration, word, expected and got, passes the others, and
// dumps a VCD window that holds the mismatching cycle with a GTKWave save file whose
// every signal is in it; a run that stops at the first mismatch fails z* and skips the
// streams it did not check to the end, and its waveform (the same window) is the same
// bytes.
func TestRTLSimJUnitAndWaveform(t *testing.T) {
	needSimulator(t, "icarus")
	vec, rtl := vectorsAndRTL(t, rtlArch(), 1)
	opt := RTLSimOptions{Simulator: "icarus", VectorsDir: vec, RTLDir: rtl, BuildCache: testBuilds, KeepGoing: true}
	res, err := RTLSim(opt)
	if err != nil || !res.Pass {
		t.Fatalf("clean set: %+v, %v", res, err)
	}
	for s, v := range caseVerdicts(t, res.TestCases("herdsim.rtlsim.icarus")) {
		if v != "pass" {
			t.Errorf("clean set: %s: %s", s, v)
		}
	}

	mutate(t, vec, testvectors.NameZStar, 0, flipLowBit)
	mutate(t, vec, testvectors.NameCFinal, 5, flipLowBit)
	zWant, cWant := word(t, vec, "z_star", 0), word(t, vec, "c_final", 5)
	opt.Waveform = filepath.Join(t.TempDir(), "wave")
	var out bytes.Buffer
	opt.Output = &out
	res, err = RTLSim(opt)
	if err != nil || res.Pass || !res.Complete || res.WaveErr != nil || res.Wave == nil {
		t.Fatalf("corrupted set: %+v, %v\n%s", res, err, out.String())
	}
	got := caseVerdicts(t, res.TestCases("herdsim.rtlsim.icarus"))
	for _, s := range RTLStreams {
		want := "pass"
		switch s {
		case "z_star":
			want = "failure: iteration 1, z_star word 0: expected " + zWant + ", got "
		case "c_final":
			want = "failure: iteration 1, c_final word 5: expected " + cWant + ", got "
		}
		if !strings.HasPrefix(got[s], want) || (want != "pass" && len(got[s]) == len(want)) {
			t.Errorf("%s: %q, want %q...", s, got[s], want)
		}
	}
	checkVCDWindow(t, res, rtl)

	firstVCD := res.Wave.Dump
	opt.KeepGoing, opt.Waveform = false, filepath.Join(t.TempDir(), "wave")
	res, err = RTLSim(opt)
	if err != nil || res.Pass || res.Complete || res.Wave == nil {
		t.Fatalf("stopping run: %+v, %v", res, err)
	}
	a, _ := os.ReadFile(firstVCD)
	if b, err := os.ReadFile(res.Wave.Dump); err != nil || !bytes.Equal(a, b) {
		t.Errorf("the same window of the same set, dumped twice, gave other bytes (%v)", err)
	}
	for s, v := range caseVerdicts(t, res.TestCases("herdsim.rtlsim.icarus")) {
		if want := map[bool]string{true: "failure", false: "skipped"}[s == "z_star"]; !strings.HasPrefix(v, want) {
			t.Errorf("stopping run: %s: %s, want %s", s, v, want)
		}
	}
}

// checkVCDWindow: the run's VCD is a window (it starts after time 0, as From > 0 here)
// whose timestamps span the first mismatch's time, without its $date; its GTKWave save
// file names it, and every signal of the save file is declared in it. The check fails on
// the VCD cut short before the mismatch.
func checkVCDWindow(t *testing.T, res *RTLResult, rtl string) {
	t.Helper()
	m, w := res.Mismatches[0], res.Wave
	if w.From <= 0 || w.To <= m.Cycle || m.Time <= 0 {
		t.Fatalf("window %d..%d, mismatch at clock %d (time %d)", w.From, w.To, m.Cycle, m.Time)
	}
	vcd, err := os.ReadFile(w.Dump)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(vcd, []byte("$date")) {
		t.Errorf("the VCD keeps its $date: the same run would write other bytes")
	}
	_, names, err := waveTraces(RTLSimOptions{Simulator: "icarus", RTLDir: rtl})
	if err != nil {
		t.Fatal(err)
	}
	if err := vcdSpans(vcd, m.Time, (w.From-1)*tbClockPeriod, names); err != nil {
		t.Error(err)
	}
	end := bytes.Index(vcd, []byte(fmt.Sprintf("\n#%d\n", m.Time-tbClockPeriod/2))) // the mismatch's clock edge
	if end < 0 {
		t.Fatalf("the VCD has no timestamp at the mismatch's clock edge %d", m.Time-tbClockPeriod/2)
	}
	if err := vcdSpans(vcd[:end+1], m.Time, 0, nil); err == nil {
		t.Errorf("the window check passes a VCD that ends before the mismatch")
	}
	save, err := os.ReadFile(w.SaveFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(save), "[dumpfile] \""+w.Dump+"\"") {
		t.Errorf("the save file does not name the dump:\n%s", save)
	}
	for _, s := range names {
		if !strings.Contains(string(save), "\n"+s+"\n") {
			t.Errorf("the save file lacks %s", s)
		}
	}
}

// vcdSpans checks that a VCD's timestamps span time at, start at from or later, and that
// it declares every signal of want (full names, scope.name).
func vcdSpans(vcd []byte, at, from int64, want []string) error {
	first, last, vars, err := readVCD(vcd)
	switch {
	case err != nil:
		return err
	case first > at || last < at || first < from:
		return fmt.Errorf("the VCD spans times %d..%d; want from %d or later, and %d within", first, last, from, at)
	}
	for _, s := range want {
		if !vars[s] {
			return fmt.Errorf("%s is not in the VCD", s)
		}
	}
	return nil
}

// readVCD returns a VCD's first and last timestamps and its variables' full names as
// GTKWave looks them up: scope.name, and the bit range after a vector's name (not after
// an integer's).
func readVCD(vcd []byte) (first, last int64, vars map[string]bool, err error) {
	first, vars = -1, map[string]bool{}
	var scope []string
	sc := bufio.NewScanner(bytes.NewReader(vcd))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch {
		case len(fields) == 0:
		case fields[0] == "$scope" && len(fields) > 2:
			scope = append(scope, fields[2])
		case fields[0] == "$upscope" && len(scope) > 0:
			scope = scope[:len(scope)-1]
		case fields[0] == "$var" && len(fields) > 4:
			name := strings.Join(append(append([]string(nil), scope...), fields[4]), ".")
			if len(fields) > 5 && strings.HasPrefix(fields[5], "[") && fields[1] != "integer" {
				name += fields[5]
			}
			vars[name] = true
		case strings.HasPrefix(fields[0], "#"):
			ts, err := strconv.ParseInt(fields[0][1:], 10, 64)
			if err != nil {
				return 0, 0, nil, fmt.Errorf("timestamp %q", fields[0])
			}
			if first < 0 {
				first = ts
			}
			last = ts
		}
	}
	return first, last, vars, sc.Err()
}

// TestRTLSimWaveformVerilator: Verilator's waveform is an FST from a --trace-fst build,
// named in the result and the failing case; where gtkwave's fst2vcd is installed, it
// converts to a VCD that spans the mismatch and declares the save file's signals.
func TestRTLSimWaveformVerilator(t *testing.T) {
	needSimulator(t, "verilator")
	vec, rtl := vectorsAndRTL(t, rtlArch(), 1)
	mutate(t, vec, testvectors.NameZStar, 0, flipLowBit)
	var out bytes.Buffer
	res, err := RTLSim(RTLSimOptions{Simulator: "verilator", VectorsDir: vec, RTLDir: rtl, BuildCache: testBuilds, KeepGoing: true,
		Waveform: filepath.Join(t.TempDir(), "wave"), Output: &out})
	if err != nil || res.Pass || res.Wave == nil || res.WaveErr != nil {
		t.Fatalf("%+v, %v\n%s", res, err, out.String())
	}
	if st, err := os.Stat(res.Wave.Dump); err != nil || st.Size() == 0 || !strings.HasSuffix(res.Wave.Dump, ".fst") {
		t.Fatalf("FST %s: %v", res.Wave.Dump, err)
	}
	if !strings.Contains(out.String(), res.Wave.Dump) {
		t.Errorf("the output does not name %s", res.Wave.Dump)
	}
	for _, c := range res.TestCases("herdsim.rtlsim.verilator") {
		if c.Name == "z_star" && (c.Failure == nil || !strings.Contains(c.Failure.Text, res.Wave.Dump) || !strings.Contains(c.SystemOut, res.Wave.Dump)) {
			t.Errorf("the failing case does not name the FST: %+v", c)
		}
	}
	if _, err := exec.LookPath("fst2vcd"); err != nil {
		t.Logf("fst2vcd not on PATH (apt-get install gtkwave): the FST's contents not checked")
		return
	}
	vcd := filepath.Join(t.TempDir(), "wave.vcd")
	if b, err := exec.Command("fst2vcd", "-f", res.Wave.Dump, "-o", vcd).CombinedOutput(); err != nil {
		t.Fatalf("fst2vcd: %v\n%s", err, b)
	}
	data, err := os.ReadFile(vcd)
	if err != nil {
		t.Fatal(err)
	}
	_, names, err := waveTraces(RTLSimOptions{Simulator: "verilator", RTLDir: rtl})
	if err != nil {
		t.Fatal(err)
	}
	if err := vcdSpans(data, res.Mismatches[0].Time, (res.Wave.From-1)*tbClockPeriod, names); err != nil {
		t.Errorf("the FST: %v", err)
	}
}
