package human

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/khive-ai/khive-pretty/table"
)

// tabStop is where a tab in a text shown whole moves on to: the next
// multiple of 8 columns, as a terminal and cat have it.
const tabStop = 8

// Untab makes one line of untrusted text safe for a terminal (as f says),
// its tabs
// expanded to the next tab stop (columns counted on the safe text, so an
// escape takes the room it is shown in). For the Markdown writer's fences
// too.
func Untab(ln string, f sanitize.Flags) string {
	if strings.IndexByte(ln, '\t') < 0 {
		return sanitize.String(ln, f)
	}
	var b strings.Builder
	col := 0
	for i, seg := range strings.Split(ln, "\t") {
		if i > 0 {
			n := tabStop - col%tabStop
			b.WriteString(blank(n))
			col += n
		}
		s := sanitize.String(seg, f)
		b.WriteString(s)
		col += table.Width(s)
	}
	return b.String()
}

// hangingBy breaks one safe line to the width: its leading spaces stay
// (at most half a line of them, for deep indents in a narrow terminal),
// the first piece follows them, and the further pieces hang columns in.
func (h *Writer) hangingBy(ln string, hang int) (lead string, segs []string) {
	trimmed := strings.TrimLeft(ln, " ")
	lead = ln[:len(ln)-len(trimmed)]
	if h.width > 0 && len(lead) > h.width/2 {
		lead = lead[:h.width/2]
	}
	segs = []string{trimmed}
	if h.width > 0 {
		segs = wrapText(trimmed, h.width-len(lead))
		if len(segs) > 1 {
			rest := wrapText(strings.Join(segs[1:], " "), h.width-len(lead)-hang)
			segs = append(segs[:1], rest...)
		}
	}
	return lead, segs
}

// textLine writes one line of a text shown whole (a document, a diff):
// tabs expanded, wrapped rather than cut, in style.
func (h *Writer) textLine(raw string, style theme.Style) {
	lead, segs := h.hangingBy(Untab(raw, h.San()), 2)
	for i, seg := range segs {
		seg = strings.TrimRight(seg, " ")
		switch {
		case seg == "":
			h.o.Line("")
		case i == 0:
			h.o.Line(lead + style.Render(seg))
		default:
			h.o.Line(lead + "  " + style.Render(seg))
		}
	}
}

// listMarker is how wide the marker of a Markdown list item is ("- ",
// "* ", "12. "), where ln (without its indent) starts one; else 0.
func listMarker(ln string) int {
	if len(ln) > 2 && strings.IndexByte("-*+", ln[0]) >= 0 && ln[1] == ' ' {
		return 2
	}
	if strings.HasPrefix(ln, "• ") {
		return 2
	}
	i := 0
	for i < len(ln) && i < 4 && ln[i] >= '0' && ln[i] <= '9' {
		i++
	}
	if i > 0 && i+1 < len(ln) && (ln[i] == '.' || ln[i] == ')') && ln[i+1] == ' ' {
		return i + 2
	}
	return 0
}

// spaces is what blank cuts its runs of spaces from.
const spaces = "                                                                                                                                "

// blank is n spaces, without making them for a short run (a record's
// every line is padded).
func blank(n int) string {
	if n >= 0 && n <= len(spaces) {
		return spaces[:n]
	}
	return strings.Repeat(" ", n)
}
