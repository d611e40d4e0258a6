package sweep

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/rtlgen"
	"herdsim/synth"
)

// synthSetup is a small design to synthesise: the default data's first 16 vectors cut to
// 16 pixels, K=4 in mode H (the default tile), T=3 (the test is of the sweep's synthesis
// records, not of a design).
func synthSetup(t *testing.T, target string) Setup {
	t.Helper()
	data, err := dataset.Default().Head(16, 16)
	require.NoError(t, err)
	return Setup{Data: data, Config: herding.Config{Hidden: 4, Mode: herding.ModeH, Sweeps: 10, Seed: 1}, Iterations: 3, Synth: target}
}

func synthSpec(t *testing.T) Spec {
	s, err := newSpec([]string{"weight-bits=6,7"}, false, fixedpoint.Wrap)
	require.NoError(t, err)
	return s
}

// TestSweepWithSynthRecordsTheCost runs yosys, nextpnr-ice40 and icetime on two points
// (about 60 s on 2 cores).
func TestSweepWithSynthRecordsTheCost(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesis takes about 60 s")
	}
	if err := synth.CheckTools("ice40-up5k"); err != nil {
		t.Skipf("no iCE40 tools: %v", err)
	}
	dir := t.TempDir()
	st, err := Run(context.Background(), Options{Setup: synthSetup(t, "ice40-up5k"), Spec: synthSpec(t), Out: dir})
	require.NoError(t, err)
	require.Equal(t, 2, st.Computed)
	recs := readRecords(t, dir)
	require.Len(t, recs, 2)
	for _, w := range []string{"6", "7"} {
		r := recs["weight-bits="+w+" wrap"]
		require.True(t, r.Valid, "%s: %s", w, r.Error)
		require.Equal(t, "ice40-up5k", r.Run.Synth)
		require.Contains(t, r.Key, "|synth=ice40-up5k|")
		c := r.Synth
		require.NotNil(t, c, w)
		require.Equal(t, "ice40-up5k", c.Target)
		require.Positive(t, c.LUTs, w)
		require.Positive(t, c.FlipFlops, w)
		require.Positive(t, c.BRAM, w)
		require.NotNil(t, c.LogicCells)
		require.GreaterOrEqual(t, *c.LogicCells, c.LUTs)
		require.NotNil(t, c.Fits)
		require.True(t, *c.Fits, "K=4 fits the UP5K")
		require.NotNil(t, c.FmaxMHz)
		require.Positive(t, *c.FmaxMHz)
		require.NotNil(t, c.FmaxIcetimeMHz)
	}
	// Wider weights cost more flip-flops (the W datapath registers).
	require.Greater(t, recs["weight-bits=7 wrap"].Synth.FlipFlops, recs["weight-bits=6 wrap"].Synth.FlipFlops)
	line, err := os.ReadFile(filepath.Join(dir, "points.jsonl"))
	require.NoError(t, err)
	require.NotContains(t, string(line), "seconds", "timing must stay out of the records")

	md, err := os.ReadFile(filepath.Join(dir, FileTableMD))
	require.NoError(t, err)
	require.Contains(t, string(md), "| overflows | LUTs | FFs | BRAM | logic cells | fits | Fmax (MHz) |")
	c7 := recs["weight-bits=7 wrap"].Synth
	require.Contains(t, string(md), "| none | "+itoa(c7.LUTs)+" | "+itoa(c7.FlipFlops)+" | "+itoa(c7.BRAM)+" | "+itoa(*c7.LogicCells)+" | yes | "+c7.fmaxText()+" |")
	require.Contains(t, string(md), "lossless cost | lossy cost |")
	csvText, err := os.ReadFile(filepath.Join(dir, FileTableCSV))
	require.NoError(t, err)
	require.Contains(t, strings.SplitN(string(csvText), "\n", 2)[0], ",synth_luts,synth_flip_flops,synth_bram,")
	var rec Recommendations
	js, err := os.ReadFile(filepath.Join(dir, FileRecommendations))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(js, &rec))
	require.Len(t, rec.Groups, 1)
	g := rec.Groups[0]
	require.NotNil(t, g.Lossless)
	require.Equal(t, recs["weight-bits="+itoa(*g.Lossless)+" wrap"].Synth, g.LosslessSynth)
	require.NotNil(t, g.LossySynth)

	// Resume: the same sweep reuses both records; without --synth it reuses none and its
	// records and table carry no cost.
	st, err = Run(context.Background(), Options{Setup: synthSetup(t, "ice40-up5k"), Spec: synthSpec(t), Out: dir})
	require.NoError(t, err)
	require.Equal(t, 2, st.Skipped)
	require.Zero(t, st.Computed)
	st, err = Run(context.Background(), Options{Setup: synthSetup(t, ""), Spec: synthSpec(t), Out: dir})
	require.NoError(t, err)
	require.Zero(t, st.Skipped)
	require.Equal(t, 2, st.Computed)
	md, err = os.ReadFile(filepath.Join(dir, FileTableMD))
	require.NoError(t, err)
	require.NotContains(t, string(md), "LUTs")
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestSynthTargetIsPartOfTheKey(t *testing.T) {
	spec := synthSpec(t)
	plain := spec.Points(synthSetup(t, ""))
	up5k := spec.Points(synthSetup(t, "ice40-up5k"))
	hx8k := spec.Points(synthSetup(t, "ice40-hx8k"))
	require.Len(t, up5k, len(plain))
	for i := range plain {
		require.NotContains(t, plain[i].Key, "synth")
		require.NotEqual(t, plain[i].Key, up5k[i].Key)
		require.NotEqual(t, up5k[i].Key, hx8k[i].Key)
		require.Equal(t, plain[i].Key, strings.Replace(up5k[i].Key, "|synth=ice40-up5k", "", 1))
	}
}

