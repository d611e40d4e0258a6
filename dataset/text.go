package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"herdsim/internal/atomicfile"
)

// docs/spec.md, "Text format": one vector per line of '0' (-1) and '1' (+1), all lines the
// same length; blank (empty) lines and lines starting with '#' are ignored; anything else
// is an error naming the file, line and column. As docs/spec.md says, and no more: a Windows
// line end's '\r' and a line of spaces are errors like any other character (the '\r'
// error says how to convert the file), so that every part reading the format agrees.

// LoadText reads a data set in docs/spec.md's text format from path. The set is named by path
// and has no image shape.
func LoadText(path string) (*Binary, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadText(f, path)
}

// ReadText parses docs/spec.md's text format. name is used in errors ("data.txt:7:13: ...")
// and as the data set's name.
func ReadText(r io.Reader, name string) (*Binary, error) {
	b := &Binary{Name: name}
	firstLine := 0 // line number of the first vector, quoted when a later length differs
	br := bufio.NewReader(r)
	for lineNo := 1; ; lineNo++ {
		line, readErr := br.ReadString('\n')
		if readErr != nil && !errors.Is(readErr, io.EOF) {
			return nil, fmt.Errorf("%s:%d: %w", name, lineNo, readErr)
		}
		line = strings.TrimSuffix(line, "\n")
		if line != "" && !strings.HasPrefix(line, "#") {
			row, err := parseTextLine(line)
			if err != nil {
				return nil, fmt.Errorf("%s:%d:%w", name, lineNo, err)
			}
			if firstLine == 0 {
				firstLine, b.D = lineNo, len(row)
			} else if len(row) != b.D {
				return nil, fmt.Errorf("%s:%d: line has %d characters, want %d like line %d", name, lineNo, len(row), b.D, firstLine)
			}
			b.Rows = append(b.Rows, row)
		}
		if readErr != nil { // io.EOF: the last line has been handled
			break
		}
	}
	if len(b.Rows) == 0 {
		return nil, fmt.Errorf("%s: no vectors", name)
	}
	return b, nil
}

// parseTextLine turns "0110" into -1 +1 +1 -1. Its error starts with the 1-based column
// (a character count: every character before the bad one is an ASCII '0' or '1').
func parseTextLine(line string) ([]int8, error) {
	row := make([]int8, len(line))
	for j := 0; j < len(line); j++ {
		switch line[j] {
		case '0':
			row[j] = -1
		case '1':
			row[j] = 1
		default:
			c, _ := utf8.DecodeRuneInString(line[j:])
			hint := ""
			if c == '\r' {
				hint = ": a Windows line end; convert the file (dos2unix, or tr -d '\\r')"
			}
			return nil, fmt.Errorf("%d: unexpected character %q (want '0' or '1')%s", j+1, c, hint)
		}
	}
	return row, nil
}

// WriteText writes b to path in docs/spec.md's text format, atomically (a reader never sees a
// partial file). The first line is a '#' comment naming the set and its size.
func WriteText(path string, b *Binary) error {
	if err := b.Validate(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return atomicfile.Write(path, func(w *bufio.Writer) error { return FormatText(w, b) })
}

// FormatText writes b in docs/spec.md's text format (LF line endings) to w.
func FormatText(w io.Writer, b *Binary) error {
	name := strings.Join(strings.Fields(b.Name), " ") // keep the comment on one line
	if _, err := fmt.Fprintf(w, "# herdsim data set %q: N=%d vectors, D=%d\n", name, b.N(), b.D); err != nil {
		return err
	}
	for _, row := range b.Rows {
		if _, err := io.WriteString(w, BitString(row)+"\n"); err != nil {
			return err
		}
	}
	return nil
}
