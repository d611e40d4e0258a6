package sweep

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"herdsim/internal/pictures"
)

// writePlots draws, for every single-group series (group and overflow mode), the first
// divergence against the width (log scale, bit exact drawn at T) and the moment error at T over the
// reference's against the width (log scale, with the lossy bound). Invalid points are left
// out; when no point is valid there is nothing to draw and a warning says so.
func writePlots(out string, recs []Record, info RunInfo, refME float64, warn io.Writer) error {
	var div, mom []pictures.Series
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, series := range singleSeries(recs) {
		name := fmt.Sprintf("%s %s", series[0].Vary[0].Group, series[0].Overflow)
		d, m := pictures.Series{Name: name, Points: true}, pictures.Series{Name: name, Points: true}
		for _, r := range series {
			if !r.Valid {
				continue
			}
			x := float64(r.Vary[0].Bits)
			lo, hi = min(lo, x), max(hi, x)
			if it := divergenceIteration(r, info); it > 0 { // 0 (the initial weights) has no place on a log axis
				d.X, d.Y = append(d.X, x), append(d.Y, float64(it))
			}
			if refME > 0 && r.MomentError > 0 {
				m.X, m.Y = append(m.X, x), append(m.Y, r.MomentError/refME)
			}
		}
		if len(d.X) > 0 {
			div = append(div, d)
		}
		if len(m.X) > 0 {
			mom = append(mom, m)
		}
	}
	if len(div) == 0 {
		fmt.Fprintf(warn, "sweep: warning: no valid single-group point, so no plots\n")
		return removeStale(out, FileDivergencePlot, FileMomentPlot)
	}
	if err := pictures.LinePlot(filepath.Join(out, FileDivergencePlot), pictures.Plot{
		Title:  fmt.Sprintf("first divergence from the reference (bit exact drawn at T = %d)", info.Iterations),
		XLabel: "register width (bits)", YLabel: "iteration", LogY: true, Series: div,
	}); err != nil {
		return err
	}
	if len(mom) == 0 {
		fmt.Fprintf(warn, "sweep: warning: no positive moment error to draw, so no %s\n", FileMomentPlot)
		return removeStale(out, FileMomentPlot)
	}
	bound := pictures.Series{Name: fmt.Sprintf("reference + %.0f%%", 100*Tolerance), X: []float64{lo, hi}, Y: []float64{1 + Tolerance, 1 + Tolerance}}
	return pictures.LinePlot(filepath.Join(out, FileMomentPlot), pictures.Plot{
		Title:  fmt.Sprintf("moment error at T = %d over the reference's (%.4g)", info.Iterations, refME),
		XLabel: "register width (bits)", YLabel: "moment error / reference", LogY: true,
		Series: append(mom, bound),
	})
}

// divergenceIteration is the first divergence's iteration, or T when bit exact.
func divergenceIteration(r Record, info RunInfo) int {
	if r.FirstDivergence == nil {
		return info.Iterations
	}
	return r.FirstDivergence.Iteration
}

// removeStale deletes plots an earlier sweep left in out that this one does not draw, so
// the folder never shows a figure that disagrees with its table.
func removeStale(out string, names ...string) error {
	for _, n := range names {
		if err := os.Remove(filepath.Join(out, n)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}
