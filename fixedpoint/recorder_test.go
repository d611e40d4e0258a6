package fixedpoint

import (
	"bytes"
	"encoding/json"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exact parses a decimal that a wide format holds exactly.
func exact(t testing.TB, s string) Value {
	t.Helper()
	v, st, err := ParseDecimal(s, MustParseFormat("s64.32"), Trn, Wrap)
	require.NoError(t, err)
	require.Equal(t, Status{}, st, s)
	return v
}

func fillRecorder(t testing.TB, rec *Recorder) {
	acc := MustParseFormat("s8.2") // -32 .. 31.75 in steps of 0.25
	for _, s := range []string{"1.3125", "-40", "31.875", "2.5"} {
		// 1.3125 quantises, -40 overflows, 31.875 rounds up to 32 and overflows.
		rec.Cast("acc", exact(t, s), acc, Rnd, Sat)
	}
	for _, s := range []string{"-32", "3"} { // -32 is the most negative code: SAT_SYM overflow
		rec.Cast("sym", exact(t, s), acc, Trn, SatSym)
	}
	for _, s := range []string{"0.125", "200.75"} {
		rec.Cast("pos", exact(t, s), MustParseFormat("u8.1"), RndConv, Wrap)
	}
	rec.Record("full", exact(t, "-0.5").Mul(exact(t, "3")))
	rec.Record("full", exact(t, "7").Mul(exact(t, "0.25")))
}

func TestRecorder(t *testing.T) {
	var rec Recorder // the zero Recorder works
	fillRecorder(t, &rec)
	rep := rec.Report()
	require.Len(t, rep.Signals, 4)
	names := []string{}
	for _, s := range rep.Signals {
		names = append(names, s.Name)
	}
	assert.Equal(t, []string{"acc", "full", "pos", "sym"}, names)

	acc := rep.Signals[0]
	assert.Equal(t, SignalReport{
		Name: "acc", Format: "s8.2", Round: "RND", Overflow: "SAT", Count: 4,
		Min: "-40", Max: "31.875", Overflows: 2, Quantisations: 2,
		Narrowest: "s9.2", // codes -160 .. 128
	}, acc)
	sym := rep.Signals[3]
	assert.Equal(t, uint64(1), sym.Overflows)
	assert.Equal(t, "s9.2", sym.Narrowest) // -128 is excluded under SAT_SYM
	pos := rep.Signals[2]
	assert.Equal(t, "u9.1", pos.Narrowest) // codes 0 .. 402 (0.125 rounds to 0, 200.75 to 401.5 → 402)
	assert.Equal(t, uint64(2), pos.Quantisations)
	assert.Equal(t, uint64(1), pos.Overflows)
	full := rep.Signals[1]
	assert.Equal(t, "s128.64", full.Format)
	assert.Equal(t, "TRN", full.Round)
	assert.Equal(t, json.Number("-1.5"), full.Min)
	assert.Equal(t, json.Number("1.75"), full.Max)
	assert.Equal(t, "s66.64", full.Narrowest)
}

func TestRecorderText(t *testing.T) {
	rec := NewRecorder()
	fillRecorder(t, rec)
	var buf bytes.Buffer
	require.NoError(t, rec.Report().WriteText(&buf))
	assert.Equal(t, `SIGNAL  FORMAT   ROUND     OVERFLOW  COUNT  MIN    MAX     OVERFLOWS  QUANTISED  NARROWEST
acc     s8.2     RND       SAT       4      -40    31.875  2          2          s9.2
full    s128.64  TRN       WRAP      2      -1.5   1.75    0          0          s66.64
pos     u8.1     RND_CONV  WRAP      2      0.125  200.75  1          2          u9.1
sym     s8.2     TRN       SAT_SYM   2      -32    3       1          0          s9.2
`, buf.String())
}

func TestRecorderJSON(t *testing.T) {
	rec := NewRecorder()
	fillRecorder(t, rec)
	var buf bytes.Buffer
	require.NoError(t, rec.Report().WriteJSON(&buf))
	var back struct {
		Signals []map[string]any `json:"signals"`
	}
	require.NoError(t, json.Unmarshal(buf.Bytes(), &back))
	require.Len(t, back.Signals, 4)
	assert.Equal(t, map[string]any{
		"name": "acc", "format": "s8.2", "round": "RND", "overflow": "SAT", "count": 4.0,
		"min": -40.0, "max": 31.875, "overflow_count": 2.0, "quantisation_count": 2.0,
		"narrowest_format": "s9.2",
	}, back.Signals[0])
	assert.Contains(t, buf.String(), `"min": -40,`) // an exact decimal, as a JSON number

	var empty bytes.Buffer
	require.NoError(t, NewRecorder().Report().WriteJSON(&empty))
	assert.JSONEq(t, `{"signals": []}`, empty.String())
}

func TestRecorderMerge(t *testing.T) {
	a, b, both := NewRecorder(), NewRecorder(), NewRecorder()
	f := MustParseFormat("s8.0")
	for i, s := range []string{"1", "-300", "2.5", "100", "-7.25", "0"} {
		half := a
		if i%2 == 1 {
			half = b
		}
		half.Cast("x", exact(t, s), f, RndConv, Wrap)
		both.Cast("x", exact(t, s), f, RndConv, Wrap)
	}
	b.Cast("only-b", exact(t, "1"), f, Trn, Wrap)
	both.Cast("only-b", exact(t, "1"), f, Trn, Wrap)
	var merged Recorder
	merged.Merge(a)
	merged.Merge(b)
	assert.Equal(t, both.Report(), merged.Report())
}

func TestRecorderMismatchPanics(t *testing.T) {
	rec := NewRecorder()
	rec.Cast("x", exact(t, "1"), MustParseFormat("s8.0"), Trn, Wrap)
	assert.PanicsWithValue(t, `fixedpoint: signal "x" recorded as s8.0 TRN WRAP and as s8.1 TRN WRAP`, func() {
		rec.Cast("x", exact(t, "1"), MustParseFormat("s8.1"), Trn, Wrap)
	})
	assert.Panics(t, func() { rec.Cast("x", exact(t, "1"), MustParseFormat("s8.0"), Rnd, Wrap) })
	other := NewRecorder()
	other.Cast("x", exact(t, "1"), MustParseFormat("s8.0"), Trn, Sat)
	assert.Panics(t, func() { rec.Merge(other) })
}

func TestFitFormat(t *testing.T) {
	for _, c := range []struct {
		lo, hi string
		sym    bool
		want   string
	}{
		{"0", "0", false, "u1.3"},
		{"0", "1", false, "u1.3"},
		{"0", "255", false, "u8.3"},
		{"-1", "0", false, "s1.3"},
		{"-1", "0", true, "s2.3"},
		{"-128", "127", false, "s8.3"},
		{"-128", "127", true, "s9.3"},
		{"-127", "127", true, "s8.3"},
		{"-3", "-2", false, "s3.3"},
		{"-1", "128", false, "s9.3"},
	} {
		lo, _ := new(big.Int).SetString(c.lo, 10)
		hi, _ := new(big.Int).SetString(c.hi, 10)
		assert.Equal(t, c.want, fitFormat(lo, hi, 3, c.sym).String(), "%v", c)
	}
}
