package sweep

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"herdsim/internal/atomicfile"
	"herdsim/internal/units"
)

// FilePoints is the grid's records, one JSON line each in table order: the unit files'
// lines, concatenated.
const FilePoints = "points.jsonl"

// check accepts a unit file's record if it is the point's.
func (rec *Record) check(p Point) error {
	if rec.Key != p.Key {
		return fmt.Errorf("holds another point (%s), not %s", rec.Key, p.Key)
	}
	return nil
}

// load reads the finished points of a grid from out's unit files.
func load(out string, points []Point) ([]*Record, int, error) {
	return units.Load(units.Folder(out), pointUnits(points), func(i int, r *Record) error { return r.check(points[i]) })
}

// finish writes points.jsonl and the report when every point of the grid is finished; it
// returns the number of points still missing otherwise (and writes nothing).
func finish(out string, points []Point, warn io.Writer) (*Recommendations, int, error) {
	list, missing, err := load(out, points)
	if err != nil || missing > 0 {
		return nil, missing, err
	}
	recs := make([]Record, len(list))
	for i, r := range list {
		recs[i] = *r
	}
	recs = sortRecords(recs)
	if err := writeJSONL(filepath.Join(out, FilePoints), recs); err != nil {
		return nil, 0, err
	}
	rec, err := WriteReport(out, recs, warn)
	return rec, 0, err
}

func writeJSONL(path string, recs []Record) error {
	return atomicfile.Write(path, func(w *bufio.Writer) error {
		for _, rec := range recs {
			line, err := json.Marshal(rec)
			if err != nil {
				return err
			}
			w.Write(line)
			w.WriteByte('\n')
		}
		return nil
	})
}

// commonRun returns the setup all records share, or an error naming two that differ.
func commonRun(recs []Record) (RunInfo, error) {
	if len(recs) == 0 {
		return RunInfo{}, fmt.Errorf("sweep: no records")
	}
	for _, r := range recs[1:] {
		if r.Run != recs[0].Run {
			return RunInfo{}, fmt.Errorf("sweep: the records come from different setups (%s and %s); a table covers one", recs[0].Run, r.Run)
		}
	}
	return recs[0].Run, nil
}
