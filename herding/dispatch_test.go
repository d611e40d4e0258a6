package herding

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
)

// The AVX-512 kernels and the portable ones, both in this one test binary (useAVX512
// switched as PortableEnv switches it in a program), give the same run bit for bit: every
// iteration's pseudo-sample, start, sweeps and moment error, the hidden states, energies
// and parameters, on USPS digit 3 (N = 700, D = 256: whole vectors and tails) or, without
// the data, the default set, in both modes, with and without hidden-bias growth, through
// a switch to decoupled herding. Skipped where only the portable path exists (a build
// without GOEXPERIMENT=simd, or a CPU without AVX-512): there it is the only one that runs.
func TestAVX512AndPortableRunsAgree(t *testing.T) {
	if !avx512Available() {
		t.Skipf("no AVX-512 kernels to compare (kernels: %s)", Kernels())
	}
	defer func(v bool) { useAVX512 = v }(useAVX512)
	data, err := dataset.Load(dataset.SpecUSPS, dataset.LoadOptions{Digit: 3, Seed: dataset.DefaultSeed})
	if err != nil {
		t.Logf("USPS data not found (%v): the default data instead", err)
		data = dataset.Default()
	}
	iters, learn := 120, 100
	if testing.Short() {
		iters, learn = 40, 30
	}
	for _, mode := range []Mode{ModeH, ModeSH} {
		for _, grow := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/grow=%v", mode, grow), func(t *testing.T) {
				cfg := Config{Hidden: 37, Mode: mode, Seed: 3, GrowHiddenBias: grow}
				useAVX512 = true
				fast, err := New(data, cfg)
				require.NoError(t, err)
				useAVX512 = false
				portable, err := New(data, cfg)
				require.NoError(t, err)
				require.Equal(t, portable.inc.h, fast.inc.h, "initial fields")
				for it := 1; it <= iters; it++ {
					if it == learn+1 {
						require.NoError(t, fast.Decouple())
						require.NoError(t, portable.Decouple())
					}
					useAVX512 = true
					a, err := fast.Step()
					require.NoError(t, err)
					useAVX512 = false
					b, err := portable.Step()
					require.NoError(t, err)
					require.Equal(t, b, a, "iteration %d", it)
					require.Equal(t, portable.hiddenStates(), fast.hiddenStates(), "hidden states at %d", it)
					require.Equal(t, portable.energy, fast.energy, "energies at %d", it)
					require.Equal(t, portable.p, fast.p, "parameters at %d", it)
					require.Equal(t, portable.rates, fast.rates, "rates at %d", it)
					require.Equal(t, portable.maxW, fast.maxW, "max |W| at %d", it)
				}
			})
		}
	}
}

// Kernels names the kernels and why, and PortableEnv's reading: unset, "" and "0" leave the
// AVX-512 kernels on, anything else asks for the portable ones.
func TestKernelsAndPortableEnv(t *testing.T) {
	k := Kernels()
	t.Logf("kernels: %s", k)
	require.Regexp(t, `^(avx512|portable) \(.+\)$`, k)
	for v, want := range map[string]bool{"": false, "0": false, "1": true, "yes": true} {
		t.Setenv(PortableEnv, v)
		require.Equal(t, want, portableRequested(), "%s=%q", PortableEnv, v)
	}
}
