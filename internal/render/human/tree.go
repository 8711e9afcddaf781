package human

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/table"
)

// treeRow is one line of a tree before it is laid out.
type treeRow struct {
	prefix string // the tree's lines: "│   └── "
	name   string // safe text, "/" after a directory's
	dir    bool
	size   string
}

// tree writes a listing: the top level flush left, what a directory holds
// under it with tree lines, directories in bold with a "/" after their
// name, sizes (when there are any) right-aligned in a column of their own.
// A name too long for the width is cut, never a size.
func (h *Writer) tree(t view.Tree) {
	if t.Heading != "" {
		h.o.Line(h.th.Bold.Render(h.text(t.Heading)))
	}
	var rows []treeRow
	nameW, sizeW := 0, 0
	t.EachNode(func(n view.TreeNode, last []bool) {
		r := treeRow{prefix: h.treePrefix(last), name: h.text(n.Name), dir: n.Dir, size: h.text(n.Size)}
		if n.Dir && !strings.HasSuffix(r.name, "/") {
			r.name += "/"
		}
		nameW = max(nameW, table.Width(r.prefix)+table.Width(r.name))
		sizeW = max(sizeW, table.Width(r.size))
		rows = append(rows, r)
	})
	gap := 0
	if sizeW > 0 {
		gap = 2
	}
	if h.width > 0 {
		nameW = min(nameW, max(h.width-gap-sizeW, 1))
	}
	for _, r := range rows {
		name := r.name
		if h.width > 0 {
			name = table.Cut(name, nameW-table.Width(r.prefix), h.g.Ellipsis)
		}
		line := h.th.Faint.Render(r.prefix)
		if r.dir {
			line += h.th.Bold.Render(name)
		} else {
			line += name
		}
		if r.size != "" {
			pad := nameW - table.Width(r.prefix) - table.Width(name) + gap + sizeW - table.Width(r.size)
			line += blank(max(pad, 1)) + r.size
		}
		h.o.Line(line)
	}
}

// treePrefix draws the lines before an entry: for each level above its
// own (the top level draws none), a line that goes on or a blank, then
// the entry's own branch.
func (h *Writer) treePrefix(last []bool) string {
	if len(last) < 2 {
		return ""
	}
	var b strings.Builder
	for _, l := range last[1 : len(last)-1] {
		if l {
			b.WriteString(h.g.TreeOff)
		} else {
			b.WriteString(h.g.TreeOn)
		}
	}
	if last[len(last)-1] {
		b.WriteString(h.g.TreeLast)
	} else {
		b.WriteString(h.g.TreeItem)
	}
	return b.String()
}
