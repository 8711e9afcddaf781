// Package value is the decoded form of a JSON document that every stage
// shares: object members in input order (duplicates kept) and numbers as
// the exact text of the input. It imports only internal/jsonlib (to write
// JSON back).
package value

import (
	"slices"
	"unicode/utf8"

	"github.com/khive-ai/khive-pretty/internal/jsonlib"
)

// Kind is a JSON value's kind.
type Kind uint8

const (
	Null Kind = iota
	Bool
	Number
	String
	Object
	Array
)

// Value is one decoded JSON value. It keeps what a generic decoder loses:
// object members in input order (duplicates included) and numbers as the
// exact text of the input, so 12345678901234567890 and 1e400 print as written.
type Value struct {
	Kind    Kind
	Text    string   // String: the text; Number: the literal; Bool: "true" or "false"
	Members []Member // Object
	Items   []Value  // Array
	// Open, when set, says how a value not held whole was read: see Open.
	Open *Open
}

// Open is what a value holds besides its text, members and items: set on
// a value the decoder did not hold whole. It keeps Value small for the
// millions that are held whole.
type Open struct {
	// N counts, in a whole document, the items of a list too long to
	// hold, which were shown as they were read (Items is then empty); -1
	// (Skipped) marks a value left unread, -2 (Diverted) one handed on as
	// it was read; 1 on a String, a text block shown as it was read (2,
	// Repeats: one that repeats its structuredContent).
	N int
	// Rest reads, in a document returned open, the items of its open list
	// after Items, as they come; More, the members of an open object (a
	// document too large to hold) after Members.
	Rest Cursor
	More MemberCursor
	// Text, on a String returned open (an MCP text block holding JSON),
	// reads its text, unescaped, as it comes.
	Text TextReader
	// doc is the document returned open that the value stands in, at path
	// (the place of a member or item at each level): a container around
	// the open list, read up to it, whose whole Whole reads.
	doc  *Doc
	path []int
	// taken says a view reads the list as it comes (Take): else it is
	// held (Force) before anything of its document is shown.
	taken bool
}

// Cursor reads the items of a list one at a time, false after the last.
type Cursor interface {
	Next() (Value, bool, error)
}

// CursorFunc is a function as a Cursor.
type CursorFunc func() (Value, bool, error)

func (f CursorFunc) Next() (Value, bool, error) { return f() }

// TextReader is the text of a long string, read as it comes. Unless a
// caller commits to showing it as it is read (Commit), it is kept, and
// the whole document holds it as a string.
type TextReader interface {
	Read(p []byte) (int, error)
	// Line is the line of the input the string starts on.
	Line() int
	Commit()
}

// MemberCursor reads the members of an object one at a time.
type MemberCursor interface {
	Next() (Member, bool, error)
}

// Skipped is the N of a value left unread: a tool result's
// structuredContent after its text block, holding the same JSON, was shown.
const Skipped = -1

// Repeats is the N of a text block held back as it was read (a String
// whose text is not held), whose JSON was found to be its reply's
// structuredContent's: said once, as MCP means it.
const Repeats = 2

// Diverted is the N of a value handed on token by token as it was read
// (a tool result's structuredContent, held back in a temporary file):
// what stands in its place is a skeleton of it (input.Decoder.Copy's).
const Diverted = -2

// Streamed is the N of v's Open: how many items a list shown as it was
// read had, Skipped, or 1 for a text block shown as read; 0 for a value
// held whole.
func (v Value) Streamed() int {
	if v.Open == nil {
		return 0
	}
	return v.Open.N
}

// Doc is a document returned open, up to its open list: Whole reads the
// rest, once, when the list has been read.
type Doc struct {
	finish func() (Value, error)
	done   bool
	whole  Value
	err    error
}

// NewDoc is an open document that finish reads to its end.
func NewDoc(finish func() (Value, error)) *Doc { return &Doc{finish: finish} }

