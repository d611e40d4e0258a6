package fixedpoint

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"
	"text/tabwriter"
)

// Recorder logs the range of named signals, the way MATLAB's fipref logging and
// logreport do: per signal the minimum, maximum, count, overflow count, quantisation
// count, and the narrowest format that would have held every value seen.
//
// A signal is a register of the datapath: its name stands for one format and one pair of
// modes, fixed by its first record; recording it later with others panics. The values
// logged are the exact ones before the cast into the register, so the report shows the
// range the datapath really needs, not the one the register clamped it to.
//
// The zero Recorder is ready to use. A Recorder is not safe for concurrent use; give each
// goroutine its own and Merge them.
type Recorder struct {
	signals map[string]*signalLog
}

type signalLog struct {
	format    Format
	round     Round
	overflow  Overflow
	count     uint64
	overflows uint64
	quantised uint64
	min, max  Value
}

// NewRecorder returns an empty Recorder.
func NewRecorder() *Recorder { return &Recorder{} }

// Cast returns x.Cast(f, r, o), recording x and the Status under name.
func (rec *Recorder) Cast(name string, x Value, f Format, r Round, o Overflow) (Value, Status) {
	y, st := x.Cast(f, r, o)
	rec.log(name, x, f, r, o, st)
	return y, st
}

// Record logs x under name for a signal that is not cast: it keeps x's own format, exact,
// so it never quantises nor overflows (a full-precision adder output, say).
func (rec *Recorder) Record(name string, x Value) {
	rec.log(name, x, x.Format(), Trn, Wrap, Status{})
}

func (rec *Recorder) log(name string, x Value, f Format, r Round, o Overflow, st Status) {
	s := rec.signals[name]
	if s == nil {
		if rec.signals == nil {
			rec.signals = make(map[string]*signalLog)
		}
		s = &signalLog{format: f, round: r, overflow: o, min: x, max: x}
		rec.signals[name] = s
	} else {
		s.mustMatch(name, f, r, o)
		s.min = Min(s.min, x)
		s.max = Max(s.max, x)
	}
	s.count++
	if st.Quantised {
		s.quantised++
	}
	if st.Overflowed {
		s.overflows++
	}
}

func (s *signalLog) mustMatch(name string, f Format, r Round, o Overflow) {
	if s.format != f || s.round != r || s.overflow != o {
		panic(fmt.Sprintf("fixedpoint: signal %q recorded as %v %v %v and as %v %v %v", name, s.format, s.round, s.overflow, f, r, o))
	}
}

// Observe logs, in one call, count values that a fast model presented to signal name and
// summarised itself: their exact minimum and maximum (before the cast into f), and how many
// of them overflowed or were quantised. The log is the same as if every value had gone
// through Cast. A model whose inner loop cannot afford a Cast per value (the datapath's)
// keeps such counters and reports through Observe. count = 0 records nothing.
func (rec *Recorder) Observe(name string, f Format, r Round, o Overflow, min, max Value, count, overflows, quantised uint64) {
	if count == 0 {
		return
	}
	other := &Recorder{signals: map[string]*signalLog{name: {
		format: f, round: r, overflow: o, count: count, overflows: overflows, quantised: quantised, min: min, max: max,
	}}}
	rec.Merge(other)
}

// Merge adds every record of other to rec, as if they had been made on rec.
func (rec *Recorder) Merge(other *Recorder) {
	for name, o := range other.signals {
		s := rec.signals[name]
		if s == nil {
			if rec.signals == nil {
				rec.signals = make(map[string]*signalLog)
			}
			c := *o
			rec.signals[name] = &c
			continue
		}
		s.mustMatch(name, o.format, o.round, o.overflow)
		s.min, s.max = Min(s.min, o.min), Max(s.max, o.max)
		s.count += o.count
		s.overflows += o.overflows
		s.quantised += o.quantised
	}
}

// SignalReport is the log of one signal. Min and Max are exact decimals, written as JSON
// numbers.
type SignalReport struct {
	Name          string      `json:"name"`
	Format        string      `json:"format"`
	Round         string      `json:"round"`
	Overflow      string      `json:"overflow"`
	Count         uint64      `json:"count"`
	Min           json.Number `json:"min"`
	Max           json.Number `json:"max"`
	Overflows     uint64      `json:"overflow_count"`
	Quantisations uint64      `json:"quantisation_count"`
	// Narrowest is the format, with the signal's fraction length, of the fewest bits in
	// which every value seen, quantised with the signal's rounding mode, fits: unsigned if
	// none of them is negative, else signed, and one bit wider under SAT_SYM when the
	// minimum lands on the most negative code. A Cast of every value seen to it would not
	// overflow. It may be wider than MaxWord, then no user format is wide enough.
	Narrowest string `json:"narrowest_format"`
}

// Report is the log of every signal, sorted by name.
type Report struct {
	Signals []SignalReport `json:"signals"`
}

// Report summarises the log so far.
func (rec *Recorder) Report() Report {
	names := make([]string, 0, len(rec.signals))
	for name := range rec.signals {
		names = append(names, name)
	}
	slices.Sort(names)
	rep := Report{Signals: make([]SignalReport, 0, len(names))}
	for _, name := range names {
		s := rec.signals[name]
		rep.Signals = append(rep.Signals, SignalReport{
			Name:          name,
			Format:        s.format.String(),
			Round:         s.round.String(),
			Overflow:      s.overflow.String(),
			Count:         s.count,
			Min:           json.Number(s.min.String()),
			Max:           json.Number(s.max.String()),
			Overflows:     s.overflows,
			Quantisations: s.quantised,
			Narrowest:     s.narrowest().String(),
		})
	}
	return rep
}

// narrowest quantises the extremes with the signal's rounding mode (every mode is
// monotonic, so they bound every quantised value) and fits a format around them.
func (s *signalLog) narrowest() Format {
	lo := quantisedCode(s.min, s.format.Frac, s.round)
	hi := quantisedCode(s.max, s.format.Frac, s.round)
	return fitFormat(lo, hi, s.format.Frac, s.overflow == SatSym)
}

func quantisedCode(v Value, frac int, r Round) *big.Int {
	neg, mag, _ := quantiseRat(v.Rat(), frac, r)
	if neg {
		mag.Neg(mag)
	}
	return mag
}

// fitFormat returns the narrowest format at fraction length frac holding the codes lo..hi
// (lo <= hi); sym excludes the most negative code of a signed result.
func fitFormat(lo, hi *big.Int, frac int, sym bool) Format {
	if lo.Sign() >= 0 {
		return Format{Word: max(1, hi.BitLen()), Frac: frac}
	}
	// A signed word w holds -2^(w-1) .. 2^(w-1)-1.
	need := hi.BitLen()
	negMag := new(big.Int).Neg(lo)
	if !sym {
		negMag.Sub(negMag, big.NewInt(1))
	}
	need = max(need, negMag.BitLen())
	return Format{Signed: true, Word: need + 1, Frac: frac}
}

// WriteText writes the report as an aligned text table, one row per signal.
func (r Report) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join([]string{"SIGNAL", "FORMAT", "ROUND", "OVERFLOW", "COUNT", "MIN", "MAX", "OVERFLOWS", "QUANTISED", "NARROWEST"}, "\t"))
	for _, s := range r.Signals {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\t%d\t%d\t%s\n",
			s.Name, s.Format, s.Round, s.Overflow, s.Count, s.Min, s.Max, s.Overflows, s.Quantisations, s.Narrowest)
	}
	return tw.Flush()
}

// WriteJSON writes the report as indented JSON: {"signals": [{"name": ..., ...}]}.
func (r Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
