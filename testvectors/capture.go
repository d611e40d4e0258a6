package testvectors

import (
	"bytes"
	"fmt"
	"strings"

	"herdsim/datapath"
)

// CaptureNames are the files of a set a capture may hold, in the order FormatCapture
// writes them: what the hardware exposes (FORMAT.md, "Capture files").
var CaptureNames = []string{NameXStar, NameZStar, NameCycles, NameOverflow, NameWFinal, NameBFinal, NameCFinal}

// CaptureWord is one captured word and the line it came from.
type CaptureWord struct {
	Word Word
	Line int
}

// Words returns the expected words of the set's file name (x_star, w_final, ...), as
// Write would encode them.
func (s *Set) Words(name string) []Word { return s.words()[name] }

// FormatCapture writes a sectioned capture: a comment line per entry of comments, then
// for each name of CaptureNames present in words a line "@name" and its words, one per
// line, in the set file's hex format.
func FormatCapture(a datapath.Arch, iterations int, words map[string][]Word, comments ...string) []byte {
	sp := specs(a, iterations)
	var b bytes.Buffer
	for _, c := range comments {
		fmt.Fprintf(&b, "// %s\n", c)
	}
	for _, name := range CaptureNames {
		ws, ok := words[name]
		if !ok {
			continue
		}
		fmt.Fprintf(&b, "@%s\n", name)
		for _, w := range ws {
			b.WriteString(w.Hex(sp[name].Width))
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// ParseCapture reads a capture for a set of Arch a and the given iterations. Two forms:
// sectioned (each "@name" of CaptureNames at most once, followed by exactly the words
// the set's file holds), or the plain form of 2T words alternating x* and z*. Blank lines
// and lines starting with // are skipped. Errors name the line.
func ParseCapture(data []byte, a datapath.Arch, iterations int) (map[string][]CaptureWord, error) {
	sp := specs(a, iterations)
	out := map[string][]CaptureWord{}
	section := ""  // the current section; "" before any
	plain := false // words before any section: the plain form
	count := func(name string) int { return sp[name].Count }
	for n, raw := range bytes.Split(data, []byte{'\n'}) {
		line := n + 1
		text := strings.ToLower(strings.TrimSpace(string(raw)))
		if text == "" || strings.HasPrefix(text, "//") {
			continue
		}
		if strings.HasPrefix(text, "@") {
			name := text[1:]
			if plain {
				return nil, fmt.Errorf("line %d: section %q after the plain form's words", line, name)
			}
			if _, ok := sp[name]; !ok || !isCaptureName(name) {
				return nil, fmt.Errorf("line %d: unknown section %q (want one of %s)", line, name, strings.Join(CaptureNames, ", "))
			}
			if _, dup := out[name]; dup {
				return nil, fmt.Errorf("line %d: section %q twice", line, name)
			}
			if err := checkCount(section, out[section], count(section)); err != nil {
				return nil, err
			}
			section = name
			out[name] = []CaptureWord{}
			continue
		}
		name := section
		if section == "" {
			plain = true
			name = NameXStar
			if (len(out[NameXStar])+len(out[NameZStar]))%2 == 1 {
				name = NameZStar
			}
		}
		if len(out[name]) >= count(name) {
			if plain {
				return nil, fmt.Errorf("line %d: more than the %d words expected (x* and z* for each of %d iterations)", line, 2*iterations, iterations)
			}
			return nil, fmt.Errorf("line %d: more than the %d %s words of %d iterations", line, count(name), name, iterations)
		}
		w, err := ParseHex(text, sp[name].Width)
		if err != nil {
			what := fmt.Sprintf("%s word %d", name, len(out[name]))
			if plain {
				what = fmt.Sprintf("%s* of iteration %d", name[:1], len(out[name])+1)
			}
			return nil, fmt.Errorf("line %d (%s): %w", line, what, err)
		}
		out[name] = append(out[name], CaptureWord{w, line})
	}
	if plain {
		if len(out[NameXStar]) != iterations || len(out[NameZStar]) != iterations {
			return nil, fmt.Errorf("%d words, want %d (x* and z* for each of %d iterations)", len(out[NameXStar])+len(out[NameZStar]), 2*iterations, iterations)
		}
		return out, nil
	}
	if err := checkCount(section, out[section], count(section)); err != nil {
		return nil, err
	}
	for _, need := range []string{NameXStar, NameZStar} {
		if _, ok := out[need]; !ok {
			return nil, fmt.Errorf("no @%s section: a capture holds at least the pseudo-samples", need)
		}
	}
	return out, nil
}

func isCaptureName(name string) bool {
	for _, n := range CaptureNames {
		if n == name {
			return true
		}
	}
	return false
}

// checkCount rejects a finished section that is short.
func checkCount(name string, ws []CaptureWord, want int) error {
	if name == "" || len(ws) == want {
		return nil
	}
	return fmt.Errorf("section %s: %d words, want %d", name, len(ws), want)
}

// FileHash is the SHA-256 (hex) of the set's file name as Write writes it: the hash its
// manifest records, so that what was built from a set can name the files it came from.
func (s *Set) FileHash(name string) string {
	return sha256Hex(encodeWords(s.Words(name), specs(s.Arch, s.Iterations)[name].Width))
}