// Whole is the whole document, read to its end the first time.
func (d *Doc) Whole() (Value, error) {
	if !d.done {
		d.whole, d.err = d.finish()
		d.done = true
	}
	return d.whole, d.err
}

// At marks v as standing in the open document d at path.
func At(v Value, d *Doc, path []int) Value {
	o := Open{doc: d, path: path}
	if v.Open != nil {
		o.N, o.Rest, o.More, o.Text = v.Open.N, v.Open.Rest, v.Open.More, v.Open.Text
	}
	v.Open = &o
	return v
}

// IsOpen reports a value of a document returned open that is not whole
// yet: the open list, or a container around it.
func (v Value) IsOpen() bool { return v.Open != nil && v.Open.doc != nil }

// Take is the rest of an open list, for a view that shows it as it is
// read (Taken then says so); nil for a list held whole.
func Take(v Value) Cursor {
	if v.Open == nil || v.Open.Rest == nil {
		return nil
	}
	v.Open.taken = true
	return v.Open.Rest
}

// Lend is c, each item it returns valid only until the next is read,
// where its reader can lend them (a view that writes each row and keeps
// nothing of it); else c.
func Lend(c Cursor) Cursor {
	if l, ok := c.(interface{ Lend() Cursor }); ok {
		return l.Lend()
	}
	return c
}

// TakeMembers is the rest of an open object's members, for a view that
// shows them as they are read (Taken then says so).
func TakeMembers(v Value) MemberCursor {
	if v.Open == nil || v.Open.More == nil {
		return nil
	}
	v.Open.taken = true
	return v.Open.More
}

// OpenList is the open list, or open object, of a document returned open:
// the last member or item of each container from the top, down to it.
func OpenList(v Value) (Value, bool) {
	for v.IsOpen() {
		if v.Open.Rest != nil || v.Open.More != nil || v.Open.Text != nil {
			return v, true
		}
		switch {
		case v.Kind == Object && len(v.Members) > 0:
			v = v.Members[len(v.Members)-1].Value
		case v.Kind == Array && len(v.Items) > 0:
			v = v.Items[len(v.Items)-1]
		default:
			return Value{}, false
		}
	}
	return Value{}, false
}

// Taken reports whether a view took the open list of a document (Take).
func Taken(doc Value) bool {
	l, ok := OpenList(doc)
	return ok && l.Open.taken
}

// Force is a document returned open, held whole: the rest of its open
// list read into its Items, then the rest of the document. It is the one
// place where a list that could have been shown as it came is held,
// for a view that needs all of it (or what comes after it) first.
func Force(doc Value) (Value, error) {
	l, ok := OpenList(doc)
	if !ok || l.Open.Rest == nil {
		// An open object is only ever shown as it comes; an open text
		// not committed to is kept, and the whole document holds it.
		return Whole(doc)
	}
	items := append([]Value(nil), l.Items...)
	for {
		it, ok, err := l.Open.Rest.Next()
		if err != nil {
			return Value{}, err
		}
		if !ok {
			break
		}
		items = append(items, it)
	}
	w, err := l.Open.doc.Whole()
	if err != nil {
		return Value{}, err
	}
	if at := place(&w, l.Open.path); at != nil {
		*at = Value{Kind: Array, Items: items}
	}
	return w, nil
}

// place is the value at path (a member's or item's place at each level)
// inside w; nil when w has no such place.
func place(w *Value, path []int) *Value {
	for _, i := range path {
		switch {
		case w.Kind == Object && i < len(w.Members):
			w = &w.Members[i].Value
		case w.Kind == Array && i < len(w.Items):
			w = &w.Items[i]
		default:
			return nil
		}
	}
	return w
}

// Whole is v as it stands in its document once that has been read to its
// end: v itself when it was held whole. The open list is then an Array
// whose Streamed counts its items.
func Whole(v Value) (Value, error) {
	if !v.IsOpen() {
		return v, nil
	}
	w, err := v.Open.doc.Whole()
	if err != nil {
		return Value{}, err
	}
	if at := place(&w, v.Open.path); at != nil {
		return *at, nil
	}
	return Value{}, nil
}

