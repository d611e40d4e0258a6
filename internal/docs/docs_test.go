package docs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ReadmeLimit is the most bytes README.md may hold: it is an entry point, the reference
// lives under docs/.
const ReadmeLimit = 16 * 1024

func TestAnchorFollowsGitHub(t *testing.T) {
	for heading, want := range map[string]string{
		"The board loop":                      "the-board-loop",
		"Running herding: herdsim herd":       "running-herding-herdsim-herd",
		"Hardware v2: the tiled datapath (2)": "hardware-v2-the-tiled-datapath-2",
		"USPS H1 on the UP5K, and why":        "usps-h1-on-the-up5k-and-why",
		"snake_case and x-y":                  "snake_case-and-x-y",
	} {
		assert.Equal(t, want, Anchor(heading), heading)
	}
}

// writeTree makes a small repository of Markdown files for the checks.
func writeTree(t *testing.T, files map[string]string) string {
	root := t.TempDir()
	for rel, text := range files {
		p := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	return root
}

func TestCheckLinksNamesEveryBrokenLink(t *testing.T) {
	root := writeTree(t, map[string]string{
		"README.md": "# Top\n\n[ok](docs/a.md#two-words) [ok2](#top) [web](https://example.com/x#y)\n" +
			"[gone](docs/missing.md) [bad anchor](docs/a.md#nope)\n\n[outside](../shared/SPEC.md) ![pic](docs/fig.png)\n" +
			"[dup](docs/a.md#two-words-1) [code](docs/x.go#L3)\n",
		"docs/a.md": "# A\n\n## Two words\n\n## Two words\n",
		"docs/x.go": "package x\n",
	})
	all, err := LoadAll(root)
	require.NoError(t, err)
	var got []string
	for _, p := range CheckLinks(root, all) {
		got = append(got, p.String())
	}
	assert.Equal(t, []string{
		`README.md:4: link "docs/missing.md": no file docs/missing.md`,
		`README.md:4: link "docs/a.md#nope": docs/a.md has no heading with anchor #nope`,
		`README.md:6: link "../shared/SPEC.md" leaves the repository`,
		`README.md:6: link "docs/fig.png": no file docs/fig.png`,
		`README.md:7: link "docs/x.go#L3": an #anchor into a file that is not Markdown`,
	}, got)
}

func TestCommandsFromShellBlocksAndSpans(t *testing.T) {
	root := writeTree(t, map[string]string{"a.md": "# A\n\n" +
		"```sh\nbin/herdsim herd --data default \\\n    --iters 20 --out out/x   # a comment\n" +
		"make demo\nbin/herdsim board emulate --rtl \"$out/rtl\" &\nherdsim rtlsim --vcd 'a b.vcd' | tee log\n```\n\n" +
		"Inline: `herdsim sweep --hidden K` and `herdsim` alone and `go test` too.\n\n" +
		"```go\nherdsim(1)\n```\n"})
	d, err := Load(root, "a.md")
	require.NoError(t, err)
	lines, problems := Commands(d)
	require.Empty(t, problems)
	require.Len(t, lines, 4)
	assert.Equal(t, CommandLine{"a.md", 4, []string{"herd", "--data", "default", "--iters", "20", "--out", "out/x"}, true}, lines[0])
	assert.Equal(t, []string{"board", "emulate", "--rtl", "$out/rtl"}, lines[1].Args)
	assert.Equal(t, 7, lines[1].Line)
	assert.Equal(t, []string{"rtlsim", "--vcd", "a b.vcd"}, lines[2].Args)
	assert.Equal(t, CommandLine{"a.md", 11, []string{"sweep", "--hidden", "K"}, false}, lines[3])
}

func TestCommandsNamesABrokenShellBlock(t *testing.T) {
	root := writeTree(t, map[string]string{"a.md": "# A\n\n```sh\nherdsim herd 'unterminated\n```\n"})
	d, err := Load(root, "a.md")
	require.NoError(t, err)
	_, problems := Commands(d)
	require.Len(t, problems, 1)
	assert.Contains(t, problems[0].String(), "a.md:4: shell block does not parse")
}

func TestRenderAndStale(t *testing.T) {
	table := "| a | b |\n| --- | --- |\n| 1 | 2 |\n"
	root := writeTree(t, map[string]string{
		"results/usps-full/results.md": "# r\n\n" + table + "\nafter\n",
		"doc.md":                       "x\n<!-- generated: usps-full (make doc-tables) -->\n| old |\n<!-- end: usps-full -->\ny\n",
	})
	d, err := Load(root, "doc.md")
	require.NoError(t, err)
	problems, err := Stale(root, d)
	require.NoError(t, err)
	require.Len(t, problems, 1, "a typed table is stale")
	assert.Equal(t, `doc.md:2: generated table "usps-full" differs from its results (run make doc-tables)`, problems[0].String())

	fresh, err := Render(root, d.Source)
	require.NoError(t, err)
	assert.Equal(t, "x\n<!-- generated: usps-full (make doc-tables) -->\n"+table+"<!-- end: usps-full -->\ny\n", string(fresh))
	d.Source = fresh
	problems, err = Stale(root, d)
	require.NoError(t, err)
	assert.Empty(t, problems)

	_, err = Render(root, []byte("<!-- generated: nosuch (make doc-tables) -->\n<!-- end: nosuch -->"))
	assert.ErrorContains(t, err, `no generator for the table "nosuch"`)
	_, err = Render(root, []byte("<!-- generated: usps-full (make doc-tables) -->\n<!-- end: usps-grid -->"))
	assert.ErrorContains(t, err, `generated region "usps-full" ends with "usps-grid"`)
	_, err = Render(root, []byte("<!-- generated: usps-grid (make doc-tables) -->\n<!-- end: usps-grid -->"))
	assert.ErrorContains(t, err, "results.json", "a missing results file is named")
}

// TestRepositoryDocs is the docs check CI runs: every relative link and #anchor in the
// repository's Markdown resolves, every generated table equals its results, and README.md
// stays an entry point. (cmd/herdsim's TestDocsCommandLinesParse checks the command lines.)
func TestRepositoryDocs(t *testing.T) {
	root := filepath.Join("..", "..")
	all, err := LoadAll(root)
	require.NoError(t, err)
	require.Greater(t, len(all), 5, "the repository's Markdown was found")
	var problems []string
	for _, p := range CheckLinks(root, all) {
		problems = append(problems, p.String())
	}
	for _, d := range all {
		stale, err := Stale(root, d)
		require.NoError(t, err)
		for _, p := range stale {
			problems = append(problems, p.String())
		}
	}
	assert.Empty(t, problems, strings.Join(problems, "\n"))

	info, err := os.Stat(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	assert.LessOrEqual(t, info.Size(), int64(ReadmeLimit), "README.md is an entry point of at most 16 KB; move reference text under docs/")
}

// TestSynthUP5KTable: the UP5K table from a report herdsim synth wrote (its seeds, the best
// seed's icetime), and a report of another target refused.
func TestSynthUP5KTable(t *testing.T) {
	report := `{"target":"ice40-up5k","logic_cells":5011,"bram_blocks":27,"spram":4,"dsp":8,"lut_levels":9,"seed":3,
"fmax_mhz":43.25,"fmax_icetime_mhz":42.4,"seed_runs":[{"seed":1,"fmax_mhz":43.14},{"seed":2},{"seed":3,"fmax_mhz":43.25}]}`
	root := writeTree(t, map[string]string{
		"results/synth/index.json": `[{"file": "a.json", "design": "USPS K = 50"}]`,
		"results/synth/a.json":     report,
	})
	got, err := synthUP5K(root)
	require.NoError(t, err)
	assert.Contains(t, got, "| USPS K = 50 | 5,011 | 27 | 4 | 8 | 9 | 43.14, seed 2: no route, 43.25 | 42.40 at seed 3 |\n")
	require.NoError(t, os.WriteFile(filepath.Join(root, "results/synth/a.json"), []byte(strings.Replace(report, "ice40-up5k", "ecp5-85k", 1)), 0o644))
	_, err = synthUP5K(root)
	assert.ErrorContains(t, err, "not a routed ice40-up5k report")
	assert.Equal(t, "1,234,567", thousands(1234567))
	assert.Equal(t, "999", thousands(999))
}

// TestCyclesUP5KTable: the cycle table from a lockstep report (mean, range, iterations a
// second at 39.75 MHz), and a report whose cycle list does not match its iterations refused.
func TestCyclesUP5KTable(t *testing.T) {
	root := writeTree(t, map[string]string{
		"results/lockstep/index.json": `[{"file": "a.json", "design": "D"}]`,
		"results/lockstep/a.json":     `{"bit_exact": true, "iterations": 3, "cycles_per_iteration": 15000, "cycles": [14000, 15000, 16000]}`,
	})
	got, err := cyclesUP5K(root)
	require.NoError(t, err)
	assert.Contains(t, got, "| D | 3 iterations | 15,000 (14,000 to 16,000) | 2,650 |\n")
	require.NoError(t, os.WriteFile(filepath.Join(root, "results/lockstep/a.json"), []byte(`{"bit_exact": true, "iterations": 4, "cycles_per_iteration": 15000, "cycles": [1]}`), 0o644))
	_, err = cyclesUP5K(root)
	assert.ErrorContains(t, err, "1 cycle counts for 4 iterations")
}
