package pipeline

import (
	"bufio"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/render/human"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/render/markdown"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// The view of a long prose holds the lines that start in its first
// format.MaxValue bytes, not a line view for each of a million lines: human
// and Markdown output (concise and verbose, which show at most that much)
// write of it what they write of a view of every line. Texts around the
// bound, with CRLF line ends, tags, hints and asks past it, one long line.
func TestLongProseShowsAsAViewOfEveryLine(t *testing.T) {
	t.Parallel()
	m := format.MaxValue
	tagged := func(n int, sep string) string {
		var b strings.Builder
		b.WriteString("[error_state] it failed")
		for i := 0; b.Len() < n; i++ {
			b.WriteString(sep + []string{"a line\twith a tab é 漢", "→ next: a | b", "? ask user: go on?", "[not a tag] here"}[i%4])
		}
		return b.String()
	}
	texts := []string{tagged(3*m, "\n"), tagged(3*m, "\r\n"), strings.Repeat("x", m+50), strings.Repeat("é", m/2+1) + "\nz"}
	for d := -2; d <= 2; d++ {
		texts = append(texts, strings.Repeat("a", m-10)+"\n"+strings.Repeat("b", 9+d)+"\n→ next: c")
	}
	for _, text := range texts {
		p := recognise.Prose(text)
		if p.String() != text {
			t.Fatalf("%d bytes: the view's text is not the text", len(text))
		}
		if want := strings.Count(text[:m], "\n") + 1; len(p.Lines) != want {
			t.Errorf("%d bytes: %d lines in the view, want the %d that start in the first %d bytes", len(text), len(p.Lines), want, m)
		}
		every := view.Prose{}
		for i, ln := range strings.Split(text, "\n") {
			pl := recognise.Prose(ln).Lines[0] // its kind, told alone
			if i > 0 && pl.Kind == view.Tagged {
				pl = view.ProseLine{Text: ln} // only a first line has a tag
			}
			every.Lines = append(every.Lines, pl)
		}
		for _, verbose := range []bool{false, true} {
			for name, write := range map[string]func(*lines.Writer, view.Block) error{
				"human": func(o *lines.Writer, b view.Block) error {
					return human.New(o, human.Options{Width: 100, Glyphs: glyphs.Unicode(), Verbose: verbose}).Doc(view.Doc{Blocks: []view.Block{b}})
				},
				"markdown": func(o *lines.Writer, b view.Block) error {
					return markdown.New(o, markdown.Options{Glyphs: glyphs.Unicode(), Verbose: verbose}).Doc(view.Doc{Blocks: []view.Block{b}})
				},
			} {
				got, want := writeBlock(t, write, p), writeBlock(t, write, every)
				if got != want {
					t.Errorf("%d bytes, %s (verbose %v): differs from a view of every line\n%s", len(text), name, verbose, firstDiff(got, want))
				}
			}
		}
	}
}

func writeBlock(t *testing.T, write func(*lines.Writer, view.Block) error, b view.Block) string {
	t.Helper()
	var s strings.Builder
	w := bufio.NewWriter(&s)
	if err := write(lines.New(w, 100, "…", nil), b); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	return s.String()
}

// Plain output writes prose a line at a time, as it reads it: a CRLF ends
// a line as LF does (one CR of several), a CR last stays, as does an
// empty line and the empty one after a last line break.
func TestPlainProseLines(t *testing.T) {
	doc := `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"a\r\nb\r\r\nc\n\nd\r\n"}]}}`
	want := "id: 1\n\ntext: a\ntext: b\\r\ntext: c\ntext:\ntext: d\ntext:\n"
	if got := renderString(t, doc, Options{Output: Plain}); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
