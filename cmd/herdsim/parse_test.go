package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/fixedpoint"
)

// TestValueErrorsNameTheirFlag: the libraries' parsers name values only (internal/sweep's
// TestErrorsNameValuesNotFlags, internal/shard's TestParseRefuses), so the command adds
// the flag: every bad shard spec, overflow mode, --reg and --vary value is reported with
// the flag it came from, whatever the subcommand.
func TestValueErrorsNameTheirFlag(t *testing.T) {
	out := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "--hidden", "4", "--vary", "W=10", "--shard", "3/2", "--out", out}, `--shard "3/2": want a shard i/n with 0 <= i < n`},
		{[]string{"sweep", "--hidden", "4", "--vary", "W=10", "--shard", "01/2", "--out", out}, `--shard "01/2": want a shard i/n`},
		{[]string{"usps", "--quick", "--shard", "3/2", "--out", out}, `--shard "3/2": want a shard i/n with 0 <= i < n`},
		{[]string{"usps", "--quick", "--shard", "01/2", "--out", out}, `--shard "01/2": want a shard i/n`},
		{[]string{"sweep", "--hidden", "4", "--vary", "W=10", "--overflow", "clip", "--out", out}, `--overflow: mode "clip": want wrap or sat`},
		{[]string{"usps", "--quick", "--weight-bits", "12", "--overflow", "sat,clip", "--out", out}, `--overflow: mode "clip": want wrap or sat in "sat,clip"`},
		{[]string{"lockstep", "--hidden", "4", "--iters", "2", "--overflow", "sat_sym"}, `--overflow: "sat_sym": want wrap or sat`},
		{[]string{"vectors", "--hidden", "4", "--iters", "2", "--overflow", "clip", "--out", filepath.Join(out, "v")}, `--overflow: "clip": want wrap or sat`},
		{[]string{"lockstep", "--hidden", "4", "--iters", "2", "--reg", "energy=4:clip"}, `--reg "energy=4:clip": "clip": want wrap or sat`},
		{[]string{"sweep", "--hidden", "4", "--vary", "W=x", "--out", out}, `--vary "W=x": width "x" is not a number`},
		{[]string{"explore", "--quick", "--hidden", "4", "--out", out}, `--hidden: --quick sets it; give one of them`},
		{[]string{"usps", "--quick", "--models", "mlr", "--out", out}, `--models: --quick sets it; give one of them`},
		{[]string{"usps", "--quick", "--learn", "-1", "--out", out}, `--learn -1: want 0 or more iterations`},
		{[]string{"usps", "--quick", "--collect", "0", "--out", out}, `--collect 0: want at least 1 iteration`},
		{[]string{"explore", "--collect", "-5", "--out", out}, `--collect -5: want at least 1 iteration`},
		{[]string{"explore", "--dyn-iters", "-1", "--out", out}, `--dyn-iters -1: want 0`},
	} {
		_, err := run(t, c.args...)
		require.ErrorContains(t, err, c.want, "%v", c.args)
	}
	// The case rule holds for lists too: flag values in any case.
	dir := filepath.Join(t.TempDir(), "sweep")
	_, err := run(t, "sweep", "--hidden", "4", "--iters", "2", "--vary", "W=10", "--overflow", "WRAP,Sat", "--shard", "0/9", "--out", dir)
	require.NoError(t, err)
}

// TestOneParserPerValue: overflow mode names are read by fixedpoint.ParseOverflow only
// (the CLI reaches it through parseOverflow and parseOverflows) and shard specs by
// internal/shard's Parse only. In the module's non-test Go files, no string literal other
// than fixedpoint's own table spells an overflow mode (a switch, a comparison or a table of
// names would be a second parser), and only internal/shard splits a value at "/".
func TestOneParserPerValue(t *testing.T) {
	modes := map[string]bool{}
	for o := fixedpoint.Wrap; o <= fixedpoint.SatSym; o++ {
		modes[o.String()] = true
	}
	allowed := map[string][]string{"fixedpoint/mode.go": nil}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	var modeLits, slashCuts []string
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "out" || d.Name() == "bin") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					return true
				}
				v, err := strconv.Unquote(n.Value)
				if err != nil || !modes[strings.ToUpper(v)] {
					return true
				}
				if ok, listed := allowed[rel]; listed && (ok == nil || slices.Contains(ok, v)) {
					return true
				}
				modeLits = append(modeLits, fset.Position(n.Pos()).String()+": "+n.Value)
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || !slices.Contains([]string{"Cut", "Split", "SplitN", "SplitAfter", "Index", "LastIndex"}, sel.Sel.Name) {
					return true
				}
				for _, a := range n.Args {
					if lit, ok := a.(*ast.BasicLit); ok && lit.Value == `"/"` && !strings.HasPrefix(rel, "internal/shard/") {
						slashCuts = append(slashCuts, fset.Position(n.Pos()).String())
					}
				}
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	require.Empty(t, modeLits, "overflow mode names spelt outside fixedpoint.ParseOverflow's table: use fixedpoint's constants, their String, or parseOverflow")
	require.Empty(t, slashCuts, "a value split at \"/\" outside internal/shard: read shard specs with shard.Parse")
}

// TestImpossibleWidthsAreInputErrors: a W width the datapath cannot hold (0 bits, wider
// than its W word of 16 L bits (or no W memories), wider than any register) is an input error naming the register,
// exit 2 and no vector set left behind, in every subcommand that builds an Arch; never a
// panic (these once divided by zero choosing the default tile).
func TestImpossibleWidthsAreInputErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "v")
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--reg", "W=0"}, "register W: fixedpoint: word length 0 out of range"},
		{[]string{"--weight-bits", "200"}, "register W: fixedpoint: word length 200 out of range"},
		{[]string{"--weight-bits", "49"}, "holds W in 48-bit words (3 W memories); W is 49 bits"},
		{[]string{"--weight-bits", "17", "--w-lanes", "1"}, "holds W in 16-bit words (1 W memories); W is 17 bits"},
		{[]string{"--w-lanes", "33"}, "--w-lanes 33: want 1 to 32 W memories"},
		{[]string{"--reg", "W=1"}, "register W is 1 bits wide"},
	} {
		for _, sub := range [][]string{{"lockstep"}, {"vectors", "--out", out}} {
			args := append(append(append([]string(nil), sub...), "--data", "default", "--iters", "3"), c.flags...)
			_, err := run(t, args...)
			require.Equal(t, 2, exitStatus(err), "%v: %v", args, err)
			require.ErrorContains(t, err, c.want, "%v", args)
			require.NoDirExists(t, out, "%v", args)
		}
	}
}
