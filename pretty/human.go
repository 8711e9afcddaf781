package pretty

import (
	"bytes"
	"sort"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/charmbracelet/x/ansi"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/relative"
	"github.com/khive-ai/khive-pretty/sanitize"
	"github.com/khive-ai/khive-pretty/table"
	"github.com/khive-ai/khive-pretty/theme"
)

// human renders for a person at a terminal. Without --verbose it shortens
// (IDs, times, scores, long text); error envelopes are never shortened.
type human struct {
	o     *out
	opt   Options
	th    theme.Theme
	g     glyphs.Set
	width int // 0: no limit
	depth int // levels of nesting above what is being rendered
	// md is Markdown's use of the renderer: deterministic (no relative
	// times: timestamps to whole seconds, or as written under --verbose),
	// and line breaks inside a value as spaces.
	md bool
}

// style is what human output looks like for a run: the theme and the glyph
// set, made once from the options.
type style struct {
	th   theme.Theme
	g    glyphs.Set
	json jsonTheme
}

func newStyle(opt Options) style {
	g := glyphs.Unicode()
	if opt.ASCII {
		g = glyphs.ASCII()
	}
	th := theme.New(opt.Color)
	return style{th: th, g: g, json: jsonTheme{key: th.JSONKey, str: th.JSONString, num: th.JSONNumber, lit: th.JSONLiteral, null: th.Faint}}
}

func newHuman(o *out, opt Options, st style) human {
	w := opt.Width
	if opt.Verbose {
		w = 0
	}
	return human{o: o, opt: opt, th: st.th, g: st.g, width: w}
}

func (h human) document(v Value) {
	if r := findRenderer(v, ""); r != nil && h.special(r, v, "") {
		return
	}
	switch classify(v) {
	case ShapeBatch:
		h.batch(v)
	case ShapeError:
		h.errorBlock(v, 0, "")
	case ShapeEnvelope:
		h.envelope(v, "", false)
	case ShapeList:
		h.list(v, 0)
	case ShapeRecords:
		h.records(v.Items, 0, false)
		h.countLine(len(v.Items), noun(v.Items, ""), 0)
	case ShapeRecord:
		h.record(v, 0, false, false)
	case ShapeScalars:
		h.inline(v.Items, 0)
	case ShapeArray:
		if short, deep := h.tooDeep(v); deep {
			h.o.line(h.th.Faint.Render(short))
			return
		}
		for _, it := range v.Items {
			h.deeper().document(it)
			h.o.gap()
		}
	default:
		h.scalarBlock("", v, 0)
	}
}

// --- values ---------------------------------------------------------------

// short reports whether values are shortened: not under --verbose, and
// never inside an error envelope (raw).
func (h human) short(raw bool) bool { return !raw && !h.opt.Verbose }

// text makes untrusted text safe for one line of a terminal, and in
// Markdown's mode also escapes what Markdown would read as structure.
func (h human) text(s string) string {
	s = h.bound(s)
	if strings.IndexByte(s, '\n') >= 0 {
		nl := h.g.Newline
		if h.md {
			nl = " "
		}
		s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", nl)
	}
	s = sanitize.String(s, 0)
	if h.md {
		s = mdEscape(s)
	}
	return s
}