// Member is one name/value pair of an object.
type Member struct {
	Key   string
	Value Value
}

// Get returns the first member named key.
func (v Value) Get(key string) (Value, bool) {
	// By index: ranging by value would copy each member whole to compare
	// its key, and Get runs for every key every recogniser asks about.
	ms := v.Members
	for i := range ms {
		if ms[i].Key == key {
			return ms[i].Value, true
		}
	}
	return Value{}, false
}

// Says returns the last member named key: what a document says of
// itself by a key that decides whether it failed (ok, success, isError),
// read as serde_json (khive), Python and JavaScript read an object, where
// the last of duplicate keys wins.
func (v Value) Says(key string) (Value, bool) {
	ms := v.Members
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Key == key {
			return ms[i].Value, true
		}
	}
	return Value{}, false
}

// Has reports whether v is an object with a member named key.
func (v Value) Has(key string) bool {
	_, ok := v.Get(key)
	return ok
}

// IsTrue reports whether v is the JSON literal true.
func (v Value) IsTrue() bool { return v.Kind == Bool && v.Text == "true" }

// IsFalse reports whether v is the JSON literal false.
func (v Value) IsFalse() bool { return v.Kind == Bool && v.Text == "false" }

// Scalar reports whether v is neither an object nor an array.
func (v Value) Scalar() bool { return v.Kind != Object && v.Kind != Array }

// Str returns the first member named key when it is a string, else "".
func (v Value) Str(key string) string {
	if s, ok := v.Get(key); ok && s.Kind == String {
		return s.Text
	}
	return ""
}

// Text is a string Value.
func Text(s string) Value { return Value{Kind: String, Text: s} }

// AllScalars reports whether every item of an array is a scalar.
func AllScalars(items []Value) bool {
	for _, it := range items {
		if !it.Scalar() {
			return false
		}
	}
	return true
}

// HasRepeatedKey reports whether a key stands twice among ms: by looking
// at each pair in a short row, with a map in a long one.
func HasRepeatedKey(ms []Member) bool {
	if len(ms) > 24 {
		seen := make(map[string]bool, len(ms))
		for _, m := range ms {
			if seen[m.Key] {
				return true
			}
			seen[m.Key] = true
		}
		return false
	}
	for i := 1; i < len(ms); i++ {
		for _, p := range ms[:i] {
			if p.Key == ms[i].Key {
				return true
			}
		}
	}
	return false
}

// AllObjects reports whether an array is non-empty and holds only objects.
func AllObjects(items []Value) bool {
	for _, it := range items {
		if it.Kind != Object {
			return false
		}
	}
	return len(items) > 0
}

// WithoutFirst is obj without the first member of each key marked true in
// used: those were shown elsewhere; a repeated key is still a field.
func WithoutFirst(obj Value, used map[string]bool) Value {
	return withoutFirst(obj, func(key string) bool { return used[key] })
}

// Without is v without the first member of each key named.
func Without(v Value, keys ...string) Value {
	if len(keys) > 64 {
		return withoutFirst(v, func(key string) bool { return slices.Contains(keys, key) })
	}
	// No map of the keys, nor a list of those met: a few, looked through
	// in a row, and a bit each (this is on every small document's path,
	// an envelope's rest asked for several times).
	ms := v.Members
	var met uint64
	n := 0
	for i := range ms {
		if firstOf(keys, ms[i].Key, &met) {
			n++
		}
	}
	out := Value{Kind: Object}
	if len(ms) > n {
		out.Members = make([]Member, 0, len(ms)-n)
		met = 0
		for i := range ms {
			if !firstOf(keys, ms[i].Key, &met) {
				out.Members = append(out.Members, ms[i])
			}
		}
	}
	return out
}

