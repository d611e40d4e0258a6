package docs

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// Doc is one Markdown file as the checks see it.
type Doc struct {
	Path    string          // relative to the repository root, with forward slashes
	Source  []byte          // the file's bytes
	Anchors map[string]bool // the #anchors its headings define, by GitHub's rules
	Links   []Link          // every link and image destination, in order
	Code    []Code          // fenced code blocks and inline code spans, in order
}

// Link is a link or image destination and the line it is on.
type Link struct {
	Dest string
	Line int
}

// Code is a fenced code block (Fenced, with its info string's language) or an inline code
// span, and the line it starts on.
type Code struct {
	Text   string
	Lang   string
	Fenced bool
	Line   int
}

var markdown = goldmark.New(goldmark.WithExtensions(extension.GFM))

// Load reads and parses root/rel.
func Load(root, rel string) (*Doc, error) {
	src, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		return nil, err
	}
	d := &Doc{Path: filepath.ToSlash(rel), Source: src, Anchors: map[string]bool{}}
	tree := markdown.Parser().Parse(text.NewReader(src))
	slugs := map[string]int{}
	after := map[string]int{} // where to look for the next link to the same destination
	err = ast.Walk(tree, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			d.Anchors[uniqueSlug(slugs, Anchor(plainText(n, src)))] = true
		case *ast.Link:
			d.Links = append(d.Links, Link{string(n.Destination), lineOfDest(src, n.Destination, after)})
		case *ast.Image:
			d.Links = append(d.Links, Link{string(n.Destination), lineOfDest(src, n.Destination, after)})
		case *ast.FencedCodeBlock:
			d.Code = append(d.Code, Code{Text: string(n.Lines().Value(src)), Lang: string(n.Language(src)), Fenced: true, Line: lineOf(src, n.Lines().At(0).Start)})
		case *ast.CodeSpan:
			d.Code = append(d.Code, Code{Text: plainText(n, src), Line: lineOfNode(n, src)})
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return d, err
}

// LoadAll loads every Markdown file under root that is part of the project: it skips
// hidden folders and out/ (generated output).
func LoadAll(root string) ([]*Doc, error) {
	var rels []string
	err := filepath.WalkDir(root, func(path string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if e.IsDir() && rel != "." && (strings.HasPrefix(e.Name(), ".") || rel == "out" || rel == "bin") {
			return filepath.SkipDir
		}
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".md") {
			rels = append(rels, rel)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(rels)
	docs := make([]*Doc, 0, len(rels))
	for _, rel := range rels {
		d, err := Load(root, rel)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", rel, err)
		}
		docs = append(docs, d)
	}
	return docs, nil
}

// Anchor is the #anchor GitHub gives a heading with this text: lower case, spaces to
// hyphens, every character that is not a letter, digit, hyphen or underscore dropped.
func Anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// uniqueSlug numbers repeated headings as GitHub does: the second "x" is "x-1".
func uniqueSlug(seen map[string]int, slug string) string {
	n := seen[slug]
	seen[slug] = n + 1
	if n == 0 {
		return slug
	}
	return fmt.Sprintf("%s-%d", slug, n)
}

// plainText is the text of n's inline content, code spans included (without backticks).
func plainText(n ast.Node, src []byte) string {
	var b bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			switch t := c.(type) {
			case *ast.Text:
				b.Write(t.Segment.Value(src))
				if t.SoftLineBreak() || t.HardLineBreak() {
					b.WriteByte(' ')
				}
			case *ast.String:
				b.Write(t.Value)
			}
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

func lineOf(src []byte, offset int) int { return bytes.Count(src[:offset], []byte("\n")) + 1 }

// lineOfNode is the line of n's first text segment (0 when it has none).
func lineOfNode(n ast.Node, src []byte) int {
	line := 0
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering && line == 0 {
			line = lineOf(src, t.Segment.Start)
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return line
}

// lineOfDest finds the line of a link destination in the source ("](dest"), after the
// links to it already found: goldmark keeps no positions for links.
func lineOfDest(src, dest []byte, after map[string]int) int {
	from := after[string(dest)]
	if i := bytes.Index(src[from:], append([]byte("]("), dest...)); i >= 0 {
		after[string(dest)] = from + i + 2
		return lineOf(src, from+i)
	}
	return 0
}
