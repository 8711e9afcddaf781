// Package redact replaces, in the bytes of an input, what changes on
// every run of a server (minted IDs, timestamps, latencies) with stable
// labels, so that a snapshot of its answer is the same every run: IDs
// become <id-1>, <id-2> … and timestamps <time-1> … numbered by first
// appearance (one ID keeps its label everywhere: which rows point at which
// stays visible), and the values of keys named by the caller <KEY>.
//
// It works on the input's bytes, before framing and decoding, so that
// every output and every path (a document held or read as it comes, an
// MCP text block holding JSON, escaped) sees the same labels; what it
// writes is valid wherever what it replaced was. It imports only the
// standard library.
package redact

import (
	"bytes"
	"io"
	"strconv"
	"strings"
)

// Redactor labels what it has seen; one is shared by every input of a run,
// so that an ID in two files gets one label.
type Redactor struct {
	keys   map[string]bool
	labels map[string]string
	// orig is what each label stands for (its first spelling), for
	// --sort and --where, which compare values, not labels (Original).
	orig  map[string]string
	ids   int
	times int
}

// New returns a redactor that also replaces the values of keys (as the
// input spells them).
func New(keys []string) *Redactor {
	r := &Redactor{keys: map[string]bool{}, labels: map[string]string{}, orig: map[string]string{}}
	for _, k := range keys {
		if k = strings.TrimSpace(k); k != "" {
			r.keys[k] = true
		}
	}
	return r
}

// label is the label of a value of kind ("id", "time"), the same for the
// same value.
func (r *Redactor) label(kind string, v []byte) string {
	k := kind + "\x00" + string(v)
	if kind == "id" {
		k = "id\x00" + strings.ToLower(string(v)) // one ID in either case
	}
	if l, ok := r.labels[k]; ok {
		return l
	}
	n := 0
	if kind == "id" {
		r.ids++
		n = r.ids
	} else {
		r.times++
		n = r.times
	}
	l := "<" + kind + "-" + strconv.Itoa(n) + ">"
	r.labels[k] = l
	r.orig[l] = string(v)
	return l
}

// Original is s with each label in it back to what it stands for: what
// --where and --sort compare, so that the rows they pick and their order
// are those of the answer itself. A key's value (--redact-key) is not
// kept, and stays its label.
func (r *Redactor) Original(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "<")
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '>')
		if j < 0 {
			break
		}
		if o, ok := r.orig[s[i:i+j+1]]; ok {
			b.WriteString(s[:i])
			b.WriteString(o)
		} else {
			b.WriteString(s[:i+j+1])
		}
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

// A match is what is replaced: b[start:end], an ID, a time, or the value
// of a key (key set; quote is how a string is quoted there: " in a
// document, \" inside a string that holds JSON).
type match struct {
	from       int // where it is recognised from: a key's opening quote
	start, end int
	kind       string // "id", "time", "key"
	key        string
	quote      string
}

// scan calls f with each match in b, in order. A match is recognised by
// hand, not by a regular expression: at a few hundred megabytes a second,
// where Go's regexp managed two.
func (r *Redactor) scan(b []byte, f func(match)) {
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '"' && len(r.keys) > 0:
			if m, ok := r.keyValue(b, i); ok {
				f(m)
				i = m.end - 1
			}
		case isHex(c) && (i == 0 || !isAlnum(b[i-1])):
			if n := uuidAt(b[i:]); n > 0 {
				f(match{from: i, start: i, end: i + n, kind: "id"})
				i += n - 1
			} else if shortID(b[i:]) && !numberLike(b[i:i+8]) {
				f(match{from: i, start: i, end: i + 8, kind: "id"})
				i += 7
			} else if n := stampAt(b[i:]); n > 0 {
				f(match{from: i, start: i, end: i + n, kind: "time"})
				i += n - 1
			}
		case c >= 'F' && c <= 'W' && (i == 0 || !isAlnum(b[i-1])):
			if n := httpDateAt(b[i:]); n > 0 {
				f(match{from: i, start: i, end: i + n, kind: "time"})
				i += n - 1
			}
		}
	}
}

