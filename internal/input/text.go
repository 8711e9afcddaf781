package input

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/khive-ai/khive-pretty/internal/jsonlib"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// A string can hold a whole document: an MCP text block carries a khive
// response as JSON text, escaped. The token decoder holds a string whole
// (twice: its escaped bytes and its text). A long string the Text hook
// names is read here instead, unescaped as it is read, its document
// returned open at it (the string's Open.Text its text), from which the
// caller decodes the documents it holds while the string is still being
// read. Then a new token decoder takes over the input after the string,
// first fed a made-up prefix that puts it where the old one was.

// textStart is how much of a string is looked at to tell whether it starts
// as JSON does; a string is read here when it is longer than textLong.
const (
	textStart = 64
	textLong  = 64 << 10
)

// openText is a string being read that may hold JSON documents: the
// Open.Text of the string in a document returned open at it.
type openText struct {
	u         *unescaper
	line      int
	committed bool
}

func (t *openText) Read(p []byte) (int, error) { return t.u.Read(p) }

// Line is the line of the input the string starts on.
func (t *openText) Line() int { return t.line }

// Commit says the text is being shown as it is read: it is not kept, and
// the whole document has in its place a String whose Streamed is 1.
func (t *openText) Commit() {
	t.committed = true
	t.u.kept = nil
}

// text reads a member's string value that the Text hook named (the
// decoder has peeked at its opening quote).
func (d *Decoder) text() (value.Value, error) {
	unread := d.dec.UnreadBuffer()
	q := bytes.IndexByte(unread, '"')
	if q < 0 || d.dec.StackDepth() != len(d.stack)+len(d.arrays) || !d.long(unread[q+1:], true) {
		// Short, plainly not JSON, or inside a row read token by token:
		// read as any string is.
		return d.value()
	}
	to := d.takeOver(unread, q)
	line, _ := d.pos.at(d.sq.raw(to.start))
	u := to.u
	u.kept = &gather{}
	t := &openText{u: u, line: line}
	var err error
	if d.yield != nil && !d.Opened() {
		// The document is returned open at the string; the caller reads
		// what of its text it wants, and commits to showing it or not.
		d.txt, d.doc = t, value.NewDoc(d.finish)
		open := value.Value{Kind: value.String, Open: &value.Open{N: 1, Text: t}}
		err = d.suspend(d.around(open, to.kinds, len(d.arrays), d.doc))
	}
	taken := t.committed
	if err == nil {
		_, err = io.Copy(io.Discard, u) // the rest, kept unless taken
	}
	if err := to.finish(err, d.stackKeys()); err != nil {
		return value.Value{}, err
	}
	v := value.Value{Kind: value.String, Open: shownText}
	if !taken {
		v = value.Text(u.kept.String())
		u.kept = nil // the reader may outlive the string (a caller's decoder of the text)
	}
	return v, nil
}

// readsHere reports whether this decoder can read a string itself (held):
// every container around it is its own (not a row read token by token).
func (d *Decoder) readsHere() bool {
	return !d.tokenStrings && d.dec.StackDepth() == len(d.stack)+len(d.arrays)
}

// held reads a long string value here rather than by the token decoder,
// which would hold five times the text at its peak (its escaped bytes in
// a buffer kept for its life, unquoted, copied); here, twice at the join
// of its chunks, once after it.
func (d *Decoder) held() (value.Value, error) {
	unread := d.dec.UnreadBuffer()
	to := d.takeOver(unread, bytes.IndexByte(unread, '"'))
	var g gather
	_, err := g.ReadFrom(to.u)
	if err := to.finish(err, d.stackKeys()); err != nil {
		return value.Value{}, err
	}
	return value.Text(g.String()), nil
}

// gather holds a long text as it is read, in chunks, and makes it one
// string at its end: grown by appending, it would be copied at each growth.
type gather struct {
	chunks [][]byte
	n      int
}

// The chunks of a gather: each next twice the last, up to maxChunk.
const (
	firstChunk = 64 << 10
	maxChunk   = 4 << 20
)

