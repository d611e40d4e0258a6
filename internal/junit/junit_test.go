package junit

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRoundTrip: a report of a passing, a failing, an erroring and a skipped case encodes
// to the JUnit shape (root testsuites, testsuite and testcase attributes, failure message
// and type, escaped text) and decodes back to the same cases and counts.
func TestRoundTrip(t *testing.T) {
	cases := []Case{
		{Classname: "herdsim.rtlsim.icarus", Name: "x_star"},
		{Classname: "herdsim.rtlsim.icarus", Name: "z_star", Failure: &Result{Message: "iteration 1, word 0: expected 2a, got 2b", Type: "mismatch", Text: "a <b> & \"c\""}},
		{Classname: "herdsim.rtlsim.icarus", Name: "cycles", Error: &Result{Message: "no verdict"}},
		{Classname: "herdsim.rtlsim.icarus", Name: "overflow", Skipped: &Result{Message: "not checked"}, SystemOut: "[[ATTACHMENT|/tmp/w.vcd]]"},
	}
	r := NewSuites(NewSuite("rtlsim icarus", 1500*time.Millisecond, cases...))
	if r.Tests != 4 || r.Failures != 1 || r.Errors != 1 || r.Skipped != 1 {
		t.Fatalf("counts %+v", r)
	}
	var b bytes.Buffer
	if err := r.Encode(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{
		`<testsuites tests="4" failures="1" errors="1" skipped="1" time="1.500">`,
		`<testsuite name="rtlsim icarus" tests="4" failures="1" errors="1" skipped="1" time="1.500">`,
		`<testcase classname="herdsim.rtlsim.icarus" name="x_star" time="0.000"></testcase>`,
		`<failure message="iteration 1, word 0: expected 2a, got 2b" type="mismatch">a &lt;b&gt; &amp; &#34;c&#34;</failure>`,
		`<system-out>[[ATTACHMENT|/tmp/w.vcd]]</system-out>`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %s:\n%s", want, text)
		}
	}
	back, err := Decode(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Suites) != 1 || len(back.Suites[0].Cases) != 4 || back.Suites[0].Time != Seconds(1500*time.Millisecond) {
		t.Fatalf("decoded %+v", back)
	}
	got := back.Suites[0].Cases
	if !got[0].Passed() || got[1].Failure == nil || got[1].Failure.Text != `a <b> & "c"` || got[2].Error == nil || got[3].Skipped == nil || got[3].SystemOut == "" {
		t.Errorf("decoded cases %+v", got)
	}
	if _, err := Decode(strings.NewReader(`<testsuites><testsuite time="soon"></testsuite></testsuites>`)); err == nil {
		t.Error("a time that is no number decoded")
	}
}

// TestWriteIsAtomic: Write leaves the file whole and nothing else in the folder.
func TestWriteIsAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.xml")
	if err := NewSuites(NewSuite("s", 0, Case{Name: "a"})).Write(path); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("folder holds %v", entries)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := Decode(f)
	if err != nil || r.Tests != 1 {
		t.Fatalf("%+v, %v", r, err)
	}
	if err := NewSuites().Write(filepath.Join(dir, "missing", "r.xml")); err == nil {
		t.Error("a write into a missing folder succeeded")
	}
}
