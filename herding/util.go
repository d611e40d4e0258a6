package herding

func scale(p *Params, f float64) {
	for _, s := range [][]float64{p.W, p.B, p.C} {
		for i := range s {
			s[i] *= f
		}
	}
}

func addTo(dst, src []float64) {
	for i, v := range src {
		dst[i] += v
	}
}

func sum(s []float64) float64 {
	t := 0.0
	for _, v := range s {
		t += v
	}
	return t
}

// maxAbs and maxDiff compare plainly instead of calling math.Max: they run over W every
// iteration, and the values are finite.
func maxAbs(s []float64) float64 {
	m := 0.0
	for _, v := range s {
		if v > m {
			m = v
		} else if -v > m {
			m = -v
		}
	}
	return m
}

func maxDiff(a, b []float64) float64 {
	m := 0.0
	b = b[:len(a)]
	for i, v := range a {
		d := v - b[i]
		if d > m {
			m = d
		} else if -d > m {
			m = -d
		}
	}
	return m
}

// argmaxFirst returns the index of the largest value, the lowest index on ties.
func argmaxFirst(s []float64) int {
	best := 0
	for i, v := range s {
		if v > s[best] {
			best = i
		}
	}
	return best
}

func toSigns(s []float64) []int8 {
	out := make([]int8, len(s))
	for i, v := range s {
		out[i] = sign(v)
	}
	return out
}
