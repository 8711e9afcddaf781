package human

import (
	"bufio"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/khive-ai/khive-pretty/table"
)

// summaryLineByLine is summaryLine as it was: a part wider than a line
// wrapped again, whole, for each line it takes (quadratic in its length).
func summaryLineByLine(h *Writer, parts []string, indent int) []string {
	var out []string
	pad := blank(indent)
	var line []string
	lineW := indent
	flush := func() {
		if len(line) > 0 {
			out = append(out, pad+strings.Join(line, h.th.Faint.Render(h.g.Sep)))
		}
		pad = blank(indent + 2)
		line, lineW = nil, indent+2
	}
	sepW := table.Width(h.g.Sep)
	for _, p := range parts {
		w := table.Width(ansi.Strip(p))
		if len(line) > 0 && h.width > 0 && lineW+sepW+w > h.width {
			flush()
		}
		for h.width > 0 && lineW+w > h.width {
			pieces := strings.SplitN(ansi.Wordwrap(p, h.width-lineW, " "), "\n", 2)
			if len(pieces) < 2 {
				break
			}
			line = append(line, strings.TrimRight(pieces[0], " "))
			flush()
			p = pieces[1]
			w = table.Width(ansi.Strip(p))
		}
		if len(line) > 0 {
			lineW += sepW
		}
		line = append(line, p)
		lineW += w
	}
	flush()
	return out
}

// A footer's parts wrap as they did a line at a time, for random parts
// (words, runs of spaces, long words, styles, wide letters) at random
// widths, now that what is left of a long part is wrapped once.
func TestSummaryLineWrapsAsLineByLine(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"a", "list", "of", "words", "ｗｉｄｅ", "averyveryverylongwordthatdoesnotfit", "x", "", " ", "tab\tbed", "é"}
	th := theme.New(colorprofile.ANSI)
	n := 3000
	if testing.Short() {
		n = 600
	}
	for i := 0; i < n; i++ {
		var parts []string
		for n := 1 + r.IntN(4); n > 0; n-- {
			var b strings.Builder
			for k := r.IntN(60); k > 0; k-- {
				b.WriteString(words[r.IntN(len(words))])
				b.WriteString(strings.Repeat(" ", r.IntN(3)))
			}
			p := b.String()
			if r.IntN(2) == 0 {
				p = th.Faint.Render("all: ") + th.Key.Render(p)
			}
			parts = append(parts, p)
		}
		var buf strings.Builder
		bw := bufio.NewWriter(&buf)
		width, indent := 8+r.IntN(80), r.IntN(6)
		h := New(lines.New(bw, 0, "", nil), Options{Width: width, Theme: th, Glyphs: glyphs.Unicode()})
		h.summaryLine(parts, indent)
		bw.Flush()
		want := strings.Join(summaryLineByLine(h, parts, indent), "\n")
		if got := strings.TrimSuffix(buf.String(), "\n"); got != want {
			t.Fatalf("width %d, indent %d, parts %q:\ngot\n%s\nwant\n%s", width, indent, parts, got, want)
		}
	}
}

// A part longer than longPart (a whole list said once) is wrapped whole,
// once: its words one space apart, it takes the lines it took a line at
// a time.
func TestSummaryLineLongPart(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	words := []string{"a", "list", "of", "words", "ｗｉｄｅ", "averyveryverylongwordthatdoesnotfit", "é"}
	th := theme.New(colorprofile.ANSI)
	var b strings.Builder
	// Past longPart by more than the first line takes: the rest is then
	// wrapped whole. (The reference wraps in quadratic time.)
	for b.Len() <= longPart+1<<10 {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(words[r.IntN(len(words))])
	}
	longParts := []string{b.String(), th.Faint.Render("all: ") + th.Key.Render(b.String())}
	if testing.Short() {
		longParts = longParts[1:] // the styled one: its escapes take no width
	}
	for _, p := range longParts {
		parts := []string{"first", p, "after"}
		widths := []int{20, 61, 120}
		if testing.Short() {
			widths = widths[1:2] // the reference wraps in quadratic time
		}
		for _, width := range widths {
			var buf strings.Builder
			bw := bufio.NewWriter(&buf)
			h := New(lines.New(bw, 0, "", nil), Options{Width: width, Theme: th, Glyphs: glyphs.Unicode()})
			h.summaryLine(parts, 2)
			bw.Flush()
			want := strings.Join(summaryLineByLine(h, parts, 2), "\n")
			if got := strings.TrimSuffix(buf.String(), "\n"); got != want {
				t.Fatalf("width %d: the long part wraps otherwise\n%s", width, firstLineDiff(got, want))
			}
		}
	}
}

func firstLineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return "got:  " + al[i] + "\nwant: " + bl[i]
		}
	}
	return "line counts differ"
}

// A footer wraps at spaces, not inside a path or an id at a hyphen (which
// made a path two halves where the next line had room for it whole); a
// word longer than a line is still broken, never cut.
func TestWordwrapKeepsHyphenatedWords(t *testing.T) {
	got := wordwrap("moved /tmp/kp-fs-fixture/new.txt to /tmp/kp-fs-fixture/made/moved.txt", 40)
	if got != "moved /tmp/kp-fs-fixture/new.txt to\n/tmp/kp-fs-fixture/made/moved.txt" {
		t.Errorf("%q", got)
	}
	long := "after cccccccc-dddd-4eee-8fff-000000000000"
	for _, ln := range strings.Split(wordwrap(long, 20), "\n") {
		if ansi.StringWidth(ln) > 20 {
			t.Errorf("a line of %d columns: %q", ansi.StringWidth(ln), ln)
		}
	}
	if strings.ReplaceAll(wordwrap(long, 20), "\n", "") != long {
		t.Errorf("%q lost characters: %q", long, wordwrap(long, 20))
	}
}
