package datapath

import (
	"math/bits"

	"herdsim/fixedpoint"
)

// register is the fast integer form of a RegSpec: the model writes every value through
// put, which applies the overflow mode exactly as fixedpoint.Cast would for an integer
// format (tested against it) and logs the value before the cast.
type register struct {
	lo, hi int64
	shift  uint // 64 - word, for two's complement wrap
	sat    bool
	log    RangeLog
}

// RangeLog is one register's record over a run: the exact values presented to it (before
// the cast), how many, and how many did not fit.
type RangeLog struct {
	Min       int64  `json:"min"`
	Max       int64  `json:"max"`
	Count     uint64 `json:"count"`
	Overflows uint64 `json:"overflows"`
}

// Bits is the narrowest signed width (at least 2) that holds every value logged:
// max <= 2^(w-1) - 1 and min >= -2^(w-1).
func (l RangeLog) Bits() int {
	w := 2
	if l.Max > 0 {
		w = max(w, bits.Len64(uint64(l.Max))+1)
	}
	if l.Min < 0 {
		w = max(w, bits.Len64(uint64(-(l.Min+1)))+1)
	}
	return w
}

func newRegister(s RegSpec) register {
	w := s.Format.Word
	return register{lo: minCode(w), hi: maxCode(w), shift: uint(64 - w), sat: s.Overflow == fixedpoint.Sat}
}

// put returns v as the register stores it, and whether it overflowed, and logs v.
func (r *register) put(v int64) (int64, bool) {
	r.note(v)
	out, overflowed := r.cast(v)
	if overflowed {
		r.log.Overflows++
	}
	return out, overflowed
}

// cast is put without the log: the functional model's path, which logs no ranges.
func (r *register) cast(v int64) (int64, bool) {
	if v >= r.lo && v <= r.hi {
		return v, false
	}
	if r.sat {
		if v < r.lo {
			return r.lo, true
		}
		return r.hi, true
	}
	return int64(uint64(v)<<r.shift) >> r.shift, true
}

func (r *register) note(v int64) { r.log.Note(v) }

// Note widens the log to hold v and counts it.
func (l *RangeLog) Note(v int64) {
	if l.Count == 0 || v < l.Min {
		l.Min = v
	}
	if l.Count == 0 || v > l.Max {
		l.Max = v
	}
	l.Count++
}

// regState is the cycle-level model's register bookkeeping: every register's cast and
// range log, and the overflow events (the first maxOverflowEvents) and count.
type regState struct {
	regs         [numRegs]register
	overflows    []Overflow
	overflowSeen uint64
}

func newRegState(a Arch) regState {
	var s regState
	for r := range s.regs {
		s.regs[r] = newRegister(a.Regs[r])
	}
	return s
}

// put writes v through register r (element idx) at an iteration and cycle, and logs an
// overflow.
func (s *regState) put(r Reg, idx int, v int64, iteration int, cycle uint64) int64 {
	out, overflowed := s.regs[r].put(v)
	if overflowed {
		s.overflowSeen++
		if len(s.overflows) < maxOverflowEvents {
			s.overflows = append(s.overflows, Overflow{Iteration: iteration, Cycle: cycle, Register: r.String(), Index: idx, Value: v, Stored: out})
		}
	}
	return out
}

// Ranges returns each register's range log so far.
func (s *regState) Ranges() map[Reg]RangeLog {
	out := map[Reg]RangeLog{}
	for r := range s.regs {
		out[Reg(r)] = s.regs[r].log
	}
	return out
}

// Overflows returns the first overflow events (at most 1000) and the total count.
func (s *regState) Overflows() ([]Overflow, uint64) { return s.overflows, s.overflowSeen }
