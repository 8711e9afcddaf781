// Package asciijson writes JSON text with every character outside ASCII
// as a \u escape (a surrogate pair above U+FFFF), as some servers write it
// (Python's json.dumps): for tests that read such input. It imports only
// the standard library.
package asciijson

import (
	"fmt"
	"strings"
)

// Escape is JSON text q with every non-ASCII character escaped.
func Escape(q string) string {
	var b strings.Builder
	for _, r := range q {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case r > 0xffff:
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04X`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.String()
}
