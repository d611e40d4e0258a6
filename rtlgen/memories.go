package rtlgen

import (
	"math/bits"
	"strconv"

	"herdsim/datapath"
)

// Memory is one memory of the core: its instance (the hdl/ module's herd_ram or
// herd_spram), its word width and its words, as the Verilog sizes it for an Arch.
type Memory struct {
	Name  string
	Width int
	Words int
	// Block: a herd_ram, whose ram_style asks for block RAM however small; a herd_spram (X,
	// W) is left to the tool, which puts a small one in LUT RAM.
	Block bool
	// Slots are its write-enable slots (herd_ram's SLOTS: b's PW biases a word, each
	// written alone), 1 for a memory written a whole word at a time.
	Slots int
}

// Bits is the memory's size.
func (m Memory) Bits() int { return m.Width * m.Words }

// CoreMemories are the memories of herd_core for an Arch, as herd_tiled_core and its
// blocks size them (every herd_ram and herd_spram instance): what a part's block RAM must
// hold. A synthesis test compares the list with the memories Yosys finds in the Verilog.
// The board tops add the link's frame buffer (LinkMemories).
func CoreMemories(a datapath.Arch) []Memory {
	s := a.Sizes()
	w := func(r datapath.Reg) int { return a.Regs[r].Format.Word }
	dw := max(1, bits.Len(uint(a.D-1)))
	xbw := 16 // herd_positive's previous batch's X words; word skip: {popcount, j, X word}
	if s.Skip() {
		xbw += dw + 5
	}
	slotW := 1 // herd_record: a beat's offset in its slot, the slots filling 256 words
	if s.RB > 2 {
		slotW = bits.Len(uint(s.RB - 1))
	}
	slotsW := max(1, 8-slotW)
	mems := []Memory{{Name: "xram", Width: 16, Words: s.XWordsHeld(), Slots: 1}}
	for q := range s.L {
		mems = append(mems, Memory{Name: "wram" + strconv.Itoa(q), Width: 16, Words: s.WWordsHeld(q), Slots: 1})
	}
	ram := func(name string, width, words, slots int) Memory {
		return Memory{Name: name, Width: width, Words: words, Block: true, Slots: slots}
	}
	mems = append(mems,
		ram("tile_mem", a.Tile*w(datapath.RegW), a.D, 1),
		ram("b_mem", s.PW*w(datapath.RegB), s.NTE*s.GT, s.PW),
		ram("c_mem", w(datapath.RegC), a.D, 1),
		ram("sx_mem", w(datapath.RegPositive), a.D, 1),
		ram("p_mem", a.Tile*w(datapath.RegPositive), a.D, 1),
		ram("rb_mem", s.PW*w(datapath.RegW), 2*a.D, 1),
		ram("xs_mem", 1, a.D, 1),
		ram("zs_mem", s.PW, s.NT*s.GT+1, 1),
		ram("vis_mem", w(datapath.RegVisField), a.D, 1),
		ram("ob_mem", 16, 1<<(slotsW+slotW), 1),
	)
	mems = append(mems, ram("xb_mem", xbw, a.D, 1))
	for c := 1; c < xbCopies(a.Tile); c++ {
		mems = append(mems, ram("xb_mem"+strconv.Itoa(c), 16, a.D, 1)) // the X word alone
	}
	if s.SH {
		mems = append(mems, ram("e_mem", w(datapath.RegEnergy), a.N, 1))
	}
	if s.Skip() {
		mems = append(mems, ram("pass_rom", cycleWidth(s), s.NB+1, 1), ram("busy_rom", dw+1, s.NB+1, 1))
	}
	return mems
}

// xbCopies is how many copies of the previous batch's X words herd_positive keeps (its
// XB_COPIES): one for each 16 rows of the tile, so that no block RAM's read fans out to
// more than 16 rows' popcounts (at T = 56 from one, that net set the ECP5-85F's routed
// critical path).
func xbCopies(tile int) int { return (tile + xbRowsPerCopy - 1) / xbRowsPerCopy }

const xbRowsPerCopy = 16

// LinkMemories are the host link's memories (herd_link's frame buffer), in every board top.
func LinkMemories() []Memory {
	return []Memory{{Name: "fbuf", Width: 16, Words: 256, Block: true, Slots: 1}}
}
