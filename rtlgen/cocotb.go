package rtlgen

import (
	"embed"
	"path"
	"sort"
)

// The cocotb testbench: Python files in cocotb/, copied as they are into CocotbDir of a
// generated folder. run.py builds herd_core with Icarus and runs test_herd_core.py against a
// vector set: cocotbext-axi's sources and sinks drive the four streams under random
// backpressure, and every word is checked against the golden files as herd_vectors.py
// reads them, a reader of the vector set format written from its specification, apart
// from package testvectors. requirements.txt pins the Python packages it needs.

//go:embed cocotb/*.py cocotb/requirements.txt
var cocotbFS embed.FS

// CocotbDir is the folder of the cocotb testbench in a generated folder; CocotbRunner its
// entry point and CocotbRequirements its pinned Python packages.
const (
	CocotbDir          = "cocotb"
	CocotbRunner       = CocotbDir + "/run.py"
	CocotbRequirements = CocotbDir + "/requirements.txt"
)

// CocotbFiles are the cocotb testbench's files by their slash-separated names in a generated
// folder (CocotbDir/...).
func CocotbFiles() map[string][]byte {
	entries, err := cocotbFS.ReadDir(CocotbDir)
	if err != nil {
		panic("rtlgen: the embedded cocotb testbench: " + err.Error()) // embedded at build time
	}
	files := map[string][]byte{}
	for _, e := range entries {
		name := path.Join(CocotbDir, e.Name())
		data, err := cocotbFS.ReadFile(name)
		if err != nil {
			panic("rtlgen: the embedded cocotb testbench: " + err.Error())
		}
		files[name] = data
	}
	return files
}

// cocotbNames are CocotbFiles' names, sorted.
func cocotbNames() []string {
	var names []string
	for n := range CocotbFiles() {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
