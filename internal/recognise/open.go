package recognise

import (
	"bytes"
	"strconv"

	"github.com/khive-ai/khive-pretty/internal/jsonlib"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// A list too long to hold comes open (value.Open): its first items held
// in Items, the others read as they come (value.Take). The views of the
// shapes that show such a list show it as they show a held one: the rows
// held are a table's Rows, those read later its Stream; what follows the
// list (its count, its footer, the fields after it, a failure said only
// after its rows) is a view.Later, made from the whole document once the
// list has been read (value.Whole). A view that does not take the list
// has it held (value.Force) before anything is shown.

// count is how many rows of an open list were read, and shown (those
// --where keeps), for what follows it.
type count struct{ rows, shown int }

// isOpenList reports a list whose rest is still to be read.
func isOpenList(v Value) bool { return v.Kind == Array && v.Open != nil && v.Open.Rest != nil }

// later is a view.Later of blocks made once the list before it is read.
func later(f func() ([]view.Block, error)) view.Later { return view.Later{Blocks: f} }

// tokenCursor is an open list whose rows can be read token by token
// (the rest of an open list, as the decoder gives it), keeping only the
// members a table shows.
type tokenCursor interface {
	value.Cursor
	Tokens() *jsonlib.Decoder
	ReadValue() (Value, error)
}

// openTable is the table of an open list: its first rows laid out and
// shown, then every further row as it is read, counted in c. A row is
// read token by token where it can be, keeping only the members the
// columns show. Rows too sparse for a table are records under their
// index (openByIndex).
func (b builder) openTable(list Value, indent int, c *count) view.Block {
	rest := value.Take(list)
	lifts := liftsAny(list.Items)
	first := list.Items
	if lifts {
		first = liftRows(first)
	}
	first = SteerRows(first, b.opt.Steer, b.opt.Seen)
	plan := first
	if len(plan) == 0 {
		// --where kept none of the first rows: the later ones it keeps
		// are laid out on what the first ones hold.
		plan = list.Items
		if lifts {
			plan = liftRows(plan)
		}
	}
	grows := b
	grows.grows = true // what the first rows show need not hold of the rest
	t := grows.columns(plan, false)
	if t == nil {
		return b.openByIndex(list.Items, rest, indent, c)
	}
	tb := view.Table{Columns: t.cols, Rows: make([][]view.Cell, len(first)), Indent: indent}
	for r, row := range first {
		tb.Rows[r] = t.row(row.Members)
	}
	c.rows, c.shown = len(list.Items), len(first)
	tc, tokens := rest.(tokenCursor)
	rd := rowReader{t: t, l: tc}
	buf := make([]view.Cell, len(t.cols)) // a streamed row is written before the next is read
	// A condition may name a column the table does not show, and lifting
	// needs the properties whether shown or not: such rows are read whole.
	where := len(b.opt.Steer.Where) > 0
	whole := where || lifts || !tokens
	tb.Stream = func() ([]view.Cell, *view.Record, bool, error) {
		for {
			var row Value
			var ok bool
			var err error
			if whole {
				row, ok, err = rest.Next()
			} else {
				row, ok, err = rd.read()
			}
			if err != nil || !ok {
				return nil, nil, false, err
			}
			n := c.rows
			c.rows++
			if row.Kind != Object {
				// Not a record: a line of its own, indexed, in the table.
				c.shown++
				one := Value{Kind: Object, Members: []Member{{Key: "[" + strconv.Itoa(n) + "]", Value: row}}}
				return nil, b.record(one, 0, false, false), true, nil
			}
			if lifts {
				row = lift(row)
			}
			if where && !Keep(row, b.opt.Steer, b.opt.Seen) {
				continue
			}
			c.shown++
			if whole {
				return t.rowInto(buf, row.Members, t.at(row.Members)), nil, true, nil
			}
			return t.rowInto(buf, row.Members, rd.at), nil, true, nil
		}
	}
	return tb
}

// openByIndex is an open list as records under their index, as a held
// list too sparse for a table is shown: its first rows, then every
// further row as it is read. --where judges a row as the table would
// have, lifted.
func (b builder) openByIndex(first []Value, rest value.Cursor, indent int, c *count) view.Record {
	where := len(b.opt.Steer.Where) > 0
	c.rows, c.shown = 0, 0
	next := func(row Value) (view.Field, bool) {
		n := c.rows
		c.rows++
		if where && row.Kind == Object && !Keep(lift(row), b.opt.Steer, b.opt.Seen) {
			return view.Field{}, false
		}
		c.shown++
		return b.field(Member{Key: "[" + strconv.Itoa(n) + "]", Value: row}, false, false)
	}
	r := view.Record{Fields: make([]view.Field, 0, len(first)), Indent: indent}
	for _, row := range first {
		if f, ok := next(row); ok {
			r.Fields = append(r.Fields, f)
		}
	}
	r.Stream = func() (view.Field, bool, error) {
		for {
			row, ok, err := rest.Next()
			if err != nil || !ok {
				return view.Field{}, false, err
			}
			if f, ok := next(row); ok {
				return f, true, nil
			}
		}
	}
	return r
}

// inline is an array of scalars; a null in it is "null", not "not yet".
// An open one's items after the first are read as they come; one that is
// not a scalar, after the first ones were, is shown as its JSON.
func (b builder) inline(list Value, indent int) view.Inline {
	cells := make([]view.Cell, len(list.Items))
	for i, it := range list.Items {
		cells[i] = b.cell("", it, it.Kind == Null)
	}
	in := view.Inline{Items: cells, Indent: indent}
	if rest := value.Take(list); rest != nil {
		in.More = func() (view.Cell, bool, error) {
			it, ok, err := rest.Next()
			if err != nil || !ok {
				return view.Cell{}, false, err
			}
			if !it.Scalar() {
				return view.Cell{Kind: view.Text, Text: value.Compact(it)}, true, nil
			}
			return b.cell("", it, it.Kind == Null), true, nil
		}
	}
	return in
}

// openRecord is a document that is an object too large to hold (a map of
// a million keys): a record of its first members, the others shown as
// they are read, but for those that may say it failed (FailureKey): the
// decoder keeps those for the whole document, and once it ends they are
// shown as the failure they report, or as fields if they report none.
func (b builder) openRecord(v Value) []view.Block {
	b.grows = true
	r := b.record(Value{Kind: Object, Members: v.Members}, 0, false, false)
	more := value.TakeMembers(v)
	r.Stream = func() (view.Field, bool, error) {
		for {
			m, ok, err := more.Next()
			if err != nil || !ok {
				return view.Field{}, false, err
			}
			if FailureKey(m.Key) {
				continue // kept for the end
			}
			if f, ok := b.field(m, false, false); ok {
				return f, true, nil
			}
		}
	}
	return []view.Block{*r, later(func() ([]view.Block, error) {
		w, err := value.Whole(v)
		switch {
		case err != nil || len(w.Members) == 0:
			return nil, err
		case Failed(w):
			return []view.Block{view.Gap{}, b.errorBlock(w, "")}, nil
		}
		held := view.Record{}
		for _, m := range w.Members {
			if f, ok := b.field(m, false, false); ok {
				held.Fields = append(held.Fields, f)
			}
		}
		return []view.Block{held}, nil
	})}
}

// failedAfter is what follows the rows of an open list whose document
// said only after them that it failed: their count, then the failure
// whole (rest: the document, or what of it is not the list).
func (b builder) failedAfter(c *count, singular string, indent int, rest Value) []view.Block {
	return []view.Block{countOf(c.shown, c.rows, singular, indent), view.Gap{}, b.errorBlock(rest, "")}
}

// rowReader reads the rows of an open list for a table: a record's
// members that the table shows, the others skipped unread.
type rowReader struct {
	t   *columns
	l   tokenCursor
	row []Member
	at  []int
	tmp []byte
	// keys holds the keys of the row read so far, each ending at its ends
	// offset.
	keys []byte
	ends []int
	// prev is the previous row's keys and ends, and cols the column of
	// each of its members (-1: not shown): rows of a list mostly repeat
	// their keys in order, and a key at the place where the previous row
	// had it resolves as it did, with no count and no map.
	prevKeys []byte
	prevEnds []int
	cols     []int
	// count, once counting, is how many times each key of the row came so
	// far: a long row off the previous row's keys counts them in a map,
	// not by reading all the keys before each one again.
	count    map[string]int
	counting bool
}

// occurrence is how many times the p-th key of the row being read, key
// (already in r.keys), came before it in the row. A short row is read
// again; a long one is counted once, and from then on (count).
func (r *rowReader) occurrence(p int, key []byte) int {
	if !r.counting && p < 32 {
		n, s := 0, 0
		for _, end := range r.ends[:p] {
			if bytes.Equal(r.keys[s:end], key) {
				n++
			}
			s = end
		}
		return n
	}
	if !r.counting {
		// Cleared in time proportional to what it held: a map that
		// held a long row is made anew.
		if r.count == nil || len(r.count) > 1024 {
			r.count = map[string]int{}
		} else {
			clear(r.count)
		}
		s := 0
		for _, end := range r.ends[:p+1] {
			r.count[string(r.keys[s:end])]++
			s = end
		}
		r.counting = true
	}
	return r.count[string(key)] - 1
}

func (r *rowReader) read() (Value, bool, error) {
	dec := r.l.Tokens()
	if dec.PeekKind() != '{' {
		return r.l.Next() // the end, or a row that is not an object
	}
	if _, err := dec.ReadToken(); err != nil {
		return Value{}, false, err
	}
	r.prevKeys, r.keys = r.keys, r.prevKeys[:0]
	r.prevEnds, r.ends = r.ends, r.prevEnds[:0]
	r.row, r.at = r.row[:0], r.at[:0]
	r.counting = false
	same := true // every key so far where the previous row had it
	for dec.PeekKind() != '}' {
		name, err := dec.ReadValue()
		if err != nil {
			return Value{}, false, err
		}
		key := name[1 : len(name)-1]
		if bytes.IndexByte(key, '\\') >= 0 {
			r.tmp, _ = jsonlib.AppendUnquote(r.tmp[:0], name)
			key = r.tmp
		}
		p := len(r.ends)
		start := 0
		if p > 0 {
			start = r.ends[p-1]
		}
		same = same && p < len(r.prevEnds) && r.prevEnds[p]-start == len(key) && bytes.Equal(r.prevKeys[start:r.prevEnds[p]], key)
		r.keys = append(r.keys, key...)
		r.ends = append(r.ends, len(r.keys))
		if r.counting {
			r.count[string(key)]++
		}
		i, shown := 0, false
		if same {
			i = r.cols[p]
			shown = i >= 0
		} else {
			// The occurrence counts every member of the row, shown or not,
			// as row does: a repeated key is told apart by its place.
			i = r.t.column(string(key), r.occurrence(p, key))
			shown = i >= 0
			if p < len(r.cols) {
				r.cols = r.cols[:p]
			}
			r.cols = append(r.cols, i)
		}
		if !shown {
			if err := dec.SkipValue(); err != nil {
				return Value{}, false, err
			}
			continue
		}
		v, err := r.l.ReadValue()
		if err != nil {
			return Value{}, false, err
		}
		r.row = append(r.row, Member{Key: r.t.keys[i], Value: v})
		r.at = append(r.at, i)
	}
	if _, err := dec.ReadToken(); err != nil {
		return Value{}, false, err
	}
	return Value{Kind: Object, Members: r.row}, true, nil
}