// room is the free space of the last chunk, or of a new one.
func (g *gather) room() []byte {
	k := len(g.chunks)
	if k > 0 {
		if c := g.chunks[k-1]; len(c) < cap(c) {
			return c[len(c):cap(c)]
		}
	}
	size := firstChunk
	if k > 0 {
		size = min(2*cap(g.chunks[k-1]), maxChunk)
	}
	g.chunks = append(g.chunks, make([]byte, 0, size))
	return g.chunks[k][:size]
}

// grew counts n more bytes written into room.
func (g *gather) grew(n int) {
	k := len(g.chunks) - 1
	g.chunks[k] = g.chunks[k][:len(g.chunks[k])+n]
	g.n += n
}

func (g *gather) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		c := copy(g.room(), p)
		g.grew(c)
		p = p[c:]
	}
	return n, nil
}

// ReadFrom reads r to its end into the chunks themselves.
func (g *gather) ReadFrom(r io.Reader) (int64, error) {
	start := g.n
	for {
		n, err := r.Read(g.room())
		g.grew(n)
		if err == io.EOF {
			return int64(g.n - start), nil
		}
		if err != nil {
			return int64(g.n - start), err
		}
	}
}

// String is the text gathered, which the gather then lets go of.
func (g *gather) String() string {
	var b strings.Builder
	b.Grow(g.n)
	for _, c := range g.chunks {
		b.Write(c)
	}
	g.chunks, g.n = nil, 0
	return b.String()
}

// takeover is the reading of a long string here, from its opening quote.
type takeover struct {
	d        *Decoder
	start    int64  // the input's offset at the token decoder's position
	kinds    []byte // the containers around the string, outermost first
	br       *bufio.Reader
	u        *unescaper // the string's text, read from br
	counted  *countingReader
	buffered int    // what the token decoder had buffered past its position
	pointer  string // the JSON pointer of the string, for errors
}

// takeOver starts reading the string whose opening quote is unread[q]
// (unread: what the token decoder has buffered past its position).
func (d *Decoder) takeOver(unread []byte, q int) *takeover {
	to := &takeover{d: d, start: d.dec.InputOffset() + d.shift, kinds: d.kinds(), buffered: len(unread)}
	to.pointer = d.pointer(to.kinds)
	to.counted = &countingReader{r: d.source()}
	to.br = bufio.NewReaderSize(io.MultiReader(bytes.NewReader(append([]byte(nil), unread...)), to.counted), 64<<10)
	to.br.Discard(q + 1)
	to.u = &unescaper{r: to.br}
	return to
}

// pointer is the JSON pointer of the value being read inside the
// containers of kinds, when the decoder's own stacks say (else "").
func (d *Decoder) pointer(kinds []byte) string {
	if len(kinds) != len(d.stack)+len(d.arrays) {
		return ""
	}
	var b strings.Builder
	objs, arrs := 0, 0
	for _, k := range kinds {
		b.WriteByte('/')
		if k == '{' {
			key := strings.ReplaceAll(strings.ReplaceAll(d.stack[objs].Key, "~", "~0"), "/", "~1")
			b.WriteString(key)
			objs++
			continue
		}
		b.WriteString(strconv.Itoa(len(d.arrayItems(arrs))))
		arrs++
	}
	return b.String()
}

// arrayItems is the items read so far of the i-th array being read.
func (d *Decoder) arrayItems(i int) []value.Value {
	end := len(d.items)
	if i+1 < len(d.arrays) {
		end = d.arrays[i+1]
	}
	return d.items[d.arrays[i]:end]
}

// consumed is how many bytes of the input were read past start.
func (to *takeover) consumed() int64 {
	return int64(to.buffered) + to.counted.n - int64(to.br.Buffered())
}

