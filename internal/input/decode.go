// Package input reads documents: it recognises how they are framed (JSON
// documents one after another, Server-Sent Events, a curl -i head), decodes
// each into a value.Value as soon as it is complete, and returns a document
// that holds a list too long to hold open once that list has shown its
// first items. Errors name the file, line and column. It knows nothing of
// what the documents mean; which lists stay open is the caller's rule.
package input

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"iter"
	"math/bits"
	"os"
	"sort"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/khive-ai/khive-pretty/internal/jsonlib"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/stack"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// Decoder reads a stream of JSON documents (concatenated or one per line)
// and returns them one at a time, as soon as each is complete.
type Decoder struct {
	name   string
	pos    *positions
	sq     *squeezer
	dec    *jsonlib.Decoder
	docs   int
	values int // the values read (Full, Window)
	// stack holds the objects being read, innermost last, each with the
	// key whose value is being read.
	stack []Frame
	// Stream, when set, is asked about a list that has grown to StreamAfter
	// items: true returns its document open (Open), the list read one item
	// at a time by the caller. One list a document: a second is held.
	Stream func(path []Frame, first []value.Value) bool
	// Telling, when set, names the members whose scalar values can tell
	// that a document failed, or may hold a document that does: Copy's
	// skeleton keeps them wherever they are (past its bounds too).
	Telling func(key string, v value.Value) bool
	// Settled says that reading more never waits (a regular file): what
	// follows a document on its line is then read before it is returned.
	Settled bool
	// StreamObject, when set, is asked about a document that is an object
	// once it has StreamAfter members: true returns it open (Stream's).
	StreamObject func(first []value.Member) bool
	// Text, when set, is asked about each member whose value is a string
	// (path ends at its key): true if it may hold JSON documents that the
	// caller should see as they are read (an MCP text block). A long one
	// that starts as JSON does is read here (text.go), and its document
	// returned open at it, the string's Open.Text its text.
	Text func(path []Frame) bool
	// Skip, when set, is asked about each member (path ends at its key):
	// true leaves its value unread, a Null whose Streamed is value.Skipped.
	Skip         func(path []Frame) bool
	tokenStrings bool // every string read by the token decoder, none here (held): for tests
	// Divert, when set, is asked about each member (path ends at its key):
	// a func returned is handed the member's value token by token as it
	// is read, as Copy hands a document's, and the value stands in the
	// document as Copy's skeleton of it, whose Streamed is value.Diverted.
	// An error of the func ends the document with it.
	Divert func(path []Frame) func(value.Token) error
	// ListAhead, when set, is asked about an open list when its first
	// item after those held is asked for, or when its caller says how it
	// reads the items (Ahead): it may return a reader of the list's items
	// (the pipeline reads them ahead, with next and offset), which the
	// list's Next (or Ahead's cursor) returns from then on; nil, and the
	// list is read here. Whoever reads next is the decoder's only reader
	// until next has returned the list's end or an error; the items it
	// returns are its caller's to keep (openList.Item). scalars says the
	// items held are all scalars.
	ListAhead func(scalars bool, next func() (value.Value, bool, error), offset func() int64) func() (value.Value, bool, error)
	// Interlude, when set, is given each whole line before or between
	// documents that is not one (a server's log line), with its line
	// number, and it is skipped; lines before the first document are held
	// (up to preludeMax bytes) until one comes: an input of no document is
	// the error its first line is. Unset, such a line is the error it is.
	Interlude func(line int, text string) error
	// prelude is the lines held before the first document, of
	// preludeSize bytes, unless given to Interlude already (preludeGiven);
	// firstLine is the first.
	prelude      []heldLine
	preludeSize  int
	preludeGiven bool
	firstLine    *heldLine
	keys         []string // the key being read in each object around Copy's position
	// item is the place in its array of the item about to be read, for
	// its Frame; 0 when the next value is no item.
	item int
	// arrays holds, for each array being read around the current value,
	// where its items start in items.
	arrays []int
	// src, when set, is what the token decoder reads from after its
	// prefix, once it has taken over after a string read here (text.go);
	// shift maps its offsets to the input's (squeezed) ones.
	src   io.Reader
	rest  *bytes.Reader // the first part of src
	shift int64
	// members and items are where objects and arrays gather their values
	// while they are read; finished ones take theirs from the slabs.
	members    []value.Member
	items      []value.Value
	memberSlab slab[value.Member]
	itemSlab   slab[value.Value]
	// objs holds the object being read at each depth, for its Frame,
	// reused: nothing keeps a Frame past the hook it is shown to.
	objs []*value.Value
	// recent and recentValues are member names, and short strings and
	// numbers, met last (memberName, recentValue); names, the member
	// names met, each kept once: documents in a row repeat their words.
	recent       [64]string
	recentValues [256]string
	names        map[string]string
	// A document is read in a coroutine (run), so that one holding a long
	// list can be returned open before its end and read on where it
	// stopped: pull resumes it, yield returns a document, whole or open.
	pull  func() (value.Value, error, bool)
	stop  func()
	yield func(value.Value, error) bool
	// list, obj or txt is what the document returned open last is open
	// at, until Finish has read it to its end; doc is that document.
	list *openList
	obj  *openObject
	txt  *openText
	doc  *value.Doc
}

// Opened reports a document returned open (Next) and not read to its end.
func (d *Decoder) Opened() bool { return d.list != nil || d.obj != nil || d.txt != nil }

// errStopped ends a document the caller gave up on (Close, Reset).
var errStopped = errors.New("input: decoder closed")

// Frame is an object being read around a list: its members so far, and the
// key whose value is being read.
type Frame struct {
	Obj *value.Value
	Key string
	// Item is, for an object that is an item of an array, its place in it
	// (1 for the first); 0 for any other.
	Item int
}

// StreamAfter is how many items of a list are held before Stream is asked:
// the first items decide a table's columns and their widths.
const StreamAfter = 1000

// StreamValues is how many values (at any depth) a list's first items may
// hold before Stream is asked, however few they are: a thousand rows of
// two thousand cells each (22 MB of input) held whole took 500 MiB.
const StreamValues = 50_000

// Full reports whether n items of values values in all are as many as
// the decoder holds of a list before asking Stream (and of a run).
func Full(n, values int) bool { return n >= StreamAfter || values >= StreamValues }

// Window is how many of a list's items the decoder holds before asking
// Stream: a view of the list held whole lays it out on those.
func Window(items []value.Value) int {
	n := 0
	for i, it := range items {
		if Full(i, n) {
			return i
		}
		n += Values(it)
	}
	return len(items)
}

