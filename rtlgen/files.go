package rtlgen

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"herdsim/datapath"
	"herdsim/testvectors"
)

// Verilog file names, one module each (named after it).
const (
	CoreFile = "herd_core.v"
	TBFile   = "herd_tb.v"
	// InfoFile records what the folder was generated for (Arch and iterations), so a
	// simulation can refuse a vector set it was not built for.
	InfoFile = "rtl.json"
)

// Board file names written beside the core: the board top and its pin constraints.
const (
	BoardFile = "herd_board.v"
	BoardPCF  = "herd_board.pcf"
	// BoardCST places the board top's ports on the Tang Nano 9K's pins (GW1NR-9): what
	// nextpnr-himbaechel-gowin needs to place the top (it places no port by itself).
	BoardCST = "herd_board.cst"
)

// UP5KSG48Pins are the package pins of the iCE40 UP5K in the sg48 package that can be
// I/O (nextpnr-ice40 accepts a set_io on exactly these; the others are power,
// configuration and ground).
var UP5KSG48Pins = []int{2, 3, 4, 6, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23, 25, 26, 27, 28, 31, 32, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48}

// Sources are the Verilog files of the design an Arch describes, leaves first; the
// testbench is TBFile.
func Sources(datapath.Arch) []string { return TiledSourceFiles }

// Info is the content of InfoFile: what the folder was generated from (the Arch, the
// iteration count, the vector set's seed and the hashes of its input files) and the hash
// of every file it holds, so that a simulation can refuse another set or a changed file.
type Info struct {
	Arch       datapath.Arch     `json:"arch"`
	Iterations int               `json:"iterations"`
	Seed       uint64            `json:"seed"`
	Inputs     map[string]string `json:"inputs"` // the set's x, w0, b0, c0: SHA-256 as its manifest records them
	Files      map[string]string `json:"files"`  // every generated file: SHA-256
	// BoardClockMHz is the iCEBreaker top's PLL clock (absent: its default), and
	// BoardClocksMHz the other boards' (absent: their defaults).
	BoardClockMHz  float64            `json:"board_clock_mhz,omitempty"`
	BoardClocksMHz map[string]float64 `json:"board_clocks_mhz,omitempty"`
}

// BoardClock is the clock a board's top in the folder was generated for.
func (i *Info) BoardClock(b *Board) (BoardClock, error) {
	mhz := i.BoardClocksMHz[b.Name]
	if b == IceBreaker {
		mhz = i.BoardClockMHz
	}
	if mhz == 0 {
		return b.DefaultClock(), nil
	}
	return b.ClockFor(mhz)
}

// setBoardClocks records the boards' clocks that are not their defaults.
func (i *Info) setBoardClocks(clocks BoardClocks) {
	for _, b := range Boards {
		clk := clocks[b.Name]
		if clk.MHz == b.DefaultClock().MHz {
			continue
		}
		if b == IceBreaker {
			i.BoardClockMHz = clk.MHz
			continue
		}
		if i.BoardClocksMHz == nil {
			i.BoardClocksMHz = map[string]float64{}
		}
		i.BoardClocksMHz[b.Name] = clk.MHz
	}
}

// InputFiles are the vector set's files a generated folder is built from.
var InputFiles = []string{testvectors.NameX, testvectors.NameW0, testvectors.NameB0, testvectors.NameC0}

// Verilog returns the Verilog files for an Arch and a testbench of iterations iterations,
// by file name.
func Verilog(a datapath.Arch, iterations int) (map[string]string, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	if iterations < 1 {
		return nil, fmt.Errorf("rtlgen: iterations = %d, must be at least 1", iterations)
	}
	files := map[string]string{
		PhasesFile:    phasesModule(a).render(),
		CoreFile:      wrapperModule(a).render(),
		TBFile:        testbenchModule(a).render(),
		TestbenchFile: HDLSource(TestbenchFile),
	}
	for _, n := range HDLFiles {
		files[n] = HDLSource(n)
	}
	return files, nil
}

