package usps

import (
	"herdsim/internal/units"
)

// Merge gathers the units of the folders from into out (internal/units.Merge: the same
// plan everywhere, a unit present twice must have the same bytes) and writes the results;
// it is an error if the plan is not finished. With no folders it writes out's results.
func Merge(out string, from []string) (*Results, error) {
	folders := make([]units.Folder, len(from))
	for i, f := range from {
		folders[i] = units.Folder(f)
	}
	if _, err := units.Merge(units.Folder(out), folders, func(b []byte) error { _, err := decodePlan(b); return err }); err != nil {
		return nil, err
	}
	return WriteResults(out)
}
