package dataset

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
)

// This file reads MATLAB MAT-files of level 5 (the format of usps_all.mat), in pure Go.
// It is deliberately small: it understands exactly what the Roweis file needs (numeric
// arrays of class mxUINT8 with a miUINT8 real part, possibly inside miCOMPRESSED) and
// refuses everything else with an error that names what it met, rather than guessing.

// Data element types of the level-5 format (MAT-File Format, table 1-1).
const (
	miINT8       = 1
	miUINT8      = 2
	miINT16      = 3
	miUINT16     = 4
	miINT32      = 5
	miUINT32     = 6
	miSINGLE     = 7
	miDOUBLE     = 9
	miINT64      = 12
	miUINT64     = 13
	miMATRIX     = 14
	miCOMPRESSED = 15
	miUTF8       = 16
	miUTF16      = 17
	miUTF32      = 18
)

var miTypeNames = map[uint32]string{
	miINT8: "miINT8", miUINT8: "miUINT8", miINT16: "miINT16", miUINT16: "miUINT16",
	miINT32: "miINT32", miUINT32: "miUINT32", miSINGLE: "miSINGLE", miDOUBLE: "miDOUBLE",
	miINT64: "miINT64", miUINT64: "miUINT64", miMATRIX: "miMATRIX", miCOMPRESSED: "miCOMPRESSED",
	miUTF8: "miUTF8", miUTF16: "miUTF16", miUTF32: "miUTF32",
}

func miTypeName(t uint32) string {
	if s, ok := miTypeNames[t]; ok {
		return fmt.Sprintf("%s (%d)", s, t)
	}
	return fmt.Sprintf("unknown data type %d", t)
}

// MATClass is the array class of a MAT-file variable (mxDOUBLE, mxUINT8, ...).
type MATClass uint8

// The array classes of the level-5 format. Only MXUint8 can be read.
const (
	MXCell   MATClass = 1
	MXStruct MATClass = 2
	MXObject MATClass = 3
	MXChar   MATClass = 4
	MXSparse MATClass = 5
	MXDouble MATClass = 6
	MXSingle MATClass = 7
	MXInt8   MATClass = 8
	MXUint8  MATClass = 9
	MXInt16  MATClass = 10
	MXUint16 MATClass = 11
	MXInt32  MATClass = 12
	MXUint32 MATClass = 13
	MXInt64  MATClass = 14
	MXUint64 MATClass = 15
)

var mxClassNames = map[MATClass]string{
	MXCell: "mxCELL", MXStruct: "mxSTRUCT", MXObject: "mxOBJECT", MXChar: "mxCHAR",
	MXSparse: "mxSPARSE", MXDouble: "mxDOUBLE", MXSingle: "mxSINGLE", MXInt8: "mxINT8",
	MXUint8: "mxUINT8", MXInt16: "mxINT16", MXUint16: "mxUINT16", MXInt32: "mxINT32",
	MXUint32: "mxUINT32", MXInt64: "mxINT64", MXUint64: "mxUINT64",
}

// String names the class as MATLAB's documentation does, with its number: "mxUINT8 (9)".
func (c MATClass) String() string {
	if s, ok := mxClassNames[c]; ok {
		return fmt.Sprintf("%s (%d)", s, c)
	}
	return fmt.Sprintf("unknown class %d", uint8(c))
}

// MATVariable is one array read from a MAT-file.
type MATVariable struct {
	Name  string
	Dims  []int    // MATLAB dimensions, at least 2
	Class MATClass // always MXUint8 for now
	Data  []uint8  // the real part in MATLAB's column-major order (first index fastest)
}

const (
	matHeaderSize = 128
	// maxInflated bounds what one miCOMPRESSED element may inflate to, so a corrupt or
	// hostile file fails cleanly instead of exhausting memory. usps_all.mat needs 2.8 MB.
	maxInflated = 1 << 30
	// Array flag bits (in the flags byte of the array-flags subelement).
	flagComplex = 0x08
)

// ReadMAT reads every variable of a level-5 MAT-file. Both byte orders are accepted
// (endian mark "IM": little-endian, "MI": big-endian). Errors say what was found and at
// which byte offset; the caller adds the file name.
func ReadMAT(r io.Reader) ([]MATVariable, error) {
	header := make([]byte, matHeaderSize)
	if n, err := io.ReadFull(r, header); err != nil {
		return nil, fmt.Errorf("truncated MAT-file header: got %d of %d bytes", n, matHeaderSize)
	}
	order, err := parseMATHeader(header)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read MAT-file: %w", err)
	}
	return readTopLevel(body, matHeaderSize, order)
}

