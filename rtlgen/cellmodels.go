package rtlgen

import (
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Yosys ships each family's cell models (share/yosys/<family>/cells_sim.v), but in Debian's
// Yosys 0.23 the block RAMs of the ECP5, Gowin and Xilinx 7-series models are port lists
// without behaviour: a netlist that instantiates them simulates, and reads 0 from every
// block RAM. herdsim models those primitives itself (hdl/cells/, written from the vendors'
// descriptions of the modes Yosys's mappings use) and simulates a netlist with Yosys's
// models minus those modules, plus its own.

//go:embed hdl/cells/*.v hdl/cells/*.vh
var cellsFS embed.FS

// ownCellModels are, per family, herdsim's model file in hdl/cells/ and the primitives it
// defines (they replace Yosys's modules of the same names).
var ownCellModels = map[string]struct {
	file    string
	modules []string
}{
	"ecp5":   {"ecp5_dp16kd.v", []string{"DP16KD"}},
	"gowin":  {"gowin_bsram.v", []string{"SP", "SPX9", "SDPB", "SDPX9B", "DPB", "DPX9B"}},
	"xilinx": {"xilinx_ramb18e1.v", []string{"RAMB18E1", "RAMB36E1"}},
}

// CellModelSource is the text of herdsim's model file of a family's primitives, "" for a
// family whose Yosys models it takes as they are.
func CellModelSource(family string) string {
	own, ok := ownCellModels[family]
	if !ok {
		return ""
	}
	data, err := cellsFS.ReadFile("hdl/cells/" + own.file)
	if err != nil {
		panic(fmt.Sprintf("rtlgen: cell model %s is not embedded: %v", own.file, err)) // embedded at build time
	}
	return string(data)
}

// CellModelIncludes are the headers herdsim's models include (hdl/cells/*.vh), by name.
func CellModelIncludes() map[string]string {
	entries, err := cellsFS.ReadDir("hdl/cells")
	if err != nil {
		panic("rtlgen: the embedded cell models: " + err.Error()) // embedded at build time
	}
	includes := map[string]string{}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".vh") {
			data, err := cellsFS.ReadFile("hdl/cells/" + e.Name())
			if err != nil {
				panic("rtlgen: the embedded cell models: " + err.Error())
			}
			includes[e.Name()] = string(data)
		}
	}
	return includes
}

