package rtlgen

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"herdsim/datapath"
	"herdsim/testvectors"
)

// Verilog file names, one module each (named after it).
const (
	CoreFile = "herd_core.v"
	LaneFile = "herd_lane.v"
	TBFile   = "herd_tb.v"
	// InfoFile records what the folder was generated for (Arch and iterations), so a
	// simulation can refuse a vector set it was not built for.
	InfoFile = "rtl.json"
)

// SourceFiles are the Verilog files of the lane design, leaves first; the testbench is
// TBFile.
var SourceFiles = []string{LaneFile, CoreFile}

// Sources are the Verilog files of the design an Arch describes, leaves first.
func Sources(a datapath.Arch) []string {
	if a.Tiled() {
		return TiledSourceFiles
	}
	return SourceFiles
}

// Info is the content of InfoFile: what the folder was generated from (the Arch, the
// iteration count, the vector set's seed and the hashes of its input files) and the hash
// of every file it holds, so that a simulation can refuse another set or a changed file.
type Info struct {
	Arch       datapath.Arch     `json:"arch"`
	Iterations int               `json:"iterations"`
	Seed       uint64            `json:"seed"`
	Inputs     map[string]string `json:"inputs"` // the set's x, w0, b0, c0: SHA-256 as its manifest records them
	Files      map[string]string `json:"files"`  // every generated file: SHA-256
	// BoardClockMHz is the tiled board top's PLL clock (BoardClocks; absent: the default).
	BoardClockMHz float64 `json:"board_clock_mhz,omitempty"`
}

// BoardClock is the board top's clock the folder was generated for.
func (i *Info) BoardClock() (BoardClock, error) {
	if i.BoardClockMHz == 0 {
		return DefaultBoardClock, nil
	}
	return BoardClockFor(i.BoardClockMHz)
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
	if a.Tiled() {
		files := map[string]string{
			PhasesFile: phasesModule(a).render(),
			CoreFile:   wrapperModule(a).render(),
			TBFile:     testbenchModule(a).render(),
		}
		files[TestbenchFile] = HDLSource(TestbenchFile)
		for _, n := range HDLFiles {
			files[n] = HDLSource(n)
		}
		return files, nil
	}
	return map[string]string{
		LaneFile: laneModule(a).render(),
		CoreFile: coreModule(a).render(),
		TBFile:   tbModule(a, iterations).render(),
	}, nil
}

// MemoryImages returns the core's $readmemh images for a vector set's data and initial
// weights, by file name: x.hex (the data), c.hex (c_0), and per lane l w_bank<l>.hex
// (word g D + j holds W_0[g L + l][j], zero for a missing unit of a partial last group)
// and b_bank<l>.hex (word g holds b_0[g L + l]). Words are encoded as the vector files
// are (testvectors.Word).
func MemoryImages(s *testvectors.Set) map[string][]byte {
	a := s.Arch
	if a.Tiled() {
		return tiledImages(s)
	}
	G := a.Groups()
	wW, bW, cW := a.Spec(datapath.RegW).Format.Word, a.Spec(datapath.RegB).Format.Word, a.Spec(datapath.RegC).Format.Word
	out := map[string][]byte{}
	var x, c strings.Builder
	for _, row := range s.X {
		x.WriteString(testvectors.SignsWord(row).Hex(a.D) + "\n")
	}
	for _, v := range s.C0 {
		c.WriteString(testvectors.IntWord(v, cW).Hex(cW) + "\n")
	}
	out[XFile], out[CFile] = []byte(x.String()), []byte(c.String())
	for l := 0; l < a.Lanes; l++ {
		var w, b strings.Builder
		for g := 0; g < G; g++ {
			i := g*a.Lanes + l
			bv := int64(0)
			if i < a.K {
				bv = s.B0[i]
			}
			b.WriteString(testvectors.IntWord(bv, bW).Hex(bW) + "\n")
			for j := 0; j < a.D; j++ {
				wv := int64(0)
				if i < a.K {
					wv = s.W0[i*a.D+j]
				}
				w.WriteString(testvectors.IntWord(wv, wW).Hex(wW) + "\n")
			}
		}
		out[WBankFile(l)], out[BBankFile(l)] = []byte(w.String()), []byte(b.String())
	}
	return out
}

// Write writes the Verilog, the memory images and InfoFile for a vector set into dir
// (created if needed; files of the same names are replaced), the board top clocked at
// DefaultBoardClock. It returns the names written.
func Write(dir string, s *testvectors.Set) ([]string, error) {
	return WriteClocked(dir, s, DefaultBoardClock)
}

// WriteClocked is Write with the tiled board top's PLL making clk (the lane datapath's
// board runs from the 12 MHz oscillator and ignores it).
func WriteClocked(dir string, s *testvectors.Set, clk BoardClock) ([]string, error) {
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
	var board map[string]string
	if s.Arch.Tiled() {
		board = tiledBoardFiles(s.Arch, clk) // tiled_board.go: PLL, link, .pcf
		if clk != DefaultBoardClock {
			inf.BoardClockMHz = clk.MHz
		}
	} else {
		board = BoardFiles(s.Arch, s.Iterations) // board.go: top, .pcf, UART testbench
	}
	for n, v := range board {
		all[n] = []byte(v)
	}
	for _, n := range InputFiles {
		inf.Inputs[n] = s.FileHash(n)
	}
	if s.Arch.Tiled() { // the package: datasheet and FuseSoC description
		all[DatasheetFile] = []byte(datasheet(s.Arch))
		names := append(append(append([]string(nil), TiledSourceFiles...), BoardSourceFiles...), TestbenchFile, TBFile, LoadFile, BoardPCF, DatasheetFile, InfoFile)
		desc, err := coreDescription(s.Arch, names, clk)
		if err != nil {
			return nil, err
		}
		all[CoreDescFile] = []byte(desc)
	}
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
		if err := os.WriteFile(filepath.Join(dir, n), all[n], 0o644); err != nil {
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

// BoardVerilog is the board top's Verilog for an Arch (herd_board.v).
func BoardVerilog(a datapath.Arch, iterations int) (string, error) {
	if err := a.Validate(); err != nil {
		return "", err
	}
	if a.Tiled() {
		return tiledBoardFiles(a, DefaultBoardClock)[BoardFile], nil
	}
	return BoardFiles(a, iterations)[BoardFile], nil
}
