// Package markdown writes views as GitHub-flavoured Markdown, to paste
// into a pull request, an issue or a prompt: tables, bullet lists, errors
// as blockquotes, code in fenced blocks.
//
// It is deterministic (no relative times, no width, no colour) and concise
// by default: cells are cut at Cell characters, except identity columns,
// which never are; no column, table or section of the view is left out.
// Under --verbose it shows everything in full. Text is escaped so that no
// value can change the structure around it.
//
// It knows Markdown, not what things are: it imports view, render/human
// (for how cells read), render/lines, table, glyphs, theme, sanitize and
// format.
package markdown

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/render/human"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/table"
)

// Cell is how many characters of a cell a concise page shows.
const Cell = 120

// codeLines is how many lines of a piece of code a concise page shows.
const codeLines = 8

// Options of Markdown output.
type Options struct {
	Verbose bool
	Glyphs  glyphs.Set
}

// Writer writes views as Markdown.
type Writer struct {
	o   *lines.Writer
	h   *human.Writer // cells read as in human output, in its Markdown mode
	g   glyphs.Set
	opt Options
	// keys is each record key as a bullet shows it (strongText): the keys
	// of a stream of documents repeat, and making one is most of a short
	// field's line.
	keys map[string]string
}

// New returns a writer to o.
func New(o *lines.Writer, opt Options) Writer {
	h := human.New(o, human.Options{Verbose: opt.Verbose, Theme: theme.Theme{}, Glyphs: opt.Glyphs, Markdown: true, Escape: Escape})
	return Writer{o: o, h: h, g: opt.Glyphs, opt: opt, keys: map[string]string{}}
}

// Reset makes m write to o, as New(o, same options) would: a stream of
// many small documents then makes its writers once, not per document.
func (m *Writer) Reset(o *lines.Writer) {
	m.o = o
	m.h.Reset(o)
}

// Doc writes a view: a blank line between blocks, as Markdown needs. Its
// error is a streamed block's (the input's, or the output's), or for a
// block it has no case for: its test, which writes every kind, rules that
// out.
func (m Writer) Doc(d view.Doc) error {
	for _, b := range d.Blocks {
		if err := m.streamed(b); err != nil {
			return err
		}
	}
	return m.o.Err()
}

// streamed writes a block, one that streams (a long list's table, items
// or fields) with the error of its input or output.
func (m Writer) streamed(b view.Block) error {
	switch b := b.(type) {
	case view.Inline:
		if b.More != nil {
			m.o.Gap()
			var line strings.Builder
			line.WriteString(m.inlineItems(b.Items))
			// The line is written as its items are read, once its start,
			// which alone decides what lineStart escapes, is known (text
			// past its leading digits); until then it is built whole.
			started := false
			start := func() {
				if t := strings.TrimLeft(line.String(), " "); strings.TrimLeft(t, "0123456789") != "" {
					m.o.Write([]byte(lineStart(line.String())))
					line.Reset()
					started = true
				}
			}
			start()
			n := len(b.Items)
			err := view.Drain(b.More, m.o.Err, func(it view.Cell) {
				if n > 0 {
					line.WriteString(", ")
				}
				line.WriteString(inline(m.h.Cell(it)))
				n++
				if !started {
					start()
				} else if line.Len() >= 32<<10 {
					m.o.Raw().WriteString(line.String())
					line.Reset()
				}
			})
			switch {
			case started: // the line's items so far, ended, if the list broke off
				m.o.Raw().WriteString(line.String())
				m.o.Raw().WriteByte('\n')
			case err == nil:
				m.o.Line(lineStart(line.String()))
			}
			return err
		}
	case view.Later, view.Stream:
		return human.Each(b, m.streamed, m.o.Err)
	}
	return m.block(b)
}

// block writes a block after a blank line; a Gap is only that. Its error
// is a streamed block's, or for a block it has no case for.
func (m Writer) block(b view.Block) error {
	m.o.Gap()
	switch b := b.(type) {
	case view.Gap:
	case view.Title:
		m.title(b)
	case view.Heading:
		m.heading(b)
	case view.Definition:
		m.definition(b)
	case view.Messages:
		m.messages(b)
	case view.Error:
		m.errorBlock(b)
	case view.Record:
		return m.record(b, "")
	case view.Table:
		return m.table(b, "")
	case view.Footer:
		m.footerAt(b, "")
	case view.Inline:
		m.o.Line(lineStart(m.inlineItems(b.Items)))
	case view.Scalar:
		if b.Cell.Kind == view.Deep {
			m.o.Line("_" + inline(m.h.Cell(b.Cell)) + "_")
		} else {
			m.o.Line(lineStart(inline(m.h.Cell(b.Cell))))
		}
	case view.Note:
		m.o.Line("_" + inline(m.h.Text(strings.Join(b.Fields, m.g.Sep))) + "_")
		m.extra(b.Extra, true, "")
	case view.Prose:
		m.prose(b)
	case view.Items:
		return m.items(b)
	case view.Relations:
		m.relations(b)
	case view.Timeline:
		m.timeline(b)
	case view.Code:
		m.code(b)
	case view.Bullets:
		for _, it := range b.Items {
			m.o.Line("- " + inline(m.h.Cell(it)))
		}
	case view.Document:
		m.document(b)
	case view.Tree:
		m.tree(b)
	case view.Diff:
		m.diff(b)
	default:
		return fmt.Errorf("markdown: no writer for %T", b)
	}
	return nil
}