// cell formats one value for a table cell or the value side of a key/value
// line: the field conventions turn into glyphs, short IDs, relative times,
// rounded scores and readable durations.
func (h human) cell(key string, v Value, raw bool) table.Cell {
	short := h.short(raw)
	switch v.Kind {
	case Null:
		if raw {
			return table.Cell{Text: "null", Style: h.th.Faint}
		}
		return table.Cell{Text: h.g.Dash, Style: h.th.Faint} // lifecycle null: "not yet"
	case Bool:
		m := h.g.Bool(v.IsTrue())
		return table.Cell{Text: m.Glyph, Style: h.th.Tone(m.Tone)}
	case Number:
		if short {
			if isScoreKey(key) {
				return table.Cell{Text: sig3(v.Text)}
			}
			if unit, ok := durationUnit(key); ok {
				if d, ok := humanDuration(v.Text, unit, h.g.Micro); ok {
					return table.Cell{Text: d}
				}
			}
		}
		return table.Cell{Text: h.bound(v.Text)}
	case String:
		return h.stringCell(key, v.Text, raw)
	case Array:
		if len(v.Items) == 0 {
			return table.Cell{Text: "[]", Style: h.th.Faint}
		}
		if short, deep := h.tooDeep(v); deep {
			return table.Cell{Text: short, Style: h.th.Faint}
		}
		h = h.deeper()
		if allScalars(v.Items) {
			parts := make([]string, len(v.Items))
			for i, it := range v.Items {
				parts[i] = h.cell(key, it, raw).Text
			}
			return table.Cell{Text: strings.Join(parts, ", ")}
		}
		if short {
			return table.Cell{Text: count(len(v.Items), "item"), Style: h.th.Faint}
		}
		return table.Cell{Text: h.text(compactJSON(v))}
	case Object:
		if short, deep := h.tooDeep(v); deep {
			return table.Cell{Text: short, Style: h.th.Faint}
		}
		h = h.deeper()
		var parts []string
		for _, m := range v.Members {
			if short && isFiller(m.Key, m.Value, false) {
				continue
			}
			parts = append(parts, h.text(m.Key)+"="+h.cell(m.Key, m.Value, raw).Text)
		}
		if len(parts) == 0 {
			return table.Cell{Text: "{}", Style: h.th.Faint}
		}
		return table.Cell{Text: strings.Join(parts, " ")}
	}
	return table.Cell{}
}

func (h human) stringCell(key, s string, raw bool) table.Cell {
	short := h.short(raw)
	switch {
	case s == "":
		return table.Cell{Text: `""`, Style: h.th.Faint}
	case isUUID(s):
		if short {
			s = s[:8]
		}
		return table.Cell{Text: s, Style: h.th.ID}
	case isIDKey(key) && !strings.ContainsAny(s, " \n"):
		return table.Cell{Text: h.text(s), Style: h.th.ID}
	}
	if short {
		if t, ok := relative.Parse(s); ok {
			if h.md {
				return table.Cell{Text: t.Format("2006-01-02T15:04:05Z07:00")}
			}
			return table.Cell{Text: relative.Format(t, h.opt.Now)}
		}
	}
	text := h.text(s)
	var m glyphs.Mark
	var ok bool
	switch {
	case isStatusKey(key):
		m, ok = h.g.Status(s)
	case key == "outcome":
		m, ok = h.g.Outcome(s)
	case key == "dependency_state":
		m, ok = h.g.Dependency(s)
	case key == "priority":
		if st, ok := h.th.Priority(s); ok {
			return table.Cell{Text: text, Style: st}
		}
	}
	if ok {
		if m.Glyph != "" {
			text = m.Glyph + " " + text
		}
		return table.Cell{Text: text, Style: h.th.Tone(m.Tone)}
	}
	return table.Cell{Text: text}
}

// --- key/value blocks -----------------------------------------------------

