package sanitize

import (
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	tests := []struct {
		name string
		in   string
		f    Flags
		want string
	}{
		{"clean text is unchanged", "Draft ADR-045 — résumé 漢字", 0, "Draft ADR-045 — résumé 漢字"},
		{"OSC title", "\x1b]0;pwned\x07x", 0, `\x1b]0;pwned\x07x`},
		{"CSI clear screen", "a\x1b[2Jb", 0, `a\x1b[2Jb`},
		{"C1 CSI", "a\u009b31mb", 0, `a\u009b31mb`},
		{"bidi override", "abc\u202edcba", 0, `abc\u202edcba`},
		{"isolates and marks", "\u2066x\u2069\u200e\u061c", 0, `\u2066x\u2069\u200e\u061c`},
		{"line separator", "a\u2028b", 0, `a\u2028b`},
		{"NUL and DEL", "a\x00b\x7f", 0, `a\x00b\x7f`},
		{"newline escaped by default", "a\nb\tc\rd", 0, `a\nb\tc\rd`},
		{"newline kept on request", "a\nb\x1b", KeepNewline, "a\nb\\x1b"},
		{"backslash raw by default", `C:\dir`, 0, `C:\dir`},
		{"backslash escaped on request", "C:\\dir\n", EscapeBackslash, `C:\\dir\n`},
		{"replacement char kept", "bad \ufffd byte", 0, "bad \ufffd byte"},
		{"latin-1 supplement is not C1", "\u00a0é\u00ff", 0, "\u00a0é\u00ff"},
		{"arrows share the E2 lead byte", "→ next ▶", 0, "→ next ▶"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := String(tt.in, tt.f); got != tt.want {
				t.Errorf("String(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestCleanStringDoesNotAllocate(t *testing.T) {
	s := "an ordinary title with ünïcode and → arrows"
	if n := testing.AllocsPerRun(100, func() { _ = String(s, EscapeBackslash) }); n != 0 {
		t.Errorf("allocs = %v, want 0", n)
	}
}

func BenchmarkStringClean(b *testing.B) {
	s := "Wire the recall pipeline into the daemon and measure p99 latency under concurrent agent load"
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		_ = String(s, 0)
	}
}

// Ordinary non-ASCII text is returned as is: it takes the rune-decoding
// path.
func BenchmarkStringUnicodeClean(b *testing.B) {
	s := "Entwurf für die Übergabe — résumé, 漢字かな混じり文, Ελληνικά, русский текст → done"
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		_ = String(s, 0)
	}
}

// Characters kept by their context (emoji with selectors and joiners, a
// Persian word with its ZWNJ, a flag) need the closer look.
func BenchmarkStringContextClean(b *testing.B) {
	s := "Shipped \U0001F44D \u2764\uFE0F \U0001F468\u200D\U0001F469\u200D\U0001F467 and \u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645 " +
		"with the \U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F team"
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		_ = String(s, 0)
	}
}

// Text full of things to escape: the writing path.
func BenchmarkStringHostile(b *testing.B) {
	s := strings.Repeat("a\x1b[31mb\u202ec\u200bd\xff", 8)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		_ = String(s, 0)
	}
}

// The word-at-a-time skip must find what the byte loop finds, wherever the
// character sits in the string.
func TestStringFindsUnsafeCharactersAtEveryOffset(t *testing.T) {
	for _, bad := range []string{"\x00", "\x1b", "\x7f", "\u009b", "\u202e", "\n", "\\"} {
		for pad := 0; pad < 20; pad++ {
			s := strings.Repeat("a", pad) + bad + strings.Repeat("b", 20-pad)
			if String(s, EscapeBackslash) == s {
				t.Errorf("%q at offset %d was not escaped", bad, pad)
			}
		}
	}
	clean := strings.Repeat("plain ascii text, no escapes at all ~!", 3)
	if String(clean, EscapeBackslash) != clean {
		t.Error("clean text changed")
	}
}

// suspect flags a word exactly when one of its bytes is flagged, for one
// or two such bytes anywhere in it (carries and borrows between bytes).
func TestSuspectWord(t *testing.T) {
	flagged := func(c byte) bool { return c < 0x20 || c >= 0x7f || c == '\\' }
	for p := 0; p < 8; p++ {
		for q := p; q < 8; q++ {
			for a := 0; a < 256; a++ {
				for b := 0; b < 256; b++ {
					w := [8]byte{'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'}
					w[p], w[q] = byte(a), byte(b)
					want := flagged(w[p]) || flagged(w[q])
					if got := suspect(word(string(w[:]))); got != want {
						t.Fatalf("suspect(%q) = %v, want %v", w, got, want)
					}
				}
			}
		}
	}
}
