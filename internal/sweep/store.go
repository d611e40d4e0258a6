package sweep

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
)

// storeFile is what a JSONL store holds: its records by key, in file order, and the length
// of its complete lines (a truncated last line, left by a crash, lies beyond it).
type storeFile struct {
	records  []Record
	byKey    map[string]int
	complete int64
}

// readStore reads a JSONL store. A missing file is an empty store. A last line without its
// newline was cut by an interrupted run: it is reported on warn and ignored. Any complete
// line that is not a record is an error, as is a key recorded twice with different content.
func readStore(path string, warn io.Writer) (*storeFile, error) {
	s := &storeFile{byKey: map[string]int{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	for line := 1; len(data) > 0; line++ {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			fmt.Fprintf(warn, "sweep: warning: %s: ignoring a truncated last line (%d bytes, line %d) left by an interrupted run; its point will be recomputed\n", path, len(data), line)
			break
		}
		if err := s.addLine(data[:i]); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		s.complete += int64(i + 1)
		data = data[i+1:]
	}
	return s, nil
}

func (s *storeFile) addLine(line []byte) error {
	if len(bytes.TrimSpace(line)) == 0 {
		return nil
	}
	var rec Record
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return fmt.Errorf("not a sweep record: %w", err)
	}
	if rec.Key == "" {
		return fmt.Errorf("not a sweep record: no key")
	}
	return s.add(rec)
}

// add keeps the first record of a key; a later one must be identical.
func (s *storeFile) add(rec Record) error {
	if i, ok := s.byKey[rec.Key]; ok {
		a, _ := json.Marshal(s.records[i])
		b, _ := json.Marshal(rec)
		if !bytes.Equal(a, b) {
			return fmt.Errorf("two different records for point %s", rec.Key)
		}
		return nil
	}
	s.byKey[rec.Key] = len(s.records)
	s.records = append(s.records, rec)
	return nil
}

func (s *storeFile) has(key string) bool {
	_, ok := s.byKey[key]
	return ok
}

// appender appends records to a JSONL store, one complete line per write, each synced
// before Append returns, so an interrupted run leaves only complete lines (or, if the
// machine dies inside the write, one truncated last line that readStore ignores).
type appender struct {
	mu sync.Mutex
	f  *os.File
}

// openAppender opens path for appending after cutting it to its complete lines (dropping
// a truncated last line, which would otherwise run into the next record).
func openAppender(path string, complete int64) (*appender, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := f.Truncate(complete); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(complete, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return &appender{f: f}, nil
}

func (a *appender) append(rec Record) error {
	line, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	line = append(line, '\n')
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, err := a.f.Write(line); err != nil {
		return fmt.Errorf("append to %s: %w", a.f.Name(), err)
	}
	if err := a.f.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", a.f.Name(), err)
	}
	return nil
}

// close closes the file; closing a nil appender (one that failed to open) does nothing.
func (a *appender) close() error {
	if a == nil {
		return nil
	}
	return a.f.Close()
}
