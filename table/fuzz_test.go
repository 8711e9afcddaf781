package table

import (
	"strings"
	"testing"
)

// FuzzRender lays out arbitrary cells in arbitrary columns at arbitrary
// widths, then streams a longer row: no panic; with a width limit no line,
// header included, is wider than the width, whatever the text and however
// narrow; without one nothing is cut.
//
// spec describes the columns, three bytes each (Keep; Flex, Align and
// header; Min and Want); shorter than three bytes, it is four fixed ones.
func FuzzRender(f *testing.F) {
	f.Add("Draft ADR-045", "漢字のタイトル", "🎉 party", []byte(nil), uint8(40), uint8(2))
	f.Add("", "a", "✓ done", []byte(nil), uint8(1), uint8(0))
	f.Add("Wire the recall pipeline into the daemon", "agent:core", "2026-05-30", []byte(nil), uint8(24), uint8(3))
	f.Add("41f60be0", "漢字のタイトルはとても長い", "agent:core", []byte{13, 16, 0, 13, 5, 0x82, 6, 9, 0x11, 12, 2, 0}, uint8(7), uint8(17))
	f.Add("a", "🎉🎉🎉", "longer text here", []byte{15, 0, 0, 14, 1, 0xff, 15, 3, 0x20, 1, 12, 5}, uint8(3), uint8(9))
	f.Fuzz(func(t *testing.T, a, b, c string, spec []byte, width, indent uint8) {
		// Cells are sanitised before they reach a table: no controls.
		clean := func(s string) string {
			return strings.Map(func(r rune) rune {
				if r < 0x20 || (r >= 0x7f && r <= 0x9f) {
					return -1
				}
				return r
			}, s)
		}
		texts := []string{clean(a), clean(b), clean(c), "", "ID", "7"}
		cols := []Column{
			{Header: "ID", Keep: Essential},
			{Header: "TITLE", Keep: Essential, Flex: true, Min: 10, Want: 30},
			{Header: "WHO", Keep: 60, Flex: true, Min: 5},
			{Header: "N", Align: Right, Keep: 40},
		}
		if len(spec) >= 3 {
			cols = nil
			for k := 0; k+3 <= len(spec) && len(cols) < 16; k += 3 {
				b0, b1, b2 := spec[k], spec[k+1], spec[k+2]
				cols = append(cols, Column{
					Header: texts[int(b1>>2)%len(texts)],
					Align:  Align(b1 >> 1 & 1),
					Keep:   int(b0%16) * 8, // 0 to 120: equals are common, some essential
					Flex:   b1&1 == 1,
					Min:    int(b2&15) * 2,
					Want:   int(b2>>4) * 5,
				})
			}
		}
		// Three rows, each shorter by one cell; then a longer row streamed.
		var rows [][]Cell
		for r := range 3 {
			var row []Cell
			for i := 0; i < len(cols)-r; i++ {
				row = append(row, Cell{Text: texts[(r+i)%3]})
			}
			rows = append(rows, row)
		}
		long := make([]Cell, len(cols))
		for i := range long {
			long[i] = Cell{Text: texts[i%3] + " " + texts[(i+1)%3] + texts[(i+2)%3]}
		}
		w := int(width)
		opt := Options{Width: w, Indent: int(indent) % 8, Gap: int(indent>>3) % 4, Ellipsis: "…"}
		var sb strings.Builder
		tw, err := NewWriter(&sb, cols, rows, opt)
		if err != nil {
			t.Fatal(err)
		}
		if err := tw.Row(long); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
		if len(lines) != 1+len(rows)+1 {
			t.Fatalf("%d lines, want %d:\n%s", len(lines), 1+len(rows)+1, sb.String())
		}
		if w > 0 {
			for _, line := range lines {
				if lw := Width(line); lw > w {
					t.Fatalf("line %q is %d wide, more than %d", line, lw, w)
				}
			}
			return
		}
		// No limit: every column is shown and no cell is cut, the streamed
		// row's included (trailing spaces of the last cell are trimmed).
		header := make([]Cell, len(cols))
		for i, col := range cols {
			header[i] = Cell{Text: col.Header}
		}
		all := append([][]Cell{header}, append(rows, long)...)
		for n, row := range all {
			for _, cell := range row {
				if !strings.Contains(lines[n], strings.TrimRight(cell.Text, " ")) {
					t.Fatalf("line %q lost cell %q", lines[n], cell.Text)
				}
			}
		}
	})
}
