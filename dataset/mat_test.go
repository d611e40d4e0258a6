package dataset

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// matFile describes a small synthetic MAT-file; buildMAT writes it byte by byte following
// the level-5 layout, independently of the reader under test.
type matFile struct {
	order    binary.ByteOrder
	mark     string // endian mark, bytes 126..127
	version  uint16
	text     string
	class    MATClass
	flagBits uint32 // the flags byte (complex 0x08, global 0x04, logical 0x02)
	dims     []int32
	name     string
	dataType uint32
	data     []byte
	compress bool
}

func littleUint8(dims []int32, name string, data []byte) matFile {
	return matFile{order: binary.LittleEndian, mark: "IM", version: 0x0100,
		text: "MATLAB 5.0 MAT-file, Platform: GLNX86, Created on: test", class: MXUint8,
		dims: dims, name: name, dataType: miUINT8, data: data, compress: true}
}

func putElement(buf *bytes.Buffer, order binary.ByteOrder, typ uint32, data []byte) {
	if len(data) <= 4 && typ != miMATRIX && typ != miCOMPRESSED { // small data element
		var tag [8]byte
		order.PutUint32(tag[:], uint32(len(data))<<16|typ)
		copy(tag[4:], data)
		buf.Write(tag[:])
		return
	}
	var tag [8]byte
	order.PutUint32(tag[:], typ)
	order.PutUint32(tag[4:], uint32(len(data)))
	buf.Write(tag[:])
	buf.Write(data)
	if typ != miCOMPRESSED {
		buf.Write(make([]byte, pad8(len(data))))
	}
}

func buildMAT(f matFile) []byte {
	header := bytes.Repeat([]byte(" "), 128)
	copy(header, f.text)
	f.order.PutUint16(header[124:], f.version)
	copy(header[126:], f.mark)

	var m bytes.Buffer
	flags := make([]byte, 8)
	f.order.PutUint32(flags, f.flagBits<<8|uint32(f.class))
	putElement(&m, f.order, miUINT32, flags)
	dims := make([]byte, 4*len(f.dims))
	for i, d := range f.dims {
		f.order.PutUint32(dims[4*i:], uint32(d))
	}
	putElement(&m, f.order, miINT32, dims)
	putElement(&m, f.order, miINT8, []byte(f.name))
	putElement(&m, f.order, f.dataType, f.data)

	var matrix bytes.Buffer
	putElement(&matrix, f.order, miMATRIX, m.Bytes())
	out := bytes.NewBuffer(header)
	if !f.compress {
		out.Write(matrix.Bytes())
		return out.Bytes()
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(matrix.Bytes())
	zw.Close()
	putElement(out, f.order, miCOMPRESSED, z.Bytes())
	return out.Bytes()
}

func readMATBytes(b []byte) ([]MATVariable, error) { return ReadMAT(bytes.NewReader(b)) }

func TestReadMATSyntheticBothOrders(t *testing.T) {
	data := []byte{1, 2, 3, 4, 5, 6} // 2x3, column-major
	for _, tc := range []struct {
		name     string
		order    binary.ByteOrder
		mark     string
		compress bool
		varName  string
	}{
		{"little compressed small name", binary.LittleEndian, "IM", true, "data"},
		{"little plain long name", binary.LittleEndian, "IM", false, "pixels_of_usps"},
		{"big compressed", binary.BigEndian, "MI", true, "data"},
		{"big plain long name", binary.BigEndian, "MI", false, "a_longer_name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := littleUint8([]int32{2, 3}, tc.varName, data)
			f.order, f.mark, f.compress = tc.order, tc.mark, tc.compress
			vars, err := readMATBytes(buildMAT(f))
			require.NoError(t, err)
			require.Len(t, vars, 1)
			require.Equal(t, tc.varName, vars[0].Name)
			require.Equal(t, []int{2, 3}, vars[0].Dims)
			require.Equal(t, MXUint8, vars[0].Class)
			require.Equal(t, data, vars[0].Data)
		})
	}
}

func TestReadMATTwoVariables(t *testing.T) {
	a := buildMAT(littleUint8([]int32{1, 3}, "a", []byte{7, 8, 9}))
	b := buildMAT(littleUint8([]int32{2, 1}, "b", []byte{1, 2}))
	vars, err := readMATBytes(append(a, b[128:]...)) // one header, two elements
	require.NoError(t, err)
	require.Len(t, vars, 2)
	require.Equal(t, "a", vars[0].Name)
	require.Equal(t, []byte{7, 8, 9}, vars[0].Data)
	require.Equal(t, "b", vars[1].Name)
}