// record writes an object as aligned key/value lines; nested objects are
// indented under their key, arrays of objects become indented tables.
// raw (inside an error) drops nothing and shortens nothing.
func (h human) record(v Value, indent int, raw, inProps bool) {
	var shown []Member
	for _, m := range v.Members {
		if !raw && isFiller(m.Key, m.Value, inProps) {
			continue
		}
		if m.Key == "full_id" && h.short(raw) {
			continue // a copy of the full UUID next to a short id
		}
		shown = append(shown, m)
	}
	// Deep nesting in a narrow terminal stops indenting where values would
	// have no room left.
	if h.width > 0 {
		indent = min(indent, max(h.width-minValueW-4, 0))
	}
	keyW := 0
	for _, m := range shown {
		keyW = max(keyW, table.Width(h.text(m.Key)))
	}
	// A key is never so wide that its value has no room: wider keys are
	// cut (in an error, which is never cut, a key that long gets lines of
	// its own, its value under it).
	capW := keyW
	if h.width > 0 {
		capW = max(h.width-indent-2-minValueW, 4)
		keyW = min(keyW, capW)
	}
	pad := strings.Repeat(" ", indent)
	for _, m := range shown {
		key := h.text(m.Key)
		val := m.Value
		// A key on a line of its own (over a nested block) has the line.
		if !val.Scalar() && h.width > 0 && !raw {
			key = table.Cut(key, h.width-indent, h.g.Ellipsis)
		} else if table.Width(key) > capW {
			if !raw {
				key = table.Cut(key, capW, h.g.Ellipsis)
			} else if val.Scalar() {
				for _, ln := range wrapText(key, h.width-indent) {
					h.o.line(pad + h.th.Key.Render(ln))
				}
				h.wrapped(h.cell(m.Key, val, raw), indent+2, indent+2)
				continue
			}
		}
		props := inProps || m.Key == "properties"
		short, deep := "", false
		if val.Kind == Object || val.Kind == Array {
			short, deep = h.tooDeep(val)
		}
		switch {
		case deep && (len(val.Members) > 0 || len(val.Items) > 0):
			h.o.line(pad + h.th.Key.Render(key) + strings.Repeat(" ", max(keyW-table.Width(key), 0)+2) + h.th.Faint.Render(short))
		case val.Kind == Object && len(val.Members) > 0:
			h.o.line(pad + h.th.Key.Render(key))
			h.deeper().record(val, indent+2, raw, props)
		case val.Kind == Array && allObjects(val.Items):
			h.o.line(pad + h.th.Key.Render(key))
			h.deeper().records(val.Items, indent+2, raw)
		case val.Kind == Array && !allScalars(val.Items):
			h.o.line(pad + h.th.Key.Render(key))
			items := Value{Kind: Object}
			for i, it := range val.Items {
				items.Members = append(items.Members, Member{Key: "[" + itoa(i) + "]", Value: it})
			}
			h.deeper().record(items, indent+2, raw, props)
		case val.Kind == String && strings.Contains(val.Text, "\n"):
			h.multiline(pad+h.th.Key.Render(key)+strings.Repeat(" ", max(keyW-table.Width(key), 0)+2), indent+keyW+2, val.Text, raw)
		default:
			c := h.cell(m.Key, val, raw)
			prefix := pad + h.th.Key.Render(key) + strings.Repeat(" ", max(keyW-table.Width(key), 0)+2)
			if raw && h.width > 0 {
				h.wrappedAfter(prefix, c, indent+keyW+2)
				continue
			}
			text := c.Text
			if h.width > 0 {
				text = table.Cut(text, h.width-indent-keyW-2, h.g.Ellipsis)
			}
			h.o.line(prefix + c.Style.Render(text))
		}
	}
}

// minValueW is the room a value keeps however long its key.
const minValueW = 12

// wrapText breaks sanitised, unstyled text into lines at most w columns
// wide: at spaces (never inside an ID at its hyphens), and inside a word
// only when the word alone is wider than a line.
func wrapText(s string, w int) []string {
	if w <= 0 || table.Width(s) <= w {
		return []string{s}
	}
	var lines []string
	var cur strings.Builder
	curW := 0
	flush := func() {
		lines = append(lines, cur.String())
		cur.Reset()
		curW = 0
	}
	for _, word := range strings.Split(s, " ") {
		ww := table.Width(word)
		switch {
		case curW > 0 && curW+1+ww <= w:
			cur.WriteByte(' ')
			cur.WriteString(word)
			curW += 1 + ww
			continue
		case curW > 0:
			flush()
		}
		if ww <= w {
			cur.WriteString(word)
			curW = ww
			continue
		}
		// A word wider than a line: hard breaks, the last piece carries on.
		pieces := strings.Split(ansi.Hardwrap(word, w, false), "\n")
		lines = append(lines, pieces[:len(pieces)-1]...)
		cur.WriteString(pieces[len(pieces)-1])
		curW = table.Width(pieces[len(pieces)-1])
	}
	if curW > 0 || len(lines) == 0 {
		flush()
	}
	return lines
}

// wrapped writes a cell that must not be cut (in an error), wrapped: its
// first line at column first, the others at column col.
func (h human) wrapped(c table.Cell, first, col int) {
	h.wrappedAfter(strings.Repeat(" ", first), c, col)
}

// wrappedAfter writes a cell that must not be cut after prefix (which
// ends at column col), wrapped so that its further lines start at col; when
// that leaves too little room, the value starts on the next line, further
// left.
func (h human) wrappedAfter(prefix string, c table.Cell, col int) {
	if h.width > 0 && h.width-col < minValueW {
		h.o.line(strings.TrimRight(prefix, " "))
		prefix, col = "", max(min(col, h.width-minValueW), 0)
	}
	for i, ln := range wrapText(c.Text, h.width-col) {
		if i == 0 && prefix != "" {
			h.o.line(prefix + c.Style.Render(ln))
			continue
		}
		h.o.line(strings.Repeat(" ", col) + c.Style.Render(ln))
	}
}

