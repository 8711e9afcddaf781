// Package human writes views for a person at a terminal: tables fitted to
// the width, relative times, glyphs, short dimmed IDs, rounded scores.
// Without --verbose it shortens (IDs, times, scores, long text), except
// inside an error, which is never shortened: it wraps.
//
// It knows how things look, not what they are: it imports view and the
// small pure packages (table, glyphs, theme, sanitize, relative, format,
// render/lines), nothing of khive or MCP.
package human

import (
	"fmt"
	"strings"
	"time"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/table"
)

// Options are what human output looks like for a run, decided once.
type Options struct {
	Width   int // columns; 0 for no limit
	Verbose bool
	Now     time.Time // the clock relative times are measured against
	Theme   theme.Theme
	Glyphs  glyphs.Set
	// Markdown is the Markdown writer's use of this one for cells and
	// one-line results: no relative times (timestamps to whole seconds),
	// line breaks inside a value as spaces, Markdown structure escaped.
	Markdown bool
	// Escape, in Markdown's use, escapes what Markdown reads as structure.
	Escape func(string) string
	// NoHeaders leaves tables' header lines out (--no-headers).
	NoHeaders bool
	// Links, when set, makes web addresses and code paths hyperlinks.
	Links *Links
}

// Writer writes views as lines.
type Writer struct {
	o     *lines.Writer
	opt   Options
	th    theme.Theme
	g     glyphs.Set
	width int // 0: no limit
	// widths remembers the width of short texts that are not ASCII (a
	// status with its glyph, "▶ next"): they repeat on every row, and
	// measuring one segments it into graphemes.
	widths map[string]int
	// glyphed remembers the texts of status cells with their glyph
	// ("▶ next"): a few, on every row and document.
	glyphed map[[2]string]string
}

// measure is table.Width, remembered for short texts.
func (h *Writer) measure(s string) int {
	if len(s) > 32 {
		return table.Width(s)
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			if w, ok := h.widths[s]; ok {
				return w
			}
			if h.widths == nil || len(h.widths) > 4096 {
				h.widths = make(map[string]int) // a bound, for texts that do not repeat
			}
			w := table.Width(s)
			h.widths[s] = w
			return w
		}
	}
	return len(s)
}

// New returns a writer to o. Under --verbose there is no width.
func New(o *lines.Writer, opt Options) *Writer {
	w := opt.Width
	if opt.Verbose {
		w = 0
	}
	return &Writer{o: o, opt: opt, th: opt.Theme, g: opt.Glyphs, width: w}
}

// Reset makes h write to o, as New(o, same options) would: a stream of
// many small documents then copies its options once, not per document.
func (h *Writer) Reset(o *lines.Writer) { h.o = o }

// Doc writes a view. It returns an error from a streamed block (a row
// that could not be read, or output that failed), or for a block it has
// no case for: its test, which writes every kind, rules that out.
func (h *Writer) Doc(d view.Doc) error {
	for _, b := range d.Blocks {
		if err := h.block(b); err != nil {
			return err
		}
	}
	return nil
}

func (h *Writer) block(b view.Block) error {
	switch b := b.(type) {
	case view.Gap:
		h.o.Gap()
	case view.Title:
		h.title(b)
	case view.Heading:
		h.heading(b)
	case view.Definition:
		h.definition(b)
	case view.Messages:
		h.messages(b)
	case view.Error:
		h.errorBlock(b)
	case view.Record:
		return h.record(b, b.Indent)
	case view.Table:
		return h.table(b, b.Indent)
	case view.Footer:
		h.footer(b)
	case view.Inline:
		return h.inline(b)
	case view.Scalar:
		h.scalar(b.Cell, b.Indent)
	case view.Note:
		h.note(b)
	case view.Prose:
		h.prose(b)
	case view.Items:
		return h.items(b)
	case view.Relations:
		h.relations(b)
	case view.Timeline:
		h.timeline(b)
	case view.Code:
		h.code(b)
	case view.Bullets:
		h.bullets(b)
	case view.Document:
		h.document(b)
	case view.Tree:
		h.tree(b)
	case view.Diff:
		h.diff(b)
	case view.Later, view.Stream:
		return Each(b, h.block, h.o.Err)
	default:
		return fmt.Errorf("human: no writer for %T", b)
	}
	return nil
}

