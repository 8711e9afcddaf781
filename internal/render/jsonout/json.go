// Package jsonout writes documents as JSON text and knows nothing of what
// they mean: the input re-indented, losslessly (-o json), token by token
// for a document of any size (Streamer), and on one line what -o agent
// shows (internal/khive's values), a long list's rows as they are read
// (List). Key order, duplicate keys and the text of numbers are kept; what
// could disturb a terminal is \u-escaped, still the same value.
//
// It imports value, sanitize (what to escape) and theme (colours).
package jsonout

import (
	"bufio"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// Write writes v as JSON to w and a line break after it: indented with two
// spaces, or on one line (compact), coloured by th.
func Write(w *bufio.Writer, v value.Value, indent bool, th Theme) {
	WriteInto(w, v, indent, th, nil)
	w.WriteByte('\n')
}

// WriteInto writes v as Write does, without the line break (a value
// inside one being written), handing own each value not held whole (its
// Open set): own writes one itself, in its place, and says so, or leaves
// it to be written as it is.
func WriteInto(w *bufio.Writer, v value.Value, indent bool, th Theme, own func(value.Value) bool) {
	j := writer{w: w, indent: indent, th: th, own: own}
	j.value(v, 0)
}

// Text writes a JSON string whose text comes in pieces (a long one, read as
// it comes: input.Pieces cuts them where escaping does not depend on what
// is on the other side), quoted as Write quotes it whole, without colour.
type Text struct{ j writer }

// NewText starts a string on w.
func NewText(w *bufio.Writer) *Text {
	w.WriteByte('"')
	return &Text{j: writer{w: w}}
}

// Piece writes the next piece of the text.
func (t *Text) Piece(s string) { writeText(t.j.w, s) }

// End ends the string.
func (t *Text) End() { t.j.w.WriteByte('"') }

// writer writes a Value back as JSON, indented (-o json) or compact (-o
// agent), losslessly: see the package's comment, and writeText for what
// is escaped.
type writer struct {
	w      *bufio.Writer
	indent bool
	th     Theme
	own    func(value.Value) bool // WriteInto's
}

// Theme colours JSON as jq -C does; the zero value has no colour.
type Theme struct {
	Key, Str, Num, Lit, Null theme.Style
}

func (j *writer) value(v value.Value, depth int) {
	if v.Open != nil && j.own != nil && j.own(v) {
		return
	}
	switch v.Kind {
	case value.Null:
		j.styled(j.th.Null, "null")
	case value.Bool:
		j.styled(j.th.Lit, v.Text)
	case value.Number:
		j.styled(j.th.Num, v.Text)
	case value.String:
		j.quoted(j.th.Str, v.Text)
	case value.Object:
		j.container('{', '}', len(v.Members), depth, func(i int) {
			j.key(v.Members[i].Key)
			j.value(v.Members[i].Value, depth+1)
		})
	case value.Array:
		j.container('[', ']', len(v.Items), depth, func(i int) { j.value(v.Items[i], depth+1) })
	}
}

// key writes an object member's key and what follows it before its value.
func (j *writer) key(k string) {
	j.quoted(j.th.Key, k)
	j.w.WriteByte(':')
	if j.indent {
		j.w.WriteByte(' ')
	}
}

// container writes an object or array of n entries between its brackets,
// one entry a line when indenting; an empty one stays "{}" or "[]".
func (j *writer) container(open, close byte, n, depth int, entry func(int)) {
	j.w.WriteByte(open)
	for i := 0; i < n; i++ {
		if i > 0 {
			j.w.WriteByte(',')
		}
		j.newline(depth + 1)
		entry(i)
	}
	if n > 0 {
		j.newline(depth)
	}
	j.w.WriteByte(close)
}

func (j *writer) newline(depth int) {
	if !j.indent {
		return
	}
	j.w.WriteByte('\n')
	for i := 0; i < depth; i++ {
		j.w.WriteString("  ")
	}
}

// styled writes text in style st, as st.Render would, with no string
// made for it (a value of every row of a long list).
func (j *writer) styled(st theme.Style, text string) {
	pre, post := st.Ends()
	if text == "" {
		pre, post = "", ""
	}
	j.w.WriteString(pre)
	j.w.WriteString(text)
	j.w.WriteString(post)
}

// quoted writes s as a JSON string in style st, as st.Render would, but
// as it is escaped: a string of hundreds of megabytes is not held quoted.
func (j *writer) quoted(st theme.Style, s string) {
	pre, post := st.Ends()
	j.w.WriteString(pre)
	j.w.WriteByte('"')
	writeText(j.w, s)
	j.w.WriteByte('"')
	if pre != "" {
		j.w.WriteString(post)
	}
}

// writeText writes s as the text of a JSON string, without its quotes.
// Besides what JSON requires (quote, backslash, C0 controls), it escapes
// exactly what sanitize.String would: DEL, C1 controls, bidi,
// line-separator and invisible characters, as \uXXXX (above U+FFFF, as a
// UTF-16 surrogate pair); an invalid byte becomes U+FFFD, as the JSON
// decoder reads it.
func writeText(w *bufio.Writer, s string) {
	if printable(s) { // most keys and values: nothing to look for
		w.WriteString(s)
		return
	}
	last := 0
	for i, r := range sanitize.Escapes(s, sanitize.EscapeBackslash) {
		writeJSONText(w, s[last:i])
		if r == utf8.RuneError { // an invalid byte
			w.WriteRune(r)
			last = i + 1
			continue
		}
		w.Write(appendJSONEscape(w.AvailableBuffer(), r)) // in place, in w's buffer
		last = i + utf8.RuneLen(r)
	}
	writeJSONText(w, s[last:])
}

// printable reports s of printable ASCII only, with no quote or
// backslash: nothing in it is escaped.
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// writeJSONText writes s, in which only '"' needs escaping.
func writeJSONText(w *bufio.Writer, s string) {
	for {
		k := strings.IndexByte(s, '"')
		if k < 0 {
			w.WriteString(s)
			return
		}
		w.WriteString(s[:k])
		w.WriteString(`\"`)
		s = s[k+1:]
	}
}

// appendJSONEscape appends r escaped, in the shortest form JSON has for it
// (the spelling jsontext uses).
func appendJSONEscape(b []byte, r rune) []byte {
	if i := strings.IndexRune("\\\b\f\n\r\t", r); i >= 0 {
		return append(b, '\\', `\bfnrt`[i])
	}
	if r > 0xffff {
		hi, lo := utf16.EncodeRune(r)
		return appendUTF16(appendUTF16(b, hi), lo)
	}
	return appendUTF16(b, r)
}

func appendUTF16(b []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	return append(b, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
}
