package datapath

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
)

// firstRows is data's first n rows.
func firstRows(data *dataset.Binary, n int) *dataset.Binary {
	return &dataset.Binary{Name: fmt.Sprintf("%s[:%d]", data.Name, n), D: data.D, Rows: data.Rows[:n]}
}

// tiledCases cover both modes, hidden-bias growth, K that fills no whole tile or word,
// N that fills no whole batch, one and three weights per W word, one batch and one tile.
func tiledCases() map[string]struct {
	data *dataset.Binary
	arch Arch
} {
	def := dataset.Default()
	wide := func(a Arch) Arch { // 17-bit W: two weights per word
		a.Regs[RegW].Format.Word = 17
		return a
	}
	lanes := func(a Arch, l int) Arch { // W words of l lanes
		a.UseLanes(l)
		return a
	}
	return map[string]struct {
		data *dataset.Binary
		arch Arch
	}{
		// W words of eight lanes (eight weights a word), of one lane, of five with word skip
		"K16T16SH_L8":         {def, lanes(DefaultArch(16, 64, 128, 16, 10, 40, herding.ModeSH, false), 8)},
		"K7T4SHgrow_L1":       {firstRows(def, 37), lanes(DefaultArch(7, 64, 37, 4, 10, 40, herding.ModeSH, true), 1)},
		"K10T10Hgrow_L5_skip": {firstRows(def, 100), skipped(lanes(DefaultArch(10, 64, 100, 10, 4, 40, herding.ModeH, true), 5), firstRows(def, 100))},
		"K16T6SH":             {def, DefaultArch(16, 64, 128, 6, 10, 40, herding.ModeSH, false)},
		"K16T3H":              {def, DefaultArch(16, 64, 128, 3, 10, 40, herding.ModeH, false)},
		"K10T6Hgrow_N100":     {firstRows(def, 100), DefaultArch(10, 64, 100, 6, 4, 40, herding.ModeH, true)},
		"K7T4SHgrow_PW2":      {firstRows(def, 37), wide(DefaultArch(7, 64, 37, 4, 10, 40, herding.ModeSH, true))},
		"K3T3SH_N9_1batch":    {firstRows(def, 9), DefaultArch(3, 64, 9, 3, 4, 40, herding.ModeSH, false)},
		"K5T12H_1tile":        {def, DefaultArch(5, 64, 128, 12, 10, 40, herding.ModeH, false)},
		// word skip: whole batches; a partial last one with growth; one tile
		"K16T3H_skip":          {def, skipped(DefaultArch(16, 64, 128, 3, 10, 40, herding.ModeH, false), def)},
		"K10T6Hgrow_N100_skip": {firstRows(def, 100), skipped(DefaultArch(10, 64, 100, 6, 4, 40, herding.ModeH, true), firstRows(def, 100))},
		"K5T12H_1tile_skip":    {def, skipped(DefaultArch(5, 64, 128, 12, 10, 40, herding.ModeH, false), def)},
	}
}

// skipped is a made the word-skip datapath for data.
func skipped(a Arch, data *dataset.Binary) Arch {
	a.UseSkip(NewSkipLayout(data.Rows))
	return a
}

// The tiled datapath reproduces the float64 reference bit for bit at lossless widths:
// every pseudo-sample, hidden state, W, b and c, and SH's energies; and every iteration
// takes the cycles the schedule table gives (walked and in closed form).
func TestTileMachineMatchesReference(t *testing.T) {
	for name, c := range tiledCases() {
		t.Run(name, func(t *testing.T) {
			a := c.arch
			require.NoError(t, a.Validate())
			ref, err := herding.New(c.data, herding.Config{Hidden: a.K, Mode: a.Mode, Sweeps: a.Sweeps, GrowHiddenBias: a.GrowHiddenBias})
			require.NoError(t, err)
			w, b, cc := ref.Params().Ints()
			m, err := NewTile(a, c.data, w, b, cc)
			require.NoError(t, err)
			sweeps := map[int]bool{}
			for it := 1; it <= 40; it++ {
				want, err := ref.Step()
				require.NoError(t, err)
				got := m.RunIteration()
				require.Equal(t, it, got.Iteration)
				require.Equal(t, want.X, got.X, "x* at %d", it)
				require.Equal(t, want.Z, got.Z, "z* at %d", it)
				require.Equal(t, want.Sweeps, got.Sweeps, "sweeps at %d", it)
				for n := range got.Hidden {
					require.Equal(t, ref.Hidden(n), got.Hidden[n], "z_%d at %d", n, it)
				}
				rw, rb, rc := ref.Params().Ints()
				dw, db, dc := m.Weights()
				require.Equal(t, rw, dw, "W at %d", it)
				require.Equal(t, rb, db, "b at %d", it)
				require.Equal(t, rc, dc, "c at %d", it)
				require.Equal(t, a.TileCycles(got.Sweeps, it == 1), got.Cycles, "cycles at %d", it)
				require.Equal(t, a.tileCyclesClosed(got.Sweeps, it == 1), got.Cycles, "closed-form cycles at %d", it)
				if a.Mode == herding.ModeSH {
					for n, f := range got.Energies {
						require.Equal(t, int64(ref.DataEnergies()[n]), f, "F(x_%d) at %d", n, it)
					}
				}
				sweeps[got.Sweeps] = true
			}
			_, count := m.Overflows()
			require.Zero(t, count, "lossless widths overflowed")
			if a.Sweeps > 1 {
				require.Greater(t, len(sweeps), 1, "the case should see searches of different lengths")
			}
		})
	}
}