// inlineItems is scalars as a comma-separated list.
func (m Writer) inlineItems(items []view.Cell) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = inline(m.h.Cell(it))
	}
	return strings.Join(parts, ", ")
}

// prose is a tool's prose, line by line, often in columns: more than one
// line keeps its breaks and alignment in a text block.
func (m Writer) prose(p view.Prose) {
	text := strings.TrimRight(strings.ReplaceAll(p.String(), "\r\n", "\n"), "\n")
	if strings.Contains(text, "\n") {
		m.fenced(text, "text", format.Lines(text, m.g.Ellipsis), m.untab)
	} else {
		m.o.Line(lineStart(m.h.Text(strings.ReplaceAll(text, "\t", " ")))) // white space, inline
	}
}

// cut shortens text for a concise page.
func (m *Writer) cut(text string) string {
	if m.opt.Verbose {
		return text
	}
	return table.Cut(text, Cell, m.g.Ellipsis)
}

// cutWords shortens text for a concise page at a word.
func (m Writer) cutWords(text string) string {
	if m.opt.Verbose {
		return text
	}
	return table.CutWords(text, Cell, m.g.Ellipsis)
}

// title is "**✓ tool**", with a scalar result after it.
func (m Writer) title(t view.Title) {
	num := ""
	if t.Number != "" {
		num = "#" + t.Number + " "
	}
	line := Strong(num + m.h.Mark(t.Mark) + " " + inline(m.h.Text(t.Text)))
	if t.Value != nil {
		line += ": " + inline(m.h.Cell(*t.Value))
	}
	m.o.Line(line)
}

// errorBlock is a blockquote with ✗, the tool and the kind, the message,
// and every detail; nothing shortened.
func (m Writer) errorBlock(e view.Error) {
	mark := m.g.ErrorMark
	if e.Aborted {
		mark = m.g.AbortMark
	}
	num := ""
	if e.Number != "" {
		num = "#" + e.Number + " "
	}
	tool := m.h.Text(e.Tool)
	if tool == "" {
		tool = "error"
	}
	title := "> " + Strong(num+mark+" "+inline(tool))
	if e.Kind != "" {
		title += " " + Code(e.Kind)
	}
	m.o.Line(title)
	if e.Message != "" {
		m.o.Line(">")
		for _, ln := range strings.Split(strings.ReplaceAll(format.Bound(e.Message, m.g.Ellipsis), "\r\n", "\n"), "\n") {
			m.o.Line("> " + lineStart(m.h.Text(ln)))
		}
	}
	if e.Details != nil && len(e.Details.Fields) > 0 {
		m.o.Line(">")
		var buf strings.Builder
		mm := m
		mm.o = m.o.Sub(bufio.NewWriter(&buf)) // into memory, then quoted line by line
		mm.bullets(*e.Details, "")
		mm.o.Flush()
		for _, ln := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
			m.o.Line("> " + ln)
		}
	}
}

// extra writes a block's other fields, r, as bullets at indent, after a
// blank line when gap; nothing when there are none.
func (m Writer) extra(r *view.Record, gap bool, indent string) {
	if r == nil {
		return
	}
	if gap {
		m.o.Gap()
	}
	m.bullets(*r, indent)
}

// bullets writes key/value lines as a bullet list: nested records as
// nested lists, tables inside the item.
func (m Writer) bullets(r view.Record, indent string) {
	for i := range r.Fields {
		m.bullet(&r.Fields[i], r.Exact, indent)
	}
}

