package splitmix

// Source is a splitmix64 generator. The zero value is a valid generator seeded with 0.
type Source struct{ state uint64 }

// New returns a generator whose first Next is the first output of splitmix64 seeded with seed.
func New(seed uint64) *Source { return &Source{state: seed} }

// Next advances the state and returns the next 64-bit output, exactly as docs/spec.md writes it.
func (s *Source) Next() uint64 {
	s.state += 0x9E3779B97F4A7C15
	z := s.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// Below returns Next() % n. The modulo bias is part of the specification (docs/spec.md
// draws W_0 this way), so it is kept rather than corrected. n must be positive.
func (s *Source) Below(n uint64) uint64 {
	if n == 0 {
		panic("splitmix: Below(0)")
	}
	return s.Next() % n
}

// Shuffle permutes p in place with the Fisher-Yates algorithm, drawing j = Below(i+1) for
// i from len(p)-1 down to 1.
func Shuffle[T any](s *Source, p []T) {
	for i := len(p) - 1; i > 0; i-- {
		j := int(s.Below(uint64(i + 1)))
		p[i], p[j] = p[j], p[i]
	}
}
