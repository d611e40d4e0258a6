package herding

import (
	"fmt"
	"testing"
)

// BenchmarkStepUSPSScale times one herding iteration at the paper's USPS scale (one class:
// N=700, D=256) for K = 50, 250, 1000. The data are structured random vectors with the
// USPS ink fraction; the cost of an iteration does not depend on the pixel values.
func BenchmarkStepUSPSScale(b *testing.B) {
	data := randomData(700, 256, 11)
	for _, k := range []int{50, 250, 1000} {
		for _, mode := range []Mode{ModeH, ModeSH} {
			b.Run(fmt.Sprintf("K=%d/%s", k, mode), func(b *testing.B) {
				e, err := New(data, Config{Hidden: k, Mode: mode, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				for range 3 { // leave the first, atypical iterations out
					if _, err := e.Step(); err != nil {
						b.Fatal(err)
					}
				}
				b.ResetTimer()
				for b.Loop() {
					if _, err := e.Step(); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/iter")
			})
		}
	}
}
