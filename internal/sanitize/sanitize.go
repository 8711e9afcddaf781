// Package sanitize makes untrusted text safe to print on a terminal.
//
// JSON strings come from servers and agents. Written raw, an ESC or a C1
// control could set the window title, write the clipboard (OSC 52), move the
// cursor or hide text; a bidi override could reorder what the reader sees;
// an invisible character could make two strings that look the same differ,
// or carry text the reader cannot see (hidden instructions to an agent).
// Every such character is written as a visible escape instead:
//
//   - C0 controls and DEL: \n \r \t, \xNN for the others ('\n' is kept with
//     KeepNewline).
//   - C1 controls U+0080–U+009F (U+009B is a one-byte CSI on some
//     terminals), bidi controls U+061C, U+200E, U+200F, U+202A–U+202E,
//     U+2066–U+2069, and the line and paragraph separators U+2028, U+2029.
//   - Every other Default_Ignorable_Code_Point, Unicode's list of the
//     characters that show nothing: U+00AD, U+034F, the Hangul fillers
//     U+115F, U+1160, U+3164, U+FFA0 (used as blank names), U+17B4,
//     U+17B5, U+180E, U+200B, U+2060–U+206F, U+FEFF (anywhere, not only
//     first), U+FFF0–U+FFF8, U+1BCA0–U+1BCA3, U+1D173–U+1D17A,
//     U+E0000–U+E0FFF (tag characters, more variation selectors); and the
//     interlinear annotation characters U+FFF9–U+FFFB, which hide text too.
//     ZWNJ U+200C, ZWJ U+200D, the variation selectors and the tag
//     characters are kept in the contexts below.
//
// Those few are needed by real text, so they are kept where they do what
// they are for, and escaped anywhere else:
//
//   - ZWJ U+200D between two emoji (Extended_Pictographic; the first may be
//     followed by one variation selector or a skin-tone modifier
//     U+1F3FB–U+1F3FF), as in 👨‍👩‍👧.
//   - ZWNJ U+200C and ZWJ between two letters (or after a letter and its
//     marks, before a letter or a script's own mark), as in Persian and
//     Indic words — but not in the Latin, Greek, Coptic, Cyrillic,
//     Armenian, Han, Hiragana, Katakana and Hangul scripts, where a joiner
//     changes nothing one can see and is a known way to mark or smuggle
//     text.
//   - One variation selector (U+FE00–U+FE0F, U+E0100–U+E01EF, the Mongolian
//     U+180B–U+180D, U+180F) right after a visible character that is not a
//     space or a mark and is written as it is, as in ❤️ (U+2764 U+FE0F) or
//     漢 U+E0100. A second one in a row selects nothing; a run of them
//     carries hidden bytes.
//   - Tag characters that spell a subdivision flag: U+1F3F4, two tag
//     letters, one to four tag letters or digits, CANCEL TAG U+E007F (the
//     flags of England, Scotland, Wales). Any other tag character is hidden
//     ASCII, so it is escaped.
//
// A character next to one that is escaped is judged as next to the escape:
// a joiner or a selector after an escape is escaped too. So what String
// keeps is kept by the same rules in its output: String is idempotent
// (without EscapeBackslash, which doubles backslashes again).
//
// Every byte that is not valid UTF-8 becomes U+FFFD (one per byte, as a
// for-range loop decodes), so the output is always valid UTF-8. Runes are
// escaped as \uXXXX, or \UXXXXXXXX above U+FFFF, in lower-case hex.
//
// The decisions are made in one place (Escapes), which String and writers
// with their own escaping (JSON) share.
package sanitize

