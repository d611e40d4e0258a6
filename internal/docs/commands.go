package docs

import (
	"fmt"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// CommandLine is one herdsim invocation a doc shows: its arguments after the program name.
// Complete is true for lines from fenced shell blocks (meant to be run as written: their
// flag values must parse); inline code spans may use placeholders such as `--hidden K`.
type CommandLine struct {
	Path     string
	Line     int
	Args     []string
	Complete bool
}

// Commands extracts every herdsim command line from d: the calls of `herdsim` or
// `bin/herdsim` in fenced sh/bash/shell blocks and inline code spans that start with
// "herdsim " or "bin/herdsim ". Shell syntax is parsed as a shell would (quotes, line
// continuations, comments, redirections, pipes and `&`); a word with an expansion keeps
// its text ("$out/rtl").
func Commands(d *Doc) ([]CommandLine, []Problem) {
	var lines []CommandLine
	var problems []Problem
	for _, c := range d.Code {
		if !isShell(c) {
			continue
		}
		calls, err := herdsimCalls(c.Text)
		if err != nil {
			if c.Fenced {
				problems = append(problems, Problem{d.Path, c.Line, fmt.Sprintf("shell block does not parse: %v", err)})
			}
			continue
		}
		for _, call := range calls {
			lines = append(lines, CommandLine{Path: d.Path, Line: c.Line + call.line - 1, Args: call.args, Complete: c.Fenced})
		}
	}
	return lines, problems
}

func isShell(c Code) bool {
	if c.Fenced {
		switch c.Lang {
		case "sh", "bash", "shell", "console":
			return true
		}
		return false
	}
	return strings.HasPrefix(c.Text, "herdsim ") || strings.HasPrefix(c.Text, "bin/herdsim ")
}

type call struct {
	line int
	args []string
}

func herdsimCalls(script string) ([]call, error) {
	f, err := syntax.NewParser().Parse(strings.NewReader(script), "")
	if err != nil {
		return nil, err
	}
	var calls []call
	syntax.Walk(f, func(n syntax.Node) bool {
		ce, ok := n.(*syntax.CallExpr)
		if !ok || len(ce.Args) == 0 || path.Base(wordText(ce.Args[0])) != "herdsim" {
			return true
		}
		c := call{line: int(ce.Pos().Line())}
		for _, w := range ce.Args[1:] {
			c.args = append(c.args, wordText(w))
		}
		calls = append(calls, c)
		return true
	})
	return calls, nil
}

// wordText is a word as the shell would pass it when it has no expansion, else its source.
func wordText(w *syntax.Word) string {
	if lit := w.Lit(); lit != "" {
		return lit
	}
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				writePart(&b, q)
			}
		default:
			writePart(&b, p)
		}
	}
	return b.String()
}

func writePart(b *strings.Builder, p syntax.WordPart) {
	if lit, ok := p.(*syntax.Lit); ok {
		b.WriteString(lit.Value)
		return
	}
	_ = syntax.NewPrinter().Print(b, p)
}
