package docs

import (
	"fmt"
	"net/url"
	"os"
	"path"
	"strings"
)

// Problem is one thing wrong in a Markdown file, at a line.
type Problem struct {
	Path string
	Line int
	What string
}

func (p Problem) String() string { return fmt.Sprintf("%s:%d: %s", p.Path, p.Line, p.What) }

// CheckLinks resolves every relative link and #anchor of docs against the files under root
// and the anchors of the loaded docs. A link may not leave the repository (a clone would not
// have its target); links with a scheme (https:, mailto:) are not followed.
func CheckLinks(root string, docs []*Doc) []Problem {
	byPath := map[string]*Doc{}
	for _, d := range docs {
		byPath[d.Path] = d
	}
	var problems []Problem
	for _, d := range docs {
		for _, l := range d.Links {
			if what := checkLink(root, d, l.Dest, byPath); what != "" {
				problems = append(problems, Problem{d.Path, l.Line, what})
			}
		}
	}
	return problems
}

func checkLink(root string, d *Doc, dest string, byPath map[string]*Doc) string {
	if u, err := url.Parse(dest); err == nil && u.Scheme != "" {
		return ""
	}
	file, anchor, _ := strings.Cut(dest, "#")
	file, err := url.PathUnescape(file)
	if err != nil {
		return fmt.Sprintf("link %q: %v", dest, err)
	}
	target := d
	if file != "" {
		rel := path.Clean(path.Join(path.Dir(d.Path), file))
		if rel == ".." || strings.HasPrefix(rel, "../") || path.IsAbs(file) {
			return fmt.Sprintf("link %q leaves the repository", dest)
		}
		if _, err := os.Stat(root + "/" + rel); err != nil {
			return fmt.Sprintf("link %q: no file %s", dest, rel)
		}
		target = byPath[rel]
	}
	if anchor == "" {
		return ""
	}
	if target == nil {
		return fmt.Sprintf("link %q: an #anchor into a file that is not Markdown", dest)
	}
	if !target.Anchors[anchor] {
		return fmt.Sprintf("link %q: %s has no heading with anchor #%s", dest, target.Path, anchor)
	}
	return ""
}
