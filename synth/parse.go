package synth

import (
	"bufio"
	"regexp"
	"strconv"
	"strings"
)

// ParseYosysStat reads the cell counts of module top from a Yosys log: the last
// "Printing statistics" block's "=== top ===" section, cell name -> count. Yosys 0.23
// writes "     SB_LUT4      1670" under "Number of cells:"; newer versions write the count
// first ("  1670   SB_LUT4"); both are read. It returns nil when the log has no such
// section.
func ParseYosysStat(log, top string) map[string]int {
	head := "=== " + top + " ==="
	i := strings.LastIndex(log, head)
	if i < 0 {
		return nil
	}
	cells := map[string]int{}
	in := false
	sc := bufio.NewScanner(strings.NewReader(log[i+len(head):]))
	for sc.Scan() {
		line := sc.Text()
		f := strings.Fields(line)
		switch {
		case strings.HasPrefix(strings.TrimSpace(line), "==="):
			return cells
		case strings.Contains(line, "Number of cells") || (len(f) == 2 && f[1] == "cells"):
			in = true
			continue
		}
		if !in {
			continue
		}
		if len(f) == 2 && f[1] == "submodules" { // newer Yosys: library cells listed under it
			continue
		}
		if len(f) != 2 {
			if len(cells) > 0 {
				return cells
			}
			continue
		}
		if n, err := strconv.Atoi(f[1]); err == nil && !isNumber(f[0]) {
			cells[f[0]] = n
		} else if n, err := strconv.Atoi(f[0]); err == nil {
			cells[f[1]] = n
		} else if len(cells) > 0 {
			return cells
		}
	}
	return cells
}

func isNumber(s string) bool { _, err := strconv.Atoi(s); return err == nil }

// Use is one line of nextpnr's "Device utilisation" table.
type Use struct {
	Used      int `json:"used"`
	Available int `json:"available"`
}

// NextpnrReport is what a nextpnr-ice40 log says.
type NextpnrReport struct {
	Utilisation map[string]Use // the last "Device utilisation" table, by bel type (ICESTORM_LC, ...)
	FmaxMHz     float64        // the last "Max frequency for clock" line (after routing); 0 if none
	Clock       string         // its clock net
	TargetMHz   float64
	Pass        bool     // the last Fmax line says PASS
	Errors      []string // the ERROR: lines, without the prefix
	Exceeded    []string // bel types used beyond what the device has, "ICESTORM_LC 8839/7680"
	Paths       []Path   // the critical paths nextpnr reports after routing, one per clock domain pair
}

// Path is one of nextpnr's critical-path reports: from its first source to its last sink.
type Path struct {
	Clocks    string  `json:"clocks"`     // e.g. "clk (posedge -> posedge)" or "clk -> <async>"
	From      string  `json:"from"`       // the first cell pin (a register's output)
	To        string  `json:"to"`         // the last cell pin
	DelayNS   float64 `json:"delay_ns"`   // the path's total delay, the sink's setup time included
	LogicNS   float64 `json:"logic_ns"`   // of which in logic
	RoutingNS float64 `json:"routing_ns"` // and in routing
}

var (
	rePath  = regexp.MustCompile(`^Info: Critical path report for (?:clock|cross-domain path) (.*):$`)
	reStep  = regexp.MustCompile(`^Info:\s+[0-9.]+\s+([0-9.]+)\s+(Source|Net|Setup)\s+(\S+)`)
	reSink  = regexp.MustCompile(`^Info:\s+Sink\s+(\S+)`)
	reSplit = regexp.MustCompile(`^Info: ([0-9.]+) ns logic, ([0-9.]+) ns routing`)
	reUse   = regexp.MustCompile(`^Info:\s+(\w+):\s+(\d+)/\s*(\d+)\s+\d+%`)
	reFmax  = regexp.MustCompile(`Max frequency for clock '([^']*)': ([0-9.]+) MHz \((PASS|FAIL) at ([0-9.]+) MHz\)`)
)