// multiline writes text that has line breaks: the first line after prefix,
// the rest aligned under it, each cut to the width unless raw (then
// wrapped) or verbose.
func (h human) multiline(prefix string, col int, s string, raw bool) {
	lines := strings.Split(strings.ReplaceAll(h.bound(s), "\r\n", "\n"), "\n")
	if raw && h.width > 0 {
		var all []string
		for _, ln := range lines {
			all = append(all, wrapText(sanitize.String(ln, 0), h.width-col)...)
		}
		lines = all
	}
	for i, ln := range lines {
		ln = sanitize.String(ln, 0)
		if h.width > 0 && !raw {
			ln = table.Cut(ln, h.width-col, h.g.Ellipsis)
		}
		if i == 0 {
			h.o.line(strings.TrimRight(prefix+ln, " "))
		} else {
			h.o.line(strings.TrimRight(strings.Repeat(" ", col)+ln, " "))
		}
	}
}

// scalarBlock writes a lone scalar (a whole document, or an envelope's result).
func (h human) scalarBlock(key string, v Value, indent int) {
	if v.Kind == String && strings.Contains(v.Text, "\n") {
		h.multiline(strings.Repeat(" ", indent), indent, v.Text, false)
		return
	}
	c := h.cell(key, v, false)
	h.o.line(strings.Repeat(" ", indent) + c.Style.Render(c.Text))
}

// inline writes an array of scalars as a comma-separated list, wrapped to
// the width.
func (h human) inline(items []Value, indent int) {
	if len(items) == 0 {
		h.o.line(strings.Repeat(" ", indent) + h.th.Faint.Render("[]"))
		return
	}
	var b strings.Builder
	lineW := indent
	b.WriteString(strings.Repeat(" ", indent))
	for i, it := range items {
		c := h.cell("", it, it.Kind == Null) // a null in a list is "null", not "not yet"
		w := table.Width(c.Text)
		if i > 0 {
			if h.width > 0 && lineW+2+w > h.width {
				b.WriteString(",")
				h.o.line(b.String())
				b.Reset()
				b.WriteString(strings.Repeat(" ", indent))
				lineW = indent
			} else {
				b.WriteString(", ")
				lineW += 2
			}
		}
		b.WriteString(c.Style.Render(c.Text))
		lineW += w
	}
	h.o.line(b.String())
}

// --- tables ---------------------------------------------------------------

// records writes rows as a table fitted to the width: columns chosen and
// ordered by usefulness, empty ones left out, the first score with a bar.
//
// In an error (raw), which is never cut, a table too wide for the terminal
// becomes its rows one after another, as key/value blocks that wrap.
func (h human) records(rows []Value, indent int, raw bool) {
	t := h.newRecordTable(rows, raw)
	grid := make([][]table.Cell, len(rows))
	for r, row := range rows {
		grid[r] = t.cells(row)
	}
	if raw && h.width > 0 && !fitsWhole(t.tcols, grid, h.width-indent) {
		items := Value{Kind: Object}
		for i, row := range rows {
			items.Members = append(items.Members, Member{Key: "[" + itoa(i) + "]", Value: row})
		}
		h.record(items, indent, raw, false)
		return
	}
	table.Render(h.o, t.tcols, grid, h.tableOptions(indent))
}

// fitsWhole reports whether a table fits in avail columns with nothing cut.
func fitsWhole(cols []table.Column, grid [][]table.Cell, avail int) bool {
	total := 2 * max(len(cols)-1, 0)
	for i, c := range cols {
		w := table.Width(c.Header)
		for _, row := range grid {
			w = max(w, table.Width(row[i].Text))
		}
		total += w
	}
	return total <= avail
}

func (h human) tableOptions(indent int) table.Options {
	return table.Options{Width: h.width, Indent: indent, Gap: 2, Ellipsis: h.g.Ellipsis, Header: h.th.Header}
}

// recordTable is the column plan of a table of records, decided from its
// rows (or, for a long list, its first rows); it then formats any row.
type recordTable struct {
	h     human
	raw   bool
	tcols []table.Column
	keys  []string       // the key of each table column ("" for a bar)
	index map[string]int // key and occurrence → table column
	bar   int            // the table column of the bar, or -1
	top   float64        // the bar's full scale
	occ   map[string]int // occurrences of keys in the row being formatted
	// memo keeps the cells of short strings by column: statuses, kinds,
	// priorities and assignees repeat on every row of a long list.
	memo    []map[string]table.Cell
	row     []Member // the members of the streamed row being read
	rowCols []int    // and their table columns
	colsBuf []int
	tmp     []byte
	// keyBuf holds the keys of the streamed row read so far, each ending
	// at its keyEnds offset.
	keyBuf  []byte
	keyEnds []int
}