// Values is how many values v is made of, itself included, as the
// decoder counts them (Decoder.values).
func Values(v value.Value) int {
	n := 1
	for _, m := range v.Members {
		n += Values(m.Value)
	}
	for _, it := range v.Items {
		n += Values(it)
	}
	return n
}

// openList is the Open.Rest of a list too long to hold, in a document
// returned open: the caller reads its items after the first ones, whole
// (Next) or token by token (Tokens, ReadValue).
type openList struct {
	d    *Decoder
	done bool
	n    int  // items read by Next
	lent bool // each item is valid until the next is read (Lend)
	// scalars: the list's first items are all scalars, for ListAhead;
	// ahead, the reader it gave; serial, that none is to be asked for;
	// tokensAhead: ahead reads the list token by token (Ahead).
	scalars     bool
	ahead       func() (value.Value, bool, error)
	serial      bool
	tokensAhead bool
}

// Lend makes each item Next returns valid until the next is read, for a
// caller that keeps nothing of it: it saves moving each out (settle).
func (l *openList) Lend() value.Cursor {
	l.lent = true
	return l
}

// Next returns the next item; false after the last.
func (l *openList) Next() (value.Value, bool, error) {
	if l.ahead == nil && !l.serial && !l.lent && l.d.ListAhead != nil {
		// Its first item asked for, and no token read yet: the reader
		// the hook gives reads the list from now on, the decoder its own.
		l.ahead = l.d.ListAhead(l.scalars, l.Item, l.d.Offset)
		l.serial = l.ahead == nil
	}
	if l.ahead != nil {
		return l.ahead()
	}
	return l.read(false)
}

// Ahead is the list's items as read reads them, token by token (Tokens,
// ReadValue, Item), before its first is asked for: read ahead by the
// reader the ListAhead hook gives, if any. Its items are the caller's.
func (l *openList) Ahead(read func() (value.Value, bool, error)) value.Cursor {
	if l.ahead == nil && !l.serial && !l.lent && l.d.ListAhead != nil {
		// Said before the hook starts the goroutine whose read looks
		// at it (Tokens); from then on, the list is its to read.
		l.serial, l.tokensAhead = true, true
		l.ahead = l.d.ListAhead(l.scalars, read, l.d.Offset)
		if l.ahead != nil {
			return value.CursorFunc(l.ahead)
		}
		l.tokensAhead = false
	}
	l.serial = true
	return value.CursorFunc(read)
}

// Item reads the next item whole, or the list's end, for a reader that
// keeps each (ListAhead's): its containers are cut from chunks shared with
// the items around it, which no later item reuses, instead of being moved
// at its end (settle: a fifth of reading a code search's hits ahead).
func (l *openList) Item() (value.Value, bool, error) { return l.read(true) }

// read reads the next item, kept (Item) or not.
func (l *openList) read(kept bool) (value.Value, bool, error) {
	d := l.d
	if l.done {
		return value.Value{}, false, nil
	}
	if d.dec.PeekKind() == ']' {
		l.done = true
		_, err := d.dec.ReadToken()
		return value.Value{}, false, d.Locate(err)
	}
	d.item = 0
	if kept {
		d.memberSlab.keep()
		d.itemSlab.keep()
	} else {
		d.startUnit()
	}
	v, err := d.value()
	switch {
	case err == nil && l.lent:
		d.lend()
	case err == nil && !kept:
		d.settle(&v)
	}
	l.n++
	return v, err == nil, d.Locate(err)
}

// Tokens is the token decoder at the list's next item, for a caller that
// reads it without building a Value (the list is then not read ahead).
func (l *openList) Tokens() *jsonlib.Decoder {
	if !l.tokensAhead {
		if l.ahead != nil {
			panic("input: the tokens of a list read ahead")
		}
		l.serial = true
	}
	return l.d.dec
}

// ReadValue reads the value at the token decoder's position (inside an
// item read token by token).
func (l *openList) ReadValue() (value.Value, error) {
	if !l.tokensAhead {
		l.serial = true
	}
	if k := l.d.dec.PeekKind(); k != '{' && k != '[' {
		// A scalar (most of a row's cells) cuts nothing from the slabs:
		// no unit to start or settle.
		return l.d.value()
	}
	l.d.startUnit()
	v, err := l.d.value()
	if err == nil {
		l.d.settle(&v)
	}
	return v, err
}

// openObject is the Open.More of a document that is an object too large
// to hold: the caller reads its members after the first ones.
type openObject struct {
	d    *Decoder
	done bool
	n    int // members read by Next
	// telling is the members read by Next that the Telling hook names,
	// kept for the whole document.
	telling []value.Member
	// texts is memory the members' names and short scalar values are cut
	// from (a string each was a fifth of reading a large object).
	texts []byte
}

// Next returns the next member; false after the last.
func (o *openObject) Next() (value.Member, bool, error) {
	d := o.d
	if o.done {
		return value.Member{}, false, nil
	}
	if d.dec.PeekKind() == '}' {
		o.done = true
		_, err := d.dec.ReadToken()
		return value.Member{}, false, d.Locate(err)
	}
	name, err := d.dec.ReadValue()
	if err != nil {
		return value.Member{}, false, d.Locate(err)
	}
	key := o.name(name)
	d.stack[len(d.stack)-1].Key = key
	d.item = 0
	v, ok, err := o.scalar()
	if !ok && err == nil {
		d.startUnit()
		if v, err = d.value(); err == nil {
			d.settle(&v)
		}
	}
	o.n++
	if err == nil && d.Telling != nil && d.Telling(key, v) {
		o.telling = append(o.telling, value.Member{Key: key, Value: v})
	}
	return value.Member{Key: key, Value: v}, err == nil, d.Locate(err)
}

// name is the text of a member name read raw, as memberName makes it.
func (o *openObject) name(raw jsonlib.Raw) string {
	if b := raw[1 : len(raw)-1]; verbatim(b) {
		return o.cut(b)
	}
	return o.d.memberName(raw)
}

// scalar reads the member's value, as value reads it, if it is a number,
// true, false, null or a plain string whose end is buffered, from its raw
// bytes; false, with nothing read, for any other.
func (o *openObject) scalar() (value.Value, bool, error) {
	d := o.d
	switch d.dec.PeekKind() {
	case 'n', 't', 'f', '0':
	case '"':
		unread := d.dec.UnreadBuffer()
		q := bytes.IndexByte(unread, '"')
		if q < 0 || d.tokenStrings {
			return value.Value{}, false, nil
		}
		if i := bytes.IndexByte(unread[q+1:], '"'); i < 0 || !verbatim(unread[q+1:q+1+i]) {
			return value.Value{}, false, nil
		}
	default:
		return value.Value{}, false, nil
	}
	raw, err := d.dec.ReadValue()
	if err != nil {
		return value.Value{}, true, err
	}
	d.values++
	switch raw[0] {
	case 'n':
		return value.Value{Kind: value.Null}, true, nil
	case 't':
		return value.Value{Kind: value.Bool, Text: "true"}, true, nil
	case 'f':
		return value.Value{Kind: value.Bool, Text: "false"}, true, nil
	case '"':
		return value.Text(o.cut(raw[1 : len(raw)-1])), true, nil
	}
	return value.Value{Kind: value.Number, Text: o.cut(raw)}, true, nil // the literal
}

