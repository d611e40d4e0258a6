package datapath

import (
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/signtab"
	"herdsim/internal/splitmix"
)

// The field passes' fast paths (tables where the bounds allow, the tiled order pixel by
// pixel elsewhere) give every field, start value, energy, search field and overflow count
// the tiled order gives (startInOrder, addsInOrder, checkSearchField, energyByDefinition),
// for field and energy registers from far too narrow to wide enough, in both overflow
// modes, the c row included (through the field register in mode SH, c.x exact in mode H).
// The vectors include the worst case of the add bound: x = +1 on a row's (and c's)
// positive weights for the first pixels and on its negative ones after, so that the adds
// climb from s_r and then fall.
func TestFieldPassMatchesTheTiledOrder(t *testing.T) {
	const k, d = 6, 40
	src := splitmix.New(5)
	w := make([]int64, k*d)
	for i := range w {
		w[i] = int64(src.Next()%2001) - 1000
	}
	b := []int64{0, 3000, -3000, 17, -1, 20000}
	c := make([]int64, d)
	for j := range c {
		c[j] = int64(src.Next()%401) - 200
	}
	rows := append(worstRows(w, k, d), worstRows(c, 1, d)...)
	for range 30 {
		row := make([]int8, d)
		for j := range row {
			row[j] = int8(pm1(src.Next()&1 == 1))
		}
		rows = append(rows, row)
	}
	data := &dataset.Binary{Name: "field pass", D: d, Rows: rows}
	vecs := NewVectors(data)
	checked := map[bool]int{} // by whether some partial sum overflowed
	cOverflowed := false
	for _, mode := range []herding.Mode{herding.ModeH, herding.ModeSH} {
		for _, o := range []fixedpoint.Overflow{fixedpoint.Wrap, fixedpoint.Sat} {
			for fieldBits := 12; fieldBits <= 19; fieldBits++ {
				for _, energyBits := range []int{16, 18, 20, 22} {
					f := fieldPassModel(t, data, mode, o, fieldBits, energyBits, w, b, c)
					fields := make([]int64, len(rows)*(k+1))
					hiddenOver, cOver := f.fieldsOf(vecs, fields)
					var wantHidden, wantC uint64
					for r := 0; r <= k; r++ {
						start, startOver := f.startInOrder(r)
						require.Equal(t, [2]int64{start, int64(startOver)}, [2]int64{f.rows[r].start, int64(f.rows[r].startOver)},
							"%v field %d bits, row %d: start value and its overflows", o, fieldBits, r)
					}
					for n, x := range rows {
						for r := 0; r <= k; r++ {
							want, wo := f.addsInOrder(r, x)
							switch {
							case r < k:
								wantHidden += wo
							case mode == herding.ModeSH:
								wantC += wo
								cOverflowed = cOverflowed || wo > 0
							default: // mode H: c.x exact
								require.Equal(t, dot(c, x), fields[n*(k+1)+r], "%v field %d bits, vector %d: c.x", o, fieldBits, n)
								continue
							}
							require.Equal(t, want, fields[n*(k+1)+r], "%v %v field %d bits, vector %d, row %d", mode, o, fieldBits, n, r)
							checked[wo+f.rows[r].startOver > 0]++
						}
						e, eo := f.energyOf(fields[n*(k+1) : (n+1)*(k+1)])
						wantE, wantEO := f.energyByDefinition(fields[n*(k+1) : (n+1)*(k+1)])
						require.Equal(t, [2]int64{wantE, int64(wantEO)}, [2]int64{e, int64(eo)}, "%v energy %d bits, vector %d", o, energyBits, n)
						f.checkSearchField(t, x)
					}
					require.Equal(t, [2]uint64{wantHidden, wantC}, [2]uint64{hiddenOver, cOver}, "%v %v field %d bits: overflow counts", mode, o, fieldBits)
				}
			}
		}
	}
	require.True(t, cOverflowed, "the c row never overflowed: the test shows nothing of its slow path")
	require.Positive(t, checked[true], "no field overflowed: the test shows nothing of the slow paths")
	require.Positive(t, checked[false], "every field overflowed: the test shows nothing of the fast paths")
}