func (h human) newRecordTable(rows []Value, raw bool) *recordTable {
	type column struct {
		key   string
		occ   int
		info  colInfo
		has   bool // some row has a value worth showing
		kind  Kind
		time  bool // every value is a timestamp
		score []Value
	}
	var cols []*column
	byID := map[string]*column{}
	for _, row := range rows {
		seen := map[string]int{}
		for _, m := range row.Members {
			occ := seen[m.Key]
			seen[m.Key]++
			id := occKey(m.Key, occ)
			c := byID[id]
			if c == nil {
				c = &column{key: m.Key, occ: occ, kind: Null, time: true}
				byID[id] = c
				cols = append(cols, c)
			}
			if raw || (!isFiller(m.Key, m.Value, false) && m.Value.Kind != Null) {
				c.has = true
			}
			if m.Value.Kind != Null {
				c.kind = m.Value.Kind
				if _, ok := relative.Parse(m.Value.Text); m.Value.Kind != String || !ok {
					c.time = false
				}
			}
			if isScoreKey(m.Key) {
				c.score = append(c.score, m.Value)
			}
		}
	}
	short := h.short(raw)
	kind := uniformKind(rows)
	var keep []*column
	for _, c := range cols {
		switch {
		case !c.has:
			continue // empty in every row
		case short && c.key == "full_id":
			continue
		case short && c.key == "kind" && kind != "":
			continue // the footer names it: "3 tasks"
		}
		c.info = columnInfo(c.key, c.kind, c.time && c.kind == String)
		keep = append(keep, c)
	}
	sort.SliceStable(keep, func(i, j int) bool { return keep[i].info.order < keep[j].info.order })

	t := &recordTable{h: h, raw: raw, index: map[string]int{}, bar: -1, occ: map[string]int{}}
	for _, c := range keep {
		t.index[occKey(c.key, c.occ)] = len(t.tcols)
		t.keys = append(t.keys, c.key)
		t.tcols = append(t.tcols, table.Column{Header: h.text(header(c.key)), Align: c.info.align, Keep: c.info.keep, Flex: c.info.flex, Min: c.info.min, Want: c.info.want})
		if t.bar < 0 && isScoreKey(c.key) && len(rows) > 1 {
			if top, ok := barScale(c.score); ok {
				t.bar, t.top = len(t.tcols), top
				t.keys = append(t.keys, "")
				t.tcols = append(t.tcols, table.Column{Keep: c.info.keep - 10})
			}
		}
	}
	return t
}

// occKey names the n-th occurrence of a key in a row (duplicate keys are
// shown, each in its own column).
func occKey(key string, n int) string {
	if n == 0 {
		return key
	}
	return key + "\x00" + itoa(n)
}

// cells formats one row for the table's columns.
func (t *recordTable) cells(row Value) []table.Cell {
	clear(t.occ)
	cols := t.colsBuf[:0]
	for _, m := range row.Members {
		n := t.occ[m.Key]
		t.occ[m.Key] = n + 1
		i, ok := t.index[occKey(m.Key, n)]
		if !ok {
			i = -1
		}
		cols = append(cols, i)
	}
	t.colsBuf = cols
	return t.cellsAt(row.Members, cols)
}

// cellsAt formats members whose table columns are known (-1: not shown).
func (t *recordTable) cellsAt(members []Member, cols []int) []table.Cell {
	out := make([]table.Cell, len(t.tcols))
	for k, m := range members {
		i := cols[k]
		if i < 0 || (!t.raw && isFiller(m.Key, m.Value, false)) {
			continue
		}
		out[i] = t.cell(i, m)
		if i+1 == t.bar && m.Value.Kind == Number {
			if f, err := parseFloat(m.Value.Text); err == nil {
				// Blank bar cells are padding, which the table adds itself:
				// kept inside the colour they would survive the trim.
				bar := strings.TrimRight(t.h.g.Bar(f/t.top, 5), " ")
				out[t.bar] = table.Cell{Text: bar, Style: t.h.th.Tone(glyphs.Accent)}
			}
		}
	}
	return out
}