import (
	"io"
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Flags select what else is escaped besides the always-escaped characters.
type Flags uint8

const (
	// KeepNewline leaves '\n' as is, for callers that lay out lines themselves.
	KeepNewline Flags = 1 << iota
	// EscapeBackslash writes '\' as `\\`, so that escaped text is unambiguous
	// (plain output is read by scripts).
	EscapeBackslash
	// DropSGR leaves out whole SGR sequences (ESC [ digits ; m: colour and
	// weight, which a tool's text carries from a terminal) instead of
	// escaping them, for a reader who wants the words; every other escape
	// sequence is escaped as ever.
	DropSGR
)

// String returns s with every character described in the package comment
// written as an escape, and each invalid byte as U+FFFD. Text with nothing
// to escape is returned as is, without allocating.
func String(s string, f Flags) string {
	if Clean(s) {
		return s
	}
	sc := newScanner(s, f)
	i, r := sc.next()
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	var e [10]byte
	sc.each(i, r, f, func(t string) { b.WriteString(t) }, func(r rune) { b.Write(appendEscape(e[:0], r)) })
	return b.String()
}

// Writer is what Write writes to (a *bufio.Writer, a *strings.Builder).
type Writer interface {
	io.Writer
	io.StringWriter
}

// Write writes String(s, f) to w, without making it: a text of hundreds
// of megabytes is not copied once more. It returns w's first error.
func Write(w Writer, s string, f Flags) error {
	sc := newScanner(s, f)
	var err error
	keep := func(n int, werr error) {
		if err == nil {
			err = werr
		}
	}
	i, r := sc.next()
	sc.each(i, r, f, func(t string) { keep(w.WriteString(t)) }, func(r rune) {
		if e := shortEscape(r); e != "" {
			keep(w.WriteString(e)) // most escapes: nothing to make
			return
		}
		var e [10]byte
		keep(w.Write(appendEscape(e[:0], r)))
	})
	return err
}

// each calls text with each run of s that is written as it is and esc
// with each character written as an escape, in order, from the first
// character to escape, at i (-1: none), r.
func (sc *scanner) each(i int, r rune, f Flags, text func(string), esc func(rune)) {
	s := sc.s
	last := 0
	for ; i >= 0; i, r = sc.next() {
		if i > last {
			text(s[last:i])
		}
		if n := sgrLen(s[i:]); r == 0x1b && f&DropSGR != 0 && n > 0 {
			sc.i = i + n // the sequence's bytes are digits and ;, never escaped
		} else {
			esc(r)
		}
		last = sc.i
	}
	if last < len(s) {
		text(s[last:])
	}
}

// sgrLen is the length of the SGR sequence s starts with (ESC [ then
// digits, ';' or ':', then m), or 0.
func sgrLen(s string) int {
	if len(s) < 3 || s[0] != 0x1b || s[1] != '[' {
		return 0
	}
	for i := 2; i < len(s) && i < 64; i++ {
		switch c := s[i]; {
		case c == 'm':
			return i + 1
		case c >= '0' && c <= '9', c == ';', c == ':':
		default:
			return 0
		}
	}
	return 0
}

const hex = "0123456789abcdef"

// shortEscape is the escape of a backslash, a line break, a carriage
// return or a tab, the most common; "" for any other rune.
func shortEscape(r rune) string {
	switch r {
	case '\\':
		return `\\`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	}
	return ""
}

// appendEscape appends the escape of r (at most ten bytes) to b.
func appendEscape(b []byte, r rune) []byte {
	if e := shortEscape(r); e != "" {
		return append(b, e...)
	}
	switch {
	case r == utf8.RuneError: // only reported for an invalid byte
		return utf8.AppendRune(b, utf8.RuneError)
	case r < 0x20 || r == 0x7f:
		return append(b, '\\', 'x', hex[r>>4], hex[r&0xf])
	case r <= 0xffff:
		return appendHex(append(b, `\u`...), r, 4)
	default:
		return appendHex(append(b, `\U`...), r, 8)
	}
}

func appendHex(b []byte, r rune, digits int) []byte {
	for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
		b = append(b, hex[(r>>shift)&0xf])
	}
	return b
}