// writeCellIncludes writes CellModelIncludes into dir (where a build reads its sources).
func writeCellIncludes(dir string) error {
	for name, text := range CellModelIncludes() {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// NetlistCellModelFiles are the files WriteNetlistCellModels writes: Yosys's models (as
// YosysCellsFile, less the modules herdsim models) and herdsim's own.
const (
	// Not cells_sim.v: Verilator looks for a source's name in its -I folders too, and would
	// find Yosys's own copy there.
	YosysCellsFile = "herd_yosys_cells.v"
	OwnCellsFile   = "herd_cells.v"
)

// WriteNetlistCellModels writes into dir the cell models a netlist of family simulates with,
// taking Yosys's from its share folder (<share>/<family>/cells_sim.v: the Yosys that
// synthesised the netlist), and returns their file names (compile them with -I
// <share>/<family>: Yosys's models include headers from it) and their text (for
// CheckCellModels).
func WriteNetlistCellModels(dir, family, share string) (files []string, text string, err error) {
	data, err := os.ReadFile(filepath.Join(share, family, "cells_sim.v"))
	if err != nil {
		return nil, "", fmt.Errorf("Yosys's %s cell models: %w", family, err)
	}
	yosys := string(data)
	own, ok := ownCellModels[family]
	if !ok {
		return []string{YosysCellsFile}, yosys, os.WriteFile(filepath.Join(dir, YosysCellsFile), data, 0o644)
	}
	for _, m := range own.modules {
		yosys = dropModule(yosys, m)
	}
	model := CellModelSource(family)
	if err := os.WriteFile(filepath.Join(dir, YosysCellsFile), []byte(yosys), 0o644); err != nil {
		return nil, "", err
	}
	if err := os.WriteFile(filepath.Join(dir, OwnCellsFile), []byte(model), 0o644); err != nil {
		return nil, "", err
	}
	if err := writeCellIncludes(dir); err != nil {
		return nil, "", err
	}
	return []string{YosysCellsFile, OwnCellsFile}, yosys + model, nil
}

// dropModule removes module name's definition (module ... endmodule) from Verilog text.
func dropModule(text, name string) string {
	re := regexp.MustCompile(`(?ms)^\s*module\s+` + regexp.QuoteMeta(name) + `\b.*?^\s*endmodule\b[^\n]*\n?`)
	return re.ReplaceAllString(text, "")
}

// CheckCellModels refuses a netlist that instantiates a cell whose model has no behaviour
// (no assign, always, initial or instance: a timing-only port list, which simulates as
// constant outputs), naming the cells. models is the text of the models the netlist
// simulates with.
func CheckCellModels(netlist, models, family string) error {
	bodies := moduleBodies(models)
	var empty []string
	for _, cell := range instantiatedCells(netlist) {
		body, ok := bodies[cell]
		if ok && !hasBehaviour(body) {
			empty = append(empty, cell)
		}
	}
	if len(empty) > 0 {
		return fmt.Errorf("the %s netlist uses %s, whose cell model has no behaviour (Yosys's is a timing-only port list and herdsim has none): its simulation would read constants", family, strings.Join(empty, ", "))
	}
	return nil
}

var (
	moduleRe   = regexp.MustCompile(`(?ms)^\s*module\s+(\\?\S+?)[\s#(;](.*?)^\s*endmodule\b`)
	specifyRe  = regexp.MustCompile(`(?s)\bspecify\b.*?\bendspecify\b`)
	commentRe  = regexp.MustCompile(`(?s)//[^\n]*|/\*.*?\*/`)
	behaviorRe = regexp.MustCompile(`\b(assign|always|initial)\b`)
	// An instance: a name, optional parameters, an instance name and its connections.
	instanceRe = regexp.MustCompile(`(?m)^\s*([A-Za-z_][\w$]*)\s+(?:#\s*\(|\\?[A-Za-z_][^\s(]*\s*\()`)
	declWords  = map[string]bool{"input": true, "output": true, "inout": true, "wire": true, "reg": true,
		"parameter": true, "localparam": true, "integer": true, "genvar": true, "function": true, "task": true,
		"module": true, "real": true, "time": true, "specparam": true, "supply0": true, "supply1": true, "tri": true}
)

// moduleBodies maps each module of Verilog text to its body (comments and specify blocks
// removed).
func moduleBodies(text string) map[string]string {
	text = commentRe.ReplaceAllString(text, "")
	bodies := map[string]string{}
	for _, m := range moduleRe.FindAllStringSubmatch(text, -1) {
		bodies[m[1]] = specifyRe.ReplaceAllString(m[2], "")
	}
	return bodies
}

func hasBehaviour(body string) bool {
	if behaviorRe.MatchString(body) {
		return true
	}
	for _, m := range instanceRe.FindAllStringSubmatch(body, -1) {
		if !declWords[m[1]] {
			return true
		}
	}
	return false
}

// instantiatedCells lists the module names a netlist instantiates, sorted.
func instantiatedCells(netlist string) []string {
	seen := map[string]bool{}
	for _, body := range moduleBodies(netlist) {
		for _, m := range instanceRe.FindAllStringSubmatch(body, -1) {
			if !declWords[m[1]] {
				seen[m[1]] = true
			}
		}
	}
	cells := make([]string, 0, len(seen))
	for c := range seen {
		cells = append(cells, c)
	}
	sort.Strings(cells)
	return cells
}