func TestReadMATMalformed(t *testing.T) {
	good := func() matFile { return littleUint8([]int32{2, 2}, "data", []byte{1, 2, 3, 4}) }
	cases := []struct {
		name string
		file []byte
		want string
	}{
		{"truncated header", buildMAT(good())[:50], "truncated MAT-file header: got 50 of 128 bytes"},
		{"wrong magic text", func() []byte { f := good(); f.text = "HELLO"; return buildMAT(f) }(), `does not start with "MATLAB"`},
		{"wrong endian mark", func() []byte { f := good(); f.mark = "XY"; return buildMAT(f) }(), `endian mark "XY"`},
		{"v7.3 version", func() []byte { f := good(); f.version = 0x0200; return buildMAT(f) }(), "version 0x0200, want 0x0100 (a v7.3 HDF5 file"},
		{"big-endian version read as little", func() []byte { f := good(); f.mark = "MI"; return buildMAT(f) }(), "version 0x0001"},
		{"unsupported class", func() []byte {
			f := good()
			f.class, f.dataType, f.data = MXDouble, miDOUBLE, make([]byte, 32)
			return buildMAT(f)
		}(), `variable "data": class mxDOUBLE (6) is not supported (only mxUINT8 (9))`},
		{"cell array", func() []byte { f := good(); f.class = MXCell; return buildMAT(f) }(), "class mxCELL (1) is not supported"},
		{"complex", func() []byte { f := good(); f.flagBits = flagComplex; return buildMAT(f) }(), "complex arrays are not supported"},
		{"uint8 stored as int16", func() []byte {
			f := good()
			f.dataType, f.data = miINT16, make([]byte, 8)
			return buildMAT(f)
		}(), "real part at byte 48: stored as miINT16 (3), want miUINT8 (2)"},
		{"real part size", func() []byte { f := good(); f.data = []byte{1, 2, 3, 4, 5}; return buildMAT(f) }(), "real part has 5 bytes, dimensions 2x2 need 4"},
		{"one dimension", func() []byte { f := good(); f.dims = []int32{4}; return buildMAT(f) }(), "at least 2 dimensions"},
		{"truncated element", buildMAT(good())[:140], "data element at byte 128 (miCOMPRESSED (15)): truncated"},
		{"top-level double", func() []byte {
			var b bytes.Buffer
			putElement(&b, binary.LittleEndian, miDOUBLE, make([]byte, 8))
			return append(buildMAT(good())[:128], b.Bytes()...)
		}(), "top-level data element at byte 128 is miDOUBLE (9)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readMATBytes(tc.file)
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestReadMATBadZlib(t *testing.T) {
	file := buildMAT(littleUint8([]int32{2, 2}, "data", []byte{1, 2, 3, 4}))
	header := file[:128]

	var garbage bytes.Buffer
	putElement(&garbage, binary.LittleEndian, miCOMPRESSED, []byte("this is not zlib"))
	_, err := readMATBytes(append(append([]byte(nil), header...), garbage.Bytes()...))
	require.ErrorContains(t, err, "miCOMPRESSED at byte 128: bad zlib stream")

	// A valid zlib header followed by a cut-off stream: the inflater runs out of input.
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(bytes.Repeat([]byte("herding "), 1000))
	zw.Close()
	var cut bytes.Buffer
	putElement(&cut, binary.LittleEndian, miCOMPRESSED, z.Bytes()[:z.Len()/2])
	_, err = readMATBytes(append(append([]byte(nil), header...), cut.Bytes()...))
	require.ErrorContains(t, err, "miCOMPRESSED at byte 128: bad zlib stream")

	// A checksum mismatch: flip one bit of the trailing Adler-32.
	good := buildMAT(littleUint8([]int32{2, 2}, "data", []byte{1, 2, 3, 4}))
	good[len(good)-1] ^= 1
	_, err = readMATBytes(good)
	require.ErrorContains(t, err, "bad zlib stream")
}

func TestLoadUSPSWrongDims(t *testing.T) {
	dir := t.TempDir()
	file := buildMAT(littleUint8([]int32{16, 2, 1}, "data", make([]byte, 32)))
	require.NoError(t, os.WriteFile(filepath.Join(dir, USPSFile), file, 0o644))
	_, err := LoadUSPS(dir)
	require.ErrorContains(t, err, filepath.Join(dir, USPSFile)+`: variable "data" has dimensions 16x2x1, want 256x1100x10`)

	file = buildMAT(littleUint8([]int32{2, 2}, "other", make([]byte, 4)))
	require.NoError(t, os.WriteFile(filepath.Join(dir, USPSFile), file, 0o644))
	_, err = LoadUSPS(dir)
	require.ErrorContains(t, err, `no variable "data" (found 1: ["other"])`)
}

func TestLoadUSPSMissingFile(t *testing.T) {
	_, err := LoadUSPS(t.TempDir())
	require.ErrorContains(t, err, USPSFile)
}