// cell formats a member for table column i, through the column's memo for
// short strings that are neither IDs nor times (those rarely repeat).
func (t *recordTable) cell(i int, m Member) table.Cell {
	v := m.Value
	if v.Kind != String || len(v.Text) > 40 {
		return t.h.cell(m.Key, v, t.raw)
	}
	if t.memo == nil {
		t.memo = make([]map[string]table.Cell, len(t.tcols))
	}
	if t.memo[i] == nil {
		t.memo[i] = map[string]table.Cell{}
	}
	if c, ok := t.memo[i][v.Text]; ok {
		return c
	}
	// A cell depends only on its key and value (the clock is fixed), so
	// any may be kept; a column of distinct values just fills its share.
	c := t.h.cell(m.Key, v, t.raw)
	if len(t.memo[i]) < 256 {
		t.memo[i][v.Text] = c
	}
	return c
}

// readRow reads the next row of a streamed list for this table, keeping
// only the members its columns show and skipping the rest unread. ok is
// false after the last row.
func (t *recordTable) readRow(l *bigList) (Value, bool, error) {
	dec := l.d.dec
	if dec.PeekKind() != '{' {
		return l.next() // the end, or a row that is not an object
	}
	if _, err := dec.ReadToken(); err != nil {
		return Value{}, false, err
	}
	t.row, t.rowCols = t.row[:0], t.rowCols[:0]
	t.keyBuf, t.keyEnds = t.keyBuf[:0], t.keyEnds[:0]
	for dec.PeekKind() != '}' {
		name, err := dec.ReadValue()
		if err != nil {
			return Value{}, false, err
		}
		key := name[1 : len(name)-1]
		if bytes.IndexByte(key, '\\') >= 0 {
			t.tmp, _ = jsontext.AppendUnquote(t.tmp[:0], name)
			key = t.tmp
		}
		// The occurrence counts every member of the row, shown or not, as
		// cells does: a repeated key is told apart by its place.
		n := 0
		start := 0
		for _, end := range t.keyEnds {
			if bytes.Equal(t.keyBuf[start:end], key) {
				n++
			}
			start = end
		}
		t.keyBuf = append(t.keyBuf, key...)
		t.keyEnds = append(t.keyEnds, len(t.keyBuf))
		i, shown := t.index[occKey(string(key), n)]
		if !shown {
			if err := dec.SkipValue(); err != nil {
				return Value{}, false, err
			}
			continue
		}
		v, err := l.d.value()
		if err != nil {
			return Value{}, false, err
		}
		t.row = append(t.row, Member{Key: t.keys[i], Value: v})
		t.rowCols = append(t.rowCols, i)
	}
	if _, err := dec.ReadToken(); err != nil {
		return Value{}, false, err
	}
	return Value{Kind: Object, Members: t.row}, true, nil
}

// barScale is the largest of a score column's values: bars are drawn
// relative to it, so rows compare at a glance whatever the score's scale
// (RRF scores are around 0.03). No bar when a value is negative or none is
// above zero.
func barScale(vals []Value) (float64, bool) {
	top := 0.0
	for _, v := range vals {
		if v.Kind != Number {
			continue
		}
		f, err := parseFloat(v.Text)
		if err != nil || f < 0 {
			return 0, false
		}
		top = max(top, f)
	}
	return top, top > 0
}

// --- shapes ---------------------------------------------------------------

// list writes a list envelope: the table, then a footer with the count and
// what the metadata says ("more available"); other fields below.
func (h human) list(v Value, indent int) {
	key, rows, _ := listRows(v)
	if len(rows.Items) > 0 {
		h.records(rows.Items, indent, false)
	}
	h.listFooter(v, key, len(rows.Items), noun(rows.Items, key), indent)
}

