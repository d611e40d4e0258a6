package synth

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// LUTLevels is the longest combinational path of a mapped netlist between sequential cells
// (flip-flops, block and LUT RAM, shift registers, DSP blocks, I/O buffers), in LUT levels:
// a LUT or a LUT-stage mux (MUXF7/8, PFUMX, L6MUX21, MUX2_LUT*) counts one level, a carry
// cell none (its chain is fast, dedicated routing) and an inverter none (it folds into the
// LUT it feeds). It stands in for timing where no open router exists (Xilinx 7-series), so
// that the timing discipline is visible; the routed families report it beside their Fmax.
func LUTLevels(netlistJSON, top string) (int, error) {
	data, err := os.ReadFile(netlistJSON)
	if err != nil {
		return 0, err
	}
	var doc struct {
		Modules map[string]struct {
			Cells map[string]netCell `json:"cells"`
		} `json:"modules"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return 0, fmt.Errorf("synth: the netlist %s: %w", netlistJSON, err)
	}
	mod, ok := doc.Modules[top]
	if !ok {
		return 0, fmt.Errorf("synth: the netlist %s has no module %s", netlistJSON, top)
	}
	g := newLevelGraph(mod.Cells)
	most := 0
	for name := range g.cells {
		most = max(most, g.depth(name))
	}
	return most, nil
}

// netCell is a cell of Yosys's JSON netlist: its type, port directions and the bits on
// each port (numbers are nets, strings are constants).
type netCell struct {
	Type        string                       `json:"type"`
	Directions  map[string]string            `json:"port_directions"`
	Connections map[string][]json.RawMessage `json:"connections"`
}

// levelWeight is a combinational cell's levels; ok is false for a sequential or boundary
// cell, where paths start and end.
func levelWeight(typ string) (w int, ok bool) {
	switch {
	case strings.HasPrefix(typ, "LUT"), typ == "SB_LUT4", strings.HasPrefix(typ, "MUX2_LUT"),
		typ == "MUXF7", typ == "MUXF8", typ == "PFUMX", typ == "L6MUX21":
		return 1, true
	case typ == "CARRY4", typ == "SB_CARRY", typ == "CCU2C", typ == "ALU", typ == "INV":
		return 0, true
	}
	return 0, false
}

type levelGraph struct {
	cells  map[string]netCell
	driver map[string]string // net -> the combinational cell driving it
	memo   map[string]int
	onPath map[string]bool
}

func newLevelGraph(cells map[string]netCell) *levelGraph {
	g := &levelGraph{cells: map[string]netCell{}, driver: map[string]string{}, memo: map[string]int{}, onPath: map[string]bool{}}
	for name, c := range cells {
		if _, ok := levelWeight(c.Type); !ok {
			continue
		}
		g.cells[name] = c
		for port, bits := range c.Connections {
			if c.Directions[port] == "output" {
				for _, b := range bits {
					g.driver[string(b)] = name
				}
			}
		}
	}
	return g
}

// depth is the most levels of a path ending at cell's output (a combinational loop, which
// a synchronous design has none of, is cut where it closes).
func (g *levelGraph) depth(name string) int {
	if d, ok := g.memo[name]; ok {
		return d
	}
	if g.onPath[name] {
		return 0
	}
	g.onPath[name] = true
	c := g.cells[name]
	in := 0
	for port, bits := range c.Connections {
		if c.Directions[port] != "input" {
			continue
		}
		for _, b := range bits {
			if d, ok := g.driver[string(b)]; ok {
				in = max(in, g.depth(d))
			}
		}
	}
	g.onPath[name] = false
	w, _ := levelWeight(c.Type)
	g.memo[name] = in + w
	return in + w
}
