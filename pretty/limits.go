package pretty

import (
	"strconv"
	"unicode/utf8"
)

// Limits of human output. Plain output has none: it shows everything.
const (
	// maxValue is the most of one value that human output shows, in every
	// mode (--verbose and error blocks included): a server can send a
	// 50 MB string, and a terminal is no place to read it.
	maxValue = 64 << 10
	// maxDepth is how deep human output follows nested objects and arrays;
	// deeper ones show as {…} or […].
	maxDepth = 32
)

// bound cuts s to maxValue bytes, at a character boundary, and says how
// much more there is and where to see it.
func (h human) bound(s string) string {
	if len(s) <= maxValue {
		return s
	}
	cut := maxValue
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + h.g.Ellipsis + " (" + strconv.Itoa(len(s)-cut) + " more bytes; -o plain shows all)"
}

// deeper is the renderer one level of nesting further in.
func (h human) deeper() human {
	h.depth++
	return h
}

// tooDeep reports whether a container at the next level would pass
// maxDepth, and if so the short form to show instead.
func (h human) tooDeep(v Value) (string, bool) {
	if h.depth+1 < maxDepth {
		return "", false
	}
	if v.Kind == Array {
		return "[" + h.g.Ellipsis + "] (nested deeper than " + strconv.Itoa(maxDepth) + " levels; -o plain shows all)", true
	}
	return "{" + h.g.Ellipsis + "} (nested deeper than " + strconv.Itoa(maxDepth) + " levels; -o plain shows all)", true
}
