package datapath

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/fixedpoint"
	"herdsim/herding"
)

func testArch() Arch {
	a := DefaultArch(16, 64, 128, 3, 10, 30, herding.ModeH, true)
	a.Regs[RegField] = RegSpec{Format: fixedpoint.Format{Signed: true, Word: 20}, Overflow: fixedpoint.Sat}
	return a
}

func TestArchJSONRoundTrip(t *testing.T) {
	skip := DefaultArch(16, 64, 40, 3, 10, 30, herding.ModeH, false)
	skip.SkipBusy = []int{60, 52, 48}
	wide := DefaultArch(16, 64, 128, 8, 10, 30, herding.ModeH, false)
	wide.UseLanes(8)
	for _, a := range []Arch{testArch(), DefaultArch(50, 256, 700, 0, 10, 200, herding.ModeSH, false), skip, wide} {
		data, err := json.Marshal(a)
		require.NoError(t, err)
		var back Arch
		require.NoError(t, json.Unmarshal(data, &back), "%s", data)
		require.Equal(t, a, back)
		// The pointer form marshals the same bytes.
		data2, err := json.Marshal(&a)
		require.NoError(t, err)
		require.Equal(t, data, data2)
	}
}

func TestArchJSONShape(t *testing.T) {
	data, err := json.Marshal(testArch())
	require.NoError(t, err)
	s := string(data)
	require.True(t, strings.HasPrefix(s, `{"K":16,"D":64,"N":128,"tile":3,"sweeps":10,"mode":"H","grow_hidden_bias":true,"registers":{"W":{"format":"s`), s)
	require.Contains(t, s, `"field":{"format":"s20.0","overflow":"SAT"}`)
	require.NotContains(t, s, "w_lanes", "the UP5K's three lanes are left out")
	wide := testArch()
	wide.UseLanes(6)
	data, err = json.Marshal(wide)
	require.NoError(t, err)
	require.True(t, strings.HasSuffix(string(data), `,"w_lanes":6}`), "%s", data)
	// Registers are listed in Regs order.
	last := -1
	for _, r := range Regs() {
		i := strings.Index(s, `"`+r.String()+`":{`)
		require.Greater(t, i, last, "register %s out of order in %s", r, s)
		last = i
	}
}

func TestArchJSONErrors(t *testing.T) {
	good, err := json.Marshal(testArch())
	require.NoError(t, err)
	edit := func(f func(m map[string]any)) string {
		var m map[string]any
		require.NoError(t, json.Unmarshal(good, &m))
		f(m)
		out, err := json.Marshal(m)
		require.NoError(t, err)
		return string(out)
	}
	regs := func(m map[string]any) map[string]any { return m["registers"].(map[string]any) }
	cases := []struct {
		name, json, want string
	}{
		{"unknown register", edit(func(m map[string]any) { regs(m)["acc"] = regs(m)["W"] }), `unknown register "acc"`},
		{"missing register", edit(func(m map[string]any) { delete(regs(m), "vis_field") }), `missing register "vis_field"`},
		{"bad format", edit(func(m map[string]any) { regs(m)["c"].(map[string]any)["format"] = "s16" }), `"c": fixedpoint: malformed format "s16"`},
		{"bad overflow", edit(func(m map[string]any) { regs(m)["b"].(map[string]any)["overflow"] = "wrap" }), `"b": fixedpoint: unknown overflow mode "wrap"`},
		{"missing overflow", edit(func(m map[string]any) { delete(regs(m)["b"].(map[string]any), "overflow") }), `"b": want both "format" and "overflow"`},
		{"unsigned register", edit(func(m map[string]any) { regs(m)["W"].(map[string]any)["format"] = "u16.0" }), "register W has format u16.0"},
		{"missing field", edit(func(m map[string]any) { delete(m, "sweeps") }), `missing field "sweeps"`},
		{"unknown field", edit(func(m map[string]any) { m["clock"] = 100 }), `unknown field "clock"`},
		{"bad mode", edit(func(m map[string]any) { m["mode"] = "sh" }), `mode "sh": want "H" or "SH"`},
		{"invalid arch", edit(func(m map[string]any) { m["tile"] = 4 }), "tile T = 4 must be a multiple of 3"},
		{"missing tile", edit(func(m map[string]any) { delete(m, "tile") }), `missing field "tile"`},
		{"lane datapath", edit(func(m map[string]any) { delete(m, "tile"); m["lanes"] = 4 }), "the lane datapath was retired"},
		{"lanes beside a tile", edit(func(m map[string]any) { m["lanes"] = 4 }), "regenerate what holds this Arch (a vector set: herdsim vectors)"},
		{"narrow W", edit(func(m map[string]any) { regs(m)["W"].(map[string]any)["format"] = "s8.0" }), "cannot hold the initial weights"},
		{"not an object", `[1,2]`, "arch JSON"},
		{"zero lanes", edit(func(m map[string]any) { m["w_lanes"] = 0 }), "w_lanes = 0"},
		{"too many lanes", edit(func(m map[string]any) { m["w_lanes"] = 40 }), "w_lanes = 40"},
		{"lanes against the tile", edit(func(m map[string]any) { m["w_lanes"] = 4 }), "tile T = 3 must be a multiple of 4"},
	}
	for _, c := range cases {
		var a Arch
		err := json.Unmarshal([]byte(c.json), &a)
		require.Error(t, err, c.name)
		require.Contains(t, err.Error(), c.want, c.name)
		require.Equal(t, Arch{}, a, "%s: a failed unmarshal must leave the Arch alone", c.name)
	}
}
