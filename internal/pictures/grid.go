package pictures

import (
	"bufio"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"

	"herdsim/dataset"
	"herdsim/internal/atomicfile"
)

// GridOptions lays out a grid of small images.
type GridOptions struct {
	Columns int // tiles per row; 0 means ceil(sqrt(n)), a near-square grid
	Scale   int // each data pixel becomes Scale x Scale screen pixels; 0: about gridWidth wide, 4 to 16
}

const (
	// gridWidth is the width in screen pixels a default scale aims at: 100 samples of 8x8
	// at 4 screen pixels a data pixel, 16 rate filters at 10, 16x16 digits at 4.
	gridWidth = 320
	// midGrey fills the gaps between tiles and stands for 0 in Filters: it is neither ink
	// colour, so a tile edge never looks like a row of pixels.
	midGrey = 128
)

// Montage draws ±1 vectors as upright pictures in a grid, +1 white and -1 black (USPS
// digits are white ink on black). Tiles are laid out left to right, top to bottom, with a
// mid-grey gap between them as wide as a data pixel (at least 2 screen pixels: a thinner
// line vanishes between black and white edges and the samples merge); unused cells of the
// last row stay mid-grey. It fails,
// writing nothing, if shape is not an image, a vector's length is not Height*Width, or a
// component is neither +1 nor -1.
func Montage(path string, vectors [][]int8, shape dataset.Shape, opt GridOptions) error {
	if err := checkGrid(len(vectors), shape, opt); err != nil {
		return err
	}
	for n, v := range vectors {
		if err := checkLength(n, len(v), shape); err != nil {
			return err
		}
		for j, x := range v {
			if x != 1 && x != -1 {
				return fmt.Errorf("pictures: vector %d component %d is %d, want +1 or -1", n, j, x)
			}
		}
	}
	img := drawGrid(len(vectors), shape, opt, func(n, j int) uint8 {
		if vectors[n][j] > 0 {
			return 255
		}
		return 0
	})
	return writePNG(path, img)
}

// Filters draws real-valued vectors (the paper's rate filters) as upright grey-level
// pictures in the same grid as Montage. Each tile is scaled on its own symmetric range
// [-m, m], m = max |value| of that tile: -m is black, 0 is mid-grey and +m is white, so the
// sign of a weight reads at a glance and a tile of small weights is not washed out by a
// tile of large ones. A tile of all zeros (m = 0) is uniformly mid-grey. Absolute sizes are
// therefore not comparable between tiles; callers who need that must say so in a caption.
// NaN or infinite values are an error.
func Filters(path string, filters [][]float64, shape dataset.Shape, opt GridOptions) error {
	if err := checkGrid(len(filters), shape, opt); err != nil {
		return err
	}
	ranges := make([]float64, len(filters))
	for n, f := range filters {
		if err := checkLength(n, len(f), shape); err != nil {
			return err
		}
		for j, x := range f {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Errorf("pictures: filter %d component %d is %v, want a finite number", n, j, x)
			}
			ranges[n] = math.Max(ranges[n], math.Abs(x))
		}
	}
	img := drawGrid(len(filters), shape, opt, func(n, j int) uint8 {
		return greyLevel(filters[n][j], ranges[n])
	})
	return writePNG(path, img)
}

// greyLevel maps x in [-m, m] linearly onto 0..255 with 0 at midGrey (127.5 rounds to 128).
func greyLevel(x, m float64) uint8 {
	if m == 0 {
		return midGrey
	}
	g := math.Round(127.5 * (x/m + 1))
	return uint8(math.Max(0, math.Min(255, g)))
}

// checkGrid rejects inputs that cannot make a picture before anything is drawn or written.
func checkGrid(n int, shape dataset.Shape, opt GridOptions) error {
	if !shape.IsImage() {
		return fmt.Errorf("pictures: shape %dx%d is not an image", shape.Height, shape.Width)
	}
	if n == 0 {
		return fmt.Errorf("pictures: no images to draw")
	}
	if opt.Columns < 0 || opt.Scale < 0 {
		return fmt.Errorf("pictures: negative grid option (columns %d, scale %d)", opt.Columns, opt.Scale)
	}
	return nil
}

func checkLength(n, length int, shape dataset.Shape) error {
	if want := shape.Height * shape.Width; length != want {
		return fmt.Errorf("pictures: vector %d has length %d, want %dx%d = %d",
			n, length, shape.Height, shape.Width, want)
	}
	return nil
}

// withDefaults fills the zero options for n tiles.
func (opt GridOptions) withDefaults(n int) GridOptions {
	if opt.Columns == 0 {
		opt.Columns = int(math.Ceil(math.Sqrt(float64(n))))
	}
	return opt
}

// scaled fills a zero scale for tiles width data pixels wide: about gridWidth screen
// pixels in all, at least 4 a data pixel (a 16x16 digit stays legible), at most 16.
func (opt GridOptions) scaled(width int) GridOptions {
	if opt.Scale == 0 {
		opt.Scale = min(16, max(4, gridWidth/(opt.Columns*width)))
	}
	return opt
}

// gap is the width of the mid-grey lines between tiles: a data pixel's, at least 2.
func (opt GridOptions) gap() int { return max(2, opt.Scale) }

// drawGrid paints n tiles; level(n, j) is the grey of component j of tile n. Going through
// shape.Pixel is what makes column-major data (USPS) come out upright.
func drawGrid(n int, shape dataset.Shape, opt GridOptions, level func(n, j int) uint8) *image.Gray {
	opt = opt.withDefaults(n).scaled(shape.Width)
	rows := (n + opt.Columns - 1) / opt.Columns
	tileW, tileH, gap := shape.Width*opt.Scale, shape.Height*opt.Scale, opt.gap()
	img := image.NewGray(image.Rect(0, 0, opt.Columns*(tileW+gap)-gap, rows*(tileH+gap)-gap))
	for i := range img.Pix {
		img.Pix[i] = midGrey
	}
	for t := 0; t < n; t++ {
		x0, y0 := (t%opt.Columns)*(tileW+gap), (t/opt.Columns)*(tileH+gap)
		for r := 0; r < shape.Height; r++ {
			for c := 0; c < shape.Width; c++ {
				fillBlock(img, x0+c*opt.Scale, y0+r*opt.Scale, opt.Scale, level(t, shape.Pixel(r, c)))
			}
		}
	}
	return img
}

// fillBlock paints one data pixel as a size x size square.
func fillBlock(img *image.Gray, x0, y0, size int, g uint8) {
	for y := y0; y < y0+size; y++ {
		for x := x0; x < x0+size; x++ {
			img.SetGray(x, y, color.Gray{Y: g})
		}
	}
}

// writePNG encodes img straight into an atomic file.
func writePNG(path string, img image.Image) error {
	return atomicfile.Write(path, func(w *bufio.Writer) error {
		if err := png.Encode(w, img); err != nil {
			return fmt.Errorf("pictures: encode %s: %w", path, err)
		}
		return nil
	})
}
