package usps

import (
	"fmt"
	"slices"
	"strings"

	"herdsim/classify"
	"herdsim/herding"
)

// Kind is the family of a model.
type Kind string

// The model families.
const (
	KindMLR     Kind = "mlr"     // MLR on the pixels
	KindNN      Kind = "1nn"     // 1-NN on the pixels
	KindHerding Kind = "herding" // herding energies, MLR on top
	KindRBM     Kind = "rbm"     // RBM free energies, MLR on top
)

// Model is one bar of Figure 3.
type Model struct {
	Key    string          // the name in results.json: MLR, 1NN, H1, ..., PCD
	Kind   Kind            // its family
	Mode   herding.Mode    // herding: H or SH
	Method classify.Method // rbm: CD1 or PCD
	Hidden int             // herding and rbm: K
}

// Energy reports whether the model is scored by class energies (one unit per class).
func (m Model) Energy() bool { return m.Kind == KindHerding || m.Kind == KindRBM }

// Catalog lists every model of Figure 3 in the paper's order.
func Catalog() []Model {
	ms := []Model{{Key: "MLR", Kind: KindMLR}, {Key: "1NN", Kind: KindNN}}
	for _, mode := range []herding.Mode{herding.ModeH, herding.ModeSH} {
		for i, k := range []int{50, 100, 250, 500, 1000} {
			ms = append(ms, Model{Key: fmt.Sprintf("%s%d", mode, i+1), Kind: KindHerding, Mode: mode, Hidden: k})
		}
	}
	for i, k := range []int{50, 100, 250} {
		ms = append(ms, Model{Key: fmt.Sprintf("CD%d", i+1), Kind: KindRBM, Method: classify.CD1, Hidden: k})
	}
	return append(ms, Model{Key: "PCD", Kind: KindRBM, Method: classify.PCD, Hidden: 500})
}

// QuickModels is the --quick preset.
const QuickModels = "mlr,1nn,h1,sh1,cd1"

// ParseModels reads a comma-separated list of model names (any case) or "all", and
// returns them in catalog order without repeats.
func ParseModels(list string) ([]Model, error) {
	cat := Catalog()
	if strings.EqualFold(strings.TrimSpace(list), "all") {
		return cat, nil
	}
	want := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.ToUpper(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		if !slices.ContainsFunc(cat, func(m Model) bool { return m.Key == name }) {
			return nil, fmt.Errorf("unknown model %q (want mlr, 1nn, h1..h5, sh1..sh5, cd1..cd3, pcd or all)", name)
		}
		want[name] = true
	}
	var out []Model
	for _, m := range cat {
		if want[m.Key] {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no models in %q", list)
	}
	return out, nil
}
