package redact

import (
	"bytes"
	"encoding/binary"
	"math/bits"

	"github.com/khive-ai/khive-pretty/internal/jsonlib"
)

// The lexer reads the input as JSON reads it, enough to know each
// string's decoded text and the name it is the value of: a stack of the
// containers open and, in an object, the member being read. It is not a
// validator: what is not JSON (a header, an SSE field, a log line) is
// read as lines of text, and a string ends at a line break, where JSON
// cannot go on, so that a stray quote costs one line.

// frame is an open container.
type frame struct {
	obj     bool
	wantKey bool    // obj: the next string is a member's name
	key     []byte  // obj: the name of the member being read; a list: the name it is the value of
	kind    keyKind // what key says of its value
	named   bool    // key is one of --redact-key's
	under   bool    // the container is inside a named member's value: every scalar in it is replaced
	// member counts an object's names so far; plain remembers, at each
	// place, the last name met there in which nothing was minted, and
	// what it says, for the next object at this depth (the next record).
	member int
	plain  []plainName
}

// plainName is a member's name in which nothing is minted, and what it
// says of its value.
type plainName struct {
	name []byte
	kind keyKind
}

// maxRemembered is how many names of an object are remembered.
const maxRemembered = 64

type lexer struct {
	r     *Redactor
	nest  int // 0: the input; 1: the text of one of its strings, …
	stack []frame
	line  bool // at a line's start
	text  bool // in a line of text longer than maxLine, read in part
	// scan is, of the string or line held back at the end of the last
	// run, how far it was searched: the next run goes on from there.
	scan    int
	escaped bool // the string held back has an escape in what was searched
	// longToken: the token read last was longer than maxLine and goes on.
	longToken bool
	// deep counts the containers open past maxDepth, which are only
	// counted: the decoder refuses so deep a document, and a frame each
	// would be memory for nothing.
	deep    int
	changed bool // something was replaced
	// hash: text outside any member is a hash's (textOf); a string's,
	// read as the input is, is its member's.
	hash bool
	dec  []byte // scratch: a string decoded
	out  []byte // scratch: what stands for a string or a line
	dec2 []byte
}

const (
	// maxLine is how much of a line of text is held back to be read
	// whole: a longer one is read in parts (what is minted across a
	// part's end stays).
	maxLine = 1 << 20
	// maxNest is how deep JSON held in strings is looked into.
	maxNest = 8
	// maxDepth is how many containers open are each kept as a frame.
	maxDepth = 10000
)

// ends of strings and runs of text.
var (
	stringStop = func() (t [256]bool) {
		t['"'], t['\\'], t['\n'], t['\r'] = true, true, true, true
		return
	}()
	tokenStop = func() (t [256]bool) {
		for _, c := range []byte(",]}\"{[\n\r") {
			t[c] = true
		}
		return
	}()
)

// ctx is what a value at the position is under: the member's name (a
// list's items: the list's), what it says, and whether to replace the
// value whole (--redact-key).
func (lx *lexer) ctx() (key []byte, kind keyKind, replace bool) {
	if n := len(lx.stack); n > 0 {
		f := &lx.stack[n-1]
		return f.key, f.kind, f.named || f.under
	}
	return nil, keyPlain, false
}

// push opens a container that is the value at the position.
func (lx *lexer) push(obj bool) {
	if lx.deep > 0 || len(lx.stack) >= maxDepth {
		lx.deep++
		return
	}
	key, kind, replace := lx.ctx()
	n := len(lx.stack)
	if n < cap(lx.stack) {
		lx.stack = lx.stack[:n+1] // its key's memory is used again
	} else {
		lx.stack = append(lx.stack, frame{})
	}
	f := &lx.stack[n]
	f.obj, f.wantKey, f.named, f.under, f.kind, f.member = obj, obj, false, replace, keyPlain, 0
	f.key = f.key[:0]
	if !obj {
		f.key, f.kind = append(f.key, key...), kind
	}
}

