package pretty

import (
	"bufio"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/khive-ai/khive-pretty/sanitize"
	"github.com/khive-ai/khive-pretty/theme"
)

// jsonWriter writes a Value back as JSON: indented (-o json) or compact
// (-o agent). It is lossless: keys in their order, duplicates included,
// numbers exactly as written. Strings are quoted as JSON requires, and the
// characters that could disturb a terminal but that JSON lets through raw
// (C1 controls, bidi and line-separator characters) are written as \u
// escapes too, as is DEL: still valid JSON, still the same value.
type jsonWriter struct {
	w      *bufio.Writer
	indent bool
	th     jsonTheme
	buf    []byte
}

// jsonTheme colours JSON as jq -C does; the zero value has no colour.
type jsonTheme struct {
	key, str, num, lit, null theme.Style
}

func (j *jsonWriter) value(v Value, depth int) {
	switch v.Kind {
	case Null:
		j.w.WriteString(j.th.null.Render("null"))
	case Bool:
		j.w.WriteString(j.th.lit.Render(v.Text))
	case Number:
		j.w.WriteString(j.th.num.Render(v.Text))
	case String:
		j.w.WriteString(j.th.str.Render(j.quote(v.Text)))
	case Object:
		j.container('{', '}', len(v.Members), depth, func(i int) {
			j.w.WriteString(j.th.key.Render(j.quote(v.Members[i].Key)))
			j.w.WriteByte(':')
			if j.indent {
				j.w.WriteByte(' ')
			}
			j.value(v.Members[i].Value, depth+1)
		})
	case Array:
		j.container('[', ']', len(v.Items), depth, func(i int) { j.value(v.Items[i], depth+1) })
	}
}

// container writes an object or array of n entries between its brackets,
// one entry a line when indenting; an empty one stays "{}" or "[]".
func (j *jsonWriter) container(open, close byte, n, depth int, entry func(int)) {
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

func (j *jsonWriter) newline(depth int) {
	if !j.indent {
		return
	}
	j.w.WriteByte('\n')
	for i := 0; i < depth; i++ {
		j.w.WriteString("  ")
	}
}

// quote writes s as a JSON string with terminal-unsafe characters escaped.
func (j *jsonWriter) quote(s string) string {
	j.buf, _ = jsontext.AppendQuote(j.buf[:0], s)
	for i := 0; i < len(j.buf); {
		r, n := utf8.DecodeRune(j.buf[i:])
		if r == 0x7f || r >= 0x80 && sanitize.UnsafeRune(r) {
			esc := []byte{'\\', 'u', hexDigit(r >> 12), hexDigit(r >> 8), hexDigit(r >> 4), hexDigit(r)}
			j.buf = append(j.buf[:i], append(esc, j.buf[i+n:]...)...)
			i += len(esc)
			continue
		}
		i += n
	}
	return string(j.buf)
}

func hexDigit(r rune) byte { return "0123456789abcdef"[r&0xf] }
