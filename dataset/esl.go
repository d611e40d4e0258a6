package dataset

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// The ESL ("Elements of Statistical Learning") zip-code files: the standard 7291/2007
// split of USPS, a different sample from usps_all.mat (see the data README).
const (
	ESLTrainFile = "zip.train.gz"
	ESLTestFile  = "zip.test.gz"
	eslPixels    = 256
)

// ESLShape is how an ESL vector is drawn: a row-major 16x16 raster.
var ESLShape = Shape{Height: 16, Width: 16}

// ESLThreshold is the grey level above which an ESL pixel becomes +1. ESL grey values g
// lie in [-1,1] and stand for X/256 of usps_all via X/256 = (g+1)/2, so the paper's rule
// "+1 if X/256 - 0.2 > 0" becomes (g+1)/2 > 0.2, i.e. g > -0.6. The comparison is made on
// the parsed float64 against the float64 nearest -0.6: the files write at most 4 decimals,
// so a written -0.6 parses to exactly that number (and stays -1), and every other written
// value lands strictly on its own side.
const ESLThreshold = -0.6

// ESL is one ESL file: a label and 256 grey values per image.
type ESL struct {
	Name   string      // the file it came from
	Labels []int       // digit 0..9 of each image
	Grey   [][]float64 // 256 values in [-1,1] per image, row-major, ink high
}

// LoadESL reads an ESL file, gzip-compressed (zip.train.gz) or plain text, told apart by
// the gzip magic bytes.
func LoadESL(path string) (*ESL, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	var r io.Reader = br
	if magic, _ := br.Peek(2); bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		defer zr.Close()
		r = zr
	}
	return ReadESL(r, path)
}

// ReadESL parses ESL text: each non-blank line is a label (0..9, possibly written "6.0000")
// followed by 256 grey values, all separated by any whitespace. name prefixes errors.
func ReadESL(r io.Reader, name string) (*ESL, error) {
	e := &ESL{Name: name}
	br := bufio.NewReader(r)
	for lineNo := 1; ; lineNo++ {
		line, readErr := br.ReadString('\n')
		if readErr != nil && !errors.Is(readErr, io.EOF) {
			return nil, fmt.Errorf("%s:%d: %w", name, lineNo, readErr)
		}
		if fields := strings.Fields(line); len(fields) > 0 {
			label, grey, err := parseESLLine(fields)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", name, lineNo, err)
			}
			e.Labels = append(e.Labels, label)
			e.Grey = append(e.Grey, grey)
		}
		if readErr != nil { // io.EOF: the last line has been handled
			break
		}
	}
	if len(e.Labels) == 0 {
		return nil, fmt.Errorf("%s: no images", name)
	}
	return e, nil
}

func parseESLLine(fields []string) (int, []float64, error) {
	if len(fields) != 1+eslPixels {
		return 0, nil, fmt.Errorf("line has %d grey values, want %d (after the label)", len(fields)-1, eslPixels)
	}
	label, err := strconv.ParseFloat(fields[0], 64)
	if err != nil || label != math.Trunc(label) || label < 0 || label > 9 {
		return 0, nil, fmt.Errorf("label %q is not a digit 0..9", fields[0])
	}
	grey := make([]float64, eslPixels)
	for j, s := range fields[1:] {
		g, err := strconv.ParseFloat(s, 64)
		if err != nil || !(g >= -1 && g <= 1) { // also refuses NaN
			return 0, nil, fmt.Errorf("grey value %d is %q, want a number in [-1,1]", j+1, s)
		}
		grey[j] = g
	}
	return int(label), grey, nil
}

// BinarizeESL maps grey values to +-1 with ESLThreshold: +1 if g > -0.6, else -1.
func BinarizeESL(grey []float64) []int8 {
	x := make([]int8, len(grey))
	for j, g := range grey {
		x[j] = -1
		if g > ESLThreshold {
			x[j] = 1
		}
	}
	return x
}

// Counts returns how many images each digit 0..9 has.
func (e *ESL) Counts() [10]int {
	var c [10]int
	for _, l := range e.Labels {
		c[l]++
	}
	return c
}

// Binary returns every image of digit, binarised, in file order, named "<file> digit 3".
func (e *ESL) Binary(digit int) (*Binary, error) {
	if err := checkDigit(digit); err != nil {
		return nil, err
	}
	var rows [][]int8
	for n, l := range e.Labels {
		if l == digit {
			rows = append(rows, BinarizeESL(e.Grey[n]))
		}
	}
	return &Binary{Name: fmt.Sprintf("%s digit %d", e.Name, digit), D: eslPixels, Rows: rows, Image: ESLShape}, nil
}
