package rtlgen

import (
	"embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// The core's Verilog sources. The hand-written modules live in hdl/ as parameterized
// Verilog-2005 files, copied into a generated folder as they are; Go renders only what a
// parameter cannot carry (CoreFile, the wrapper that sets the parameters of an Arch;
// PhasesFile, the phase machine of datapath.Schedule; the ROM and memory images).

//go:embed hdl/*.v
var hdlFS embed.FS

// The hand-written sources of the core, leaves first (hdl/). Each is lint-clean with
// verilator --lint-only -Wall on its own, at its default parameters.
var HDLFiles = []string{
	"herd_lt.v", "herd_cast.v", "herd_ram.v", "herd_spram.v", "herd_acc_array.v", "herd_skip.v",
	"herd_load.v", "herd_cmd.v", "herd_addr.v", "herd_prefetch.v", "herd_pass.v", "herd_positive.v",
	"herd_writeback.v", "herd_search.v", "herd_energy.v", "herd_record.v", "herd_tiled_core.v",
}

// Generated files of the core.
const (
	PhasesFile = "herd_phases.v" // the phase machine (renderPhases)
	// AccArrayFile is the accumulator array, whose own testbench is AccArrayTBFile.
	AccArrayFile   = "herd_acc_array.v"
	AccArrayTBFile = "herd_acc_array_tb.v"
)

// TiledSourceFiles are the core's Verilog files, leaves first: the hand-written ones, the
// phase machine and the wrapper herd_core. The testbench is TBFile, the board top
// BoardSourceFiles.
var TiledSourceFiles = append(append([]string(nil), HDLFiles...), PhasesFile, CoreFile)

// LinkHDLFiles are the hand-written sources every board top shares, leaves first: the host
// link and herd_linked (power-on reset, link and core).
var LinkHDLFiles = []string{"herd_uart_rx.v", "herd_uart_tx.v", "herd_crc16.v", "herd_link.v", "herd_linked.v"}

// BoardHDLFiles are the hand-written sources of the board tops: LinkHDLFiles and each
// board's top (Board.Module), leaves first. A generated top (Board.File) sets a design's
// parameters on its board's.
var BoardHDLFiles = func() []string {
	files := append([]string(nil), LinkHDLFiles...)
	for _, b := range Boards {
		files = append(files, b.Module+".v")
	}
	return files
}()

// BoardSourceFiles are herd_board's (the iCEBreaker top's) Verilog files beyond the
// core's, leaves first.
var BoardSourceFiles = IceBreaker.Sources()

// HDLSource is the text of a hand-written source of hdl/ (HDLFiles, AccArrayTBFile).
func HDLSource(name string) string {
	data, err := hdlFS.ReadFile("hdl/" + name)
	if err != nil {
		panic(fmt.Sprintf("rtlgen: %s is not an embedded source: %v", name, err)) // embedded at build time
	}
	return string(data)
}

// UP5KDefine is the Verilog macro that makes the core use the iCE40 UP5K's primitives
// (SB_SPRAM256KA for X and W, SB_MAC16 for MACAccumulators field accumulators); without it
// the same files describe equivalent behavioural logic.
const UP5KDefine = "HERD_ICE40_UP5K"

// MACAccumulators is how many of the field accumulators (WRAP mode) herd_acc_array puts
// in DSP blocks: the UP5K's 8 SB_MAC16, one 32-bit accumulator each.
const MACAccumulators = 8

// ICE40CellModels returns the path of Yosys's simulation models of the iCE40 primitives.
func ICE40CellModels() (string, error) { return CellModels("ice40") }

// CellModels returns the path of Yosys's simulation models of a family's primitives
// (share/yosys/<family>/cells_sim.v: ice40, ecp5, gowin, xilinx), found where Yosys finds
// its share folder: beside its binary.
func CellModels(family string) (string, error) {
	yosys, err := exec.LookPath("yosys")
	if err != nil {
		return "", fmt.Errorf("the %s cell models come with yosys, which is not on PATH (apt-get install yosys)", family)
	}
	cells := filepath.Join(filepath.Dir(yosys), "..", "share", "yosys", family, "cells_sim.v")
	if _, err := os.Stat(cells); err != nil {
		return "", fmt.Errorf("Yosys's %s cell models: %w", family, err)
	}
	return cells, nil
}
