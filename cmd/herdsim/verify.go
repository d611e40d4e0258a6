package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"herdsim/testvectors"
)

func newVerifyCommand() *cobra.Command {
	var vectors, capture string
	cmd := &cobra.Command{
		Use:   "verify",
		Short: "Compare pseudo-samples captured from hardware against a golden vector set",
		Long: `verify reads a golden vector set (--vectors, checked in full: manifest, counts, widths,
hashes) and a capture file (--capture) of the pseudo-samples your hardware produced: for each
iteration t = 1..T one hex line with x*_t then one with z*_t, 2T word lines, each with the
digit count of x_star and z_star (testvectors/FORMAT.md, "Capture files"). Blank lines and
lines starting with // are skipped.

Exit status: 0 when every word matches; 1 on a mismatch, naming the first one (iteration,
x* or z*, first differing bit with its +-1 values, expected and captured words); 2 when the
vector set or the capture cannot be used (corrupt set, malformed or short capture).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			msg, err := verify(vectors, capture)
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), msg)
			return nil
		},
	}
	cmd.Flags().StringVar(&vectors, "vectors", "", "directory of the golden vector set")
	cmd.Flags().StringVar(&capture, "capture", "", "capture file: x*, z* hex words per iteration")
	return cmd
}

// verify runs the comparison; errors carry verify's exit status (exitError).
func verify(vectors, capture string) (string, error) {
	if vectors == "" || capture == "" {
		return "", &exitError{code: 2, err: fmt.Errorf("verify needs both --vectors DIR and --capture FILE")}
	}
	set, _, err := testvectors.Read(vectors)
	if err != nil {
		return "", &exitError{code: 2, err: fmt.Errorf("unusable vector set: %w", err)}
	}
	words, err := readCapture(capture, set)
	if err != nil {
		return "", &exitError{code: 2, err: err}
	}
	if err := compareCapture(set, words); err != nil {
		return "", &exitError{code: 1, err: fmt.Errorf("%s: %w", capture, err)}
	}
	return fmt.Sprintf("%s matches %s: %d iterations, %d words (x* and z*) identical", capture, vectors, set.Iterations, len(words)), nil
}

// captureWord is one word of a capture file and the line it came from.
type captureWord struct {
	word testvectors.Word
	line int
}

// captureKind is x* for even word indices, z* for odd ones.
func captureKind(i int, s *testvectors.Set) (name string, width int) {
	if i%2 == 0 {
		return "x*", s.Arch.D
	}
	return "z*", s.Arch.K
}

// readCapture parses a capture file: 2T words alternating x* (D bits) and z* (K bits).
func readCapture(path string, s *testvectors.Set) ([]captureWord, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("capture: %w", err)
	}
	var words []captureWord
	for n, raw := range bytes.Split(data, []byte{'\n'}) {
		text := strings.ToLower(strings.TrimSpace(string(raw)))
		if text == "" || strings.HasPrefix(text, "//") {
			continue
		}
		i := len(words)
		name, width := captureKind(i, s)
		if i >= 2*s.Iterations {
			return nil, fmt.Errorf("%s: line %d: more than the %d words expected (x* and z* for each of %d iterations)", path, n+1, 2*s.Iterations, s.Iterations)
		}
		w, err := testvectors.ParseHex(text, width)
		if err != nil {
			return nil, fmt.Errorf("%s: line %d (%s of iteration %d): %w", path, n+1, name, i/2+1, err)
		}
		words = append(words, captureWord{word: w, line: n + 1})
	}
	if len(words) != 2*s.Iterations {
		return nil, fmt.Errorf("%s: %d words, want %d (x* and z* for each of %d iterations)", path, len(words), 2*s.Iterations, s.Iterations)
	}
	return words, nil
}

// compareCapture names the first captured word that differs from the vectors.
func compareCapture(s *testvectors.Set, words []captureWord) error {
	for i, got := range words {
		t := i/2 + 1
		name, width := captureKind(i, s)
		want := s.XStar[t-1]
		if name == "z*" {
			want = s.ZStar[t-1]
		}
		wantWord := testvectors.SignsWord(want)
		bit := testvectors.FirstDiff(wantWord, got.word)
		if bit < 0 {
			continue
		}
		unit := name[:1]
		return fmt.Errorf("mismatch at iteration %d, %s (line %d): first differing bit %d (expected %s_%d = %+d, got %+d); expected word %s, got %s",
			t, name, got.line, bit, unit, bit, want[bit], -want[bit], wantWord.Hex(width), got.word.Hex(width))
	}
	return nil
}
