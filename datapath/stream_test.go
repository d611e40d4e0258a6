package datapath

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the generated tables of the docs")

// hardwareDoc is the reference of the core's hardware, whose stream layout table is
// LayoutDoc's.
const hardwareDoc = "../docs/hardware.md"

// TestDocsLayoutTable: the docs' table of the load and read-back layout is LayoutDoc's,
// rendered from the same table the serializer, the parser and the Verilog take.
func TestDocsLayoutTable(t *testing.T) {
	const begin, end = "<!-- BEGIN datapath.LayoutDoc", "<!-- END datapath.LayoutDoc -->"
	raw, err := os.ReadFile(hardwareDoc)
	require.NoError(t, err)
	doc := string(raw)
	i := strings.Index(doc, begin)
	require.GreaterOrEqual(t, i, 0, "%s: no %q marker", hardwareDoc, begin)
	i += strings.Index(doc[i:], "\n") + 1
	j := strings.Index(doc, end)
	require.Greater(t, j, i, "%s: no %q marker after the begin", hardwareDoc, end)
	if *update {
		require.NoError(t, os.WriteFile(hardwareDoc, []byte(doc[:i]+LayoutDoc()+doc[j:]), 0o644))
		return
	}
	require.Equal(t, LayoutDoc(), doc[i:j],
		"%s's layout table is not datapath.LayoutDoc's: go test ./datapath -run TestDocsLayoutTable -update", hardwareDoc)
}

// TestLayoutDocNamesEveryPart: the table shows every part a stream can have.
func TestLayoutDocNamesEveryPart(t *testing.T) {
	doc := LayoutDoc()
	for _, p := range []string{PartX, PartX0, PartXJ, PartW, PartB, PartC} {
		require.Contains(t, doc, "\n| "+p+" |", p)
	}
}
