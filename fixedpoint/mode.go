package fixedpoint

import (
	"fmt"
	"strings"
)

// Round is a quantisation mode: how a Cast picks an integer code for a value that falls
// between two codes of the target format. With q = value × 2^Frac of the target:
//
//	TRN          floor(q)
//	TRN_ZERO     q rounded toward zero
//	RND          nearest, a tie (q = n + 1/2) toward +inf
//	RND_ZERO     nearest, a tie toward zero
//	RND_MIN_INF  nearest, a tie toward -inf
//	RND_INF      nearest, a tie away from zero
//	RND_CONV     nearest, a tie to the even code
//
// The zero Round is Trn, the cheapest hardware (drop the bits) and ap_fixed's default.
type Round uint8

// The quantisation modes. Their String and ParseRound names are the upper-case names
// in the comments.
const (
	Trn       Round = iota // TRN
	TrnZero                // TRN_ZERO
	Rnd                    // RND
	RndZero                // RND_ZERO
	RndMinInf              // RND_MIN_INF
	RndInf                 // RND_INF
	RndConv                // RND_CONV
	numRound
)

var roundNames = [numRound]string{"TRN", "TRN_ZERO", "RND", "RND_ZERO", "RND_MIN_INF", "RND_INF", "RND_CONV"}

func (r Round) String() string {
	if r < numRound {
		return roundNames[r]
	}
	return fmt.Sprintf("Round(%d)", uint8(r))
}

// ParseRound returns the mode named s, one of the upper-case names listed at Round (the
// canonical names files hold; the CLI reads flag values in any case and upper-cases them).
func ParseRound(s string) (Round, error) {
	for r, name := range roundNames {
		if s == name {
			return Round(r), nil
		}
	}
	return 0, fmt.Errorf("fixedpoint: unknown quantisation mode %q: want one of %s", s, strings.Join(roundNames[:], ", "))
}

// Overflow is an overflow mode: what a Cast does with a quantised code outside the
// target format's range.
//
//	WRAP      keep the low Word bits (two's complement, or modulo 2^Word when unsigned)
//	SAT       clamp to the range [Min, Max]
//	SAT_ZERO  zero
//	SAT_SYM   clamp to the symmetric range [-Max, Max]: a signed format never gets its
//	          most negative code, not even when the value lands on it exactly (that
//	          counts as an overflow); for unsigned formats it is SAT
//
// The zero Overflow is Wrap, the cheapest hardware (drop the bits) and ap_fixed's default.
type Overflow uint8

// The overflow modes. Their String and ParseOverflow names are the upper-case names in
// the comments.
const (
	Wrap    Overflow = iota // WRAP
	Sat                     // SAT
	SatZero                 // SAT_ZERO
	SatSym                  // SAT_SYM
	numOverflow
)

var overflowNames = [numOverflow]string{"WRAP", "SAT", "SAT_ZERO", "SAT_SYM"}

func (o Overflow) String() string {
	if o < numOverflow {
		return overflowNames[o]
	}
	return fmt.Sprintf("Overflow(%d)", uint8(o))
}

// ParseOverflow returns the mode named s, one of the upper-case names listed at Overflow
// (canonical, as ParseRound).
func ParseOverflow(s string) (Overflow, error) {
	for o, name := range overflowNames {
		if s == name {
			return Overflow(o), nil
		}
	}
	return 0, fmt.Errorf("fixedpoint: unknown overflow mode %q: want one of %s", s, strings.Join(overflowNames[:], ", "))
}

// mustBeValid panics on a mode outside the declared constants (a caller bug).
func mustBeValid(op string, r Round, o Overflow) {
	if r >= numRound || o >= numOverflow {
		panic(fmt.Sprintf("fixedpoint: %s: invalid mode %v, %v", op, r, o))
	}
}

// Status tells what a Cast did, so that a Recorder can count it without recomputing.
type Status struct {
	// Quantised: the value was not a multiple of the target's step, so nonzero bits were
	// lost to rounding (whatever the rounded code then became).
	Quantised bool
	// Overflowed: the quantised code was outside the range the overflow mode keeps (the
	// symmetric one for SAT_SYM), so the mode replaced it.
	Overflowed bool
}

// String returns "exact", "quantised", "overflowed" or "quantised+overflowed".
func (s Status) String() string {
	switch {
	case s.Quantised && s.Overflowed:
		return "quantised+overflowed"
	case s.Quantised:
		return "quantised"
	case s.Overflowed:
		return "overflowed"
	}
	return "exact"
}
