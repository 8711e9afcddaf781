package markdown

import (
	"strings"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
)

// inline keeps text on one line; line breaks were already made spaces
// by the cell formatting, this catches any that were not.
func inline(s string) string {
	if strings.IndexByte(s, '\n') < 0 && strings.IndexByte(s, '\r') < 0 {
		return s // the usual case: no copy
	}
	// Byte by byte, as a replacer would: strings.Map would also turn an
	// invalid byte into U+FFFD.
	b := []byte(s)
	for i, c := range b {
		if c == '\n' || c == '\r' {
			b[i] = ' '
		}
	}
	return string(b)
}

// Escape escapes, in text that is already safe for a terminal, what
// GitHub-flavoured Markdown would read as structure rather than text, so a
// value can never open an HTML comment, a link, emphasis, a code span or
// math that changes or hides what follows it: backslash, backtick, *, [,
// ], <, >, ~, |, &, $, and _ where it could start or end emphasis (not
// inside a word: snake_case stays readable). Text that starts a line also
// goes through lineStart.
func Escape(s string) string {
	if !hasStructure(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\', '`', '*', '[', ']', '<', '>', '~', '|', '&', '$':
			b.WriteByte('\\')
		case '_':
			if !wordByte(s, i-1) || !wordByte(s, i+1) {
				b.WriteByte('\\')
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// hasStructure reports a byte Escape may escape. A switch a byte, not
// strings.IndexAny: on a short string that looks each character up in
// the set, and a record of a million short values spent a sixth of its
// time there.
func hasStructure(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\', '`', '*', '[', ']', '<', '>', '~', '|', '&', '$', '_':
			return true
		}
	}
	return false
}

// lineStart escapes what makes a block when it starts a line: a heading
// (#), a list item (-, +, "1." or "1)"), a setext underline (=). Spaces
// that would make an indented code block are dropped.
func lineStart(s string) string {
	s = strings.TrimLeft(s, " ")
	if s == "" {
		return s
	}
	if strings.IndexByte("#+-=", s[0]) >= 0 {
		return "\\" + s
	}
	digits := 0
	for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
		digits++
	}
	if digits > 0 && digits < len(s) && (s[digits] == '.' || s[digits] == ')') {
		return s[:digits] + "\\" + s[digits:]
	}
	return s
}

// wordByte reports whether s[i] is an ASCII letter or digit (or a byte of
// a non-ASCII character): the neighbours that keep an underscore inside a
// word.
func wordByte(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// Strong makes text bold. Markdown reads ** as strong emphasis only next
// to text, so spaces at the ends go, and an empty text stays visible as "".
func Strong(s string) string { return "**" + strongText(s) + "**" }

// strongText is what Strong puts between its asterisks.
func strongText(s string) string {
	if s = strings.TrimSpace(s); s == "" {
		return `""`
	}
	return s
}

// Code writes text as an inline code span, whose content Markdown shows
// as it is: the fence is longer than any run of backticks inside, with a
// space inside it when the text starts or ends with a backtick. A pipe is
// still escaped, as GitHub tables require even in code.
func Code(s string) string {
	s = inline(sanitize.String(s, 0))
	f := strings.Repeat("`", backticks(s)+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return f + strings.ReplaceAll(s, "|", `\|`) + f
}

// backticks is the longest run of backticks in s.
func backticks(s string) int {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}

// plainText reports a text that Writer.h's Text and inline return as it
// is: short enough not to be cut, printable ASCII with no backslash (all
// sanitize leaves) and nothing Escape escapes. Told in one pass, it spares
// the three that find so (a key of a million-key object, not kept).
func plainText(s string) bool {
	if len(s) > format.MaxValue {
		return false
	}
	// The bytes that are not, by value: below 64, then 64 to 127.
	const notLo uint64 = 1<<' ' - 1 | 1<<'$' | 1<<'&' | 1<<'*' | 1<<'<' | 1<<'>'
	const notHi uint64 = 1<<('['-64) | 1<<('\\'-64) | 1<<(']'-64) | 1<<('_'-64) | 1<<('`'-64) | 1<<('|'-64) | 1<<('~'-64) | 1<<(0x7f-64)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 64:
			if notLo>>c&1 != 0 {
				return false
			}
		case c < 128:
			if notHi>>(c-64)&1 != 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}
