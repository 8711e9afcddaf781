package markdown

import (
	"bufio"
	"io"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
)

// inline makes each line break a space and leaves every other byte as it
// is, an invalid one too.
func TestInlineReplacesLineBreaksOnly(t *testing.T) {
	for in, want := range map[string]string{
		"plain":           "plain",
		"a\nb\r\nc\rd":    "a b  c d",
		"\xff\n\xfe":      "\xff \xfe",
		"é\n✓":            "é ✓",
		"":                "",
		"\n":              " ",
		"tab\tstays\x00.": "tab\tstays\x00.",
	} {
		if got := inline(in); got != want {
			t.Errorf("inline(%q) = %q, want %q", in, got, want)
		}
	}
}

// plainText holds only of a text that a bullet's key shows as it is:
// every byte alone, after a letter and between two, at either glyph set
// and verbosity, and texts at the length bound.
func TestPlainTextIsShownAsItIs(t *testing.T) {
	var texts []string
	for c := 0; c < 256; c++ {
		b := string(rune(c))
		if c >= 0x80 {
			b = string([]byte{byte(c)})
		}
		texts = append(texts, b, "a"+b, "a"+b+"b", b+b)
	}
	texts = append(texts, "", " k ", "k000001", strings.Repeat("x", format.MaxValue), strings.Repeat("x", format.MaxValue+1))
	for _, g := range []glyphs.Set{glyphs.Unicode(), glyphs.ASCII()} {
		for _, verbose := range []bool{false, true} {
			m := New(lines.New(bufio.NewWriter(io.Discard), 0, g.Ellipsis, nil), Options{Verbose: verbose, Glyphs: g})
			for _, s := range texts {
				if plainText(s) && inline(m.h.Text(s)) != s {
					t.Errorf("plainText(%q), but it is shown %q", s, inline(m.h.Text(s)))
				}
			}
		}
	}
}
