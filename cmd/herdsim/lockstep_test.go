package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/testvectors"
)

// sh6 is issue 17's case (item 1): with energy s4.0 wrap an overflow moves SH's start at
// iteration 3 (data vector 2 instead of 0); the search ends at the reference's x* and z*
// but runs 2 sweeps instead of 1.
func sh6(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sh6.txt")
	require.NoError(t, os.WriteFile(path, []byte("11111\n11111\n11011\n11111\n11111\n11111\n"), 0o644))
	return path
}

// be: with best_energy s5.0 wrap the start moves at iteration 2 (data vector 5 instead of
// 0) and nothing else differs over T = 4: x*, z*, sweeps, cycles and weights all match.
func be(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "be.txt")
	require.NoError(t, os.WriteFile(path, []byte("1111\n1010\n1101\n1111\n1111\n1111\n"), 0o644))
	return path
}

type lockstepJSON struct {
	BitExact        bool `json:"bit_exact"`
	Iterations      int  `json:"iterations"`
	FirstDivergence *struct {
		Iteration int    `json:"iteration"`
		Signal    string `json:"signal"`
		Index     []int  `json:"index"`
		Reference int64  `json:"reference"`
		Datapath  int64  `json:"datapath"`
	} `json:"first_divergence"`
	Cycles []uint64 `json:"cycles"`
}

func runLockstep(t *testing.T, args ...string) lockstepJSON {
	t.Helper()
	out, err := run(t, append([]string{"lockstep"}, args...)...)
	require.NoError(t, err, "lockstep exits 0 whatever the verdict")
	var rep lockstepJSON
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	return rep
}

// TestLockstepNamesAMovedSearchStart: bit_exact is false when only the search's start
// (and what follows from it: sweeps, cycles) differs, with the default tile and another,
// and the first divergence names the iteration and the start.
func TestLockstepNamesAMovedSearchStart(t *testing.T) {
	cases := []struct {
		data, reg, iters string
		iter             int
		dpStart          int64
	}{
		{sh6(t), "energy=4:wrap", "3", 3, 2},
		{be(t), "best_energy=5:wrap", "4", 2, 5},
	}
	for _, c := range cases {
		for _, arch := range [][]string{{}, {"--tile", "6"}} {
			common := append([]string{"--data", c.data, "--hidden", "3", "--iters", c.iters}, arch...)
			lossless := runLockstep(t, common...)
			require.True(t, lossless.BitExact, "%s %v lossless", c.reg, arch)

			rep := runLockstep(t, append(common, "--reg", c.reg)...)
			require.False(t, rep.BitExact, "%s %v", c.reg, arch)
			d := rep.FirstDivergence
			require.NotNil(t, d, "%s %v", c.reg, arch)
			require.Equal(t, c.iter, d.Iteration, "%s %v", c.reg, arch)
			require.Equal(t, "start", d.Signal, "%s %v", c.reg, arch)
			require.Nil(t, d.Index)
			require.Equal(t, int64(0), d.Reference, "%s %v: the reference starts at data vector 0", c.reg, arch)
			require.Equal(t, c.dpStart, d.Datapath, "%s %v", c.reg, arch)
			require.Equal(t, c.iter, rep.Iterations)
			require.Len(t, rep.Cycles, c.iter)
			require.Equal(t, lossless.Cycles[:c.iter-1], rep.Cycles[:c.iter-1], "%s %v: cycles before the divergence are the lossless run's", c.reg, arch)
		}
	}
}

// TestLockstepSkip: --skip runs the word-skip datapath's model, bit-exact at lossless widths
// and in fewer cycles than the passes that read every word; it needs mode H; vectors --skip
// writes a set whose Arch holds the layout's busy words, and rtl builds the word-skip core
// from it.
func TestLockstepSkip(t *testing.T) {
	args := []string{"--data", "default", "--mode", "H", "--hidden", "8", "--iters", "20"}
	whole := runLockstep(t, args...)
	skip := runLockstep(t, append(args, "--skip")...)
	require.True(t, skip.BitExact, "%+v", skip.FirstDivergence)
	sum := func(c []uint64) (s uint64) {
		for _, v := range c {
			s += v
		}
		return s
	}
	require.Less(t, sum(skip.Cycles), sum(whole.Cycles))
	_, err := run(t, "lockstep", "--data", "default", "--mode", "SH", "--hidden", "8", "--iters", "2", "--skip")
	require.ErrorContains(t, err, "mode H")
	dir := t.TempDir()
	_, err = run(t, "vectors", "--data", "default", "--mode", "H", "--hidden", "8", "--iters", "2", "--skip", "--out", filepath.Join(dir, "v"))
	require.NoError(t, err)
	set, _, err := testvectors.Read(filepath.Join(dir, "v"))
	require.NoError(t, err)
	require.True(t, set.Arch.Skip())
	require.Equal(t, sum(skip.Cycles[:2]), sum(set.Cycles))
	_, err = run(t, "rtl", "--vectors", filepath.Join(dir, "v"), "--out", filepath.Join(dir, "rtl"))
	require.NoError(t, err)
	core, err := os.ReadFile(filepath.Join(dir, "rtl", "herd_core.v"))
	require.NoError(t, err)
	require.Contains(t, string(core), ".SKIP(1)")
}

// TestLockstepTarget: --target sizes the datapath for the part (16 W lanes and the tile
// synth.PickShape gives, said on stderr and in the report's arch) and the run is
// bit-exact; beside --tile or --w-lanes it is a usage error.
func TestLockstepTarget(t *testing.T) {
	cmd := newRootCommand()
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	args := []string{"lockstep", "--data", smallData(t), "--hidden", "20", "--mode", "H", "--weight-bits", "18", "--acc-bits", "22", "--iters", "3"}
	cmd.SetArgs(append(args, "--target", "ecp5-85k"))
	require.NoError(t, cmd.Execute())
	var rep struct {
		BitExact bool              `json:"bit_exact"`
		Arch     map[string]string `json:"arch"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &rep))
	require.True(t, rep.BitExact)
	require.Equal(t, "16", rep.Arch["w_lanes"])
	require.Equal(t, "28", rep.Arch["tile"], "K = 20 in one tile of two W words of 14")
	require.Contains(t, errOut.String(), "--target ecp5-85k: 16 W lanes, T = 28")
	require.Contains(t, errOut.String(), "one tile holds every hidden unit")
	for _, extra := range [][]string{{"--tile", "14"}, {"--w-lanes", "8"}} {
		_, err := run(t, append(append(args, "--target", "ecp5-25k"), extra...)...)
		require.ErrorContains(t, err, "give neither --tile nor --w-lanes", "%v", extra)
	}
	_, err := run(t, append(args, "--target", "gw1nr-9")...)
	require.ErrorContains(t, err, "no resource estimate for the gowin family")
}
