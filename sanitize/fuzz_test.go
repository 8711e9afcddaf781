package sanitize

import "testing"

// FuzzString: whatever the input, the result holds no control character,
// DEL, C1 control or bidi formatting character, and clean text is returned
// unchanged.
func FuzzString(f *testing.F) {
	f.Add("plain", uint8(0))
	f.Add("\x1b]0;title\x07 \u009b31m \u202e", uint8(1))
	f.Add("a\nb\\c", uint8(3))
	f.Fuzz(func(t *testing.T, s string, flags uint8) {
		fl := Flags(flags & 3)
		out := String(s, fl)
		for _, r := range out {
			if (r < 0x20 && !(r == '\n' && fl&KeepNewline != 0)) || r == 0x7f || unsafeRune(r) {
				t.Fatalf("String(%q) = %q holds %U", s, out, r)
			}
		}
		if firstUnsafe(s, fl) < 0 && out != s {
			t.Fatalf("clean %q changed to %q", s, out)
		}
	})
}