// Narrow registers overflow, and the machine counts every overflow (by register) and
// keeps running; in SAT mode nothing is stored outside the range; every iteration takes
// the walked table's cycles. Mode SH with growth, and the word-skip datapath (mode H).
func TestTileMachineNarrowRegisters(t *testing.T) {
	data := firstRows(dataset.Default(), 40)
	shapes := []struct {
		name string
		arch Arch
		bits map[Reg]int // narrow widths: W holds N = 40; the field wider than W, c no wider
		ovf  []Reg       // registers that must overflow
	}{
		{"SHgrow", DefaultArch(6, 64, 40, 6, 4, 30, herding.ModeSH, true),
			map[Reg]int{RegW: 8, RegC: 8, RegField: 9, RegEnergy: 11, RegUpdate: 8}, []Reg{RegField, RegEnergy, RegUpdate}},
		{"Hgrow_skip", skipped(DefaultArch(6, 64, 40, 6, 4, 30, herding.ModeH, true), data),
			map[Reg]int{RegW: 8, RegField: 9, RegUpdate: 8}, []Reg{RegField, RegUpdate}},
	}
	for _, sh := range shapes {
		for _, o := range []fixedpoint.Overflow{fixedpoint.Wrap, fixedpoint.Sat} {
			a := sh.arch
			for r := range a.Regs {
				a.Regs[r].Overflow = o
			}
			for r, bits := range sh.bits {
				a.Regs[r].Format.Word = bits
			}
			require.NoError(t, a.Validate())
			p := herding.InitialWeights(a.K, a.D, a.N, herding.DefaultSeed)
			w, b, c := p.Ints()
			m, err := NewTile(a, data, w, b, c)
			require.NoError(t, err)
			for range 30 {
				r := m.RunIteration()
				require.Equal(t, a.TileCycles(r.Sweeps, r.Iteration == 1), r.Cycles)
				require.Equal(t, a.tileCyclesClosed(r.Sweeps, r.Iteration == 1), r.Cycles)
			}
			ranges := m.Ranges()
			for _, r := range sh.ovf {
				require.NotZero(t, ranges[r].Overflows, "%s %v: register %s never overflowed", sh.name, o, r)
			}
			dw, _, _ := m.Weights()
			lo, hi := minCode(a.Regs[RegW].Format.Word), maxCode(a.Regs[RegW].Format.Word)
			for _, v := range dw {
				require.True(t, v >= lo && v <= hi)
			}
		}
	}
}

