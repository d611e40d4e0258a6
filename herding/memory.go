package herding

import (
	"math"
	"runtime"
)

// MemoryPart is one item of a memory estimate: what is allocated and about how many bytes.
type MemoryPart struct {
	What  string
	Bytes float64
}

// MemoryEstimate lists what New and Step allocate for data of n vectors of length d under
// cfg, in bytes, so that a caller can refuse a run that cannot fit before allocating it
// (the sizes come from user input: K x D and K x N reach terabytes long before K
// overflows). decoupled adds what Decouple allocates. The figures are computed in float64
// and never overflow; they follow the allocations of New, the flip-driven form
// (incremental.go, flips.go) and the direct field pass, and are checked against measured
// allocations (internal/herdrun's tests).
func MemoryEstimate(n, d int, cfg Config, decoupled bool) []MemoryPart {
	N, D, K := float64(max(n, 0)), float64(max(d, 0)), float64(max(cfg.Hidden, 0))
	bitWords := func(bits float64) float64 { return 8 * math.Ceil(bits/64) } // one bitcols column
	round32 := func(v float64) float64 { return 32 * math.Ceil(v/32) }       // a flipRows row, in lanes
	workers := math.Min(float64(runtime.GOMAXPROCS(0)), math.Ceil(N/blockRows))
	directPass := workers * blockRows * K * 8 // fieldPass: per worker, the fields of one block of vectors

	parts := []MemoryPart{
		{"W and its three K x D float64 companions (anchor, positive term, rates)", 4*8*K*D + 2*8*(K+D) + 8*4*(K+D)},
		{"the data as N x D float64 and bit columns", 8*N*D + N*D + D*bitWords(N) + 8*N},
		{"the hidden states z (N x K bytes and bit columns)", N*K + K*bitWords(N)},
		{"the search's fields (K + D float64) and per-core sums of rows (D float64)", 8*(K+D) + 8*D*float64(searchWorkers(max(cfg.Hidden, 0), max(d, 0)))},
	}
	if cfg.Form == Scaled && !cfg.Direct && incrementalUsable(n, d) {
		parts = append(parts,
			MemoryPart{"the flip-driven fields H and A (K x N int32 each)", 4*K*N + 4*K*round32(N) + 24*N},
			MemoryPart{"the flip-driven positive term P (K x D int32) and Z transposed (K x N bytes)", 4*K*round32(D) + K*N + 9*K},
			MemoryPart{"G = X X^T and X in 16-bit lanes (N x N, N x D)", 2*N*round32(N) + 2*N*round32(D)},
			// Per core: its partial energies (int64) and one unit's flips, int32 lists that
			// hold up to N entries each way (with growth slack).
			MemoryPart{"the partial energies and flip lists (per core)", workers * (8*N + 16*N + 96)},
		)
		if decoupled && cfg.Mode == ModeSH {
			parts = append(parts, MemoryPart{"the direct field pass of decoupled SH", directPass})
		}
	} else {
		parts = append(parts, MemoryPart{"the direct field pass (K fields per vector of a block, per core)", directPass})
	}
	if decoupled {
		// Decouple clones the scaled weights for the new anchor while the old one is alive.
		parts = append(parts, MemoryPart{"decoupled herding's new anchor (K x D float64)", 8*K*D + 8*(K+2*D)})
	}
	return parts
}