func TestSweepWithoutSynthHasNoCost(t *testing.T) {
	dir := fullDir(t)
	b, err := os.ReadFile(filepath.Join(dir, "points.jsonl"))
	require.NoError(t, err)
	require.NotContains(t, string(b), `"synth"`)
	for _, r := range readRecords(t, dir) {
		require.Nil(t, r.Synth)
		require.NotContains(t, r.Key, "synth")
	}
	md, err := os.ReadFile(filepath.Join(dir, FileTableMD))
	require.NoError(t, err)
	require.Contains(t, string(md), "| vary | overflow | first divergence | where | Hamming x\\* | Hamming z\\* | per iteration | moment error | ratio | overflows |\n")
	require.Contains(t, string(md), "| worst-case width |\n")
	csvText, err := os.ReadFile(filepath.Join(dir, FileTableCSV))
	require.NoError(t, err)
	require.NotContains(t, string(csvText), "synth_")
	js, err := os.ReadFile(filepath.Join(dir, FileRecommendations))
	require.NoError(t, err)
	require.NotContains(t, string(js), "synth")
}

func TestSynthMissingToolsStopBeforeAnyWork(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	out := filepath.Join(t.TempDir(), "out")
	_, err := Run(context.Background(), Options{Setup: synthSetup(t, "ice40-up5k"), Spec: synthSpec(t), Out: out})
	var te *synth.ToolError
	require.True(t, errors.As(err, &te), "%v", err)
	require.ErrorContains(t, err, "synthesis target ice40-up5k: yosys not found on PATH (Debian: apt-get install yosys)")
	require.NoDirExists(t, out)

	_, err = Run(context.Background(), Options{Setup: synthSetup(t, "ice40-up9k"), Spec: synthSpec(t), Out: out})
	require.ErrorContains(t, err, `synthesis target "ice40-up9k": want one of `+strings.Join(synth.TargetNames(), ", "))
	require.NoDirExists(t, out)
}

// TestReportShowsCostsThatDoNotFit: a cost that does not fit (and one without place and
// route) in the table, the CSV and the recommendations, from records alone.
func TestReportShowsCostsThatDoNotFit(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(fullDir(t), "points.jsonl"))
	require.NoError(t, err)
	var recs []Record
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var r Record
		require.NoError(t, json.Unmarshal([]byte(line), &r))
		r.Run.Synth = "ice40-up5k"
		if r.Valid && r.Vary[0].Group == "weight-bits" && r.Overflow == "wrap" {
			no, lc := false, 6000+r.Vary[0].Bits
			r.Synth = &SynthCost{Target: "ice40-up5k", LUTs: 5000 + r.Vary[0].Bits, FlipFlops: 900, BRAM: 31, LogicCells: &lc, Fits: &no,
				Exceeded: []string{"ICESTORM_LC " + itoa(lc) + "/5280", "ICESTORM_RAM 31/30"}}
		}
		recs = append(recs, r)
	}
	dir := t.TempDir()
	rec, err := WriteReport(dir, recs, nil)
	require.NoError(t, err)
	md, err := os.ReadFile(filepath.Join(dir, FileTableMD))
	require.NoError(t, err)
	require.Contains(t, string(md), "| 5011 | 900 | 31 | 6011 | no (ICESTORM_LC 6011/5280, ICESTORM_RAM 31/30) | - |")
	require.Regexp(t, `\| weight-bits=11 \| sat \| bit exact \| .* \| none \| \| \| \| \| \| \|\n`, string(md))
	require.Contains(t, string(md), "| 11 | 11 | 14 | 5011 LUT, 900 FF, 31 BRAM, 6011 LC, does not fit | 5011 LUT, 900 FF, 31 BRAM, 6011 LC, does not fit |")
	csvText, err := os.ReadFile(filepath.Join(dir, FileTableCSV))
	require.NoError(t, err)
	require.Contains(t, string(csvText), ",ice40-up5k,5011,900,31,0,0,6011,false,ICESTORM_LC 6011/5280;ICESTORM_RAM 31/30,,,")
	for _, g := range rec.Groups {
		if g.Group == "weight-bits" && g.Overflow == "wrap" {
			require.NotNil(t, g.LosslessSynth)
			require.Equal(t, 5000+*g.Lossless, g.LosslessSynth.LUTs)
		} else {
			require.Nil(t, g.LosslessSynth, "%s %s", g.Group, g.Overflow)
		}
	}
}

// TestPointRTLIsTheDesign: the RTL synthPoint writes for a point is what herdsim rtl writes
// for it: the core, its library modules and the board top with the PLL and the link.
func TestPointRTLIsTheDesign(t *testing.T) {
	s := synthSetup(t, "ice40-up5k")
	points := synthSpec(t).Points(s)
	require.Len(t, points, 2)
	a := points[0].Arch
	require.Equal(t, 3, a.Tile, "W 11 bits: three weights a word")
	dir := t.TempDir()
	require.NoError(t, writePointRTL(dir, s, a))
	for _, f := range append(append([]string(nil), rtlgen.TiledSourceFiles...), rtlgen.BoardSourceFiles...) {
		require.FileExists(t, filepath.Join(dir, f))
	}
	board, err := os.ReadFile(filepath.Join(dir, rtlgen.BoardFile))
	require.NoError(t, err)
	require.Contains(t, string(board), "herd_icebreaker #(")
}