// worstRows are, for each row i of w (k x d), vectors with x = +1 on its positive weights
// before a pixel and on its negative weights from it on.
func worstRows(w []int64, k, d int) [][]int8 {
	var rows [][]int8
	for i := 0; i < k; i++ {
		for _, flip := range []int{d / 2, d / 3, d} {
			row := make([]int8, d)
			for j := range row {
				row[j] = int8(pm1((w[i*d+j] >= 0) == (j < flip)))
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// fieldPassModel is a functional model of data in mode with W 11 bits, b 16, c 9 and the
// field and energy registers at the widths given, all in overflow mode o.
func fieldPassModel(t *testing.T, data *dataset.Binary, mode herding.Mode, o fixedpoint.Overflow, fieldBits, energyBits int, w, b, c []int64) *Functional {
	t.Helper()
	a := DefaultArch(len(b), data.D, data.N(), 0, herding.DefaultSweeps, 1, mode, false)
	for r, bits := range map[Reg]int{RegW: 11, RegB: 16, RegC: 9, RegField: fieldBits, RegEnergy: energyBits} {
		a.Regs[r] = RegSpec{Format: fixedpoint.Format{Signed: true, Word: bits}, Overflow: o}
	}
	a.UseTile(0)
	f, err := NewFunctional(a, data, w, b, c)
	require.NoError(t, err)
	return f
}

// dot is the exact c.x of mode H's energies.
func dot(c []int64, x []int8) int64 {
	var s int64
	for j, v := range c {
		s += v * int64(x[j])
	}
	return s
}

// startInOrder is row r's start chain by its definition: from the bias, minus each weight
// in j order, each step through the field register.
func (f *Functional) startInOrder(r int) (int64, uint64) {
	reg := &f.regs[RegField]
	acc := f.rowBias(r)
	var over uint64
	for _, w := range f.rowWeights(r) {
		acc = castCounting(reg, acc-w, &over)
	}
	return acc, over
}

// addsInOrder is vector x's field on row r by its definition: from the start value, plus
// 2 W_rj for each x_j = +1 in j order, each step through the field register.
func (f *Functional) addsInOrder(r int, x []int8) (int64, uint64) {
	reg := &f.regs[RegField]
	acc, _ := f.startInOrder(r)
	var over uint64
	for j, w := range f.rowWeights(r) {
		if x[j] > 0 {
			acc = castCounting(reg, acc+2*w, &over)
		}
	}
	return acc, over
}

// energyByDefinition is the readout's adds with no shortcut: |h_i| for every hidden unit,
// then the c row's field, each through the energy register.
func (f *Functional) energyByDefinition(fields []int64) (int64, uint64) {
	reg := &f.regs[RegEnergy]
	var e int64
	var over uint64
	for i, h := range fields {
		if i < len(fields)-1 && h < 0 {
			h = -h
		}
		e = castCounting(reg, e+h, &over)
	}
	return e, over
}

// checkSearchField checks the search's z half on x against its definition: b_i, then +W_ij
// or -W_ij by x_j in j order, each through the field register.
func (f *Functional) checkSearchField(t *testing.T, x []int8) {
	t.Helper()
	codes := signtab.Codes(1, len(x), tableWidth, func(_, j int) bool { return x[j] > 0 })
	reg := &f.regs[RegField]
	for i := range f.zs {
		want, over := f.b[i], uint64(0)
		for j, w := range f.rowWeights(i) {
			want = castCounting(reg, want+int64(x[j])*w, &over)
		}
		got, gotOver := f.signedChain(i, f.b[i], codes)
		require.Equal(t, [2]int64{want, int64(over)}, [2]int64{got, int64(gotOver)}, "search field of unit %d", i)
	}
}
