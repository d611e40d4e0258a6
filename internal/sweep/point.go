package sweep

import (
	"fmt"
	"hash/fnv"
	"strings"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/fixedpoint"
	"herdsim/herding"
	"herdsim/internal/units"
)

// Setup is what every point of a sweep shares: the data, the herding configuration (scaled
// form), the datapath's tile, the run length T, and the synthesis target, if any.
type Setup struct {
	Data   *dataset.Binary
	Config herding.Config
	// Tile is the datapath's T; 0 gives every point datapath.DefaultTile for its W width
	// (which sets the weights a W word holds, and so the tiles allowed).
	Tile       int
	Iterations int
	// Synth, when set (a synth.Targets name), also synthesises every valid point's RTL
	// for that target and records its cost.
	Synth string
}

// check rejects a setup whose lossless Arch is already unbuildable (then every point would
// be): bad sizes, tile, mode or T.
func (s Setup) check() error {
	if s.Data == nil {
		return fmt.Errorf("sweep: no data")
	}
	if err := s.Data.Validate(); err != nil {
		return err
	}
	if s.Config.Form != herding.Scaled {
		return fmt.Errorf("form %s: the datapath runs the scaled form only", s.Config.Form)
	}
	if s.Iterations <= 0 {
		return fmt.Errorf("T = %d iterations: must be positive", s.Iterations)
	}
	if s.Config.Sweeps <= 0 {
		return fmt.Errorf("S = %d sweeps: must be positive", s.Config.Sweeps)
	}
	a := s.arch(fixedpoint.Wrap)
	if err := a.Validate(); err != nil {
		return err
	}
	return checkSynthTarget(s.Synth)
}

// arch is the lossless Arch (datapath.DefaultArch) with every register in one overflow mode.
func (s Setup) arch(mode fixedpoint.Overflow) datapath.Arch {
	return s.info().arch(s.Config.Mode, mode)
}

// RunInfo identifies a sweep's setup in every record; records of one table share it.
type RunInfo struct {
	Data           string `json:"data"`
	DataHash       string `json:"data_hash"` // FNV-1a 64 of D and the rows, so an edited file is a different run
	N              int    `json:"n"`
	D              int    `json:"d"`
	K              int    `json:"k"`
	Tile           int    `json:"tile"` // T, or 0 for each point's datapath.DefaultTile
	Sweeps         int    `json:"sweeps"`
	Mode           string `json:"mode"`
	GrowHiddenBias bool   `json:"grow_hidden_bias"`
	Seed           uint64 `json:"seed"`
	Iterations     int    `json:"iterations"`
	Synth          string `json:"synth,omitempty"` // the synthesis target; empty without one
}

func (s Setup) info() RunInfo {
	c := s.Config
	return RunInfo{
		Data: s.Data.Name, DataHash: dataHash(s.Data), N: s.Data.N(), D: s.Data.D, K: c.Hidden,
		Tile: s.Tile, Sweeps: c.Sweeps, Mode: c.Mode.String(), GrowHiddenBias: c.GrowHiddenBias,
		Seed: c.Seed, Iterations: s.Iterations, Synth: s.Synth,
	}
}

// String is the canonical text of a RunInfo, part of every key. The synthesis target
// appears only when set.
func (r RunInfo) String() string {
	s := fmt.Sprintf("data=%s@%s|N=%d|D=%d|K=%d|tile=%d|S=%d|mode=%s|grow=%t|seed=%d|T=%d",
		r.Data, r.DataHash, r.N, r.D, r.K, r.Tile, r.Sweeps, r.Mode, r.GrowHiddenBias, r.Seed, r.Iterations)
	if r.Synth != "" {
		s += "|synth=" + r.Synth
	}
	return s
}

