package pictures

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/vg"

	"herdsim/dataset"
)

// pixels is the PNG size gonum's image canvas gives a length at its 96 dpi.
func pixels(l vg.Length) int { return int(float64(l/vg.Inch)*96 + 0.5) }

func twoSeries() Plot {
	return Plot{
		Title: "moment error", XLabel: "T", YLabel: "error",
		LogX: true, LogY: true,
		Series: []Series{
			{Name: "herding", X: []float64{1, 10, 100, 1000}, Y: []float64{1, 0.1, 0.01, 0.001}},
			{Name: "iid", X: []float64{1, 10, 100, 1000}, Y: []float64{1, 0.3, 0.1, 0.03}, Points: true},
		},
	}
}

func TestLinePlotSize(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "default.png")
	require.NoError(t, LinePlot(p, twoSeries()))
	b := readPNG(t, p).Bounds()
	require.Equal(t, pixels(6*vg.Inch), b.Dx())
	require.Equal(t, pixels(4*vg.Inch), b.Dy())

	pl := twoSeries()
	pl.Width, pl.Height = 3*vg.Inch, 2*vg.Inch
	pl.Series = pl.Series[:1]
	p = filepath.Join(dir, "small.png")
	require.NoError(t, LinePlot(p, pl))
	b = readPNG(t, p).Bounds()
	require.Equal(t, 288, b.Dx())
	require.Equal(t, 192, b.Dy())
}

func TestLinePlotFlatLogSeries(t *testing.T) {
	// One point on log axes: gonum alone would widen y to [0, 2] and x to [-0.5, 1.5] and panic.
	p := filepath.Join(t.TempDir(), "flat.png")
	pl := Plot{LogX: true, LogY: true, Series: []Series{{X: []float64{0.5}, Y: []float64{1}}}}
	require.NoError(t, LinePlot(p, pl))
	readPNG(t, p)
}

func TestLinePlotRejects(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bad.png")

	pl := twoSeries()
	pl.Series[1].Y = pl.Series[1].Y[:3]
	require.ErrorContains(t, LinePlot(p, pl), `series "iid" (#1): 4 x values but 3 y values`)

	pl = twoSeries()
	pl.Series[0].Y[2] = 0
	require.ErrorContains(t, LinePlot(p, pl), `series "herding" (#0): y[2] = 0 is not strictly positive`)

	pl = twoSeries()
	pl.Series[1].X[3] = -1
	require.ErrorContains(t, LinePlot(p, pl), `series "iid" (#1): x[3] = -1`)

	pl = twoSeries()
	pl.Series[0].X, pl.Series[0].Y = nil, nil
	require.ErrorContains(t, LinePlot(p, pl), "is empty")

	require.ErrorContains(t, LinePlot(p, Plot{}), "no series")
	requireEmptyDir(t, dir)

	// Zero and negative values are fine on linear axes.
	pl = twoSeries()
	pl.LogX, pl.LogY = false, false
	pl.Series[0].Y[2] = -1
	require.NoError(t, LinePlot(p, pl))
}

func figure3() Bars {
	return Bars{
		Title: "test error", YLabel: "error rate",
		Labels: []string{"herding", "PCD", "CD-1"},
		Values: []float64{0.05, 0.07, 0.12},
		Errors: []float64{0.01, 0.015, 0.02},
	}
}

func TestBarChartSize(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bars.png")
	require.NoError(t, BarChart(p, figure3()))
	b := readPNG(t, p).Bounds()
	require.Equal(t, pixels(6*vg.Inch), b.Dx())
	require.Equal(t, pixels(4*vg.Inch), b.Dy())

	noErr := figure3()
	noErr.Errors = nil
	noErr.Width, noErr.Height = 5*vg.Inch, 3*vg.Inch
	p = filepath.Join(dir, "noerr.png")
	require.NoError(t, BarChart(p, noErr))
	b = readPNG(t, p).Bounds()
	require.Equal(t, 480, b.Dx())
	require.Equal(t, 288, b.Dy())
}

func TestBarChartRejects(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bad.png")

	b := figure3()
	b.Labels = b.Labels[:2]
	require.ErrorContains(t, BarChart(p, b), "2 labels for 3 values")

	b = figure3()
	b.Errors = b.Errors[:1]
	require.ErrorContains(t, BarChart(p, b), "1 errors for 3 values")

	b = figure3()
	b.Errors[1] = -0.1
	require.ErrorContains(t, BarChart(p, b), "error[1] = -0.1 is negative")

	require.ErrorContains(t, BarChart(p, Bars{}), "no bars")
	requireEmptyDir(t, dir)
}

func TestDeterministicBytes(t *testing.T) {
	dir := t.TempDir()
	draw := map[string]func(string) error{
		"line": func(p string) error { return LinePlot(p, twoSeries()) },
		"bars": func(p string) error { return BarChart(p, figure3()) },
		"montage": func(p string) error {
			return Montage(p, [][]int8{oneHot(4, 1)}, dataset.Shape{Height: 2, Width: 2}, GridOptions{})
		},
	}
	for name, f := range draw {
		a, b := filepath.Join(dir, name+"1.png"), filepath.Join(dir, name+"2.png")
		require.NoError(t, f(a))
		require.NoError(t, f(b))
		ba, err := os.ReadFile(a)
		require.NoError(t, err)
		bb, err := os.ReadFile(b)
		require.NoError(t, err)
		require.NotEmpty(t, ba)
		require.True(t, bytes.Equal(ba, bb), "%s: two drawings of the same input differ", name)
	}
}

// A scatter series marks its points and draws nothing between them: the image's middle
// row, halfway between two far points, holds no coloured pixel (the axes are black and
// grey), where the same points as a line with marks (Points) cross it.
func TestScatterDrawsNoLine(t *testing.T) {
	dir := t.TempDir()
	coloured := func(s Series) int {
		p := filepath.Join(dir, "p.png")
		require.NoError(t, LinePlot(p, Plot{Series: []Series{s}}))
		img := readPNG(t, p)
		bd := img.Bounds()
		n := 0
		for x := bd.Min.X; x < bd.Max.X; x++ {
			r, g, b, _ := img.At(x, (bd.Min.Y+bd.Max.Y)/2).RGBA()
			if r != g || g != b {
				n++
			}
		}
		return n
	}
	pts := Series{X: []float64{0, 1}, Y: []float64{0, 1}, Points: true}
	require.Positive(t, coloured(pts), "a line crosses the middle row")
	pts.Points, pts.Scatter = false, true
	require.Zero(t, coloured(pts), "a scatter leaves the middle row without colour")
}
