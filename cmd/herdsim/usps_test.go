package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
	"herdsim/internal/shard"
	"herdsim/internal/usps"
)

// tinySource: 10 digits, each a constant image with one flipped pixel per copy.
type tinySource struct{}

func (tinySource) Split(digit, split int, seed uint64) (train, valid, test *dataset.Binary, err error) {
	set := func(n, off int) *dataset.Binary {
		b := &dataset.Binary{Name: "tiny", D: 12}
		for i := range n {
			row := make([]int8, 12)
			for j := range row {
				row[j] = -1
				if j == digit || j == digit+2 {
					row[j] = 1
				}
			}
			row[(i+off+split)%12] *= -1
			b.Rows = append(b.Rows, row)
		}
		return b
	}
	return set(6, 0), set(5, 3), set(2, 7), nil
}

func TestUSPSMergeCommands(t *testing.T) {
	models, err := usps.ParseModels("mlr,1nn,sh1,cd1")
	require.NoError(t, err)
	for i := range models {
		models[i].Hidden = 3
	}
	plan := usps.Plan{Models: models, Splits: []int{0, 1}, SplitSeed: 1, Seed: 1, Learn: 2, Collect: 3}
	a, b := t.TempDir(), t.TempDir()
	for i, dir := range []string{a, b} {
		s, err := usps.Run(context.Background(), tinySource{}, usps.Options{Plan: plan, Out: dir, Shard: shard.Shard{Index: i, Of: 2}})
		require.NoError(t, err)
		require.Nil(t, s.Results)
	}
	merged := filepath.Join(t.TempDir(), "m")
	out, err := run(t, "usps", "merge", "--out", merged, a, b)
	require.NoError(t, err)
	require.Contains(t, out, "| SH1 | 3 |")
	first, err := os.ReadFile(filepath.Join(merged, "results.json"))
	require.NoError(t, err)
	require.NoError(t, os.Remove(filepath.Join(merged, "results.json")))
	out, err = run(t, "usps", "--merge", "--out", merged)
	require.NoError(t, err)
	require.Contains(t, out, "| MLR | - |")
	again, err := os.ReadFile(filepath.Join(merged, "results.json"))
	require.NoError(t, err)
	require.Equal(t, first, again)

	_, err = run(t, "usps", "--merge", "--out", a)
	require.ErrorContains(t, err, "not finished")
}

func TestUSPSFlags(t *testing.T) {
	f := uspsFlags{models: "all", quick: true, splits: 4, learn: 1000, collect: 1000, out: "x", units: unitFlags{shard: "1/3", workers: 2}}
	opts, err := f.options(nil)
	require.NoError(t, err)
	require.Equal(t, []int{0}, opts.Splits)
	require.Len(t, opts.Models, 5)
	require.Equal(t, shard.Shard{Index: 1, Of: 3}, opts.Shard)
	require.Equal(t, 2, opts.Workers)
	f.quick = false
	opts, err = f.options(nil)
	require.NoError(t, err)
	require.Equal(t, []int{0, 1, 2, 3}, opts.Splits)
	require.Len(t, opts.Models, 16)

	f.quick, f.weightBits, f.overflow = true, "lossless,12:14:2", "sat,wrap"
	opts, err = f.options(nil)
	require.NoError(t, err)
	var keys []string
	for _, m := range opts.Models {
		keys = append(keys, m.Key)
	}
	require.Equal(t, []string{"MLR", "1NN", "H1", "H1-lossless", "H1-w12-sat", "H1-w12-wrap", "H1-w14-sat", "H1-w14-wrap",
		"SH1", "SH1-lossless", "SH1-w12-sat", "SH1-w12-wrap", "SH1-w14-sat", "SH1-w14-wrap", "CD1"}, keys)
	f.quick, f.weightBits, f.overflow = false, "", "sat"

	for _, s := range []string{"3/3", "-1/2", "1", "a/b", "0/0"} {
		f.units.shard = s
		_, err := f.options(nil)
		require.ErrorContains(t, err, fmt.Sprintf("--shard %q: want a shard i/n", s))
	}
	f.units.shard = ""
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"usps"}, "--out"},
		{[]string{"usps", "--out", t.TempDir(), "--models", "h9"}, `unknown model "H9"`},
		{[]string{"usps", "--out", t.TempDir(), "--shard", "2/2"}, "--shard"},
		{[]string{"usps", "--out", t.TempDir(), "--splits", "0"}, "--splits 0"},
		{[]string{"usps", "--out", t.TempDir(), "--workers", "0"}, "--workers 0: must be at least 1"},
		{[]string{"usps", "--out", t.TempDir(), "--usps-dir", "/no/such/dir"}, "/no/such/dir"},
		{[]string{"usps", "merge", "--out", t.TempDir(), t.TempDir()}, "plan.json"},
		{[]string{"usps", "--out", t.TempDir(), "--models", "mlr", "--weight-bits", "12"}, "need a herding model"},
		{[]string{"usps", "--out", t.TempDir(), "--models", "h1", "--weight-bits", "12:x"}, `width "x" is not a number`},
		{[]string{"usps", "--out", t.TempDir(), "--models", "h1", "--weight-bits", "12", "--overflow", "sat_sym"}, "--overflow"},
	}
	for _, c := range cases {
		_, err := run(t, c.args...)
		require.ErrorContains(t, err, c.want, "%v", c.args)
	}
}
