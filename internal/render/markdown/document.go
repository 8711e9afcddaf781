package markdown

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/render/human"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// document is a heading with the title and the rest of the header, and the
// body whole in a fenced block in its language (a page shows all that a
// terminal does), then under --verbose the fields the header leaves out.
func (m Writer) document(d view.Document) {
	rest := inline(m.h.Joined(d.Fields))
	switch {
	case d.Title != "":
		head := "### " + Code(d.Title)
		if rest != "" {
			head += m.g.Sep + rest
		}
		m.o.Line(head)
	case rest != "":
		m.o.Line("_" + rest + "_")
	}
	if d.Text != "" {
		m.o.Gap()
		m.fenced(d.Text, d.Language, format.Lines(d.Text, m.g.Ellipsis), m.untab)
	}
	m.extra(d.Extra, true, "")
}

// diff is a unified diff in a diff block, which GitHub colours.
func (m Writer) diff(d view.Diff) {
	texts := make([]string, len(d.Lines))
	for i, l := range d.Lines {
		texts[i] = l.Text
	}
	// Not trimmed: white space at the end of a line can be the change.
	m.fenced(strings.Join(texts, "\n"), "diff", texts, func(ln string) string { return human.Untab(ln, m.h.San()) })
}

// untab is a line of a text shown whole: safe, tabs expanded, without the
// white space it ends with, which no one sees.
func (m Writer) untab(ln string) string { return strings.TrimRight(human.Untab(ln, m.h.San()), " ") }

// tree is a nested list: names as code, directories in bold with a "/"
// after them, sizes after a separator.
func (m Writer) tree(t view.Tree) {
	if t.Heading != "" {
		m.o.Line(Strong(inline(m.h.Text(t.Heading))))
		m.o.Gap()
	}
	t.EachNode(func(n view.TreeNode, last []bool) {
		name := n.Name
		if n.Dir && !strings.HasSuffix(name, "/") {
			name += "/"
		}
		line := strings.Repeat("  ", len(last)-1) + "- "
		if n.Dir {
			line += Strong(Code(name))
		} else {
			line += Code(name)
		}
		if n.Size != "" {
			line += m.g.Sep + inline(m.h.Text(n.Size))
		}
		m.o.Line(line)
	})
}