// finish ends the reading of the string, which ended with err: a string
// itself broken is an error of the input, located; else err, if any;
// else the input after the string is given to a new token decoder inside
// the objects (keys: their keys being read) and arrays around it.
func (to *takeover) finish(err error, keys []string) error {
	if u := to.u; u.err != nil {
		// Where the token decoder would say: at the character or escape
		// it could not read (one cut short: at its start).
		msg := u.err.Error()
		if u.err == io.ErrUnexpectedEOF {
			msg = "unexpected end of input: the JSON value is incomplete"
		}
		l, c := to.d.pos.at(to.d.sq.raw(to.start + to.consumed()))
		return &InputError{Name: to.d.name, Line: l, Col: c, Msg: inPointer(msg, to.pointer)}
	}
	if err != nil {
		return err
	}
	rest, _ := to.br.Peek(to.br.Buffered())
	to.d.resume(to.kinds, keys, to.start+to.consumed(), append([]byte(nil), rest...))
	return nil
}

// stackKeys is the key being read in each object around the decoder.
func (d *Decoder) stackKeys() []string {
	keys := make([]string, len(d.stack))
	for i, f := range d.stack {
		keys[i] = f.Key
	}
	return keys
}

// kinds is the containers the token decoder is in, outermost first.
func (d *Decoder) kinds() []byte {
	kinds := make([]byte, d.dec.StackDepth())
	for i := range kinds {
		k, _ := d.dec.StackIndex(i + 1)
		kinds[i] = byte(k)
	}
	return kinds
}

// around is the document read so far with cur as the value being read:
// each object and array around it (kinds, outermost first; the innermost
// arrs of the decoder's arrays) with what was read of it, and cur last;
// with doc, each of them stands in doc (value.At).
func (d *Decoder) around(cur value.Value, kinds []byte, arrs int, doc *value.Doc) value.Value {
	type level struct {
		obj     bool
		key     string
		members []value.Member
		items   []value.Value
	}
	levels := make([]level, len(kinds))
	objs := len(d.stack)
	for i := len(kinds) - 1; i >= 0; i-- {
		if kinds[i] == '{' {
			objs--
			f := d.stack[objs]
			levels[i] = level{obj: true, key: f.Key, members: f.Obj.Members}
			continue
		}
		arrs--
		levels[i] = level{items: d.arrayItems(arrs)}
	}
	var path []int // cur's place at each level
	if doc != nil {
		path = make([]int, len(levels))
		for i, l := range levels {
			path[i] = len(l.members) + len(l.items)
		}
		cur = value.At(cur, doc, path)
	}
	for i := len(levels) - 1; i >= 0; i-- {
		if l := levels[i]; l.obj {
			ms := append(append(make([]value.Member, 0, len(l.members)+1), l.members...), value.Member{Key: l.key, Value: cur})
			cur = value.Value{Kind: value.Object, Members: ms}
		} else {
			items := append(append(make([]value.Value, 0, len(l.items)+1), l.items...), cur)
			cur = value.Value{Kind: value.Array, Items: items}
		}
		if doc != nil {
			cur = value.At(cur, doc, path[:i])
		}
	}
	return cur
}

// resume makes a new token decoder read the input from offset at (rest:
// read of it already), inside kinds, just after a member's string value.
func (d *Decoder) resume(kinds []byte, keys []string, at int64, rest []byte) {
	var pre []byte
	objs := 0
	tokens := 1
	for _, k := range kinds {
		if k == '{' {
			pre = append(pre, '{')
			pre, _ = jsonlib.AppendQuote(pre, keys[objs])
			pre = append(pre, ':')
			objs++
			tokens += 2
		} else {
			pre = append(pre, '[')
			tokens++
		}
	}
	pre = append(pre, `""`...)
	d.rest = bytes.NewReader(rest)
	d.src = io.MultiReader(d.rest, d.sq)
	d.dec = jsonlib.NewDecoder(io.MultiReader(bytes.NewReader(pre), d.src))
	for range tokens {
		d.dec.ReadToken() // the prefix: valid JSON, known to read
	}
	d.shift = at - int64(len(pre))
}

