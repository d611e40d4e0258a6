package dataset

import (
	"fmt"
	"slices"

	"herdsim/internal/splitmix"
)

// DefaultSeed is the seed used for USPS splits unless the user picks another (docs/spec.md,
// "USPS": like W_0's seed, it defaults to 1).
const DefaultSeed uint64 = 1

// SplitIndices lists which images of one digit (indices 0..1099 into the file's class)
// go into each part of a split. Each list is in increasing order.
type SplitIndices struct {
	Train, Valid, Test []int
}

// USPSSplitSeed derives the splitmix64 seed that shuffles one digit's images for one
// split. With mix(v) = the first output of splitmix64 seeded with v
// (splitmix.New(v).Next()), and all additions wrapping modulo 2^64:
//
//	k1 = mix(seed)
//	k2 = mix(k1 + split)
//	k3 = mix(k2 + digit)    // the digit itself (0..9), not the file's class slot
//
// Each step is splitmix64's own bijective mixer, so changing the seed, the split or the
// digit gives an unrelated generator: each class's split is independent of the others,
// split s does not depend on how many splits are drawn, and the result is the same on
// every machine.
func USPSSplitSeed(seed uint64, split, digit int) uint64 {
	mix := func(v uint64) uint64 { return splitmix.New(v).Next() }
	k1 := mix(seed)
	k2 := mix(k1 + uint64(split))
	return mix(k2 + uint64(digit))
}

// USPSSplitIndices chooses split number split of digit's 1100 images: the identity
// permutation 0..1099 is shuffled with splitmix.Shuffle (Fisher-Yates) drawing from
// splitmix.New(USPSSplitSeed(seed, split, digit)); the first 700 positions are the
// training set, the next 300 the validation set, the last 100 the test set, and each part
// is then sorted so the data keep the file's order. It needs no data, only the numbers.
func USPSSplitIndices(digit, split int, seed uint64) (SplitIndices, error) {
	if err := checkDigit(digit); err != nil {
		return SplitIndices{}, err
	}
	if split < 0 {
		return SplitIndices{}, fmt.Errorf("split number %d is negative", split)
	}
	perm := make([]int, USPSPerDigit)
	for i := range perm {
		perm[i] = i
	}
	splitmix.Shuffle(splitmix.New(USPSSplitSeed(seed, split, digit)), perm)
	part := func(from, to int) []int {
		p := slices.Clone(perm[from:to])
		slices.Sort(p)
		return p
	}
	return SplitIndices{
		Train: part(0, USPSTrain),
		Valid: part(USPSTrain, USPSTrain+USPSValid),
		Test:  part(USPSTrain+USPSValid, USPSPerDigit),
	}, nil
}