// Escapes returns the characters of s that String(s, f) does not write as
// they are, in order: each one's byte offset and rune. The rune is
// utf8.RuneError for a byte that is not valid UTF-8, which is one byte
// long (a valid U+FFFD is never reported); any other rune is
// utf8.RuneLen(r) bytes long. Writers with their own escaping (JSON) use
// it to escape exactly what String escapes.
func Escapes(s string, f Flags) iter.Seq2[int, rune] {
	return func(yield func(int, rune) bool) {
		sc := newScanner(s, f)
		for i, r := sc.next(); i >= 0; i, r = sc.next() {
			if !yield(i, r) {
				return
			}
		}
	}
}

// Byte classes, one table lookup a byte.
const (
	clsControl = 1 << iota // C0 controls other than '\n', and DEL
	clsNewline
	clsBackslash
	clsLead // may start a character of kindOf other than kindNone
)

var byteClass = func() (t [256]uint8) {
	for c := 0; c < 0x20; c++ {
		t[c] = clsControl
	}
	t['\n'] = clsNewline
	t[0x7f] = clsControl
	t['\\'] = clsBackslash
	// C1 and U+00AD; U+034F; U+061C; U+115F–U+180F; U+200B–U+206F; U+3164;
	// U+FExx and U+FFxx; U+1BCA0 and U+1D173 (and every other rune of
	// planes 1–3: the emoji); U+E0000–U+E0FFF. A test checks every rune.
	for _, c := range []byte{0xc2, 0xcd, 0xd8, 0xe1, 0xe2, 0xe3, 0xef, 0xf0, 0xf3} {
		t[c] = clsLead
	}
	return t
}()

// scanner finds, left to right, the characters to escape. Whether a joiner,
// a variation selector or a tag character is kept depends on the characters
// around it; everything before the current offset has been decided, so
// look-behind sees the input, plus escEnd to know whether the character
// just before was escaped. Look-around is bounded: the scan is linear.
type scanner struct {
	s      string
	mask   uint8 // byte classes of ASCII to report
	i      int   // where the scan goes on
	escEnd int   // end of the last reported character, -1 before any
}

func newScanner(s string, f Flags) scanner {
	mask := uint8(clsControl)
	if f&KeepNewline == 0 {
		mask |= clsNewline
	}
	if f&EscapeBackslash != 0 {
		mask |= clsBackslash
	}
	return scanner{s: s, mask: mask, escEnd: -1}
}

// next returns the offset and rune of the next character to escape
// (utf8.RuneError for an invalid byte), or -1; sc.i is then its end.
func (sc *scanner) next() (int, rune) {
	s := sc.s
	for i := sc.i; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			// Decoding checks the UTF-8; only the runes of a few lead
			// bytes need a closer look.
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				return sc.report(i, r, n)
			}
			if byteClass[c]&clsLead == 0 {
				i += n
			} else if i = sc.keep(i, r, n); i < 0 {
				return sc.report(-i-1, r, n)
			}
			continue
		}
		if byteClass[c]&sc.mask != 0 {
			return sc.report(i, rune(c), 1)
		}
		i++
		// Skip eight clean bytes at a time: none below 0x20, none with the
		// high bit, no DEL, no backslash (these are all the bytes the
		// table can flag; a word holding one goes byte by byte).
		for i+8 <= len(s) && !suspect(word(s[i:i+8])) {
			i += 8
		}
	}
	sc.i = len(s)
	return -1, 0
}

func (sc *scanner) report(i int, r rune, n int) (int, rune) {
	sc.i, sc.escEnd = i+n, i+n
	return i, r
}