// long reports whether a string whose first bytes the token decoder has
// buffered (content) is longer than textLong and, if json, starts as JSON
// does: a short string is left to the token decoder at no cost but the
// look (longPast).
func (d *Decoder) long(content []byte, json bool) bool {
	// A string holds no raw line break: one in what is buffered ends it
	// (or the token decoder finds it bad), told by one look.
	if i := bytes.IndexByte(content, '\n'); i >= 0 && i < textLong {
		return false
	}
	if closed, _ := quoteIn(content, 0); closed || json && len(content) >= textStart && !jsonStart(content) {
		return false // most strings: nothing more to look at
	}
	// Only the start is copied, to tell whether it starts as JSON does.
	slashes, start := 0, make([]byte, 0, textStart)
	long := d.longPast(content, func(seg []byte) bool {
		closed := false
		if closed, slashes = quoteIn(seg, slashes); closed {
			return true
		}
		start = append(start, seg[:min(len(seg), textStart-len(start))]...)
		return json && len(start) >= textStart && !jsonStart(start)
	})
	return long && (!json || jsonStart(start))
}

// longAt reports whether the string whose text starts c, whose first
// quote is at i in c (-1: none buffered), is longer than textLong.
func (d *Decoder) longAt(c []byte, i int) bool {
	if i == 0 || i > 0 && c[i-1] != '\\' {
		return false
	}
	return d.long(c, false)
}

// quoteIn reports whether b holds the closing quote of a string it is
// inside, after slashes backslashes; else the backslashes it ends with.
func quoteIn(b []byte, slashes int) (bool, int) {
	for len(b) > 0 {
		i := bytes.IndexByte(b, '"')
		if i < 0 {
			return false, trailing(b, '\\', slashes)
		}
		if trailing(b[:i], '\\', slashes)%2 == 0 {
			return true, 0
		}
		b, slashes = b[i+1:], 0
	}
	return false, slashes
}

// jsonStart reports whether the start of a string's bytes may begin a JSON
// object or array, after white space (raw or escaped); too few bytes to
// tell count as a yes.
func jsonStart(b []byte) bool {
	for len(b) > 0 {
		switch {
		case b[0] == ' ' || b[0] == '\t':
			b = b[1:]
		case b[0] == '\\' && len(b) > 1 && strings.IndexByte("nrt", b[1]) >= 0:
			b = b[2:]
		case b[0] == '\\' && len(b) == 1:
			return true
		default:
			return b[0] == '{' || b[0] == '['
		}
	}
	return true
}

// restUnread is a copy of what a takeover read of the input and the token
// decoder has not read yet, left unread.
func (d *Decoder) restUnread() []byte {
	if d.rest == nil || d.rest.Len() == 0 {
		return nil
	}
	rest := make([]byte, d.rest.Len())
	d.rest.ReadAt(rest, d.rest.Size()-int64(d.rest.Len()))
	return rest
}

// source is what the token decoder reads after what it has buffered.
func (d *Decoder) source() io.Reader {
	if d.src != nil {
		return d.src
	}
	return d.sq
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// unescaper reads a JSON string's text from its escaped bytes, up to and
// through its closing quote, keeping what it returned in kept, if set.
type unescaper struct {
	r    *bufio.Reader
	done bool
	kept *gather
	pend []byte // decoded bytes not returned yet
	buf  [utf8.UTFMax * 2]byte
	err  error
}

var errString = errors.New("invalid string: a control character or a bad escape in it")

func (u *unescaper) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) && u.err == nil {
		if len(u.pend) > 0 {
			c := copy(p[n:], u.pend)
			u.pend, n = u.pend[c:], n+c
			continue
		}
		if u.done {
			break
		}
		if u.r.Buffered() == 0 {
			if _, err := u.r.Peek(1); err != nil {
				u.err = io.ErrUnexpectedEOF
				break
			}
		}
		buf, _ := u.r.Peek(u.r.Buffered())
		i := plainRun(buf)
		c := min(i, len(p)-n)
		if c < i {
			// p ends inside the run: it takes whole characters, so that
			// the next run starts with one.
			for c > 0 && !utf8.RuneStart(buf[c]) {
				c--
			}
			if c == 0 { // the next character does not fit in what is left
				_, k := utf8.DecodeRune(buf)
				u.pend = append(u.buf[:0], buf[:k]...)
				u.r.Discard(k)
				continue
			}
		}
		copy(p[n:], buf[:c])
		u.r.Discard(c)
		n += c
		if c < i || i == len(buf) {
			continue
		}
		switch c := buf[i]; {
		case c == '"':
			u.r.Discard(1)
			u.done = true
		case c >= utf8.RuneSelf:
			u.char()
		case c == '\\':
			if i+1 < len(buf) && n < len(p) {
				if c := simpleEscape(buf[i+1]); c != 0 {
					p[n] = c // the common escape, in place
					n++
					u.r.Discard(2)
					continue
				}
			}
			u.escape()
		default:
			u.err = errString
		}
	}
	if u.kept != nil {
		u.kept.Write(p[:n])
	}
	if n == 0 && u.err != nil {
		return 0, u.err
	}
	if n == 0 && u.done {
		return 0, io.EOF
	}
	return n, nil
}

