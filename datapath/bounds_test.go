package datapath

import (
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/fixedpoint"
	"herdsim/herding"
)

// CannotOverflow names the first register whose bound its register does not hold, and
// proves nothing beyond the register's largest value.
func TestCannotOverflowNamesTheRegister(t *testing.T) {
	const k, d, n = 2, 3, 4
	arch := func(widths map[Reg]int) Arch {
		a := DefaultArch(k, d, n, 0, herding.DefaultSweeps, 10, herding.ModeSH, true)
		for r, bits := range widths {
			a.Regs[r].Format = fixedpoint.Format{Signed: true, Word: bits}
		}
		return a
	}
	w := []int64{5, -6, 7, 1, 2, -3} // rows: 18, 6; columns: 6, 8, 10
	b, c := []int64{-2, 1}, []int64{4, 0, -1}
	// Bounds: field 20, vis_field 11, energy 5 + 20 + 7 = 32, update/W 7 + 8 = 15,
	// c 4 + 8 = 12, b 2 + 8 = 10.
	for _, tc := range []struct {
		widths map[Reg]int
		want   Reg
		proven bool
	}{
		{map[Reg]int{}, 0, true},
		{map[Reg]int{RegField: 6, RegVisField: 5, RegEnergy: 7, RegBestEnergy: 7, RegUpdate: 5, RegW: 5, RegC: 5, RegB: 5}, 0, true},
		{map[Reg]int{RegField: 5}, RegField, false},       // 20 > 15
		{map[Reg]int{RegVisField: 4}, RegVisField, false}, // 11 > 7
		{map[Reg]int{RegEnergy: 6}, RegEnergy, false},     // 32 > 31
		{map[Reg]int{RegBestEnergy: 6}, RegBestEnergy, false},
		{map[Reg]int{RegW: 4}, RegW, false}, // 15 > 7
		{map[Reg]int{RegC: 4}, RegC, false}, // 12 > 7
		{map[Reg]int{RegB: 4}, RegB, false}, // 10 > 7
		{map[Reg]int{RegUpdate: 4}, RegUpdate, false},
	} {
		a := arch(tc.widths)
		got, proven := a.CannotOverflow(w, b, c)
		require.Equal(t, tc.proven, proven, "%v", tc.widths)
		if !proven {
			require.Equal(t, tc.want, got, "%v", tc.widths)
		}
	}
	// The energy pass's c row runs through the field register from 0: sum_j |c_j| = 21
	// bounds it where every row of W is 1.
	small, wide := []int64{1, 0, 0, 0, 1, 0}, []int64{9, -9, 3}
	for bits, proven := range map[int]bool{5: false, 6: true} { // 15 < 21 <= 31
		a := arch(map[Reg]int{RegField: bits})
		_, got := a.CannotOverflow(small, []int64{0, 0}, wide)
		require.Equal(t, proven, got, "field %d bits, c row 21", bits)
		a.Mode = herding.ModeH // no energy pass: its energies take c.x exact
		_, got = a.CannotOverflow(small, []int64{0, 0}, wide)
		require.True(t, got, "mode H, field %d bits", bits)
	}
}
