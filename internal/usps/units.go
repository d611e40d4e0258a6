package usps

import (
	"fmt"
	"reflect"

	"herdsim/internal/units"
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

// key is the unit's key (internal/units): its file is units/split<s>/<model>.json, or
// units/split<s>/<model>/class<c>.json for an energy model.
func (u Unit) key() string {
	dir := fmt.Sprintf("split%d/%s", u.Split, u.Model.Key)
	if u.Class < 0 {
		return dir
	}
	return fmt.Sprintf("%s/class%d", dir, u.Class)
}

// plan is the grid as internal/units runs it: keys, names and the tags of timing lines.
func plan(grid []Unit) []units.Unit {
	out := make([]units.Unit, len(grid))
	for i, u := range grid {
		out[i] = units.Unit{Key: u.key(), Name: u.String(), Tags: map[string]any{"model": u.Model.Key, "split": u.Split, "class": u.Class}}
	}
	return out
}

// Grid lists every unit of the experiment in a fixed order: split, then model (catalog
// order), then class.
func Grid(models []Model, splits []int) []Unit {
	var out []Unit
	for _, s := range splits {
		for _, m := range models {
			if !m.Energy() {
				out = append(out, Unit{Split: s, Model: m, Class: -1})
				continue
			}
			for c := 0; c < Digits; c++ {
				out = append(out, Unit{Split: s, Model: m, Class: c})
			}
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

// check accepts a unit file's record if it is u's, made with the settings want (without
// the split's counts when want has none: the data are not loaded yet).
func (r *Record) check(u Unit, want Settings) error {
	if r.Split != u.Split || r.Model != u.Model.Key || r.Class != u.Class {
		return fmt.Errorf("holds split %d %s class %d", r.Split, r.Model, r.Class)
	}
	got := r.Settings
	if want.ValidCounts == nil {
		got.ValidCounts, got.TestCounts = nil, nil
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("computed with other settings (%+v, now %+v): use another --out", r.Settings, want)
	}
	return nil
}
