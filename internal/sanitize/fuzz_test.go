package sanitize

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzString: whatever the input, the result is valid UTF-8 and holds no
// character that String must escape, the characters kept in context are
// in a context that keeps them, clean text is returned unchanged, and
// String is idempotent. The checks below are written from the package
// comment, apart from the scanner, so that they catch its mistakes.
func FuzzString(f *testing.F) {
	f.Add("plain", uint8(0))
	f.Add("\x1b]0;title\x07 \u009b31m \u202e", uint8(1))
	f.Add("a\nb\\c", uint8(3))
	f.Add("\u061c\u200e\u200f\u2066x\u2069", uint8(0))
	f.Add("ab\U000E0041\U000E0042cd", uint8(0))
	f.Add("\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", uint8(0))
	f.Add("a\x9bb\xc3", uint8(0))
	f.Add("\xc0\xaf\xed\xa0\x80\xe2\x80", uint8(2))
	f.Add("\U0001F468\u200D\U0001F469\u200D\U0001F467 \U0001F441\uFE0F\u200D\U0001F5E8\uFE0F", uint8(0))
	f.Add("\u2764\uFE0F a\uFE0F\uFE0F \uFE0F", uint8(0))
	f.Add("\u0645\u06CC\u200C\u062E \u0915\u094D\u200D\u0937 a\u200Db", uint8(0))
	f.Add("\u200b\ufeff\u00ad\u3164\ufff9\U000E0001", uint8(1))
	f.Fuzz(func(t *testing.T, s string, flags uint8) {
		fl := Flags(flags & 3)
		out := String(s, fl)
		checkOutput(t, s, out, fl)
		if clean(s, fl) && out != s {
			t.Fatalf("clean %+q changed to %+q", s, out)
		}
		if fl&EscapeBackslash == 0 {
			if again := String(out, fl); again != out {
				t.Fatalf("not idempotent: %+q -> %+q -> %+q", s, out, again)
			}
		}
		if rebuilt := fromEscapes(s, fl); rebuilt != out {
			t.Fatalf("Escapes(%+q) rebuilds %+q, String gives %+q", s, rebuilt, out)
		}
	})
}

// checkOutput decodes out byte by byte: a string conversion or a range
// loop would hide an invalid byte as U+FFFD.
func checkOutput(t *testing.T, s, out string, fl Flags) {
	t.Helper()
	fail := func(i int, why string) {
		t.Helper()
		t.Fatalf("String(%+q) = %+q: at byte %d, %s", s, out, i, why)
	}
	prev, prev2 := rune(-1), rune(-1) // the two runes before i
	for i := 0; i < len(out); {
		r, n := utf8.DecodeRuneInString(out[i:])
		if r == utf8.RuneError && n == 1 {
			fail(i, "invalid UTF-8")
		}
		next, _ := utf8.DecodeRuneInString(out[i+n:])
		if i+n == len(out) {
			next = -1
		}
		switch {
		case r < 0x20 && !(r == '\n' && fl&KeepNewline != 0), r == 0x7f:
			fail(i, "a control character")
		case alwaysEscaped(r):
			fail(i, "a character escaped everywhere")
		case isSelector(r):
			if prev < 0 || unicode.IsSpace(prev) || unicode.IsControl(prev) || unicode.IsMark(prev) ||
				!unicode.IsGraphic(prev) {
				fail(i, "a variation selector after no visible character")
			}
		case r == 0x200c || r == 0x200d:
			if prev < 0x80 || next < 0x80 || unicode.IsSpace(prev) || unicode.IsSpace(next) {
				fail(i, "a joiner at an end, or next to ASCII or a space")
			}
			emoji := r == 0x200d && isEmoji(next) &&
				(isEmoji(prev) || (isSelector(prev) || prev >= 0x1f3fb && prev <= 0x1f3ff) && isEmoji(prev2))
			letters := (unicode.IsLetter(prev) || unicode.IsMark(prev)) &&
				(unicode.IsLetter(next) || unicode.IsMark(next))
			if !emoji && !letters {
				fail(i, "a joiner neither between emoji nor between letters")
			}
		case r >= 0xe0020 && r <= 0xe007f:
			if !inFlag(out, i) {
				fail(i, "a tag character outside a flag")
			}
		}
		prev2, prev = prev, r
		i += n
	}
}

// alwaysEscaped: the package comment's lists of characters escaped
// wherever they are (C0 and DEL are checked apart).
func alwaysEscaped(r rune) bool {
	for _, rg := range [][2]rune{
		{0x80, 0x9f}, {0xad, 0xad}, {0x34f, 0x34f}, {0x61c, 0x61c}, {0x115f, 0x1160}, {0x17b4, 0x17b5},
		{0x180e, 0x180e}, {0x200b, 0x200b}, {0x200e, 0x200f}, {0x2028, 0x202e}, {0x2060, 0x206f},
		{0x3164, 0x3164}, {0xfeff, 0xfeff}, {0xffa0, 0xffa0}, {0xfff0, 0xfffb}, {0x1bca0, 0x1bca3},
		{0x1d173, 0x1d17a}, {0xe0000, 0xe001f}, {0xe0080, 0xe00ff}, {0xe01f0, 0xe0fff},
	} {
		if r >= rg[0] && r <= rg[1] {
			return true
		}
	}
	return false
}

func isSelector(r rune) bool {
	return r >= 0xfe00 && r <= 0xfe0f || r >= 0xe0100 && r <= 0xe01ef || r >= 0x180b && r <= 0x180f && r != 0x180e
}

// inFlag reports whether the tag character at i is in a run of tag
// characters that follows U+1F3F4 and spells a subdivision flag.
func inFlag(s string, i int) bool {
	isTag := func(r rune) bool { return r >= 0xe0020 && r <= 0xe007f }
	start := i
	for {
		r, n := utf8.DecodeLastRuneInString(s[:start])
		if !isTag(r) || r == 0xe007f {
			if r != 0x1f3f4 {
				return false
			}
			break
		}
		start -= n
	}
	var spec []rune
	for j := start; ; {
		r, n := utf8.DecodeRuneInString(s[j:])
		if r == 0xe007f {
			break
		}
		if !isTag(r) {
			return false
		}
		spec = append(spec, r-0xe0000)
		j += n
	}
	code := string(spec)
	if len(code) < 3 || len(code) > 6 || strings.Trim(code[:2], "abcdefghijklmnopqrstuvwxyz") != "" ||
		strings.Trim(code, "abcdefghijklmnopqrstuvwxyz0123456789") != "" {
		return false
	}
	return true
}

// clean reports input with no character from any class: valid UTF-8, no
// control but a kept '\n', no backslash to escape, nothing from the
// package comment's lists.
func clean(s string, fl Flags) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		switch {
		case r < 0x20 && !(r == '\n' && fl&KeepNewline != 0), r == 0x7f,
			r == '\\' && fl&EscapeBackslash != 0,
			alwaysEscaped(r), isSelector(r), r == 0x200c, r == 0x200d, r >= 0xe0020 && r <= 0xe007f:
			return false
		}
	}
	return true
}