// firstOf reports whether key is one of keys that met, a bit each, does
// not have yet, and adds it.
func firstOf(keys []string, key string, met *uint64) bool {
	i := slices.Index(keys, key)
	if i < 0 || *met&(1<<i) != 0 {
		return false
	}
	*met |= 1 << i
	return true
}

func withoutFirst(obj Value, used func(string) bool) Value {
	// The keys skipped so far: few (those used), looked through in a row,
	// with no map of its own.
	var buf [8]string
	skipped := buf[:0]
	drop := func(key string) bool {
		if !used(key) || slices.Contains(skipped, key) {
			return false
		}
		skipped = append(skipped, key)
		return true
	}
	ms := obj.Members
	for i := range ms {
		drop(ms[i].Key)
	}
	out := Value{Kind: Object}
	if n := len(ms) - len(skipped); n > 0 {
		out.Members = make([]Member, 0, n)
		skipped = skipped[:0]
		for i := range ms {
			if !drop(ms[i].Key) {
				out.Members = append(out.Members, ms[i])
			}
		}
	}
	return out
}

// Join is an object of a's members, then b's.
func Join(a, b Value) Value {
	return Value{Kind: Object, Members: append(append([]Member(nil), a.Members...), b.Members...)}
}

// Same reports values written the same (Compact), with no text made for
// either: the same kinds, texts, keys in order and items.
func Same(a, b Value) bool {
	if a.Kind != b.Kind || a.Kind != Null && a.Text != b.Text || len(a.Members) != len(b.Members) || len(a.Items) != len(b.Items) {
		return false
	}
	for i := range a.Members {
		if a.Members[i].Key != b.Members[i].Key || !Same(a.Members[i].Value, b.Members[i].Value) {
			return false
		}
	}
	for i := range a.Items {
		if !Same(a.Items[i], b.Items[i]) {
			return false
		}
	}
	return true
}

// Compact writes v back as one-line JSON, numbers as written.
func Compact(v Value) string {
	switch v.Kind {
	case Number, Bool:
		return v.Text // its literal: no copy (an id, a count)
	}
	// A small value (the most) is built on the stack and made a string
	// once.
	var buf [128]byte
	return string(appendCompact(buf[:0], v))
}

// appendCompact appends v as one-line JSON to b.
func appendCompact(b []byte, v Value) []byte {
	switch v.Kind {
	case Null:
		b = append(b, "null"...)
	case String:
		b = appendQuoted(b, v.Text)
	case Object:
		b = append(b, '{')
		for i, m := range v.Members {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendQuoted(b, m.Key)
			b = append(b, ':')
			b = appendCompact(b, m.Value)
		}
		b = append(b, '}')
	case Array:
		b = append(b, '[')
		for i, it := range v.Items {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendCompact(b, it)
		}
		b = append(b, ']')
	default:
		b = append(b, v.Text...)
	}
	return b
}

// appendQuoted appends s as a JSON string, as jsonlib.AppendQuote
// writes it: printable ASCII without a quote or a backslash as it is,
// anything else quoted by jsonlib apart (quoting into b would put
// Compact's buffer on the heap for every value).
func appendQuoted(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' {
			q, _ := jsonlib.AppendQuote(nil, s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// Empty reports a value that says nothing: null, "", [] or {}, or an
// object holding only those.
func Empty(v Value) bool {
	switch v.Kind {
	case Null:
		return true
	case String:
		return v.Text == ""
	case Array:
		return len(v.Items) == 0
	case Object:
		for _, m := range v.Members {
			if !Empty(m.Value) {
				return false
			}
		}
		return true
	}
	return false
}

// Token is one JSON token of a document copied as it is read, rather than
// held: '{', '}', '[', ']', a string ('"': Text is its text; Key marks a
// member's name), a number ('0': Text is the literal), 't', 'f' or 'n'.
// A long string value comes in pieces: every piece but the last has Part.
type Token struct {
	Kind byte
	Key  bool
	Part bool
	Text string
}
