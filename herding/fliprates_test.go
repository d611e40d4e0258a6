package herding

import (
	"os"
	"testing"

	"herdsim/dataset"
)

// TestFlipRatesUSPS measures the flips per iteration f_t (hidden states z_n,i that change
// from one iteration to the next) on USPS digit 3 (N = 700, D = 256) for K = 50, 250, 1000
// in modes H and SH, over iterations 1001..1100, and the sweeps the searches ran. It takes
// about 25 s: it runs only with HERDSIM_LONG=1 (go test -run FlipRatesUSPS -v ./herding).
// The figures are in docs/flip-driven-datapath.md.
func TestFlipRatesUSPS(t *testing.T) {
	if os.Getenv("HERDSIM_LONG") != "1" {
		t.Skip("set HERDSIM_LONG=1 to measure flip rates on USPS (about 25 s)")
	}
	data, err := dataset.Load(dataset.SpecUSPS, dataset.LoadOptions{Digit: 3, Seed: 1})
	if err != nil {
		t.Skipf("USPS data not found: %v", err)
	}
	const first, last = 1000, 1100
	for _, k := range []int{50, 250, 1000} {
		for _, mode := range []Mode{ModeH, ModeSH} {
			e, err := New(data, Config{Hidden: k, Mode: mode, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			n := len(data.Rows)
			prev := make([]int8, n*k)
			fmin, fmax, fsum, ssum := n*k, 0, 0, 0
			for it := 1; it <= last; it++ {
				r, err := e.Step()
				if err != nil {
					t.Fatal(err)
				}
				f := 0
				for m := range n {
					for i, v := range e.Hidden(m) {
						if v != prev[m*k+i] {
							f++
						}
						prev[m*k+i] = v
					}
				}
				if it > first { // f_t: flips between iteration t-1 and t, t = 1001..1100
					fmin, fmax, fsum, ssum = min(fmin, f), max(fmax, f), fsum+f, ssum+r.Sweeps
				}
			}
			cnt := float64(last - first)
			fmean := float64(fsum) / cnt
			t.Logf("K=%d %s: flips/iter mean %.1f (%.2f%% of NK), min %d, max %d; sweeps mean %.2f",
				k, mode, fmean, 100*fmean/float64(n*k), fmin, fmax, float64(ssum)/cnt)
		}
	}
}
