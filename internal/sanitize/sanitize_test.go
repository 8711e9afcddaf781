package sanitize

import (
	"bufio"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestString(t *testing.T) {
	const (
		family   = "\U0001F468\u200D\U0001F469\u200D\U0001F467" // 👨‍👩‍👧
		eye      = "\U0001F441\uFE0F\u200D\U0001F5E8\uFE0F"     // 👁️‍🗨️
		coder    = "\U0001F468\U0001F3FB\u200D\U0001F4BB"       // 👨🏻‍💻
		scotland = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"
		persian  = "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645" // می‌خواهم
		hindi    = "\u0915\u094D\u200D\u0937"                         // क्‍ष
		ff       = "\ufffd"
	)
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
		{"isolates and marks", "\u2066x\u2069\u200e\u200f\u061c", 0, `\u2066x\u2069\u200e\u200f\u061c`},
		{"line separator", "a\u2028b\u2029", 0, `a\u2028b\u2029`},
		{"NUL and DEL", "a\x00b\x7f", 0, `a\x00b\x7f`},
		{"newline escaped by default", "a\nb\tc\rd", 0, `a\nb\tc\rd`},
		{"newline kept on request", "a\nb\x1b", KeepNewline, "a\nb\\x1b"},
		{"backslash raw by default", `C:\dir`, 0, `C:\dir`},
		{"backslash escaped on request", "C:\\dir\n", EscapeBackslash, `C:\\dir\n`},
		{"replacement char kept", "bad \ufffd byte", 0, "bad \ufffd byte"},
		{"latin-1 supplement is not C1", "\u00a0é\u00ff", 0, "\u00a0é\u00ff"},
		{"arrows share the E2 lead byte", "→ next ▶ ‘q’ …", 0, "→ next ▶ ‘q’ …"},
		{"spaces are not invisible", "a\u3000b\u2003c\u202fd", 0, "a\u3000b\u2003c\u202fd"},

		// Invalid UTF-8: one U+FFFD a byte.
		{"raw 8-bit CSI", "a\x9b31mb", 0, "a" + ff + "31mb"},
		{"lone lead byte at the end", "caf\xc3", 0, "caf" + ff},
		{"truncated 3-byte sequence at the end", "x\xe2\x80", 0, "x" + ff + ff},
		{"overlong slash", "\xc0\xaf", 0, ff + ff},
		{"UTF-16 surrogate", "a\xed\xa0\x80b", 0, "a" + ff + ff + ff + "b"},
		{"above U+10FFFF", "\xf4\x90\x80\x80", 0, ff + ff + ff + ff},
		{"0xff among ASCII", "abcdefgh\xffijklmnop", 0, "abcdefgh" + ff + "ijklmnop"},
		{"invalid after valid non-ASCII", "résumé \xfe", 0, "résumé " + ff},
		{"invalid then controls", "\x80\x1b\u202e", 0, ff + `\x1b\u202e`},

		// Invisible characters.
		{"zero width space", "pass\u200bword", 0, `pass\u200bword`},
		{"word joiner and invisible operators", "a\u2060b\u2061\u2062\u2063\u2064", 0, `a\u2060b\u2061\u2062\u2063\u2064`},
		{"deprecated format characters", "\u206a\u206b\u206c\u206d\u206e\u206fx", 0, `\u206a\u206b\u206c\u206d\u206e\u206fx`},
		{"BOM first", "\ufeffname", 0, `\ufeffname`},
		{"BOM in the middle", "na\ufeffme", 0, `na\ufeffme`},
		{"Mongolian vowel separator", "a\u180eb", 0, `a\u180eb`},
		{"soft hyphen", "ad\u00admin", 0, `ad\u00admin`},
		{"combining grapheme joiner", "a\u034fb", 0, `a\u034fb`},
		{"Hangul fillers as a blank name", "\u115f\u1160\u3164\uffa0", 0, `\u115f\u1160\u3164\uffa0`},
		{"interlinear annotation", "\ufff9shown\ufffahidden\ufffb", 0, `\ufff9shown\ufffahidden\ufffb`},
		{"Khmer inherent vowels", "\u1780\u17b4\u17b5", 0, "\u1780" + `\u17b4\u17b5`},
		{"shorthand and musical format", "a\U0001BCA0b\U0001D173", 0, `a\U0001bca0b\U0001d173`},
		{"language tag and unassigned plane 14", "\U000E0001\U000E0080\U000E01F0", 0, `\U000e0001\U000e0080\U000e01f0`},

		// Tag characters.
		{"lone tags among ASCII", "ab\U000E0041\U000E0042cd", 0, `ab\U000e0041\U000e0042cd`},
		{"flag of Scotland kept", "Go " + scotland + "!", 0, "Go " + scotland + "!"},
		{"flag then a stray tag", scotland + "\U000E0061", 0, scotland + `\U000e0061`},
		{"two flags", scotland + scotland, 0, scotland + scotland},
		{"hidden words after a flag", "\U0001F3F4\U000E0069\U000E0067\U000E006E\U000E006F\U000E0072\U000E0065\U000E0020\U000E0061\U000E007F", 0,
			"\U0001F3F4" + `\U000e0069\U000e0067\U000e006e\U000e006f\U000e0072\U000e0065\U000e0020\U000e0061\U000e007f`},
		{"flag tags too short", "\U0001F3F4\U000E0067\U000E0062\U000E007F", 0, "\U0001F3F4" + `\U000e0067\U000e0062\U000e007f`},
		{"flag tags upper case", "\U0001F3F4\U000E0047\U000E0042\U000E0045\U000E007F", 0, "\U0001F3F4" + `\U000e0047\U000e0042\U000e0045\U000e007f`},
		{"flag without cancel tag", "\U0001F3F4\U000E0067\U000E0062\U000E0073x", 0, "\U0001F3F4" + `\U000e0067\U000e0062\U000e0073x`},
		{"tags without the flag", "\U0001F3F3\U000E0067\U000E0062\U000E0073\U000E007F", 0, "\U0001F3F3" + `\U000e0067\U000e0062\U000e0073\U000e007f`},

		// Joiners.
		{"ZWJ family kept", family + " " + eye + " " + coder, 0, family + " " + eye + " " + coder},
		{"ZWJ at the start", "\u200D\U0001F469", 0, `\u200d` + "\U0001F469"},
		{"ZWJ at the end", "\U0001F468\u200D", 0, "\U0001F468" + `\u200d`},
		{"ZWJ after a space", "\U0001F468 \u200D\U0001F469", 0, "\U0001F468 " + `\u200d` + "\U0001F469"},
		{"ZWJ doubled", "\U0001F468\u200D\u200D\U0001F469", 0, "\U0001F468" + `\u200d\u200d` + "\U0001F469"},
		{"ZWJ between ASCII letters", "ad\u200Dmin", 0, `ad\u200dmin`},
		{"ZWJ next to punctuation", "\U0001F468\u200D!", 0, "\U0001F468" + `\u200d!`},
		{"ZWNJ between emoji", "\U0001F468\u200C\U0001F469", 0, "\U0001F468" + `\u200c` + "\U0001F469"},
		{"Persian ZWNJ kept", persian, 0, persian},
		{"Indic ZWJ after virama kept", hindi, 0, hindi},
		{"Persian ZWNJ before a space", "\u0645\u06CC\u200C ", 0, "\u0645\u06CC" + `\u200c `},
		{"ZWNJ between Latin letters", "\u00e9\u200C\u00e8", 0, "\u00e9" + `\u200c` + "\u00e8"},
		{"ZWNJ between Cyrillic letters", "\u0430\u200C\u0431", 0, "\u0430" + `\u200c` + "\u0431"},
		{"ZWNJ between Latin and Persian", "a\u200C\u0645", 0, `a\u200c` + "\u0645"},
		{"ZWJ after an escaped character", "\u202e\u200D\u0645", 0, `\u202e\u200d` + "\u0645"},

		// Variation selectors.
		{"red heart kept", "I \u2764\uFE0F it", 0, "I \u2764\uFE0F it"},
		{"one selector after a letter kept", "a\uFE0F", 0, "a\uFE0F"},
		{"second selector escaped", "a\uFE0F\uFE0F", 0, "a\uFE0F" + `\ufe0f`},
		{"run of selectors", "\U0001F600\uFE0F\U000E0100\U000E0101", 0, "\U0001F600\uFE0F" + `\U000e0100\U000e0101`},
		{"selector at the start", "\uFE0Fx", 0, `\ufe0fx`},
		{"selector after a space", "a \uFE0F", 0, `a \ufe0f`},
		{"selector after a kept newline", "a\n\uFE0F", KeepNewline, "a\n" + `\ufe0f`},
		{"selector after a control", "\x1b\uFE0F", 0, `\x1b\ufe0f`},
		{"selector after an invalid byte", "\xff\uFE0F", 0, ff + `\ufe0f`},
		{"selector after a mark", "e\u0301\uFE0F", 0, "e\u0301" + `\ufe0f`},
		{"selector after an escaped backslash", "\\\uFE0F", EscapeBackslash, `\\\ufe0f`},
		{"ideographic variation selector kept", "\u6F22\U000E0100\u5B57", 0, "\u6F22\U000E0100\u5B57"},
		{"keycap kept", "1\uFE0F\u20E3", 0, "1\uFE0F\u20E3"},
		{"Mongolian free variation selector", "\u1820\u180B\u180C", 0, "\u1820\u180B" + `\u180c`},
		{"selector after ZWJ", "\U0001F468\u200D\uFE0F", 0, "\U0001F468" + `\u200d\ufe0f`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := String(tt.in, tt.f)
			if got != tt.want {
				t.Errorf("String(%+q) = %+q, want %+q", tt.in, got, tt.want)
			}
			if rebuilt := fromEscapes(tt.in, tt.f); rebuilt != got {
				t.Errorf("Escapes(%+q) rebuilds %+q, String gives %+q", tt.in, rebuilt, got)
			}
			var w strings.Builder
			if Write(&w, tt.in, tt.f); w.String() != got {
				t.Errorf("Write(%+q) writes %+q, String gives %+q", tt.in, w.String(), got)
			}
		})
	}
}

