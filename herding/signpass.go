package herding

// The sign pass is the flip-driven form's pass over the fields (incremental.go): for one
// hidden unit it applies the pending field update, takes the unit's states' signs, adds |h|
// to the energies and notes every state that flipped. The engine's fields are int32
// (exact while |h| < 2^31, which the engine checks after every update), so a pass reads
// and writes 4 bytes per field; with AVX-512 (signpass_simd.go, built with
// GOEXPERIMENT=simd) it takes sixteen fields per instruction, in the portable form one at
// a time. A Tracker's energy pass does the same without the signs. Both forms give the
// same bits (tested).

// fieldRow32 is one hidden unit's int32 fields h over the data and, when a is not nil, the
// pending update h += a + nd + db (nd: -N z*_i (x_n . x*), see fieldSet.record).
type fieldRow32 struct {
	h, a, nd []int32
	db       int32
}

// apply applies the pending update, if any. int32 sums wrap, but the result is the new
// field, which fits: any grouping gives it exactly.
func (row fieldRow32) apply() {
	if row.a == nil {
		return
	}
	a, nd := row.a[:len(row.h)], row.nd[:len(row.h)]
	for r := range row.h {
		row.h[r] += a[r] + nd[r] + row.db
	}
}

// from is the row from field n on.
func (row fieldRow32) from(n int) fieldRow32 {
	rest := fieldRow32{h: row.h[n:], db: row.db}
	if row.a != nil {
		rest.a, rest.nd = row.a[n:], row.nd[n:]
	}
	return rest
}

// signPassPortable applies row's pending update, overwrites zrow with the signs of its
// fields (data vectors lo, lo+1, ...), adds |h| to the energies and notes every sign that
// changed. The sign and the absolute value are taken without branches: half of the fields
// are negative, in no pattern a branch predictor could learn.
func signPassPortable(row fieldRow32, zrow []int8, energy []int64, lo int, flips *unitFlips) {
	row.apply()
	zrow, energy = zrow[:len(row.h)], energy[:len(row.h)]
	for r, v := range row.h {
		if s := int8(1 | v>>31); s != zrow[r] { // v>>31: 0 for v >= 0, -1 below
			flips.note(lo+r, s)
			zrow[r] = s
		}
		energy[r] += magnitude(v)
	}
}

// energyPassPortable applies row's pending update and adds |h| to the energies: the sign
// pass without the signs (a Tracker's).
func energyPassPortable(row fieldRow32, energy []int64) {
	row.apply()
	energy = energy[:len(row.h)]
	for r, v := range row.h {
		energy[r] += magnitude(v)
	}
}

// magnitude is |v| without a branch (|v| < 2^31: no field is -2^31).
func magnitude(v int32) int64 {
	m := v >> 31 // 0 for v >= 0, -1 below
	return int64((v ^ m) - m)
}
