package units

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"reflect"
	"slices"
)

// Merge gathers the units of the folders from into out. Every folder must have run the
// same plan as the others and as out, if out has one (plan.json equal as JSON); decode,
// when set, reads that plan and may refuse it. A unit present in two places must have
// the same bytes. Everything is read and checked before anything is written; then out
// gets the plan, the units it lacked, and their timing lines. It returns the number of
// units copied. With no folders it only checks out's plan.
func Merge(out Folder, from []Folder, decode func(plan []byte) error) (int, error) {
	plan, err := mergedPlan(out, from)
	if err != nil {
		return 0, err
	}
	if decode != nil {
		if err := decode(plan); err != nil {
			return 0, fmt.Errorf("%s: %w", out.file(PlanFile), err)
		}
	}
	add, where, err := newUnits(out, from)
	if err != nil {
		return 0, err
	}
	return len(add), write(out, plan, add, where)
}

// mergedPlan returns the plan every folder agrees on.
func mergedPlan(out Folder, from []Folder) ([]byte, error) {
	var plan []byte
	var first Folder
	for _, f := range append([]Folder{out}, from...) {
		b, err := f.ReadPlan()
		if errors.Is(err, fs.ErrNotExist) && f == out && len(from) > 0 {
			continue
		}
		if err != nil {
			return nil, err
		}
		if plan != nil && !sameJSON(plan, b) {
			return nil, fmt.Errorf("%s ran another plan than %s (their %s differ)", f, first, PlanFile)
		}
		if plan == nil {
			plan, first = b, f
		}
	}
	return plan, nil
}

// sameJSON reports whether two JSON texts hold the same value (numbers compared as text).
func sameJSON(a, b []byte) bool {
	va, ea := decodeAny(a)
	vb, eb := decodeAny(b)
	return ea == nil && eb == nil && reflect.DeepEqual(va, vb)
}

func decodeAny(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

// newUnits returns the unit files of from that out lacks, by key, and the folder each came
// from; a key with two different contents is an error.
func newUnits(out Folder, from []Folder) (map[string][]byte, map[string]Folder, error) {
	have, err := out.files()
	if err != nil {
		return nil, nil, err
	}
	add, where := map[string][]byte{}, map[string]Folder{}
	for _, f := range from {
		files, err := f.files()
		if err != nil {
			return nil, nil, err
		}
		for _, key := range slices.Sorted(maps.Keys(files)) {
			b, seen := files[key], out
			old, ok := have[key]
			if !ok {
				old, ok = add[key]
				seen = where[key]
			}
			if ok && !bytes.Equal(old, b) {
				return nil, nil, fmt.Errorf("%s and %s differ: the same unit gave different results", f.Path(key), seen.Path(key))
			}
			if !ok {
				add[key], where[key] = b, f
			}
		}
	}
	return add, where, nil
}

// write puts the plan, the new units and their timing lines into out.
func write(out Folder, plan []byte, add map[string][]byte, where map[string]Folder) error {
	if err := os.MkdirAll(string(out), 0o755); err != nil {
		return err
	}
	if err := writeFile(out.file(PlanFile), plan); err != nil {
		return err
	}
	keys := slices.Sorted(maps.Keys(add))
	for _, key := range keys {
		if err := writeFile(out.Path(key), add[key]); err != nil {
			return err
		}
	}
	return copyTiming(out, keys, where)
}

// copyTiming appends to out's timing log the lines of the copied units, folder by folder.
func copyTiming(out Folder, keys []string, where map[string]Folder) error {
	byFolder := map[Folder]map[string]bool{}
	var order []Folder
	for _, k := range keys {
		f := where[k]
		if byFolder[f] == nil {
			byFolder[f] = map[string]bool{}
			order = append(order, f)
		}
		byFolder[f][k] = true
	}
	log := &timingLog{path: out.file(TimingFile)}
	for _, f := range order {
		lines, err := f.timingOf(byFolder[f])
		if err != nil {
			return err
		}
		if err := log.append(lines); err != nil {
			return err
		}
	}
	return nil
}
