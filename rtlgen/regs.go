package rtlgen

import (
	"strings"

	"herdsim/datapath"
)

// Register names in the Verilog: every register of datapath.Arch becomes parameters named
// after regParam (<NAME>_W, its width; <NAME>_SAT, 1 for SAT; tiledParams) and functions
// named after regFunc (fits_<name>, cast_<name>; tiledRegFunctions).

func regParam(r datapath.Reg) string { return strings.ToUpper(r.String()) }
func regFunc(r datapath.Reg) string  { return strings.ToLower(r.String()) }

// bitsFor is the width of a counter of n states.
func bitsFor(n int) int {
	w := 1
	for 1<<w < n {
		w++
	}
	return w
}
