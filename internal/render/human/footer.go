package human

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/table"
)

// footer writes a summary line. Metadata is dimmed (a warning in its
// tone); totals and one-line results carry the tone of each part, a value
// in a part its own style.
func (h *Writer) footer(f view.Footer) {
	parts, sep := h.footerParts(f)
	h.partsLine(parts, f.Indent, sep)
}

// FooterLine is a footer as one line of text, no styles, no wrapping: the
// Markdown writer's one-line results.
func (h *Writer) FooterLine(f view.Footer) string {
	parts, sep := h.footerParts(f)
	return strings.Join(parts, sep)
}

// footerParts is a footer's parts, styled, and what goes between them: an
// arrow between the steps of a path.
func (h *Writer) footerParts(f view.Footer) ([]string, string) {
	parts := make([]string, len(f.Parts))
	for i, p := range f.Parts {
		parts[i] = h.Part(f.Kind, p)
	}
	if f.Kind == view.Path {
		return parts, " " + h.g.Arrow + " "
	}
	return parts, h.g.Sep
}

// Part is one part of a footer, styled; the Markdown writer's too.
func (h *Writer) Part(kind view.FooterKind, p view.Part) string {
	text := h.text(p.Text)
	if p.Hint != nil {
		if g := h.HintGlyph(p.Hint.Kind); g != "" {
			text = h.tone(p.Hint.Tone).Render(g) + " " + text
		}
	}
	if p.Mark != view.NoMark {
		text = h.Mark(p.Mark) + " " + text
	}
	var cell table.Cell
	if c := p.Cell; c != nil && c.Kind == view.Duration && !h.short(c) {
		// A duration outside a column named for its unit keeps it.
		cell.Text = c.Text + unitSymbol(*c, h.g.Micro)
	} else if c != nil {
		cell = h.cell(*c)
	}
	if kind == view.Meta {
		style := h.th.Faint
		if p.Tone != view.Neutral {
			style = h.tone(p.Tone)
		}
		return style.Render(text + cell.Text)
	}
	return h.tone(p.Tone).Render(text) + cell.Style.Render(cell.Text)
}

// unitSymbol is the symbol of a duration cell's unit.
func unitSymbol(c view.Cell, micro string) string {
	d, _ := format.Duration("1", c.Unit, micro)
	return strings.TrimLeft(d, "0123456789.")
}

// summaryLine joins the parts of a footer with a faint separator and,
// rather than cut what it says, wraps it between parts to stay within the
// width. Parts come styled; widths are measured without their escapes.
func (h *Writer) summaryLine(parts []string, indent int) { h.partsLine(parts, indent, h.g.Sep) }

// partsLine is summaryLine with sep between the parts.
func (h *Writer) partsLine(parts []string, indent int, sep string) {
	pad := blank(indent)
	var line []string
	lineW := indent
	flush := func() {
		if len(line) > 0 {
			h.o.Line(pad + strings.Join(line, h.th.Faint.Render(sep)))
		}
		// Continuation lines hang under the first.
		pad = blank(indent + 2)
		line, lineW = nil, indent+2
	}
	sepW := table.Width(sep)
	// A path's steps wrapped to a new line keep their arrow before the
	// step: a line that starts with one goes on from the line above.
	lead := ""
	if sep != h.g.Sep {
		lead = strings.TrimLeft(sep, " ")
	}
	for _, p := range parts {
		w := table.Width(ansi.Strip(p))
		if len(line) > 0 && h.width > 0 && lineW+sepW+w > h.width {
			flush()
			if lead != "" {
				p, w = h.th.Faint.Render(lead)+p, w+table.Width(lead)
			}
		}
		// One part wider than a line wraps at its spaces, each piece to
		// the room its own line has; the last goes on like any part.
		for h.width > 0 && lineW+w > h.width {
			if len(p) > longPart && len(line) == 0 && lineW == indent+2 {
				// Every line from here has this room: what is left of a
				// long part is wrapped once (longPart).
				rest := strings.Split(wordwrap(p, h.width-lineW), "\n")
				for _, piece := range rest[:len(rest)-1] {
					line = append(line, strings.TrimRight(piece, " "))
					flush()
				}
				p = rest[len(rest)-1]
				w = table.Width(ansi.Strip(p))
				break
			}
			pieces := strings.SplitN(wordwrap(p, h.width-lineW), "\n", 2)
			if len(pieces) < 2 {
				break // no space to break at: the line is cut
			}
			line = append(line, strings.TrimRight(pieces[0], " "))
			flush()
			p = pieces[1]
			w = table.Width(ansi.Strip(p))
		}
		if len(line) > 0 {
			lineW += sepW
		}
		line = append(line, p)
		lineW += w
	}
	flush()
}

// longPart is the length past which a footer's part is wrapped whole,
// once, rather than a line at a time: wrapping what is left for each line
// is quadratic (a list said once in "all:", a megabyte, took minutes).
const longPart = 16 << 10

// wordwrap is ansi.Wordwrap at spaces only: it also breaks at every
// hyphen, which cut a path in two (/tmp/kp-fs- | fixture/…) where the
// next line had room for it whole. Hyphens are kept from it as
// non-breaking ones while it wraps (unless the text has those already).
func wordwrap(s string, limit int) string {
	const nbHyphen = "\u2011"
	if !strings.Contains(s, "-") || strings.Contains(s, nbHyphen) {
		return ansi.Wordwrap(s, limit, " ")
	}
	w := ansi.Wordwrap(strings.ReplaceAll(s, "-", nbHyphen), limit, " ")
	for ln := range strings.SplitSeq(w, "\n") {
		if ansi.StringWidth(ln) > limit {
			// A word longer than a line (an id on a narrow screen):
			// broken at its hyphens, as before, rather than cut.
			return ansi.Wordwrap(s, limit, " ")
		}
	}
	return strings.ReplaceAll(w, nbHyphen, "-")
}
