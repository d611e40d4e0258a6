// Package docs reads the repository's Markdown and keeps it honest: it resolves every
// relative link and #anchor, extracts the herdsim command lines the docs tell users to run
// (so that a test can parse each against the CLI), and renders the tables of figures that
// are generated from results/ between markers:
//
//	<!-- generated: NAME (make doc-tables) -->
//	...rendered table...
//	<!-- end: NAME -->
//
// It owns the Markdown-level rules only. It must not know the CLI (cmd/herdsim checks the
// command lines it extracts) nor how results are produced (it reads their files).
package docs