// bullet writes a field as a bullet, its key made once per key (a
// stream of records repeats them) and its line written in pieces, not
// joined first (a million fields of a large object): the key's asterisks
// too, so a key not kept is not copied.
func (m *Writer) bullet(f *view.Field, exact bool, indent string) {
	key, ok := m.keys[f.Key]
	if !ok {
		if plainText(f.Key) {
			key = strongText(f.Key)
		} else {
			key = strongText(inline(m.h.Text(f.Key)))
		}
		if len(m.keys) < 4096 {
			m.keys[strings.Clone(f.Key)] = key
		}
	}
	switch b := f.Block.(type) {
	case view.Record:
		m.o.Pieces(indent, "- **", key, "**:")
		m.record(b, indent+"  ") // the fields it streams too: a long list's by index
		return
	case view.Table:
		m.o.Pieces(indent, "- **", key, "**:")
		m.o.Line("")
		m.table(b, indent+"  ")
		m.o.Line("")
		if b.Count != nil {
			m.footerAt(*b.Count, indent+"  ")
		}
		return
	case view.Footer:
		m.o.Pieces(indent, "- **", key, "**:")
		m.o.Line("")
		m.footerAt(b, indent+"  ")
		return
	}
	text := m.h.Cell(f.Cell)
	if !exact && f.Cell.Kind != view.Deep {
		text = m.cut(text)
	}
	m.o.Pieces(indent, "- **", key, "**: ", inline(text))
}

// record writes a record's bullets, then those of the fields it streams.
func (m Writer) record(r view.Record, indent string) error {
	m.bullets(r, indent)
	return view.Drain(r.Stream, m.o.Err, func(f view.Field) { m.bullet(&f, r.Exact, indent) })
}

// table writes rows as a GitHub table: every column but bars (a page has
// no width to fit), numbers right-aligned.
func (m Writer) table(t view.Table, indent string) error {
	ot := m.Open(t, indent)
	defer ot.Close()
	// A list too long to hold: its further rows as they are read. An item
	// that is not a record ends the table, is shown, and the table goes
	// on under its header again. A stream that ends in a record (the rest
	// of its list, another way) has it after the table.
	for t.Stream != nil {
		r, other, ok, err := t.Stream()
		if !ok && other != nil {
			ot.Close()
			m.o.Gap()
			return m.record(*other, indent)
		}
		if err != nil || !ok {
			return err
		}
		if r != nil {
			ot.row(r)
		}
		if other != nil {
			// A row that is not a record, or fields no column holds.
			ot.Extra(*other)
		}
		if err := m.o.Err(); err != nil {
			return err
		}
	}
	return nil
}

// OpenTable is a table being written a row at a time, as rows come (a
// live stream's records): a Markdown table's rows need no layout.
type OpenTable struct {
	m        Writer
	t        view.Table
	indent   string
	cols     []int // the columns shown: all but a bar
	hdr, sep []string
	out      []string
	// same is what a repeating cell (Same: a status, a priority, tags)
	// reads as, by column: made once, not on every row of a long list.
	same [][]string
	b    strings.Builder
	// under is the lists of records rows hold (Under columns), written
	// after the table, each under its row's name: a Markdown table cell
	// holds no table. At most underMax rows' are held; then the table
	// ends, they are written, and it goes on under its header again.
	under []view.Field
	// again: the table goes on under its header again, written before
	// its next row, so that one that ends first leaves none dangling.
	again bool
}

// underMax is how many rows' lists a Markdown table holds before it
// writes them.
const underMax = 64

// Open writes a table's header and rows and keeps it open for more.
func (m Writer) Open(t view.Table, indent string) *OpenTable {
	ot := &OpenTable{m: m, t: t, indent: indent}
	for i, c := range t.Columns {
		if c.Bar {
			continue
		}
		ot.cols = append(ot.cols, i)
		ot.hdr = append(ot.hdr, inline(m.h.Text(c.Header)))
		if c.Align == view.Right {
			ot.sep = append(ot.sep, "---:")
		} else {
			ot.sep = append(ot.sep, "---")
		}
	}
	ot.out = make([]string, len(ot.cols))
	ot.same = make([][]string, len(ot.cols))
	ot.header()
	for _, r := range t.Rows {
		ot.row(r)
	}
	if t.Stream != nil {
		clear(t.Rows) // written: let go while the rest stream, as human output does
	}
	return ot
}

// Row writes a further row; the output's error, if it failed.
func (ot *OpenTable) Row(row []view.Cell) error {
	ot.row(row)
	return ot.m.o.Err()
}

// Extra writes the fields of the row before it that no column holds:
// after the table so far, which goes on under its header again.
func (ot *OpenTable) Extra(r view.Record) error {
	m := ot.m
	ot.flushUnder()
	m.o.Gap()
	m.bullets(r, ot.indent)
	ot.again = true
	return m.o.Err()
}

