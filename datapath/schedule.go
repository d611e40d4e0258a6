package datapath

// The description mechanism of a schedule (the tiled datapath's: tile_schedule.go): a
// table of phases, each with its length per visit and its edges, over loop counters and
// branch conditions. The cycle-level model steps through its table, the cycle count walks
// it, and rtlgen renders it. P, C and K are a schedule's phase, counter and condition
// types; S its sizes.

// Edge is one way out of a phase: taken when When holds (with Not, when it does not),
// going to To, incrementing Inc and clearing Clear.
type Edge[P, C, K ~int] struct {
	When  K
	Not   bool
	To    P
	Inc   []C
	Clear []C
}

// PhaseOf is one phase of a schedule over sizes S.
type PhaseOf[P, C, K ~int, S any] struct {
	Name    string      // upper-case identifier, e.g. "PASS"
	Formula string      // cycles per visit, in the doc's notation
	Len     func(S) int // cycles per visit
	Comment string      // what the phase does
	Edges   []Edge[P, C, K]
}

// enumerate lists the n values of a schedule's counter (or other) type in order.
func enumerate[C ~int](n int) []C {
	out := make([]C, n)
	for i := range out {
		out[i] = C(i)
	}
	return out
}

// next applies the first edge of spec whose condition holds to the counters ctr and
// returns its target.
func next[P, C, K ~int, S any](spec PhaseOf[P, C, K, S], ctr []int, holds func(K) bool) P {
	for _, e := range spec.Edges {
		if holds(e.When) != e.Not {
			for _, c := range e.Inc {
				ctr[c]++
			}
			for _, c := range e.Clear {
				ctr[c] = 0
			}
			return e.To
		}
	}
	panic("datapath: phase " + spec.Name + " has no edge that applies")
}
