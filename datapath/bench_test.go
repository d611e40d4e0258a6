package datapath

import (
	"testing"

	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/internal/splitmix"
)

// uspsArch is the lossless Arch of a USPS-sized run: N = 700, D = 256, K = 50, mode SH,
// 2000 iterations (W 23 bits: two a word, the default tile T = 2).
func uspsArch() Arch { return DefaultArch(50, 256, 700, 0, 10, 2000, herding.ModeSH, false) }

// BenchmarkTileMachineUSPSScale measures the cycle-level model's speed at USPS scale in
// simulated cycles per second.
func BenchmarkTileMachineUSPSScale(b *testing.B) {
	arch := uspsArch()
	m, err := NewTile(arch, uspsSized(700, 3), uspsSizedWeights(), make([]int64, 50), make([]int64, 256))
	if err != nil {
		b.Fatal(err)
	}
	var cycles uint64
	for b.Loop() {
		cycles += m.RunIteration().Cycles
	}
	b.ReportMetric(float64(cycles)/b.Elapsed().Seconds()/1e6, "Mcycles/s")
}

// BenchmarkFunctionalUSPSScale times the functional model on the same Arch as
// BenchmarkTileMachineUSPSScale: one iteration, and one iteration plus the energies of
// 4000 evaluation vectors (what a USPS collecting iteration costs), in milliseconds an
// iteration and in the cycles of the hardware it models per second.
func BenchmarkFunctionalUSPSScale(b *testing.B) {
	data, eval := uspsSized(700, 3), NewVectors(uspsSized(4000, 4))
	arch := uspsArch()
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
			var cycles uint64
			for b.Loop() {
				if withEval {
					f.Energies(eval, out)
				}
				cycles += f.Step().Cycles
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/iter")
			b.ReportMetric(float64(cycles)/b.Elapsed().Seconds()/1e6, "Mcycles/s")
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
