package herding

import (
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
	"herdsim/internal/splitmix"
)

// naive is docs/spec.md transcribed line by line in int64, with none of the engine's kernels
// (no bit columns, no blocking, no goroutines). The engine must match it bit for bit.
type naive struct {
	mode       Mode
	sweeps     int
	grow       bool
	x          [][]int64
	W          [][]int64
	b, c       []int64
	xs, zs     []int64
	t, n, k    int
	lastStart  int
	lastSweeps int
}

func newNaive(data *dataset.Binary, k int, mode Mode, sweeps int, seed uint64, grow bool) *naive {
	nv := &naive{mode: mode, sweeps: sweeps, grow: grow, n: data.N(), k: k}
	for _, row := range data.Rows {
		r := make([]int64, data.D)
		for j, v := range row {
			r[j] = int64(v)
		}
		nv.x = append(nv.x, r)
	}
	src := splitmix.New(seed)
	for i := 0; i < k; i++ {
		row := make([]int64, data.D)
		for j := range row {
			row[j] = int64(src.Next()%uint64(2*nv.n+1)) - int64(nv.n)
		}
		nv.W = append(nv.W, row)
	}
	nv.b, nv.c = make([]int64, k), make([]int64, data.D)
	return nv
}

func sgn(v int64) int64 {
	if v >= 0 {
		return 1
	}
	return -1
}

func (nv *naive) hidden(x []int64) ([]int64, int64) {
	z := make([]int64, nv.k)
	var abs int64
	for i := range z {
		h := nv.b[i]
		for j := range x {
			h += nv.W[i][j] * x[j]
		}
		z[i] = sgn(h)
		if h < 0 {
			h = -h
		}
		abs += h
	}
	return z, abs
}

func (nv *naive) step() {
	nv.t++
	zs := make([][]int64, nv.n)
	best, bestF := 0, int64(0)
	for n, x := range nv.x {
		z, abs := nv.hidden(x)
		zs[n] = z
		F := abs
		for j := range x {
			F += nv.c[j] * x[j]
		}
		if n == 0 || F > bestF { // e_n = -F: argmin e is argmax F, lowest n on ties
			best, bestF = n, F
		}
	}
	nv.lastStart = -1
	if nv.mode == ModeSH || nv.t == 1 {
		if nv.mode == ModeH {
			best = 0
		}
		nv.lastStart = best
		nv.xs = append([]int64(nil), nv.x[best]...)
		nv.zs = append([]int64(nil), zs[best]...)
	}
	nv.lastSweeps = nv.sweeps
	for sweep := 0; sweep < nv.sweeps; sweep++ {
		changed := false
		z, _ := nv.hidden(nv.xs)
		for i := range z {
			changed = changed || z[i] != nv.zs[i]
		}
		nv.zs = z
		for j := range nv.xs {
			f := nv.c[j]
			for i := range nv.zs {
				f += nv.W[i][j] * nv.zs[i]
			}
			if s := sgn(f); s != nv.xs[j] {
				nv.xs[j], changed = s, true
			}
		}
		if !changed {
			nv.lastSweeps = sweep + 1
			break
		}
	}
	N := int64(nv.n)
	for i := range nv.W {
		for j := range nv.W[i] {
			var pos int64
			for n := range nv.x {
				pos += zs[n][i] * nv.x[n][j]
			}
			nv.W[i][j] += pos - N*nv.zs[i]*nv.xs[j]
		}
	}
	for j := range nv.c {
		var pos int64
		for n := range nv.x {
			pos += nv.x[n][j]
		}
		nv.c[j] += pos - N*nv.xs[j]
	}
	if nv.grow {
		for i := range nv.b {
			var pos int64
			for n := range zs {
				pos += zs[n][i]
			}
			nv.b[i] += pos - N*nv.zs[i]
		}
	}
}

// randomData makes n vectors of length d with a bias towards -1 and some shared structure.
func randomData(n, d int, seed uint64) *dataset.Binary {
	src := splitmix.New(seed)
	proto := make([]int8, d)
	for j := range proto {
		proto[j] = int8(2*int(src.Below(2)) - 1)
	}
	b := &dataset.Binary{Name: "random", D: d}
	for range n {
		row := append([]int8(nil), proto...)
		for j := range row {
			if src.Below(4) == 0 {
				row[j] = -row[j]
			}
		}
		b.Rows = append(b.Rows, row)
	}
	return b
}

func TestEngineMatchesNaiveTranscriptionOfSpec(t *testing.T) {
	// N = 70 is not a multiple of 64, so bit-column padding is exercised; N > blockRows
	// exercises the blocked field pass.
	data := randomData(70, 23, 5)
	for _, mode := range []Mode{ModeH, ModeSH} {
		for _, grow := range []bool{false, true} {
			t.Run(mode.String()+map[bool]string{false: "", true: "+grow"}[grow], func(t *testing.T) {
				requireNaiveSteps(t, data, Config{Hidden: 9, Mode: mode, Sweeps: 4, Seed: 3, GrowHiddenBias: grow}, 300)
			})
		}
	}
}

// TestWideSearchMatchesNaive runs the search on a W large enough for two workers
// (K D = 2^16) and with up to 30 sweeps, so that later sweeps move the fields along a few
// flipped columns and, after a sweep that flips many, take every dot product again.
func TestWideSearchMatchesNaive(t *testing.T) {
	data := randomData(40, 256, 7)
	for _, mode := range []Mode{ModeH, ModeSH} {
		t.Run(mode.String(), func(t *testing.T) {
			requireNaiveSteps(t, data, Config{Hidden: 256, Mode: mode, Sweeps: 30, Seed: 2}, 12)
		})
	}
}

// requireNaiveSteps runs the engine and docs/spec.md's transcription side by side for iters
// iterations and requires the same pseudo-samples, starts, sweeps and parameters.
func requireNaiveSteps(t *testing.T, data *dataset.Binary, cfg Config, iters int) {
	t.Helper()
	nv := newNaive(data, cfg.Hidden, cfg.Mode, cfg.Sweeps, cfg.Seed, cfg.GrowHiddenBias)
	e, err := New(data, cfg)
	require.NoError(t, err)
	for it := 1; it <= iters; it++ {
		got, err := e.Step()
		require.NoError(t, err)
		nv.step()
		require.Equal(t, toInt64(nv.xs), toInt64Signs(got.X), "x* at t=%d", it)
		require.Equal(t, toInt64(nv.zs), toInt64Signs(got.Z), "z* at t=%d", it)
		require.Equal(t, nv.lastStart, got.Start, "start at t=%d", it)
		require.Equal(t, nv.lastSweeps, got.Sweeps, "sweeps at t=%d", it)
		p := e.Params()
		for i := range nv.W {
			require.Equal(t, nv.W[i], toInt64(p.Row(i)), "W row %d at t=%d", i, it)
		}
		require.Equal(t, nv.b, toInt64(p.B), "b at t=%d", it)
		require.Equal(t, nv.c, toInt64(p.C), "c at t=%d", it)
	}
}

func toInt64[T int64 | float64](s []T) []int64 {
	out := make([]int64, len(s))
	for i, v := range s {
		out[i] = int64(v)
		if float64(out[i]) != float64(v) {
			panic("not an integer")
		}
	}
	return out
}

func toInt64Signs(s []int8) []int64 {
	out := make([]int64, len(s))
	for i, v := range s {
		out[i] = int64(v)
	}
	return out
}
