package rtlgen

import (
	"strings"

	"herdsim/datapath"
)

// regParam is a register's name in the Verilog's parameters: every register of
// datapath.Arch is <NAME>_W (its width), <NAME>_SAT (1 for SAT) and <NAME>_X (the width of
// the exact values cast to it) of herd_tiled_core (coreParams).
func regParam(r datapath.Reg) string { return strings.ToUpper(r.String()) }