// MemoryImages returns the core's $readmemh images for a vector set's data and initial
// weights, by file name (tiledImages). Words are encoded as the vector files are
// (testvectors.Word).
func MemoryImages(s *testvectors.Set) map[string][]byte { return tiledImages(s) }

// Write writes the Verilog, the memory images and InfoFile for a vector set into dir
// (created if needed; files of the same names are replaced), the board tops clocked at
// their defaults. It returns the names written.
func Write(dir string, s *testvectors.Set) ([]string, error) {
	return WriteClocked(dir, s, DefaultBoardClocks())
}

// WriteClocked is Write with each board top's PLL making the board's clock of clocks (a
// board it does not name: its default).
func WriteClocked(dir string, s *testvectors.Set, clocks BoardClocks) ([]string, error) {
	clocks = withDefaultClocks(clocks)
	files, err := Verilog(s.Arch, s.Iterations)
	if err != nil {
		return nil, err
	}
	all := map[string][]byte{}
	for n, v := range files {
		all[n] = []byte(v)
	}
	for n, v := range MemoryImages(s) {
		all[n] = v
	}
	inf := Info{Arch: s.Arch, Iterations: s.Iterations, Seed: s.Seed, Inputs: map[string]string{}, Files: map[string]string{}}
	for n, v := range boardFiles(s.Arch, clocks) { // boards.go: the board tops and their constraints
		all[n] = []byte(v)
	}
	inf.setBoardClocks(clocks)
	for _, n := range InputFiles {
		inf.Inputs[n] = s.FileHash(n)
	}
	// the package: datasheet and FuseSoC description
	all[DatasheetFile] = []byte(datasheet(s.Arch))
	packaged := append(append([]string(nil), TiledSourceFiles...), BoardHDLFiles...)
	for _, b := range Boards {
		packaged = append(packaged, b.File, b.Constraints)
	}
	packaged = append(packaged, BoardCST, TestbenchFile, TBFile, LoadFile, DatasheetFile, InfoFile)
	for n, v := range CocotbFiles() { // cocotb.go: the cocotb testbench, in CocotbDir
		all[n] = v
	}
	packaged = append(packaged, cocotbNames()...)
	desc, err := coreDescription(s.Arch, packaged, clocks)
	if err != nil {
		return nil, err
	}
	all[CoreDescFile] = []byte(desc)
	for n, v := range all {
		sum := sha256.Sum256(v)
		inf.Files[n] = hex.EncodeToString(sum[:])
	}
	info, err := json.MarshalIndent(inf, "", "  ")
	if err != nil {
		return nil, err
	}
	all[InfoFile] = append(info, '\n')
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var names []string
	for n := range all {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		file := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil { // CocotbDir
			return nil, err
		}
		if err := os.WriteFile(file, all[n], 0o644); err != nil {
			return nil, err
		}
	}
	return names, nil
}

// ReadInfo reads InfoFile from a generated folder.
func ReadInfo(dir string) (*Info, error) {
	data, err := os.ReadFile(filepath.Join(dir, InfoFile))
	if err != nil {
		return nil, fmt.Errorf("rtl folder %s: %w (generate it with herdsim rtl)", dir, err)
	}
	var info Info
	if err := json.Unmarshal(data, &info); err != nil {
		return nil, fmt.Errorf("rtl folder %s: %s: %w", dir, InfoFile, err)
	}
	return &info, nil
}

// BoardVerilog is a board's generated top for an Arch (Board.File) at the board's
// default clock.
func BoardVerilog(a datapath.Arch, b *Board) (string, error) {
	if err := a.Validate(); err != nil {
		return "", err
	}
	return b.topModule(a, b.DefaultClock()).render(), nil
}

// withDefaultClocks is clocks with every board it does not name at its default clock.
func withDefaultClocks(clocks BoardClocks) BoardClocks {
	out := DefaultBoardClocks()
	for n, c := range clocks {
		out[n] = c
	}
	return out
}