func dataHash(b *dataset.Binary) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d\n", b.D)
	for _, row := range b.Rows {
		for _, v := range row {
			h.Write([]byte{byte(v)})
		}
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// arch is the lossless Arch of the setup r describes, herding in mode m, with every
// register in overflow mode o.
func (r RunInfo) arch(m herding.Mode, o fixedpoint.Overflow) datapath.Arch {
	a := datapath.DefaultArch(r.K, r.D, r.N, r.Tile, r.Sweeps, r.Iterations, m, r.GrowHiddenBias)
	for reg := range a.Regs {
		a.Regs[reg].Overflow = o
	}
	r.setTile(&a)
	return a
}

// setTile gives an Arch the run's tile: its T, or datapath.DefaultTile for the Arch's W
// width (Arch.UseTile).
func (r RunInfo) setTile(a *datapath.Arch) { a.UseTile(r.Tile) }

// Point is one Arch of the grid.
type Point struct {
	Settings []Setting // the swept groups' widths, canonical group order
	Overflow string    // "wrap" or "sat" (overflowLabel): every register's overflow mode
	Arch     datapath.Arch
	Key      string
}

// Points lists the grid in its order: settings (groups in canonical order, widths
// ascending), then overflow modes. Every register a setting does not name keeps its
// lossless worst-case width.
func (s Spec) Points(setup Setup) []Point { return s.points(setup.info(), setup.Config.Mode) }

// points lists the grid of a setup known by its RunInfo (a plan.json's) and mode.
func (s Spec) points(info RunInfo, mode herding.Mode) []Point {
	var out []Point
	for _, settings := range s.combos() {
		for _, o := range s.Overflows {
			a := info.arch(mode, o)
			for _, st := range settings {
				g, _ := lookupGroup(st.Group)
				for _, r := range g.Regs {
					a.Regs[r].Format = fixedpoint.Format{Signed: true, Word: st.Bits}
				}
			}
			info.setTile(&a) // the default tile follows the point's W width
			label := overflowLabel(o)
			out = append(out, Point{Settings: settings, Overflow: label, Arch: a, Key: key(info, settings, label, a)})
		}
	}
	return out
}

// unit is the point as internal/units runs it. Its key, the name of its file, is the
// row label, the overflow mode and a hash of the full key (another setup is another
// file): "weight-bits=9-wrap-1f2e3d4c5b6a7988".
func (p Point) unit() units.Unit {
	h := fnv.New64a()
	h.Write([]byte(p.Key))
	label := settingsText(p.Settings)
	return units.Unit{Key: fmt.Sprintf("%s-%s-%016x", label, p.Overflow, h.Sum64()), Name: label + " " + p.Overflow}
}

func pointUnits(points []Point) []units.Unit {
	out := make([]units.Unit, len(points))
	for i, p := range points {
		out[i] = p.unit()
	}
	return out
}

// key is a point's stable identity: the setup, the grid labels and every register of the
// full Arch. The labels are part of it so that two labels giving the same Arch (a swept
// width that equals a group's lossless width) stay two rows of the table.
func key(info RunInfo, settings []Setting, overflow string, a datapath.Arch) string {
	var b strings.Builder
	b.WriteString(info.String())
	b.WriteString("|vary=")
	b.WriteString(settingsText(settings))
	b.WriteString("|overflow=" + overflow)
	fmt.Fprintf(&b, "|tile_T=%d", a.Tile)
	b.WriteString("|regs=")
	for i, r := range datapath.Regs() {
		if i > 0 {
			b.WriteByte(',')
		}
		sp := a.Spec(r)
		fmt.Fprintf(&b, "%s:%v:%v", r, sp.Format, sp.Overflow)
	}
	return b.String()
}

// settingsText is "weight-bits=9" or "weight-bits=9+acc-bits=12".
func settingsText(settings []Setting) string {
	parts := make([]string, len(settings))
	for i, s := range settings {
		parts[i] = fmt.Sprintf("%s=%d", s.Group, s.Bits)
	}
	return strings.Join(parts, "+")
}
