package rtlgen

import (
	"fmt"
	"strings"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/testvectors"
)

// The core's load and read-back streams (herd_load): the memories' initial contents as
// 16-bit beats in the parts of datapath.Arch.LoadLayout, and the final W, b and c read
// back in the parts of ReadLayout.

// LoadFile is the load stream's image: every 16-bit beat herd_core takes on s_axis_load
// before it runs, one hex word a line (TileLoadStream).
const LoadFile = "load.hex"

// TileLoadStream is the load stream of a tiled Arch's initial memories: the parts of
// Arch.LoadLayout in order, each item's beats low first.
func TileLoadStream(a datapath.Arch, img datapath.TileImages) []uint16 {
	return layoutBeats(a, img, a.LoadLayout())
}

// WeightBeats is the W, b and c part of the load stream, which the core's read-back
// (m_axis_read) repeats with the final values (Arch.ReadLayout).
func WeightBeats(a datapath.Arch, img datapath.TileImages) []uint16 {
	return layoutBeats(a, img, a.ReadLayout())
}

// layoutBeats are the beats of the parts of a stream layout, in order.
func layoutBeats(a datapath.Arch, img datapath.TileImages, layout []datapath.StreamPart) []uint16 {
	s := a.Sizes()
	var out []uint16
	for _, p := range layout {
		for i := range p.Items {
			out = append(out, itemBeats(a, s, img, p, i)...)
		}
	}
	return out
}

// itemBeats are the beats of item i of part p.
func itemBeats(a datapath.Arch, s datapath.TileSizes, img datapath.TileImages, p datapath.StreamPart, i int) []uint16 {
	switch p.Name {
	case datapath.PartX, datapath.PartX0:
		return []uint16{img.X[i]}
	case datapath.PartXJ:
		return []uint16{img.X[a.D+i], img.J[i]}
	case datapath.PartW: // a beat a lane
		return s.WordLanes(img.W, i)
	case datapath.PartB:
		return valueBeats(uint64(img.B[i])&mask(a.Spec(datapath.RegB).Format.Word), p.Beats)
	case datapath.PartC:
		return valueBeats(uint64(img.C[i])&mask(a.Spec(datapath.RegC).Format.Word), p.Beats)
	}
	panic("rtlgen: a stream part with no encoding: " + p.Name)
}

// valueBeats is v in n beats, low first.
func valueBeats(v uint64, n int) []uint16 {
	out := make([]uint16, n)
	for k := range out {
		out[k] = uint16(v >> (16 * uint(k)))
	}
	return out
}

// mask has the low bits set.
func mask(bits int) uint64 { return 1<<uint(bits) - 1 }

// ParseReadBack reads W words, b and c values out of a read-back (Arch.ReadLayout): the
// images' W, B and C (X is left empty). A value with bits set above its register's width
// is an error, as is a read-back of the wrong length.
func ParseReadBack(a datapath.Arch, beats []uint16) (datapath.TileImages, error) {
	if len(beats) != ReadBeats(a) {
		return datapath.TileImages{}, fmt.Errorf("read-back: %d beats, the design sends %d", len(beats), ReadBeats(a))
	}
	var img datapath.TileImages
	widths := map[string]int{datapath.PartB: a.Spec(datapath.RegB).Format.Word, datapath.PartC: a.Spec(datapath.RegC).Format.Word}
	for _, p := range a.ReadLayout() {
		for i := range p.Items {
			if p.Name == datapath.PartW {
				img.W, beats = append(img.W, beats[:p.Beats]...), beats[p.Beats:]
				continue
			}
			var u uint64
			for k := range p.Beats {
				u |= uint64(beats[0]) << (16 * uint(k))
				beats = beats[1:]
			}
			width := widths[p.Name]
			if u>>uint(width) != 0 {
				return img, fmt.Errorf("read-back: %s[%d] = %#x has bits above its %d-bit width", p.Name, i, u, width)
			}
			v := int64(u<<uint(64-width)) >> uint(64-width)
			if p.Name == datapath.PartB {
				img.B = append(img.B, v)
			} else {
				img.C = append(img.C, v)
			}
		}
	}
	return img, nil
}

// ReadBeats is the length of the read-back on m_axis_read (Arch.ReadLayout).
func ReadBeats(a datapath.Arch) int { return datapath.StreamBeats(a.ReadLayout()) }

// tileLoadBeats is the length of the load stream of a tiled Arch.
func tileLoadBeats(a datapath.Arch) int { return datapath.StreamBeats(a.LoadLayout()) }

// xLoadBeats is the X part of the load stream: its beats before W's.
func xLoadBeats(a datapath.Arch) int {
	return tileLoadBeats(a) - ReadBeats(a)
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