// parseMATHeader checks the 128-byte header and returns the file's byte order.
func parseMATHeader(h []byte) (binary.ByteOrder, error) {
	if !bytes.HasPrefix(h, []byte("MATLAB")) {
		return nil, fmt.Errorf("not a level-5 MAT-file: header text %q does not start with \"MATLAB\"", printable(h[:20]))
	}
	var order binary.ByteOrder
	switch string(h[126:128]) {
	case "IM":
		order = binary.LittleEndian
	case "MI":
		order = binary.BigEndian
	default:
		return nil, fmt.Errorf("not a level-5 MAT-file: endian mark %q, want \"IM\" or \"MI\"", printable(h[126:128]))
	}
	if v := order.Uint16(h[124:126]); v != 0x0100 {
		hint := ""
		if v == 0x0200 {
			hint = " (a v7.3 HDF5 file; save with -v7 or -v6 instead)"
		}
		return nil, fmt.Errorf("unsupported MAT-file version 0x%04x, want 0x0100%s", v, hint)
	}
	return order, nil
}

// printable makes header bytes safe to quote in an error message.
func printable(b []byte) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e {
			return '.'
		}
		return r
	}, string(b))
}

// element is one data element: its type and its payload (without tag and padding).
type element struct {
	typ  uint32
	data []byte
	at   int // byte offset of the tag, for error messages
}

// nextElement decodes the data element whose tag starts at buf[off]. base is the file
// offset of buf[0] (inflated data reports offsets inside the inflated stream).
func nextElement(buf []byte, off, base int, order binary.ByteOrder) (element, int, error) {
	at := base + off
	if len(buf)-off < 8 {
		return element{}, 0, fmt.Errorf("data element at byte %d: truncated tag (%d of 8 bytes)", at, len(buf)-off)
	}
	first := order.Uint32(buf[off:])
	if size := first >> 16; size != 0 {
		// Small data element: type and size share the first word, data fills the second.
		if size > 4 {
			return element{}, 0, fmt.Errorf("data element at byte %d: small element claims %d bytes, at most 4 fit", at, size)
		}
		return element{typ: first & 0xffff, data: buf[off+4 : off+4+int(size)], at: at}, off + 8, nil
	}
	size := uint64(order.Uint32(buf[off+4:]))
	start := off + 8
	if size > uint64(len(buf)-start) {
		return element{}, 0, fmt.Errorf("data element at byte %d (%s): truncated, needs %d bytes, %d left", at, miTypeName(first), size, len(buf)-start)
	}
	end := start + int(size)
	next := end
	if first != miCOMPRESSED {
		next = min(end+pad8(int(size)), len(buf)) // compressed elements are not padded
	}
	return element{typ: first, data: buf[start:end], at: at}, next, nil
}

// pad8 is the number of padding bytes that bring n up to a multiple of 8.
func pad8(n int) int { return (8 - n%8) % 8 }

// readTopLevel reads the sequence of top-level elements of buf: miMATRIX or miCOMPRESSED.
func readTopLevel(buf []byte, base int, order binary.ByteOrder) ([]MATVariable, error) {
	var vars []MATVariable
	for off := 0; off < len(buf); {
		el, next, err := nextElement(buf, off, base, order)
		if err != nil {
			return nil, err
		}
		off = next
		switch el.typ {
		case miMATRIX:
			if len(el.data) == 0 {
				continue // an empty array with no subelements carries nothing to return
			}
			v, err := readMatrix(el.data, el.at+8, order)
			if err != nil {
				return nil, fmt.Errorf("miMATRIX at byte %d: %w", el.at, err)
			}
			vars = append(vars, v)
		case miCOMPRESSED:
			inner, err := readCompressed(el, order)
			if err != nil {
				return nil, err
			}
			vars = append(vars, inner...)
		default:
			return nil, fmt.Errorf("top-level data element at byte %d is %s, want miMATRIX or miCOMPRESSED", el.at, miTypeName(el.typ))
		}
	}
	return vars, nil
}

