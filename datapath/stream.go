package datapath

import (
	"fmt"
	"strings"
)

// The core's load stream (the initial memories, which SPRAM cannot take from a bitstream)
// and its read-back (the final W, b and c): 16-bit beats in parts, each part a run of items
// of the same number of beats, an item's beats low first. This table is the one description
// of the layout: rtlgen's serializer and parser walk it, the Verilog's load and read-back
// counters take their sizes from it (herd_load's parameters), and the docs' table of the
// layout is rendered from it (a test keeps them equal).

// StreamPart is one part of a stream: Items items of Beats beats each.
type StreamPart struct {
	Name   string // the part's name: x, x0, xj, w, b, c
	Items  int    // items of the part
	Beats  int    // beats an item
	Memory string // where the core puts an item
	// ItemsFormula and BeatsFormula are Items and Beats in the docs' notation; Item says
	// what an item's beats hold.
	ItemsFormula, BeatsFormula, Item string
}

// The parts' names.
const (
	PartX  = "x"  // the X words (a design that reads every word)
	PartX0 = "x0" // word skip: vector 0's X words
	PartXJ = "xj" // word skip: each busy X word, then its j word
	PartW  = "w"  // the W words
	PartB  = "b"  // the hidden biases
	PartC  = "c"  // the visible biases
)

// ValueBeats is the beats of a value of width bits: ceil(bits / 16).
func ValueBeats(bits int) int { return (bits + 15) / 16 }

// LoadLayout is the load stream of a tiled Arch: the X part (with word skip, vector 0's
// words and then the busy words with their j words), W, b and c.
func (a *Arch) LoadLayout() []StreamPart {
	s := a.Sizes()
	var parts []StreamPart
	if s.Skip() {
		parts = append(parts,
			StreamPart{PartX0, a.D, 1, "X SPRAM words 0 .. D-1", "D", "1",
				"word j: bit 0 = x_0j (1 = +1), the first iteration's search start"},
			StreamPart{PartXJ, s.XWords, 2, fmt.Sprintf("X SPRAM from word D; W SPRAM 0 from word %d", s.JBase), "sum_b L_b", "2",
				fmt.Sprintf("beat 0: a busy X word of batch b, bit m = x_(16b+m),j in the layout's vector order; "+
					"beat 1: its j word, j in bits 0 .. %d, the X word's popcount in bits %d .. %d", SkipPopShift-1, SkipPopShift, SkipPopShift+4)})
	} else {
		parts = append(parts, StreamPart{PartX, s.XStore, 1, "X SPRAM", "ceil(N/16) D", "1",
			"word b D + j: bit m = x_(16b+m),j (1 = +1; 0 for vectors past N)"})
	}
	return append(parts, a.ReadLayout()...)
}

// ReadLayout is the read-back stream (m_axis_read): W, b and c as the load brings them.
func (a *Arch) ReadLayout() []StreamPart {
	s := a.Sizes()
	bb, cb := a.Regs[RegB].Format.Word, a.Regs[RegC].Format.Word
	return []StreamPart{
		{PartW, s.WWords, s.L, "W memories (beat q: lane q, SPRAM q on the UP5K)", "tiles (T/PW) D", "L (3 on the UP5K)",
			"word g D + j, 16 L bits: slot s, bits [s 16L/PW, s 16L/PW + W bits), = W[g PW + s][j] in two's complement; " +
				"0 for rows past K (tiles: NT, SH's NTE)"},
		{PartB, a.K, ValueBeats(bb), "b memory: word i / PW, slot i mod PW", "K", "ceil(b bits / 16)",
			"b_i in two's complement at b's width, 0 above it"},
		{PartC, a.D, ValueBeats(cb), "c memory: word j", "D", "ceil(c bits / 16)",
			"c_j in two's complement at c's width, 0 above it"},
	}
}

// LayoutDoc is the docs' table of the load and read-back streams (docs/hardware.md, "The
// load and read-back streams"): every part of both layouts, the X part's two forms included.
func LayoutDoc() string {
	every := Arch{K: 3, D: 4, N: 1, Tile: 3, Sweeps: 1} // any valid Arch: the table shows formulas
	for r := range every.Regs {
		every.Regs[r].Format.Word = 8
	}
	skip := every
	skip.SkipBusy = []int{0}
	parts := append(every.LoadLayout()[:1], skip.LoadLayout()[:2]...)
	parts = append(parts, every.ReadLayout()...)
	var b strings.Builder
	b.WriteString("| part | items | beats an item | into | an item |\n| --- | --- | --- | --- | --- |\n")
	for _, p := range parts {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", p.Name, p.ItemsFormula, p.BeatsFormula, p.Memory, p.Item)
	}
	return b.String()
}

// StreamBeats is the beats of a stream's parts.
func StreamBeats(parts []StreamPart) int {
	n := 0
	for _, p := range parts {
		n += p.Items * p.Beats
	}
	return n
}

// Part is the named part of a stream (the zero StreamPart if there is none).
func Part(parts []StreamPart, name string) StreamPart {
	for _, p := range parts {
		if p.Name == name {
			return p
		}
	}
	return StreamPart{}
}
