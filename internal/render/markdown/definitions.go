package markdown

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// textBlock writes text for people as a tool's prose is written: one
// line as a paragraph, more in a text block that keeps their breaks.
func (m Writer) textBlock(text string) {
	m.o.Gap()
	m.prose(view.Prose{Text: text})
}

// heading is a line in bold, its aside after it.
func (m Writer) heading(hd view.Heading) {
	text := inline(m.h.Text(hd.Text))
	if mark := m.h.Mark(hd.Mark); mark != "" {
		text = mark + " " + text
	}
	line := Strong(text)
	if hd.Aside != "" {
		line += m.g.Sep + inline(m.h.Text(hd.Aside))
	}
	m.o.Line(line)
}

// definition is a section: "**name** — Title · ⊙ read-only", the
// description as a paragraph (a text block when it has several lines),
// the params as a bullet list, what it returns, and under
// --verbose every other field.
func (m Writer) definition(d view.Definition) {
	var head []string
	if d.Name != "" {
		head = append(head, Strong(inline(m.h.Text(d.Name))))
	}
	if d.Title != "" {
		head = append(head, inline(m.h.Text(d.Title)))
	}
	line := strings.Join(head, " "+m.g.Dash+" ")
	for _, hi := range d.Hints {
		text := inline(m.h.Text(hi.Text))
		if g := m.h.HintGlyph(hi.Kind); g != "" {
			text = g + " " + text
		}
		if line != "" {
			line += m.g.Sep
		}
		line += text
	}
	if line != "" {
		m.o.Line(line)
	}
	if strings.TrimSpace(d.Description) != "" {
		m.o.Gap()
		m.textBlock(d.Description)
	}
	if len(d.Params) > 0 {
		m.o.Gap()
		m.params(d.Params, "")
	}
	if d.Returns != "" {
		m.o.Gap()
		// Text, not code: a union's | would show its escape in a code span.
		m.o.Line(m.g.Arrow + " " + inline(m.cut(m.h.Text(d.Returns))))
	}
	m.extra(d.Extra, true, "")
}

// params are a bullet list, "`name` · type · required — description ·
// one of `a`, `b`", an object's fields nested under it.
func (m Writer) params(ps []view.Param, indent string) {
	for _, p := range ps {
		parts := []string{Code(format.Bound(p.Name, m.g.Ellipsis))}
		if p.Type != "" {
			parts = append(parts, inline(m.h.Text(p.Type)))
		}
		if p.Required {
			parts = append(parts, "required")
		} else {
			parts = append(parts, "optional")
		}
		line := strings.Join(parts, m.g.Sep)
		var texts []string
		for _, t := range []string{p.Title, p.Description} {
			if t != "" {
				texts = append(texts, inline(m.h.Text(t)))
			}
		}
		if len(texts) > 0 {
			line += " " + m.g.Dash + " " + strings.Join(texts, " "+m.g.Dash+" ")
		}
		for _, f := range p.Facts {
			line += m.g.Sep + m.fact(f)
		}
		m.o.Line(indent + "- " + line)
		m.params(p.Params, indent+"  ")
	}
}

// fact is "one of `a` (Label), `b`": each value as code, exactly.
func (m Writer) fact(f view.Fact) string {
	vals := make([]string, len(f.Values))
	for i, v := range f.Values {
		vals[i] = Code(format.Bound(v.Text, m.g.Ellipsis))
		if v.Label != "" {
			vals[i] += " (" + inline(m.h.Text(v.Label)) + ")"
		}
	}
	return strings.TrimSpace(inline(m.h.Text(f.Label)) + " " + strings.Join(vals, ", "))
}

// messages are each a paragraph led by the role in bold; a text of
// several lines in a text block under it; content that is not text named
// in italics.
func (m Writer) messages(ms view.Messages) {
	for i, msg := range ms.Messages {
		if i > 0 {
			m.o.Gap()
		}
		lead := Strong(inline(m.h.Text(msg.Role)) + ":")
		text := strings.TrimRight(strings.ReplaceAll(msg.Text, "\r\n", "\n"), "\n")
		note := ""
		if len(msg.Note) > 0 {
			note = "_" + inline(m.h.Text(strings.Join(msg.Note, m.g.Sep))) + "_"
		}
		if note != "" && text != "" {
			// What the text is (an embedded resource) comes before it.
			m.o.Line(lead + " " + note)
			m.o.Gap()
			lead, note = "", ""
		}
		switch {
		case strings.Contains(text, "\n") || lead == "" && text != "":
			if lead != "" {
				m.o.Line(lead)
				m.o.Gap()
			}
			m.textBlock(text)
		case text != "":
			m.o.Line(lead + " " + m.h.Text(text))
		default:
			m.o.Line(strings.TrimSpace(lead + " " + note))
		}
		m.extra(msg.Extra, true, "")
	}
}