// Each writes, by write, the blocks a Later or a Stream stands for, as
// they are made, and stops at the first error of write, of making them,
// or of the output (outErr): nothing more is read once output failed.
// The Markdown writer expands them the same way.
func Each(b view.Block, write func(view.Block) error, outErr func() error) error {
	switch b := b.(type) {
	case view.Later:
		if err := outErr(); err != nil {
			return err
		}
		blocks, err := b.Blocks()
		if err != nil {
			return err
		}
		for _, next := range blocks {
			if err := write(next); err != nil {
				return err
			}
		}
	case view.Stream:
		for {
			next, ok, err := b.Next()
			if err != nil || !ok {
				return err
			}
			if err := write(next); err != nil {
				return err
			}
			if err := outErr(); err != nil {
				return err
			}
		}
	}
	return nil
}

// San is how text is made safe: a tool's colours (SGR sequences) left
// out, every other escape escaped; under --verbose, which shows every
// byte, those too. The Markdown writer's text is made safe the same way.
func (h *Writer) San() sanitize.Flags {
	if h.opt.Verbose {
		return 0
	}
	return sanitize.DropSGR
}

// text makes untrusted text safe for one line of a terminal, and in
// Markdown's use also escapes what Markdown would read as structure.
func (h *Writer) text(s string) string {
	if h.opt.Escape == nil && len(s) <= format.MaxValue && sanitize.Clean(s) {
		return s // most keys and values: nothing to cut, join or escape
	}
	s = format.Bound(s, h.g.Ellipsis)
	if strings.IndexByte(s, '\n') >= 0 {
		nl := h.g.Newline
		if h.opt.Markdown {
			nl = " "
		}
		s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", nl)
	}
	s = sanitize.String(s, h.San())
	if h.opt.Escape != nil {
		s = h.opt.Escape(s)
	}
	return s
}

// Text is text as this writer shows it in a line, for the Markdown
// writer's use.
func (h *Writer) Text(s string) string { return h.text(s) }

// Mark is the glyph of a mark in this writer's set.
func (h *Writer) Mark(m view.Mark) string {
	return [...]string{view.OK: h.g.OKMark, view.Failed: h.g.ErrorMark, view.Aborted: h.g.AbortMark, view.Warning: "!", view.Asks: "?"}[m]
}

// styledLine writes text in s as a line, as Line(s.Render(text)) does,
// its escapes and its text written as pieces rather than joined first
// (a note a line, in a stream of them).
func (h *Writer) styledLine(s theme.Style, text string) {
	var buf [3]string
	h.o.Pieces(styledPieces(buf[:0], s, text)...)
}

func (h *Writer) tone(t view.Tone) theme.Style { return h.th.Tone(glyphs.Tone(t)) }

// title writes "✓ tool" (after its number in a batch), with a scalar
// result on the same line, or under it when it has several lines.
func (h *Writer) title(t view.Title) {
	if t.Quiet && !h.opt.Verbose {
		return
	}
	// The line's pieces, written without joining them (Pieces): a title
	// a document, in a stream of envelopes.
	var buf [16]string
	line := buf[:0]
	if t.Number != "" {
		line = append(styledPieces(line, h.th.Faint, "#"+t.Number), " ")
	}
	line = append(styledPieces(line, h.tone(view.Good), h.Mark(t.Mark)), " ")
	line = styledPieces(line, h.th.Bold, h.text(t.Text))
	if t.Value == nil {
		h.o.Pieces(line...)
		return
	}
	if t.Value.IsString() && strings.Contains(t.Value.Text, "\n") {
		h.o.Pieces(line...)
		h.scalar(*t.Value, 2)
		return
	}
	c := h.cell(*t.Value)
	h.o.Pieces(styledPieces(append(line, "  "), c.Style, c.Text)...)
}

