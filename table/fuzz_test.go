package table

import (
	"strings"
	"testing"
)

// FuzzRender lays out arbitrary cells at arbitrary widths: no panic, and
// with a width limit no line is wider than the width, whatever the text.
func FuzzRender(f *testing.F) {
	f.Add("Draft ADR-045", "漢字のタイトル", "🎉 party", uint8(40), uint8(2))
	f.Add("", "a", "✓ done", uint8(1), uint8(0))
	f.Add("Wire the recall pipeline into the daemon", "agent:core", "2026-05-30", uint8(24), uint8(3))
	f.Fuzz(func(t *testing.T, a, b, c string, width, indent uint8) {
		cols := []Column{
			{Header: "ID", Keep: Essential},
			{Header: "TITLE", Keep: Essential, Flex: true, Min: 10, Want: 30},
			{Header: "WHO", Keep: 60, Flex: true, Min: 5},
			{Header: "N", Align: Right, Keep: 40},
		}
		// Cells are sanitised before they reach a table: no controls.
		clean := func(s string) string {
			return strings.Map(func(r rune) rune {
				if r < 0x20 || (r >= 0x7f && r <= 0x9f) {
					return -1
				}
				return r
			}, s)
		}
		rows := [][]Cell{{{Text: clean(a)}, {Text: clean(b)}, {Text: clean(c)}, {Text: "7"}}, {{Text: clean(c)}, {Text: clean(a)}}}
		var sb strings.Builder
		w := int(width)
		if err := Render(&sb, cols, rows, Options{Width: w, Indent: int(indent) % 8, Gap: 2, Ellipsis: "…"}); err != nil {
			t.Fatal(err)
		}
		if w == 0 {
			return
		}
		// Essential columns that cannot shrink further may overflow a tiny
		// width; above the narrowest useful width nothing may.
		if w < 40 {
			return
		}
		for _, line := range strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n") {
			if lw := Width(line); lw > w {
				t.Fatalf("line %q is %d wide, more than %d", line, lw, w)
			}
		}
	})
}
