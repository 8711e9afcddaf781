package human

import (
	"strconv"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/table"
)

// errorBlock writes a failure so that it stands out: ✗, the tool, the
// kind, the message in full, then every detail, nothing shortened.
func (h *Writer) errorBlock(e view.Error) {
	mark, style, kindStyle := h.g.ErrorMark, h.th.ErrorTitle, h.tone(view.Bad)
	if e.Aborted {
		mark, style = h.g.AbortMark, h.tone(view.Warn)
		kindStyle = style
	}
	num, numW := "", 0
	if e.Number != "" {
		num, numW = h.th.Faint.Render("#"+e.Number)+" ", table.Width(e.Number)+2
	}
	tool := h.text(e.Tool)
	if tool == "" {
		tool = "error"
	}
	head := mark + " " + tool
	body := 2
	kindText := h.text(e.Kind)
	oneLine := numW + table.Width(head)
	if e.Kind != "" {
		oneLine += 2 + table.Width(kindText)
	}
	if h.width <= 0 || oneLine <= h.width {
		title := num + style.Render(head)
		if e.Kind != "" {
			title += "  " + kindStyle.Render(kindText)
			if e.Aborted {
				title = num + style.Render(head+"  "+kindText)
			}
		}
		h.o.Line(strings.TrimRight(title, " "))
	} else {
		// Too wide for one line, and an error is never cut: the tool wraps
		// after the number, the kind gets lines of its own under it.
		for i, ln := range wrapText(head, h.width-numW) {
			lead := num
			if i > 0 {
				lead = blank(numW)
			}
			h.o.Line(lead + style.Render(ln))
		}
		if e.Kind != "" {
			for _, ln := range wrapText(kindText, h.width-body) {
				h.o.Line(blank(body) + kindStyle.Render(ln))
			}
		}
	}
	if e.Message != "" {
		for _, ln := range strings.Split(strings.ReplaceAll(format.Bound(e.Message, h.g.Ellipsis), "\r\n", "\n"), "\n") {
			// A line's own indent (a validation error's nested fields)
			// holds for the lines it wraps into.
			text := strings.TrimLeft(ln, " ")
			indent := len(ln) - len(text)
			if h.width > 0 {
				indent = min(indent, max(h.width-body-minValueW, 0))
			}
			pad := blank(body + indent)
			for _, part := range wrapText(sanitize.String(text, h.San()), h.width-len(pad)) {
				h.o.Line(strings.TrimRight(pad+part, " "))
			}
		}
	}
	if e.Details != nil && len(e.Details.Fields) > 0 {
		h.record(*e.Details, body)
	}
}

// items writes a numbered list under its heading: "1. Graphiti
// [Framework] — summary", the summary cut at a word to the width.
func (h *Writer) items(it view.Items) error {
	if it.Heading != "" {
		h.o.Line(h.th.Bold.Render(h.text(it.Heading)))
	}
	n := len(it.Entries)
	if it.Pad > 0 {
		n = it.Pad
	}
	numW := len(strconv.Itoa(n)) + 2
	for i, e := range it.Entries {
		h.entry(i+1, numW, e)
	}
	i := len(it.Entries)
	return view.Drain(it.More, h.o.Err, func(e view.Entry) { i++; h.entry(i, numW, e) })
}

// entry writes entry number i of a list whose numbers take numW columns.
func (h *Writer) entry(i, numW int, e view.Entry) {
	num := strconv.Itoa(i) + "."
	name := h.text(e.Name)
	line := blank(max(numW-len(num), 0)) + num + " " + h.th.Bold.Render(name)
	w := max(numW, len(num)) + 1 + table.Width(name)
	if e.Tag != "" {
		tag := h.text(e.Tag)
		line += " " + h.tone(view.Accent).Render("["+tag+"]")
		w += 3 + table.Width(tag)
	}
	if e.Summary != "" {
		sep := " " + h.g.Dash + " "
		text := h.text(e.Summary)
		if h.width > 0 {
			text = table.CutWords(text, h.width-w-table.Width(sep), h.g.Ellipsis)
		}
		line += sep + text
	}
	h.o.Line(line)
	pad := blank(numW + 1)
	for _, l := range e.Lines {
		// An item's lines wrap under their bullet: they are the data.
		for i, seg := range wrapText(h.text(l), h.width-numW-3) {
			lead := pad + h.th.Faint.Render(h.g.Bullet) + " "
			if i > 0 {
				lead = pad + "  "
			}
			h.o.Line(lead + seg)
		}
	}
	h.extra(e.Extra, numW+1)
}