// fromEscapes writes s as String does, but from what Escapes reports.
func fromEscapes(s string, f Flags) string {
	var b strings.Builder
	last := 0
	for i, r := range Escapes(s, f) {
		b.WriteString(s[last:i])
		b.Write(appendEscape(nil, r))
		last = i + utf8.RuneLen(r)
		if r == utf8.RuneError {
			last = i + 1
		}
	}
	b.WriteString(s[last:])
	return b.String()
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

// joiningScript's shortcuts agree with the script tables for every letter
// and mark.
func TestJoiningScript(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !unicode.IsLetter(r) && !unicode.IsMark(r) {
			continue
		}
		want := !unicode.In(r, unicode.Latin, unicode.Greek, unicode.Coptic, unicode.Cyrillic, unicode.Armenian,
			unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Common, unicode.Inherited)
		if got := joiningScript(r); got != want {
			t.Errorf("joiningScript(%U) = %v, want %v", r, got, want)
		}
	}
}

// Every rune kindOf escapes (or may) starts with a byte that the scan
// decodes: a lead byte missing from the table would let it through.
func TestLeadBytesCoverEveryClassifiedRune(t *testing.T) {
	var buf [utf8.UTFMax]byte
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if kindOf(r) == kindNone || !utf8.ValidRune(r) {
			continue
		}
		utf8.EncodeRune(buf[:], r)
		if byteClass[buf[0]]&clsLead == 0 {
			t.Errorf("%U: lead byte %#x not in the table", r, buf[0])
		}
	}
}

