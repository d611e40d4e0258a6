package datapath

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"herdsim/fixedpoint"
	"herdsim/herding"
)

// The JSON form of an Arch, used by manifests (testvectors) and reports:
//
//	{"K": 16, "D": 64, "N": 128, "tile": 2, "sweeps": 10, "mode": "SH",
//	 "grow_hidden_bias": false,
//	 "registers": {"W": {"format": "s16.0", "overflow": "WRAP"}, "b": {...}, ...},
//	 "skip_busy": [210, 198, ...],                                          (word skip only)
//	 "w_lanes": 16}                                          (only where not the UP5K's 3)
//
// Every register appears under its Reg.String name, in Regs order, with its format in
// fixedpoint's compact notation and its overflow mode's upper-case name. Unmarshalling is
// strict: every field and every register must be present, nothing else may be, and the
// result must pass Validate. An Arch of the lane datapath ("lanes" where "tile" stands),
// retired, is refused with ErrLanesRetired: what was made from it must be made again.

// archJSON mirrors the JSON object; pointers tell a missing field from a zero one.
type archJSON struct {
	K              *int                    `json:"K"`
	D              *int                    `json:"D"`
	N              *int                    `json:"N"`
	Lanes          *int                    `json:"lanes"` // the retired lane datapath's size: refused
	Tile           *int                    `json:"tile"`
	Sweeps         *int                    `json:"sweeps"`
	Mode           *string                 `json:"mode"`
	GrowHiddenBias *bool                   `json:"grow_hidden_bias"`
	Registers      map[string]*regSpecJSON `json:"registers"`
	SkipBusy       []int                   `json:"skip_busy"`
	WLanes         *int                    `json:"w_lanes"`
}

type regSpecJSON struct {
	Format   *string `json:"format"`
	Overflow *string `json:"overflow"`
}

// MarshalJSON writes the Arch in the form above, registers in Regs order.
func (a Arch) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, `{"K":%d,"D":%d,"N":%d,"tile":%d,"sweeps":%d,"mode":%q,"grow_hidden_bias":%t,"registers":{`,
		a.K, a.D, a.N, a.Tile, a.Sweeps, a.Mode.String(), a.GrowHiddenBias)
	for r, s := range a.Regs {
		if r > 0 {
			buf.WriteByte(',')
		}
		fmt.Fprintf(&buf, `%q:{"format":%q,"overflow":%q}`, Reg(r).String(), s.Format.String(), s.Overflow.String())
	}
	buf.WriteString("}")
	if a.Skip() {
		busy, err := json.Marshal(a.SkipBusy)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&buf, `,"skip_busy":%s`, busy)
	}
	if l := a.Lanes(); l != UP5KWLanes {
		fmt.Fprintf(&buf, `,"w_lanes":%d`, l)
	}
	buf.WriteString("}")
	return buf.Bytes(), nil
}

// UnmarshalJSON reads the form above and validates the result (Validate). Errors name the
// field or register at fault.
func (a *Arch) UnmarshalJSON(data []byte) error {
	var j archJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return fmt.Errorf("datapath: arch JSON: %w", err)
	}
	out, err := j.arch()
	if err != nil {
		return fmt.Errorf("datapath: arch JSON: %w", err)
	}
	if err := out.Validate(); err != nil {
		return err
	}
	*a = out
	return nil
}

// arch converts the decoded object, rejecting missing fields and registers.
func (j *archJSON) arch() (Arch, error) {
	var a Arch
	if err := j.checkPresent(); err != nil {
		return a, err
	}
	mode, err := herding.ParseMode(*j.Mode)
	if err != nil || mode.String() != *j.Mode {
		return a, fmt.Errorf(`mode %q: want "H" or "SH"`, *j.Mode)
	}
	a = Arch{K: *j.K, D: *j.D, N: *j.N, Tile: *j.Tile, Sweeps: *j.Sweeps, Mode: mode, GrowHiddenBias: *j.GrowHiddenBias, SkipBusy: j.SkipBusy}
	if j.WLanes != nil {
		if *j.WLanes == 0 {
			return a, fmt.Errorf("w_lanes = 0: a W word spans 1 to %d W memories (leave it out for the UP5K's %d)", MaxWLanes, UP5KWLanes)
		}
		a.UseLanes(*j.WLanes)
	}
	for name := range j.Registers {
		if _, err := ParseReg(name); err != nil {
			return a, fmt.Errorf("registers: unknown register %q (want each of %s)", name, strings.Join(regNames[:], ", "))
		}
	}
	for r := range a.Regs {
		s, err := j.regSpec(Reg(r))
		if err != nil {
			return a, err
		}
		a.Regs[r] = s
	}
	return a, nil
}

// ErrLanesRetired is the error (wrapped) for an Arch of the retired lane datapath.
var ErrLanesRetired = errors.New(`"lanes": the lane datapath was retired, every Arch is tiled ("tile"); regenerate what holds this Arch (a vector set: herdsim vectors)`)

func (j *archJSON) checkPresent() error {
	if j.Lanes != nil {
		return ErrLanesRetired
	}
	for _, f := range []struct {
		name    string
		present bool
	}{
		{"K", j.K != nil}, {"D", j.D != nil}, {"N", j.N != nil}, {"tile", j.Tile != nil},
		{"sweeps", j.Sweeps != nil}, {"mode", j.Mode != nil},
		{"grow_hidden_bias", j.GrowHiddenBias != nil}, {"registers", j.Registers != nil},
	} {
		if !f.present {
			return fmt.Errorf("missing field %q", f.name)
		}
	}
	return nil
}

// regSpec reads register r's entry.
func (j *archJSON) regSpec(r Reg) (RegSpec, error) {
	e, ok := j.Registers[r.String()]
	if !ok || e == nil {
		return RegSpec{}, fmt.Errorf("registers: missing register %q", r)
	}
	if e.Format == nil || e.Overflow == nil {
		return RegSpec{}, fmt.Errorf(`registers: %q: want both "format" and "overflow"`, r)
	}
	f, err := fixedpoint.ParseFormat(*e.Format)
	if err != nil {
		return RegSpec{}, fmt.Errorf("registers: %q: %w", r, err)
	}
	o, err := fixedpoint.ParseOverflow(*e.Overflow)
	if err != nil {
		return RegSpec{}, fmt.Errorf("registers: %q: %w", r, err)
	}
	return RegSpec{Format: f, Overflow: o}, nil
}