// run appends b, redacted, to dst and says how much of b it took: all of it
// when final, else up to what is not complete yet (a string, a line of
// text, a token), which the next run is given again with what follows. What
// is not replaced is copied in spans, from b[from:] up to a replacement.
func (lx *lexer) run(dst, b []byte, final bool) ([]byte, int) {
	i, from := 0, 0
	for i < len(b) {
		c := b[i]
		switch c {
		case ' ', '\t':
			i++
			continue
		case '\n', '\r':
			// A line break, and the indent of the next line.
			lx.text, lx.longToken = false, false
			i++
			for i+8 <= len(b) && binary.LittleEndian.Uint64(b[i:]) == spaces8 {
				i += 8
			}
			for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
				i++
			}
			lx.line = true
			continue
		case 'd':
			if !lx.line {
				break
			}
			// A Server-Sent Event's data: the field's name is framing, at
			// any depth (a document over several data lines).
			const data = "data:"
			if !final && len(b)-i < len(data)+1 && bytes.HasPrefix([]byte(data), b[i:min(len(b), i+len(data))]) {
				return append(dst, b[from:i]...), i
			}
			if bytes.HasPrefix(b[i:], []byte(data)) {
				i += len(data)
				if i < len(b) && b[i] == ' ' {
					i++
				}
				lx.line = false
				continue
			}
		}
		depth := len(lx.stack)
		if depth == 0 && c == 0xEF && !lx.text {
			// A byte-order mark before a document (cat a.json b.json) is
			// no text: the document after it is read as one.
			if !final && len(b)-i < 3 {
				break
			}
			if len(b)-i >= 3 && b[i+1] == 0xBB && b[i+2] == 0xBF {
				i += 3
				continue
			}
		}
		lx.line = false
		var n int
		var ok bool
		if depth == 0 && (lx.text || c != '{' && c != '[' && c != '"') {
			// A line that is not JSON: a header, an SSE field, a log
			// line, a document that is a number.
			n, ok = lx.textLine(&dst, b[from:i], b[i:], final)
		} else {
			switch c {
			case '{', '[':
				lx.push(c == '{')
				i++
				continue
			case '}', ']':
				if lx.deep > 0 {
					lx.deep--
				} else {
					lx.stack = lx.stack[:depth-1]
				}
				i++
				continue
			case ',':
				if f := &lx.stack[depth-1]; f.obj && lx.deep == 0 {
					f.wantKey = true
				}
				i++
				continue
			case ':':
				i++
				continue
			case '"':
				n, ok = lx.str(&dst, b[from:i], b[i:], final)
			default:
				n, ok = lx.token(&dst, b[from:i], b[i:], final)
			}
		}
		if !ok {
			break
		}
		if n < 0 { // written: what was pending and what stands for it
			n = -n
			from = i + n
		}
		i += n
	}
	return append(dst, b[from:i]...), i
}

// token reads a number or a literal at b, or what is not JSON, up to the
// next comma, bracket, quote or line break; false if it may not be whole
// yet. Like str and textLine, it returns -n when it wrote (pending first,
// then what stands for b[:n]), n when b[:n] stands as it is.
func (lx *lexer) token(dst *[]byte, pending, b []byte, final bool) (int, bool) {
	j := max(1, lx.scan)
	for j < len(b) && !tokenStop[b[j]] {
		j++
	}
	if lx.longToken || j > maxLine {
		// A token longer than a line is held no longer, nor read: it is
		// given on as it is, the rest of it too, however it was read.
		lx.scan, lx.longToken = 0, j == len(b) && !final
		return j, true
	}
	if j == len(b) && !final {
		lx.scan = j
		return 0, false
	}
	lx.scan = 0
	tok := bytes.TrimRight(b[:j], " \t")
	if key, _, replace := lx.ctx(); replace {
		*dst = lx.keyLabel(append(*dst, pending...), key)
		return -len(tok), true
	}
	if len(tok) >= 13 && !number(tok) {
		if out, changed := lx.textOf(lx.out[:0], tok, false); changed {
			lx.out = out
			return lx.splice(dst, pending, out, len(tok))
		}
	}
	return j, true
}

// splice appends pending, then out, which stands for the n bytes read,
// and returns -n, as token, str and textLine do when they wrote. Each
// splices only what changed, so the input is changed.
func (lx *lexer) splice(dst *[]byte, pending, out []byte, n int) (int, bool) {
	*dst = append(append(*dst, pending...), out...)
	lx.changed = true
	return -n, true
}

