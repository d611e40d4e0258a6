package sweep

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/units"
)

// newSpec is the tests' shorthand for NewSpec: the groups as ParseVary reads them.
func newSpec(vary []string, cross bool, overflows ...fixedpoint.Overflow) (Spec, error) {
	var vs []Vary
	for _, text := range vary {
		v, err := ParseVary(text)
		if err != nil {
			return Spec{}, err
		}
		vs = append(vs, v)
	}
	return NewSpec(vs, overflows, cross)
}

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
	s, err := newSpec([]string{"acc-bits=10:12", "weight-bits=8,9"}, false, fixedpoint.Sat, fixedpoint.Wrap)
	require.NoError(t, err)
	require.Equal(t, "weight-bits", s.Vary[0].Group.Name, "groups in canonical order")
	require.Equal(t, []fixedpoint.Overflow{fixedpoint.Wrap, fixedpoint.Sat}, s.Overflows)
	require.Equal(t, [][]Setting{{{"weight-bits", 8}}, {{"weight-bits", 9}}, {{"acc-bits", 10}}, {{"acc-bits", 11}}, {{"acc-bits", 12}}}, s.combos())

	s, err = newSpec([]string{"acc-bits=10:11", "weight-bits=8,9"}, true, fixedpoint.Wrap)
	require.NoError(t, err)
	require.Len(t, s.combos(), 4)
	require.Equal(t, []Setting{{"weight-bits", 9}, {"acc-bits", 10}}, s.combos()[2])

	for _, c := range []struct {
		vary      []string
		overflows []fixedpoint.Overflow
		cross     bool
		want      string
	}{
		{nil, []fixedpoint.Overflow{fixedpoint.Wrap}, false, "nothing to sweep"},
		{[]string{"W=8"}, nil, false, "no overflow mode"},
		{[]string{"W=8"}, []fixedpoint.Overflow{fixedpoint.SatSym}, false, "overflow mode SAT_SYM: the datapath implements WRAP and SAT"},
		{[]string{"W=8", "W=9"}, []fixedpoint.Overflow{fixedpoint.Wrap}, false, "group W is given twice"},
		{[]string{"W=8", "weight-bits=9"}, []fixedpoint.Overflow{fixedpoint.Wrap}, true, "crossed groups weight-bits and W both set register W"},
		{[]string{"W=2:64", "b=2:64", "c=2:64", "field=2:64"}, []fixedpoint.Overflow{fixedpoint.Wrap}, true, "more than 100000"},
	} {
		_, err := newSpec(c.vary, c.cross, c.overflows...)
		require.ErrorContains(t, err, c.want, "%v", c.vary)
	}
	s, err = newSpec([]string{"W=8"}, false, fixedpoint.Sat, fixedpoint.Sat, fixedpoint.Wrap)
	require.NoError(t, err)
	require.Equal(t, []fixedpoint.Overflow{fixedpoint.Wrap, fixedpoint.Sat}, s.Overflows, "each mode once, canonical order")
	// Not crossed, a register may appear in two groups: each is swept alone.
	_, err = newSpec([]string{"W=8", "weight-bits=9"}, false, fixedpoint.Wrap)
	require.NoError(t, err)
}

// TestPointUnitsAndPlan: every point of a grid is a unit with its own valid key (row
// label, overflow mode, hash of the full key: another setup is another file), and the plan
// written to plan.json lists the same points again without the data.
func TestPointUnitsAndPlan(t *testing.T) {
	setup := Setup{Data: dataset.Default(), Config: herding.Config{Hidden: 8, Mode: herding.ModeSH, Sweeps: 10, Seed: 1}, Iterations: 30}
	spec, err := newSpec([]string{"positive-bits=8,9", "weight-bits=9:12"}, false, fixedpoint.Wrap, fixedpoint.Sat)
	require.NoError(t, err)
	points := spec.Points(setup)
	keys := map[string]bool{}
	for _, u := range pointUnits(points) {
		require.NoError(t, units.CheckKey(u.Key))
		require.False(t, keys[u.Key], u.Key)
		keys[u.Key] = true
	}
	require.Len(t, keys, 12)
	for _, g := range Groups() { // every group name can stand in a key, crossed too
		require.NoError(t, units.CheckKey(g+"=8+"+g+"=9-wrap-00"), g)
	}
	require.Regexp(t, `^weight-bits=9-wrap-[0-9a-f]{16}$`, points[0].unit().Key)
	require.Equal(t, "weight-bits=9 wrap", points[0].unit().Name)
	other := setup
	other.Iterations++
	require.NotEqual(t, points[0].unit().Key, spec.Points(other)[0].unit().Key)

	b, err := json.Marshal(newPlan(setup.info(), spec))
	require.NoError(t, err)
	again, err := decodePlan(b)
	require.NoError(t, err)
	require.Equal(t, points, again)
	_, err = decodePlan([]byte(`{"models": []}`))
	require.ErrorContains(t, err, "not a sweep plan")
}

// TestErrorsNameValuesNotFlags: the package knows no flags (cmd/herdsim owns them), so no
// error of its parsing and checking names one; each quotes or names the value instead.
func TestErrorsNameValuesNotFlags(t *testing.T) {
	var errs []error
	add := func(_ any, err error) { errs = append(errs, err) }
	for _, text := range []string{"weight-bits", "=8", "nope=8", "W=x", "W=8,8", "W=9:8", "W=0:4", "W=8:9:0", "W=1:2:3:4"} {
		add(ParseVary(text))
	}
	add(ParseWidths("8,x"))
	add(newSpec(nil, false, fixedpoint.Wrap))
	add(newSpec([]string{"W=8"}, false))
	add(newSpec([]string{"W=8"}, false, fixedpoint.SatZero))
	add(newSpec([]string{"W=8", "W=9"}, false, fixedpoint.Wrap))
	add(newSpec([]string{"W=8", "weight-bits=9"}, true, fixedpoint.Wrap))
	add(newSpec([]string{"W=2:64", "b=2:64", "c=2:64", "field=2:64"}, true, fixedpoint.Wrap))
	bad := []func(*Setup){
		func(s *Setup) { s.Iterations = 0 },
		func(s *Setup) { s.Config.Sweeps = 0 },
		func(s *Setup) { s.Config.Form = herding.Unscaled },
		func(s *Setup) { s.Synth = "nope" },
	}
	for _, edit := range bad {
		s := testSetup()
		edit(&s)
		errs = append(errs, s.check())
	}
	for i, err := range errs {
		require.Error(t, err, "case %d", i)
		require.NotContains(t, err.Error(), "--", "case %d names a flag", i)
		require.False(t, strings.Contains(strings.ToLower(err.Error()), "flag"), "case %d: %v", i, err)
	}
	require.ErrorContains(t, errs[0], `"weight-bits": want GROUP=WIDTHS`)
	require.ErrorContains(t, errs[len(errs)-1], `synthesis target "nope"`)
	require.ErrorContains(t, errs[len(errs)-4], fmt.Sprintf("T = %d iterations", 0))
}
