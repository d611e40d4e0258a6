// Command doctables renders the tables of figures in the repository's Markdown from the
// files under results/ (`make doc-tables`): every region between
// `<!-- generated: NAME (make doc-tables) -->` and `<!-- end: NAME -->` markers. It
// rewrites only the files whose text changes, each all or nothing, and names them.
//
// Usage: go run ./scripts/doctables [ROOT]   (ROOT: the repository root, default ".")
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"herdsim/internal/atomicfile"
	"herdsim/internal/docs"
)

func main() {
	root := "."
	if len(os.Args) > 1 {
		root = os.Args[1]
	}
	if err := run(root); err != nil {
		fmt.Fprintln(os.Stderr, "doctables:", err)
		os.Exit(2)
	}
}

func run(root string) error {
	all, err := docs.LoadAll(root)
	if err != nil {
		return err
	}
	for _, d := range all {
		fresh, err := docs.Render(root, d.Source)
		if err != nil {
			return fmt.Errorf("%s: %w", d.Path, err)
		}
		if bytes.Equal(fresh, d.Source) {
			continue
		}
		if err := atomicfile.WriteBytes(filepath.Join(root, d.Path), fresh); err != nil {
			return err
		}
		fmt.Println("doctables: rendered", d.Path)
	}
	return nil
}
