package main

import (
	"testing"

	"herdsim/datapath"
	"herdsim/herding"
)

// FuzzArchFlagValues: the parsers of the Arch's flag values (--reg, --overflow lists,
// width lists, integer lists) return a value or an error for any text, never a panic, and
// an Arch that a --reg value leaves valid gives its sizes, schedule and layouts (make fuzz
// runs it for a bounded time; the seeds run in every go test).
func FuzzArchFlagValues(f *testing.F) {
	for _, s := range []string{"W=12", "field=22:sat", "c=0", "W=99999999999", "=", "W", "nosuch=3", "W=4:wrap", "12:20:2,24", "auto", "wrap,sat", "4,0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = parseOverflows(s)
		_, _ = parseWidthList("weight-bits", "auto", s)
		_, _ = parseIntList("hidden", s)
		a := datapath.DefaultArch(16, 64, 128, 0, herding.DefaultSweeps, 2, herding.ModeSH, false)
		if err := applyRegFlag(&a, s); err != nil {
			return
		}
		a.UseTile(0)
		if a.Validate() != nil {
			return
		}
		_ = a.LoadLayout()
		_ = a.IterationCycles(1, a.Sweeps)
	})
}
