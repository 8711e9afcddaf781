// Package sanitize makes untrusted text safe to print on a terminal.
//
// JSON strings come from servers and agents. Written raw, an ESC or a C1
// control could set the window title, write the clipboard (OSC 52), move the
// cursor or hide text; a bidi override could reorder what the reader sees.
// Every such character is replaced by a visible escape instead.
package sanitize

import (
	"strings"
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
)

// String returns s with every C0 control, DEL, C1 control and bidirectional
// formatting character written as an escape: \n \r \t, \xNN for other C0 and
// DEL, \uNNNN for the rest. Text with nothing to escape is returned as is,
// without allocating.
func String(s string, f Flags) string {
	i := firstUnsafe(s, f)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		switch {
		case r == '\\' && f&EscapeBackslash != 0:
			b.WriteString(`\\`)
		case r == '\n' && f&KeepNewline != 0:
			b.WriteByte('\n')
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\x`)
			b.WriteByte(hex[r>>4])
			b.WriteByte(hex[r&0xf])
		case unsafeRune(r):
			b.WriteString(`\u`)
			for shift := 12; shift >= 0; shift -= 4 {
				b.WriteByte(hex[(r>>shift)&0xf])
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

const hex = "0123456789abcdef"

// Byte classes for firstUnsafe, one table lookup a byte.
const (
	clsControl = 1 << iota // C0 controls other than '\n', and DEL
	clsNewline
	clsBackslash
	clsLead // may start a C1 control (0xc2), U+061C (0xd8) or a U+2xxx control (0xe2)
)

var byteClass = func() (t [256]uint8) {
	for c := 0; c < 0x20; c++ {
		t[c] = clsControl
	}
	t['\n'] = clsNewline
	t[0x7f] = clsControl
	t['\\'] = clsBackslash
	t[0xc2], t[0xd8], t[0xe2] = clsLead, clsLead, clsLead
	return t
}()

// firstUnsafe returns the byte index of the first character String would
// change, or -1. It looks at bytes first because almost all input is clean.
func firstUnsafe(s string, f Flags) int {
	mask := uint8(clsControl | clsLead)
	if f&KeepNewline == 0 {
		mask |= clsNewline
	}
	if f&EscapeBackslash != 0 {
		mask |= clsBackslash
	}
	for i := 0; i < len(s); i++ {
		// Skip eight clean bytes at a time: none below 0x20, none with the
		// high bit, no DEL, no backslash (these are all the bytes the
		// table can flag; a word holding one goes byte by byte).
		for i+8 <= len(s) && !suspect(word(s[i:i+8])) {
			i += 8
		}
		if i >= len(s) {
			break
		}
		c := byteClass[s[i]]
		if c&mask == 0 {
			continue
		}
		if c != clsLead {
			return i
		}
		// A lead byte: decode to be sure.
		if r, _ := utf8.DecodeRuneInString(s[i:]); unsafeRune(r) {
			return i
		}
	}
	return -1
}

// unsafeRune reports runes above ASCII that must not reach a terminal raw:
// C1 controls (U+009B is a one-byte CSI on some terminals) and the
// characters that change text direction or break lines invisibly.
func unsafeRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f:
		return true
	case r >= 0x202a && r <= 0x202e:
		return true
	case r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x2028, r == 0x2029:
		return true
	}
	return false
}

// Unsafe reports whether String would change b: a check that allocates
// nothing, for text still in a decoder's buffer.
func Unsafe(b []byte, f Flags) bool {
	return firstUnsafe(string(b), f) >= 0
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

func word(b string) uint64 {
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// suspect reports a word holding a byte below 0x20, a byte with the high
// bit set, DEL or a backslash. Per byte b of a word of ASCII, b+1 has the
// high bit only for DEL, b-0x20 only below 0x20, (b^'\\')-1 only for a
// backslash; a carry or borrow crosses into the next byte only from a byte
// that is flagged itself, so the answer is exact for the word.
func suspect(x uint64) bool {
	return (x|(x+ones)|(x-0x20*ones)|((x^'\\'*ones)-ones))&highs != 0
}

// UnsafeRune reports the runes above ASCII that String escapes: C1
// controls and the characters that change text direction or break lines
// invisibly. Writers with their own escaping (JSON) use it to agree.
func UnsafeRune(r rune) bool { return unsafeRune(r) }