// keep decides about the valid rune r, n bytes long, at offset i: it
// returns where the scan goes on if r is kept (past a whole flag), or
// -i-1 if r is to be escaped.
func (sc *scanner) keep(i int, r rune, n int) int {
	s := sc.s
	esc := false
	switch kindOf(r) {
	case kindAlways:
		esc = true
	case kindSelector:
		esc = i == sc.escEnd || !selectorBase(lastRune(s[:i]))
	case kindJoiner:
		if i == sc.escEnd {
			esc = true
			break
		}
		next, _ := utf8.DecodeRuneInString(s[i+n:])
		if r == zwj && emojiBefore(s[:i]) && isEmoji(next) {
			break
		}
		esc = !letterBefore(s[:i]) || !joinsAfter(next)
	case kindTag:
		if end := flagEnd(s, i); end > i {
			return end
		}
		esc = true
	}
	if esc {
		return -i - 1
	}
	return i + n
}

const (
	kindNone     = iota
	kindAlways   // escaped wherever it is
	kindJoiner   // ZWNJ, ZWJ
	kindSelector // variation selectors
	kindTag      // tag characters that may spell a flag
)

const (
	zwnj    = 0x200c
	zwj     = 0x200d
	tagFlag = 0x1f3f4 // WAVING BLACK FLAG, the base of subdivision flags
	tagEnd  = 0xe007f // CANCEL TAG
)

// kindOf classifies r for the package comment's lists. Each rune it does
// not call kindNone starts with a byte of class clsLead.
func kindOf(r rune) uint8 {
	switch {
	case r < 0x80:
		return kindNone
	case r <= 0x9f, r == 0xad, r == 0x34f, r == 0x61c, r == 0x115f, r == 0x1160,
		r == 0x17b4, r == 0x17b5, r == 0x180e:
		return kindAlways
	case r >= 0x180b && r <= 0x180f, r >= 0xfe00 && r <= 0xfe0f, r >= 0xe0100 && r <= 0xe01ef:
		return kindSelector
	case r == zwnj, r == zwj:
		return kindJoiner
	case r >= 0x200b && r <= 0x200f, r >= 0x2028 && r <= 0x202e, r >= 0x2060 && r <= 0x206f,
		r == 0x3164, r == 0xfeff, r == 0xffa0, r >= 0xfff0 && r <= 0xfffb,
		r >= 0x1bca0 && r <= 0x1bca3, r >= 0x1d173 && r <= 0x1d17a:
		return kindAlways
	case r >= 0xe0020 && r <= tagEnd:
		return kindTag
	case r >= 0xe0000 && r <= 0xe0fff:
		return kindAlways
	}
	return kindNone
}

// Boundary reports whether text may be cut between l and r, and each side
// escaped on its own, with the escapes the whole would get: r is kept
// wherever it is (no joiner, selector, tag, nothing always escaped) and is
// no mark or skin-tone modifier (which a joiner or a selector after it
// looks back through), and l is no joiner (which looks at what follows
// it). For writers that escape a long text in pieces.
func Boundary(l, r rune) bool {
	return kindOf(r) == kindNone && !unicode.Is(unicode.M, r) && !(r >= 0x1f3fb && r <= 0x1f3ff) && kindOf(l) != kindJoiner
}

