package recognise

import (
	"bytes"
	"strconv"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/jsonlib"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// A list too long to hold (more than input.StreamAfter rows) is shown as
// it is read: what comes before it in the document, then a table laid out
// from its first rows, then every further row, and, once the document
// ends, the footer and the fields that came after the list. Memory stays
// flat however long the list, and the first lines appear at once.
//
// Only lists where khive puts them stream, and only lists of records: a
// document that is a list, a list envelope's rows, an envelope's result.
// A document that has already said it failed is held instead, so that its
// failure heads its output.

// Where is where a streamed list sits in its document.
type Where uint8

const (
	ListIsDocument Where = iota // [ {…}, … ]
	ListInObject                // {"items": [ … ], "requested_limit": …}
	ListIsResult                // {"ok": true, "result": [ … ]}
	ListInResult                // {"ok": true, "result": {"items": [ … ], …}}
)

// Streams reports whether a list that has grown to input.StreamAfter items
// at path streams: the decoder's hook.
func Streams(path []input.Frame, first []Value) bool {
	okEnvelope := func(f input.Frame) bool {
		ok, has := f.Obj.Get("ok")
		return f.Key == "result" && has && ok.IsTrue()
	}
	if !value.AllObjects(first) {
		return false // any other list is held and shown as it always is
	}
	if len(path) > 0 && Failed(*path[0].Obj) {
		return false
	}
	for _, r := range first {
		if r.Has("ok") {
			// A batch's ops: whether it failed, and how it is shown, needs
			// every op, so it is held.
			return false
		}
	}
	if inOp(path) {
		// The list of the first op of a request envelope: the op is seen
		// as an envelope of its own (results[0].result.items).
		path = path[1:]
		return len(path) == 1 && okEnvelope(path[0]) || len(path) == 2 && okEnvelope(path[0]) && IsListKey(path[1].Key)
	}
	switch len(path) {
	case 0:
		return true
	case 1:
		return IsListKey(path[0].Key) || okEnvelope(path[0]) || longShape(*path[0].Obj, path[0].Key, first, "") != nil
	case 2:
		return okEnvelope(path[0]) && IsListKey(path[1].Key)
	}
	return false
}

// inOp reports a path that goes through the first op of a khive request
// envelope ({"results": [{"ok": true, "result": …}, …], "status": …}).
// Its list is shown as a one-op request's, before it is known whether
// more ops follow: if some do, they are shown after it, numbered, with the
// request's totals.
func inOp(path []input.Frame) bool {
	return len(path) >= 2 && path[0].Key == "results" && path[1].Item == 1 && len(path[0].Obj.Members) == 0
}

// StreamsPlain is Streams for plain output, which heads an op with the
// number of ops in its request ("op 1/2"): a request's lists are held.
func StreamsPlain(path []input.Frame, first []Value) bool {
	return !inOp(path) && Streams(path, first)
}

// StreamsTitled is Streams for an output that heads an envelope's list
// with the envelope's tool (Markdown, --verbose): the tool must have been
// read before the list (khive sorts it after its result).
func StreamsTitled(path []input.Frame, first []Value) bool {
	if !Streams(path, first) {
		return false
	}
	if inOp(path) {
		path = path[1:]
	}
	if len(path) > 0 && path[0].Key == "result" {
		t, ok := path[0].Obj.Get("tool")
		return ok && t.Kind == String
	}
	return true
}

// longShape is the shape, if any, that shows obj's list key, whose first
// items are first, as numbered entries (a graph's entities).
func longShape(obj Value, key string, first []Value, tool string) *Long {
	rows := Value{Kind: Object, Members: []Member{{Key: key, Value: Value{Kind: Array, Items: first}}}}
	if sh := findShape(value.Join(obj, rows), tool); sh != nil && sh.Long != nil && sh.Long.Key == key {
		return sh.Long
	}
	return nil
}

// Streamed is a list being streamed, and what its document's end needs.
type Streamed struct {
	Where    Where
	Key      string // the list's key in its object ("items"), if any
	Singular string // what a row is, for the footer
	Rows     int    // rows read so far
	Shown    int    // and shown: those --where keeps
	// Envelope is the envelope around a result (ListIsResult, ListInResult),
	// complete up to the result.
	Envelope Value
	// InOp marks an envelope that is the first op of a request envelope;
	// Where and Envelope are then the op's.
	InOp bool
	b    builder
	// code marks the hits of a code search, shown as the code-search view
	// shows them rather than as a table.
	code bool
	// scalars marks a document that is a list of scalars, shown inline.
	scalars bool
	// long is the shape whose entries the rows are (a graph's entities),
	// and around the object around the list, as read up to it.
	long   *Long
	around Value
	// Walk marks a list that plain output writes as key: value lines
	// (the entries of a shape under a key that is no list key), not as a
	// table; Before is how many members of its object came before it.
	Walk   bool
	Before int
}

// StreamedList says where a long list sits and what its rows are.
func StreamedList(l *input.List, opt Options) *Streamed {
	s := &Streamed{b: builder{opt: opt, grows: true}}
	path := l.Path
	if inOp(path) {
		s.InOp, path = true, path[1:]
	}
	switch len(path) {
	case 0:
		s.Where = ListIsDocument
	case 1:
		s.Where, s.Key = ListInObject, path[0].Key
		if s.Key == "result" {
			s.Where, s.Key = ListIsResult, ""
		}
	default:
		s.Where, s.Key = ListInResult, path[1].Key
	}
	if s.Where >= ListIsResult {
		s.Envelope = *path[0].Obj
	}
	nounKey := s.Key
	if s.Where == ListIsResult {
		nounKey = "results"
	}
	s.Singular = Noun(l.First, nounKey)
	s.scalars = s.Where == ListIsDocument && value.AllScalars(l.First)
	rows := Value{Kind: Object, Members: []Member{{Key: s.Key, Value: Value{Kind: Array, Items: l.First}}}}
	switch {
	case s.Where == ListInObject:
		s.code = findShape(value.Join(*path[0].Obj, rows), "") == &codeSearch
	case s.Where == ListInResult && s.Envelope.Str("tool") != "":
		// An envelope's code search is headed by its tool, as held: only
		// when the tool came before the result.
		s.code = findShape(value.Join(*path[1].Obj, rows), s.Envelope.Str("tool")) == &codeSearch
	}
	if !s.code && !s.scalars {
		switch {
		case s.Where == ListInObject:
			s.around = *path[0].Obj
			s.long = longShape(s.around, s.Key, l.First, "")
			s.Walk = s.long != nil && !IsListKey(s.Key)
			s.Before = len(s.around.Members)
		case s.Where == ListInResult && s.Envelope.Str("tool") != "":
			s.around = *path[1].Obj
			s.long = longShape(s.around, s.Key, l.First, s.Envelope.Str("tool"))
		}
	}
	return s
}

// Blocks is the view of the list as it streams: a code search's hits as
// that view shows them, any other list as a table.
func (s *Streamed) Blocks(l *input.List) []view.Block {
	if s.scalars {
		return []view.Block{s.inline(l)}
	}
	if s.long != nil {
		if blocks, ok := s.entries(l); ok {
			return blocks
		}
		s.long = nil // the first rows are not of the shape, as held
	}
	if !s.code {
		return s.Table(l)
	}
	i := 0
	var queue []view.Block // blocks made and not yet yielded
	if s.Where == ListInResult {
		queue = append(queue, view.Title{Mark: view.OK, Text: s.Envelope.Str("tool")})
	}
	return []view.Block{view.Stream{Next: func() (view.Block, bool, error) {
		if len(queue) == 0 {
			var row Value
			if i < len(l.First) {
				row = l.First[i]
			} else {
				var ok bool
				var err error
				if row, ok, err = l.Next(); err != nil || !ok {
					return nil, false, err
				}
			}
			if i > 0 {
				queue = append(queue, view.Gap{}) // between hits, as held
			}
			if c, err := codeHit(s.b, row); err == nil && (row.Has("file_path") || row.Has("content")) {
				queue = append(queue, c)
			} else {
				// A hit not of the shape: its fields, as they came.
				one := Value{Kind: Object, Members: []Member{{Key: "[" + strconv.Itoa(i) + "]", Value: row}}}
				queue = append(queue, *s.b.record(one, 0, false, false))
			}
			i++
			s.Rows, s.Shown = i, i
		}
		b := queue[0]
		queue = queue[1:]
		return b, true, nil
	}}}
}

// entries is the view of a shape's long list of entries: what comes before
// it, then its first entries, numbered as a held list this long is, whose
// More reads the others. False when a first row is not of the shape, as
// the held view would then be the generic one.
func (s *Streamed) entries(l *input.List) ([]view.Block, bool) {
	its := view.Items{Pad: input.StreamAfter, Entries: make([]view.Entry, 0, len(l.First))}
	for _, it := range l.First {
		e, err := s.long.Entry(s.b, it)
		if err != nil {
			return nil, false
		}
		its.Entries = append(its.Entries, e)
	}
	var blocks []view.Block
	if s.Where == ListInResult {
		blocks = append(blocks, view.Title{Mark: view.OK, Text: s.Envelope.Str("tool")})
	}
	if s.long.Before != nil {
		blocks = append(blocks, s.long.Before(s.b, s.around)...)
	}
	s.Rows, s.Shown = len(l.First), len(l.First)
	its.More = func() (view.Entry, bool, error) {
		it, ok, err := l.Next()
		if err != nil || !ok {
			return view.Entry{}, false, err
		}
		n := s.Rows
		s.Rows++
		s.Shown++
		if it.Kind == Object {
			if e, err := s.long.Entry(s.b, it); err == nil {
				return e, true, nil
			}
		}
		// An entry not of the shape, after the first ones were: its
		// fields, as they came, under its number.
		one := Value{Kind: Object, Members: []Member{{Key: "[" + strconv.Itoa(n) + "]", Value: it}}}
		return view.Entry{Extra: s.b.record(one, 0, false, false)}, true, nil
	}
	return append(blocks, its), true
}

// Table is the view of the list: its title under --verbose when it is an
// envelope's result, then the table of its first rows, whose Stream reads
// the others. A row is read token by token, keeping only the members its
// columns show.
func (s *Streamed) Table(l *input.List) []view.Block {
	var blocks []view.Block
	if s.Where >= ListIsResult {
		// Quiet, as a held list's: its footer counts it, and a writer
		// shows the title where it has room (--verbose, Markdown).
		blocks = append(blocks, view.Title{Mark: view.OK, Text: s.Envelope.Str("tool"), Quiet: true})
	}
	lifts := liftsAny(l.First)
	first := l.First
	if lifts {
		first = liftRows(first)
	}
	first = SteerRows(first, s.b.opt.Steer, s.b.opt.Seen)
	plan := first
	if len(plan) == 0 {
		// --where kept none of the first rows: the later ones it keeps
		// are laid out on what the first ones hold.
		plan = l.First
		if lifts {
			plan = liftRows(plan)
		}
	}
	t := s.b.columns(plan, false)
	if t == nil {
		return append(blocks, s.byIndex(l))
	}
	tb := view.Table{Columns: t.cols, Rows: make([][]view.Cell, len(first))}
	for r, row := range first {
		tb.Rows[r] = t.row(row.Members)
	}
	s.Rows, s.Shown = len(l.First), len(first)
	rd := rowReader{t: t, l: l}
	buf := make([]view.Cell, len(t.cols)) // a streamed row is written before the next is read
	// A condition may name a column the table does not show, and lifting
	// needs the properties whether shown or not: such rows are read whole.
	where := len(s.b.opt.Steer.Where) > 0
	whole := where || lifts
	tb.Stream = func() ([]view.Cell, *view.Record, bool, error) {
		for {
			var row Value
			var ok bool
			var err error
			if whole {
				row, ok, err = l.Next()
			} else {
				row, ok, err = rd.read()
			}
			if err != nil || !ok {
				return nil, nil, false, err
			}
			n := s.Rows
			s.Rows++
			if row.Kind != Object {
				// Not a record: a line of its own, indexed, in the table.
				s.Shown++
				one := Value{Kind: Object, Members: []Member{{Key: "[" + strconv.Itoa(n) + "]", Value: row}}}
				return nil, s.b.record(one, 0, false, false), true, nil
			}
			if lifts {
				row = lift(row)
			}
			if where && !Keep(row, s.b.opt.Steer, s.b.opt.Seen) {
				continue
			}
			s.Shown++
			if whole {
				return t.rowInto(buf, row.Members, t.at(row.Members)), nil, true, nil
			}
			return t.rowInto(buf, row.Members, rd.at), nil, true, nil
		}
	}
	return append(blocks, tb)
}

// byIndex is the list as records under their index, as a held list too
// sparse for a table is shown: its first rows, then every further row as
// it is read. --where judges a row as the table would have, lifted.
func (s *Streamed) byIndex(l *input.List) view.Record {
	where := len(s.b.opt.Steer.Where) > 0
	s.Rows, s.Shown = 0, 0
	next := func(row Value) (view.Field, bool) {
		n := s.Rows
		s.Rows++
		if where && row.Kind == Object && !Keep(lift(row), s.b.opt.Steer, s.b.opt.Seen) {
			return view.Field{}, false
		}
		s.Shown++
		return s.b.field(Member{Key: "[" + strconv.Itoa(n) + "]", Value: row}, false, false)
	}
	r := view.Record{Fields: make([]view.Field, 0, len(l.First))}
	for _, row := range l.First {
		if f, ok := next(row); ok {
			r.Fields = append(r.Fields, f)
		}
	}
	r.Stream = func() (view.Field, bool, error) {
		for {
			row, ok, err := l.Next()
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

// inline is a list of scalars as the held view has it, its items after
// the first as they are read. An item that is not a scalar, after the
// first ones were, is shown as its JSON.
func (s *Streamed) inline(l *input.List) view.Inline {
	in := s.b.inline(l.First, 0)
	s.Rows, s.Shown = len(l.First), len(l.First)
	in.More = func() (view.Cell, bool, error) {
		it, ok, err := l.Next()
		if err != nil || !ok {
			return view.Cell{}, false, err
		}
		s.Rows++
		s.Shown++
		if !it.Scalar() {
			return view.Cell{Kind: view.Text, Text: value.Compact(it)}, true, nil
		}
		return s.b.cell("", it, it.Kind == Null), true, nil
	}
	return in
}

// Finish is the rest of a document whose list was streamed, once it is
// complete: the footer and the fields after the list or, when the document
// said only after its rows that it failed, the failure, whole.
func (s *Streamed) Finish(v Value) []view.Block {
	if s.InOp {
		res, _ := v.Get("results")
		var op Value
		if len(res.Items) > 0 {
			op = res.Items[0]
		}
		return append(s.finish(op), s.b.afterFirstOp(v)...)
	}
	return s.finish(v)
}

// finish is Finish of the document, or of the op, around the list.
func (s *Streamed) finish(v Value) []view.Block {
	list := v
	if s.Where >= ListIsResult {
		list, _ = v.Get("result")
	}
	if Failed(v) {
		rest := v
		if s.Key != "" && s.Where == ListInObject {
			rest = value.Without(v, s.Key)
		}
		return []view.Block{countOf(s.Shown, s.Rows, s.Singular, 0), view.Gap{}, s.b.errorBlock(rest, "")}
	}
	if s.code {
		end := codeEnd(s.b, list, s.Rows)
		if s.Where == ListInResult {
			end = append(end, s.b.envelopeRest(v, 0, false)...)
		}
		return end
	}
	if s.scalars {
		return nil // a list of scalars has no footer
	}
	if s.long != nil {
		blocks := []view.Block{countLine(s.Rows, s.long.Noun, 0)}
		if s.long.After != nil {
			blocks = append(blocks, s.long.After(s.b, value.Without(list, s.Key))...)
		}
		if s.Where == ListInResult {
			blocks = append(blocks, s.b.envelopeRest(v, 0, false)...)
		}
		return blocks
	}
	var blocks []view.Block
	if s.Where == ListInObject || s.Where == ListInResult {
		blocks = s.b.listFooter(list, s.Key, s.Shown, s.Rows, s.Singular, 0)
	} else {
		blocks = []view.Block{countOf(s.Shown, s.Rows, s.Singular, 0)}
	}
	if s.Where >= ListIsResult {
		blocks = append(blocks, s.b.envelopeRest(v, 0, false)...)
	}
	return blocks
}

// rowReader reads the rows of a streamed list for a table: a record's
// members that the table shows, the others skipped unread.
type rowReader struct {
	t   *columns
	l   *input.List
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
	dec := r.l.D.Tokens()
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
			i, shown = r.t.index[occKey(string(key), r.occurrence(p, key))]
			if !shown {
				i = -1
			}
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
		v, err := r.l.D.ReadValue()
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

// StreamsObject reports whether a document that is an object, grown to
// input.StreamAfter members, streams: the decoder's hook. Only a plain
// record does: none of its first members names a server's shape, an
// envelope, a list, a batch, a protocol message or a failure. (One that
// names them only after its first thousand members is shown as a record,
// its failure after it.)
func StreamsObject(first []Member) bool {
	for _, m := range first {
		switch m.Key {
		case "jsonrpc", "result", "tool", "results", "summary", "content", "structuredContent":
			return false
		}
		if FailureKey(m.Key) || IsListMetaKey(m.Key) || IsListKey(m.Key) {
			return false
		}
	}
	v := Value{Kind: Object, Members: first}
	return Classify(v) == ShapeRecord && findShape(v, "") == nil
}

// StreamedObject is a document that is an object too large to hold (a
// map of a million keys), shown as a record whose fields after the first
// ones are shown as they are read. The members read later that may say
// the document failed (FailureKey, judged together as a held document's
// are) are held back: once the object ends they are shown
// as the failure they report, or as fields if they report none.
type StreamedObject struct {
	b    builder
	held []Member
	Read int // members read so far
}

// NewStreamedObject is the view of a large object being read.
func NewStreamedObject(opt Options) *StreamedObject {
	return &StreamedObject{b: builder{opt: opt, grows: true}}
}

// Failed reports whether the members held back say the document failed.
func (s *StreamedObject) Failed() bool { return len(s.held) > 0 && Failed(s.Held()) }

// Held is the members held back.
func (s *StreamedObject) Held() Value { return Value{Kind: Object, Members: s.held} }

// Hold takes a member read after the first ones that may say the document
// failed out of the fields (true), for Finish to show.
func (s *StreamedObject) Hold(m Member) bool {
	if FailureKey(m.Key) {
		s.held = append(s.held, m)
		return true
	}
	return false
}

// Blocks is the record of the object's first members, whose Stream reads
// the others.
func (s *StreamedObject) Blocks(o *input.Object) []view.Block {
	r := s.b.record(Value{Kind: Object, Members: o.First}, 0, false, false)
	s.Read = len(o.First)
	r.Stream = func() (view.Field, bool, error) {
		for {
			m, ok, err := o.Next()
			if err != nil || !ok {
				return view.Field{}, false, err
			}
			s.Read++
			if s.Hold(m) {
				continue
			}
			if f, ok := s.b.field(m, false, false); ok {
				return f, true, nil
			}
		}
	}
	return []view.Block{*r}
}

// Finish is what follows the fields once the object has ended: the
// failure the members held back report, or those members as fields.
func (s *StreamedObject) Finish() []view.Block {
	switch {
	case len(s.held) == 0:
		return nil
	case s.Failed():
		return []view.Block{view.Gap{}, s.b.errorBlock(s.Held(), "")}
	}
	r := view.Record{}
	for _, m := range s.held {
		if f, ok := s.b.field(m, false, false); ok {
			r.Fields = append(r.Fields, f)
		}
	}
	return []view.Block{r}
}
