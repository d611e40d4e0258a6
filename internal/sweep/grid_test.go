package sweep

import (
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/datapath"
)

func TestParseVary(t *testing.T) {
	for text, want := range map[string][]int{
		"weight-bits=6:9":       {6, 7, 8, 9},
		"acc-bits=8,12,16":      {8, 12, 16},
		"field=10:16:3":         {10, 13, 16},
		"W=12":                  {12},
		"update-bits=20,6:8":    {6, 7, 8, 20},
		"positive-bits=2:64:62": {2, 64},
	} {
		v, err := ParseVary(text)
		require.NoError(t, err, text)
		require.Equal(t, want, v.Widths, text)
	}
	v, err := ParseVary("bias-bits=8")
	require.NoError(t, err)
	require.Equal(t, []datapath.Reg{datapath.RegB, datapath.RegC}, v.Group.Regs)

	for text, want := range map[string]string{
		"weight-bits":         "want GROUP=WIDTHS",
		"=8":                  "want GROUP=WIDTHS",
		"weight=8":            `unknown register group "weight"`,
		"w=8":                 `unknown register group "w"`,
		"weight-bits=8:4":     `range "8:4" is empty`,
		"weight-bits=x":       `width "x" is not a number`,
		"weight-bits=8:x":     `width "x" is not a number`,
		"weight-bits=8:12:0":  "step 0 must be positive",
		"weight-bits=8:12:-1": "step -1 must be positive",
		"weight-bits=0:4":     "widths must lie in 1..64",
		"weight-bits=60:65":   "widths must lie in 1..64",
		"weight-bits=8:9:1:2": "want WIDTH, FROM:TO or FROM:TO:STEP",
		"weight-bits=8,8":     "width 8 is listed twice",
		"weight-bits=8:10,9":  "width 9 is listed twice",
		"weight-bits=":        "want GROUP=WIDTHS",
		"weight-bits=8,,9":    `width "" is not a number`,
	} {
		_, err := ParseVary(text)
		require.ErrorContains(t, err, want, text)
	}
}

func TestNewSpec(t *testing.T) {
	s, err := NewSpec([]string{"acc-bits=10:12", "weight-bits=8,9"}, "sat,wrap", false)
	require.NoError(t, err)
	require.Equal(t, "weight-bits", s.Vary[0].Group.Name, "groups in canonical order")
	require.Equal(t, []string{"wrap", "sat"}, s.Overflows)
	require.Equal(t, [][]Setting{{{"weight-bits", 8}}, {{"weight-bits", 9}}, {{"acc-bits", 10}}, {{"acc-bits", 11}}, {{"acc-bits", 12}}}, s.combos())

	s, err = NewSpec([]string{"acc-bits=10:11", "weight-bits=8,9"}, "wrap", true)
	require.NoError(t, err)
	require.Len(t, s.combos(), 4)
	require.Equal(t, []Setting{{"weight-bits", 9}, {"acc-bits", 10}}, s.combos()[2])

	for _, c := range []struct {
		vary     []string
		overflow string
		cross    bool
		want     string
	}{
		{nil, "wrap", false, "nothing to sweep"},
		{[]string{"W=8"}, "odd", false, `mode "odd"`},
		{[]string{"W=8"}, "", false, `mode ""`},
		{[]string{"W=8", "W=9"}, "wrap", false, "group W is given twice"},
		{[]string{"W=8", "weight-bits=9"}, "wrap", true, "groups weight-bits and W both set register W"},
		{[]string{"W=2:64", "b=2:64", "c=2:64", "field=2:64"}, "wrap", true, "more than 100000"},
	} {
		_, err := NewSpec(c.vary, c.overflow, c.cross)
		require.ErrorContains(t, err, c.want, "%v", c.vary)
	}
	// Not crossed, a register may appear in two groups: each is swept alone.
	_, err = NewSpec([]string{"W=8", "weight-bits=9"}, "wrap", false)
	require.NoError(t, err)
}

func TestParseShard(t *testing.T) {
	sh, err := ParseShard("1/3")
	require.NoError(t, err)
	require.Equal(t, Shard{1, 3}, sh)
	require.Equal(t, "points-shard-1-of-3.jsonl", sh.FileName())
	require.Equal(t, "points.jsonl", Shard{}.FileName())
	pts := make([]Point, 7)
	for i := range pts {
		pts[i].Key = string(rune('a' + i))
	}
	var keys string
	for _, p := range sh.Select(pts) {
		keys += p.Key
	}
	require.Equal(t, "be", keys)
	for _, bad := range []string{"3/2", "0/0", "2/2", "-1/2", "1", "a/b", "1/2/3", " 1/2", "01/2", "1/-2"} {
		_, err := ParseShard(bad)
		require.Error(t, err, bad)
		require.Contains(t, err.Error(), "--shard", bad)
	}
}