// cut is b as a string, cut from texts where it is short, in a chunk
// that only grows.
func (o *openObject) cut(b []byte) string {
	if len(b) == 0 || len(b) > 64 {
		return string(b)
	}
	if cap(o.texts)-len(o.texts) < len(b) {
		o.texts = make([]byte, 0, 8<<10)
	}
	o.texts = append(o.texts, b...)
	return unsafe.String(&o.texts[len(o.texts)-len(b)], len(b))
}

// Locate locates in the input an error met reading an open document's
// rest, as Next's are.
func (d *Decoder) Locate(err error) error {
	if err == nil {
		return nil
	}
	return d.locate(err)
}

// InputError is input that is not JSON, located for a person to find.
type InputError struct {
	Name      string
	Line, Col int // 1-based; Col counts characters
	Msg       string
}

// Error is the message for a person: the file name and the message
// (which may quote the input) are escaped as any untrusted text is.
func (e *InputError) Error() string {
	name, msg := sanitize.String(e.Name, 0), sanitize.String(e.Msg, 0)
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", name, msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", name, e.Line, e.Col, msg)
}

// OutputError marks an error of the caller's output, which Locate passes
// through unchanged.
type OutputError interface {
	error
	Output()
}

// ErrEmpty is returned by Next when the input holds no document at all.
var ErrEmpty = errors.New("empty input: no JSON document")

// NewDecoder reads from r; name is used in error messages. A leading UTF-8
// byte-order mark is skipped.
func NewDecoder(r io.Reader, name string) *Decoder {
	pos := &positions{r: skipBOM(bufio.NewReaderSize(r, readerSize(r)))}
	sq := &squeezer{r: pos}
	return &Decoder{name: name, pos: pos, sq: sq, dec: jsonlib.NewDecoder(sq)}
}

// readerSize is the buffer an input needs: 64 KiB, or a string's length
// (64 KiB for each of a hundred thousand small ones was most of their cost).
func readerSize(r io.Reader) int {
	if l, ok := r.(interface{ Len() int }); ok && l.Len() < 64<<10 {
		return l.Len() + 1
	}
	return 64 << 10
}

// Reset makes d read a new input, r, as a new decoder would, keeping its
// buffers: for many small inputs in a row (the frames of an event stream).
func (d *Decoder) Reset(r io.Reader, name string) {
	if d.Opened() {
		// Given up inside a document: its coroutine is stopped. One
		// waiting between documents reads the new input next.
		d.Close()
	}
	br := d.pos.r.(*bufio.Reader)
	if want := readerSize(r); want > br.Size() {
		// A larger input than the buffer was made for: a buffer smaller
		// than what it holds would make a long string of a short one.
		br = bufio.NewReaderSize(r, max(want, min(2*br.Size(), 64<<10)))
	} else {
		br.Reset(r)
	}
	chunks := d.pos.chunks
	*d.pos = positions{r: skipBOM(br), chunks: [2]chunk{{b: chunks[0].b[:0]}, {b: chunks[1].b[:0]}}}
	*d.sq = squeezer{r: d.pos, cuts: d.sq.cuts[:0]}
	d.dec.Reset(d.sq, jsonlib.Lenient()...)
	d.name, d.docs, d.shift, d.src, d.rest = name, 0, 0, nil, nil
	d.prelude, d.preludeSize, d.preludeGiven, d.firstLine = nil, 0, false, nil
}

// StartLine says that the input given to the decoder starts at line n of
// the whole input (after a curl -i head), for error positions.
func (d *Decoder) StartLine(n int) { d.pos.lines = n - 1 }

// Documents is how many documents Next has returned.
func (d *Decoder) Documents() int { return d.docs }

// Offset is how far the decoder has read into its input, in bytes (white
// space squeezed out).
func (d *Decoder) Offset() int64 { return d.dec.InputOffset() + d.shift }

// Next returns the next document; io.EOF after the last one, ErrEmpty
// (wrapped in an InputError) if there was none, or an *InputError.
//
// A document whose long list (or, as a document, large object) the
// Stream (StreamObject) hook lets through is returned open, read up to
// the list's first items: value.Take reads the rest of the list,
// value.TakeMembers the object's. Then Finish (value.Whole) reads the
// rest and returns the whole document, the list in it an Array whose
// Streamed counts its items. Next reads to the end what was left open.
func (d *Decoder) Next() (value.Value, error) {
	if d.Opened() {
		if _, err := d.Finish(); err != nil {
			return value.Value{}, err
		}
	}
	d.doc = nil
	if d.Stream == nil && d.StreamObject == nil && d.Text == nil {
		// Nothing can be returned open: no coroutine to start (or close).
		return d.document()
	}
	if d.pull == nil {
		d.pull, d.stop = iter.Pull2(d.run)
	}
	v, err, _ := d.pull()
	return v, err
}

// Finish reads the rest of the document Next returned open (its list's
// first, if left unread), and returns it whole, again when called again.
func (d *Decoder) Finish() (value.Value, error) {
	if d.doc == nil {
		return value.Value{}, errors.New("input: no document open")
	}
	return d.doc.Whole()
}

// finish is Finish, once.
func (d *Decoder) finish() (value.Value, error) {
	for d.list != nil && !d.list.done {
		if _, _, err := d.list.Next(); err != nil {
			return value.Value{}, err
		}
	}
	for d.obj != nil && !d.obj.done {
		if _, _, err := d.obj.Next(); err != nil {
			return value.Value{}, err
		}
	}
	v, err, _ := d.pull()
	return v, err
}

// Close ends the coroutine reading documents, if one was started: a
// decoder left with a document open should be closed.
func (d *Decoder) Close() {
	if d.stop != nil {
		d.stop()
	}
	d.pull, d.stop, d.list, d.obj, d.txt, d.doc = nil, nil, nil, nil, nil, nil
}

// run is the coroutine that reads documents, one after another, and
// yields each: open at its long list, then again whole.
func (d *Decoder) run(yield func(value.Value, error) bool) {
	// The decoder's recursion takes this goroutine's stack from 2 KiB to
	// 8 KiB or more: grown at once, while it holds two frames, rather than
	// in steps, each copying and looking up every frame on it.
	stack.Reserve()
	d.yield = yield
	defer func() { d.yield = nil }()
	for {
		v, err := d.document()
		d.list, d.obj, d.txt = nil, nil, nil
		if !yield(v, err) {
			return
		}
	}
}

