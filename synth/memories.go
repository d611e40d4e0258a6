package synth

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Memory is one memory of the design as Yosys infers it (a $mem_v2 cell after
// flattening), before the family maps it.
type Memory struct {
	Name  string `json:"name"` // its hierarchical name, e.g. board.host.core.core.xram.mem
	Width int    `json:"width"`
	Words int    `json:"words"`
}

// Bits is the memory's size.
func (m Memory) Bits() int { return m.Width * m.Words }

// MemoryError is a memory of MemoryLogicBits or more that Yosys mapped to LUT RAM or to
// flip-flops instead of the family's block RAM (a coding style the family cannot infer,
// or a memory too wide or deep for its block RAM's modes).
type MemoryError struct {
	Memory Memory
	Family string
	How    string // "LUT RAM ($__X_LUTRAM_)" or "flip-flops and logic"
}

func (e *MemoryError) Error() string {
	return fmt.Sprintf("synth: memory %s (%d x %d bits, %d bits) maps to %s on %s, not block RAM: every memory of %d bits or more must be block RAM",
		e.Memory.Name, e.Memory.Words, e.Memory.Width, e.Memory.Bits(), e.How, e.Family, MemoryLogicBits)
}

// readMemories reads memories.txt, the $mem_v2 cells as Yosys dumps them (RTLIL: a
// "cell $mem_v2 NAME" line, then its "parameter \SIZE n" and "parameter \WIDTH n").
func readMemories(path string) ([]Memory, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var mems []Memory
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 3 && f[0] == "cell" && f[1] == "$mem_v2":
			mems = append(mems, Memory{Name: strings.TrimPrefix(f[2], "\\")})
		case len(f) == 3 && f[0] == "parameter" && len(mems) > 0:
			n, err := strconv.Atoi(f[2])
			if f[1] == "\\SIZE" && err == nil {
				mems[len(mems)-1].Words = n
			} else if f[1] == "\\WIDTH" && err == nil {
				mems[len(mems)-1].Width = n
			}
		}
	}
	for _, m := range mems {
		if m.Words <= 0 || m.Width <= 0 {
			return nil, fmt.Errorf("synth: the memory list %s: %s has no size", path, m.Name)
		}
	}
	sort.Slice(mems, func(i, j int) bool { return mems[i].Name < mems[j].Name })
	return mems, nil
}

var (
	reViaMapping  = regexp.MustCompile(`(?m)^mapping memory (\S+) via (\S+)$`)
	reLogicMaping = regexp.MustCompile("(?m)^Mapping memory (\\S+) in module (\\S+):$")
)

// checkMemories finds, in the Yosys log, how each memory of MemoryLogicBits or more was
// mapped; one that is not the family's block RAM is a *MemoryError.
func checkMemories(mems []Memory, log string, fam *Family) error {
	how := map[string]string{} // memory name's last two parts -> how it was mapped
	for _, m := range reViaMapping.FindAllStringSubmatch(log, -1) {
		kind := "LUT RAM (" + m[2] + ")"
		for _, b := range fam.blockRAM {
			if m[2] == b {
				kind = ""
			}
		}
		how[tail(m[1])] = kind
	}
	for _, m := range reLogicMaping.FindAllStringSubmatch(log, -1) {
		how[tail(strings.TrimPrefix(m[2], "\\")+"."+strings.TrimPrefix(m[1], "\\"))] = "flip-flops and logic"
	}
	for _, m := range mems {
		if m.Bits() < MemoryLogicBits {
			continue
		}
		if kind := how[tail(m.Name)]; kind != "" {
			return &MemoryError{Memory: m, Family: fam.Name, How: kind}
		}
	}
	return nil
}

// tail is the last two dot-separated parts of a memory's name (instance and memory): the
// log names it from the top module, the JSON from inside it.
func tail(name string) string {
	parts := strings.Split(name, ".")
	if len(parts) > 2 {
		parts = parts[len(parts)-2:]
	}
	return strings.Join(parts, ".")
}
