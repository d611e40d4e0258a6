package herdrun

import (
	"bufio"
	"cmp"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"herdsim/herding"
)

// Bytes the run keeps per iteration besides the engine, measured with gonum/plot's line
// plotter: the moment-error curve (8, allocated once for the whole run) and, per learning
// iteration, moment_error.png's points (the curve, its bound and both series copied by
// momentPlot, pictures and gonum/plot, then the drawn path).
const (
	bytesPerIteration     = 8
	bytesPerPlottedPoint  = 600
	runtimeBaseline       = 32 << 20 // the Go runtime, output buffers, pictures of up to 100 filters
	fallbackMemoryLimit   = 64 << 30 // when the machine's memory cannot be read
	fallbackMemorySource  = "a fixed cap: the machine's memory could not be read"
	unlimitedCgroupMemory = 1 << 60 // cgroup v1 reports "no limit" as a number near 2^63
)

// MemoryEstimate lists what a run of opt on data of n vectors of length d allocates: the
// engine (herding.MemoryEstimate) and what this package keeps, largest first.
func MemoryEstimate(n, d int, opt Options) []herding.MemoryPart {
	parts := herding.MemoryEstimate(n, d, opt.Config, opt.Decoupled > 0)
	total := float64(max(opt.Iterations, 0)) + float64(max(opt.Decoupled, 0))
	k := float64(max(opt.Config.Hidden, 0))
	parts = append(parts,
		herding.MemoryPart{What: "the moment-error curve and its plot (T iterations)",
			Bytes: bytesPerIteration*total + bytesPerPlottedPoint*float64(max(opt.Iterations, 0))},
		herding.MemoryPart{What: "the Go runtime, output buffers and the rate pictures",
			Bytes: runtimeBaseline + 8*math.Min(k, 100)*float64(d)*4 + 64*float64(d)},
	)
	slices.SortStableFunc(parts, func(a, b herding.MemoryPart) int { return cmp.Compare(b.Bytes, a.Bytes) })
	return parts
}

// MemoryError is Run's refusal of a run whose estimated memory exceeds the limit.
type MemoryError struct {
	Need        float64              // estimated bytes
	Limit       float64              // bytes the run may use
	LimitSource string               // where Limit came from
	Parts       []herding.MemoryPart // the estimate, largest first
	N, D, K     int
	Iterations  int // T learning plus decoupled iterations
}

func (e *MemoryError) Error() string {
	var largest []string
	for _, p := range e.Parts[:min(3, len(e.Parts))] {
		largest = append(largest, fmt.Sprintf("%s %s", p.What, formatBytes(p.Bytes)))
	}
	return fmt.Sprintf("a run with K = %d hidden units on N = %d vectors of D = %d for %d iterations needs about %s of memory, more than the %s available (%s); the largest parts: %s",
		e.K, e.N, e.D, e.Iterations, formatBytes(e.Need), formatBytes(e.Limit), e.LimitSource, strings.Join(largest, ", "))
}

// checkMemory refuses opt when its estimate exceeds opt.MemoryLimit, or what the machine
// has available when that is 0. It returns the limit it checked against.
func checkMemory(n, d int, opt Options) (float64, error) {
	parts := MemoryEstimate(n, d, opt)
	need := 0.0
	for _, p := range parts {
		need += p.Bytes
	}
	limit, source := float64(opt.MemoryLimit), "the limit set"
	if opt.MemoryLimit == 0 {
		limit, source = availableMemory()
	}
	if need <= limit {
		return limit, nil
	}
	return limit, &MemoryError{Need: need, Limit: limit, LimitSource: source, Parts: parts,
		N: n, D: d, K: opt.Config.Hidden, Iterations: opt.Iterations + opt.Decoupled}
}

// softMemoryLimit sets the Go runtime's soft memory limit to limit for the run, unless one
// is set already (GOMEMLIMIT), and returns what restores it. The estimate counts live
// memory; without a limit the collector lets the heap grow to twice the live heap
// (GOGC=100) before it collects the garbage of the iterations, which for a run near the
// limit would exceed it.
func softMemoryLimit(limit float64) (restore func()) {
	if debug.SetMemoryLimit(-1) != math.MaxInt64 || !(limit < math.MaxInt64) {
		return func() {}
	}
	prev := debug.SetMemoryLimit(int64(limit))
	return func() { debug.SetMemoryLimit(prev) }
}

// availableMemory is MemAvailable from /proc/meminfo, lowered to the memory limit of the
// process's cgroup if one is set (v2 memory.max, v1 memory.limit_in_bytes), or a fixed
// cap when neither can be read. Reading them costs a few small file reads.
func availableMemory() (float64, string) {
	limit, source := math.Inf(1), ""
	if kb, ok := meminfoField("/proc/meminfo", "MemAvailable"); ok {
		limit, source = kb*1024, "MemAvailable in /proc/meminfo"
	}
	for _, path := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		if b, ok := readNumber(path); ok && b < unlimitedCgroupMemory && b < limit {
			limit, source = b, "the cgroup memory limit in "+path
		}
	}
	if math.IsInf(limit, 1) {
		return fallbackMemoryLimit, fallbackMemorySource
	}
	return limit, source
}

// meminfoField reads one "Name:   value kB" line of a /proc/meminfo-style file.
func meminfoField(path, name string) (float64, bool) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok || key != name {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
		return v, err == nil
	}
	return 0, false
}

// readNumber reads a file holding one number (a cgroup limit); "max" is not a number.
func readNumber(path string) (float64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(string(b)), 64)
	return v, err == nil
}

// formatBytes writes a byte count in binary units with three significant digits.
func formatBytes(b float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := 0
	for b >= 1024 && i < len(units)-1 {
		b /= 1024
		i++
	}
	switch {
	case i == 0 || b >= 100:
		return fmt.Sprintf("%.0f %s", b, units[i])
	case b >= 10:
		return fmt.Sprintf("%.1f %s", b, units[i])
	}
	return fmt.Sprintf("%.2f %s", b, units[i])
}
