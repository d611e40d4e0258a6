package datapath

import (
	"testing"

	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/internal/splitmix"
)

// BenchmarkLaneCyclesUSPSScale measures the model's speed at USPS scale (N=700, D=256,
// K=50, L=16) in lane-cycles per second (target: 50 million).
func BenchmarkLaneCyclesUSPSScale(b *testing.B) {
	data := uspsSized(700, 3)
	arch := DefaultArch(50, 256, 700, 16, 10, 2000, herding.ModeSH, false)
	m, err := New(arch, data, uspsSizedWeights(), make([]int64, 50), make([]int64, 256))
	if err != nil {
		b.Fatal(err)
	}
	var laneCycles uint64
	b.ResetTimer()
	for b.Loop() {
		r := m.RunIteration()
		laneCycles += r.Cycles * uint64(arch.Lanes)
	}
	b.ReportMetric(float64(laneCycles)/b.Elapsed().Seconds()/1e6, "Mlane-cycles/s")
}

// BenchmarkFunctionalUSPSScale times the functional model on the same machine as
// BenchmarkLaneCyclesUSPSScale: one iteration, and one iteration plus the energies of
// 4000 evaluation vectors (what a USPS collecting iteration costs), and reports the
// speed-up over the cycle model in lane-cycles per second.
func BenchmarkFunctionalUSPSScale(b *testing.B) {
	data, eval := uspsSized(700, 3), NewVectors(uspsSized(4000, 4))
	arch := DefaultArch(50, 256, 700, 16, 10, 2000, herding.ModeSH, false)
	for _, withEval := range []bool{false, true} {
		name := "step"
		if withEval {
			name = "step+4000-energies"
		}
		b.Run(name, func(b *testing.B) {
			f, err := NewFunctional(arch, data, uspsSizedWeights(), make([]int64, 50), make([]int64, 256))
			if err != nil {
				b.Fatal(err)
			}
			out := make([]int64, eval.N())
			var laneCycles uint64
			for b.Loop() {
				if withEval {
					f.Energies(eval, out)
				}
				laneCycles += f.Step().Cycles * uint64(arch.Lanes)
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/iter")
			b.ReportMetric(float64(laneCycles)/b.Elapsed().Seconds()/1e6, "Mlane-cycles/s")
		})
	}
}

// uspsSized is n random vectors of 256 pixels, about one third +1, like USPS ink.
func uspsSized(n int, seed uint64) *dataset.Binary {
	src := splitmix.New(seed)
	data := &dataset.Binary{Name: "usps-sized", D: 256}
	for range n {
		row := make([]int8, 256)
		for j := range row {
			row[j] = int8(2*int(src.Below(3)/2) - 1)
		}
		data.Rows = append(data.Rows, row)
	}
	return data
}

func uspsSizedWeights() []int64 {
	p := herding.InitialWeights(50, 256, 700, 1)
	w, _, _ := p.Ints()
	return w
}