// textOf appends s with what is minted replaced, and reports whether
// anything was; else it appends nothing.
func (lx *lexer) textOf(dst, s []byte, hash bool) ([]byte, bool) {
	dst, changed := lx.r.text(dst, s, hash)
	lx.changed = lx.changed || changed
	return dst, changed
}

// keyLabel appends what stands for the value of a member named by
// --redact-key: "<its name>", a JSON string.
func (lx *lexer) keyLabel(dst, key []byte) []byte {
	lx.changed = true
	lx.dec = append(append(append(lx.dec[:0], '<'), key...), '>')
	dst, _ = jsonlib.AppendQuote(dst, string(lx.dec))
	return dst
}

// textLine reads a line of text at b (up to its line break): a field
// (a header, an SSE field: Name: value), whose name says what its value
// is, or a line of anything else; false if it is not whole yet.
func (lx *lexer) textLine(dst *[]byte, pending, b []byte, final bool) (int, bool) {
	end := -1
	for j := lx.scan; j < min(len(b), maxLine+1); j++ {
		if b[j] == '\n' || b[j] == '\r' {
			end = j
			break
		}
	}
	part := lx.text
	switch {
	case end >= 0 && end <= maxLine, end < 0 && final && len(b) <= maxLine:
		// The line, or the last part of a long one.
		if end < 0 {
			end = len(b)
		}
		lx.text = false
	case len(b) > maxLine:
		// A long line is read in parts of a length of its own, not of the
		// reads', so that what is minted in it is the same however it
		// came: each ends after the last blank of its second half.
		end = maxLine
		if k := bytes.LastIndexAny(b[maxLine/2:maxLine], " \t"); k >= 0 {
			end = maxLine/2 + k + 1
		}
		lx.text = true
	default:
		lx.scan = len(b)
		return 0, false
	}
	lx.scan = 0
	ln := b[:end]
	if numbers(ln) {
		return end, true // documents that are numbers, never changed
	}
	var out []byte
	var changed bool
	if part {
		out, changed = lx.textOf(lx.out[:0], ln, lx.hash)
	} else {
		out, changed = lx.field(lx.out[:0], ln)
	}
	lx.out = out
	if !changed {
		return end, true
	}
	return lx.splice(dst, pending, out, end)
}

// numbers reports a line of JSON numbers and literals alone (documents),
// which nothing minted is in: a number is never changed.
func numbers(ln []byte) bool {
	f := bytes.Fields(ln)
	for _, w := range f {
		if !number(w) && string(w) != "true" && string(w) != "false" && string(w) != "null" {
			return false
		}
	}
	return len(f) > 0
}