// suspend returns the document, open at a long list or a large object,
// to the caller of Next, and waits for Finish.
func (d *Decoder) suspend(open value.Value) error {
	// What was read of the document is the caller's from now on.
	d.memberSlab.giveAway()
	d.itemSlab.giveAway()
	if !d.yield(open, nil) {
		return errStopped
	}
	return nil
}

// document reads the next document whole: Next's work, in the coroutine.
func (d *Decoder) document() (value.Value, error) {
	if err := d.begin(); err != nil {
		return value.Value{}, err
	}
	v, err := d.value()
	if err == nil {
		err = d.tail()
	}
	if err != nil {
		return value.Value{}, d.locate(err)
	}
	d.settle(&v)
	d.docs++
	return v, nil
}

// tail checks what follows a document on its line: something that cannot
// start another document (`[1],`, `{"a":1}#`) makes the document part of
// a bad line, so none of it is shown. A stream is not waited on: only
// what has arrived is looked at, unless the input is Settled.
func (d *Decoder) tail() error {
	for more := d.Settled; ; more = false {
		for _, c := range d.dec.UnreadBuffer() {
			switch {
			case c == '\n':
				return nil
			case c == ' ' || c == '\t' || c == '\r':
				continue
			case c == '{' || c == '[' || c == '"' || c == '-' || c == 't' || c == 'f' || c == 'n' || c >= '0' && c <= '9':
				return nil
			}
			_, err := d.dec.ReadToken() // the byte is there: this says what is wrong with it
			return err
		}
		if !more {
			return nil
		}
		// Read up to the next token (or the end), leaving it and the white
		// space before it unread: the loop looks at them again.
		d.dec.PeekKind()
	}
}

// Settled reports a reader that never waits for more: a regular file, a
// string or bytes in memory.
func Settled(r io.Reader) bool {
	switch r := r.(type) {
	case *strings.Reader, *bytes.Reader:
		return true
	case *os.File:
		st, err := r.Stat()
		return err == nil && st.Mode().IsRegular()
	}
	return false
}

// begin starts reading a document (Next, Copy): io.EOF after the last
// one, ErrEmpty (in an InputError) if there was none, or an *InputError.
func (d *Decoder) begin() error {
	d.startUnit()
	d.stack, d.members, d.items, d.arrays, d.item, d.keys = d.stack[:0], d.members[:0], d.items[:0], d.arrays[:0], 0, d.keys[:0]
	if d.Interlude != nil {
		if err := d.interludes(); err != nil {
			return err
		}
	}
	if d.dec.PeekKind() == 0 {
		// PeekKind reports errors, EOF included, on the following read.
		if _, err := d.dec.ReadToken(); err == io.EOF {
			if d.docs == 0 && d.firstLine != nil {
				return d.notJSON(*d.firstLine)
			}
			if d.docs == 0 {
				line, col := d.pos.at(d.pos.total)
				return &InputError{Name: d.name, Line: line, Col: col, Msg: ErrEmpty.Error()}
			}
			return io.EOF
		} else if err != nil {
			return d.locate(err)
		}
	}
	return nil
}

func (d *Decoder) value() (value.Value, error) {
	d.values++
	// A short string or number met lately is not made again (recentValue):
	// slot is where it goes once read, -1 for none.
	slot, hit, known := -1, "", false
	switch d.dec.PeekKind() {
	case '"':
		if d.tokenStrings {
			break
		}
		// A short plain string is read as a token; one that may hold
		// escapes or run past the buffer raw (stringText), or here if long.
		unread := d.dec.UnreadBuffer()
		if q := bytes.IndexByte(unread, '"'); q >= 0 {
			c := unread[q+1:]
			i := bytes.IndexByte(c, '"')
			if i < 0 || bytes.IndexByte(c[:i], '\\') >= 0 {
				if d.readsHere() && d.longAt(c, i) {
					return d.held()
				}
				raw, err := d.dec.ReadValue()
				if err != nil {
					return value.Value{}, err
				}
				return value.Value{Kind: value.String, Text: d.stringText(raw)}, nil
			}
			slot, hit, known = d.recentValue(c[:i])
		}
	case '0':
		slot, hit, known = d.recentValue(numberAt(d.dec.UnreadBuffer()))
	}
	tok, err := d.dec.ReadToken()
	if err != nil {
		return value.Value{}, err
	}
	switch k := tok.Kind(); k {
	case 'n':
		return value.Value{Kind: value.Null}, nil
	case 't':
		return value.Value{Kind: value.Bool, Text: "true"}, nil
	case 'f':
		return value.Value{Kind: value.Bool, Text: "false"}, nil
	case '"', '0':
		// A string's text, or a number's literal, unparsed.
		kind := value.String
		if k == '0' {
			kind = value.Number
		}
		if known {
			return value.Value{Kind: kind, Text: hit}, nil
		}
		s := tok.String()
		if slot >= 0 {
			d.recentValues[slot] = s
		}
		return value.Value{Kind: kind, Text: s}, nil
	case '{':
		// Members gather on a stack shared by all levels and are copied out
		// once, at their exact size: no growing slice per object.
		depth := len(d.stack)
		if depth == len(d.objs) {
			d.objs = append(d.objs, new(value.Value))
		}
		v := d.objs[depth]
		*v = value.Value{Kind: value.Object}
		d.stack = append(d.stack, Frame{Obj: v, Item: d.item})
		base := len(d.members)
		askObj := d.StreamObject != nil && len(d.stack) == 1 && len(d.arrays) == 0
		// On success the stacks are popped below; after an error the
		// document is abandoned and Next resets them.
		for d.dec.PeekKind() != '}' {
			if askObj && len(d.members)-base == StreamAfter && d.yield != nil {
				askObj = false
				if d.StreamObject(d.members[base:]) {
					first := append([]value.Member(nil), d.members[base:]...)
					d.members = d.members[:base]
					n, telling, err := d.streamObject(first)
					d.stack = d.stack[:len(d.stack)-1]
					return value.Value{Kind: value.Object, Members: telling, Open: &value.Open{N: n}}, err
				}
			}
			name, err := d.dec.ReadValue()
			if err != nil {
				return value.Value{}, err
			}
			key := d.memberName(name)
			d.stack[len(d.stack)-1].Key = key
			if d.Stream != nil || d.Text != nil {
				v.Members = d.members[base:len(d.members):len(d.members)]
			}
			var val value.Value
			d.item = 0
			if d.Text != nil && d.dec.PeekKind() == '"' && d.Text(d.stack) {
				val, err = d.text()
			} else if d.Skip != nil && d.Skip(d.stack) {
				val, err = value.Value{Kind: value.Null, Open: skipped}, d.dec.SkipValue()
			} else if emit := d.diverted(); emit != nil {
				// The skeleton's containers are not cut from the slabs:
				// what this unit cut stays where it is.
				d.memberSlab.giveAway()
				d.itemSlab.giveAway()
				val, _, err = d.copyValue(emit, 0, keepAll, key, false)
				val.Open = diverted
			} else {
				val, err = d.value()
			}
			if err != nil {
				return value.Value{}, err
			}
			d.members = append(d.members, value.Member{Key: key, Value: val})
		}
		obj := value.Value{Kind: value.Object, Members: d.memberSlab.take(d.members[base:])}
		// Cleared as it is popped: a value left in the stack would keep
		// its slab, and everything cut from it, alive.
		clear(d.members[base:])
		d.members = d.members[:base]
		d.stack = d.stack[:len(d.stack)-1]
		_, err := d.dec.ReadToken()
		return obj, err
	case '[':
		ask := d.Stream != nil && d.yield != nil && !d.Opened()
		base := len(d.items)
		d.arrays = append(d.arrays, base) // after an error the document is abandoned and begin resets it
		start := d.values
		for d.dec.PeekKind() != ']' {
			if ask && Full(len(d.items)-base, d.values-start) {
				ask = false
				if d.Stream(d.stack, d.items[base:]) {
					first := append([]value.Value(nil), d.items[base:]...)
					// Cleared: the stack's spare room would keep the
					// first items alive while the rest stream.
					clear(d.items[base:])
					d.items = d.items[:base]
					n, err := d.streamList(first)
					d.arrays = d.arrays[:len(d.arrays)-1]
					return value.Value{Kind: value.Array, Open: &value.Open{N: n}}, err
				}
			}
			d.item = len(d.items) - base + 1
			val, err := d.value()
			if err != nil {
				return value.Value{}, err
			}
			d.items = append(d.items, val)
		}
		v := value.Value{Kind: value.Array}
		if len(d.items) > base {
			v.Items = d.itemSlab.take(d.items[base:])
		}
		clear(d.items[base:]) // as members are
		d.items = d.items[:base]
		d.arrays = d.arrays[:len(d.arrays)-1]
		_, err := d.dec.ReadToken()
		return v, err
	default:
		return value.Value{}, fmt.Errorf("unexpected token %q", k)
	}
}

