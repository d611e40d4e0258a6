package usps

import (
	"fmt"
	"slices"
	"strings"

	"herdsim/classify"
	"herdsim/fixedpoint"
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
	// KindDatapath is herding run on the datapath model (datapath.Functional) with the
	// weight memory W at a chosen width and overflow mode: the energies are the
	// datapath's integers. Every other register is wide enough for every value.
	KindDatapath Kind = "datapath"
)

// Model is one bar of Figure 3.
type Model struct {
	Key    string          // the name in results.json: MLR, 1NN, H1, ..., PCD
	Kind   Kind            // its family
	Mode   herding.Mode    // herding: H or SH
	Method classify.Method // rbm: CD1 or PCD
	Hidden int             // herding, datapath and rbm: K
	// datapath: the width of W in bits (0: lossless, datapath.DefaultArch's width for the
	// run) and what a weight that does not fit does.
	WeightBits int
	Overflow   fixedpoint.Overflow
}

// Energy reports whether the model is scored by class energies (one unit per class).
func (m Model) Energy() bool {
	return m.Kind == KindHerding || m.Kind == KindRBM || m.Kind == KindDatapath
}

// Datapath returns the herding model m run on the datapath with W at bits bits (0:
// lossless) and overflow mode o. Its key is m's key and the width, e.g. H1-w14-sat or
// H1-lossless.
func (m Model) Datapath(bits int, o fixedpoint.Overflow) (Model, error) {
	if m.Kind != KindHerding {
		return Model{}, fmt.Errorf("%s is not a herding model: only H1..H5 and SH1..SH5 run on the datapath", m.Key)
	}
	if o != fixedpoint.Wrap && o != fixedpoint.Sat {
		return Model{}, fmt.Errorf("overflow mode %v: the datapath implements wrap and sat", o)
	}
	d := m
	d.Kind, d.WeightBits, d.Overflow = KindDatapath, bits, o
	d.Key = fmt.Sprintf("%s-w%d-%s", m.Key, bits, strings.ToLower(o.String()))
	if bits == 0 {
		d.Key, d.Overflow = m.Key+"-lossless", fixedpoint.Wrap
	}
	return d, nil
}

// baseKey is the key of the herding model a datapath model reruns (H1 for H1-w14-sat).
func (m Model) baseKey() string { return strings.SplitN(m.Key, "-", 2)[0] }

// DatapathVariants appends to models, after each herding model, its datapath runs at
// every width and overflow mode (width 0, lossless, once).
func DatapathVariants(models []Model, widths []int, overflows []fixedpoint.Overflow) ([]Model, error) {
	var out []Model
	herdingSeen := false
	for _, m := range models {
		out = append(out, m)
		if m.Kind != KindHerding {
			continue
		}
		herdingSeen = true
		for _, w := range widths {
			for k, o := range overflows {
				if w == 0 && k > 0 {
					break
				}
				d, err := m.Datapath(w, o)
				if err != nil {
					return nil, err
				}
				out = append(out, d)
			}
		}
	}
	if !herdingSeen && len(widths) > 0 {
		return nil, fmt.Errorf("datapath widths need a herding model (h1..h5, sh1..sh5) in --models")
	}
	return out, nil
}

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
