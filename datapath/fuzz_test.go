package datapath

import (
	"encoding/json"
	"testing"

	"herdsim/herding"
)

// FuzzArchJSON: any bytes given as a vector set's arch.json either fail to read or give an
// Arch that Validate accepts or refuses with an error; an accepted Arch's sizes, schedule
// and stream layouts are computed without a panic (make fuzz runs it for a bounded time).
func FuzzArchJSON(f *testing.F) {
	for _, a := range []Arch{
		DefaultArch(16, 64, 128, 0, 10, 2, modeSH, false),
		DefaultArch(50, 256, 700, 4, 10, 20, herding.ModeH, true),
	} {
		a.UseTile(0)
		seed, err := json.Marshal(a)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(seed)
	}
	f.Add([]byte(`{"K":0,"D":-1}`))
	f.Add([]byte(`{"registers":{"W":{"format":"s0.0","overflow":"WRAP"}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var a Arch
		if err := json.Unmarshal(data, &a); err != nil {
			return
		}
		if err := a.Validate(); err != nil {
			return
		}
		_ = a.Sizes()
		_ = a.LoadLayout()
		_ = a.ReadLayout()
		_ = a.IterationCycles(1, a.Sweeps)
		_ = a.MaxIterationCycles()
	})
}
