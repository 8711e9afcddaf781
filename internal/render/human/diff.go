package human

import (
	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// diff writes a unified diff line by line, coloured as git colours one:
// added lines green, removed red, hunk heads in the accent, file headers
// bold. Lines wrap rather than be cut.
func (h *Writer) diff(d view.Diff) {
	for _, l := range d.Lines {
		h.textLine(l.Text, h.diffStyle(l.Kind))
	}
}

func (h *Writer) diffStyle(k view.DiffKind) theme.Style {
	switch k {
	case view.DiffAdded:
		return h.tone(view.Good)
	case view.DiffRemoved:
		return h.tone(view.Bad)
	case view.DiffHunk:
		return h.tone(view.Accent)
	case view.DiffHeader:
		return h.th.Bold
	case view.DiffNote:
		return h.th.Faint
	}
	return theme.Style{}
}
