package usps

import (
	"fmt"
	"path/filepath"

	"herdsim/classify"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/units"
)

// Plan is the experiment's grid: which models on which splits, with which settings.
type Plan struct {
	Models    []Model
	Splits    []int
	SplitSeed uint64 // seed of the 700/300/100 splits (dataset.USPSSplitIndices)
	Seed      uint64 // herding's W_0 seed, and the root of every RBM's seed
	Learn     int    // learning iterations of the energy models (the paper: 1000)
	Collect   int    // iterations whose energies are averaged (the paper: 1000)
}

// planFile is Plan as stored in plan.json.
type planFile struct {
	Models    []planModel `json:"models"`
	Splits    []int       `json:"splits"`
	SplitSeed uint64      `json:"split_seed"`
	Seed      uint64      `json:"seed"`
	Learn     int         `json:"learn"`
	Collect   int         `json:"collect"`
}

type planModel struct {
	Key    string `json:"key"`
	Kind   Kind   `json:"kind"`
	Mode   string `json:"mode,omitempty"`
	Method string `json:"method,omitempty"`
	Hidden int    `json:"hidden,omitempty"`
	// datapath models
	WeightBits int    `json:"weight_bits,omitempty"`
	Overflow   string `json:"overflow,omitempty"`
}

// Validate checks the plan.
func (p Plan) Validate() error {
	if len(p.Models) == 0 || len(p.Splits) == 0 {
		return fmt.Errorf("usps: the plan needs at least one model and one split")
	}
	seen := map[int]bool{}
	for _, s := range p.Splits {
		if s < 0 || seen[s] {
			return fmt.Errorf("usps: split %d is negative or repeated", s)
		}
		seen[s] = true
	}
	for _, m := range p.Models {
		if m.Energy() && m.Hidden <= 0 {
			return fmt.Errorf("usps: model %s needs hidden units", m.Key)
		}
		if m.Energy() && (p.Learn < 0 || p.Collect <= 0) {
			return fmt.Errorf("usps: energy models need Learn >= 0 and Collect > 0 iterations")
		}
	}
	return nil
}

func (p Plan) file() planFile {
	f := planFile{Splits: p.Splits, SplitSeed: p.SplitSeed, Seed: p.Seed, Learn: p.Learn, Collect: p.Collect}
	for _, m := range p.Models {
		pm := planModel{Key: m.Key, Kind: m.Kind, Hidden: m.Hidden}
		switch m.Kind {
		case KindHerding:
			pm.Mode = m.Mode.String()
		case KindDatapath:
			pm.Mode, pm.WeightBits, pm.Overflow = m.Mode.String(), m.WeightBits, m.Overflow.String()
		case KindRBM:
			pm.Method = m.Method.String()
		}
		f.Models = append(f.Models, pm)
	}
	return f
}

func (f planFile) plan() (Plan, error) {
	p := Plan{Splits: f.Splits, SplitSeed: f.SplitSeed, Seed: f.Seed, Learn: f.Learn, Collect: f.Collect}
	for _, pm := range f.Models {
		m := Model{Key: pm.Key, Kind: pm.Kind, Hidden: pm.Hidden, WeightBits: pm.WeightBits}
		if pm.Kind == KindHerding || pm.Kind == KindDatapath {
			mode, err := herding.ParseMode(pm.Mode)
			if err != nil {
				return p, err
			}
			m.Mode = mode
		}
		if pm.Kind == KindDatapath {
			o, err := fixedpoint.ParseOverflow(pm.Overflow)
			if err != nil {
				return p, fmt.Errorf("model %s: %w", pm.Key, err)
			}
			m.Overflow = o
		}
		if pm.Kind == KindRBM && pm.Method == classify.PCD.String() {
			m.Method = classify.PCD
		}
		p.Models = append(p.Models, m)
	}
	return p, p.Validate()
}

// ReadPlan reads DIR/plan.json.
func ReadPlan(dir string) (Plan, error) {
	b, err := units.Folder(dir).ReadPlan()
	if err != nil {
		return Plan{}, err
	}
	p, err := decodePlan(b)
	if err != nil {
		return Plan{}, fmt.Errorf("%s: %w", filepath.Join(dir, units.PlanFile), err)
	}
	return p, nil
}

func decodePlan(b []byte) (Plan, error) {
	var f planFile
	if err := units.Decode(b, &f); err != nil {
		return Plan{}, err
	}
	return f.plan()
}