// listFooter writes what follows a list's table: "3 tasks · more
// available", then the list's other fields (all of them under --verbose).
func (h human) listFooter(v Value, key string, n int, singular string, indent int) {
	faint := h.th.Faint.Render
	parts := []string{faint(count(n, singular))}
	if hm, _ := v.Get("has_more"); hm.IsTrue() {
		parts = append(parts, faint("more available"))
	}
	if na, ok := v.Get("next_after"); ok && na.Kind != Null {
		parts = append(parts, faint("more after "+h.cell("next_after", na, false).Text))
	}
	if lc, _ := v.Get("limit_clamped"); lc.IsTrue() {
		clamp := "limit clamped"
		if e, ok := v.Get("effective_limit"); ok {
			clamp += " to " + plainScalar(e)
		}
		if r, ok := v.Get("requested_limit"); ok {
			clamp += " (asked " + plainScalar(r) + ")"
		}
		parts = append(parts, h.th.Tone(glyphs.Warn).Render(clamp))
	}
	h.summaryLine(parts, indent)
	// What the footer does not say: everything under --verbose, and fields
	// that are not list metadata at all.
	rest := Value{Kind: Object}
	for _, m := range v.Members {
		if m.Key != key && (h.opt.Verbose || !isListMetaKey(m.Key)) {
			rest.Members = append(rest.Members, m)
		}
	}
	if len(rest.Members) > 0 {
		h.record(rest, indent, false, false)
	}
}

// envelope writes {"ok": true, "tool": …, "result": …}. At the top level a
// list is its own title (its footer counts it) and other results are
// titled "✓ tool"; as an op of a batch (nested) every op is titled, after
// its number, and its whole body is indented under the title.
func (h human) envelope(v Value, num string, nested bool) {
	res, _ := v.Get("result")
	title := h.okTitle(v, num)
	indent := 0
	if nested {
		indent = 2
	}
	if r := findRenderer(res, v.str("tool")); r != nil && h.special(r, res, title) {
		h.envelopeRest(v, indent, nested)
		return
	}
	switch shape := classify(res); shape {
	case ShapeList, ShapeRecords:
		if nested || h.opt.Verbose {
			h.o.line(title)
		}
		if shape == ShapeList {
			h.list(res, indent)
		} else {
			h.records(res.Items, indent, false)
			h.countLine(len(res.Items), noun(res.Items, "results"), indent)
		}
	case ShapeRecord:
		h.o.line(title)
		h.record(res, 2, false, false)
	case ShapeScalar:
		switch {
		case res.Kind == Null: // no result, or an empty one: the ✓ says it all
			h.o.line(title)
		case res.Kind == String && strings.Contains(res.Text, "\n"):
			h.o.line(title)
			h.scalarBlock("result", res, 2)
		default:
			c := h.cell("result", res, false)
			h.o.line(title + "  " + c.Style.Render(c.Text))
		}
	case ShapeScalars:
		h.o.line(title)
		h.inline(res.Items, 2)
	default:
		h.o.line(title)
		h.document(res)
	}
	h.envelopeRest(v, indent, nested)
}

// envelopeRest writes an envelope's fields other than ok, tool and result
// (search's status and backend errors, say) after the result.
func (h human) envelopeRest(v Value, indent int, nested bool) {
	if rest := okRest(v); !isFiller("", rest, false) {
		if !nested {
			h.o.gap()
		}
		h.record(rest, indent, false, false)
	}
}

// okTitle is the first line of a successful envelope: "✓ tool".
func (h human) okTitle(v Value, num string) string {
	return num + h.th.Tone(glyphs.Good).Render(h.g.OKMark) + " " + h.th.Bold.Render(h.text(v.str("tool")))
}

// errorBlock writes an error envelope so that it stands out: ✗, the tool,
// the kind, the message in full, then every detail, nothing shortened.
func (h human) errorBlock(v Value, indent int, num string) {
	ev := viewError(v)
	kind, msg, aborted := ev.kind, ev.msg, ev.aborted
	mark, style := h.g.ErrorMark, h.th.ErrorTitle
	if aborted {
		mark, style = h.g.AbortMark, h.th.Tone(glyphs.Warn)
	}
	pad := strings.Repeat(" ", indent)
	tool := h.text(ev.tool)
	if tool == "" {
		tool = "error"
	}
	kindStyle := h.th.Tone(glyphs.Bad)
	if aborted {
		kindStyle = style
	}
	head := mark + " " + tool
	numW := table.Width(ansi.Strip(num))
	body := indent + 2
	kindText := h.text(kind)
	oneLine := indent + numW + table.Width(head)
	if kind != "" {
		oneLine += 2 + table.Width(kindText)
	}
	if h.width <= 0 || oneLine <= h.width {
		title := pad + num + style.Render(head)
		if kind != "" {
			title += "  " + kindStyle.Render(kindText)
			if aborted {
				title = pad + num + style.Render(head+"  "+kindText)
			}
		}
		h.o.line(strings.TrimRight(title, " "))
	} else {
		// Too wide for one line, and an error is never cut: the tool wraps
		// after the number, the kind gets lines of its own under it.
		for i, ln := range wrapText(head, h.width-indent-numW) {
			lead := pad + num
			if i > 0 {
				lead = pad + strings.Repeat(" ", numW)
			}
			h.o.line(lead + style.Render(ln))
		}
		if kind != "" {
			for _, ln := range wrapText(kindText, h.width-body) {
				h.o.line(strings.Repeat(" ", body) + kindStyle.Render(ln))
			}
		}
	}
	if msg != "" {
		for _, ln := range strings.Split(strings.ReplaceAll(h.bound(msg), "\r\n", "\n"), "\n") {
			for _, part := range wrapText(sanitize.String(ln, 0), h.width-body) {
				h.o.line(strings.TrimRight(strings.Repeat(" ", body)+part, " "))
			}
		}
	}
	if details := ev.details(); len(details.Members) > 0 {
		h.record(details, body, true, false)
	}
}

