package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"herdsim/testvectors"
)

func newVerifyCommand() *cobra.Command {
	var vectors, capture, junitPath string
	cmd := &cobra.Command{
		Use:   "verify",
		Short: "Compare pseudo-samples captured from hardware against a golden vector set",
		Long: `verify reads a golden vector set (--vectors, checked in full: manifest, counts, widths,
hashes) and a capture file (--capture) of the pseudo-samples your hardware produced: for each
iteration t = 1..T one hex line with x*_t then one with z*_t, 2T word lines, each with the
digit count of x_star and z_star; or sections "@x_star", "@z_star", "@cycles", "@overflow",
"@w_final", "@b_final", "@c_final", each followed by that file's words (what
"herdsim board run" writes; testvectors/FORMAT.md, "Capture files"). Blank lines and lines
starting with // are skipped. Every word captured is compared.

Exit status: 0 when every word matches; 1 on a mismatch, naming the first one (iteration,
x* or z*, first differing bit with its +-1 values, expected and captured words; or the
file, index and both values); 2 when the
vector set or the capture cannot be used (corrupt set, malformed or short capture).
--junit FILE also writes the verdict as JUnit XML: one test case per file of the set
(x_star .. c_final), failing with its first mismatch, skipped when the capture lacks it.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			msg, err := verifyReport(vectors, capture, junitPath)
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), msg)
			return nil
		},
	}
	cmd.Flags().StringVar(&vectors, "vectors", "", "directory of the golden vector set")
	cmd.Flags().StringVar(&capture, "capture", "", "capture file: x*, z* hex words per iteration, or sections (@x_star ...)")
	cmd.Flags().StringVar(&junitPath, "junit", "", "also write the verdict as JUnit XML to this file (a test case per file of the set)")
	return cmd
}

// verify runs the comparison; errors carry verify's exit status (exitError).
func verify(vectors, capture string) (string, error) { return verifyReport(vectors, capture, "") }

// verifyReport is verify, writing a JUnit report of its verdict to junitPath unless empty.
func verifyReport(vectors, capture, junitPath string) (string, error) {
	msg, err := compareCapture(vectors, capture, junitPath)
	var ee *exitError
	if errors.As(err, &ee) && ee.code == 2 { // no verdict: the report says so
		err = writeErrorReport(junitPath, "verify", err)
	}
	return msg, err
}

// compareCapture is verifyReport before its error report.
func compareCapture(vectors, capture, junitPath string) (string, error) {
	if vectors == "" || capture == "" {
		return "", &exitError{code: 2, err: fmt.Errorf("verify needs both --vectors DIR and --capture FILE")}
	}
	set, _, err := testvectors.Read(vectors)
	if err != nil {
		return "", &exitError{code: 2, err: fmt.Errorf("unusable vector set: %w", err)}
	}
	data, err := os.ReadFile(capture)
	if err != nil {
		return "", &exitError{code: 2, err: fmt.Errorf("capture: %w", err)}
	}
	got, err := testvectors.ParseCapture(data, set.Arch, set.Iterations)
	if err != nil {
		return "", &exitError{code: 2, err: fmt.Errorf("%s: %w", capture, err)}
	}
	var names []string
	words, firstLine := 0, 0
	var first error // the mismatch on the earliest line, whatever its section
	var verdicts []streamVerdict
	for _, name := range testvectors.CaptureNames {
		ws, ok := got[name]
		if !ok {
			verdicts = append(verdicts, streamVerdict{name: name, absent: true})
			continue
		}
		line, err := compareSection(set, name, ws)
		if err != nil && (first == nil || line < firstLine) {
			first, firstLine = err, line
		}
		verdicts = append(verdicts, streamVerdict{name: name, err: err})
		names = append(names, name)
		words += len(ws)
	}
	if junitPath != "" {
		if err := captureReport("verify "+filepath.Base(capture), verdicts).Write(junitPath); err != nil {
			return "", &exitError{code: 2, err: err}
		}
	}
	if first != nil {
		return "", &exitError{code: 1, err: fmt.Errorf("%s: %w", capture, first)}
	}
	return fmt.Sprintf("%s matches %s: %d iterations, %d words identical (%s)", capture, vectors, set.Iterations, words, strings.Join(names, ", ")), nil
}

// compareSection names the first captured word of one file that differs from the set,
// and its line.
func compareSection(s *testvectors.Set, name string, got []testvectors.CaptureWord) (int, error) {
	want := s.Words(name)
	for i, g := range got {
		bit := testvectors.FirstDiff(want[i], g.Word)
		if bit < 0 {
			continue
		}
		return g.Line, mismatch(s, name, i, g, want[i])
	}
	return 0, nil
}

// mismatch describes captured word i of file name, which differs from want.
func mismatch(s *testvectors.Set, name string, i int, g testvectors.CaptureWord, want testvectors.Word) error {
	bit := testvectors.FirstDiff(want, g.Word)
	{
		switch name {
		case testvectors.NameXStar, testvectors.NameZStar:
			signs, unit, width, label := s.XStar[i], "x", s.Arch.D, "x*"
			if name == testvectors.NameZStar {
				signs, unit, width, label = s.ZStar[i], "z", s.Arch.K, "z*"
			}
			return fmt.Errorf("mismatch at iteration %d, %s (line %d): first differing bit %d (expected %s_%d = %+d, got %+d); expected word %s, got %s",
				i+1, label, g.Line, bit, unit, bit, signs[bit], -signs[bit], want.Hex(width), g.Word.Hex(width))
		case testvectors.NameCycles, testvectors.NameOverflow:
			return fmt.Errorf("mismatch at iteration %d, %s (line %d): expected %d, got %d", i+1, name, g.Line, want.Uint(), g.Word.Uint())
		case testvectors.NameWFinal:
			return fmt.Errorf("mismatch in the final W[%d][%d] (%s word %d, line %d): expected %#x, got %#x", i/s.Arch.D, i%s.Arch.D, name, i, g.Line, want.Uint(), g.Word.Uint())
		default:
			return fmt.Errorf("mismatch in %s word %d (line %d): expected %#x, got %#x", name, i, g.Line, want.Uint(), g.Word.Uint())
		}
	}
}