// relations writes "Graphiti ──uses as backend──▶ Neo4j  0.92" and the
// relation's text under it.
func (h *Writer) relations(rs view.Relations) {
	h.o.Line(h.th.Bold.Render(h.text(rs.Heading)))
	for _, r := range rs.Relations {
		line := h.th.Bold.Render(h.text(r.From)) + " " +
			h.tone(view.Accent).Render(h.g.RelFrom+h.text(r.Rel)+h.g.RelTo) + " " +
			h.th.Bold.Render(h.text(r.To))
		if r.Score != nil {
			line += "  " + h.cell(*r.Score).Text
		}
		if r.Invalid != nil {
			line += "  " + h.tone(view.Warn).Render("invalid since "+h.cell(*r.Invalid).Text)
		}
		h.o.Line(line)
		if r.Detail != "" {
			text := h.text(r.Detail)
			if h.width > 0 {
				text = table.CutWords(text, h.width-2, h.g.Ellipsis)
			}
			h.o.Line("  " + h.th.Faint.Render(text))
		}
		h.extra(r.Extra, 2)
	}
}

// timeline writes events, each "2h ago  name · source", its content under
// it (cut at a word to the width, in full under --verbose).
func (h *Writer) timeline(tl view.Timeline) {
	when := make([]string, len(tl.Events))
	whenW := 0
	for i, e := range tl.Events {
		if e.At != nil {
			when[i] = h.cell(*e.At).Text
		}
		whenW = max(whenW, table.Width(when[i]))
	}
	h.o.Line(h.th.Bold.Render(h.text(tl.Heading)))
	for i, e := range tl.Events {
		line := h.th.Faint.Render(when[i]) + blank(whenW-table.Width(when[i])+2) + h.th.Bold.Render(h.text(e.Name))
		if e.Source != "" {
			line += h.th.Faint.Render(h.g.Sep + h.text(e.Source))
		}
		h.o.Line(line)
		if e.Content != "" {
			if h.opt.Verbose {
				h.multiline("  ", 2, e.Content, false)
			} else {
				h.excerpt(e.Content, eventLines)
			}
		}
		h.extra(e.Extra, 2)
	}
}

// eventLines is how many lines of an event's content (an episode's
// conversation) are shown without --verbose: enough to read who said what.
const eventLines = 4

// excerpt writes the first n lines of text, indented by two, its lines
// wrapped to the width, and "…" under them when there is more.
func (h *Writer) excerpt(text string, n int) {
	out, left := h.firstLines(text, h.width-2, n)
	for _, ln := range out {
		h.o.Line(strings.TrimRight("  "+ln, " "))
	}
	if left > 0 {
		h.o.Line("  " + h.more(left))
	}
}

// firstLines is text's lines wrapped to width (none at 0), sanitised, as
// many as n of them; and, when there were more, how many of its lines
// were not shown whole (the one a cut went through among them), which
// the caller says with more. n < 0: all of them.
func (h *Writer) firstLines(text string, width, n int) ([]string, int) {
	lns := strings.Split(strings.ReplaceAll(format.Bound(text, h.g.Ellipsis), "\r\n", "\n"), "\n")
	if width <= 0 && n < 0 {
		return lns, 0
	}
	var out []string
	for i, ln := range lns {
		if n >= 0 {
			ln = strings.ReplaceAll(ln, "\t", "    ") // a shortened view expands tabs; --verbose and errors show them
		}
		w := []string{sanitize.String(ln, h.San())}
		if width > 0 {
			w = wrapText(w[0], width)
		}
		if n >= 0 && len(out)+len(w) > n {
			out = append(out, w...)[:n]
			return out, len(lns) - i
		}
		out = append(out, w...)
	}
	return out, 0
}

// codeLines is how many lines of a piece of code are shown without
// --verbose.
const codeLines = 8

// code writes "path:10-25  0.923 ████▋" and the code indented under it:
// its first lines, or under --verbose all of it with its context dimmed.
func (h *Writer) code(c view.Code) {
	// Written in pieces, as Render would join them: a hit's line is not
	// made to be written once (a search has thousands).
	path := h.text(c.Path)
	pre, post := h.th.Bold.Around(h.opt.Links.fileLink(c.Path, c.Line)).Ends()
	if path+c.Lines == "" {
		pre, post = "", ""
	}
	if c.Score == nil {
		h.o.Pieces(pre, path, c.Lines, post)
	} else {
		var buf [10]string
		ps := append(buf[:0], pre, path, c.Lines, post, "  ", h.cellAt(c.Score).Text, " ")
		h.o.Pieces(styledPieces(ps, h.tone(view.Accent), strings.TrimRight(h.g.Bar(c.Score.Frac, 5), " "))...)
	}
	if h.opt.Verbose {
		h.codeLines(c.Before, h.th.Faint, -1)
		h.codeLines(c.Text, theme.Style{}, -1)
		h.codeLines(c.After, h.th.Faint, -1)
	} else {
		h.codeLines(c.Text, theme.Style{}, codeLines)
	}
	h.extra(c.Extra, 4)
}