// plainRun is how many bytes at the start of b need no unescaping: up to
// a quote, an escape, a control character, or a byte that does not begin a
// whole UTF-8 character in b.
func plainRun(b []byte) int {
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if c == '"' || c == '\\' || c < 0x20 {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// char reads, into pend, the character at the reader that plainRun
// stopped at: one whose start only was buffered, or a byte that is not
// UTF-8 (U+FFFD).
func (u *unescaper) char() {
	e, _ := u.r.Peek(utf8.UTFMax)
	if !utf8.FullRune(e) {
		u.err = io.ErrUnexpectedEOF // the input ends inside it
		return
	}
	r, n := utf8.DecodeRune(e)
	if r == utf8.RuneError && n == 1 {
		u.pend = utf8.AppendRune(u.buf[:0], utf8.RuneError)
	} else {
		u.pend = append(u.buf[:0], e[:n]...)
	}
	u.r.Discard(n)
}

// escape decodes the escape at the reader into pend.
func (u *unescaper) escape() {
	e, err := u.r.Peek(2)
	if err != nil {
		u.err = io.ErrUnexpectedEOF
		return
	}
	if c := simpleEscape(e[1]); c != 0 {
		u.r.Discard(2)
		u.buf[0] = c
		u.pend = u.buf[:1]
		return
	}
	if e[1] != 'u' {
		u.err = errString
		return
	}
	r, n := u.hex(0)
	if n == 0 {
		return
	}
	if utf16.IsSurrogate(r) {
		if r2, n2 := u.hex(6); n2 > 0 {
			if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
				r, n = pair, 12
			}
		}
	}
	u.r.Discard(n)
	if utf16.IsSurrogate(r) {
		r = utf8.RuneError // a lone surrogate, as the token decoder reads one
	}
	u.pend = utf8.AppendRune(u.buf[:0], r)
}

// simpleEscape is the byte \c stands for, or 0.
func simpleEscape(c byte) byte {
	switch c {
	case '"', '\\', '/':
		return c
	case 'b':
		return '\b'
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	}
	return 0
}

// hex reads the \uXXXX escape at offset off of the reader, without
// consuming it: the rune and 6, or 0 if there is none.
func (u *unescaper) hex(off int) (rune, int) {
	e, err := u.r.Peek(off + 6)
	if err != nil {
		if off == 0 {
			u.err = io.ErrUnexpectedEOF
		}
		return 0, 0
	}
	e = e[off:]
	if e[0] != '\\' || e[1] != 'u' {
		if off == 0 {
			u.err = errString
		}
		return 0, 0
	}
	var r rune
	for _, c := range e[2:6] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			if off == 0 {
				u.err = errString
			}
			return 0, 0
		}
	}
	return r, 6
}

// skipped, diverted and shownText are the Open of a value left unread, of
// one handed on as it was read (Divert) and of a text shown as it was read.
var (
	skipped   = &value.Open{N: value.Skipped}
	diverted  = &value.Open{N: value.Diverted}
	shownText = &value.Open{N: 1}
)
