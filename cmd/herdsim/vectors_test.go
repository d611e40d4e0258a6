package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/testvectors"
)

const vectorIters = 30

// writeVectors runs `herdsim vectors` on the default data (K = 16) into a new directory.
func writeVectors(t *testing.T, extra ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "vectors")
	out, err := run(t, append([]string{"vectors", "--data", "default", "--hidden", "16", "--iters", "30", "--out", dir}, extra...)...)
	require.NoError(t, err)
	require.Contains(t, out, "default: N=128 D=64 K=16 tiled T=3 mode=SH iterations=30 seed=1: 11 files, W s14.0")
	require.Contains(t, out, "bit-exact on the datapath -> "+dir+"\n")
	return dir
}

// TestTheDefaultTileFitsTheUP5K: without --tile the datapath gets the tile measured to fit
// the UP5K (4 in mode H, 2 in SH, whole W words); a problem the datapath cannot hold (D <
// 4) and widths it cannot take get its error, naming the problem, with or without --tile;
// the retired lane datapath's flags are unknown.
func TestTheDefaultTileFitsTheUP5K(t *testing.T) {
	d3 := filepath.Join(t.TempDir(), "d3.txt")
	require.NoError(t, os.WriteFile(d3, []byte("101\n110\n011\n111\n"), 0o644))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--data", "default", "--hidden", "16", "--weight-bits", "17", "--acc-bits", "22"}, "tiled T=2 mode=SH"},
		{[]string{"--data", "default", "--hidden", "16", "--mode", "H"}, "tiled T=3 mode=H"},
		{[]string{"--data", "default", "--hidden", "16", "--mode", "H", "--weight-bits", "18", "--acc-bits", "22"}, "tiled T=4 mode=H"},
		{[]string{"--data", "default", "--hidden", "16", "--tile", "6"}, "tiled T=6 mode=SH"},
	} {
		dir := filepath.Join(t.TempDir(), "v")
		out, err := run(t, append([]string{"vectors", "--iters", "2", "--out", dir}, c.args...)...)
		require.NoError(t, err, "%v", c.args)
		require.Contains(t, out, c.want, "%v", c.args)
	}
	_, err := run(t, "vectors", "--data", d3, "--hidden", "2", "--tile", "3", "--iters", "2", "--out", filepath.Join(t.TempDir(), "v"))
	require.ErrorContains(t, err, "D >= 4")
	_, err = run(t, "vectors", "--data", d3, "--hidden", "2", "--iters", "2", "--out", filepath.Join(t.TempDir(), "v"))
	require.ErrorContains(t, err, "D >= 4")
	for _, retired := range []string{"--lanes", "--arch"} {
		_, err = run(t, "vectors", "--data", "default", retired, "4", "--iters", "2", "--out", filepath.Join(t.TempDir(), "v"))
		require.ErrorContains(t, err, "unknown flag: "+retired)
	}
	_, err = run(t, "vectors", "--data", "default", "--hidden", "16", "--weight-bits", "17", "--iters", "2", "--out", filepath.Join(t.TempDir(), "v"))
	require.ErrorContains(t, err, "must be wider than W", "the field's default width for 2 iterations is narrower than the W asked for")
}

func TestVectorsMatchTheReference(t *testing.T) {
	dir := writeVectors(t)
	s, m, err := testvectors.Read(dir)
	require.NoError(t, err)
	require.Equal(t, vectorIters, m.Iterations)

	data := dataset.Default()
	require.Equal(t, data.Rows, s.X)
	eng, err := herding.New(data, herding.Config{Hidden: 16, Mode: herding.ModeSH, Seed: 1})
	require.NoError(t, err)
	w0 := herding.InitialWeights(16, data.D, data.N(), 1)
	wantW0, _, _ := w0.Ints()
	require.Equal(t, wantW0, s.W0)
	require.Equal(t, make([]int64, 16), s.B0)
	require.Equal(t, make([]int64, 64), s.C0)
	for i := 0; i < vectorIters; i++ {
		it, err := eng.Step()
		require.NoError(t, err)
		require.Equal(t, it.X, s.XStar[i], "x* of iteration %d", i+1)
		require.Equal(t, it.Z, s.ZStar[i], "z* of iteration %d", i+1)
		require.Equal(t, s.Arch.IterationCycles(i+1, it.Sweeps), s.Cycles[i])
	}
	wantW, _, wantC := eng.Params().Ints()
	require.Equal(t, wantW, s.WFinal)
	require.Equal(t, wantC, s.CFinal)
	require.NotEqual(t, s.W0, s.WFinal)
}