// kindOf covers Unicode's Default_Ignorable_Code_Point, derived here from
// Go's tables as DerivedCoreProperties.txt derives it, plus the C1
// controls, the line and paragraph separators and U+FFF9–U+FFFB, and
// nothing else. When Go moves to a newer
// Unicode, this says what changed.
func TestKindOfIsDefaultIgnorablePlusC1AndAnnotations(t *testing.T) {
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		ignorable := (unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) ||
			unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r)) &&
			!unicode.Is(unicode.White_Space, r) && !(r >= 0xfff9 && r <= 0xfffb) &&
			!(r >= 0x13430 && r <= 0x1343f) && !unicode.Is(unicode.Prepended_Concatenation_Mark, r)
		want := ignorable || r <= 0x9f || r == 0x2028 || r == 0x2029 || r >= 0xfff9 && r <= 0xfffb
		if got := kindOf(r) != kindNone; got != want {
			t.Errorf("%U: classified %v, want %v", r, got, want)
		}
	}
}

func TestCleanStringDoesNotAllocate(t *testing.T) {
	for _, s := range []string{
		"an ordinary title with ünïcode and → arrows",
		"kept in context: \u2764\uFE0F \U0001F468\u200D\U0001F469\u200D\U0001F467 \u0645\u06CC\u200C\u062E " +
			"\U0001F3F4\U000E0067\U000E0062\U000E0077\U000E006C\U000E0073\U000E007F 漢\U000E0100",
	} {
		if n := testing.AllocsPerRun(100, func() { _ = String(s, EscapeBackslash) }); n != 0 {
			t.Errorf("String(%+q): allocs = %v, want 0", s, n)
		}
		if String(s, EscapeBackslash) != s {
			t.Errorf("String(%+q) changed it", s)
		}
	}
}