// diverted is where the Divert hook sends the member being read, if any.
func (d *Decoder) diverted() func(value.Token) error {
	if d.Divert == nil {
		return nil
	}
	return d.Divert(d.stack)
}

// maxNames is how many member names a decoder keeps.
const maxNames = 4096

// AppendScalar reads the scalar at the token decoder's position (inside an
// item read token by token) and appends its text to dst, as ReadValue's
// Text would be: a row's cells gathered in one buffer, not a string each.
func (l *openList) AppendScalar(dst []byte) ([]byte, value.Kind, error) {
	raw, err := l.d.dec.ReadValue()
	if err != nil {
		return dst, value.Null, err
	}
	switch raw[0] {
	case '"':
		if b := raw[1 : len(raw)-1]; verbatim(b) {
			return append(dst, b...), value.String, nil
		}
		dst, _ = jsonlib.AppendUnquote(dst, raw)
		return dst, value.String, nil
	case 'n':
		return dst, value.Null, nil
	case 't':
		return append(dst, "true"...), value.Bool, nil
	case 'f':
		return append(dst, "false"...), value.Bool, nil
	}
	return append(dst, raw...), value.Number, nil // the literal, unparsed
}

// stringText is the text of a string read raw, escapes resolved and invalid
// bytes made U+FFFD, as the token's own String does, without its copy.
func (d *Decoder) stringText(raw jsonlib.Raw) string {
	b := raw[1 : len(raw)-1]
	if !verbatim(b) {
		// Unquoted into memory nothing else has: the string is made of it
		// without copying it again.
		u, _ := jsonlib.AppendUnquote(make([]byte, 0, len(raw)), raw)
		return unsafe.String(unsafe.SliceData(u), len(u))
	}
	return string(b)
}

