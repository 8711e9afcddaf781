package human

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/relative"
	"github.com/khive-ai/khive-pretty/table"
)

// short reports whether a cell is shortened: not under --verbose, and
// never inside an error.
func (h *Writer) short(c *view.Cell) bool { return !c.Exact && !h.opt.Verbose }

// cell formats one value for a table cell or the value side of a key/value
// line, by what it means: glyphs, short IDs, relative times, rounded
// scores, readable durations.
func (h *Writer) cell(c view.Cell) table.Cell { return h.cellAt(&c) }

// cellAt is cell for a cell in place: a cell is large, and a long table
// has millions of them.
func (h *Writer) cellAt(c *view.Cell) table.Cell {
	short := h.short(c)
	switch c.Kind {
	case view.Null:
		return table.Cell{Text: "null", Style: h.th.Faint}
	case view.Hints:
		return h.hints(c.Sub.Hints)
	case view.NotYet:
		return table.Cell{Text: h.g.Dash, Style: h.th.Faint}
	case view.Bool:
		switch c.Tone {
		case view.Good:
			return table.Cell{Text: h.g.True, Style: h.tone(c.Tone)} // ok: true
		case view.Bad:
			return table.Cell{Text: h.g.False, Style: h.tone(c.Tone)} // ok: false, error: true
		case view.Warn:
			return table.Cell{Text: c.Text, Style: h.tone(c.Tone)} // partial: true
		}
		// A flag, not an outcome (rm, is_terminal, content_appended): a
		// mark of success or failure would say what it does not.
		return table.Cell{Text: c.Text}
	case view.Number, view.Score, view.Duration, view.Bytes:
		switch {
		case !short || c.Kind == view.Number:
		case c.Kind == view.Score:
			return table.Cell{Text: format.Sig3(c.Text)}
		case c.Kind == view.Duration:
			if d, ok := format.Duration(c.Text, c.Unit, h.g.Micro); ok {
				return table.Cell{Text: d}
			}
		default:
			if n, err := strconv.ParseInt(c.Text, 10, 64); err == nil && n >= 0 {
				return table.Cell{Text: format.Bytes(n)}
			}
		}
		return table.Cell{Text: format.Bound(c.Text, h.g.Ellipsis)}
	case view.Empty:
		return table.Cell{Text: c.Text, Style: h.th.Faint}
	case view.Deep:
		return table.Cell{Text: format.Deep(c.Text, h.g.Ellipsis, c.N), Style: h.th.Faint}
	case view.Bar:
		// Blank bar cells are padding, which the table adds itself: kept
		// inside the colour they would survive the trim.
		return table.Cell{Text: strings.TrimRight(h.g.Bar(c.Frac, 5), " "), Style: h.tone(view.Accent)}
	case view.List:
		var few [8]string // a short list's (tags): on the stack
		parts := few[:0]
		items := c.Items()
		// Items that hold the separator are quoted, all of them: npm ls's
		// "missing: left-pad@^1.3.0, required by npmproj@1.0.0" read as
		// two items beside a third.
		quote := len(items) > 1 && slices.ContainsFunc(items, func(it view.Cell) bool { return it.IsString() && strings.Contains(it.Text, ", ") })
		for _, it := range items {
			t := h.cell(it).Text
			if quote && it.IsString() {
				t = `"` + strings.ReplaceAll(t, `"`, `\"`) + `"`
			}
			parts = append(parts, t)
		}
		return table.Cell{Text: strings.Join(parts, ", ")}
	case view.Nested:
		if short {
			return table.Cell{Text: format.Count(c.N, "item"), Style: h.th.Faint}
		}
		return table.Cell{Text: h.text(c.Text)}
	case view.Object:
		parts := make([]string, len(c.Fields()))
		for i, f := range c.Fields() {
			if f.Key == "" { // a value that needs no name: a reference's state
				parts[i] = h.cell(f.Cell).Text
				continue
			}
			parts[i] = h.text(f.Key) + "=" + h.cell(f.Cell).Text
		}
		return table.Cell{Text: strings.Join(parts, " ")}
	}
	return h.stringCell(c, short)
}

