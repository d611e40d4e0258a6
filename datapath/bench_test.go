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
	src := splitmix.New(3)
	data := &dataset.Binary{Name: "usps-sized", D: 256}
	for range 700 {
		row := make([]int8, 256)
		for j := range row {
			row[j] = int8(2*int(src.Below(3)/2) - 1) // about one third +1, like USPS ink
		}
		data.Rows = append(data.Rows, row)
	}
	arch := DefaultArch(50, 256, 700, 16, 10, 2000, herding.ModeSH, false)
	p := herding.InitialWeights(50, 256, 700, 1)
	w := make([]int64, len(p.W))
	for i, v := range p.W {
		w[i] = int64(v)
	}
	m, err := New(arch, data, w, make([]int64, 50), make([]int64, 256))
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
