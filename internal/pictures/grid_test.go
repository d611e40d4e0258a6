package pictures

import (
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
)

// readPNG decodes a written file.
func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	return img
}

func grey(img image.Image, x, y int) uint8 {
	return color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y
}

// requireBlock checks that the scale x scale block of data pixel (row, col) in tile t has
// grey level want, for a grid with the given columns.
func requireBlock(t *testing.T, img image.Image, shape dataset.Shape, columns, scale, tile, row, col int, want uint8) {
	t.Helper()
	gap := GridOptions{Scale: scale}.gap()
	x0 := (tile%columns)*(shape.Width*scale+gap) + col*scale
	y0 := (tile/columns)*(shape.Height*scale+gap) + row*scale
	for y := y0; y < y0+scale; y++ {
		for x := x0; x < x0+scale; x++ {
			require.Equal(t, want, grey(img, x, y), "tile %d pixel (%d,%d) at screen (%d,%d)", tile, row, col, x, y)
		}
	}
}

// oneHot is a ±1 vector of length d with only component j at +1.
func oneHot(d, j int) []int8 {
	v := make([]int8, d)
	for i := range v {
		v[i] = -1
	}
	v[j] = 1
	return v
}

// make100 is 100 vectors of 64 components, all -1 but one.
func make100() [][]int8 {
	vs := make([][]int8, 100)
	for i := range vs {
		vs[i] = oneHot(64, i%64)
	}
	return vs
}

func TestMontageSize(t *testing.T) {
	shape := dataset.Shape{Height: 3, Width: 2}
	vs := make([][]int8, 5)
	for i := range vs {
		vs[i] = oneHot(6, 0)
	}
	dir := t.TempDir()

	p := filepath.Join(dir, "a.png")
	require.NoError(t, Montage(p, vs, shape, GridOptions{Columns: 2, Scale: 3}))
	b := readPNG(t, p).Bounds()
	// 2 columns of 2*3 px + a 3-px gap (a data pixel); ceil(5/2) = 3 rows of 3*3 px + 2 gaps.
	require.Equal(t, 15, b.Dx())
	require.Equal(t, 33, b.Dy())

	p = filepath.Join(dir, "defaults.png")
	require.NoError(t, Montage(p, vs, shape, GridOptions{}))
	b = readPNG(t, p).Bounds()
	// Defaults: ceil(sqrt(5)) = 3 columns of 2 data pixels, scale 16 (320 / 6, at most 16):
	// 3*32 + 2 gaps of 16 wide, 2 rows of 48 + 1 gap.
	require.Equal(t, 128, b.Dx())
	require.Equal(t, 112, b.Dy())
	p = filepath.Join(dir, "default8x8.png")
	require.NoError(t, Montage(p, make100(), dataset.Shape{Height: 8, Width: 8}, GridOptions{}))
	// 100 samples of 8x8: 10 columns at scale 4 (320 / 80): 10*32 + 9 gaps of 4.
	require.Equal(t, 356, readPNG(t, p).Bounds().Dx())
	p = filepath.Join(dir, "scale1.png")
	require.NoError(t, Montage(p, vs, shape, GridOptions{Columns: 5, Scale: 1}))
	require.Equal(t, 5*2+4*2, readPNG(t, p).Bounds().Dx(), "gaps of at least 2 px")
}

func TestMontageUpright(t *testing.T) {
	for _, tc := range []struct {
		name     string
		shape    dataset.Shape
		row, col int // where component 1 must appear
	}{
		{"column-major", dataset.Shape{Height: 3, Width: 2, ColumnMajor: true}, 1, 0},
		{"row-major", dataset.Shape{Height: 3, Width: 2}, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Tile 3 of a 2-column grid sits at grid row 1, column 1: its offset is checked too.
			vs := [][]int8{oneHot(6, 0), oneHot(6, 0), oneHot(6, 0), oneHot(6, 1)}
			p := filepath.Join(t.TempDir(), "m.png")
			const columns, scale = 2, 3
			require.NoError(t, Montage(p, vs, tc.shape, GridOptions{Columns: columns, Scale: scale}))
			img := readPNG(t, p)
			for r := 0; r < tc.shape.Height; r++ {
				for c := 0; c < tc.shape.Width; c++ {
					want := uint8(0)
					if r == tc.row && c == tc.col {
						want = 255
					}
					requireBlock(t, img, tc.shape, columns, scale, 3, r, c, want)
				}
			}
			// Component 0 is pixel (0,0) either way; the gap right of tile 0 is mid-grey, all
			// of its width.
			requireBlock(t, img, tc.shape, columns, scale, 0, 0, 0, 255)
			for x := tc.shape.Width * scale; x < tc.shape.Width*scale+scale; x++ {
				require.Equal(t, uint8(midGrey), grey(img, x, 0))
			}
		})
	}
}

func TestMontageRejects(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bad.png")
	shape := dataset.Shape{Height: 3, Width: 2}
	require.ErrorContains(t, Montage(p, [][]int8{oneHot(6, 0)}, dataset.Shape{}, GridOptions{}), "not an image")
	require.ErrorContains(t, Montage(p, [][]int8{oneHot(6, 0), oneHot(5, 0)}, shape, GridOptions{}), "vector 1 has length 5")
	require.ErrorContains(t, Montage(p, [][]int8{{1, -1, 0, 1, 1, 1}}, shape, GridOptions{}), "component 2 is 0")
	requireEmptyDir(t, dir)
}

func TestFiltersGreyLevels(t *testing.T) {
	shape := dataset.Shape{Height: 2, Width: 3}
	filters := [][]float64{
		{-2, 0, 2, 1, -1, 0.5},
		{0, 0, 0, 0, 0, 0},         // m = 0: all mid-grey
		{0, 0.1, -0.05, 0, 0, 0.1}, // small tile scaled on its own range
	}
	p := filepath.Join(t.TempDir(), "f.png")
	const columns, scale = 3, 2
	require.NoError(t, Filters(p, filters, shape, GridOptions{Columns: columns, Scale: scale}))
	img := readPNG(t, p)

	requireBlock(t, img, shape, columns, scale, 0, 0, 0, 0)
	requireBlock(t, img, shape, columns, scale, 0, 0, 1, midGrey)
	requireBlock(t, img, shape, columns, scale, 0, 0, 2, 255)
	requireBlock(t, img, shape, columns, scale, 0, 1, 0, 191) // 127.5*(1/2+1) rounds to 191
	for c := 0; c < 3; c++ {
		requireBlock(t, img, shape, columns, scale, 1, 0, c, midGrey)
	}
	requireBlock(t, img, shape, columns, scale, 2, 0, 1, 255)
	requireBlock(t, img, shape, columns, scale, 2, 0, 2, 64) // -0.05 of 0.1: 127.5*0.5 rounds to 64
}

func TestFiltersRejects(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bad.png")
	shape := dataset.Shape{Height: 1, Width: 2}
	require.ErrorContains(t, Filters(p, [][]float64{{1, 2, 3}}, shape, GridOptions{}), "length 3")
	require.ErrorContains(t, Filters(p, [][]float64{{1, math.NaN()}}, shape, GridOptions{}), "component 1")
	require.ErrorContains(t, Filters(p, nil, shape, GridOptions{}), "no images")
	requireEmptyDir(t, dir)
}

// requireEmptyDir checks that a rejected call left neither the file nor a temporary one.
func requireEmptyDir(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Empty(t, entries)
}