// Archs the tiled datapath cannot build are refused with the reason.
func TestTileValidate(t *testing.T) {
	a := DefaultArch(16, 64, 128, 5, 10, 10, herding.ModeH, false)
	require.ErrorContains(t, a.Validate(), "multiple of 3")
	a = DefaultArch(16, 64, 128, 2, 10, 10, herding.ModeH, false) // T < PW: no group fits a tile
	require.ErrorContains(t, a.Validate(), "multiple of 3")
	a = DefaultArch(16, 3, 128, 3, 10, 10, herding.ModeH, false)
	require.ErrorContains(t, a.Validate(), "D >= 4")
	a = DefaultArch(16, 256, 1100, 3, 10, 10, herding.ModeH, false) // 17,664 X words: a part with block RAM
	require.NoError(t, a.Validate())
	require.Equal(t, 15, a.Sizes().AW)
	require.ErrorContains(t, a.ValidateSPRAM(), "one SPRAM holds 16384 words")
	fits := DefaultArch(16, 256, 1000, 3, 10, 10, herding.ModeH, false)
	require.NoError(t, fits.ValidateSPRAM())
	a = DefaultArch(70000, 256, 128, 3, 10, 10, herding.ModeH, false) // 5,973,504 W words a lane
	require.ErrorContains(t, a.Validate(), "need 23-bit memory addresses; the core takes at most 20")
	a = DefaultArch(16, 64, 128, 3, 10, 10, herding.ModeH, false)
	a.Tile = 0
	require.ErrorContains(t, a.Validate(), "tile T = 0, must be positive")
	a = DefaultArch(16, 64, 128, 6, 10, 10, herding.ModeSH, false)
	a.Regs[RegC].Format.Word = a.Regs[RegW].Format.Word + 1
	require.ErrorContains(t, a.Validate(), "c row")
	a = DefaultArch(4, 64, 128, 1, 10, 10, herding.ModeSH, false) // one weight a word allows T = 1
	a.Regs[RegW].Format.Word, a.Regs[RegField].Format.Word = 25, 32
	require.ErrorContains(t, a.Validate(), "T >= 2")
	a.Tile = 2
	require.NoError(t, a.Validate())
	require.Equal(t, 2, DefaultTile(1, 25, UP5KWLanes, herding.ModeSH))
	require.Equal(t, 1, DefaultTile(1, 25, UP5KWLanes, herding.ModeH))
	// The tiles measured to fit the UP5K: 4 in mode H, 2 in SH, rounded down to whole words.
	require.Equal(t, 4, DefaultTile(50, 18, UP5KWLanes, herding.ModeH))
	require.Equal(t, 2, DefaultTile(16, 17, UP5KWLanes, herding.ModeSH))
	require.Equal(t, 3, DefaultTile(16, 16, UP5KWLanes, herding.ModeSH), "PW = 3: one word's rows at least")
	require.Equal(t, 3, DefaultTile(16, 16, UP5KWLanes, herding.ModeH))
	// Word skip: mode H, a layout of the Arch's batches, each within D, the list within SPRAM 0.
	a = DefaultArch(16, 64, 40, 3, 10, 10, herding.ModeH, false)
	a.SkipBusy = []int{60, 52, 48}
	require.NoError(t, a.Validate())
	a.Mode = herding.ModeSH
	require.ErrorContains(t, a.Validate(), "mode H")
	a.Mode, a.SkipBusy = herding.ModeH, []int{60, 52}
	require.ErrorContains(t, a.Validate(), "3 batches")
	a.SkipBusy = []int{60, 65, 48}
	require.ErrorContains(t, a.Validate(), "batch 1 has 65")
	a = DefaultArch(64, 256, 700, 4, 10, 10, herding.ModeH, false)
	a.Regs[RegW].Format.Word = 18
	a.SkipBusy = make([]int, 44)
	for b := range a.SkipBusy {
		a.SkipBusy[b] = 200
	}
	// 44 x 200 busy words exceed the 8,192 words of the j list at 14 bits: 15-bit addresses.
	require.NoError(t, a.Validate())
	require.Equal(t, 15, a.Sizes().AW)
	require.Equal(t, 16384, a.Sizes().JBase)
	require.ErrorContains(t, a.ValidateSPRAM(), "j list 8800")
	for b := range a.SkipBusy {
		a.SkipBusy[b] = 150
	}
	require.NoError(t, a.ValidateSPRAM(), "K = 64 at 18 bits: W fills 8,192 words exactly")
	require.Equal(t, 8192, a.Sizes().JBase)
	a.K = 66
	require.ErrorContains(t, a.ValidateSPRAM(), "W 8704 words of a lane")
	// W words of L lanes: PW = min(L, 16 L / W bits), T a multiple of it, W within the word.
	a = DefaultArch(50, 256, 700, 56, 10, 10, herding.ModeH, false)
	a.Regs[RegW].Format.Word = 18
	a.UseLanes(16)
	require.NoError(t, a.Validate())
	require.Equal(t, 14, a.Sizes().PW, "16 lanes of 18-bit weights: 14 a word")
	require.Equal(t, 18, a.Sizes().SW)
	a.UseLanes(3)
	require.Equal(t, 0, a.WLanes, "UseLanes keeps the UP5K's three as 0")
	a.UseLanes(1)
	a.Tile = 4
	a.Regs[RegW].Format.Word = 17
	require.ErrorContains(t, a.Validate(), "holds W in 16-bit words (1 W memories); W is 17 bits")
	a.UseLanes(MaxWLanes + 1)
	require.ErrorContains(t, a.Validate(), "w_lanes = 33")
	require.Equal(t, 4, PerWord(16, 4))
	require.Equal(t, 3, PerWord(20, 4))
	require.Equal(t, 1, PerWord(17, 1), "a width the word cannot hold gets 1")
}

// A word-skip Arch runs only on the data its layout was made for.
func TestSkipNeedsItsLayout(t *testing.T) {
	def := dataset.Default()
	a := skipped(DefaultArch(8, 64, 128, 3, 10, 10, herding.ModeH, false), def)
	a.SkipBusy[0]--
	p := herding.InitialWeights(a.K, a.D, a.N, herding.DefaultSeed)
	w, b, c := p.Ints()
	_, err := NewTile(a, def, w, b, c)
	require.ErrorContains(t, err, "other data")
}
