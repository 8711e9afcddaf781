package recognise

import (
	"encoding/binary"
	"slices"
	"strconv"
	"strings"

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

// whenWhole is a view.Later made from the document v once its open list
// has been read: failed's blocks when the whole says it failed (failed
// set), else done's.
func whenWhole(v Value, failed, done func(w Value) []view.Block) view.Later {
	return later(func() ([]view.Block, error) {
		w, err := value.Whole(v)
		if err != nil {
			return nil, err
		}
		if failed != nil && Failed(w) {
			return failed(w), nil
		}
		return done(w), nil
	})
}

// openTable is the table of an open list: its first rows laid out and
// shown, then every further row as it is read, counted in c. A row is
// read token by token where it can be, keeping only the members the
// columns show. Rows too sparse for a table are records under their
// index (openByIndex), and so is a list whose first row alone is the
// window, wide; a table whose later rows make it so ends there (its
// Stream's other), and the rest are.
func (b builder) openTable(list Value, indent int, c *count) view.Block {
	rest := value.Take(list)
	if len(list.Items) == 1 && len(list.Items[0].Members) > sparseColumns && !b.opt.Steer.Exact {
		// A first row that fills the window alone (input.StreamValues)
		// cannot say whether the rows fill its columns (on it, all do):
		// with more than a sparse table may have, it is a record and the
		// rest are by index, as the held list is shown when its later
		// rows leave them empty. Laid out, it was a table of 60,000
		// columns, 26 shown, whose plan took 150 MB. --columns naming
		// columns makes a table of those; adding or leaving out some, it
		// names keys of the row, as of a table's.
		for _, p := range b.opt.Steer.Columns {
			if slices.ContainsFunc(list.Items[0].Members, func(m Member) bool { return ColumnNamed(p.Name, m.Key) }) {
				b.opt.Seen.Name(p.Name)
			}
		}
		return b.openByIndex(list.Items, rest, indent, c)
	}
	lifts := liftsOf(list.Items, b.opt.Steer)
	first := lifts.rows(list.Items)
	words := WordsOf(first, b.opt.Steer) // later rows read the names as these do
	first = SteerRows(first, b.opt.Steer, b.opt.Seen)
	plan := first
	if len(plan) == 0 {
		// --where kept none of the first rows: the later ones it keeps
		// are laid out on what the first ones hold.
		plan = lifts.rows(list.Items)
	}
	grows := b
	grows.grows = true // what the first rows show need not hold of the rest
	t := grows.columns(plan, false)
	if t == nil {
		return b.openByIndex(list.Items, rest, indent, c)
	}
	tb := view.Table{Columns: t.cols, Rows: t.rows(first), Indent: indent}
	known := keysOf(plan)
	c.rows, c.shown = len(list.Items), len(first)
	tc, tokens := rest.(value.TokenCursor)
	buf := make([]view.Cell, len(t.cols)) // a streamed row is written before the next is read
	f := fill{cols: len(t.cols), rows: len(first)}
	if t.bar >= 0 {
		f.cols-- // not a column Sparse counts
	}
	for _, row := range first {
		f.cells += len(row.Members)
	}
	// Made rows, counted: the first items are let go of, not read again
	// while the rest stream (a window of wide rows is megabytes), as the
	// decoder keeps none of them. first may be list.Items itself.
	clear(list.Items)
	// A condition may name a column the table does not show, and lifting
	// needs the properties whether shown or not: such rows are read whole.
	where := len(b.opt.Steer.Where) > 0
	whole := where || lifts.any() || !tokens
	var rows value.Cursor
	var rd *rowReader
	if whole {
		rows = rest
	} else {
		rd = &rowReader{t: t, l: tc, known: known, fill: f}
		rd.only(nil)
		tb.Shows = rd.only
	}
	tb.Stream = func() ([]view.Cell, *view.Record, bool, error) {
		if rows == nil {
			// Read token by token, maybe ahead, on another core (the
			// decoder's ListAhead), once the writer has said which
			// columns it shows (Shows): the others are not read.
			rows = tc.Ahead(rd.read)
		}
		for {
			row, ok, err := rows.Next()
			if err != nil || !ok {
				return nil, nil, false, err
			}
			if whole && f.sparse() || !whole && row.Kind == Object && row.Open != packed && row.Open != newOnly {
				// The rows so far are too sparse for a table (checked on
				// every row: under a wide first one, rows that add no
				// column make it so too); rowReader read this one whole.
				// The table ends, and this row and the rest are records
				// under their index, as a held sparse list's are.
				r := b.openByIndex([]Value{row}, rows, indent, c)
				return nil, &r, false, nil
			}
			n := c.rows
			c.rows++
			// Not a record, or one whose keys are all new to the table: a
			// line of its own, indexed, in the table, not an empty row
			// with its fields under it.
			indexed := func(v Value) ([]view.Cell, *view.Record, bool, error) {
				one := Value{Kind: Object, Members: []Member{{Key: "[" + strconv.Itoa(n) + "]", Value: v}}}
				return nil, b.record(one, 0, false, false), true, nil
			}
			if row.Kind != Object {
				c.shown++
				return indexed(row)
			}
			row = lifts.row(row)
			if where && !Keep(row, b.opt.Steer, b.opt.Seen, words) {
				continue
			}
			c.shown++
			if whole {
				f.add(len(row.Members))
				at := t.at(row.Members)
				ex := unplanned(row, at, known)
				if len(ex.Members) > 0 && len(ex.Members) == len(row.Members) {
					return indexed(ex)
				}
				return t.rowInto(buf, row.Members, at), b.extra(ex), true, nil
			}
			if row.Open == newOnly {
				return indexed(extraOf(row))
			}
			return rd.cells(buf, row), b.extra(extraOf(row)), true, nil
		}
	}
	return tb
}

// extraOf is what rowReader.read kept of a row that no column holds.
func extraOf(row Value) Value {
	if len(row.Items) == 1 {
		return row.Items[0]
	}
	return Value{}
}

// unplanned is the members of a row read whole that no column holds (at:
// each member's column, -1 for none) and the first rows had not (known).
func unplanned(row Value, at []int, known map[string]bool) Value {
	var out Value
	for i, m := range row.Members {
		if at[i] < 0 && !known[m.Key] {
			out.Kind = Object
			out.Members = append(out.Members, m)
		}
	}
	return out
}

// extra is the record shown under a streamed row of the fields its table
// has no column for (keys the first rows did not have), or nil.
func (b builder) extra(v Value) *view.Record {
	if len(v.Members) == 0 {
		return nil
	}
	return b.record(v, 0, false, false)
}

// resultList reports a record whose first member is a long list of
// records under "result" ({"result": [...]}, how the Go SDK and FastMCP
// put a result that is no object), which the decoder lets through
// (Streams): read as it comes, or held but as long (long).
func resultList(v Value) bool {
	if len(v.Members) == 0 || v.Members[0].Key != "result" {
		return false
	}
	l := v.Members[0].Value
	return l.Kind == Array && len(l.Items) > 0 && value.AllObjects(l.Items) && long(l)
}

// recordOfList is the view of such a record (resultList): the list a
// table under its key, its rows as they are read, as the held record has
// it; the members after it a record of their own, once read. Held, it is
// shown alike.
func (b builder) recordOfList(v Value) []view.Block {
	m := v.Members[0]
	var t view.Block
	if isOpenList(m.Value) {
		t = b.deeper().openTable(m.Value, 0, &count{})
	} else {
		t, _ = b.deeper().table(m.Value.Items, 0, false)
	}
	r := view.Record{Stamps: !b.khive && !b.shaped, Fields: []view.Field{{Key: m.Key, Block: t}}}
	rest := func(w Value) []view.Block {
		if len(w.Members) < 2 {
			return nil
		}
		return []view.Block{b.recordOf(Value{Kind: Object, Members: w.Members[1:]}, 0, false, false)}
	}
	if !v.IsOpen() {
		return append([]view.Block{r}, rest(v)...)
	}
	return []view.Block{r, whenWhole(v, func(w Value) []view.Block {
		return []view.Block{view.Gap{}, b.errorBlock(value.Without(w, m.Key), "")}
	}, rest)}
}

// openByIndex is an open list as records under their index, as a held
// list too sparse for a table is shown: its first rows, then every
// further row as it is read, counted on from c. --where judges a row as
// the table would have, lifted.
func (b builder) openByIndex(first []Value, rest value.Cursor, indent int, c *count) view.Record {
	where := len(b.opt.Steer.Where) > 0
	words := WordsOf(first, b.opt.Steer)
	next := func(row Value) (view.Field, bool) {
		n := c.rows
		c.rows++
		if where && row.Kind == Object && !Keep(lift(row), b.opt.Steer, b.opt.Seen, words) {
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
// members that the table shows, the others skipped unread. Its reader may
// be on another goroutine (value.TokenCursor's Ahead), which keeps what
// it is given. A row read is packed: its values in one string (Text),
// each packed (value.AppendPacked) after its place (one a column read:
// cols); cells unpacks it. Packed, a row of seven cells is one
// allocation, not seven strings and the members that hold them.
type rowReader struct {
	t *columns
	l value.TokenCursor
	// place is, by column, its place in a row read (-1: not read: a
	// column the writer does not show, only); cols the column at each.
	place []int
	cols  []int
	buf   []byte // a row being packed
	tmp   []byte
	// keys is the key of each member of the row read last (of the row
	// being read, up to the member being read), col its column (-1: not
	// shown): rows of a list mostly repeat their keys in order, and a
	// key at the place where the row before had it, after the same keys,
	// resolves as it did, with no count and no map.
	keys []string
	col  []int
	// plain: the key has no backslash, so that a name whose bytes are
	// the key's is the key, with no unquoting (read).
	plain []bool
	// count, once counting, is how many times each key of the row came so
	// far: a long row off the previous row's keys counts them in a map,
	// not by reading all the keys before each one again.
	count    map[string]int
	counting bool
	// known is every key the first rows had, which the table's columns
	// show or say once: a key not among them is a new one (newKey).
	known map[string]bool
	// fill is the rows read so far, for Sparse: once they are too
	// sparse for the table, every row is read whole (openTable).
	fill fill
}

// fill is how full a table's rows leave its columns, for Sparse: the
// columns, the rows and the members they had.
type fill struct{ cols, rows, cells int }

func (f fill) sparse() bool { return Sparse(f.cols, f.rows, f.cells) }

func (f *fill) add(members int) { f.rows, f.cells = f.rows+1, f.cells+members }

// newKey is the column of a key the first rows of a table did not have.
const newKey = -2

// only is the table's Shows: the columns the writer shows (nil: all),
// the others' values left unread. The column of a bar shows the number
// of the one before it.
func (r *rowReader) only(cols []int) {
	read := make([]bool, len(r.t.cols))
	for i := range read {
		read[i] = cols == nil
	}
	for _, i := range cols {
		read[i] = true
		if i == r.t.bar {
			read[i-1] = true
		}
	}
	r.place, r.cols = make([]int, len(read)), r.cols[:0]
	for i, ok := range read {
		r.place[i] = -1
		if ok && i != r.t.bar {
			r.place[i] = len(r.cols)
			r.cols = append(r.cols, i)
		}
	}
}

// packed marks a row read (Open), packed; newOnly one none of whose
// keys the table has (its members all extra: extraOf).
var packed, newOnly = &value.Open{}, &value.Open{}

func (r *rowReader) read() (Value, bool, error) {
	dec := r.l.Tokens()
	if dec.PeekKind() != '{' || r.fill.sparse() {
		return r.l.Item() // the end, a row that is not an object, or any once too sparse
	}
	if _, err := dec.ReadToken(); err != nil {
		return Value{}, false, err
	}
	var extra []Member
	buf := r.buf[:0]
	r.counting = false
	same := true // every key so far where the previous row had it
	p := 0
	for ; dec.PeekKind() != '}'; p++ {
		name, err := dec.ReadValue()
		if err != nil {
			return Value{}, false, err
		}
		var key []byte
		if same && p < len(r.keys) && r.plain[p] && r.keys[p] == string(name[1:len(name)-1]) {
			// The key where the row before had it, as its bytes: one with
			// no escape, so its text (no escape either, and valid UTF-8
			// as a key once unquoted is), not unquoted again.
			key = name[1 : len(name)-1]
		} else {
			key, r.tmp = jsonlib.NameText(name, r.tmp)
			same = same && p < len(r.keys) && r.keys[p] == string(key)
		}
		var i int
		if same {
			i = r.col[p]
		} else {
			// The occurrence counts every member of the row, shown or not,
			// as row does: a repeated key is told apart by its place.
			k := string(key)
			r.keys, r.col, r.plain = append(r.keys[:p], k), r.col[:p], append(r.plain[:p], !strings.Contains(k, `\`))
			i = r.t.column(k, r.occurrence(p))
			if i < 0 && !r.known[k] {
				i = newKey
			}
			r.col = append(r.col, i)
		}
		if i == newKey {
			// A key the first rows did not have: no column holds it, and
			// it is shown under the row (extra), never dropped.
			v, err := r.l.ReadValue()
			if err != nil {
				return Value{}, false, err
			}
			extra = append(extra, Member{Key: string(key), Value: v})
			continue
		}
		k := -1
		if i >= 0 {
			k = r.place[i]
		}
		if k < 0 {
			if err := dec.SkipValue(); err != nil {
				return Value{}, false, err
			}
			continue
		}
		buf = binary.AppendUvarint(buf, uint64(k))
		if buf, err = value.AppendPacked(r.l, buf, &r.tmp); err != nil {
			return Value{}, false, err
		}
	}
	r.keys, r.col, r.plain = r.keys[:p], r.col[:p], r.plain[:p]
	r.fill.add(p)
	if _, err := dec.ReadToken(); err != nil {
		return Value{}, false, err
	}
	row := Value{Kind: Object, Text: string(buf), Open: packed}
	if extra != nil {
		row.Items = []Value{{Kind: Object, Members: extra}} // see extraOf
		if len(extra) == p {
			row.Open = newOnly
		}
	}
	r.buf = keepBuf(buf)
	return row, true, nil
}

// keepBuf is a packing buffer to use again: not one that grew past 64
// KiB, so that a long row once does not keep its memory for the rest.
func keepBuf(buf []byte) []byte {
	if cap(buf) > 64<<10 {
		return nil
	}
	return buf
}

// recordReader reads the records of an open list whole, token by token,
// each packed (value.Records): one allocation for a record of strings,
// not one for each and for the members that hold them. The records of a
// list read ahead (Ahead) are read on another goroutine, which keeps
// them; unpacked, on the one that shows them, into members used again.
type recordReader struct {
	l       value.TokenCursor
	read    func() (Value, bool, error)
	members []Member
}

// unpack is v as the decoder reads it whole, v itself but for a record
// read packed: its members, each key and scalar a part of its text, are
// in memory the next record unpacked is put in, unless keep.
func (r *recordReader) unpack(v Value, keep bool) Value {
	if !value.IsPacked(v) {
		return v
	}
	if keep {
		return value.UnpackedInto(nil, v.Text)
	}
	v = value.UnpackedInto(r.members[:0], v.Text)
	r.members = v.Members
	return v
}

// occurrence is how many times the p-th key of the row being read (in
// r.keys) came before it in the row. A short row is read again; a long
// one is counted once, and from then on (count).
func (r *rowReader) occurrence(p int) int {
	key := r.keys[p]
	if !r.counting && p < 32 {
		n := 0
		for _, k := range r.keys[:p] {
			if k == key {
				n++
			}
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
		for _, k := range r.keys[:p] {
			r.count[k]++
		}
		r.counting = true
	}
	r.count[key]++
	return r.count[key] - 1
}

// cells is the table's cells of a row read, into out: unpacked, each
// scalar's text is a part of the row's.
func (r *rowReader) cells(out []view.Cell, row Value) []view.Cell {
	clear(out)
	for s := row.Text; len(s) > 0; {
		k, n := uvarint(s)
		i := r.cols[k]
		kind, body, rest := value.NextPacked(s[n:])
		s = rest
		r.t.put(out, i, &Member{Key: r.t.cols[i].Key, Value: value.Unpacked(kind, body)})
	}
	return out
}

// uvarint is binary.Uvarint of a string: the number s starts with, and
// its length.
func uvarint(s string) (int, int) {
	x, shift := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 {
			return x | int(c)<<shift, i + 1
		}
		x |= int(c&0x7f) << shift
		shift += 7
	}
	return x, len(s)
}
