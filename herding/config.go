package herding

import (
	"fmt"
	"math"
	"strings"
)

// Mode selects where the negative search starts (docs/spec.md, "One iteration", step 2).
type Mode int

const (
	// ModeH is "herding with local optimisation": start from the previous pseudo-sample
	// (at t = 1 from data vector 0 and its hidden state).
	ModeH Mode = iota
	// ModeSH is "safe herding" (Proposition 3): start from the data vector of lowest
	// energy e_n, the lowest n on ties.
	ModeSH
)

// String returns "H" or "SH".
func (m Mode) String() string {
	switch m {
	case ModeH:
		return "H"
	case ModeSH:
		return "SH"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// ParseMode reads "H" or "SH" (any case).
func ParseMode(s string) (Mode, error) {
	switch strings.ToUpper(s) {
	case "H":
		return ModeH, nil
	case "SH":
		return ModeSH, nil
	}
	return 0, fmt.Errorf("herding: unknown mode %q (want H or SH)", s)
}

// Form selects the units the weights are kept in.
type Form int

const (
	// Scaled keeps every weight multiplied by N (docs/spec.md, "Integer form"): every
	// value is an integer held exactly in a float64. This is the golden reference.
	Scaled Form = iota
	// Unscaled is the paper's own form: averages 1/N, step size Eta, temperature Gamma and
	// feature offsets, all in ordinary float64 arithmetic with its rounding. It exists to
	// check Proposition 4 and to show where rounding near ties makes the two forms part.
	Unscaled
)

// String returns "scaled" or "unscaled".
func (f Form) String() string {
	if f == Unscaled {
		return "unscaled"
	}
	return "scaled"
}

// Defaults of docs/spec.md ("Initialisation", "One iteration").
const (
	DefaultSweeps = 10
	DefaultSeed   = 1
)

// Offsets are constant offsets a added to every feature of a group (Proposition 4): the
// features become z_i x_j + W, z_i + B and x_j + C. They change energies by a constant and
// cancel in the updates, so the state sequence must not change.
type Offsets struct{ W, B, C float64 }

// Config describes one herding run. The zero value is not usable: Hidden must be positive.
type Config struct {
	Hidden         int    // K, number of hidden units
	Mode           Mode   // H or SH
	Sweeps         int    // S, the most coordinate-ascent sweeps per iteration; 0 means DefaultSweeps
	Seed           uint64 // splitmix64 seed of W_0 (1 by default, docs/spec.md: DefaultSeed)
	GrowHiddenBias bool   // update b too (off by default: the paper leaves it out)
	// Direct computes every field from W at every iteration instead of updating the fields
	// from the hidden states that flipped (the default, scaled form only). Both give the
	// same bits; Direct is the check, and the cheaper choice when few vectors are herded
	// for few iterations.
	Direct bool

	Form Form // Scaled (default) or Unscaled
	// The remaining knobs belong to the Unscaled form only (Proposition 4).
	Eta    float64 // step size; 0 means 1. W_0 is multiplied by Eta to match.
	Gamma  float64 // temperature dividing every field and energy; 0 means 1
	Offset Offsets // feature offsets a
}

// withDefaults fills the zero-valued knobs and validates the rest.
func (c Config) withDefaults() (Config, error) {
	if c.Hidden <= 0 {
		return c, fmt.Errorf("herding: hidden units K=%d, must be positive", c.Hidden)
	}
	if c.Sweeps == 0 {
		c.Sweeps = DefaultSweeps
	}
	if c.Sweeps < 0 {
		return c, fmt.Errorf("herding: sweeps S=%d, must be positive", c.Sweeps)
	}
	if c.Mode != ModeH && c.Mode != ModeSH {
		return c, fmt.Errorf("herding: unknown mode %d", int(c.Mode))
	}
	if c.Eta == 0 {
		c.Eta = 1
	}
	if c.Gamma == 0 {
		c.Gamma = 1
	}
	if c.Form == Scaled && (c.Eta != 1 || c.Gamma != 1 || c.Offset != (Offsets{})) {
		return c, fmt.Errorf("herding: Eta, Gamma and Offset belong to the unscaled form; the scaled form fixes them at 1, 1 and 0")
	}
	for _, v := range []float64{c.Eta, c.Gamma} {
		if !(v > 0) || math.IsInf(v, 0) {
			return c, fmt.Errorf("herding: step size and temperature must be positive and finite (Eta=%v, Gamma=%v)", c.Eta, c.Gamma)
		}
	}
	return c, nil
}
