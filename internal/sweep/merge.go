package sweep

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"herdsim/internal/atomicfile"
)

// Merge combines JSONL stores (shards of one grid, or reruns) into out: it keeps one record
// per key, writes them to out/points.jsonl in table order and writes the table, plots and
// recommendations. An out/points.jsonl that already exists is merged in too, so merging
// never drops records. Every input is read and checked before anything is written.
func Merge(files []string, out string, warn io.Writer) (int, *Recommendations, error) {
	if warn == nil {
		warn = os.Stderr
	}
	if len(files) == 0 {
		return 0, nil, fmt.Errorf("merge: no JSONL files given")
	}
	target := filepath.Join(out, "points.jsonl")
	if _, err := os.Stat(target); err == nil {
		files = append(files, target)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return 0, nil, err
	}
	all := &storeFile{byKey: map[string]int{}}
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			return 0, nil, fmt.Errorf("merge: %w", err)
		}
		s, err := readStore(f, warn)
		if err != nil {
			return 0, nil, err
		}
		for _, rec := range s.records {
			if err := all.add(rec); err != nil {
				return 0, nil, fmt.Errorf("merge: %s: %w", f, err)
			}
		}
	}
	recs := sortRecords(all.records)
	if _, err := commonRun(recs); err != nil {
		return 0, nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return 0, nil, err
	}
	if err := writeJSONL(target, recs); err != nil {
		return 0, nil, err
	}
	rec, err := WriteReport(out, recs, warn)
	return len(recs), rec, err
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
