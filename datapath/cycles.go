package datapath

// CyclesPerIteration is the exact number of clock cycles of one iteration whose negative
// search ran s sweeps, with G = ceil(K/L):
//
//	positive phase   N (1 + G (D+1) + 1)    load x_n; per group D accumulate + 1 finish; 1 end
//	drain            G D                    the last vector's positive statistics
//	start            1
//	each sweep       G (D+1) + D (G+1) + 1  z half, x half, sweep end
//	update           G D
//	done             1
//
// It walks the lane schedule (lane_schedule.go); laneCyclesClosed is the closed form above,
// and a test checks one against the other.
func (a *Arch) CyclesPerIteration(s int) uint64 { return a.laneCyclesWalked(s) }

// laneCyclesClosed is CycleFormula.
func (a *Arch) laneCyclesClosed(s int) uint64 {
	G, D, N := uint64(a.Groups()), uint64(a.D), uint64(a.N)
	positive := N * (1 + G*(D+1) + 1)
	sweep := G*(D+1) + D*(G+1) + 1
	return positive + G*D + 1 + uint64(s)*sweep + G*D + 1
}

// LaneCycles is the work of one iteration in lane-cycles (cycles x lanes), the unit the
// model's speed is measured in.
func (a *Arch) LaneCycles(s int) uint64 { return a.CyclesPerIteration(s) * uint64(a.Lanes) }

// CycleFormula is CyclesPerIteration in words, for reports.
const CycleFormula = "N(G(D+1)+2) + GD + 1 + s(G(D+1) + D(G+1) + 1) + GD + 1, G = ceil(K/L), s = sweeps run"
