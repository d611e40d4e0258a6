package explore

import (
	"context"
	"testing"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/usps"
)

// BenchmarkAccuracy times one point's accuracy (USPS split 0, all ten digits, K = 50, mode
// H, 1000 + 1000 iterations: what an acc unit of explore costs per digit, summed) against
// the float reference's (the ref units), for the --quick preset's four grid points. One op
// is the ten digits. scripts/bench-explore-accuracy.sh runs it in alternating rounds and
// reports medians and ratios. Under -short (make test) it runs one digit for 20 + 20
// iterations, to show that it runs.
func BenchmarkAccuracy(b *testing.B) {
	dir, err := dataset.ResolveUSPSDir("")
	if err != nil {
		b.Skipf("needs the USPS data: %v", err)
	}
	src, err := dataset.LoadUSPS(dir)
	if err != nil {
		b.Fatal(err)
	}
	data, err := usps.LoadSplitData(src, 0, dataset.DefaultSeed)
	if err != nil {
		b.Fatal(err)
	}
	learn, collect, digits := 1000, 1000, usps.Digits
	if testing.Short() {
		learn, collect, digits = 20, 20, 1
	}
	fixed := map[datapath.Reg]int{datapath.RegVisField: 21, datapath.RegC: 18, datapath.RegUpdate: 19, datapath.RegB: 2}
	grid := Grid{Hidden: []int{50}, Tiles: []int{3, 4}, WeightBits: []int{16, 18}, AccBits: []int{22}, EnergyBits: []int{0},
		Overflows: []fixedpoint.Overflow{fixedpoint.Wrap, fixedpoint.Sat}, Regs: fixed}
	tr := data.Train(0)
	type timedRun struct {
		name string
		arch *datapath.Arch // nil: the float reference
	}
	runs := []timedRun{{"float", nil}}
	for _, p := range grid.Points(Sizes{D: tr.D, N: tr.N(), Iterations: learn + collect, Mode: herding.ModeH}) {
		if p.Valid {
			a := p.Arch()
			runs = append(runs, timedRun{p.Label, &a})
		}
	}
	for _, r := range runs {
		b.Run(r.name, func(b *testing.B) {
			for b.Loop() {
				for class := 0; class < digits; class++ {
					run := usps.ClassRun{Hidden: 50, Mode: herding.ModeH, Seed: herding.DefaultSeed, Learn: learn, Collect: collect, Arch: r.arch}
					if _, err := data.ClassScores(context.Background(), class, run); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
