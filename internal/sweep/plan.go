package sweep

import (
	"fmt"
	"strings"

	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/units"
)

// planFile is a sweep's plan.json: the setup and the grid, enough to list the points
// again (for merge) without the data.
type planFile struct {
	Run      RunInfo    `json:"run"`
	Vary     []planVary `json:"vary"`
	Overflow []string   `json:"overflow"`
	Cross    bool       `json:"cross"`
}

type planVary struct {
	Group  string `json:"group"`
	Widths []int  `json:"widths"`
}

func newPlan(info RunInfo, s Spec) planFile {
	f := planFile{Run: info, Cross: s.Cross}
	for _, v := range s.Vary {
		f.Vary = append(f.Vary, planVary{Group: v.Group.Name, Widths: v.Widths})
	}
	for _, o := range s.Overflows {
		f.Overflow = append(f.Overflow, overflowLabel(o))
	}
	return f
}

// decodePlan reads a plan.json and lists its points.
func decodePlan(b []byte) ([]Point, error) {
	var f planFile
	if err := units.Decode(b, &f); err != nil {
		return nil, fmt.Errorf("not a sweep plan: %w", err)
	}
	var vary []Vary
	for _, v := range f.Vary {
		g, err := lookupGroup(v.Group)
		if err != nil {
			return nil, err
		}
		vary = append(vary, Vary{Group: g, Widths: v.Widths})
	}
	var modes []fixedpoint.Overflow
	for _, label := range f.Overflow {
		o, err := fixedpoint.ParseOverflow(strings.ToUpper(label))
		if err != nil {
			return nil, err
		}
		modes = append(modes, o)
	}
	spec, err := NewSpec(vary, modes, f.Cross)
	if err != nil {
		return nil, err
	}
	mode, err := herding.ParseMode(f.Run.Mode)
	if err != nil {
		return nil, err
	}
	return spec.points(f.Run, mode), nil
}
