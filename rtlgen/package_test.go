package rtlgen_test

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"herdsim/datapath"
	"herdsim/dataset"
	"herdsim/herding"
	"herdsim/rtlgen"
	"herdsim/sim"
)

// TestCoreDescriptionListsEveryFile: herd.core lists every file rtlgen writes for a tiled
// design (but itself) in a fileset, each once, and nothing that is not there; the datasheet
// names every port of herd_core.v.
func TestCoreDescriptionListsEveryFile(t *testing.T) {
	a := datapath.DefaultArch(6, 64, 128, 1, 10, 2, herding.ModeH, false)
	a.Tile = 3
	set, err := sim.ReferenceVectors(dataset.Default(), a, herding.DefaultSeed, 2)
	require.NoError(t, err)
	dir := t.TempDir()
	names, err := rtlgen.Write(dir, set)
	require.NoError(t, err)
	desc, err := os.ReadFile(dir + "/" + rtlgen.CoreDescFile)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(desc), "CAPI=2:\n"))
	var listed []string
	for _, m := range regexp.MustCompile(`(?m)^      - ([^:\s]+)`).FindAllStringSubmatch(string(desc), -1) {
		listed = append(listed, m[1])
		require.FileExists(t, dir+"/"+m[1])
	}
	var want []string
	for _, n := range names {
		if n != rtlgen.CoreDescFile {
			want = append(want, n)
		}
	}
	sort.Strings(listed)
	require.Equal(t, want, listed)

	sheet, err := os.ReadFile(dir + "/" + rtlgen.DatasheetFile)
	require.NoError(t, err)
	core, err := os.ReadFile(dir + "/" + rtlgen.CoreFile)
	require.NoError(t, err)
	ports := regexp.MustCompile(`(?m)^\s+(?:input|output) (?:wire|reg) (?:\[[^\]]+\] )?(\w+)`).FindAllStringSubmatch(string(core), -1)
	require.NotEmpty(t, ports)
	for _, p := range ports {
		require.Contains(t, string(sheet), "| `"+p[1]+"` |")
	}
}
