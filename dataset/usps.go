package dataset

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// The shape of Roweis' usps_all.mat (docs/spec.md, "USPS").
const (
	USPSFile     = "usps_all.mat"
	USPSPixels   = 256  // 16x16 pixels per image
	USPSPerDigit = 1100 // images per class
	USPSDigits   = 10
	USPSTrain    = 700 // paper section 10: each class split into 700/300/100
	USPSValid    = 300
	USPSTest     = 100
	// uspsVariable is the name of the one array in the file.
	uspsVariable = "data"
)

// USPSShape is how a USPS vector is drawn: 16x16, stored column by column as in the file.
var USPSShape = Shape{Height: 16, Width: 16, ColumnMajor: true}

// USPS holds the 11,000 grey images of usps_all.mat, addressed by digit (0..9).
type USPS struct {
	// pixels is the file's real part unchanged: pixel p of image i of slot s is at
	// p + 256*i + 256*1100*s, and the 256 pixels of an image are column-major.
	pixels []uint8
}

// USPSSlot returns the class slot of the file that holds digit (0..9): slot c holds digit
// c+1 for c = 0..8 and slot 9 holds digit 0 (MATLAB's "class 10 is zero").
func USPSSlot(digit int) int {
	if digit == 0 {
		return 9
	}
	return digit - 1
}

// USPSDigit is the inverse of USPSSlot: the digit stored in class slot (0..9).
func USPSDigit(slot int) int { return (slot + 1) % 10 }

// LoadUSPS reads dir/usps_all.mat and checks that it holds a 256x1100x10 uint8 array.
func LoadUSPS(dir string) (*USPS, error) {
	path := filepath.Join(dir, USPSFile)
	f, err := os.Open(path)
	if err != nil {
		return nil, err // *PathError already names the file
	}
	defer f.Close()
	vars, err := ReadMAT(bufio.NewReaderSize(f, 1<<16))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	u, err := uspsFromVariables(vars)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return u, nil
}

// uspsFromVariables picks the array named "data" and checks its dimensions.
func uspsFromVariables(vars []MATVariable) (*USPS, error) {
	var names []string
	for _, v := range vars {
		if v.Name != uspsVariable {
			names = append(names, fmt.Sprintf("%q", v.Name))
			continue
		}
		want := []int{USPSPixels, USPSPerDigit, USPSDigits}
		if !slices.Equal(v.Dims, want) {
			return nil, fmt.Errorf("variable %q has dimensions %s, want %s", v.Name, formatDims(v.Dims), formatDims(want))
		}
		return &USPS{pixels: v.Data}, nil
	}
	return nil, fmt.Errorf("no variable %q (found %d: %v)", uspsVariable, len(vars), names)
}

// Image returns the 256 grey values (0..255, ink high) of image index (0..1099) of digit,
// in the file's column-major pixel order: pixel (row, col) is at USPSShape.Pixel(row, col)
// = col*16 + row. The slice shares the loaded data: do not modify it. It panics on a digit
// or index out of range, like slice indexing.
func (u *USPS) Image(digit, index int) []uint8 {
	if digit < 0 || digit >= USPSDigits || index < 0 || index >= USPSPerDigit {
		panic(fmt.Sprintf("dataset: USPS image (digit %d, index %d) out of range", digit, index))
	}
	start := USPSPixels * (index + USPSPerDigit*USPSSlot(digit))
	return u.pixels[start : start+USPSPixels : start+USPSPixels]
}

// BinarizeUSPS applies the paper's binarisation (section 10) to grey values X in 0..255:
// x = +1 if X/256 - 0.2 > 0, else -1. It is computed exactly in integers as 5X > 256,
// i.e. +1 for X >= 52, so no floating-point rounding can move a pixel across the threshold.
func BinarizeUSPS(grey []uint8) []int8 {
	x := make([]int8, len(grey))
	for j, g := range grey {
		x[j] = -1
		if int(g)*5 > 256 {
			x[j] = 1
		}
	}
	return x
}

// Binary returns the binarised images of digit at the given indices, in that order, as a
// data set drawn with USPSShape.
func (u *USPS) Binary(digit int, indices []int, name string) (*Binary, error) {
	if err := checkDigit(digit); err != nil {
		return nil, err
	}
	rows := make([][]int8, len(indices))
	for n, i := range indices {
		if i < 0 || i >= USPSPerDigit {
			return nil, fmt.Errorf("usps digit %d: image index %d out of range 0..%d", digit, i, USPSPerDigit-1)
		}
		rows[n] = BinarizeUSPS(u.Image(digit, i))
	}
	return &Binary{Name: name, D: USPSPixels, Rows: rows, Image: USPSShape}, nil
}

// Split returns split number split (0, 1, 2, ...) of digit's 1100 images under seed: 700
// training, 300 validation and 100 test images, binarised. USPSSplitIndices says which
// images (and documents how they are chosen). Names read "usps digit 3 split 0 train".
func (u *USPS) Split(digit, split int, seed uint64) (train, valid, test *Binary, err error) {
	idx, err := USPSSplitIndices(digit, split, seed)
	if err != nil {
		return nil, nil, nil, err
	}
	name := func(part string) string { return fmt.Sprintf("usps digit %d split %d %s", digit, split, part) }
	if train, err = u.Binary(digit, idx.Train, name("train")); err != nil {
		return nil, nil, nil, err
	}
	if valid, err = u.Binary(digit, idx.Valid, name("valid")); err != nil {
		return nil, nil, nil, err
	}
	if test, err = u.Binary(digit, idx.Test, name("test")); err != nil {
		return nil, nil, nil, err
	}
	return train, valid, test, nil
}

func checkDigit(digit int) error {
	if digit < 0 || digit > 9 {
		return fmt.Errorf("digit %d out of range 0..9", digit)
	}
	return nil
}