func TestVectorsRefusesAnExistingSetWithoutForce(t *testing.T) {
	dir := writeVectors(t)
	_, err := run(t, "vectors", "--iters", "5", "--out", dir)
	require.ErrorContains(t, err, "already exists (use --force to replace it)")
	_, m, err := testvectors.Read(dir)
	require.NoError(t, err)
	require.Equal(t, vectorIters, m.Iterations, "the old set is untouched")

	_, err = run(t, "vectors", "--iters", "5", "--hidden", "8", "--out", dir, "--force")
	require.NoError(t, err)
	_, m, err = testvectors.Read(dir)
	require.NoError(t, err)
	require.Equal(t, 5, m.Iterations, "--force replaced the set")
}

func TestVectorsRefusesANarrowArch(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "vectors")
	// c at W's width: the tiled datapath's SH c row rides in the W tile buffer (Arch.Validate).
	_, err := run(t, "vectors", "--data", "default", "--hidden", "16", "--iters", "30", "--weight-bits", "9", "--reg", "c=9", "--out", dir)
	require.Error(t, err)
	for _, want := range []string{"not bit-exact", "first divergence at iteration 1, W[", "register W overflowed first", "widen W", "--weight-bits", "nothing was written"} {
		require.Contains(t, err.Error(), want)
	}
	require.NoDirExists(t, dir)
	entries, err := os.ReadDir(parent)
	require.NoError(t, err)
	require.Empty(t, entries, "no directory, temporary or not, may be left")
}

func TestVectorsRejectsBadFlags(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--iters", "0", "--out", "x"}, "--iters 0"},
		{[]string{"--iters", "3"}, "--out: a directory for the vector set is required"},
		{[]string{"--form", "unscaled", "--out", "x"}, "scaled form only"},
		{[]string{"--reg", "acc=9", "--out", "x"}, `unknown register "acc"`},
	}
	for _, c := range cases {
		_, err := run(t, append([]string{"vectors"}, c.args...)...)
		require.ErrorContains(t, err, c.want, "%v", c.args)
	}
}

// TestVectorsRefusesAMovedSearchStart: an Arch whose energy or best-energy register moves
// SH's start is not bit-exact, even when x*, z* and the weights match: vectors refuses it
// with exit status 1 (a mismatch), naming the iteration, the start and the register, and
// writes nothing.
func TestVectorsRefusesAMovedSearchStart(t *testing.T) {
	cases := []struct {
		data, reg, iters, want, widen string
	}{
		{sh6(t), "energy=4:wrap", "3",
			"first divergence at iteration 3, the search's start: reference data vector 0, datapath data vector 2; register energy overflowed first",
			"widen energy to at least 7 bits"},
		{be(t), "best_energy=5:wrap", "4",
			"first divergence at iteration 2, the search's start: reference data vector 0, datapath data vector 5; register best_energy overflowed first",
			"widen best_energy"},
	}
	for _, c := range cases {
		for _, arch := range [][]string{{}, {"--tile", "6"}} {
			parent := t.TempDir()
			dir := filepath.Join(parent, "v")
			_, err := run(t, append([]string{"vectors", "--data", c.data, "--hidden", "3", "--iters", c.iters, "--reg", c.reg, "--out", dir}, arch...)...)
			require.Error(t, err, "%s %v", c.reg, arch)
			require.Equal(t, 1, exitCode(t, err))
			for _, want := range []string{"the Arch is not bit-exact", c.want, c.widen, "nothing was written"} {
				require.Contains(t, err.Error(), want, "%s %v", c.reg, arch)
			}
			require.NotContains(t, err.Error(), "please report")
			require.NoDirExists(t, dir)
			entries, err := os.ReadDir(parent)
			require.NoError(t, err)
			require.Empty(t, entries)
		}
	}
}
