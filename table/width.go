package table

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Width is the number of terminal columns s occupies. Cell text is sanitised
// before it gets here, so pure ASCII needs no grapheme segmentation: its
// width is its length. That fast path is most cells.
func Width(s string) int {
	i := 0
	// Eight bytes at a time while none is ESC or has the high bit: keys,
	// labels and most values are all such bytes.
	for ; i+8 <= len(s); i += 8 {
		x := eight(s, i)
		e := x ^ 0x1b1b1b1b1b1b1b1b // a zero byte where x has an ESC
		if (x|(e-0x0101010101010101)&^e)&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == 0x1b:
			return ansi.StringWidth(s) // an escape sequence: no column
		case c >= 0x80:
			// The ASCII before the character before this one is a column
			// each (that one may start its cluster: e + a combining mark).
			k := max(i-1, 0)
			return k + ansi.StringWidth(s[k:])
		}
	}
	return len(s)
}

// eight is the eight bytes of s from i, the first the lowest.
func eight(s string, i int) uint64 {
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// ascii reports s all ASCII, eight bytes at a time.
func ascii(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if eight(s, i)&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// Cut shortens s to at most w columns, ending in tail when something was cut.
// A wide character that would straddle the limit is left out whole, so the
// result may be one column narrower than w; callers pad by measured width.
func Cut(s string, w int, tail string) string {
	if w > 0 && 2*utf8.RuneCountInString(s) <= w {
		return s // no character takes more than two columns: it fits, unmeasured
	}
	cut, _ := CutWidth(s, w, tail)
	return cut
}

// CutWidth is Cut, with the width of what it returns: a table measures
// every cell it cuts, and an ASCII text cut with a "…" is no longer ASCII,
// so measuring it again would segment it into graphemes for nothing.
func CutWidth(s string, w int, tail string) (string, int) { return cutWidth(s, w, tail, false) }

// CutStartWidth is CutWidth at the start of s: its end is kept, after
// head when something was cut ("…/x/ansi@v0.11.9").
func CutStartWidth(s string, w int, head string) (string, int) { return cutWidth(s, w, head, true) }

func cutWidth(s string, w int, mark string, start bool) (string, int) {
	if w <= 0 {
		return "", 0
	}
	sw := Width(s)
	if sw <= w {
		return s, sw
	}
	mw := Width(mark)
	if mw > w {
		mark, mw = "", 0
	}
	switch {
	case len(s) == sw && start: // ASCII
		return mark + s[len(s)-(w-mw):], w
	case len(s) == sw:
		return s[:w-mw] + mark, w
	case start:
		// A wide character the cut would split is left out whole: one
		// more column taken.
		for n := sw - (w - mw); ; n++ {
			cut := ansi.TruncateLeft(s, n, mark)
			if cw := Width(cut); cw <= w {
				return cut, cw
			}
		}
	}
	cut := ansi.Truncate(s, w, mark)
	return cut, Width(cut)
}

// CutWords is Cut at a word boundary: the text ends at the last space that
// leaves room for tail, so no word is broken; a single word longer than w
// is cut like Cut.
func CutWords(s string, w int, tail string) string {
	if Width(s) <= w {
		return s
	}
	cut := Cut(s, w, "")
	room := w - Width(tail)
	for i := len(cut) - 1; i > 0; i-- {
		if cut[i] == ' ' && Width(cut[:i]) <= room {
			return strings.TrimRight(cut[:i], " ") + tail
		}
	}
	return Cut(s, w, tail)
}
