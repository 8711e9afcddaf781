package human

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/table"
)

// minText is the narrowest column a text gets beside its label (a
// param's name, a message's role); narrower, it goes under the label.
const minText = 28

// heading writes a line that says what follows, bold in its tone, its
// aside dimmed after it; too wide for a line, it wraps.
func (h *Writer) heading(hd view.Heading) {
	text := h.text(hd.Text)
	if m := h.Mark(hd.Mark); m != "" {
		text = m + " " + text
	}
	style := h.tone(hd.Tone)
	segs := hanging(text, h.width, 2)
	aside := h.text(hd.Aside)
	last := segs[len(segs)-1]
	lastW := table.Width(last)
	if len(segs) > 1 {
		lastW += 2
	}
	for i, seg := range segs {
		lead := ""
		if i > 0 {
			lead = "  "
		}
		line := lead + style.Render(h.th.Bold.Render(seg))
		if i == len(segs)-1 && aside != "" && (h.width <= 0 || lastW+2+table.Width(aside) <= h.width) {
			line += "  " + h.th.Faint.Render(aside)
			aside = ""
		}
		h.o.Line(line)
	}
	if aside != "" {
		h.o.Line("  " + h.th.Faint.Render(aside))
	}
}

// hanging wraps text to w columns, its further lines indented by hang.
func hanging(text string, w, hang int) []string {
	segs := wrapText(text, w)
	if len(segs) > 1 && w > hang {
		return append(segs[:1], wrapText(strings.Join(segs[1:], " "), w-hang)...)
	}
	return segs
}

// definition writes a tool or a prompt: its name in bold, its title and
// the behaviours it declares on the same line; under it the description,
// wrapped, the params one a line, and what it returns, cut to the width.
// A definition without a name (a form) is its description and params.
func (h *Writer) definition(d view.Definition) {
	body := d.Indent
	if d.Name != "" || d.Title != "" || len(d.Hints) > 0 {
		h.definitionHead(d)
		body += 2
	}
	for _, ln := range h.wrapLines(d.Description, body, theme.Style{}) {
		h.o.Line(blank(body) + ln)
	}
	h.params(d.Params, body)
	if d.Returns != "" {
		line := h.g.Arrow + " " + h.text(d.Returns)
		if h.width > 0 {
			line = table.Cut(line, h.width-body, h.g.Ellipsis)
		}
		h.o.Line(blank(body) + h.th.Faint.Render(line))
	}
	h.extra(d.Extra, body)
}

// definitionHead is "name  Title  ⊙ read-only · ↻ idempotent": what does
// not fit goes on lines of its own, indented, wrapped rather than cut.
func (h *Writer) definitionHead(d view.Definition) {
	pad := blank(d.Indent)
	var line strings.Builder
	line.WriteString(pad)
	lineW := d.Indent
	started := false
	flush := func() {
		h.o.Line(line.String())
		line.Reset()
		line.WriteString(pad + "  ")
		lineW, started = d.Indent+2, false
	}
	// add puts a piece on the line, or on the next one when it does not
	// fit; a piece wider than any line wraps.
	add := func(text string, style theme.Style) {
		w := table.Width(text)
		if started && h.width > 0 && lineW+2+w > h.width {
			flush()
		}
		if started {
			line.WriteString("  ")
			lineW += 2
		}
		segs := []string{text}
		if h.width > 0 && lineW+w > h.width {
			segs = wrapText(text, h.width-lineW)
		}
		for i, seg := range segs {
			if i > 0 {
				flush()
			}
			line.WriteString(style.Render(seg))
			lineW += table.Width(seg)
		}
		started = true
	}
	if d.Name != "" {
		add(h.text(d.Name), h.th.Bold)
	}
	if d.Title != "" {
		add(h.text(d.Title), theme.Style{})
	}
	if len(d.Hints) == 0 {
		h.o.Line(line.String())
		return
	}
	hints := make([]string, len(d.Hints))
	plain := make([]string, len(d.Hints))
	for i, hi := range d.Hints {
		plain[i] = h.text(hi.Text)
		if g := h.HintGlyph(hi.Kind); g != "" {
			plain[i] = g + " " + plain[i]
		}
		hints[i] = h.tone(hi.Tone).Render(plain[i])
	}
	all := strings.Join(plain, h.g.Sep)
	if !started || h.width <= 0 || lineW+2+table.Width(all) <= h.width {
		if started {
			line.WriteString("  ")
		}
		line.WriteString(strings.Join(hints, h.th.Faint.Render(h.g.Sep)))
		h.o.Line(line.String())
		return
	}
	h.o.Line(line.String())
	h.summaryLine(hints, d.Indent+2)
}