func isHex(c byte) bool   { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlnum(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// hexRun is how many hex digits b starts with.
func hexRun(b []byte) int {
	n := 0
	for n < len(b) && isHex(b[n]) {
		n++
	}
	return n
}

// uuidAt is the length of the ID b starts with: a UUID (8-4-4-4-12 hex
// digits) or 32 lower-case hex digits (a session id), not followed by a
// letter or digit; 0 for none.
func uuidAt(b []byte) int {
	n := 0
	for _, want := range [...]int{8, 4, 4, 4, 12} {
		if n > 0 {
			if n >= len(b) || b[n] != '-' {
				n = -1
				break
			}
			n++
		}
		if hexRun(b[n:]) < want {
			n = -1
			break
		}
		n += want
	}
	if n > 0 && (n == len(b) || !isAlnum(b[n])) {
		return n
	}
	if m := hexRun(b); m == 32 && (m == len(b) || !isAlnum(b[m])) && !numberLike(b[:32]) {
		letter := false
		for _, c := range b[:32] {
			if c >= 'A' && c <= 'F' {
				return 0
			}
			letter = letter || c >= 'a'
		}
		if letter { // 32 digits alone are a number, which a label would break
			return 32
		}
	}
	return 0
}

// shortID reports an ID's short form at the start of b: 8 lower-case hex
// digits, letters and digits both, alone (as khive shows an entity's id
// beside its full_id).
func shortID(b []byte) bool {
	if len(b) < 8 || hexRun(b) != 8 || len(b) > 8 && (isAlnum(b[8]) || b[8] == '-') {
		return false
	}
	letter, digit := false, false
	for _, c := range b[:8] {
		switch {
		case c >= 'A' && c <= 'F':
			return false
		case c >= 'a':
			letter = true
		default:
			digit = true
		}
	}
	return letter && digit
}

// numberLike reports hex digits that read as a JSON number's digits
// (123456e7): outside a string a label there would break the JSON, and
// inside one it is more likely a number than an ID.
func numberLike(b []byte) bool {
	e := bytes.IndexAny(b, "eE")
	for i, c := range b {
		if !isDigit(c) && i != e {
			return false
		}
	}
	return e != 0 && e != len(b)-1
}

// digits reports whether b starts with n digits.
func digits(b []byte, n int) bool {
	if len(b) < n {
		return false
	}
	for _, c := range b[:n] {
		if !isDigit(c) {
			return false
		}
	}
	return true
}

// stampAt is the length of the date-time b starts with (RFC 3339 or ISO
// 8601, to the minute at least: 2026-05-23T16:18, seconds, a fraction
// and a zone optional); 0 for none.
func stampAt(b []byte) int {
	// 2026-05-23T16:18
	if len(b) < 16 || !digits(b, 4) || b[4] != '-' || !digits(b[5:], 2) || b[7] != '-' || !digits(b[8:], 2) ||
		b[10] != 'T' && b[10] != ' ' || !digits(b[11:], 2) || b[13] != ':' || !digits(b[14:], 2) {
		return 0
	}
	n := 16
	if n+2 < len(b) && b[n] == ':' && digits(b[n+1:], 2) {
		n += 3
		if n+1 < len(b) && b[n] == '.' && isDigit(b[n+1]) {
			n++
			for n < len(b) && isDigit(b[n]) {
				n++
			}
		}
	}
	switch {
	case n < len(b) && b[n] == 'Z':
		n++
	case n+2 < len(b) && (b[n] == '+' || b[n] == '-') && digits(b[n+1:], 2):
		z := n + 3
		if z < len(b) && b[z] == ':' {
			z++
		}
		if digits(b[z:], 2) {
			n = z + 2
		}
	}
	return n
}

// httpDateAt is the length of the HTTP date b starts with ("Tue, 24 Nov
// 2026 15:31:39 GMT"); 0 for none.
func httpDateAt(b []byte) int {
	const n = len("Tue, 24 Nov 2026 15:31:39 GMT")
	if len(b) < n || !strings.Contains("Mon Tue Wed Thu Fri Sat Sun", string(b[:3])) || string(b[3:5]) != ", " ||
		!digits(b[5:], 2) || b[7] != ' ' || b[11] != ' ' || !digits(b[12:], 4) || b[16] != ' ' ||
		!digits(b[17:], 2) || b[19] != ':' || !digits(b[20:], 2) || b[22] != ':' || !digits(b[23:], 2) || string(b[25:29]) != " GMT" {
		return 0
	}
	return n
}

// keyValue is the value of a named key whose name's opening quote is
// b[q] (after a backslash when the JSON is inside a string): the scalar
// after its colon.
func (r *Redactor) keyValue(b []byte, q int) (match, bool) {
	esc := q > 0 && b[q-1] == '\\'
	end := bytes.IndexByte(b[q+1:], '"')
	if end < 0 {
		return match{}, false
	}
	name := b[q+1 : q+1+end]
	if esc {
		name = bytes.TrimSuffix(name, []byte{'\\'})
	}
	if !r.keys[string(name)] {
		return match{}, false
	}
	i := q + 1 + end + 1
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	if i >= len(b) || b[i] != ':' {
		return match{}, false
	}
	i++
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	m := match{from: q, start: i, kind: "key", key: string(name), quote: `"`}
	if esc {
		m.from, m.quote = q-1, `\"` // from its backslash: a cut between the two would lose it
	}
	switch {
	case i >= len(b):
		return match{}, false
	case esc && b[i] == '\\' && i+1 < len(b) && b[i+1] == '"':
		// \"…\": its end is the next \" not itself escaped (\\\").
		// Inside the text, a quote of the inner JSON is \" and a backslash
		// \\\\: the value ends at a \" after an even run of \\ pairs.
		for j := i + 2; j+1 < len(b); j++ {
			if b[j] != '\\' {
				if b[j] == '\n' {
					return match{}, false
				}
				continue
			}
			run := 0
			for j+run < len(b) && b[j+run] == '\\' {
				run++
			}
			if j+run < len(b) && b[j+run] == '"' && run%2 == 1 && (run-1)%4 == 0 {
				m.end = j + run + 1
				return m, true
			}
			j += run - 1
		}
		return match{}, false
	case b[i] == '"':
		for j := i + 1; j < len(b); j++ {
			switch b[j] {
			case '\\':
				j++
			case '"':
				m.end = j + 1
				return m, true
			case '\n':
				return match{}, false
			}
		}
		return match{}, false
	}
	j := i
	for j < len(b) && (isAlnum(b[j]) || b[j] == '-' || b[j] == '+' || b[j] == '.') {
		j++
	}
	if j == i {
		return match{}, false
	}
	m.end = j
	return m, true
}

// replace appends b to dst with every match replaced.
func (r *Redactor) replace(dst, b []byte) []byte {
	last := 0
	r.scan(b, func(m match) {
		dst = append(dst, b[last:m.start]...)
		last = m.end
		if m.kind == "key" {
			dst = append(dst, m.quote+"<"+m.key+">"+m.quote...)
			return
		}
		dst = append(dst, r.label(m.kind, b[m.start:m.end])...)
	})
	return append(dst, b[last:]...)
}

// window is how far a match may reach past where a read ends: the bytes
// after the last safe point are held until the next read (or the end).
const window = 1 << 20

// Reader returns src with what r replaces replaced, as it is read.
func (r *Redactor) Reader(src io.Reader) io.Reader { return &reader{r: r, src: src} }

type reader struct {
	r    *Redactor
	src  io.Reader
	in   []byte // read, not replaced yet
	out  []byte // replaced, not returned yet
	err  error
	buf  []byte
	done bool
}

func (x *reader) Read(p []byte) (int, error) {
	for len(x.out) == 0 {
		if x.done {
			if x.err != nil {
				return 0, x.err
			}
			return 0, io.EOF
		}
		x.fill()
	}
	n := copy(p, x.out)
	x.out = x.out[n:]
	return n, nil
}

// fill reads once and replaces what is safe: all of it at the end, else
// up to a line break (most inputs: NDJSON, pretty JSON) or, on a long
// line, up to window bytes before its end, where no match can reach.
func (x *reader) fill() {
	if x.buf == nil {
		x.buf = make([]byte, 32<<10)
	}
	n, err := x.src.Read(x.buf)
	x.in = append(x.in, x.buf[:n]...)
	if err != nil {
		x.done = true
		if err != io.EOF {
			x.err = err
		}
		x.out = x.r.replace(x.out[:0], x.in)
		x.in = x.in[:0]
		return
	}
	// Only the bytes just read can hold a line break not cut at yet.
	cut := 0
	if i := bytes.LastIndexByte(x.buf[:n], '\n'); i >= 0 {
		cut = len(x.in) - n + i + 1
	}
	if cut == 0 && len(x.in) > 2*window {
		cut = len(x.in) - window
		// Not inside a match: a match that starts before the cut and ends
		// after it moves the cut to its end.
		for cut > len(x.in)-2*window && isAlnum(x.in[cut-1]) && isAlnum(x.in[cut]) {
			cut-- // not inside a word, which may be an ID
		}
		x.r.scan(x.in[:min(len(x.in), cut+window)], func(m match) {
			if m.from < cut && m.end > cut {
				cut = m.end
			}
		})
	}
	if cut == 0 {
		return // a line still being read: a live stream shows it when it ends
	}
	x.out = x.r.replace(x.out[:0], x.in[:cut])
	x.in = append(x.in[:0], x.in[cut:]...)
}
