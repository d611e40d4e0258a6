package herding

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
)

// The flip-driven fields give the same pseudo-samples, hidden states, energies and weights
// as computing every field directly, bit for bit, in both modes, with and without
// hidden-bias growth, and through a switch to decoupled herding.
func TestIncrementalEqualsDirect(t *testing.T) {
	full := dataset.Default()
	data := &dataset.Binary{Name: "default, 100 vectors", D: full.D, Rows: full.Rows[:100]} // N not a power of two
	for _, mode := range []Mode{ModeH, ModeSH} {
		for _, grow := range []bool{false, true} {
			cfg := Config{Hidden: 13, Mode: mode, Seed: 4, GrowHiddenBias: grow}
			inc, err := New(data, cfg)
			require.NoError(t, err)
			require.NotNil(t, inc.inc, "the scaled form must default to the incremental fields")
			cfg.Direct = true
			dir, err := New(data, cfg)
			require.NoError(t, err)
			require.Nil(t, dir.inc)
			for it := 1; it <= 400; it++ {
				if it == 301 {
					require.NoError(t, inc.Decouple())
					require.NoError(t, dir.Decouple())
				}
				a, err := inc.Step()
				require.NoError(t, err)
				b, err := dir.Step()
				require.NoError(t, err)
				require.Equal(t, b, a, "%s grow=%v iteration %d", mode, grow, it)
				require.Equal(t, dir.hiddenStates(), inc.hiddenStates(), "hidden states at %d", it)
				require.Equal(t, dir.energy, inc.energy, "energies at %d", it)
				require.Equal(t, dir.p, inc.p, "parameters at %d", it)
				require.Equal(t, momentErrorFromScratch(inc), a.MomentError, "moment error at %d", it)
			}
		}
	}
}

// A Tracker's energies equal a direct evaluation under the current parameters after every
// step: tracked from the start or from mid-run, in both modes, with and without hidden-bias
// growth, and after a switch to decoupled herding (when it computes directly). The late
// tracker is read every third step only, so its pending field update is sometimes applied
// by the next advance instead of by Energies.
func TestTrackerEqualsDirectEnergies(t *testing.T) {
	full := dataset.Default()
	train := &dataset.Binary{Name: "train", D: full.D, Rows: full.Rows[:90]}
	evalRows := full.Rows[90:]
	batch := NewBatch(evalRows, full.D)
	want, got := make([]float64, len(evalRows)), make([]float64, len(evalRows))
	for _, mode := range []Mode{ModeH, ModeSH} {
		for _, grow := range []bool{false, true} {
			e, err := New(train, Config{Hidden: 11, Mode: mode, Seed: 2, GrowHiddenBias: grow})
			require.NoError(t, err)
			early := e.Track(batch)
			var late *Tracker
			for it := 1; it <= 250; it++ {
				if it == 60 {
					late = e.Track(batch)
				}
				if it == 201 {
					require.NoError(t, e.Decouple())
				}
				_, err := e.Step()
				require.NoError(t, err)
				e.Params().Energies(batch, want)
				early.Energies(got)
				require.Equal(t, want, got, "%s grow=%v after step %d (tracked from the start)", mode, grow, it)
				if late != nil && it%3 == 0 { // skipped steps leave an update pending at the next advance
					late.Energies(got)
					require.Equal(t, want, got, "%s grow=%v after step %d (tracked from step 60)", mode, grow, it)
				}
			}
		}
	}
}

// momentErrorFromScratch is MomentError by its definition, over whole parameter arrays
// (an independent check of the engine's bookkeeping).
func momentErrorFromScratch(e *Engine) float64 {
	drift := math.Max(maxDiff(e.p.W, e.anchor.W), maxDiff(e.p.C, e.anchor.C))
	if e.cfg.GrowHiddenBias {
		drift = math.Max(drift, maxDiff(e.p.B, e.anchor.B))
	}
	return drift / (e.phase.posDiv * float64(e.t-e.phase.start))
}

// When the weights grow so far that a field could leave int32 (here a lowered limit), the
// engine continues in the direct form from the next iteration, bit for bit the same run,
// and its trackers compute directly.
func TestIncrementalHandsOverToDirect(t *testing.T) {
	defer func(v float64) { fieldLimit = v }(fieldLimit)
	fieldLimit = 40000 // D max|W| passes it after a few iterations on the default data (D = 64)
	data := dataset.Default()
	batch := NewBatch(data.Rows[:20], data.D)
	want, got := make([]float64, 20), make([]float64, 20)
	for _, mode := range []Mode{ModeH, ModeSH} {
		cfg := Config{Hidden: 9, Mode: mode, Seed: 5, GrowHiddenBias: true}
		inc, err := New(data, cfg)
		require.NoError(t, err)
		require.NotNil(t, inc.inc)
		tr := inc.Track(batch)
		cfg.Direct = true
		dir, err := New(data, cfg)
		require.NoError(t, err)
		handedOver := 0
		for it := 1; it <= 60; it++ {
			a, err := inc.Step()
			require.NoError(t, err)
			b, err := dir.Step()
			require.NoError(t, err)
			require.Equal(t, b, a, "%s iteration %d", mode, it)
			require.Equal(t, dir.energy, inc.energy, "energies at %d", it)
			require.Equal(t, dir.p, inc.p, "parameters at %d", it)
			inc.Params().Energies(batch, want)
			tr.Energies(got)
			require.Equal(t, want, got, "tracked energies at %d", it)
			if inc.inc == nil && handedOver == 0 {
				handedOver = it
			}
		}
		require.NotZero(t, handedOver, "the fields never reached the limit")
		require.Greater(t, handedOver, 1, "the handover came before any flip-driven iteration")
		t.Logf("%s: direct form from iteration %d on", mode, handedOver+1)
	}
}