// number reports a JSON number.
func number(b []byte) bool {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	n, ok := run(b, i)
	if !ok {
		return false
	}
	if i = n; i < len(b) && b[i] == '.' {
		if i, ok = run(b, i+1); !ok {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i, ok = run(b, i); !ok {
			return false
		}
	}
	return i == len(b)
}

// run is where a run of digits that starts at b[i] ends; false for none.
func run(b []byte, i int) (int, bool) {
	j := i
	for j < len(b) && isDigit(b[j]) {
		j++
	}
	return j, j > i
}

// field appends a line of text: Name: value, whose name says what the
// value is, as a member's does; else the line, its minted values
// replaced. It appends nothing if nothing is.
func (lx *lexer) field(dst, ln []byte) ([]byte, bool) {
	n := 0
	for n < len(ln) && (isAlnum(ln[n]) || ln[n] == '-' || ln[n] == '_') {
		n++
	}
	if n == 0 || n >= len(ln) || ln[n] != ':' || classes[ln[0]]&(cLetter|cHexLetter) == 0 {
		return lx.textOf(dst, ln, lx.hash)
	}
	name := ln[:n]
	j := n + 1
	for j < len(ln) && (ln[j] == ' ' || ln[j] == '\t') {
		j++
	}
	v := bytes.TrimRight(ln[j:], " \t")
	start := len(dst)
	dst = append(dst, ln[:j]...)
	switch kind := classify(name); {
	case len(v) == 0:
		return dst[:start], false
	case lx.named(name, false):
		dst = append(append(append(dst, '<'), name...), '>')
	case kind == keyCarrier:
		dst = lx.r.label(dst, 'k', v, false)
	case kind == keyID && shortID(v):
		dst = lx.r.label(dst, 's', v, true)
	default:
		var changed bool
		if dst, changed = lx.textOf(dst, v, kind == keyHash || lx.hash); !changed {
			return dst[:start], false
		}
	}
	lx.changed = true
	return append(dst, ln[j+len(v):]...), true
}

// named reports a member's (or a header's) name that --redact-key names:
// its name, or a path of names that ends with the enclosing objects'
// members' (inObject: the member is of the innermost container).
func (lx *lexer) named(key []byte, inObject bool) bool {
	names := lx.r.names
	if len(names) == 0 {
		return false
	}
	var buf [64]byte
	fk := fold(buf[:0], key)
	found := false
	for x := range names {
		p := names[x].path
		if p[len(p)-1] != string(fk) {
			continue
		}
		j := len(p) - 2
		if j >= 0 && !inObject {
			continue
		}
		var fb [64]byte
		for k := len(lx.stack) - 2; j >= 0 && k >= 0; k-- {
			if f := &lx.stack[k]; f.obj {
				if string(fold(fb[:0], f.key)) != p[j] {
					break
				}
				j--
			}
		}
		if j < 0 {
			names[x].used = true
			found = true
		}
	}
	return found
}

// str reads the string at b (b[0] is its quote); false if it is not
// whole yet.
func (lx *lexer) str(dst *[]byte, pending, b []byte, final bool) (int, bool) {
	j := max(1, lx.scan)
	end := -1
	escaped := lx.escaped
	for j < len(b) {
		if !stringStop[b[j]] {
			j++
			j += plainRun(b[j:])
			continue
		}
		if b[j] == '\\' {
			if j+1 >= len(b) {
				break
			}
			escaped = true
			j += 2
			continue
		}
		end = j
		break
	}
	if end < 0 {
		if !final {
			lx.scan, lx.escaped = j, escaped
			return 0, false
		}
		end = len(b)
	}
	lx.scan, lx.escaped = 0, false
	if end == len(b) || b[end] != '"' {
		// No end before the line's: not a string of JSON; its text as it
		// is.
		out, changed := lx.textOf(lx.out[:0], b[:end], false)
		lx.out = out
		if !changed {
			return end, true
		}
		return lx.splice(dst, pending, out, end)
	}
	raw := b[:end+1]
	body := raw[1:end]
	dec := body
	if escaped {
		var err error
		if lx.dec, err = jsonlib.AppendUnquote(lx.dec[:0], raw); err == nil || validEscapes(body) {
			// A lone surrogate or an invalid byte is U+FFFD, as the
			// decoder reads it.
			dec = lx.dec
		} else {
			return end + 1, true // not JSON's escape: as it is, which the decoder refuses
		}
	}
	n := end + 1
	put := func(s []byte) (int, bool) { return lx.splice(dst, pending, s, n) }
	if f := lx.top(); f != nil && f.obj && f.wantKey && lx.deep == 0 {
		// A member's name: what it says of its value is kept; itself,
		// it may hold an ID (an object keyed by them).
		f.wantKey = false
		f.key = append(f.key[:0], dec...)
		m := f.member
		f.member++
		if m < len(f.plain) && !escaped && string(f.plain[m].name) == string(dec) {
			// The name the record before had here, and nothing in it
			// minted: a list's records repeat their names.
			f.kind = f.plain[m].kind
			f.named = lx.named(f.key, true) // a path's depends on the names around
			return n, true
		}
		f.kind = classify(f.key)
		f.named = lx.named(f.key, true)
		if out, changed := lx.quoted(raw, f.key, escaped, false); changed {
			return put(out)
		}
		if !escaped && m < maxRemembered && !hexWord8(dec) {
			if m < len(f.plain) {
				f.plain[m] = plainName{append(f.plain[m].name[:0], dec...), f.kind}
			} else if m == len(f.plain) {
				f.plain = append(f.plain, plainName{append([]byte(nil), dec...), f.kind})
			}
		}
		return n, true
	}
	key, kind, replace := lx.ctx()
	switch {
	case replace:
		return put(lx.keyLabel(lx.out[:0], key))
	case kind == keyCarrier && len(dec) > 0:
		return put(append(lx.r.label(append(lx.out[:0], '"'), 'k', dec, false), '"'))
	case kind == keyID && shortID(dec):
		return put(append(lx.r.label(append(lx.out[:0], '"'), 's', dec, true), '"'))
	case len(lx.stack) == 0 && lx.hash:
		if out, changed := lx.quoted(raw, dec, escaped, lx.hash); changed {
			return put(out)
		}
	case lx.nest < maxNest && holdsLines(dec, escaped):
		// JSON in a string (an MCP text block), or lines: read as the
		// input is.
		sub := lexer{r: lx.r, nest: lx.nest + 1, line: true, hash: kind == keyHash}
		out, _ := sub.run(nil, dec, true)
		if sub.changed {
			q, _ := jsonlib.AppendQuote(lx.out[:0], string(out))
			return put(q)
		}
	default:
		if out, changed := lx.quoted(raw, dec, escaped, kind == keyHash); changed {
			return put(out)
		}
	}
	return n, true
}

func (lx *lexer) top() *frame {
	if n := len(lx.stack); n > 0 {
		return &lx.stack[n-1]
	}
	return nil
}

// quoted is a string, raw as read and dec decoded, with what is minted in
// it replaced, quoted; false if nothing is.
func (lx *lexer) quoted(raw, dec []byte, escaped, hash bool) ([]byte, bool) {
	if !escaped {
		// The text is the raw bytes: labels go in place.
		out, changed := lx.r.text(append(lx.out[:0], '"'), raw[1:len(raw)-1], hash)
		lx.out = out
		if !changed {
			return nil, false
		}
		return append(out, '"'), true
	}
	out, changed := lx.r.text(lx.out[:0], dec, hash)
	lx.out = out
	if !changed {
		return nil, false
	}
	q, _ := jsonlib.AppendQuote(lx.dec2[:0], string(out))
	lx.dec2 = q
	return q, true
}

// holdsLines reports text read as the input is: JSON (it starts with {
// or [, or holds a quote) or more than one line. Unescaped, a string can
// hold neither a quote nor a line break.
func holdsLines(s []byte, escaped bool) bool {
	for _, c := range s {
		if c == '{' || c == '[' {
			return true
		}
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			break
		}
	}
	return escaped && bytes.ContainsAny(s, "\"\n\r")
}

