package human

import (
	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/table"
)

// messages writes a conversation: each role as a label in bold, its text
// beside it, wrapped and never cut; content that is not text named in a
// dimmed line.
func (h *Writer) messages(ms view.Messages) {
	roleW := 0
	for _, m := range ms.Messages {
		roleW = max(roleW, table.Width(h.text(m.Role)))
	}
	col := ms.Indent + roleW + 2
	for _, m := range ms.Messages {
		role := h.text(m.Role)
		label := blank(ms.Indent) + h.th.Bold.Render(role)
		note := h.Joined(m.Note)
		lines := func(at int) []string {
			return append(h.wrapLines(note, at, h.th.Faint), h.wrapLines(m.Text, at, theme.Style{})...)
		}
		h.beside(label, ms.Indent+table.Width(role), col, ms.Indent+2, lines(col), lines(ms.Indent+2))
		h.extra(m.Extra, ms.Indent+2)
	}
}