// Write allocates nothing for text with the common escapes (line breaks,
// tabs, backslashes): a text of a million lines is written without a
// million small allocations.
func TestWriteDoesNotAllocate(t *testing.T) {
	s := "a line\twith a tab\r\nand a C:\\path, then é and 漢\n"
	w := bufio.NewWriter(io.Discard)
	if n := testing.AllocsPerRun(100, func() { Write(w, s, EscapeBackslash) }); n != 0 {
		t.Errorf("Write(%+q): allocs = %v, want 0", s, n)
	}
}

func BenchmarkStringClean(b *testing.B) {
	s := "Wire the recall pipeline into the daemon and measure p99 latency under concurrent agent load"
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		_ = String(s, 0)
	}
}

// The word-at-a-time skip must find what the byte loop finds, wherever the
// character sits in the string.
func TestStringFindsUnsafeCharactersAtEveryOffset(t *testing.T) {
	for _, bad := range []string{"\x00", "\x1b", "\x7f", "\u009b", "\u202e", "\n", "\\",
		"\xff", "\xc3", "\u200b", "\ufeff", "\U000e0041", "\u00ad", "\u200d", "x\ufe0f\ufe0f"} {
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

// Text cut where Boundary says is escaped, side by side, as it is whole:
// for every such cut of random text made of the characters whose escapes
// depend on their neighbours (joiners, selectors, tags, marks, emoji,
// letters of joining scripts) and of ordinary ones.
func TestBoundaryCutsEscapeAsTheWhole(t *testing.T) {
	pieces := []string{"a", "1", " ", "é", "e\u0301", "\u0301", "漢", "\u200d", "\u200c", "\ufe0f", "\u20e3",
		"❤", "👨", "👩", "🏴", "\U000e0067", "\U000e0062", "\U000e007f", "م", "ی", "क", "्", "\u202e", "\u00ad", "\x80", "\U0001f3fb"}
	for seed := uint64(0); seed < 5000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 9))
		var b strings.Builder
		for range 2 + rng.IntN(30) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		whole := String(s, 0)
		for i := 1; i < len(s); i++ {
			if !utf8.RuneStart(s[i]) {
				continue
			}
			l, _ := utf8.DecodeLastRuneInString(s[:i])
			r, _ := utf8.DecodeRuneInString(s[i:])
			if !Boundary(l, r) {
				continue
			}
			if got := String(s[:i], 0) + String(s[i:], 0); got != whole {
				t.Fatalf("%q cut at %d (%q | %q): %q, whole %q", s, i, l, r, got, whole)
			}
		}
	}
}

// DropSGR leaves out whole colour sequences and nothing else: a cursor
// move, an OSC, a lone ESC and a sequence cut short are escaped as ever.
func TestDropSGR(t *testing.T) {
	for in, want := range map[string]string{
		"\x1b[2mbrowserType.launch:\x1b[22m gone": "browserType.launch: gone",
		"\x1b[1;31mred\x1b[0m":                    "red",
		"\x1b[38:5:196mx\x1b[m":                   "x",
		"clear \x1b[2J\x1b[H":                     `clear \x1b[2J\x1b[H`,
		"title \x1b]0;owned\x07":                  `title \x1b]0;owned\x07`,
		"lone \x1b":                               `lone \x1b`,
		"cut \x1b[31":                             `cut \x1b[31`,
	} {
		got := String(in, DropSGR)
		if got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
		if again := String(got, DropSGR); again != got {
			t.Errorf("%q: not idempotent: %q", in, again)
		}
		var w strings.Builder
		if Write(&w, in, DropSGR); w.String() != got {
			t.Errorf("%q: Write writes %q, String gives %q", in, w.String(), got)
		}
	}
}

// Clean is false for any byte String might escape or change, wherever it
// is in a word, and true for printable ASCII.
func TestClean(t *testing.T) {
	for n := 0; n <= 24; n++ {
		plain := strings.Repeat("a~ ", 8)[:n]
		if !Clean(plain) {
			t.Errorf("Clean(%q) = false", plain)
		}
		for i := 0; i < n; i++ {
			for _, c := range []byte{0x00, '\n', 0x1b, 0x1f, '\\', 0x7f, 0x80, 0xe2, 0xff} {
				s := plain[:i] + string([]byte{c}) + plain[i+1:]
				if Clean(s) {
					t.Errorf("Clean(%q) = true", s)
				}
			}
		}
	}
}