// readCompressed inflates a miCOMPRESSED element (one zlib stream) and reads the elements
// inside it. Offsets in its errors count from the start of the inflated stream.
func readCompressed(el element, order binary.ByteOrder) ([]MATVariable, error) {
	where := fmt.Sprintf("miCOMPRESSED at byte %d", el.at)
	zr, err := zlib.NewReader(bytes.NewReader(el.data))
	if err != nil {
		return nil, fmt.Errorf("%s: bad zlib stream: %w", where, err)
	}
	defer zr.Close()
	inflated, err := io.ReadAll(io.LimitReader(zr, maxInflated+1))
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("%s: bad zlib stream: truncated", where)
		}
		return nil, fmt.Errorf("%s: bad zlib stream: %w", where, err)
	}
	if len(inflated) > maxInflated {
		return nil, fmt.Errorf("%s: inflates to more than %d bytes", where, maxInflated)
	}
	vars, err := readTopLevel(inflated, 0, order)
	if err != nil {
		return nil, fmt.Errorf("%s, inflated: %w", where, err)
	}
	return vars, nil
}

// readMatrix decodes the subelements of a miMATRIX: array flags, dimensions, name, and
// (for the one class supported) the real part. base is the offset of buf[0].
func readMatrix(buf []byte, base int, order binary.ByteOrder) (MATVariable, error) {
	var v MATVariable
	flags, off, err := expectElement(buf, 0, base, order, "array flags", miUINT32)
	if err != nil {
		return v, err
	}
	if len(flags.data) < 8 {
		return v, fmt.Errorf("array flags: %d bytes, want 8", len(flags.data))
	}
	word := order.Uint32(flags.data)
	v.Class = MATClass(word & 0xff)
	complexArray := (word>>8)&flagComplex != 0

	dims, off, err := expectElement(buf, off, base, order, "dimensions", miINT32)
	if err != nil {
		return v, err
	}
	if v.Dims, err = decodeDims(dims.data, order); err != nil {
		return v, err
	}
	name, off, err := expectElement(buf, off, base, order, "array name", miINT8)
	if err != nil {
		return v, err
	}
	v.Name = string(name.data)

	if err := checkSupported(v, complexArray); err != nil {
		return v, err
	}
	realPart, _, err := expectElement(buf, off, base, order, "real part", miUINT8)
	if err != nil {
		return v, fmt.Errorf("variable %q: %w", v.Name, err)
	}
	if want := elementCount(v.Dims); len(realPart.data) != want {
		return v, fmt.Errorf("variable %q: real part has %d bytes, dimensions %s need %d", v.Name, len(realPart.data), formatDims(v.Dims), want)
	}
	v.Data = realPart.data
	return v, nil
}

// expectElement reads the next subelement and checks that it has the wanted type.
func expectElement(buf []byte, off, base int, order binary.ByteOrder, what string, want uint32) (element, int, error) {
	el, next, err := nextElement(buf, off, base, order)
	if err != nil {
		return el, 0, fmt.Errorf("%s: %w", what, err)
	}
	if el.typ != want {
		return el, 0, fmt.Errorf("%s at byte %d: stored as %s, want %s", what, el.at, miTypeName(el.typ), miTypeName(want))
	}
	return el, next, nil
}

func decodeDims(b []byte, order binary.ByteOrder) ([]int, error) {
	if len(b)%4 != 0 || len(b) < 8 {
		return nil, fmt.Errorf("dimensions: %d bytes, want a multiple of 4 holding at least 2 dimensions", len(b))
	}
	dims := make([]int, len(b)/4)
	for i := range dims {
		d := int32(order.Uint32(b[4*i:]))
		if d < 0 {
			return nil, fmt.Errorf("dimensions: dimension %d is negative (%d)", i+1, d)
		}
		dims[i] = int(d)
	}
	return dims, nil
}

// checkSupported refuses, by name, every array this reader cannot decode.
func checkSupported(v MATVariable, complexArray bool) error {
	if v.Class != MXUint8 {
		return fmt.Errorf("variable %q: class %s is not supported (only %s)", v.Name, v.Class, MXUint8)
	}
	if complexArray {
		return fmt.Errorf("variable %q: complex arrays are not supported", v.Name)
	}
	if elementCount(v.Dims) < 0 {
		return fmt.Errorf("variable %q: dimensions %s are too large", v.Name, formatDims(v.Dims))
	}
	return nil
}

// elementCount is the product of dims, or -1 if it exceeds what a slice may hold.
func elementCount(dims []int) int {
	const limit = 1 << 40
	n := 1
	for _, d := range dims {
		if d != 0 && n > limit/d {
			return -1
		}
		n *= d
	}
	return n
}

// formatDims writes dimensions the MATLAB way: 256x1100x10.
func formatDims(dims []int) string {
	parts := make([]string, len(dims))
	for i, d := range dims {
		parts[i] = fmt.Sprint(d)
	}
	return strings.Join(parts, "x")
}