// HintGlyph is the glyph of a declared behaviour; "" for words alone.
func (h *Writer) HintGlyph(k view.HintKind) string {
	return [...]string{view.ReadOnly: h.g.ReadOnly, view.Destructive: h.g.Destructive, view.Idempotent: h.g.Idempotent, view.OpenWorld: h.g.OpenWorld}[k]
}

// params writes params one a line, "name  type  required  description",
// in aligned columns; the facts (choices, default, bounds) dimmed under
// the description; the fields of an object indented under it. A name too
// long for its column has a line of its own, the rest aligned under it.
func (h *Writer) params(ps []view.Param, indent int) {
	if len(ps) == 0 {
		return
	}
	nameCap := 0
	if h.width > 0 {
		nameCap = max(16, (h.width-indent)/4)
	}
	nameW, typeW := 0, 0
	for _, p := range ps {
		if w := table.Width(h.text(p.Name)); nameCap == 0 || w <= nameCap {
			nameW = max(nameW, w)
		}
		typeW = max(typeW, table.Width(h.text(p.Type)))
	}
	const flagW = len("required")
	c := paramCols{indent: indent, name: nameW, typ: typeW, text: indent + nameW + 2 + flagW + 2}
	if typeW > 0 {
		c.text += typeW + 2
	}
	// Too narrow for the columns: each param's parts on lines of their own.
	narrow := h.width > 0 && c.text-2 > h.width
	for _, p := range ps {
		h.param(p, c, narrow)
		h.params(p.Params, indent+2)
	}
}

// paramCols are where a list of params puts its columns: the indent, the
// widths of names and types, the column of the text.
type paramCols struct{ indent, name, typ, text int }

// param writes one param in its columns, its text beside them, or, when
// narrow, its name, then its type and flag, then its text, each on lines
// of their own.
func (h *Writer) param(p view.Param, c paramCols, narrow bool) {
	name, typ := h.text(p.Name), h.text(p.Type)
	pad := blank(c.indent)
	flag := h.th.Faint.Render("optional")
	if p.Required {
		flag = h.th.Bold.Render("required")
	}
	text := p.Title + p.Description
	if p.Title != "" && p.Description != "" {
		text = p.Title + " " + h.g.Dash + " " + p.Description
	}
	lines := func(col int) []string {
		return append(h.wrapLines(text, col, theme.Style{}), h.packLines(h.facts(p.Facts), col, h.th.Faint)...)
	}
	w := table.Width(name)
	if narrow || w > c.name {
		// The name on lines of its own, wrapped rather than cut.
		for _, seg := range wrapText(name, h.width-c.indent) {
			h.o.Line(pad + h.th.Key.Render(seg))
		}
	}
	if narrow {
		under := pad + "    "
		meta := flag
		if typ != "" {
			meta = h.tone(view.Accent).Render(typ) + "  " + flag
		}
		h.o.Line(under + meta)
		for _, ln := range lines(c.indent + 4) {
			h.o.Line(under + ln)
		}
		return
	}
	head := pad + blank(c.name+2)
	if w <= c.name {
		head = pad + h.th.Key.Render(name) + blank(c.name-w+2)
	}
	if c.typ > 0 {
		head += h.tone(view.Accent).Render(typ) + blank(c.typ-table.Width(typ)+2)
	}
	h.beside(head+flag, c.text-2, c.text, c.indent+4, lines(c.text), lines(c.indent+4))
}