func (h *Writer) stringCell(c *view.Cell, short bool) table.Cell {
	s := c.Text
	switch {
	case s == "":
		return table.Cell{Text: `""`, Style: h.th.Faint}
	case c.Kind == view.ID:
		if short {
			s = c.Short()
		}
		return table.Cell{Text: h.text(s), Style: h.th.ID}
	case c.Kind == view.Time && short:
		if h.opt.Markdown {
			if len(c.Text) == len("2006-01-02T15:04") {
				return table.Cell{Text: c.Text} // to the minute, as khive cut it
			}
			return table.Cell{Text: c.At.Format("2006-01-02T15:04:05Z07:00")}
		}
		return table.Cell{Text: h.when(c.At, 0)}
	}
	if short && strings.IndexByte(s, '\t') >= 0 {
		// A tab in a value shortened to a line is a gap between its words
		// ("name\tstatus"), not an escape; --verbose and errors show it.
		s = strings.ReplaceAll(format.Bound(s, h.g.Ellipsis), "\t", " ") // bounded first: no copy of a long text
	}
	text := h.text(s)
	var m glyphs.Mark
	var ok bool
	switch c.Kind {
	case view.Status:
		m, ok = h.g.Status(s)
	case view.Outcome:
		m, ok = h.g.Outcome(s)
	case view.Dependency:
		m, ok = h.g.Dependency(s)
	case view.TaskStatus:
		m, ok = h.g.TaskStatus(s)
	case view.Priority:
		if st, ok := h.th.Priority(s); ok {
			return table.Cell{Text: text, Style: st}
		}
	}
	if ok {
		if m.Glyph != "" {
			text = h.withGlyph(m.Glyph, text)
		}
		return table.Cell{Text: text, Style: h.th.Tone(m.Tone)}
	}
	if c.Kind == view.URL && h.opt.Links != nil {
		return table.Cell{Text: text, Style: webLink(c.Text)}
	}
	if c.Tone != view.Neutral {
		return table.Cell{Text: text, Style: h.tone(c.Tone)} // a warning's text
	}
	return table.Cell{Text: text}
}

// memo keeps, by column, what the writer made of cells the recogniser
// numbered as repeating (Same): statuses, kinds, priorities and assignees
// repeat on every row of a long list.
type memo struct {
	cols [][]table.Cell
	// clock, by column, is whether its times older than a week show the
	// time of day beside the date: its rows share dates (clocks).
	clock []uint8
}

// clocks notes the columns of times whose rows a date alone would not
// tell apart: two different times shown as the same date (40 events
// 2026-11-01, minutes apart).
func (h *Writer) clocks(m *memo, t view.Table) {
	if h.opt.Markdown {
		return // times are written whole
	}
	m.clock = m.clock[:0]
	if len(t.Rows) < 2 {
		return
	}
	var seen map[string]time.Time // made for a column of times only
	for i := range t.Columns {
		// level is how finely the column's times are shown: as they read
		// (0), with the time of day (1), to the second (2).
		level := uint8(0)
		clear(seen)
		for _, row := range t.Rows {
			if i >= len(row) || row[i].Kind != view.Time || !h.short(&row[i]) {
				continue
			}
			s := relative.Format(row[i].At, h.opt.Now)
			if !isDate(s) {
				continue
			}
			if seen == nil {
				seen = map[string]time.Time{}
			}
			if at, ok := seen[s]; ok && !at.Equal(row[i].At) {
				level = 1 // two different times on one date
				break
			}
			seen[s] = row[i].At
		}
		// A column whose times all read alike but are not one time (log
		// lines a second apart, all "4h ago") would be said once under
		// the table as one: it reads finer until they read apart.
		for level < 2 && h.alike(t, i, level) {
			level++
		}
		if level > 0 {
			for len(m.clock) <= i {
				m.clock = append(m.clock, 0)
			}
			m.clock[i] = level
		}
	}
}