// lastRune is the last rune of s, or -1 if s is empty.
func lastRune(s string) rune {
	if s == "" {
		return -1
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// selectorBase reports whether a variation selector after r selects a
// glyph one sees: r is visible, and neither a space, a mark nor another
// selector (which are marks).
func selectorBase(r rune) bool {
	if r < utf8.RuneSelf {
		return r > ' ' && r < 0x7f
	}
	// Symbols first: most selectors follow an emoji. Spaces and marks are
	// in none of these categories.
	return kindOf(r) == kindNone && unicode.In(r, unicode.S, unicode.L, unicode.N, unicode.P)
}

// emojiBefore reports whether s ends with an emoji, possibly followed by a
// variation selector or a skin-tone modifier.
func emojiBefore(s string) bool {
	r, n := utf8.DecodeLastRuneInString(s)
	if kindOf(r) == kindSelector || r >= 0x1f3fb && r <= 0x1f3ff {
		r, _ = utf8.DecodeLastRuneInString(s[:len(s)-n])
	}
	return isEmoji(r)
}

// maxMarks bounds how far letterBefore looks back over combining marks.
const maxMarks = 4

// letterBefore reports whether s ends with a letter of a joining script,
// possibly followed by a few marks (an Indic virama, Arabic harakat).
func letterBefore(s string) bool {
	for k := 0; k <= maxMarks; k++ {
		r, n := utf8.DecodeLastRuneInString(s)
		if n == 0 || kindOf(r) != kindNone {
			return false
		}
		if !unicode.IsMark(r) {
			return unicode.IsLetter(r) && joiningScript(r)
		}
		s = s[:len(s)-n]
	}
	return false
}

// joinsAfter reports whether a joiner before r can join it: r is a letter
// of a joining script, or a mark of one (an Indic vowel sign).
func joinsAfter(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsMark(r)) && kindOf(r) == kindNone && joiningScript(r)
}

// joiningScript is false for the scripts in which ZWJ and ZWNJ change
// nothing a reader sees, and for characters of no one script (Common, and
// Inherited: the generic combining marks).
func joiningScript(r rune) bool {
	switch {
	case r < 0x590: // Latin, Greek, Coptic, Cyrillic, Armenian, generic marks
		return false
	case r < 0xe00: // Hebrew to Sinhala: only a few Common and Inherited
		return r != 0x640 && !(r >= 0x64b && r <= 0x655) && r != 0x670 && !(r >= 0x951 && r <= 0x954)
	}
	return !unicode.In(r, unicode.Latin, unicode.Greek, unicode.Coptic, unicode.Cyrillic, unicode.Armenian,
		unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Common, unicode.Inherited)
}

// flagEnd returns the end of the subdivision flag that the tag character
// at offset i belongs to (U+1F3F4, two tag letters, one to four tag
// letters or digits, CANCEL TAG), or -1.
func flagEnd(s string, i int) int {
	const maxSpec = 6
	start := i // back over the tag letters and digits to the flag
	for k := 0; ; k++ {
		r, n := utf8.DecodeLastRuneInString(s[:start])
		if r == tagFlag {
			break
		}
		if k == maxSpec || !isTagAlnum(r) {
			return -1
		}
		start -= n
	}
	for j, k := start, 0; ; k++ {
		r, n := utf8.DecodeRuneInString(s[j:])
		if r == tagEnd && k >= 3 {
			return j + n
		}
		if k == maxSpec || !isTagAlnum(r) || k < 2 && r < 0xe0061 {
			return -1
		}
		j += n
	}
}

// isTagAlnum reports the tag forms of the lower-case letters and digits.
func isTagAlnum(r rune) bool {
	return r >= 0xe0061 && r <= 0xe007a || r >= 0xe0030 && r <= 0xe0039
}

// isEmoji reports Extended_Pictographic characters (Unicode 15.0
// emoji-data.txt).
func isEmoji(r rune) bool {
	if r < 0xa9 {
		return false
	}
	return unicode.Is(extendedPictographic, r)
}

var extendedPictographic = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x00a9, 0x00a9, 1}, {0x00ae, 0x00ae, 1}, {0x203c, 0x203c, 1}, {0x2049, 0x2049, 1},
		{0x2122, 0x2122, 1}, {0x2139, 0x2139, 1}, {0x2194, 0x2199, 1}, {0x21a9, 0x21aa, 1},
		{0x231a, 0x231b, 1}, {0x2328, 0x2328, 1}, {0x2388, 0x2388, 1}, {0x23cf, 0x23cf, 1},
		{0x23e9, 0x23f3, 1}, {0x23f8, 0x23fa, 1}, {0x24c2, 0x24c2, 1}, {0x25aa, 0x25ab, 1},
		{0x25b6, 0x25b6, 1}, {0x25c0, 0x25c0, 1}, {0x25fb, 0x25fe, 1}, {0x2600, 0x2605, 1},
		{0x2607, 0x2612, 1}, {0x2614, 0x2685, 1}, {0x2690, 0x2705, 1}, {0x2708, 0x2712, 1},
		{0x2714, 0x2714, 1}, {0x2716, 0x2716, 1}, {0x271d, 0x271d, 1}, {0x2721, 0x2721, 1},
		{0x2728, 0x2728, 1}, {0x2733, 0x2734, 1}, {0x2744, 0x2744, 1}, {0x2747, 0x2747, 1},
		{0x274c, 0x274c, 1}, {0x274e, 0x274e, 1}, {0x2753, 0x2755, 1}, {0x2757, 0x2757, 1},
		{0x2763, 0x2767, 1}, {0x2795, 0x2797, 1}, {0x27a1, 0x27a1, 1}, {0x27b0, 0x27b0, 1},
		{0x27bf, 0x27bf, 1}, {0x2934, 0x2935, 1}, {0x2b05, 0x2b07, 1}, {0x2b1b, 0x2b1c, 1},
		{0x2b50, 0x2b50, 1}, {0x2b55, 0x2b55, 1}, {0x3030, 0x3030, 1}, {0x303d, 0x303d, 1},
		{0x3297, 0x3297, 1}, {0x3299, 0x3299, 1},
	},
	LatinOffset: 2,
	R32: []unicode.Range32{
		{0x1f000, 0x1f0ff, 1}, {0x1f10d, 0x1f10f, 1}, {0x1f12f, 0x1f12f, 1}, {0x1f16c, 0x1f171, 1},
		{0x1f17e, 0x1f17f, 1}, {0x1f18e, 0x1f18e, 1}, {0x1f191, 0x1f19a, 1}, {0x1f1ad, 0x1f1e5, 1},
		{0x1f201, 0x1f20f, 1}, {0x1f21a, 0x1f21a, 1}, {0x1f22f, 0x1f22f, 1}, {0x1f232, 0x1f23a, 1},
		{0x1f23c, 0x1f23f, 1}, {0x1f249, 0x1f3fa, 1}, {0x1f400, 0x1f53d, 1}, {0x1f546, 0x1f64f, 1},
		{0x1f680, 0x1f6ff, 1}, {0x1f774, 0x1f77f, 1}, {0x1f7d5, 0x1f7ff, 1}, {0x1f80c, 0x1f80f, 1},
		{0x1f848, 0x1f84f, 1}, {0x1f85a, 0x1f85f, 1}, {0x1f888, 0x1f88f, 1}, {0x1f8ae, 0x1f8ff, 1},
		{0x1f90c, 0x1f93a, 1}, {0x1f93c, 0x1f945, 1}, {0x1f947, 0x1faff, 1}, {0x1fc00, 0x1fffd, 1},
	},
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

func word(b string) uint64 {
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// Clean reports whether s is printable ASCII without a backslash, which
// String returns as it is whatever the flags: most keys and values, told
// a word at a time, without a scanner.
func Clean(s string) bool {
	n := len(s)
	if n < 8 {
		for i := 0; i < n; i++ {
			if c := s[i]; c < 0x20 || c >= 0x7f || c == '\\' {
				return false
			}
		}
		return true
	}
	for i := 0; i+8 <= n; i += 8 {
		if suspect(word(s[i : i+8])) {
			return false
		}
	}
	return !suspect(word(s[n-8:])) // the last bytes, in a word that may overlap the one before
}

// suspect reports a word holding a byte below 0x20, a byte with the high
// bit set, DEL or a backslash. Per byte b of a word of ASCII, b+1 has the
// high bit only for DEL, b-0x20 only below 0x20, (b^'\\')-1 only for a
// backslash; a carry or borrow crosses into the next byte only from a byte
// that is flagged itself, so the answer is exact for the word.
func suspect(x uint64) bool {
	return (x|(x+ones)|(x-0x20*ones)|((x^'\\'*ones)-ones))&highs != 0
}
