package units

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"sync"
	"time"
)

// timingLog appends one line per finished unit to timing.jsonl, one write per line (so
// shards sharing a folder do not interleave within a line). It is the only output that
// depends on the machine.
type timingLog struct {
	mu   sync.Mutex
	path string
}

// line is a unit's timing line: its key, name, tags, wall time and GOMAXPROCS, keys sorted.
func timingLine(u Unit, d time.Duration) ([]byte, error) {
	m := map[string]any{}
	for k, v := range u.Tags {
		m[k] = v
	}
	m["key"], m["unit"], m["seconds"], m["gomaxprocs"] = u.Key, u.name(), d.Seconds(), runtime.GOMAXPROCS(0)
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("timing of unit %s: %w", u.Key, err)
	}
	return append(b, '\n'), nil
}

func (t *timingLog) add(u Unit, d time.Duration) error {
	line, err := timingLine(u, d)
	if err != nil {
		return err
	}
	return t.append(line)
}

func (t *timingLog) append(lines []byte) error {
	if len(lines) == 0 {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	f, err := os.OpenFile(t.path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(lines)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// timingOf returns the timing lines of the given keys in a folder's timing.jsonl, in file
// order; lines without a key (older logs) or unreadable ones are left out.
func (f Folder) timingOf(keys map[string]bool) ([]byte, error) {
	data, err := os.ReadFile(f.file(TimingFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []byte
	for _, line := range bytes.SplitAfter(data, []byte("\n")) {
		var l struct {
			Key string `json:"key"`
		}
		if json.Unmarshal(line, &l) == nil && keys[l.Key] && bytes.HasSuffix(line, []byte("\n")) {
			out = append(out, line...)
		}
	}
	return out, nil
}
