package sweep

import (
	"fmt"
	"io"
	"os"

	"herdsim/internal/units"
)

// Merge gathers the units of the folders from (shards of one grid) into out
// (internal/units.Merge: the same plan everywhere, a point present twice must have the
// same record, everything checked before anything is written), then writes points.jsonl,
// the table, plots and recommendations. It is an error if the grid is not finished. With
// no folders it writes out's report. It returns the number of points.
func Merge(out string, from []string, warn io.Writer) (int, *Recommendations, error) {
	if warn == nil {
		warn = os.Stderr
	}
	folders := make([]units.Folder, len(from))
	for i, f := range from {
		folders[i] = units.Folder(f)
	}
	var points []Point
	_, err := units.Merge(units.Folder(out), folders, func(b []byte) (err error) {
		points, err = decodePlan(b)
		return err
	})
	if err != nil {
		return 0, nil, err
	}
	rec, missing, err := finish(out, points, warn)
	if err == nil && missing > 0 {
		err = fmt.Errorf("%s: %d of the grid's %d points are not finished", out, missing, len(points))
	}
	return len(points), rec, err
}