// facts is a param's facts, each as one piece: "one of a, b", "default a".
func (h *Writer) facts(fs []view.Fact) []string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		vals := make([]string, len(f.Values))
		for j, v := range f.Values {
			vals[j] = v.Text
			if v.Label != "" {
				vals[j] += " (" + v.Label + ")"
			}
		}
		parts[i] = h.text(strings.TrimSpace(f.Label + " " + strings.Join(vals, ", ")))
	}
	return parts
}

// packLines puts pieces of sanitised text on lines that start at column
// col, joined by the separator, breaking between pieces (inside one only
// when it is wider than a line), styled.
func (h *Writer) packLines(pieces []string, col int, style theme.Style) []string {
	w := 0
	if h.width > 0 {
		w = max(h.width-col, minValueW)
	}
	var out []string
	cur := ""
	for _, p := range pieces {
		switch {
		case cur == "":
			cur = p
		case w > 0 && table.Width(cur)+table.Width(h.g.Sep)+table.Width(p) > w:
			out = append(out, cur)
			cur = p
		default:
			cur += h.g.Sep + p
			continue
		}
		if segs := wrapText(cur, w); len(segs) > 1 {
			out = append(out, segs[:len(segs)-1]...)
			cur = segs[len(segs)-1]
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	for i, ln := range out {
		out[i] = style.Render(ln)
	}
	return out
}

// beside writes a label (headW columns wide, styled) and lines of text:
// the first text line beside the label at column col, the others under
// it; when that column is too narrow, the label alone and the lines
// under it (stacked, wrapped at column under).
func (h *Writer) beside(label string, headW, col, under int, lines, stacked []string) {
	if h.width > 0 && h.width-col < minText {
		h.o.Line(label)
		for _, ln := range stacked {
			h.o.Line(blank(under) + ln)
		}
		return
	}
	if len(lines) == 0 {
		h.o.Line(label)
		return
	}
	h.o.Line(label + blank(max(col-headW, 0)) + lines[0])
	for _, ln := range lines[1:] {
		h.o.Line(blank(col) + ln)
	}
}

// wrapLines is text for people as lines that start at column col: each
// of its lines sanitised and wrapped to the width (never cut), its
// leading spaces kept, styled; trailing blank lines dropped.
func (h *Writer) wrapLines(text string, col int, style theme.Style) []string {
	text = strings.TrimRight(strings.ReplaceAll(format.Bound(text, h.g.Ellipsis), "\r\n", "\n"), " \n")
	if text == "" {
		return nil
	}
	var out []string
	for _, ln := range strings.Split(text, "\n") {
		ln = strings.TrimRight(sanitize.String(ln, h.San()), " ")
		trimmed := strings.TrimLeft(ln, " ")
		lead := ln[:len(ln)-len(trimmed)]
		w := 0
		if h.width > 0 {
			if room := max((h.width-col)/2, 0); len(lead) > room {
				lead = lead[:room] // deep indents in a narrow column
			}
			w = max(h.width-col-len(lead), minValueW)
		}
		segs := wrapText(trimmed, w)
		hang := ""
		if m := listMarker(trimmed); m > 0 && len(segs) > 1 && w > m+minValueW {
			// A list item's further lines under its text, not its marker.
			segs = append(segs[:1], wrapText(strings.Join(segs[1:], " "), w-m)...)
			hang = blank(m)
		}
		for i, seg := range segs {
			if i > 0 {
				seg = hang + seg
			}
			out = append(out, lead+style.Render(seg))
		}
	}
	return out
}
