package fixedpoint

import (
	"math/rand/v2"
	"testing"
)

// Benchmarks of the hot path: Add, Mul and Cast on register-sized formats. Each cycles
// through eight operands so that branch prediction sees realistic data.

func benchValues(f string, seed uint64) [8]Value {
	fm := MustParseFormat(f)
	r := rand.New(rand.NewPCG(seed, 1))
	var vs [8]Value
	for i := range vs {
		raw := int64(r.Uint64()) >> (64 - fm.Word)
		v, err := FromRaw(raw, fm)
		if err != nil {
			panic(err)
		}
		vs[i] = v
	}
	return vs
}

var (
	sinkValue  Value
	sinkStatus Status
)

func BenchmarkAdd(b *testing.B) {
	for _, c := range []struct{ name, x, y string }{
		{"s32.16+s32.16", "s32.16", "s32.16"},
		{"s64.0+s64.63", "s64.0", "s64.63"}, // aligned by 63 bits: a 128-bit sum
	} {
		b.Run(c.name, func(b *testing.B) {
			xs, ys := benchValues(c.x, 1), benchValues(c.y, 2)
			b.ReportAllocs()
			var z Value
			for i := 0; b.Loop(); i++ {
				z = xs[i&7].Add(ys[i&7])
			}
			sinkValue = z
		})
	}
}

func BenchmarkMul(b *testing.B) {
	for _, c := range []struct{ name, x, y string }{
		{"s18.17xs25.24", "s18.17", "s25.24"}, // a DSP48-sized product
		{"s64.63xs64.63", "s64.63", "s64.63"}, // the full 128-bit product
	} {
		b.Run(c.name, func(b *testing.B) {
			xs, ys := benchValues(c.x, 3), benchValues(c.y, 4)
			b.ReportAllocs()
			var z Value
			for i := 0; b.Loop(); i++ {
				z = xs[i&7].Mul(ys[i&7])
			}
			sinkValue = z
		})
	}
}

func BenchmarkCast(b *testing.B) {
	for _, c := range []struct {
		name, src, dst string
		r              Round
		o              Overflow
	}{
		{"s43.41→s18.17/TRN/WRAP", "s43.41", "s18.17", Trn, Wrap},
		{"s43.41→s18.17/RND_CONV/SAT", "s43.41", "s18.17", RndConv, Sat},
		{"s128.126→s32.30/RND/SAT_SYM", "", "s32.30", Rnd, SatSym},
		{"s16.8→s32.16/TRN/SAT", "s16.8", "s32.16", Trn, Sat}, // widening: exact
	} {
		b.Run(c.name, func(b *testing.B) {
			var xs [8]Value
			if c.src == "" { // 128-bit products
				as, bs := benchValues("s64.63", 5), benchValues("s64.63", 6)
				for i := range xs {
					xs[i] = as[i].Mul(bs[i])
				}
			} else {
				xs = benchValues(c.src, 7)
			}
			f := MustParseFormat(c.dst)
			r, o := c.r, c.o
			b.ReportAllocs()
			var z Value
			var st Status
			for i := 0; b.Loop(); i++ {
				z, st = xs[i&7].Cast(f, r, o)
			}
			sinkValue, sinkStatus = z, st
		})
	}
}

// TestHotPathAllocations keeps the benchmarks' promise in the ordinary test run: Add, Sub,
// Mul, Cast, Cmp and Recorder.Cast on a known signal do not allocate.
func TestHotPathAllocations(t *testing.T) {
	xs, ys := benchValues("s64.63", 8), benchValues("s32.20", 9)
	f := MustParseFormat("s24.12")
	rec := NewRecorder()
	rec.Cast("acc", xs[0], f, RndConv, Sat)
	for name, op := range map[string]func(){
		"Add":           func() { sinkValue = xs[1].Add(ys[1]) },
		"Sub":           func() { sinkValue = xs[2].Sub(ys[2]) },
		"Mul":           func() { sinkValue = xs[3].Mul(ys[3]) },
		"Cast":          func() { sinkValue, sinkStatus = xs[4].Mul(ys[4]).Cast(f, RndConv, SatSym) },
		"Cmp":           func() { _ = xs[5].Cmp(ys[5]) },
		"Recorder.Cast": func() { sinkValue, sinkStatus = rec.Cast("acc", xs[6], f, RndConv, Sat) },
	} {
		if n := testing.AllocsPerRun(100, op); n != 0 {
			t.Errorf("%s allocates %v times per call", name, n)
		}
	}
}
