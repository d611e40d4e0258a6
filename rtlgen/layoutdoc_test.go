package rtlgen_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/rtlgen"
	"herdsim/sim"
	"herdsim/testvectors"
)

// documentedLoadStream builds a vector set's load stream from docs/hardware.md's layout
// table alone, as a host written from the docs would: it shares no code with rtlgen's
// serializer (it reads only the Arch's widths, sizes and, with word skip, the layout's
// vector order and busy pixels, which the docs name as inputs).
func documentedLoadStream(set *testvectors.Set) []uint16 {
	a := set.Arch
	k, d, n := a.K, a.D, a.N
	wBits, lanes := a.Regs[datapath.RegW].Format.Word, a.Lanes()
	pw := min(lanes, 16*lanes/wBits)
	gt := a.Tile / pw
	var beats []uint16
	bit := func(v int8) uint16 {
		if v > 0 {
			return 1
		}
		return 0
	}
	if len(a.SkipBusy) == 0 {
		// x: word b D + j, bit m = x_(16b+m),j; 0 for vectors past N.
		for b := 0; b < (n+15)/16; b++ {
			for j := 0; j < d; j++ {
				var w uint16
				for m := 0; m < 16 && 16*b+m < n; m++ {
					w |= bit(set.X[16*b+m][j]) << m
				}
				beats = append(beats, w)
			}
		}
	} else {
		// x0: word j, bit 0 = x_0j. xj: batch after batch, each busy X word (bit m =
		// x of the layout's vector 16b + m) and then its j word: j, popcount at bit 11.
		for j := 0; j < d; j++ {
			beats = append(beats, bit(set.X[0][j]))
		}
		layout := datapath.NewSkipLayout(set.X)
		for b, busy := range layout.Busy {
			for _, j := range busy {
				var w uint16
				for m := 0; m < 16 && 16*b+m < n; m++ {
					w |= bit(set.X[layout.Order[16*b+m]][j]) << m
				}
				ones := 0
				for x := w; x != 0; x &= x - 1 {
					ones++
				}
				beats = append(beats, w, uint16(j)|uint16(ones)<<11)
			}
		}
	}
	// w: tiles (T/PW) D words of 16 L bits, word g D + j holding W[g PW + s][j] at bits
	// [s 16L/PW, s 16L/PW + W bits) in two's complement, rows past K zero; L beats a
	// word, low first. Tiles: NT in mode H, NTE (the K units and the c row) in SH.
	g := (k + pw - 1) / pw
	tiles := (g + gt - 1) / gt
	if a.Mode == herding.ModeSH {
		tiles = ((k+pw)/pw + gt - 1) / gt
	}
	mask := uint64(1)<<wBits - 1
	for word := 0; word < tiles*gt*d; word++ {
		grp, j := word/d, word%d
		v := make([]uint16, lanes)
		for s := 0; s < pw; s++ {
			if row := grp*pw + s; row < k {
				u := uint64(set.W0[row*d+j]) & mask
				for bit := range wBits {
					at := s*(16*lanes/pw) + bit
					v[at/16] |= uint16(u>>bit&1) << (at % 16)
				}
			}
		}
		beats = append(beats, v...)
	}
	// b and c: one value an item, ceil(bits/16) beats, two's complement, low first.
	value := func(x int64, bits int) {
		u := uint64(x) & (uint64(1)<<bits - 1)
		for q := 0; q < (bits+15)/16; q++ {
			beats = append(beats, uint16(u>>(16*q)))
		}
	}
	for _, x := range set.B0 {
		value(x, a.Regs[datapath.RegB].Format.Word)
	}
	for _, x := range set.C0 {
		value(x, a.Regs[datapath.RegC].Format.Word)
	}
	return beats
}

// TestLoadStreamFromTheDocs: the load stream built from the docs' table equals rtlgen's for
// the default data in mode SH (the energy pass's extra tile), in mode H with one weight a W
// word, with word skip, with W words of seven lanes (weights straddling lanes), and for
// USPS K = 50 as the board runs it (when the data is there).
func TestLoadStreamFromTheDocs(t *testing.T) {
	data := dataset.Default()
	sh := datapath.DefaultArch(16, data.D, data.N(), 0, herding.DefaultSweeps, 2, herding.ModeSH, false)
	h1 := datapath.DefaultArch(5, data.D, data.N(), 2, herding.DefaultSweeps, 2, herding.ModeH, true)
	h1.Regs[datapath.RegW].Format.Word = 30
	h1.Regs[datapath.RegField].Format.Word = 40
	skip := datapath.DefaultArch(10, data.D, data.N(), 3, herding.DefaultSweeps, 2, herding.ModeH, true)
	skip.UseSkip(datapath.NewSkipLayout(data.Rows))
	lanes := datapath.DefaultArch(16, data.D, data.N(), 5, herding.DefaultSweeps, 2, herding.ModeSH, false)
	lanes.Regs[datapath.RegW].Format.Word = 19 // 7 lanes: 5 weights a word, 22-bit slots
	lanes.Regs[datapath.RegField].Format.Word = 24
	lanes.UseLanes(7)
	cases := map[string]struct {
		data *dataset.Binary
		arch datapath.Arch
	}{"default SH": {data, sh}, "default H PW1": {data, h1}, "default H word skip": {data, skip}, "default SH L7": {data, lanes}}
	if dir, err := dataset.ResolveUSPSDir(""); err == nil {
		if usps, err := dataset.Load(dataset.SpecUSPS, dataset.LoadOptions{USPSDir: dir, Digit: 3, Seed: dataset.DefaultSeed}); err == nil {
			a := datapath.DefaultArch(50, usps.D, usps.N(), 4, herding.DefaultSweeps, 2, herding.ModeH, false)
			a.Regs[datapath.RegW].Format.Word = 18
			cases["USPS K=50 H"] = struct {
				data *dataset.Binary
				arch datapath.Arch
			}{usps, a}
		}
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			require.NoError(t, c.arch.Validate())
			set, err := sim.ReferenceVectors(c.data, c.arch, herding.DefaultSeed, 2)
			require.NoError(t, err)
			want := documentedLoadStream(set)
			require.Equal(t, want, rtlgen.SetLoadStream(set), "the serializer disagrees with the docs")
			// And with the load.hex that herdsim rtl writes.
			dir := filepath.Join(t.TempDir(), "rtl")
			_, err = rtlgen.Write(dir, set)
			require.NoError(t, err)
			hex, err := os.ReadFile(filepath.Join(dir, rtlgen.LoadFile))
			require.NoError(t, err)
			var b []byte
			for _, w := range want {
				b = append(b, []byte(hexWord(w))...)
			}
			require.Equal(t, string(b), string(hex))
		})
	}
}

func hexWord(w uint16) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[w>>12], digits[w>>8&15], digits[w>>4&15], digits[w&15], '\n'})
}
