package usps

import (
	"context"
	"fmt"
	"herdsim/datapath"
	"herdsim/herding"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/fixedpoint"
	"herdsim/internal/units"
)

// datapathPlan is H1 and SH2 in float and on the datapath: lossless, and with W too narrow.
func datapathPlan(t *testing.T, widths []int, overflows []fixedpoint.Overflow) Plan {
	base, err := ParseModels("h1,sh2")
	require.NoError(t, err)
	base[0].Hidden, base[1].Hidden = 4, 6
	ms, err := DatapathVariants(base, widths, overflows)
	require.NoError(t, err)
	return Plan{Models: ms, Splits: []int{0}, SplitSeed: 1, Seed: 1, Learn: 6, Collect: 5}
}

func records(t *testing.T, out string, p Plan) map[string]*Record {
	grid := Grid(p.Models, p.Splits)
	recs, missing, err := units.Load(units.Folder(out), plan(grid), func(i int, r *Record) error {
		return r.check(grid[i], settings(grid[i], &Options{Plan: p}, nil))
	})
	require.NoError(t, err)
	require.Zero(t, missing)
	got := map[string]*Record{}
	for i, u := range grid {
		got[u.String()] = recs[i]
	}
	return got
}

// With lossless widths the datapath's energies are the reference's integers, so every
// averaged score equals the float run's bit for bit; a W too narrow for the run changes
// them and records its overflows.
func TestDatapathLosslessEqualsReference(t *testing.T) {
	p := datapathPlan(t, []int{0, 5}, []fixedpoint.Overflow{fixedpoint.Sat, fixedpoint.Wrap})
	keys := []string{}
	for _, m := range p.Models {
		keys = append(keys, m.Key)
	}
	require.Equal(t, []string{"H1", "H1-lossless", "H1-w5-sat", "H1-w5-wrap", "SH2", "SH2-lossless", "SH2-w5-sat", "SH2-w5-wrap"}, keys)
	out := t.TempDir()
	sum, err := Run(context.Background(), toySource, Options{Plan: p, Out: out})
	require.NoError(t, err)
	require.FileExists(t, filepath.Join(out, "weights.png"))
	md := sum.Results.Markdown()
	require.Contains(t, md, "| H1-lossless | lossless | - |")
	require.Contains(t, md, "| SH2-w5-wrap | 5 | wrap |")
	require.Equal(t, sum.Results.Models["H1"], sum.Results.Models["H1-lossless"])
	require.Positive(t, sum.Results.Models["H1-w5-sat"].WeightOverflows)
	recs := records(t, out, p)
	for c := range Digits {
		for _, base := range []string{"H1", "SH2"} {
			ref := recs[unitName(base, c)]
			lossless := recs[unitName(base+"-lossless", c)]
			require.Equal(t, ref.ValidScores, lossless.ValidScores, "%s class %d", base, c)
			require.Equal(t, ref.TestScores, lossless.TestScores, "%s class %d", base, c)
			require.Empty(t, lossless.Overflows)
			for _, o := range []string{"sat", "wrap"} {
				narrow := recs[unitName(base+"-w5-"+o, c)]
				require.Positive(t, narrow.Overflows["W"], "%s-w5-%s class %d: W should overflow (it must hold N = 12 and moves by up to 2N)", base, o, c)
				require.NotEqual(t, ref.ValidScores, narrow.ValidScores, "%s-w5-%s class %d", base, o, c)
			}
		}
	}
}

func unitName(model string, class int) string {
	return fmt.Sprintf("split 0 %s class %d", model, class)
}

func TestDatapathVariantsNeedHerdingAndValidWidths(t *testing.T) {
	ms, err := ParseModels("mlr,cd1")
	require.NoError(t, err)
	_, err = DatapathVariants(ms, []int{12}, []fixedpoint.Overflow{fixedpoint.Sat})
	require.ErrorContains(t, err, "need a herding model")
	h, err := ParseModels("h1")
	require.NoError(t, err)
	_, err = h[0].Datapath(12, fixedpoint.SatSym)
	require.ErrorContains(t, err, "wrap and sat")
	// W narrower than N is refused by the datapath when the unit starts.
	p := datapathPlan(t, []int{3}, []fixedpoint.Overflow{fixedpoint.Sat})
	_, err = Run(context.Background(), toySource, Options{Plan: p, Out: t.TempDir()})
	require.ErrorContains(t, err, "cannot hold the initial weights")
}

// The datapath model runs the float reference while the bounds prove that no register can
// overflow, then the functional model: every score, count and range must be the functional
// model's own from the first iteration, whether the switch comes at the start, in the
// middle or never.
func TestDatapathShortcutIsExact(t *testing.T) {
	data, err := LoadSplitData(toySource, 0, 1)
	require.NoError(t, err)
	const learn, collect = 25, 15
	switched := map[string]bool{}
	for _, mode := range []herding.Mode{herding.ModeH, herding.ModeSH} {
		for _, wbits := range []int{0, 6, 7, 8, 9, 10} {
			for _, o := range []fixedpoint.Overflow{fixedpoint.Sat, fixedpoint.Wrap} {
				train := data.Train(2)
				a := datapath.DefaultArch(5, train.D, train.N(), 0, herding.DefaultSweeps, learn+collect, mode, false)
				if wbits > 0 {
					a.Regs[datapath.RegW] = datapath.RegSpec{Format: fixedpoint.Format{Signed: true, Word: wbits}, Overflow: o}
					a.UseTile(0)
				}
				require.NoError(t, a.ValidateArithmetic())
				run := ClassRun{Hidden: 5, Mode: mode, Seed: 3, Learn: learn, Collect: collect, Arch: &a}
				fast, err := data.classScores(context.Background(), 2, run, false)
				require.NoError(t, err)
				exact, err := data.classScores(context.Background(), 2, run, true)
				require.NoError(t, err)
				name := fmt.Sprintf("%s W%d %v", mode, wbits, o)
				require.Equal(t, 1, exact.ExactFrom, name)
				fromExact := fast.ExactFrom
				fast.ExactFrom = 1
				require.Equal(t, exact, fast, name)
				switch {
				case fromExact == 0:
					switched["never"] = true
				case fromExact == 1:
					switched["at the start"] = true
				default:
					switched["in the run"] = true
				}
			}
		}
	}
	require.Equal(t, map[string]bool{"never": true, "at the start": true, "in the run": true}, switched)
}
