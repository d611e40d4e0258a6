package datapath

import (
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/splitmix"
)

// The field pass's fast paths (tables where the bounds allow, the Machine's order
// elsewhere) give every field, energy and overflow count the Machine's order gives, for
// field and energy registers from far too narrow to wide enough, in both overflow modes.
// The vectors include the worst case of the bound: x agreeing with the signs of a row for
// the first half of the pixels and disagreeing for the second, so that the partial sums
// peak at L1/2 and end near 0.
func TestFieldPassMatchesTheMachineOrder(t *testing.T) {
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
	var rows [][]int8
	for i := 0; i < k; i++ {
		for _, flip := range []int{d / 2, d / 3, d} {
			row := make([]int8, d)
			for j := range row {
				agree := (w[i*d+j] >= 0) == (j < flip)
				row[j] = int8(pm1(agree))
			}
			rows = append(rows, row)
		}
	}
	for n := 0; n < 30; n++ {
		row := make([]int8, d)
		for j := range row {
			row[j] = int8(pm1(src.Next()&1 == 1))
		}
		rows = append(rows, row)
	}
	data := &dataset.Binary{Name: "field pass", D: d, Rows: rows}
	vecs := NewVectors(data)
	checked := 0
	for _, o := range []fixedpoint.Overflow{fixedpoint.Wrap, fixedpoint.Sat} {
		for fieldBits := 12; fieldBits <= 19; fieldBits++ {
			for _, energyBits := range []int{16, 18, 20, 22} {
				a := DefaultArch(k, d, len(rows), 2, herding.DefaultSweeps, 1, herding.ModeH, false)
				a.Regs[RegW] = RegSpec{Format: fixedpoint.Format{Signed: true, Word: 11}, Overflow: o}
				a.Regs[RegB] = RegSpec{Format: fixedpoint.Format{Signed: true, Word: 16}, Overflow: o}
				a.Regs[RegC] = RegSpec{Format: fixedpoint.Format{Signed: true, Word: 9}, Overflow: o}
				a.Regs[RegField] = RegSpec{Format: fixedpoint.Format{Signed: true, Word: fieldBits}, Overflow: o}
				a.Regs[RegEnergy] = RegSpec{Format: fixedpoint.Format{Signed: true, Word: energyBits}, Overflow: o}
				f, err := NewFunctional(a, data, w, b, c)
				require.NoError(t, err)
				fields, cx := make([]int64, len(rows)*k), make([]int64, len(rows))
				over := f.fieldsOf(vecs, fields, cx)
				var wantOver uint64
				for n, x := range rows {
					for i := 0; i < k; i++ {
						want, wo := fieldInOrder(f, i, x)
						wantOver += wo
						require.Equal(t, want, fields[n*k+i], "%v field %d bits, vector %d, unit %d", o, fieldBits, n, i)
					}
					e, eo := f.energyOf(x, fields[n*k:(n+1)*k], cx[n])
					wantE, wantEO := f.energyInOrder(x, fields[n*k:(n+1)*k])
					require.Equal(t, [2]int64{wantE, int64(wantEO)}, [2]int64{e, int64(eo)}, "%v energy %d bits, vector %d", o, energyBits, n)
					checked++
				}
				require.Equal(t, wantOver, over, "%v field %d bits: overflow count", o, fieldBits)
			}
		}
	}
	require.Positive(t, checked)
}

// fieldInOrder is the field pass by its definition, with no shortcut: D additions of
// +-W_ij, each through the field register, then b_i.
func fieldInOrder(f *Functional, i int, x []int8) (int64, uint64) {
	field := &f.regs[RegField]
	var acc int64
	var over uint64
	for j, w := range f.w[i*f.arch.D : (i+1)*f.arch.D] {
		acc = castCounting(field, acc+w*int64(x[j]), &over)
	}
	return castCounting(field, acc+f.b[i], &over), over
}
