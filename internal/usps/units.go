package usps

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"

	"herdsim/internal/atomicfile"
)

// Unit is one piece of work: a model on one split, and for energy models one class.
type Unit struct {
	Split int
	Model Model
	Class int // 0..9 for energy models, -1 for MLR and 1-NN
}

func (u Unit) String() string {
	if u.Class < 0 {
		return fmt.Sprintf("split %d %s", u.Split, u.Model.Key)
	}
	return fmt.Sprintf("split %d %s class %d", u.Split, u.Model.Key, u.Class)
}

// relPath is where the unit's file lives under the output folder.
func (u Unit) relPath() string {
	dir := filepath.Join("units", fmt.Sprintf("split%d", u.Split))
	if u.Class < 0 {
		return filepath.Join(dir, u.Model.Key+".json")
	}
	return filepath.Join(dir, u.Model.Key, fmt.Sprintf("class%d.json", u.Class))
}

// Grid lists every unit of the experiment in a fixed order: split, then model (catalog
// order), then class.
func Grid(models []Model, splits []int) []Unit {
	var units []Unit
	for _, s := range splits {
		for _, m := range models {
			if !m.Energy() {
				units = append(units, Unit{Split: s, Model: m, Class: -1})
				continue
			}
			for c := 0; c < Digits; c++ {
				units = append(units, Unit{Split: s, Model: m, Class: c})
			}
		}
	}
	return units
}

// ShardUnits keeps units i, i+n, i+2n, ... of the grid.
func ShardUnits(units []Unit, shard, shards int) []Unit {
	var out []Unit
	for k, u := range units {
		if k%shards == shard {
			out = append(out, u)
		}
	}
	return out
}

// Settings are everything a unit's result depends on besides its split, model and class.
type Settings struct {
	Kind        Kind   `json:"kind"`
	Mode        string `json:"mode,omitempty"`
	Method      string `json:"method,omitempty"`
	Hidden      int    `json:"hidden,omitempty"`
	WeightBits  int    `json:"weight_bits,omitempty"` // datapath: W's width (0: lossless)
	Overflow    string `json:"overflow,omitempty"`    // datapath: wrap or sat
	Learn       int    `json:"learn,omitempty"`
	Collect     int    `json:"collect,omitempty"`
	Seed        uint64 `json:"seed"`
	SplitSeed   uint64 `json:"split_seed"`
	ValidCounts []int  `json:"valid_counts"`
	TestCounts  []int  `json:"test_counts"`
}

// Record is the content of a finished unit's file.
type Record struct {
	Split    int      `json:"split"`
	Model    string   `json:"model"`
	Class    int      `json:"class"`
	Settings Settings `json:"settings"`
	// Energy models: the averaged z-scores of every validation and every test image.
	ValidScores []float64 `json:"valid_scores,omitempty"`
	TestScores  []float64 `json:"test_scores,omitempty"`
	// Datapath models: values that overflowed each register in the run's iterations, and
	// in the evaluation images' field passes (zero counts are left out).
	Overflows     map[string]uint64 `json:"overflows,omitempty"`
	EvalOverflows uint64            `json:"eval_overflows,omitempty"`
	// Baselines: the test result (and MLR's choice of L2 strength).
	L2          float64   `json:"l2,omitempty"`
	ValidErrors []float64 `json:"valid_errors,omitempty"`
	TestWrong   int       `json:"test_wrong"`
	TestCount   int       `json:"test_count"`
}

func encodeRecord(r *Record) ([]byte, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("encode split %d %s class %d: %w", r.Split, r.Model, r.Class, err)
	}
	return append(b, '\n'), nil
}

func writeRecord(out string, u Unit, r *Record) error {
	b, err := encodeRecord(r)
	if err != nil {
		return err
	}
	path := filepath.Join(out, u.relPath())
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteBytes(path, b)
}

// readRecord returns the unit's record, nil if the unit has not finished, or an error if
// its file is unreadable or was made with other settings.
func readRecord(out string, u Unit, want Settings) (*Record, error) {
	path := filepath.Join(out, u.relPath())
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var r Record
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if r.Split != u.Split || r.Model != u.Model.Key || r.Class != u.Class {
		return nil, fmt.Errorf("%s holds split %d %s class %d", path, r.Split, r.Model, r.Class)
	}
	got := r.Settings
	if want.ValidCounts == nil { // the data are not loaded yet: compare the rest
		got.ValidCounts, got.TestCounts = nil, nil
	}
	if !reflect.DeepEqual(got, want) {
		return nil, fmt.Errorf("%s was computed with other settings (%+v, now %+v): use another --out", path, r.Settings, want)
	}
	return &r, nil
}