// Close ends the table: the lists its rows hold follow it.
func (ot *OpenTable) Close() { ot.flushUnder() }

// flushUnder writes the lists of records the rows so far hold, after the
// table so far.
func (ot *OpenTable) flushUnder() {
	if len(ot.under) == 0 {
		return
	}
	m := ot.m
	for _, f := range ot.under {
		m.o.Gap()
		m.o.Line(ot.indent + "- " + Strong(inline(m.h.Text(f.Key))) + ":")
		m.o.Line("")
		if t, ok := f.Block.(view.Table); ok {
			m.table(t, ot.indent+"  ")
		} else if r, ok := f.Block.(view.Record); ok {
			m.bullets(r, ot.indent+"  ")
		}
	}
	m.o.Gap()
	ot.under = ot.under[:0]
}

// holdUnder keeps the lists of records row holds, named by the row's
// identity (its first such column, else its first).
func (ot *OpenTable) holdUnder(row []view.Cell) {
	name := ""
	for _, identity := range []bool{true, false} {
		for _, i := range ot.cols {
			if name == "" && i < len(row) && row[i].Kind != view.None && !ot.t.Columns[i].Under && (ot.t.Columns[i].Identity || !identity) {
				name = ot.m.h.Cell(row[i])
			}
		}
	}
	for i, c := range ot.t.Columns {
		if c.Under && i < len(row) && row[i].Sub != nil && row[i].Sub.Block != nil {
			ot.under = append(ot.under, view.Field{Key: strings.ToLower(c.Header) + " of " + name, Block: row[i].Sub.Block})
		}
	}
	if len(ot.under) >= underMax {
		ot.flushUnder()
		ot.m.o.Line("")
		ot.header()
	}
}

func (ot *OpenTable) header() {
	ot.line(ot.hdr)
	ot.line(ot.sep)
}

// line writes a row of cells; with no column there is nothing to show
// of the rows, but a streamed list is read to its end all the same.
func (ot *OpenTable) line(cells []string) {
	if len(ot.cols) == 0 {
		return
	}
	b := &ot.b
	b.Reset()
	b.WriteString(ot.indent + "|")
	for _, c := range cells {
		b.WriteString(" " + c + " |")
	}
	ot.m.o.Line(b.String())
}

func (ot *OpenTable) row(row []view.Cell) {
	m, t := ot.m, ot.t
	if ot.again {
		ot.again = false
		m.o.Gap()
		ot.header()
	}
	for k, i := range ot.cols {
		var c *view.Cell
		if i < len(row) && row[i].Kind != view.None {
			c = &row[i]
		}
		if c != nil && c.Same > 0 && int(c.Same) < len(ot.same[k]) && ot.same[k][c.Same] != "" {
			ot.out[k] = ot.same[k][c.Same]
			continue
		}
		text := ""
		if c != nil {
			text = m.h.Cell(*c)
		}
		if !t.Exact && !t.Columns[i].Identity {
			text = m.cut(text)
		}
		ot.out[k] = inline(text)
		if c != nil && c.Same > 0 && c.Same < 1<<12 {
			for int(c.Same) >= len(ot.same[k]) {
				ot.same[k] = append(ot.same[k], "")
			}
			ot.same[k][c.Same] = ot.out[k]
		}
	}
	ot.line(ot.out)
	ot.holdUnder(row)
}

// footerAt writes a summary line after indent (a list's count under a
// bullet): metadata in italics, totals in bold, a one-line result as it
// reads.
func (m Writer) footerAt(f view.Footer, indent string) {
	if f.Kind == view.Result || f.Kind == view.Path {
		m.o.Line(indent + m.h.FooterLine(f))
		return
	}
	var main, aside []string
	for _, p := range f.Parts {
		var text string
		if p.Cell != nil && p.Cell.Kind == view.ID {
			// An ID to copy: whole, as code.
			q := p
			q.Cell = nil
			text = inline(m.h.Part(f.Kind, q)) + Code(p.Cell.Text)
		} else {
			text = inline(m.h.Part(f.Kind, p))
		}
		if p.Aside {
			aside = append(aside, text)
		} else {
			main = append(main, text)
		}
	}
	line := strings.Join(main, m.g.Sep)
	if f.Kind == view.Totals {
		line = Strong(line)
	} else {
		line = "_" + line + "_"
	}
	for _, a := range aside {
		line += m.g.Sep + a
	}
	m.o.Line(indent + line)
}

// items is a numbered list under its heading in bold.
func (m Writer) items(it view.Items) error {
	if it.Heading != "" {
		m.o.Line("**" + m.h.Text(it.Heading) + "**")
		m.o.Gap()
	}
	for i, e := range it.Entries {
		m.entry(i+1, e)
	}
	i := len(it.Entries)
	return view.Drain(it.More, m.o.Err, func(e view.Entry) { i++; m.entry(i, e) })
}