// verbatim reports that a string's bytes between its quotes are its text:
// no escape, and valid UTF-8 (what is not is made U+FFFD). A long one is
// looked at several bytes at a time (5 times faster at 150 bytes), a
// short one, a name, byte by byte (4 times faster at 5 bytes).
func verbatim(b []byte) bool {
	if len(b) > 24 {
		return bytes.IndexByte(b, '\\') < 0 && utf8.Valid(b)
	}
	for _, c := range b {
		if c == '\\' || c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// memberName is the text of a member name read raw (quotes and all): one
// kept already when it is plain ASCII met before.
func (d *Decoder) memberName(raw jsonlib.Raw) string {
	b := raw[1 : len(raw)-1]
	if !verbatim(b) {
		s, _ := jsonlib.AppendUnquote(nil, raw) // escapes, and invalid bytes made U+FFFD
		return string(s)
	}
	// The names met last, one a slot by a cheap hash: rows and documents
	// repeat their keys, most found here without the map's hashing.
	slot := 0
	if len(b) > 0 {
		slot = (len(b)*31 + int(b[0])*7 + int(b[len(b)-1])) & (len(d.recent) - 1)
	}
	if s := d.recent[slot]; s == string(b) && s != "" {
		return s
	}
	s, ok := d.names[string(b)]
	if !ok {
		s = string(b)
		if d.names == nil {
			d.names = make(map[string]string)
		}
		if len(d.names) < maxNames {
			d.names[s] = s
		}
	}
	d.recent[slot] = s
	return s
}

// maxRecentValue is the longest string or number kept in recentValues:
// the words a stream repeats (a method, a level, a status), not ids.
const maxRecentValue = 32

// recentValue looks up b, the bytes between a short plain string's quotes
// or a number's literal, among the values met lately: hit is the string
// kept for it, if known; slot is where it goes once read, -1 for a value
// not to keep. (A string kept, valid UTF-8, is only equal to valid bytes,
// which ReadToken makes into the same text.)
func (d *Decoder) recentValue(b []byte) (slot int, hit string, known bool) {
	if len(b) == 0 || len(b) > maxRecentValue {
		return -1, "", false
	}
	slot = (len(b)*31 + int(b[0])*7 + int(b[len(b)-1])*3 + int(b[len(b)/2])) & (len(d.recentValues) - 1)
	if s := d.recentValues[slot]; s == string(b) {
		return slot, s, true
	}
	return slot, "", false
}

// numberAt is the literal of the number that starts unread, after white
// space and the comma or colon before it; nil if it may run past unread.
func numberAt(unread []byte) []byte {
	// Byte tests, not strings.IndexByte: a call for each byte of every
	// number was a sixth of the time of a list of a million numbers.
	i := 0
	for i < len(unread) && (unread[i] == ' ' || unread[i] == '\t' || unread[i] == '\r' || unread[i] == '\n' || unread[i] == ',' || unread[i] == ':') {
		i++
	}
	j := i
	for j < len(unread) && (unread[j] >= '0' && unread[j] <= '9' || unread[j] == '.' || unread[j] == 'e' || unread[j] == 'E' || unread[j] == '+' || unread[j] == '-') {
		j++
	}
	if j == len(unread) {
		return nil
	}
	return unread[i:j]
}

// slabSize is how many members or items a chunk of a slab holds at most
// once a unit has left its scratch: a larger container gets its own.
const slabSize = 512

// scratchSize is the most a unit cuts from its slab's scratch: one that
// takes more keeps its chunks as they are, instead of being moved.
const scratchSize = 4096

// slab is where the finished objects (or arrays) of a unit (a document,
// an item of an open list, a member of an open object) take their members
// (or items) from, each cut at its exact size; at the unit's end (settle)
// what was cut is moved to one allocation of the size the unit used, and
// the scratch is used again by the next. A unit given away before its end
// (a document returned open) keeps its chunks: its caller holds them.
type slab[T any] struct {
	cur     []T
	scratch []T  // the chunk the next unit starts cutting from
	moves   bool // this unit's cuts are moved at its end
	kept    bool // this unit's reader keeps it (keep)
	used    int  // cut from chunks this unit
}

// keptSize is the largest chunk kept units share: an item kept long
// after the others around it (a row held for --sort) holds on to it.
const keptSize = 128

// start starts a unit: what is read next.
func (s *slab[T]) start() {
	s.cur, s.used, s.moves, s.kept = s.scratch[:0], 0, true, false
}

// keep starts a unit whose values its reader keeps (openList.Item): what
// it cuts is never moved, nor cut again.
func (s *slab[T]) keep() {
	s.moves, s.kept, s.scratch, s.used = false, true, nil, 0
}

// giveAway keeps what this unit cut where it is.
func (s *slab[T]) giveAway() {
	s.moves, s.scratch = false, nil
}

// take is a copy of xs at its exact size, cut from the slab, or its own
// for a large one.
func (s *slab[T]) take(xs []T) []T {
	n := len(xs)
	if n == 0 {
		return nil
	}
	if n > slabSize/8 {
		return append([]T(nil), xs...)
	}
	s.used += n
	if len(s.cur)+n > cap(s.cur) {
		size := min(max(2*cap(s.cur), 8), slabSize)
		if s.moves {
			if s.used <= scratchSize {
				// A larger scratch; what was cut from the one before is
				// moved with the rest at the unit's end.
				size = min(max(2*cap(s.cur), 64), scratchSize)
				s.scratch = make([]T, 0, max(size, n))
				s.cur = s.scratch
			} else {
				s.giveAway()
			}
		}
		if s.kept {
			size = min(size, keptSize)
		}
		if !s.moves {
			s.cur = make([]T, 0, max(size, n))
		}
	}
	at := len(s.cur)
	s.cur = append(s.cur, xs...)
	return s.cur[at : at+n : at+n]
}

// startUnit starts a unit in both slabs.
func (d *Decoder) startUnit() { d.memberSlab.start(); d.itemSlab.start() }

// settle ends a unit read whole, v: what its containers cut from the
// slabs is moved to one allocation of the size it took.
func (d *Decoder) settle(v *value.Value) {
	ms, is := &d.memberSlab, &d.itemSlab
	var m relocation
	if ms.moves && ms.used > 0 {
		m.members = make([]value.Member, ms.used)
	}
	if is.moves && is.used > 0 {
		m.items = make([]value.Value, is.used)
	}
	if m.members != nil || m.items != nil {
		m.move(v)
	}
	// Until the next unit starts, what is cut is kept where it is: the
	// rest of a document around an open list, read after its last item.
	ms.moves, is.moves, ms.cur, is.cur = false, false, nil, nil
}

// lend ends a unit read whole whose value is lent (openList.Lend): the
// next unit reads into the same memory.
func (d *Decoder) lend() {
	ms, is := &d.memberSlab, &d.itemSlab
	ms.moves, is.moves, ms.cur, is.cur = false, false, nil, nil
}

// relocation is what is left of where settle moves a unit's members and
// items to.
type relocation struct {
	members []value.Member
	items   []value.Value
}

// move moves v's members and items cut from a slab, and those of
// everything in it, to r.
func (r *relocation) move(v *value.Value) {
	v.Members = moveTo(v.Members, &r.members)
	for i := range v.Members {
		r.move(&v.Members[i].Value)
	}
	v.Items = moveTo(v.Items, &r.items)
	for i := range v.Items {
		r.move(&v.Items[i])
	}
}

// moveTo is xs moved to the start of what is left of to, when xs was cut
// from a slab that moves (to is not nil), else xs.
func moveTo[T any](xs []T, to *[]T) []T {
	n := len(xs)
	if n == 0 || n > slabSize/8 || *to == nil {
		return xs
	}
	moved := (*to)[:n:n]
	copy(moved, xs)
	*to = (*to)[n:]
	return moved
}

// locate turns a decoding error into an InputError at a line and column.
func (d *Decoder) locate(err error) error {
	var oe OutputError
	if errors.As(err, &oe) {
		return err // a streamed list's output failed: not the input's fault
	}
	var ie *InputError
	if errors.As(err, &ie) {
		return err // located already (in a text block read as JSON)
	}
	var se *jsonlib.SyntacticError
	if !errors.As(err, &se) {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			line, col := d.pos.at(d.pos.total)
			return &InputError{Name: d.name, Line: line, Col: col, Msg: "unexpected end of input: the JSON value is incomplete"}
		}
		// A read error: jsontext names itself in front of the reader's
		// error, which is what a person can act on.
		if u := errors.Unwrap(err); u != nil {
			err = u
		}
		return &InputError{Name: d.name, Msg: "read error: " + err.Error()}
	}
	off := d.sq.raw(se.ByteOffset + d.shift)
	msg := se.Err.Error()
	switch {
	case errors.Is(se.Err, io.ErrUnexpectedEOF):
		msg = "unexpected end of input: the JSON value is incomplete"
	case msg == "exceeded max depth":
		msg = "nesting is deeper than 10000 levels"
	case strings.HasPrefix(msg, "invalid character ',' at start of value"):
		if c := d.pos.nextNonSpace(off + 1); c == ']' || c == '}' {
			msg = fmt.Sprintf("trailing comma before '%c'", c)
		}
	case strings.Contains(msg, " in literal "):
		// "not json" is reported as "'o' in literal null"; name the word.
		start, word := d.pos.wordAt(off)
		if !strings.HasPrefix("null", word) && !strings.HasPrefix("true", word) && !strings.HasPrefix("false", word) {
			off = start
			msg = fmt.Sprintf("%q is not JSON (expecting an object, array, string, number, true, false or null)", word)
		}
	}
	line, col := d.pos.at(off)
	return &InputError{Name: d.name, Line: line, Col: col, Msg: inPointer(msg, string(se.JSONPointer))}
}

// inPointer is msg saying where in the document it happened, by a JSON
// pointer (cut to 80 bytes).
func inPointer(msg, p string) string {
	if p == "" {
		return msg
	}
	if len(p) > 80 {
		cut := 77
		for cut > 0 && !utf8.RuneStart(p[cut]) {
			cut-- // never split a character
		}
		p = p[:cut] + "..."
	}
	return msg + " (in " + p + ")"
}

// positions passes input through to the JSON decoder and remembers enough
// of it to turn a byte offset into a line and column: how many lines and
// characters came before each of the last two reads, and their bytes. The
// decoder reports an error at a byte it has just read, so two reads are
// enough.
type positions struct {
	r     io.Reader
	lines int // newlines before the older chunk (plus the first line's offset)
	// chars0 is how many characters lie between the last newline before
	// the older chunk and it: a long line's column counts characters, not
	// bytes, even where its start has left the window.
	chars0 int
	chunks [2]chunk
	total  int64
}

// chunk is one read: where it starts, and its bytes.
type chunk struct {
	start int64
	b     []byte
}

func (p *positions) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if n > 0 {
		// The older chunk's lines are now before the window.
		old := &p.chunks[0]
		past(old.b, &p.lines, &p.chars0)
		p.chunks[0], p.chunks[1] = p.chunks[1], chunk{start: p.total, b: append(old.b[:0], b[:n]...)}
		p.total += int64(n)
	}
	return n, err
}

