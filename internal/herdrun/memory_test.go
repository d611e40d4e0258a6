package herdrun

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
	"herdsim/herding"
)

// TestRunRefusesWhatDoesNotFit: a run whose estimated memory exceeds the limit is refused
// with a MemoryError stating the estimate and the limit, before anything is allocated or
// written, the output folder included (issue 17, item 11: K = 10^8 died of "out of memory"
// with a stack trace). The limit is the machine's unless one is set.
func TestRunRefusesWhatDoesNotFit(t *testing.T) {
	cases := []struct {
		name string
		opt  Options
		want []string
	}{
		{"K = 10^8 against the machine", Options{Config: herding.Config{Hidden: 100_000_000}, Iterations: 1000},
			[]string{"K = 100000000 hidden units on N = 128 vectors of D = 64 for 1000 iterations needs about", "GiB of memory, more than the",
				"W and its three K x D float64 companions (anchor, positive term, rates) 195 GiB"}},
		{"T = 10^9 against the machine", Options{Config: herding.Config{Hidden: 16}, Iterations: 1_000_000_000},
			[]string{"for 1000000000 iterations needs about", "the moment-error curve and its plot (T iterations)"}},
		{"a small run against a set limit", Options{Config: herding.Config{Hidden: 16}, Iterations: 100, MemoryLimit: 1 << 20},
			[]string{"needs about 32.", "MiB of memory, more than the 1.00 MiB available (the limit set)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.opt.OutDir = filepath.Join(t.TempDir(), "out")
			res, err := Run(dataset.Default(), c.opt)
			require.Nil(t, res)
			var tooBig *MemoryError
			require.True(t, errors.As(err, &tooBig), "%v", err)
			for _, w := range c.want {
				require.Contains(t, err.Error(), w)
			}
			require.Greater(t, tooBig.Need, tooBig.Limit)
			require.NotEmpty(t, tooBig.LimitSource)
			require.NoDirExists(t, c.opt.OutDir)
		})
	}
}

func TestAvailableMemoryIsReadWhereItCanBe(t *testing.T) {
	limit, source := availableMemory()
	require.Greater(t, limit, 0.0)
	if _, err := os.Stat("/proc/meminfo"); err == nil {
		require.NotEqual(t, fallbackMemorySource, source)
		require.Less(t, limit, float64(fallbackMemoryLimit)*1024, "MemAvailable is in kB")
	}
	meminfo := filepath.Join(t.TempDir(), "meminfo")
	require.NoError(t, os.WriteFile(meminfo, []byte("MemTotal:       24684084 kB\nMemAvailable:   1234 kB\n"), 0o644))
	kb, ok := meminfoField(meminfo, "MemAvailable")
	require.True(t, ok)
	require.Equal(t, 1234.0, kb)
}

// TestMemoryEstimateMatchesTheAllocations keeps the estimate honest for runs dominated by
// K x D and K x N (the flip-driven form, the direct form, decoupled herding): run with the
// limit set to the estimate itself, the run is accepted and its heap, sampled while it
// ran, stays under it (the soft memory limit collects the iterations' garbage), and the
// estimate less the fixed runtime allowance is not more than 30% above that heap.
func TestMemoryEstimateMatchesTheAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates some 200 MB per case")
	}
	data := dataset.Default()
	for _, c := range []struct {
		name string
		opt  Options
	}{
		{"flip-driven", Options{Config: herding.Config{Hidden: 30000, Seed: 1}, Iterations: 3}},
		{"direct", Options{Config: herding.Config{Hidden: 30000, Seed: 1, Direct: true}, Iterations: 3}},
		{"decoupled", Options{Config: herding.Config{Hidden: 30000, Seed: 1}, Iterations: 2, Decoupled: 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.opt.OutDir = t.TempDir()
			est := 0.0
			for _, p := range MemoryEstimate(data.N(), data.D, c.opt) {
				est += p.Bytes
			}
			c.opt.MemoryLimit = uint64(est)
			peak := peakHeap(t, func() {
				_, err := Run(data, c.opt)
				require.NoError(t, err)
			})
			t.Logf("estimate %.1f MB (%.1f MB without the runtime allowance), sampled peak heap %.1f MB", est/1e6, (est-runtimeBaseline)/1e6, peak/1e6)
			require.Less(t, peak, est)
			require.Less(t, est-runtimeBaseline, 1.3*peak)
		})
	}
}

