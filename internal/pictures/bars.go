package pictures

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Bars is a bar chart of one group: one bar per label, with optional symmetric error bars
// (Values[i] ± Errors[i]), as in the paper's Figure 3.
type Bars struct {
	Title, YLabel string
	Labels        []string  // one per bar, under the x axis
	Values        []float64 // bar heights
	Errors        []float64 // nil for no error bars, else one half-width >= 0 per bar
	Width, Height vg.Length // 0 means 6 x 4 inches, as for Plot
}

// BarChart draws b as a PNG at path. Labels, Values and (when given) Errors must have the
// same non-zero length and hold finite values; otherwise it fails and writes nothing.
func BarChart(path string, b Bars) error {
	if err := b.validate(); err != nil {
		return err
	}
	pl := plot.New()
	pl.Title.Text, pl.Y.Label.Text = b.Title, b.YLabel
	bars, err := plotter.NewBarChart(plotter.Values(b.Values), barWidth(b))
	if err != nil {
		return fmt.Errorf("pictures: bar chart %q: %w", b.Title, err)
	}
	// Grey bars, so that black error bars stay visible inside them.
	bars.Color = color.Gray{Y: 190}
	pl.Add(bars)
	if b.Errors != nil {
		if err := addErrorBars(pl, b); err != nil {
			return fmt.Errorf("pictures: bar chart %q: %w", b.Title, err)
		}
	}
	pl.NominalX(b.Labels...)
	return render(path, pl, b.Width, b.Height)
}

// barWidth leaves about half of each category's slot empty so neighbouring bars stay apart.
func barWidth(b Bars) vg.Length {
	w := b.Width
	if w == 0 {
		w = defaultWidth
	}
	return vg.Length(math.Min(float64(w)/float64(2*len(b.Values)+2), float64(vg.Points(40))))
}

// addErrorBars puts bar i's error at x = i, where NewBarChart centres bar i.
func addErrorBars(pl *plot.Plot, b Bars) error {
	pts := make(plotter.XYs, len(b.Values))
	errs := make(plotter.YErrors, len(b.Values))
	for i, v := range b.Values {
		pts[i].X, pts[i].Y = float64(i), v
		errs[i].Low, errs[i].High = b.Errors[i], b.Errors[i]
	}
	eb, err := plotter.NewYErrorBars(struct {
		plotter.XYs
		plotter.YErrors
	}{pts, errs})
	if err != nil {
		return err
	}
	pl.Add(eb)
	return nil
}

func (b Bars) validate() error {
	if len(b.Values) == 0 {
		return fmt.Errorf("pictures: bar chart %q has no bars", b.Title)
	}
	if len(b.Labels) != len(b.Values) {
		return fmt.Errorf("pictures: bar chart %q: %d labels for %d values", b.Title, len(b.Labels), len(b.Values))
	}
	if b.Errors != nil && len(b.Errors) != len(b.Values) {
		return fmt.Errorf("pictures: bar chart %q: %d errors for %d values", b.Title, len(b.Errors), len(b.Values))
	}
	if err := checkValues(b.Values, "value", false); err != nil {
		return fmt.Errorf("pictures: bar chart %q: %w", b.Title, err)
	}
	if err := checkValues(b.Errors, "error", false); err != nil {
		return fmt.Errorf("pictures: bar chart %q: %w", b.Title, err)
	}
	for i, e := range b.Errors {
		if e < 0 {
			return fmt.Errorf("pictures: bar chart %q: error[%d] = %v is negative, want a half-width >= 0", b.Title, i, e)
		}
	}
	return checkSize(b.Width, b.Height)
}
