// Package junit writes test reports in the JUnit XML form that Jenkins, GitLab and most CI
// systems read: <testsuites> holding <testsuite name tests failures errors skipped time>,
// each holding <testcase classname name time>, which passed when it holds nothing, and
// otherwise holds one <failure message type>, <error message type> or <skipped message>.
// herdsim's verification commands (rtlsim, bench, verify, board run) report one test case
// per checked stream through it.
package junit

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"time"

	"herdsim/internal/atomicfile"
)

// Suites is a report: the document's root.
type Suites struct {
	XMLName  xml.Name `xml:"testsuites"`
	Tests    int      `xml:"tests,attr"`
	Failures int      `xml:"failures,attr"`
	Errors   int      `xml:"errors,attr"`
	Skipped  int      `xml:"skipped,attr"`
	Time     Seconds  `xml:"time,attr"`
	Suites   []Suite  `xml:"testsuite"`
}

// Suite is one run of one thing checked (a simulator, a capture); its counts are its
// cases' (NewSuite fills them).
type Suite struct {
	Name     string  `xml:"name,attr"`
	Tests    int     `xml:"tests,attr"`
	Failures int     `xml:"failures,attr"`
	Errors   int     `xml:"errors,attr"`
	Skipped  int     `xml:"skipped,attr"`
	Time     Seconds `xml:"time,attr"`
	Cases    []Case  `xml:"testcase"`
}

// Case is one test case: passed when Failure, Error and Skipped are all nil.
type Case struct {
	Classname string  `xml:"classname,attr"`
	Name      string  `xml:"name,attr"`
	Time      Seconds `xml:"time,attr"`
	Failure   *Result `xml:"failure,omitempty"`
	Error     *Result `xml:"error,omitempty"`
	Skipped   *Result `xml:"skipped,omitempty"`
	// SystemOut is shown with the case; a line "[[ATTACHMENT|/path]]" makes Jenkins's
	// JUnit attachments plugin and GitLab attach the file at path.
	SystemOut string `xml:"system-out,omitempty"`
}

// Result is a failure, an error or a skip: a one-line message, a type, and details.
type Result struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// Seconds is a duration as JUnit writes it: seconds with millisecond digits.
type Seconds time.Duration

// MarshalXMLAttr writes s as seconds, "1.234".
func (s Seconds) MarshalXMLAttr(name xml.Name) (xml.Attr, error) {
	return xml.Attr{Name: name, Value: fmt.Sprintf("%.3f", time.Duration(s).Seconds())}, nil
}

// UnmarshalXMLAttr reads seconds back.
func (s *Seconds) UnmarshalXMLAttr(attr xml.Attr) error {
	var f float64
	if _, err := fmt.Sscan(attr.Value, &f); err != nil {
		return fmt.Errorf("junit: time %q: %w", attr.Value, err)
	}
	*s = Seconds(time.Duration(f * float64(time.Second)))
	return nil
}

// Passed reports whether the case holds no failure, error or skip.
func (c Case) Passed() bool { return c.Failure == nil && c.Error == nil && c.Skipped == nil }

// NewSuite is a suite of cases with its counts filled in.
func NewSuite(name string, took time.Duration, cases ...Case) Suite {
	s := Suite{Name: name, Time: Seconds(took), Cases: cases, Tests: len(cases)}
	for _, c := range cases {
		switch {
		case c.Failure != nil:
			s.Failures++
		case c.Error != nil:
			s.Errors++
		case c.Skipped != nil:
			s.Skipped++
		}
	}
	return s
}

// NewSuites is a report of suites with its counts summed.
func NewSuites(suites ...Suite) Suites {
	r := Suites{Suites: suites}
	for _, s := range suites {
		r.Tests += s.Tests
		r.Failures += s.Failures
		r.Errors += s.Errors
		r.Skipped += s.Skipped
		r.Time += s.Time
	}
	return r
}

// Encode writes the report as an indented XML document.
func (r Suites) Encode(w io.Writer) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(r); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// Write writes the report to path atomically: the file appears whole or not at all.
func (r Suites) Write(path string) error {
	return atomicfile.Write(path, func(w *bufio.Writer) error { return r.Encode(w) })
}

// Decode reads a report back (tests check the shape of what they wrote with it).
func Decode(rd io.Reader) (Suites, error) {
	var r Suites
	err := xml.NewDecoder(rd).Decode(&r)
	return r, err
}