// past counts the line breaks in b into lines, and the characters after
// the last one into col (onto it, where there is none).
func past(b []byte, lines, col *int) {
	if i := lastLineBreak(b); i >= 0 {
		*lines += bytes.Count(b, []byte{'\n'})
		*col = chars(b[i+1:])
	} else {
		*col += chars(b)
	}
}

// chars counts the characters in b: the bytes that do not continue a UTF-8
// sequence. A character split between two reads is counted once.
func chars(b []byte) int {
	// Eight bytes at a time: a continuation byte is 10xxxxxx, its top bit
	// set and the next one clear (a long line of JSON is all one read).
	n := len(b)
	for len(b) >= 8 {
		w := binary.LittleEndian.Uint64(b)
		n -= bits.OnesCount64(w &^ (w << 1) & 0x8080808080808080)
		b = b[8:]
	}
	for _, c := range b {
		if c&0xc0 == 0x80 {
			n--
		}
	}
	return n
}

// lastLineBreak is bytes.LastIndexByte(b, '\n'), which reads a byte at a
// time: IndexByte, which reads many, says first whether there is any.
func lastLineBreak(b []byte) int {
	if bytes.IndexByte(b, '\n') < 0 {
		return -1
	}
	return bytes.LastIndexByte(b, '\n')
}

// at returns the 1-based line and character column of byte offset off.
func (p *positions) at(off int64) (line, col int) {
	line, before := p.lines+1, p.chars0
	for _, c := range p.chunks {
		if c.b == nil {
			continue
		}
		end := c.start + int64(len(c.b))
		in := c.b
		if off < end {
			if off < c.start {
				break
			}
			in = c.b[:off-c.start]
		}
		past(in, &line, &before)
		if off < end {
			return line, before + 1
		}
	}
	return line, before + 1
}

// squeezer passes input on to the JSON decoder with long runs of white
// space between tokens cut to squeezeRun bytes: the decoder keeps a run in
// its buffer until the next token, so a gigabyte of spaces would cost a
// gigabyte of memory. The decoder's offsets are mapped back to the input's
// (raw) for error positions. Most input has no long run: strings are
// skipped from quote to quote, and the text between them is looked at byte
// by byte only when it may hold a long run (a sample of it is white space).
type squeezer struct {
	r        io.Reader
	inString bool
	slashes  int   // backslashes ending the input so far, inside a string
	run      int   // white space bytes in the current run outside strings
	out, in  int64 // bytes passed on, bytes read
	// cuts records, at each point where bytes were dropped, how many
	// had been dropped up to there: offsets past it shift by that much.
	cuts []squeezeCut
}

type squeezeCut struct{ at, dropped int64 }

// squeezeRun is how much of a run of white space is passed on.
const squeezeRun = 1 << 10

