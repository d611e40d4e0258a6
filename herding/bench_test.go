package herding

import (
	"fmt"
	"testing"

	"herdsim/dataset"
	"herdsim/internal/splitmix"
)

// uspsClass is one USPS class (digit 3, split 0: N=700, D=256), or nil when the data are
// not found.
func uspsClass(b *testing.B) *dataset.Binary {
	data, err := dataset.Load(dataset.SpecUSPS, dataset.LoadOptions{Digit: 3, Seed: dataset.DefaultSeed})
	if err != nil {
		b.Skipf("USPS data not found: %v", err)
	}
	return data
}

// BenchmarkStep times one herding iteration on one USPS class (N=700, D=256) for K = 50,
// 250, 1000, in the direct form (every field from W) and the incremental form (fields
// updated from the hidden states that flipped), after 20 warm-up iterations. It reports
// ms per iteration and the fraction of z_n,i that flipped per iteration.
func BenchmarkStep(b *testing.B) {
	data := uspsClass(b)
	for _, k := range []int{50, 250, 1000} {
		for _, mode := range []Mode{ModeH, ModeSH} {
			for _, direct := range []bool{true, false} {
				form := map[bool]string{true: "direct", false: "incremental"}[direct]
				b.Run(fmt.Sprintf("K=%d/%s/%s", k, mode, form), func(b *testing.B) {
					benchSteps(b, data, Config{Hidden: k, Mode: mode, Seed: 1, Direct: direct})
				})
			}
		}
	}
}

// BenchmarkStepLate is BenchmarkStep at K = 1000 after 1000 warm-up iterations: the
// regime of the USPS experiment's collecting half (iterations 1001..2000), where fewer
// hidden states flip than early on.
func BenchmarkStepLate(b *testing.B) {
	data := uspsClass(b)
	for _, mode := range []Mode{ModeH, ModeSH} {
		for _, direct := range []bool{true, false} {
			form := map[bool]string{true: "direct", false: "incremental"}[direct]
			b.Run(fmt.Sprintf("K=1000/%s/%s", mode, form), func(b *testing.B) {
				benchStepsAfter(b, data, Config{Hidden: 1000, Mode: mode, Seed: 1, Direct: direct}, lateWarmup())
			})
		}
	}
}

// lateWarmup is StepLate's 1000 warm-up iterations, or 20 under -short: CI runs every
// benchmark once with -short to prove that it runs, not to time it.
func lateWarmup() int {
	if testing.Short() {
		return 20
	}
	return 1000
}

func benchSteps(b *testing.B, data *dataset.Binary, cfg Config) { benchStepsAfter(b, data, cfg, 20) }

func benchStepsAfter(b *testing.B, data *dataset.Binary, cfg Config, warmup int) {
	b.Logf("kernels: %s", Kernels())
	e, err := New(data, cfg)
	if err != nil {
		b.Fatal(err)
	}
	for range warmup {
		if _, err := e.Step(); err != nil {
			b.Fatal(err)
		}
	}
	prev := append([]int8(nil), e.hiddenStates()...)
	flips, steps := 0, 0
	b.ResetTimer()
	for b.Loop() {
		if _, err := e.Step(); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		for i, v := range e.hiddenStates() {
			if v != prev[i] {
				flips++
			}
		}
		copy(prev, e.hiddenStates())
		steps++
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/iter")
	b.ReportMetric(float64(flips)/float64(steps*len(e.z)), "flip-rate")
}

// BenchmarkEvalEnergies times one step plus the energies of 4000 other USPS images (the
// USPS experiment's validation and test sets have 4000), computed directly
// (Params.Energies) or kept current by a Tracker, for K = 50 and 1000.
func BenchmarkEvalEnergies(b *testing.B) {
	data := uspsClass(b)
	var evalRows [][]int8
	for digit := 0; len(evalRows) < 4000; digit++ {
		set, err := dataset.Load(dataset.SpecUSPS, dataset.LoadOptions{Digit: digit, Seed: dataset.DefaultSeed})
		if err != nil {
			b.Fatal(err)
		}
		evalRows = append(evalRows, set.Rows[:min(700, 4000-len(evalRows))]...)
	}
	batch := NewBatch(evalRows, data.D)
	out := make([]float64, len(evalRows))
	for _, k := range []int{50, 1000} {
		for _, tracked := range []bool{false, true} {
			name := map[bool]string{false: "direct", true: "tracked"}[tracked]
			b.Run(fmt.Sprintf("K=%d/%s", k, name), func(b *testing.B) {
				e, err := New(data, Config{Hidden: k, Mode: ModeH, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				for range 20 {
					e.Step()
				}
				var tr *Tracker
				if tracked {
					tr = e.Track(batch)
					tr.Energies(out)
					e.Step()
				}
				b.ResetTimer()
				for b.Loop() {
					if tracked {
						tr.Energies(out)
					} else {
						e.Params().Energies(batch, out)
					}
					if _, err := e.Step(); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/iter")
			})
		}
	}
}

// BenchmarkFlipKernel times the flip kernel alone at the USPS late regime's shape: 500
// hidden units (one core's half of K = 1000), a 700 x 700 G, 30 flips per unit.
func BenchmarkFlipKernel(b *testing.B) {
	const units, n, perUnit = 500, 700, 30
	src := splitmix.New(1)
	rows := newFlipRows(n, n, 256)
	for r := range n {
		for c := range n {
			rows.set(r, c, int(src.Below(513))-256)
		}
	}
	flips := make([]unitFlips, units)
	for u := range flips {
		for range perUnit {
			flips[u].note(int(src.Below(n)), int8(2*src.Below(2))-1)
		}
	}
	acc := make([]int32, units*rows.width())
	b.Logf("kernels %s", Kernels())
	b.Run("built", func(b *testing.B) {
		for b.Loop() {
			addFlipsUnits(acc, rows, flips)
		}
	})
	b.Run("portable", func(b *testing.B) {
		for b.Loop() {
			addFlipsUnitsPortable(acc, rows, flips)
		}
	})
}
