package plain

import (
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/steer"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// tsv is a table of plain output. Its columns come from the rows it was
// made with; a long list streams further rows (next), and a column that
// first appears then gets a new header line, after a blank line, so that
// nothing is lost and memory does not grow with the list.
//
// Every row is read packed (value.Pack, value.ReadPacked: a row read
// token by token and a row held are the same string), and walked once
// against the tree of columns: a nested field's column hangs under its
// object's, and the tree's pre-order is the column order, so a new nested
// field goes after the fields its object already has, in one step however
// many columns there are. A key path resolves to its column through the
// tree, most often at the place the row before had it, so a row allocates
// nothing; its cells are kept in one byte arena.
type tsv struct {
	p     Writer
	keys  recognise.KeyTree[tsvCell] // the columns, the top level in order of appearance
	shown []*tsvCol
	first []value.Value // the rows it was made with, packed
	gen   int
	b     strings.Builder
	arena []byte // the current row's cells made of more than one value (lists)
	buf   []byte // packing scratch
	added bool   // a column was first used in the current row
	// fresh is the columns first used since the header was written.
	fresh []*tsvCol
	// rows and cells count the rows so far and the cells they had, empty
	// ones too, and used the columns used, for recognise.Sparse; again
	// is set while rows already counted are walked again.
	rows, cells, used int
	again             bool
	// long: rows-only output of rows too sparse for a table of columns
	// (recognise.Sparse) writes them in long form, a line a cell: row,
	// key, value. pairs are the current row's cells then, by header,
	// with no column kept for them, so that memory does not grow with
	// the keys of a sparse list; written counts the rows written.
	long    bool
	pairs   []tsvPair
	written int
}

// tsvPair is a cell of a row in long form.
type tsvPair struct{ header, text string }

// tsvCol is a column: a key path of the rows, in the table's plan of
// columns (recognise.KeyTree), and what TSV keeps of it.
type tsvCol = recognise.KeyCol[tsvCell]

type tsvCell struct {
	header string // the dotted path
	used   bool
	shows  uint8 // whether --columns shows it: 0 not known yet, 1 yes, 2 no
	// gen is the row whose cell it holds, text. The text is most often
	// part of the row's, which a row read token by token lends
	// (value.ReadPacked): it is written before the next is read.
	gen  int
	text string
}

// newTSV is the table of rows, its header written; nil, with nothing
// written, when they are too sparse for one (recognise.Sparse).
func newTSV(p Writer, rows []value.Value) *tsv {
	t := &tsv{p: p, first: make([]value.Value, len(rows))}
	for r, row := range rows {
		t.first[r] = t.pack(row)
		t.read(t.first[r])
	}
	t.fresh = t.fresh[:0]
	t.leadFirst()
	if p.header != nil && recognise.Sparse(t.used, t.rows, t.cells) {
		t.goLong()
		return t
	}
	t.choose()
	if t.sparse() || len(t.keys.Root.Kids) == 0 && len(rows) > 0 && p.header == nil {
		return nil // rows of no fields ({}) are written by index, as such
	}
	t.writeHeader()
	return t
}

// pack is row packed, as rows read token by token are.
func (t *tsv) pack(row value.Value) value.Value {
	if value.IsPacked(row) {
		return row
	}
	row, t.buf = value.Pack(t.buf, row)
	return row
}

// writeFirst writes the rows the table was made with.
func (t *tsv) writeFirst() {
	for _, row := range t.first {
		t.readAgain(row)
		t.write()
	}
}

// readAgain makes row, packed, the current row again: its cells are not
// counted twice.
func (t *tsv) readAgain(row value.Value) {
	t.again = true
	t.read(row)
	t.again = false
}

// next makes a further row (a record, packed or not) the current row,
// heading the rows from it with the new columns it brings.
func (t *tsv) next(row value.Value) {
	row = t.pack(row)
	t.read(row)
	if t.added && !t.long {
		t.newColumns()
		if t.long {
			// The row made the table too sparse for columns: it is the
			// first one written in long form, its cells read again as
			// such.
			t.readAgain(row)
		}
	}
}

// read makes row, packed, the current row.
func (t *tsv) read(row value.Value) {
	t.gen++
	t.keys.Row()
	if !t.again {
		t.rows++
	}
	t.arena = t.arena[:0]
	t.pairs = t.pairs[:0]
	t.added = false
	t.object(&t.keys.Root, "", row.Text, true)
}

// object reads the members of a packed object, body, into the row, under
// column n (in long form, under the header head): how many it had.
func (t *tsv) object(n *tsvCol, head, body string, top bool) int {
	i := 0
	for ; body != ""; i++ {
		var key string
		key, body = value.NextKey(body)
		kind, b, rest := value.NextPacked(body)
		body = rest
		if !t.again {
			t.cells++
		}
		var k *tsvCol
		var h string
		if t.long {
			h = joinPath(head, key)
		} else {
			var fresh bool
			if k, fresh = t.keys.Child(n, i, key); fresh {
				k.Of.header = joinPath(n.Of.header, k.Key)
			}
		}
		switch {
		case top && (kind == value.Object || kind == value.Array) && slices.Contains(t.p.wholeKeys, key):
			// One cell, as the shape plans.
			t.cell(k, h, Text(value.Compact(value.Unpacked(kind, b))))
		case kind == value.Object:
			// The object's own cell is empty: its column only places its
			// fields'.
			t.cell(k, h, "")
			if t.object(k, h, b, false) == 0 {
				t.cell(k, h, "{}")
			}
		case kind == value.Array:
			t.array(k, h, b)
		default:
			t.scalar(k, h, kind, b)
		}
	}
	return i
}

// cell sets the current row's cell of column k (in long form, of header
// h) to text.
func (t *tsv) cell(k *tsvCol, h, text string) {
	if t.long {
		if text != "" {
			t.pairs = append(t.pairs, tsvPair{h, text})
		}
		return
	}
	k.Of.gen, k.Of.text = t.gen, text
	if text != "" && !k.Of.used {
		t.use(k)
	}
}

// scalar: numbers, true, false and null as written; strings escaped as Text
// does, an empty one as "". For CSV, null and an empty string are NoValue.
func (t *tsv) scalar(k *tsvCol, h string, kind value.Kind, text string) {
	switch {
	case kind == value.Null && t.p.csv, kind == value.String && text == "" && t.p.csv:
		text = NoValue
	case kind == value.Null:
		text = "null"
	case kind == value.String && text == "":
		text = `""`
	case kind == value.String:
		text = Text(text)
	}
	t.cell(k, h, text)
}

// array: its scalars inline, as inlineScalars writes them; an array that
// holds an object or an array as compact JSON.
func (t *tsv) array(k *tsvCol, h, body string) {
	if body == "" {
		t.cell(k, h, "[]")
		return
	}
	start := len(t.arena)
	for s, n := body, 0; s != ""; n++ {
		kind, b, rest := value.NextPacked(s)
		s = rest
		if kind == value.Object || kind == value.Array {
			t.cell(k, h, Text(value.Compact(value.Unpacked(value.Array, body))))
			t.arena = t.arena[:start]
			return
		}
		if n > 0 {
			t.arena = append(t.arena, ", "...)
		}
		switch {
		case kind == value.Null:
			t.arena = append(t.arena, "null"...)
		case kind != value.String:
			t.arena = append(t.arena, b...)
		default:
			s := Text(b)
			if blursList(s) {
				s = Quote(b)
			}
			t.arena = append(t.arena, s...)
		}
	}
	// A view of the arena, which only grows until the next row: a part
	// moved by its growing stays as it was.
	t.cell(k, h, unsafe.String(&t.arena[start], len(t.arena)-start))
}

// leadFirst puts the columns of the table's plan's leading keys first,
// in their order, the others after them as they came.
func (t *tsv) leadFirst() {
	if len(t.p.lead) == 0 {
		return
	}
	rank := func(c *tsvCol) int {
		if i := slices.Index(t.p.lead, c.Key); i >= 0 && c.Occ == 0 {
			return i
		}
		return len(t.p.lead)
	}
	slices.SortStableFunc(t.keys.Root.Kids, func(a, b *tsvCol) int { return rank(a) - rank(b) })
}

// goLong writes the rows from here on in long form (tsv.long), under its
// header: the columns of a table too sparse for one, a row each bringing
// keys of its own, would be mostly blank cells, and a header line written
// again for each, the square of the input.
func (t *tsv) goLong() {
	t.long = true
	if !t.p.spec.NoHeaders {
		t.p.headerLine("row\tkey\tvalue")
	}
}

// sparse reports a table whose rows so far are too sparse for one: never
// in rows-only output, which has nothing but tables.
func (t *tsv) sparse() bool {
	return t.p.header == nil && recognise.Sparse(len(t.shown), t.rows, t.cells)
}

// header writes the header line of the columns used so far. When
// --columns shows none of the columns used since the last one, the
// columns shown are those it had, found without going through every
// column again: a list whose rows each bring keys of their own would
// cost the square of its keys.
func (t *tsv) header() {
	fresh := t.fresh
	t.fresh = t.fresh[:0]
	if len(t.p.spec.Columns) == 0 || slices.ContainsFunc(fresh, t.shown1) {
		t.choose()
	}
	t.writeHeader()
}

// use marks a column used by the current row.
func (t *tsv) use(c *tsvCol) {
	c.Of.used, t.added = true, true
	t.used++
	t.fresh = append(t.fresh, c)
}

// shown1 reports whether --columns shows column c, once it is used.
func (t *tsv) shown1(c *tsvCol) bool {
	if c.Of.shows == 0 {
		c.Of.shows = 2
		if len(t.pick([]*tsvCol{c})) > 0 {
			c.Of.shows = 1
		}
	}
	return c.Of.shows == 1
}

// choose makes the columns used so far, as --columns picks them, those
// shown.
func (t *tsv) choose() {
	t.shown = t.shown[:0]
	var walk func([]*tsvCol)
	walk = func(cols []*tsvCol) {
		for _, c := range cols {
			if c.Of.used {
				t.shown = append(t.shown, c)
			}
			walk(c.Kids)
		}
	}
	walk(t.keys.Root.Kids)
	t.shown = t.pick(t.shown)
}

// writeHeader writes the header line of the columns shown.
func (t *tsv) writeHeader() {
	if len(t.shown) == 0 || t.p.spec.NoHeaders {
		return
	}
	t.b.Reset()
	for i, c := range t.shown {
		if i > 0 {
			t.b.WriteByte('\t')
		}
		t.b.WriteString(c.Of.header)
	}
	t.p.headerLine(t.b.String())
}

// headerLine writes a table's header line. In rows-only output one the
// same as the last written is not written again (the rows go on under
// it), and another starts a new table after a blank line.
func (p Writer) headerLine(h string) {
	if last := p.header; last != nil {
		if *last == h {
			return
		}
		if *last != "" {
			p.o.Gap()
		}
		*last = h
	}
	p.o.Line(h)
}

// pick is the columns --columns asks for: exactly those named, in the
// order named (a name picks a column, or every column under an object:
// "signals"), or all but those left out. Without --columns, all: plain
// output loses nothing unless asked to.
func (t *tsv) pick(cols []*tsvCol) []*tsvCol {
	picks := t.p.spec.Columns
	for _, c := range cols {
		t.p.seen.Column(c.Of.header)
	}
	if len(picks) == 0 {
		return cols
	}
	names := func(p steer.Pick, c *tsvCol) bool {
		return recognise.ColumnNamed(p.Name, c.Of.header) || recognise.PathNamed(p.Name, c.Of.header)
	}
	var out []*tsvCol
	if t.p.spec.Exact {
		taken := map[*tsvCol]bool{}
		for _, p := range picks {
			for _, c := range cols {
				if !names(p, c) {
					continue
				}
				t.p.seen.Name(p.Name)
				if !p.Drop && !taken[c] {
					taken[c] = true
					out = append(out, c)
				}
			}
		}
		return out
	}
	for _, c := range cols {
		drop := false
		for _, p := range picks {
			if names(p, c) {
				// Every column is shown but those left out: a name
				// added (+tags) is met, as one left out is.
				drop = drop || p.Drop
				t.p.seen.Name(p.Name)
			}
		}
		if !drop {
			out = append(out, c)
		}
	}
	return out
}

// newColumns heads the rows to come with the columns, new ones included:
// after a blank line in plain output; in rows-only output the header
// line says itself when it changes (writeHeader), and with no header
// nothing marks it.
func (t *tsv) newColumns() {
	switch {
	case t.long:
		return // long form has no columns
	case t.p.header != nil && recognise.Sparse(t.used, t.rows, t.cells):
		t.goLong()
		return
	case t.p.header == nil:
		t.p.o.Gap()
	}
	t.header()
}

// write writes the current row.
func (t *tsv) write() {
	if t.long {
		t.writeLong()
		return
	}
	if len(t.shown) == 0 {
		return
	}
	t.written++
	o := t.p.o
	o.StartLine()
	for i, c := range t.shown {
		if i > 0 {
			o.Raw().WriteByte('\t')
		}
		if c.Of.gen == t.gen {
			o.Raw().WriteString(c.Of.text)
		}
	}
	o.Raw().WriteByte('\n')
}

// writeLong writes the current row in long form: a line for each of its
// cells that holds something, row number, column, value.
func (t *tsv) writeLong() {
	o := t.p.o
	row := strconv.Itoa(t.written)
	t.written++
	for _, x := range t.pairs {
		if len(t.p.spec.Columns) > 0 && len(t.pick([]*tsvCol{{Of: tsvCell{header: x.header}}})) == 0 {
			continue
		}
		o.StartLine()
		o.Raw().WriteString(row)
		o.Raw().WriteByte('\t')
		o.Raw().WriteString(x.header)
		o.Raw().WriteByte('\t')
		o.Raw().WriteString(x.text)
		o.Raw().WriteByte('\n')
	}
}