func sameScalar(obj Value, m Member) bool {
	o, ok := obj.Get(m.Key)
	return ok && o.Kind == m.Value.Kind && o.Text == m.Value.Text
}

// batch writes one section per op, numbered, then the summary line.
func (h human) batch(v Value) {
	res, _ := v.Get("results")
	for i, r := range res.Items {
		num := h.th.Faint.Render(itoa(i+1)) + " "
		if isErrorEnvelope(r) {
			h.errorBlock(r, 0, num)
		} else {
			h.envelope(r, num, true)
		}
		h.o.gap()
	}
	bv := viewBatch(v)
	var parts []string
	for _, m := range bv.counts {
		txt := h.text(scalarText(m.Value)) + " " + h.text(m.Key)
		tone := glyphs.Neutral
		if m.Value.Text != "0" {
			switch m.Key {
			case "succeeded":
				tone = glyphs.Good
			case "failed":
				tone = glyphs.Bad
			case "aborted":
				tone = glyphs.Warn
			}
		}
		parts = append(parts, h.th.Tone(tone).Render(txt))
	}
	if bv.status != "" {
		m, _ := h.g.Status(bv.status)
		parts = append(parts, h.th.Tone(m.Tone).Render(h.text(bv.status)))
	}
	h.summaryLine(parts, 0)
	if !isFiller("", bv.rest, false) {
		h.record(bv.rest, 0, false, false)
	}
}

// summaryLine joins the parts of a footer with a faint separator and,
// rather than cut what it says, wraps it between parts to stay within the
// width. Parts come styled; widths are measured without their escapes.
func (h human) summaryLine(parts []string, indent int) {
	pad := strings.Repeat(" ", indent)
	var line []string
	lineW := indent
	flush := func() {
		if len(line) > 0 {
			h.o.line(pad + strings.Join(line, h.th.Faint.Render(h.g.Sep)))
		}
		// Continuation lines hang under the first.
		pad = strings.Repeat(" ", indent+2)
		line, lineW = nil, indent+2
	}
	sepW := table.Width(h.g.Sep)
	for _, p := range parts {
		w := table.Width(ansi.Strip(p))
		if len(line) > 0 && h.width > 0 && lineW+sepW+w > h.width {
			flush()
		}
		if h.width > 0 && lineW+w > h.width {
			// One part wider than a line wraps at its spaces; its last
			// piece goes on like any part.
			pieces := strings.Split(ansi.Wordwrap(p, h.width-lineW, " "), "\n")
			for _, piece := range pieces[:len(pieces)-1] {
				line = append(line, strings.TrimRight(piece, " "))
				flush()
			}
			p = pieces[len(pieces)-1]
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

// countLine is the footer of a bare list of records: "3 items".
func (h human) countLine(n int, singular string, indent int) {
	h.summaryLine([]string{h.th.Faint.Render(count(n, singular))}, indent)
}

// special shows v with a specialised renderer, after title if there is
// one, and reports false (having written nothing) if the renderer failed.
func (h human) special(r *shapeRenderer, v Value, title string) bool {
	return special(h.o, h.opt, r.name, func(o *out) error {
		hh := h
		hh.o = o
		if title != "" {
			o.line(title)
		}
		return r.human(hh, v)
	})
}
