package table

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Width reads eight bytes at a time until an escape or a non-ASCII byte:
// wherever that is, the width is the one a byte at a time finds.
func TestWidthByWords(t *testing.T) {
	byBytes := func(s string) int {
		for i := 0; i < len(s); i++ {
			switch c := s[i]; {
			case c == 0x1b:
				return ansi.StringWidth(s)
			case c >= 0x80:
				k := max(i-1, 0)
				return k + ansi.StringWidth(s[k:])
			}
		}
		return len(s)
	}
	for n := 0; n <= 20; n++ {
		plain := strings.Repeat("abc ~", 5)[:n]
		if got := Width(plain); got != n {
			t.Errorf("Width(%q) = %d", plain, got)
		}
		for i := 0; i < n; i++ {
			for _, c := range []string{"\x1b[1m", "é", "漢", "e\u0301"} {
				s := plain[:i] + c + plain[i:]
				if got, want := Width(s), byBytes(s); got != want {
					t.Errorf("Width(%q) = %d, want %d", s, got, want)
				}
			}
		}
	}
}