// Eight bytes at a time: a string's text is searched for its stops (a
// quote, a backslash, a line break) a word at a time, and an indent
// skipped so, as most of an indented document is the two.
const (
	ones    = 0x0101010101010101
	highs   = 0x8080808080808080
	spaces8 = ' ' * ones
)

// zeroByte has the high bit of the lowest zero byte of x set (and maybe
// some above it, never below).
func zeroByte(x uint64) uint64 { return (x - ones) &^ x & highs }

// plainRun is how many bytes b starts with that stop no string.
func plainRun(b []byte) int {
	j := 0
	for j+8 <= len(b) {
		x := binary.LittleEndian.Uint64(b[j:])
		if m := zeroByte(x^('"'*ones)) | zeroByte(x^('\\'*ones)) | zeroByte(x^('\n'*ones)) | zeroByte(x^('\r'*ones)); m != 0 {
			return j + bits.TrailingZeros64(m)/8
		}
		j += 8
	}
	for j < len(b) && !stringStop[b[j]] {
		j++
	}
	return j
}

// validEscapes reports a string's text whose escapes are JSON's (\" \\ \/
// \b \f \n \r \t \uXXXX), whatever they stand for.
func validEscapes(body []byte) bool {
	for i := 0; i < len(body); i++ {
		if body[i] != '\\' {
			continue
		}
		if i+1 >= len(body) {
			return false
		}
		switch body[i+1] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			i++
		case 'u':
			if !hexes(body, i+2, 4) {
				return false
			}
			i += 5
		default:
			return false
		}
	}
	return true
}

// hexWord8 reports a word of eight hex digits in s, which a UUID read
// later may make a short id.
func hexWord8(s []byte) bool {
	n := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && isAlnum(s[i]) {
			n++
			continue
		}
		if n == 8 && hexes(s, i-8, 8) {
			return true
		}
		n = 0
	}
	return false
}