// entry is entry number i of a numbered list.
func (m Writer) entry(i int, e view.Entry) {
	line := strconv.Itoa(i) + ". " + Strong(inline(m.h.Text(e.Name)))
	if e.Tag != "" {
		line += " [" + inline(m.h.Text(e.Tag)) + "]"
	}
	if e.Summary != "" {
		line += " " + m.g.Dash + " " + inline(m.cutWords(m.h.Text(e.Summary)))
	}
	m.o.Line(line)
	for _, l := range e.Lines {
		m.o.Line("   - " + inline(m.h.Text(l)))
	}
	m.extra(e.Extra, false, "   ")
}

// relations is "- **Graphiti** ──uses as backend──▶ **Neo4j** (0.92): fact".
func (m Writer) relations(rs view.Relations) {
	m.o.Line("**" + m.h.Text(rs.Heading) + "**")
	m.o.Gap()
	for _, r := range rs.Relations {
		line := "- " + Strong(inline(m.h.Text(r.From))) + " " + m.g.RelFrom + inline(m.h.Text(r.Rel)) + m.g.RelTo + " " + Strong(inline(m.h.Text(r.To)))
		if r.Score != nil {
			line += " (" + m.h.Cell(*r.Score) + ")"
		}
		if r.Invalid != nil {
			line += m.g.Sep + "invalid since " + m.h.Cell(*r.Invalid)
		}
		if r.Detail != "" {
			line += ": " + inline(m.cutWords(m.h.Text(r.Detail)))
		}
		m.o.Line(line)
		m.extra(r.Extra, false, "  ")
	}
}

// timeline is "- **name** · when · source: content".
func (m Writer) timeline(tl view.Timeline) {
	m.o.Line("**" + m.h.Text(tl.Heading) + "**")
	m.o.Gap()
	for _, e := range tl.Events {
		line := "- " + Strong(inline(m.h.Text(e.Name)))
		if e.At != nil {
			line += m.g.Sep + m.h.Cell(*e.At)
		}
		if e.Source != "" {
			line += m.g.Sep + inline(m.h.Text(e.Source))
		}
		if e.Content != "" {
			line += ": " + inline(m.cutWords(m.h.Text(e.Content)))
		}
		m.o.Line(line)
		m.extra(e.Extra, false, "  ")
	}
}

// code is a heading with the path, lines and score, and the code in a
// fenced block in its language; under --verbose the context before and
// after in blocks of their own.
func (m Writer) code(c view.Code) {
	head := "### " + Code(c.Path+c.Lines)
	if c.Score != nil {
		head += m.g.Sep + m.h.Cell(*c.Score)
	}
	m.o.Line(head)
	m.o.Gap()
	if m.opt.Verbose && strings.TrimSpace(c.Before) != "" {
		m.o.Line("_before_")
		m.o.Gap()
		m.codeBlock(c.Before, c.Language, false)
		m.o.Gap()
	}
	m.codeBlock(c.Text, c.Language, !m.opt.Verbose)
	if m.opt.Verbose && strings.TrimSpace(c.After) != "" {
		m.o.Gap()
		m.o.Line("_after_")
		m.o.Gap()
		m.codeBlock(c.After, c.Language, false)
	}
	m.extra(c.Extra, true, "")
}

// codeBlock writes code in a fenced block: concise, the first codeLines
// lines and a count of the rest after the block.
func (m Writer) codeBlock(code, lang string, limit bool) {
	lns := format.Lines(code, m.g.Ellipsis)
	more := 0
	if limit && len(lns) > codeLines {
		more = len(lns) - codeLines
		lns = lns[:codeLines]
	}
	m.fenced(code, lang, lns, func(ln string) string { return sanitize.String(strings.ReplaceAll(ln, "\t", "    "), 0) })
	if more > 0 {
		m.o.Line("_" + m.g.Ellipsis + " " + format.Count(more, "more line") + "_")
	}
}

// fenced writes lines of text in a fenced block in lang, each made safe
// by safe; the fence is longer than any run of backticks in text.
func (m Writer) fenced(text, lang string, lines []string, safe func(string) string) {
	f := fence(text)
	m.o.Line(f + lang)
	for _, ln := range lines {
		m.o.Line(safe(ln))
	}
	m.o.Line(f)
}

// fence returns a code fence longer than any run of backticks in code.
func fence(code string) string { return strings.Repeat("`", max(3, backticks(code)+1)) }
