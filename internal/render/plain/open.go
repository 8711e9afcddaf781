package plain

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/spill"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// A list too long to hold comes open (value.Open): plain output writes it
// where a held list is written, its first rows held and the others as
// they are read, and what follows it once the document has been read to
// its end (value.Whole). The decoder lets through only the lists whose
// place plain output knows (recognise.Streams): of a request's, only the
// list in the result of its first op, which says ok before it (openOp).

// Document writes a document, which may be open, and returns the input's
// error if its open list broke off.
func (p Writer) Document(v value.Value) error {
	p.err = new(error)
	p.document(v)
	if err := p.o.Err(); err != nil {
		return err
	}
	return *p.err
}

// fail keeps the first error of an open list; true when there is one.
func (p Writer) fail(err error) bool {
	if err != nil && *p.err == nil {
		*p.err = err
	}
	return *p.err != nil
}

// whole is v read to its end; false, the error kept, when the input broke
// off, and false, unread, when output failed: nothing more is read then.
func (p Writer) whole(v value.Value) (value.Value, bool) {
	if *p.err != nil || p.o.Err() != nil {
		return value.Value{}, false
	}
	w, err := value.Whole(v)
	return w, !p.fail(err)
}

// scalars writes the items of a list of scalars, which may be open, a
// value a line. An item that is not a scalar, after the first ones were,
// gets its own indexed lines, as an item of a mixed list does.
func (p Writer) scalars(list value.Value) {
	n := 0
	p.each(list.Items, value.Take(list), func(it value.Value) {
		if it.Scalar() {
			p.leaf("", it)
		} else {
			p.o.Gap()
			p.walkAt(&pathSeg{seg: "[" + strconv.Itoa(n) + "]"}, "", it)
			p.o.Gap()
		}
		n++
	})
}

// each calls f with each of first, then with each further item of rest
// as it is read, until the list ends, breaks off (its error kept: fail)
// or output fails.
func (p Writer) each(first []value.Value, rest value.Cursor, f func(value.Value)) {
	for _, it := range first {
		f(it)
	}
	for rest != nil && p.o.Err() == nil {
		it, ok, err := rest.Next()
		if p.fail(err) || !ok {
			return
		}
		f(it)
	}
}

// after is v read to its end, for what follows its open list; false when
// nothing does: the input broke off, output failed, or v said after the
// list that it failed, which after writes (less keys: the list's own,
// where its rows were shown).
func (p Writer) after(v value.Value, keys ...string) (value.Value, bool) {
	w, ok := p.whole(v)
	if !ok || !recognise.Failed(w) {
		return w, ok
	}
	p.o.Gap()
	if len(keys) > 0 {
		w = value.Without(w, keys...)
	}
	p.errorEnvelope(w, false)
	return w, false
}

// fieldsAfter writes the fields of v, read to its end, after those it
// had open (an envelope's after its result), or the failure it said
// after them (less keys: see after).
func (p Writer) fieldsAfter(v value.Value, keys ...string) {
	if w, ok := p.after(v, keys...); ok {
		for _, m := range w.Members[len(v.Members):] {
			p.field("", m)
		}
	}
}

// openRecord is a record whose last member is an open list (a graph's
// nodes): its members as key: value lines, the list's items under their
// index as they are read, then the members after it.
func (p Writer) openRecord(v value.Value) {
	last := v.Members[len(v.Members)-1]
	for _, m := range v.Members[:len(v.Members)-1] {
		p.field("", m)
	}
	list, n := listPath(last.Key), 0
	p.each(last.Value.Items, value.Take(last.Value), func(it value.Value) {
		p.row(list, last.Key, n, it)
		n++
	})
	p.fieldsAfter(v, last.Key)
}

// openObject writes a document that is an object too large to hold as it
// is read: each member as the held document's would be, except those that
// may say it failed, which the decoder keeps for the whole document and
// which come after them: the failure they report, or themselves as fields.
func (p Writer) openObject(v value.Value) {
	for _, m := range v.Members {
		p.field("", m)
	}
	more := value.TakeMembers(v)
	for p.o.Err() == nil {
		m, ok, err := more.Next()
		if p.fail(err) || !ok {
			break
		}
		if !recognise.FailureKey(m.Key) {
			p.field("", m)
		}
	}
	if w, ok := p.after(v); ok {
		for _, m := range w.Members { // fields after all, at the end
			p.field("", m)
		}
	}
}