// styledPieces appends text in s to ps as Render makes it: its escapes
// and the text, or the text alone.
func styledPieces(ps []string, s theme.Style, text string) []string {
	pre, post := s.Ends()
	if pre == "" || text == "" {
		return append(ps, text)
	}
	return append(ps, pre, text, post)
}

// scalar writes a lone value (a whole document, an envelope's result).
func (h *Writer) scalar(c view.Cell, indent int) {
	if c.IsString() && strings.Contains(c.Text, "\n") {
		h.multiline(blank(indent), indent, c.Text, false)
		return
	}
	tc := h.cell(c)
	h.o.Line(blank(indent) + tc.Style.Render(tc.Text))
}

// inline writes an array of scalars as a comma-separated list, wrapped to
// the width.
func (h *Writer) inline(in view.Inline) error {
	items, indent := in.Items, in.Indent
	if len(items) == 0 && in.More == nil {
		h.o.Line(blank(indent) + h.th.Faint.Render("[]"))
		return nil
	}
	var b strings.Builder
	lineW := indent
	b.WriteString(blank(indent))
	i := 0
	add := func(it view.Cell) {
		c := h.cell(it)
		w := table.Width(c.Text)
		if i > 0 {
			// A line that wraps ends in a comma: room is kept for it, or
			// the line would be cut and its last item lost.
			if h.width > 0 && lineW+2+w+1 > h.width {
				b.WriteString(",")
				h.o.Line(b.String())
				b.Reset()
				b.WriteString(blank(indent))
				lineW = indent
			} else {
				b.WriteString(", ")
				lineW += 2
			}
		}
		b.WriteString(c.Style.Render(c.Text))
		lineW += w
		i++
	}
	for _, it := range items {
		add(it)
	}
	if err := view.Drain(in.More, h.o.Err, add); err != nil {
		return err
	}
	h.o.Line(b.String())
	return nil
}

// note writes an aside on one line, dimmed (red for a failure), and under
// --verbose what the line leaves out.
func (h *Writer) note(n view.Note) {
	style := h.th.Faint
	if n.Tone != view.Neutral {
		style = h.tone(n.Tone)
	}
	raw := strings.Join(n.Fields, h.g.Sep)
	if strings.Contains(raw, "\n") || n.Tone == view.Bad {
		// A log of several lines, or a failure's: each line under the
		// first, wrapped, never cut.
		for i, part := range strings.Split(strings.TrimRight(raw, "\n"), "\n") {
			indent := ""
			if i > 0 {
				indent = "  "
			}
			width := 1 << 30 // no width (--verbose): a line each, whole
			if h.width > 0 {
				width = max(h.width-2-len(indent), 20)
			}
			for j, ln := range wrapText(h.text(part), width) {
				if j > 0 || i > 0 {
					ln = "  " + ln
				}
				h.styledLine(style, ln)
			}
		}
	} else if line := h.text(raw); h.width > 0 && table.Width(line) > h.width && strings.Contains(line, "://") {
		// A line that names a URI wraps, under itself: a cut address is
		// no address.
		for i, ln := range wrapText(line, h.width-2) {
			if i > 0 {
				ln = "  " + ln
			}
			h.styledLine(style, ln)
		}
	} else {
		h.styledLine(style, line)
	}
	h.extra(n.Extra, 2)
}

// bullets writes values a line each, after a mark.
func (h *Writer) bullets(b view.Bullets) {
	pad := blank(b.Indent)
	mark := h.tone(b.Tone).Render(h.Mark(b.Mark)) + " "
	col := b.Indent + table.Width(h.Mark(b.Mark)) + 1
	for _, it := range b.Items {
		// Wrapped under its mark, never cut: a bullet is an error's text.
		h.wrappedAfter(pad+mark, h.cell(it), col)
	}
}

// Cell is a cell's text as this writer shows it, for the Markdown
// writer's use.
func (h *Writer) Cell(c view.Cell) string { return h.cell(c).Text }
