package dataset

import "herdsim/internal/splitmix"

// The built-in default data set (drawn in doc.go).
const (
	DefaultName       = "default"
	DefaultSide       = 8    // images are DefaultSide x DefaultSide, row-major
	DefaultCopies     = 32   // noisy copies of each prototype: N = 128, a power of two (see Default)
	DefaultNoiseSeed  = 2009 // splitmix64 seed of the pixel noise (the paper's year)
	DefaultFlipChance = 10   // each pixel flips when Below(DefaultFlipChance) == 0: p = 1/10
)

// defaultPictures are the four prototypes, '#' for +1 and '.' for -1, row 0 first.
var defaultPictures = [4][DefaultSide]string{
	{ // horizontal bars
		"########",
		"########",
		"........",
		"........",
		"########",
		"########",
		"........",
		"........",
	},
	{ // vertical bars
		"##..##..",
		"##..##..",
		"##..##..",
		"##..##..",
		"##..##..",
		"##..##..",
		"##..##..",
		"##..##..",
	},
	{ // frame
		"########",
		"#......#",
		"#......#",
		"#......#",
		"#......#",
		"#......#",
		"#......#",
		"########",
	},
	{ // diagonal cross
		"#......#",
		".#....#.",
		"..#..#..",
		"...##...",
		"...##...",
		"..#..#..",
		".#....#.",
		"#......#",
	},
}

// DefaultPrototypes returns the four noiseless prototypes as +-1 vectors (row-major 8x8).
func DefaultPrototypes() [][]int8 {
	protos := make([][]int8, len(defaultPictures))
	for k, pic := range defaultPictures {
		v := make([]int8, 0, DefaultSide*DefaultSide)
		for _, row := range pic {
			for _, c := range row {
				v = append(v, pictureValue(c))
			}
		}
		protos[k] = v
	}
	return protos
}

func pictureValue(c rune) int8 {
	if c == '#' {
		return 1
	}
	return -1
}

// Default returns the built-in data set: N = 128 vectors, D = 64 (8x8 images, row-major).
// Vector n is a noisy copy of prototype n mod 4. One splitmix64 generator seeded with
// DefaultNoiseSeed is drawn in order n = 0..127, then pixel j = 0..63: pixel j of vector n
// flips when Below(10) == 0 (probability 1/10). The result is the same bytes every time.
//
// N is a power of two on purpose: the paper's unscaled form divides by N, and 1/128 is
// exact in binary, so on this set the unscaled float64 form can follow the scaled integer
// form for as long as its values stay exact (the hardware's averaging is a shift, too).
func Default() *Binary {
	protos := DefaultPrototypes()
	rng := splitmix.New(DefaultNoiseSeed)
	n := len(protos) * DefaultCopies
	rows := make([][]int8, n)
	for i := range rows {
		row := append([]int8(nil), protos[i%len(protos)]...)
		for j := range row {
			if rng.Below(DefaultFlipChance) == 0 {
				row[j] = -row[j]
			}
		}
		rows[i] = row
	}
	return &Binary{
		Name:  DefaultName,
		D:     DefaultSide * DefaultSide,
		Rows:  rows,
		Image: Shape{Height: DefaultSide, Width: DefaultSide},
	}
}
