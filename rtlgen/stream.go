package rtlgen

import (
	"fmt"
	"strings"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/testvectors"
)

// The core's load and read-back streams (herd_load): the memories' initial contents as
// 16-bit beats, and the final W, b and c read back in the same format.

// LoadFile is the load stream's image: every 16-bit beat herd_core takes on s_axis_load
// before it runs, one hex word a line (TileLoadStream).
const LoadFile = "load.hex"

// TileLoadStream is the load stream for a tiled Arch's initial memories: X words (with
// word skip: vector 0's D words, then each busy word followed by its j word), then W words
// as three beats each (SPRAM 0, 1, 2), then b and c values as ceil(width/16) beats each,
// low beat first (two's complement at the register's width, zero above it).
func TileLoadStream(a datapath.Arch, img datapath.TileImages) []uint16 {
	var x []uint16
	if img.J != nil {
		busy := a.Sizes().XBusyBase()
		x = append(x, img.X[:busy]...)
		for k, j := range img.J {
			x = append(x, img.X[busy+k], j)
		}
	} else {
		x = append(x, img.X...)
	}
	return append(x, WeightBeats(a, img)...)
}

// WeightBeats is the W, b and c part of the load stream, which the core's read-back
// (m_axis_read) repeats with the final values.
func WeightBeats(a datapath.Arch, img datapath.TileImages) []uint16 {
	var out []uint16
	for _, w := range img.W {
		out = append(out, uint16(w), uint16(w>>16), uint16(w>>32))
	}
	beats := func(v int64, width int) {
		u := uint64(v) & (1<<uint(width) - 1)
		for k := 0; k < (width+15)/16; k++ {
			out = append(out, uint16(u>>(16*uint(k))))
		}
	}
	for _, v := range img.B {
		beats(v, a.Spec(datapath.RegB).Format.Word)
	}
	for _, v := range img.C {
		beats(v, a.Spec(datapath.RegC).Format.Word)
	}
	return out
}

// ParseReadBack reads W words, b and c values out of a read-back (WeightBeats' layout):
// the images' W, B and C (X is left empty). A value with bits set above its register's
// width is an error, as is a read-back of the wrong length.
func ParseReadBack(a datapath.Arch, beats []uint16) (datapath.TileImages, error) {
	if len(beats) != ReadBeats(a) {
		return datapath.TileImages{}, fmt.Errorf("read-back: %d beats, the design sends %d", len(beats), ReadBeats(a))
	}
	s := a.Sizes()
	img := datapath.TileImages{W: make([]uint64, s.WWords)}
	for i := range img.W {
		img.W[i] = uint64(beats[3*i]) | uint64(beats[3*i+1])<<16 | uint64(beats[3*i+2])<<32
	}
	pos := 3 * s.WWords
	values := func(n, width int, what string) ([]int64, error) {
		out := make([]int64, n)
		for i := range out {
			var u uint64
			for k := 0; k < (width+15)/16; k++ {
				u |= uint64(beats[pos]) << (16 * uint(k))
				pos++
			}
			if u>>uint(width) != 0 {
				return nil, fmt.Errorf("read-back: %s[%d] = %#x has bits above its %d-bit width", what, i, u, width)
			}
			out[i] = int64(u<<uint(64-width)) >> uint(64-width)
		}
		return out, nil
	}
	var err error
	if img.B, err = values(a.K, a.Spec(datapath.RegB).Format.Word, "b"); err != nil {
		return img, err
	}
	img.C, err = values(a.D, a.Spec(datapath.RegC).Format.Word, "c")
	return img, err
}

// tileLoadBeats is the length of the load stream of a tiled Arch.
func tileLoadBeats(a datapath.Arch) int {
	s := a.Sizes()
	bb, cb := (a.Spec(datapath.RegB).Format.Word+15)/16, (a.Spec(datapath.RegC).Format.Word+15)/16
	return xLoadBeats(s) + 3*s.WWords + a.K*bb + a.D*cb
}

// xLoadBeats is the X part of the load stream: the X memory's words, and with word skip a
// j word after each busy one (TileLoadStream).
func xLoadBeats(s datapath.TileSizes) int {
	if s.Skip() {
		return s.XStore + s.XWords
	}
	return s.XStore
}

// tiledImages is the tiled core's memory image: the load stream from the vector set's
// data and initial weights.
func tiledImages(set *testvectors.Set) map[string][]byte {
	var b strings.Builder
	for _, w := range SetLoadStream(set) {
		fmt.Fprintf(&b, "%04x\n", w)
	}
	return map[string][]byte{LoadFile: []byte(b.String())}
}

// SetLoadStream is the load stream of a vector set: its data and initial weights.
func SetLoadStream(set *testvectors.Set) []uint16 {
	a := set.Arch
	data := &dataset.Binary{Name: "vectors", D: a.D, Rows: set.X}
	return TileLoadStream(a, a.TileImagesFor(data, set.W0, set.B0, set.C0))
}