// alike reports a column of times that all read alike at level but are
// not all one time.
func (h *Writer) alike(t view.Table, i int, level uint8) bool {
	var first string
	var at time.Time
	n, differ := 0, false
	for _, row := range t.Rows {
		if i >= len(row) || row[i].Kind != view.Time || !h.short(&row[i]) {
			continue
		}
		s := h.when(row[i].At, level)
		if n == 0 {
			first, at = s, row[i].At
		} else if s != first {
			return false
		} else if !row[i].At.Equal(at) {
			differ = true
		}
		n++
	}
	return n > 1 && differ
}

// isDate reports a time relative.Format writes as its date (a week away
// or more).
func isDate(s string) bool { return len(s) == len("2006-01-02") && s[4] == '-' }

// when is a time as a shortened view shows it: how long ago, or its date
// a week away or more; at clock 1 its date and time of day, at 2 to the
// second (clocks: rows it would not tell apart otherwise).
// The date is the time's own when it was written with an offset (a due
// date), else the viewer's.
func (h *Writer) when(at time.Time, clock uint8) string {
	s := relative.Format(at, h.opt.Now)
	if clock == 0 {
		return s
	}
	if _, off := at.Zone(); off == 0 {
		at = at.In(h.opt.Now.Location())
	}
	if clock == 1 {
		return at.Format("2006-01-02 15:04")
	}
	return at.Format("2006-01-02 15:04:05")
}

// recordWhen is a time as a record's line shows it: how long ago, or a
// week away or more its date and time of day (a record has the room).
func (h *Writer) recordWhen(at time.Time) string {
	if s := relative.Format(at, h.opt.Now); !isDate(s) {
		return s
	}
	return h.when(at, 1)
}

// tableCell formats a cell of column i, through the memo for repeating
// cells.
func (h *Writer) tableCell(m *memo, i int, c *view.Cell) table.Cell {
	if c.Kind == view.Time && i < len(m.clock) && m.clock[i] > 0 && h.short(c) {
		return table.Cell{Text: h.when(c.At, m.clock[i])}
	}
	if c.Same <= 0 {
		return h.cellAt(c)
	}
	for len(m.cols) <= i {
		m.cols = append(m.cols, nil)
	}
	col := m.cols[i]
	n := int(c.Same)
	if n <= len(col) && col[n-1].Text != "" {
		return col[n-1]
	}
	tc := h.cellAt(c)
	for len(col) < n {
		col = append(col, table.Cell{})
	}
	col[n-1] = tc
	m.cols[i] = col
	return tc
}

// hints is a tool's declared behaviours as a cell: in a table its
// glyphs (a legend under it says them), a hint that has none as its
// words; in Markdown the words.
func (h *Writer) hints(hs []view.Hint) table.Cell {
	parts := make([]string, len(hs))
	tone := view.Neutral // one style for the cell: a destructive tool's warning wins
	for i, hi := range hs {
		parts[i] = hi.Text
		if g := h.HintGlyph(hi.Kind); g != "" && !h.opt.Markdown {
			parts[i] = g
		}
		if hi.Tone == view.Warn || tone == view.Neutral {
			tone = hi.Tone
		}
	}
	sep := " "
	if h.opt.Markdown {
		sep = ", "
	}
	return table.Cell{Text: h.text(strings.Join(parts, sep)), Style: h.tone(tone)}
}

// withGlyph is glyph + " " + text, made once for a pair that repeats.
func (h *Writer) withGlyph(glyph, text string) string {
	k := [2]string{glyph, text}
	if s, ok := h.glyphed[k]; ok {
		return s
	}
	s := glyph + " " + text
	if len(text) <= 32 {
		if h.glyphed == nil || len(h.glyphed) > 1024 {
			h.glyphed = make(map[[2]string]string) // a bound, for texts that do not repeat
		}
		h.glyphed[k] = s
	}
	return s
}
