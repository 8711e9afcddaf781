package pretty

import (
	"bufio"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"

	"khive-pretty/sanitize"
	"khive-pretty/theme"
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
		if len(v.Members) == 0 {
			j.w.WriteString("{}")
			return
		}
		j.w.WriteByte('{')
		for i, m := range v.Members {
			if i > 0 {
				j.w.WriteByte(',')
			}
			j.newline(depth + 1)
			j.w.WriteString(j.th.key.Render(j.quote(m.Key)))
			j.w.WriteByte(':')
			if j.indent {
				j.w.WriteByte(' ')
			}
			j.value(m.Value, depth+1)
		}
		j.newline(depth)
		j.w.WriteByte('}')
	case Array:
		if len(v.Items) == 0 {
			j.w.WriteString("[]")
			return
		}
		j.w.WriteByte('[')
		for i, it := range v.Items {
			if i > 0 {
				j.w.WriteByte(',')
			}
			j.newline(depth + 1)
			j.value(it, depth+1)
		}
		j.newline(depth)
		j.w.WriteByte(']')
	}
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
