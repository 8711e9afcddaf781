package human

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/table"
)

// document writes a text sent whole: its header (the title in bold, the
// rest dimmed), then every line of the body, tabs expanded, wrapped rather
// than cut; under --verbose the fields the header leaves out.
func (h *Writer) document(d view.Document) {
	h.docHeader(d)
	if d.Text != "" {
		for _, ln := range format.Lines(d.Text, h.g.Ellipsis) {
			h.textLine(ln, theme.Style{})
		}
	}
	h.extra(d.Extra, 2)
}

// Joined is texts, each as a line shows it, joined by the separator;
// the Markdown writer's too.
func (h *Writer) Joined(texts []string) string {
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = h.text(t)
	}
	return strings.Join(out, h.g.Sep)
}

// docHeader is "uri · text/plain · 62 B" on one line when it fits; else
// the title wraps (a path is never cut) and the rest follows, indented.
func (h *Writer) docHeader(d view.Document) {
	title, rest := h.text(d.Title), h.Joined(d.Fields)
	switch {
	case title == "" && rest == "":
		return
	case title == "":
		h.o.Line(h.th.Faint.Render(rest))
		return
	case rest == "":
	case h.width <= 0 || table.Width(title)+table.Width(h.g.Sep)+table.Width(rest) <= h.width:
		h.o.Line(h.th.Bold.Render(title) + h.th.Faint.Render(h.g.Sep+rest))
		return
	}
	for _, ln := range wrapText(title, h.width) {
		h.o.Line(h.th.Bold.Render(ln))
	}
	if rest != "" {
		for _, ln := range wrapText(rest, h.width-2) {
			h.o.Line("  " + h.th.Faint.Render(ln))
		}
	}
}
