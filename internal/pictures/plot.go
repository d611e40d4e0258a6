package pictures

import (
	"bytes"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"herdsim/internal/atomicfile"
)

// Plot is a line plot of one or more series.
type Plot struct {
	Title, XLabel, YLabel string
	LogX, LogY            bool // logarithmic axis with decade tick marks
	Series                []Series
	Width, Height         vg.Length // 0 means 6 x 4 inches
}

// Series is one curve of a Plot.
type Series struct {
	Name    string // shown in the legend when the plot has more than one series
	X, Y    []float64
	Points  bool // also mark each data point, for sparse or noisy data
	Scatter bool // mark the data points only, with no line between them (unordered points)
}

const (
	defaultWidth  = 6 * vg.Inch
	defaultHeight = 4 * vg.Inch
)

// LinePlot draws p as a PNG at path. Every series must be non-empty with len(X) == len(Y)
// and finite values, strictly positive on a logarithmic axis; otherwise it fails and
// writes nothing.
func LinePlot(path string, p Plot) error {
	if err := p.validate(); err != nil {
		return err
	}
	pl := plot.New()
	pl.Title.Text, pl.X.Label.Text, pl.Y.Label.Text = p.Title, p.XLabel, p.YLabel
	for i, s := range p.Series {
		if err := addSeries(pl, i, s, len(p.Series) > 1); err != nil {
			return fmt.Errorf("pictures: series %q (#%d): %w", s.Name, i, err)
		}
	}
	if p.LogX {
		setLog(&pl.X)
	}
	if p.LogY {
		setLog(&pl.Y)
	}
	return render(path, pl, p.Width, p.Height)
}

// addSeries adds one curve in the i-th colour, with a legend entry when asked.
func addSeries(pl *plot.Plot, i int, s Series, legend bool) error {
	xys := make(plotter.XYs, len(s.X))
	for k := range xys {
		xys[k].X, xys[k].Y = s.X[k], s.Y[k]
	}
	var thumbs []plot.Thumbnailer
	if !s.Scatter {
		line, err := plotter.NewLine(xys)
		if err != nil {
			return err
		}
		line.Color = plotutil.Color(i)
		pl.Add(line)
		thumbs = append(thumbs, line)
	}
	if s.Points || s.Scatter {
		pts, err := plotter.NewScatter(xys)
		if err != nil {
			return err
		}
		pts.Color, pts.Shape = plotutil.Color(i), plotutil.Shape(i)
		pl.Add(pts)
		thumbs = append(thumbs, pts)
	}
	if legend {
		// Top right: herdsim's curves mostly fall from left to right, so that corner is free.
		pl.Legend.Top = true
		pl.Legend.Add(s.Name, thumbs...)
	}
	return nil
}

// setLog makes an axis logarithmic. gonum widens a one-value range to [v-1, v+1], which
// can reach 0 and panic on a log scale, so a flat range is widened to a decade each side.
func setLog(a *plot.Axis) {
	a.Scale = plot.LogScale{}
	a.Tick.Marker = plot.LogTicks{Prec: -1}
	if a.Min == a.Max {
		a.Min, a.Max = a.Min/10, a.Max*10
	}
}

func (p Plot) validate() error {
	if len(p.Series) == 0 {
		return fmt.Errorf("pictures: plot %q has no series", p.Title)
	}
	if err := checkSize(p.Width, p.Height); err != nil {
		return err
	}
	for i, s := range p.Series {
		if len(s.X) != len(s.Y) {
			return fmt.Errorf("pictures: series %q (#%d): %d x values but %d y values", s.Name, i, len(s.X), len(s.Y))
		}
		if len(s.X) == 0 {
			return fmt.Errorf("pictures: series %q (#%d) is empty", s.Name, i)
		}
		if err := checkValues(s.X, "x", p.LogX); err != nil {
			return fmt.Errorf("pictures: series %q (#%d): %w", s.Name, i, err)
		}
		if err := checkValues(s.Y, "y", p.LogY); err != nil {
			return fmt.Errorf("pictures: series %q (#%d): %w", s.Name, i, err)
		}
	}
	return nil
}

// checkValues rejects NaN and infinities (gonum would reject them later, without saying
// where) and, on a log axis, values <= 0 (gonum would panic).
func checkValues(vs []float64, axis string, log bool) error {
	for k, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s[%d] = %v is not finite", axis, k, v)
		}
		if log && v <= 0 {
			return fmt.Errorf("%s[%d] = %v is not strictly positive, but the %s axis is logarithmic", axis, k, v, axis)
		}
	}
	return nil
}

func checkSize(w, h vg.Length) error {
	if w < 0 || h < 0 {
		return fmt.Errorf("pictures: negative plot size %v x %v", w, h)
	}
	return nil
}

// render draws pl into memory and only then writes the file, so a drawing failure leaves
// nothing at path. gonum reports some bad states by panicking; a figure must never bring
// down a long simulation run, so a panic becomes an error.
func render(path string, pl *plot.Plot, w, h vg.Length) (err error) {
	if w == 0 {
		w = defaultWidth
	}
	if h == 0 {
		h = defaultHeight
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("pictures: drawing %s failed: %v", path, r)
		}
	}()
	wt, err := pl.WriterTo(w, h, "png")
	if err != nil {
		return fmt.Errorf("pictures: drawing %s: %w", path, err)
	}
	var buf bytes.Buffer
	if _, err := wt.WriteTo(&buf); err != nil {
		return fmt.Errorf("pictures: encoding %s: %w", path, err)
	}
	return atomicfile.WriteBytes(path, buf.Bytes())
}
