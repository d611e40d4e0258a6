// Package usptest holds a toy USPS source for the tests of the packages that run the USPS
// pipeline (internal/usps, internal/explore): small, fast and seeded like the real split.
// It must not be used outside tests.
package usptest

import (
	"slices"

	"herdsim/dataset"
	"herdsim/internal/splitmix"
)

// Toy gives 10 digits of noisy 16-pixel prototypes: Train, Valid and Test vectors per digit,
// each pixel of a vector flipped with probability 1/FlipOneIn. The prototypes depend on the
// digit only, the noise on the split seed, the split and the digit (dataset.USPSSplitSeed).
type Toy struct{ Train, Valid, Test, FlipOneIn int }

// Split is usps.Source's Split.
func (s Toy) Split(digit, split int, seed uint64) (train, valid, test *dataset.Binary, err error) {
	proto := splitmix.New(uint64(digit) + 100)
	p := make([]int8, 16)
	for j := range p {
		p[j] = int8(2*proto.Below(2)) - 1
	}
	noise := splitmix.New(dataset.USPSSplitSeed(seed, split, digit))
	set := func(n int) *dataset.Binary {
		b := &dataset.Binary{Name: "toy", D: 16}
		for range n {
			row := slices.Clone(p)
			for j := range row {
				if noise.Below(uint64(s.FlipOneIn)) == 0 {
					row[j] = -row[j]
				}
			}
			b.Rows = append(b.Rows, row)
		}
		return b
	}
	return set(s.Train), set(s.Valid), set(s.Test), nil
}
