package human

import (
	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// diff writes a unified diff line by line, coloured as git colours one:
// added lines green, removed red, hunk heads in the accent, file headers
// bold. Lines wrap rather than be cut.
func (h *Writer) diff(d view.Diff) {
	styles := [...]theme.Style{view.DiffAdded: h.tone(view.Good), view.DiffRemoved: h.tone(view.Bad),
		view.DiffHunk: h.tone(view.Accent), view.DiffHeader: h.th.Bold, view.DiffNote: h.th.Faint}
	for _, l := range d.Lines {
		h.textLine(l.Text, styles[l.Kind])
	}
}
