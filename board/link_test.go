package board

import (
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/herding"
	"herdsim/rtlgen"
)

// TestEncodeFrameChecksItself: a host frame's CRC leaves the board's running CRC at zero
// (the board's test for an intact frame), and any flipped bit does not.
func TestEncodeFrameChecksItself(t *testing.T) {
	f := EncodeFrame(rtlgen.FrameLoad, 7, []uint16{0x1234, 0xffff, 0})
	require.Equal(t, []byte{rtlgen.BoardSync, 'L', 7, 3, 0x34, 0x12, 0xff, 0xff, 0, 0}, f[:10])
	require.Zero(t, rtlgen.CRC16(f[1:]))
	for bit := 8; bit < 8*len(f); bit++ {
		g := append([]byte(nil), f...)
		g[bit/8] ^= 1 << (bit % 8)
		require.NotZero(t, rtlgen.CRC16(g[1:]), "bit %d", bit)
	}
	require.Panics(t, func() { EncodeFrame(rtlgen.FrameLoad, 0, make([]uint16, rtlgen.MaxBeats+1)) })
}

// TestIdentNamesTheDesign: the IDENT payload rtlgen puts in the board parses back, and a
// design that differs in one width has another ID.
func TestIdentNamesTheDesign(t *testing.T) {
	a := datapath.DefaultArch(6, 64, 128, 1, herding.DefaultSweeps, 1, herding.ModeSH, false)
	a.Tile = 3
	info, err := parseIdent(rtlgen.Ident(a))
	require.NoError(t, err)
	require.Equal(t, IdentInfo{Version: rtlgen.LinkVersion, Mode: int(herding.ModeSH), DesignID: rtlgen.DesignID(a), RB: a.Sizes().RB}, info)
	b := a
	b.Regs[datapath.RegC].Format.Word++
	require.NotEqual(t, rtlgen.DesignID(a), rtlgen.DesignID(b))
	_, err = parseIdent([]byte("HERX00000000"))
	require.Error(t, err)
}
