package datapath

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
)

func initial(t *testing.T, data *dataset.Binary, k int) (w, b, c []int64) {
	t.Helper()
	p := herding.InitialWeights(k, data.D, data.N(), herding.DefaultSeed)
	return p.Ints()
}

// The register's fast integer path is fixedpoint.Cast for every code of small formats.
func TestRegisterAgreesWithFixedpointCast(t *testing.T) {
	for word := 2; word <= 7; word++ {
		for _, o := range []fixedpoint.Overflow{fixedpoint.Wrap, fixedpoint.Sat} {
			f := fixedpoint.Format{Signed: true, Word: word}
			r := newRegister(RegSpec{Format: f, Overflow: o})
			for v := int64(-300); v <= 300; v++ {
				want, st := fixedpoint.NewInt64(v).Cast(f, fixedpoint.Trn, o)
				got, overflowed := r.put(v)
				wantRaw, _ := want.RawInt64()
				require.Equal(t, wantRaw, got, "%v %v value %d", f, o, v)
				require.Equal(t, st.Overflowed, overflowed, "%v %v value %d", f, o, v)
			}
			require.Equal(t, int64(-300), r.log.Min)
			require.Equal(t, int64(300), r.log.Max)
			require.Equal(t, uint64(601), r.log.Count)
		}
	}
}

func TestValidateNamesTheProblem(t *testing.T) {
	ok := DefaultArch(16, 64, 128, 0, 10, 100, herding.ModeSH, false)
	require.NoError(t, ok.Validate())
	cases := map[string]func(a *Arch){
		"hidden units K = 0":                   func(a *Arch) { a.K = 0 },
		"data vectors N = -1":                  func(a *Arch) { a.N = -1 },
		"tile T = -2, must be positive":        func(a *Arch) { a.Tile = -2 },
		"sweeps S = 0":                         func(a *Arch) { a.Sweeps = 0 },
		"positive register s8.0 cannot hold N": func(a *Arch) { a.Regs[RegPositive].Format = fixedpoint.MustParseFormat("s8.0") },
		"cannot hold the initial weights":      func(a *Arch) { a.Regs[RegW].Format = fixedpoint.MustParseFormat("s8.0") },
		"signed integers":                      func(a *Arch) { a.Regs[RegEnergy].Format = fixedpoint.MustParseFormat("u20.0") },
		"63 bits wide":                         func(a *Arch) { a.Regs[RegField].Format = fixedpoint.MustParseFormat("s63.0") },
		"overflow mode SAT_SYM":                func(a *Arch) { a.Regs[RegField].Overflow = fixedpoint.SatSym },
		"register energy has format s20.4":     func(a *Arch) { a.Regs[RegEnergy].Format = fixedpoint.MustParseFormat("s20.4") },
	}
	for want, mutate := range cases {
		a := ok
		mutate(&a)
		err := a.Validate()
		require.Error(t, err, want)
		require.Contains(t, err.Error(), want)
	}
}

func TestNewRejectsMismatchedData(t *testing.T) {
	data := dataset.Default()
	arch := DefaultArch(8, 32, data.N(), 0, 10, 10, herding.ModeSH, false)
	w, b, c := initial(t, data, 8)
	_, err := NewTile(arch, data, w, b, c)
	require.ErrorContains(t, err, "data are 128 x 64, the Arch is built for N=128, D=32")
}

func TestRangeLogBits(t *testing.T) {
	for _, c := range []struct {
		min, max int64
		bits     int
	}{{0, 0, 2}, {-1, 1, 2}, {-2, 1, 2}, {-128, 127, 8}, {-129, 0, 9}, {0, 128, 9}, {-3, 0, 3}} {
		require.Equal(t, c.bits, RangeLog{Min: c.min, Max: c.max}.Bits(), "%+v", c)
	}
}

func TestRecorderReportsEveryRegister(t *testing.T) {
	data := dataset.Default()
	arch := DefaultArch(8, data.D, data.N(), 0, 10, 5, herding.ModeH, false)
	arch.Regs[RegW] = RegSpec{Format: fixedpoint.MustParseFormat("s9.0"), Overflow: fixedpoint.Sat}
	arch.Regs[RegField] = RegSpec{Format: fixedpoint.MustParseFormat("s10.0"), Overflow: fixedpoint.Sat}
	arch.UseTile(0)
	w, b, c := initial(t, data, 8)
	m, err := NewTile(arch, data, w, b, c)
	require.NoError(t, err)
	m.RunIteration()
	rep := m.Recorder().Report()
	byName := map[string]fixedpoint.SignalReport{}
	for _, s := range rep.Signals {
		byName[s.Name] = s
	}
	field := byName["field"]
	require.Equal(t, "s10.0", field.Format)
	require.Equal(t, "SAT", field.Overflow)
	require.Positive(t, field.Overflows, "a 10-bit field accumulator must overflow on this data")
	log := m.Ranges()[RegField]
	require.Equal(t, fmt.Sprint(log.Min), string(field.Min))
	require.Equal(t, fmt.Sprintf("s%d.0", log.Bits()), field.Narrowest)
}