// ParseNextpnr reads a nextpnr-ice40 log.
func ParseNextpnr(log string) NextpnrReport {
	var r NextpnrReport
	var table map[string]Use
	var path *Path
	sc := bufio.NewScanner(strings.NewReader(log))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := sc.Text()
		if m := rePath.FindStringSubmatch(line); m != nil {
			r.Paths = append(r.Paths, Path{Clocks: strings.ReplaceAll(m[1], "'", "")})
			path = &r.Paths[len(r.Paths)-1]
			continue
		}
		if path != nil {
			if m := reStep.FindStringSubmatch(line); m != nil {
				path.DelayNS, _ = strconv.ParseFloat(m[1], 64)
				if m[2] == "Source" && path.From == "" {
					path.From = m[3]
				}
			} else if m := reSink.FindStringSubmatch(line); m != nil {
				path.To = m[1]
			} else if m := reSplit.FindStringSubmatch(line); m != nil {
				path.LogicNS, _ = strconv.ParseFloat(m[1], 64)
				path.RoutingNS, _ = strconv.ParseFloat(m[2], 64)
				path = nil
			}
		}
		switch {
		case strings.HasPrefix(line, "Info: Device utilisation:"):
			table = map[string]Use{}
			r.Utilisation = table
		case strings.HasPrefix(line, "ERROR:"):
			r.Errors = append(r.Errors, strings.TrimSpace(strings.TrimPrefix(line, "ERROR:")))
		}
		if m := reUse.FindStringSubmatch(line); m != nil && table != nil {
			u, _ := strconv.Atoi(m[2])
			a, _ := strconv.Atoi(m[3])
			table[m[1]] = Use{u, a}
		}
		if m := reFmax.FindStringSubmatch(line); m != nil {
			r.Clock = m[1]
			r.FmaxMHz, _ = strconv.ParseFloat(m[2], 64)
			r.Pass = m[3] == "PASS"
			r.TargetMHz, _ = strconv.ParseFloat(m[4], 64)
		}
	}
	if n := len(r.Paths); n > 0 { // a log holds the reports of every run: keep the last (after routing)
		r.Paths = lastRun(r.Paths)
	}
	for _, name := range sortedKeys(r.Utilisation) {
		if u := r.Utilisation[name]; u.Used > u.Available {
			r.Exceeded = append(r.Exceeded, name+" "+strconv.Itoa(u.Used)+"/"+strconv.Itoa(u.Available))
		}
	}
	return r
}

// LimitingPath is the critical path of the clock whose Fmax the report gives (r.Clock),
// the one that sets the routed Fmax, or nil when the report has none. Without a path of
// that clock it is the slowest clock-to-clock path. Paths from or to a pin ("<async>")
// do not count: they are not clock periods.
func (r NextpnrReport) LimitingPath() *Path {
	var worst *Path
	ofClock := func(p *Path) bool { return r.Clock != "" && strings.HasPrefix(p.Clocks, r.Clock+" (") }
	for i := range r.Paths {
		p := &r.Paths[i]
		switch {
		case strings.Contains(p.Clocks, "<async>"):
		case worst == nil, ofClock(p) && !ofClock(worst),
			ofClock(p) == ofClock(worst) && p.DelayNS > worst.DelayNS:
			worst = p
		}
	}
	if worst == nil {
		return nil
	}
	path := *worst
	return &path
}

// DoesNotFit reports whether a failed nextpnr run failed because the design needs more
// of some resource than the device has (cells or I/O pins), not for another reason.
func (r NextpnrReport) DoesNotFit() bool {
	if len(r.Exceeded) > 0 {
		return true
	}
	for _, e := range r.Errors {
		if strings.Contains(e, "no BELs remaining") || strings.Contains(e, "Unable to find a placement location") ||
			strings.Contains(e, "Unable to place cell") || strings.Contains(e, "too many") {
			return true
		}
	}
	return false
}

var reIcetime = regexp.MustCompile(`Total path delay: ([0-9.]+) ns \(([0-9.]+) MHz\)`)

// ParseIcetime reads icetime's critical path: its delay in ns and the frequency it
// allows; ok is false when the log has no "Total path delay" line.
func ParseIcetime(log string) (delayNS, mhz float64, ok bool) {
	m := reIcetime.FindAllStringSubmatch(log, -1)
	if m == nil {
		return 0, 0, false
	}
	last := m[len(m)-1]
	delayNS, _ = strconv.ParseFloat(last[1], 64)
	mhz, _ = strconv.ParseFloat(last[2], 64)
	return delayNS, mhz, true
}

// lastRun keeps the critical paths of nextpnr's last report (placement and routing each
// print one set; the routed one comes last): the paths after the last repeat of the
// first clock pair.
func lastRun(paths []Path) []Path {
	start := 0
	for i := 1; i < len(paths); i++ {
		if paths[i].Clocks == paths[0].Clocks {
			start = i
		}
	}
	return paths[start:]
}