// peakHeap returns the largest heap in use while f ran, above the heap before it, sampled
// every millisecond.
func peakHeap(t *testing.T, f func()) float64 {
	t.Helper()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	var peak atomic.Uint64
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > peak.Load() {
				peak.Store(m.HeapAlloc)
			}
		}
	}()
	f()
	close(done)
	<-stopped
	return float64(peak.Load()) - float64(base)
}

// TestRunSetsASoftMemoryLimit: while a run is on, the runtime's soft limit is the limit
// its estimate was checked against (so the collector does not let garbage double the
// heap), and it is restored afterwards; a GOMEMLIMIT already set is left alone.
func TestRunSetsASoftMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	require.Equal(t, int64(math.MaxInt64), before, "the test assumes no GOMEMLIMIT")
	restore := softMemoryLimit(1 << 30)
	require.Equal(t, int64(1<<30), debug.SetMemoryLimit(-1))
	inner := softMemoryLimit(1 << 20) // a limit set already stays
	require.Equal(t, int64(1<<30), debug.SetMemoryLimit(-1))
	inner()
	restore()
	require.Equal(t, before, debug.SetMemoryLimit(-1))
	_, err := Run(dataset.Default(), Options{Config: herding.Config{Hidden: 4}, Iterations: 5, OutDir: t.TempDir()})
	require.NoError(t, err)
	require.Equal(t, before, debug.SetMemoryLimit(-1))
}

// TestWeightsFileIsEncodingJSONsBytes: weights.json, written row by row, is byte for byte
// what encoding/json's indented encoder writes for the whole value (the format it had when
// it was written that way), for integers, fractions, large and tiny values and -0.
func TestWeightsFileIsEncodingJSONsBytes(t *testing.T) {
	type weightsFile struct {
		Form  string      `json:"form"`
		Scale float64     `json:"scale"`
		W     [][]float64 `json:"W"`
		B     []float64   `json:"b"`
		C     []float64   `json:"c"`
	}
	odd := []float64{0, math.Copysign(0, -1), 1, -2467, 0.1, -1e-7, 1e21, 123456789012, 2.5e-300, -1.7976931348623157e308}
	for _, shape := range [][2]int{{1, 1}, {3, 4}, {7, 10}} {
		k, d := shape[0], shape[1]
		p := herding.Params{K: k, D: d, W: make([]float64, k*d), B: make([]float64, k), C: make([]float64, d)}
		for i := range p.W {
			p.W[i] = odd[(i*7)%len(odd)]
		}
		for i := range p.B {
			p.B[i] = odd[(i*3+1)%len(odd)]
		}
		for j := range p.C {
			p.C[j] = odd[(j*5+2)%len(odd)]
		}
		want := weightsFile{Form: "unscaled", Scale: 128 * 1000, B: p.B, C: p.C}
		for i := 0; i < k; i++ {
			want.W = append(want.W, p.Row(i))
		}
		var ref bytes.Buffer
		enc := json.NewEncoder(&ref)
		enc.SetIndent("", "  ")
		require.NoError(t, enc.Encode(want))

		dir := t.TempDir()
		out := newOutputs(dir)
		require.NoError(t, writeWeights(out, want.Form, want.Scale, &p))
		_, err := out.commitAll()
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(dir, "weights.json"))
		require.NoError(t, err)
		require.Equal(t, ref.String(), string(got), "K=%d D=%d", k, d)
	}
}