func (s *squeezer) Read(p []byte) (int, error) {
	for {
		n, err := s.r.Read(p)
		w := s.squeeze(p[:n])
		s.in += int64(n)
		s.out += int64(w)
		// A read that was all dropped white space reads again, rather than
		// look like the end to the decoder.
		if w > 0 || err != nil || n == 0 {
			return w, err
		}
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// squeeze drops, in place, the white space of b beyond squeezeRun in a
// run, and returns the length kept.
func (s *squeezer) squeeze(b []byte) int {
	if !s.longRunPossible(b) && s.slashes == 0 && bytes.IndexByte(b, '\\') < 0 {
		// Nothing to drop, and no escapes: the quotes alone say whether
		// the input ends inside a string; a line break ends whatever a
		// line (a log line with a lone quote) left open.
		before, carried := s.inString, s.run
		tail := b
		if nl := lastLineBreak(b); nl >= 0 {
			tail, s.inString = b[nl+1:], false
		}
		if bytes.Count(tail, []byte{'"'})%2 == 1 {
			s.inString = !s.inString
		}
		s.run = 0
		if !s.inString {
			// The white space that ends b, from where it is outside a
			// string (a lone quote's line is ended by a line break in it);
			// from the start of b, it goes on from before.
			n := trailingSpace(b, 0)
			start := len(b) - n
			line := lastLineBreak(b[:start]) + 1
			in := bytes.Count(b[line:start], []byte{'"'})%2 == 1
			if line == 0 {
				in = in != before
			}
			switch {
			case in:
				n -= bytes.IndexByte(b[start:], '\n')
			case start == 0:
				n += carried
			}
			s.run = n
		}
		return len(b)
	}
	w, i := 0, 0
	keep := func(to int) { // b[i:to] is kept
		if w != i {
			copy(b[w:], b[i:to])
		}
		w += to - i
		i = to
	}
	// nl is where the next line break is, at or after i (len(b): none),
	// looked for again only when passed: a long string of escaped JSON has
	// a quote every few bytes, and looking at each quote was quadratic.
	nl := -1
	for i < len(b) {
		if s.inString {
			j := bytes.IndexByte(b[i:], '"')
			if nl < i {
				nl = len(b)
				if k := bytes.IndexByte(b[i:], '\n'); k >= 0 {
					nl = i + k
				}
			}
			if nl < len(b) && (j < 0 || nl < i+j) {
				// A line break ends what a line left open (see above).
				keep(nl + 1)
				s.inString, s.slashes, s.run = false, 0, 1
				continue
			}
			if j < 0 {
				s.slashes = trailing(b[i:], '\\', s.slashes)
				keep(len(b))
				break
			}
			escaped := trailing(b[i:i+j], '\\', s.slashes)%2 == 1
			s.slashes = 0
			keep(i + j + 1)
			if !escaped {
				s.inString, s.run = false, 0
			}
			continue
		}
		end := len(b)
		if j := bytes.IndexByte(b[i:], '"'); j >= 0 {
			end = i + j
		}
		seg := b[i:end]
		if s.run+len(seg) <= squeezeRun || !sampledSpace(seg) {
			s.run = trailingSpace(seg, s.run)
			keep(end)
		} else {
			for ; i < end; i++ {
				if !isSpace(b[i]) {
					s.run = 0
				} else if s.run++; s.run > squeezeRun {
					at := s.out + int64(w)
					dropped := s.in + int64(i) + 1 - at // this byte included
					if k := len(s.cuts); k > 0 && s.cuts[k-1].at == at {
						s.cuts[k-1].dropped = dropped
					} else {
						s.cuts = append(s.cuts, squeezeCut{at, dropped})
					}
					continue
				}
				b[w] = b[i]
				w++
			}
		}
		if end < len(b) {
			keep(end + 1) // the opening quote
			s.inString, s.run = true, 0
		}
	}
	return w
}

// longRunPossible reports whether b may hold white space to drop: a run
// carried on into it that grows past squeezeRun, or a run longer than
// squeezeRun, which always covers one of the 64-byte windows starting
// every 512 bytes.
func (s *squeezer) longRunPossible(b []byte) bool {
	if len(b) > 0 && s.run > 0 && isSpace(b[0]) {
		n := 0
		for n < len(b) && n <= squeezeRun && isSpace(b[n]) {
			n++
		}
		if s.run+n > squeezeRun {
			return true
		}
	}
	for k := 0; k+64 <= len(b); k += 512 {
		all := true
		for _, c := range b[k : k+64] {
			if !isSpace(c) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// trailing counts the bytes c that end b; if b is all c, carried ones too.
func trailing(b []byte, c byte, carried int) int {
	n := 0
	for n < len(b) && b[len(b)-1-n] == c {
		n++
	}
	if n == len(b) {
		n += carried
	}
	return n
}

// trailingSpace is the length of the run of white space that ends seg,
// counting the run before it when seg is all white space.
func trailingSpace(seg []byte, run int) int {
	n := 0
	for n < len(seg) && isSpace(seg[len(seg)-1-n]) {
		n++
	}
	if n == len(seg) {
		n += run
	}
	return n
}

// sampledSpace reports white space at the start or end of seg or every 512
// bytes in it: a run longer than squeezeRun is always sampled.
func sampledSpace(seg []byte) bool {
	if len(seg) == 0 {
		return false
	}
	for k := 0; k < len(seg); k += 512 {
		if isSpace(seg[k]) {
			return true
		}
	}
	return isSpace(seg[len(seg)-1])
}

// raw maps an offset of the squeezed stream back to the input.
func (s *squeezer) raw(off int64) int64 {
	i := sort.Search(len(s.cuts), func(i int) bool { return s.cuts[i].at > off })
	if i == 0 {
		return off
	}
	return off + s.cuts[i-1].dropped
}

// window returns the bytes of the last two reads, joined, and the offset of
// their first byte.
func (p *positions) window() ([]byte, int64) {
	a, b := p.chunks[0], p.chunks[1]
	if a.b == nil {
		return b.b, b.start
	}
	return append(append([]byte(nil), a.b...), b.b...), a.start
}

// nextNonSpace returns the first byte at or after off that is not JSON
// white space, or 0.
func (p *positions) nextNonSpace(off int64) byte {
	w, base := p.window()
	for i := off - base; i >= 0 && i < int64(len(w)); i++ {
		if !isSpace(w[i]) {
			return w[i]
		}
	}
	return 0
}

// wordAt returns the start offset and text of the run of letters and
// digits around off.
func (p *positions) wordAt(off int64) (int64, string) {
	isWord := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
	}
	w, base := p.window()
	i := off - base
	if i < 0 || i > int64(len(w)) {
		return off, ""
	}
	s, e := i, i
	for s > 0 && isWord(w[s-1]) {
		s--
	}
	for e < int64(len(w)) && isWord(w[e]) && e-s < 40 {
		e++
	}
	return base + s, string(w[s:e])
}

// streamList returns the document open at a long list, whose first items
// are first, and returns, once the caller has read it, its length.
func (d *Decoder) streamList(first []value.Value) (int, error) {
	l := &openList{d: d, scalars: value.AllScalars(first)}
	held := len(first) // first is the caller's from here: not kept alive
	d.list, d.doc = l, value.NewDoc(d.finish)
	kinds := d.kinds()
	list := value.Value{Kind: value.Array, Items: first, Open: &value.Open{Rest: l}}
	open := d.around(list, kinds[:len(kinds)-1], len(d.arrays)-1, d.doc)
	if err := d.suspend(open); err != nil {
		return 0, err
	}
	if !l.done {
		return 0, errors.New("a long list was not read to its end")
	}
	return held + l.n, nil
}

// streamObject returns the document, a large object whose first members
// are first, open, and returns, once the caller has read the rest, how
// many it had and those the Telling hook names (the whole document's).
func (d *Decoder) streamObject(first []value.Member) (int, []value.Member, error) {
	o := &openObject{d: d}
	d.obj, d.doc = o, value.NewDoc(d.finish)
	stream := d.Stream
	d.Stream = nil
	defer func() { d.Stream = stream }()
	open := value.Value{Kind: value.Object, Members: first, Open: &value.Open{More: o}}
	if err := d.suspend(value.At(open, d.doc, nil)); err != nil {
		return 0, nil, err
	}
	if !o.done {
		return 0, nil, errors.New("a large object was not read to its end")
	}
	return len(first) + o.n, o.telling, nil
}
