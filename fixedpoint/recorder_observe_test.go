package fixedpoint

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Observe gives the same report as casting each value.
func TestObserveEqualsCasts(t *testing.T) {
	f := MustParseFormat("s6.0")
	one, bulk := NewRecorder(), NewRecorder()
	var overflows uint64
	for v := int64(-40); v <= 25; v++ {
		_, st := one.Cast("acc", NewInt64(v), f, Trn, Sat)
		if st.Overflowed {
			overflows++
		}
	}
	bulk.Observe("acc", f, Trn, Sat, NewInt64(-40), NewInt64(25), 66, overflows, 0)
	bulk.Observe("acc", f, Trn, Sat, NewInt64(0), NewInt64(0), 0, 0, 0) // nothing
	require.Equal(t, one.Report(), bulk.Report())
	require.Equal(t, "s7.0", bulk.Report().Signals[0].Narrowest)
}