// codeLines writes source text indented by 4, tabs as 4 spaces, each line
// cut to the width (not under --verbose); at most maxLines lines, then a
// count of the rest (maxLines < 0: all).
func (h *Writer) codeLines(text string, style theme.Style, maxLines int) {
	if text == "" {
		return
	}
	// The lines are looked at one by one, not split into a slice: most
	// are only counted (a hit shows its first few of many).
	body := format.Body(text, h.g.Ellipsis)
	total := strings.Count(body, "\n") + 1
	shown := 0
	for ln := range strings.SplitSeq(body, "\n") {
		if shown == maxLines {
			break
		}
		shown++
		ln = h.text(strings.ReplaceAll(ln, "\t", "    "))
		if h.width > 0 {
			ln = table.Cut(ln, h.width-4, h.g.Ellipsis)
		}
		if pre, post := style.Ends(); pre != "" && ln != "" {
			h.o.Pieces("    ", pre, ln, post)
		} else if ln = strings.TrimRight(ln, " "); ln == "" {
			h.o.Line("")
		} else {
			h.o.Pair("    ", ln) // not joined first: a line each
		}
	}
	if shown < total {
		h.o.Line("    " + h.more(total-shown))
	}
}

// more says that n lines of a text were left out, and how to see them.
func (h *Writer) more(n int) string {
	return h.th.Faint.Render(h.g.Ellipsis + " " + format.Count(n, "more line") + " (-v)")
}

// prose writes text a tool wrote for people with the conventions of terse
// text servers: a leading [state_tag] coloured by what it says, "→ next:"
// hints and "? ask user:" prompts set apart. Lines are not cut: prose is
// the message itself. A line wider than the terminal wraps: a sentence's
// further lines under its first, a list item's under its text (after
// "- "), a code block's two columns in, so that they read as the
// continuation they are. Tabs are expanded, as a terminal would.
func (h *Writer) prose(p view.Prose) {
	fence := false
	texts := proseLines(p, h.g.Ellipsis)
	// Blank lines that end a text (gopls ends a diff with three) start
	// nothing: a person sees the text end where its last words do.
	for len(texts) > 1 && strings.TrimSpace(texts[len(texts)-1]) == "" {
		texts = texts[:len(texts)-1]
	}
	if h.width > 0 {
		p, texts = h.proseTables(p, texts)
	}
	for i, raw := range texts {
		pl := p.Lines[i]
		safe := Untab(raw, h.San())
		trimmed := strings.TrimLeft(safe, " ")
		hang := listMarker(trimmed)
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = !fence
		} else if fence {
			hang = 2
		}
		lead, segs := h.hangingBy(safe, hang)
		first, more := segs[0], segs[1:]
		restStyle := theme.Style{}
		tag := sanitize.String(pl.Tag, h.San())
		switch {
		case pl.Kind == view.Tagged && i == 0 && strings.HasPrefix(first, tag):
			h.o.Line(lead + h.th.Bold.Render(h.tone(pl.Tone).Render(tag)) + first[len(tag):])
		case pl.Kind == view.NextHint && strings.HasPrefix(first, tag):
			h.o.Line(lead + h.tone(view.Accent).Render(tag) + first[len(tag):])
		case pl.Kind == view.Ask && strings.HasPrefix(first, tag):
			h.o.Line(lead + h.tone(view.Warn).Render(h.th.Bold.Render(tag)) + h.th.Bold.Render(first[len(tag):]))
			restStyle = h.th.Bold
		default:
			h.o.Line(lead + first)
		}
		for _, seg := range more {
			h.o.Line(lead + blank(hang) + restStyle.Render(seg))
		}
	}
}

// proseTables is prose with its Markdown tables drawn (drawMDTable): the
// lines of a table become the lines of the drawn one, plain.
func (h *Writer) proseTables(p view.Prose, texts []string) (view.Prose, []string) {
	var lines []view.ProseLine
	var out []string
	for i := 0; i < len(texts); i++ {
		end := mdTableEnd(texts, i)
		if end < 0 {
			if lines != nil {
				lines, out = append(lines, p.Lines[i]), append(out, texts[i])
			}
			continue
		}
		if lines == nil {
			lines, out = append([]view.ProseLine(nil), p.Lines[:i]...), append([]string(nil), texts[:i]...)
		}
		for _, ln := range h.drawMDTable(texts[i:end], h.width) {
			lines, out = append(lines, view.ProseLine{Text: ln}), append(out, ln)
		}
		i = end - 1
	}
	if lines == nil {
		return p, texts
	}
	return view.Prose{Lines: lines}, out
}

// proseLines is the text of each line of prose, cut where the whole text
// passes format.MaxValue.
func proseLines(p view.Prose, ellipsis string) []string {
	var texts []string
	if text := p.String(); len(text) > format.MaxValue {
		texts = strings.Split(format.Bound(text, ellipsis), "\n")
	} else {
		texts = make([]string, len(p.Lines))
		for i, pl := range p.Lines {
			texts[i] = pl.Text
		}
	}
	for i, t := range texts {
		texts[i] = strings.TrimSuffix(t, "\r")
	}
	return texts
}