// openTable writes an open list's first rows as a table, then every
// further row as it is read: packed, token by token, where the decoder
// can (value.ReadPacked), as the rows held are. Rows too sparse for a
// table are written by index, as held ones are; a table whose later rows
// make it so ends there, and the rest are.
func (p Writer) openTable(key string, first []value.Value, rest value.Cursor) {
	words := recognise.WordsOf(first, p.spec) // later rows read the names as these do
	steered := recognise.SteerRows(first, p.spec, p.seen)
	t := newTSV(p, steered)
	if t == nil {
		p.openByIndex(key, 0, first, rest)
		return
	}
	t.writeFirst()
	n := len(first)
	// A --where condition may name any column: its rows are read whole.
	if tc, ok := rest.(value.TokenCursor); ok && len(p.spec.Where) == 0 {
		var buf, tmp []byte
		// Read here, each row lent: it is written before the next is
		// read. Read ahead on another core, each row kept, it took
		// longer (0.60 s to 0.53 s for a list of 111 MiB).
		rest = value.CursorFunc(func() (row value.Value, ok bool, err error) {
			row, buf, ok, err = value.ReadPacked(tc, buf, &tmp, true)
			return row, ok, err
		})
	}
	interrupted := false
	for p.o.Err() == nil {
		row, ok, err := rest.Next()
		if p.fail(err) || !ok {
			return
		}
		n++
		switch {
		case row.Kind != value.Object:
			// A row that is not a record: its own lines, indexed as in a
			// held list of mixed items; the table resumes under a new
			// header.
			p.o.Gap()
			p.walkAt(&pathSeg{seg: "[" + strconv.Itoa(n-1) + "]"}, "", row)
			interrupted = true
			continue
		case !value.IsPacked(row) && !recognise.Keep(row, p.spec, p.seen, words):
			continue
		}
		t.next(row)
		if interrupted && !t.added {
			p.o.Gap()
			t.header()
		}
		interrupted = false
		t.write()
		// Checked on every row (it is a few multiplications): rows that
		// add no column can make a table sparse too, under a wide
		// first one, and each would carry every column's tab.
		if t.sparse() {
			p.openByIndex(key, n, nil, rest)
			return
		}
	}
}

// openByIndex writes the rows of an open list from first on, then every
// further one as it is read, by index (items[1200].name: …), as a held
// list too sparse for a table has them, after a blank line when a table
// came before; n is the index of first's first row.
func (p Writer) openByIndex(key string, n int, first []value.Value, rest value.Cursor) {
	if n > 0 {
		p.o.Gap()
	}
	list := listPath(key)
	where := len(p.spec.Where) > 0
	words := recognise.WordsOf(first, p.spec)
	row := func(v value.Value) {
		if value.IsPacked(v) {
			// Read for a table it ended, lent: made whole, of its own.
			v.Text = strings.Clone(v.Text)
			v = value.Unpack(v)
		}
		if !where || v.Kind != value.Object || recognise.Keep(v, p.spec, p.seen, words) {
			p.row(list, key, n, v)
		}
		n++
	}
	p.each(first, rest, row)
}

// openBatch writes a request whose first op's list comes open (the only
// op whose list may: recognise.Streams): its section as it is read, held
// back (in memory up to spill.Bound, then in a temporary file) until the
// ops have all been read, as it is headed "op #0 of M" and M is known
// only then; then its heading and section, the other ops, and what
// follows them.
func (p Writer) openBatch(v, res value.Value) {
	held := spill.New(p.tmp)
	defer held.Close()
	bw := bufio.NewWriter(held)
	back := p.o.Into(bw, held.Err)
	// The heading goes after the gap before it, which is written as it
	// would be before the line.
	p.o.StartLine()
	head := int64(bw.Buffered())
	p.openOp(res.Items[0])
	bw.Flush()
	back()
	if p.fail(held.Err()) {
		return
	}
	w, ok := p.whole(v)
	if !ok {
		return // nothing of it is shown, as of a held document
	}
	ops, _ := w.Get("results")
	out := p.o.Raw()
	if _, err := io.Copy(out, held.Section(0, head)); p.fail(err) {
		return
	}
	out.WriteString(opHead(0, len(ops.Items), ops.Items[0]))
	out.WriteByte('\n')
	if _, err := io.Copy(out, held.Section(head, held.Len()-head)); p.fail(err) {
		return
	}
	for i := 1; i < len(ops.Items); i++ {
		p.o.Line(opHead(i, len(ops.Items), ops.Items[i]))
		p.op(ops.Items[i])
	}
	p.batchAfter(w)
}

// openOp writes the section of an op whose result comes open (the first
// op of a request, which says ok before it: recognise.Streams): its
// fields, the result as it is read, then the fields after it, the first
// ok and the tool its heading names left out, as op leaves them.
func (p Writer) openOp(r value.Value) {
	last := len(r.Members) - 1
	okSeen, toolSeen := false, false
	field := func(m value.Member, whole value.Value) {
		switch {
		case m.Key == "ok" && !okSeen:
			okSeen = true
		case m.Key == "tool" && !toolSeen:
			toolSeen = true
			if _, named := opTool(whole); !named {
				p.field("", m)
			}
		default:
			p.field("", m)
		}
	}
	for _, m := range r.Members[:last] {
		field(m, r)
	}
	p.result(r.Members[last].Value)
	w, ok := p.whole(r)
	if !ok {
		return
	}
	for _, m := range w.Members[last+1:] {
		field(m, w)
	}
	p.o.Gap()
}
