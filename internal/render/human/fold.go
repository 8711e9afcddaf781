package human

import (
	"slices"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/table"
)

// foldRows is how many rows a table needs before a column with one value
// on every row is said once under it: with two rows, a value seen twice
// is not yet a pattern.
const foldRows = 3

// once is a column said once under a table instead of on every row: one
// value everywhere (cell), or the same values as an earlier column (same).
type once struct {
	col  int
	cell table.Cell
	same int // the column it repeats, or -1
}

// folding is what a table shows as columns and what it says once.
type folding struct {
	show []int
	once []once
}

// fold decides, from a table's first rows, which of its columns say
// nothing row by row: one value on every row (namespace local on every
// task), or the values of a column before them (a rank score beside an
// equal score). Those columns give their room to the ones that differ and
// are named on a line under the table. Not under --verbose, inside an
// error, for a column asked for by name, or, in a table of a live stream
// (live), for a column that says so (Live: a log's level, go test's
// package) or of times: its later rows are not known, one that failed is
// marked in its row, and a live stream's times move on (its first events,
// in one second, were "all: time 09:31:13", each later row's time said
// under it).
func (h *Writer) fold(t view.Table, grid [][]table.Cell, live bool) folding {
	f := folding{show: make([]int, 0, len(t.Columns))}
	folded := make([]bool, len(t.Columns))
	for i, c := range t.Columns {
		if c.Under {
			folded[i] = true // shown under each row (under)
			continue
		}
		if h.opt.Verbose || t.Exact || len(grid) < foldRows || c.Named || live && (c.Live || t.Rows[0][i].Kind == view.Time) {
			continue
		}
		if cell, ok := constant(t, grid, i); ok {
			folded[i] = true
			if !c.Bar {
				f.once = append(f.once, once{col: i, cell: cell, same: -1})
			}
			continue
		}
		for j := range i {
			if !folded[j] && !c.Bar && !t.Columns[j].Bar && equal(t, j, i) {
				folded[i] = true
				f.once = append(f.once, once{col: i, same: j})
				break
			}
		}
	}
	text := false
	for i, c := range t.Columns {
		if !folded[i] {
			f.show = append(f.show, i)
			text = text || !c.Bar
		}
	}
	if !text && len(grid) >= foldRows {
		return h.fold(t, nil, live) // nothing would be left to show a row by: fold none
	}
	return f
}

// constant reports a column whose cells all show the same text, and that
// cell.
func constant(t view.Table, grid [][]table.Cell, col int) (table.Cell, bool) {
	first := grid[0][col]
	if first.Text == "" {
		return first, false
	}
	for r := range grid {
		switch t.Rows[r][col].Kind {
		case view.None, view.Nested, view.Deep:
			return first, false // a summary ("3 items"), which two different values share
		}
		if grid[r][col].Text != first.Text {
			return first, false
		}
	}
	return first, true
}

// equal reports a column b that holds on every row what column a does:
// the same value, or an ID that is the other's prefix (a short hash).
func equal(t view.Table, a, b int) bool {
	for _, row := range t.Rows {
		x, y := row[a], row[b]
		if x.Kind == view.None || y.Kind == view.None || !sameValue(x, y) {
			return false
		}
	}
	return true
}

func sameValue(x, y view.Cell) bool {
	if x.Kind == view.ID && y.Kind == view.ID && len(x.Text) >= 7 && len(y.Text) >= 7 {
		return strings.HasPrefix(x.Text, y.Text) || strings.HasPrefix(y.Text, x.Text)
	}
	if x.Kind != y.Kind || x.Text != y.Text || x.Kind == view.Bar {
		return false
	}
	// An object's or a list's cell has no text of its own: its parts are
	// compared, so that "raw = buckets" is said only of the same values.
	return slices.EqualFunc(x.Items(), y.Items(), sameValue) && slices.EqualFunc(x.Fields(), y.Fields(), func(a, b view.Field) bool {
		return a.Key == b.Key && a.Block == nil && b.Block == nil && sameValue(a.Cell, b.Cell)
	})
}

// onceLine says the folded columns under a table: "all: namespace local ·
// rank score = score". other counts, by folded column, the later rows
// that differed (each said under its row): "all" is then not said of
// them without "but N rows".
func (h *Writer) onceLine(t view.Table, f folding, other []int, indent int) {
	if len(f.once) == 0 {
		return
	}
	parts := make([]string, 0, len(f.once))
	for k, o := range f.once {
		p := h.th.Faint.Render(h.header(t, o.col))
		if k == 0 {
			p = h.th.Faint.Render("all: ") + p
		}
		if o.same >= 0 {
			p += h.th.Faint.Render(" = " + h.header(t, o.same))
		} else {
			p += " " + o.cell.Style.Render(o.cell.Text)
		}
		if k < len(other) && other[k] > 0 {
			p += h.th.Faint.Render(" but " + format.Count(other[k], "row"))
		}
		parts = append(parts, p)
	}
	h.summaryLine(parts, indent)
}

// differs says, under a row read after the layout was decided, the values
// of folded columns that are not what the first rows had, and counts them
// in other (by folded column).
func (h *Writer) differs(t view.Table, f folding, row []view.Cell, full []table.Cell, other []int, indent int) {
	var parts []string
	for k, o := range f.once {
		c := full[o.col]
		if o.same >= 0 && o.col < len(row) && !sameValue(row[o.same], row[o.col]) || o.same < 0 && c.Text != o.cell.Text {
			parts = append(parts, h.th.Faint.Render(h.header(t, o.col))+" "+c.Style.Render(c.Text))
			other[k]++
		}
	}
	if len(parts) > 0 {
		h.summaryLine(parts, indent+2)
	}
}

// under writes under a row the lists of records it holds (Under
// columns): each a table under its key, as a record shows one.
func (h *Writer) under(t view.Table, row []view.Cell, indent int) {
	var r view.Record
	for i, c := range t.Columns {
		switch {
		case !c.Under || i >= len(row) || row[i].Kind == view.None:
		case row[i].Sub != nil && row[i].Sub.Block != nil:
			r.Fields = append(r.Fields, view.Field{Key: c.Key, Label: h.header(t, i), Block: row[i].Sub.Block})
		default:
			// A later row's value that is no list of records: the column
			// is not shown, so the value is said here.
			r.Fields = append(r.Fields, view.Field{Key: c.Key, Label: h.header(t, i), Cell: row[i]})
		}
	}
	if len(r.Fields) > 0 {
		h.record(r, indent+2)
	}
}

func (h *Writer) header(t view.Table, col int) string {
	return strings.ToLower(h.text(t.Columns[col].Header))
}

// points is, for each column of numbers, how many digits its numbers have
// after the decimal point at the most (-1 for a column of anything else):
// padded to it, the points line up (0.0328 over 0.032 ).
func points(t view.Table, grid [][]table.Cell) []int {
	pts := make([]int, len(t.Columns))
	for i, c := range t.Columns {
		if c.Align != view.Right || c.Bar {
			pts[i] = -1
			continue
		}
		for r := range grid {
			k := t.Rows[r][i].Kind
			if k == view.None {
				continue
			}
			f, ok := fraction(grid[r][i].Text)
			if !ok || k != view.Number && k != view.Score {
				pts[i] = -1
				break
			}
			pts[i] = max(pts[i], f)
		}
	}
	return pts
}

// fraction is how many digits a plain decimal has after its point.
func fraction(s string) (int, bool) {
	dot := -1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '.' && dot < 0:
			dot = i
		case c >= '0' && c <= '9', c == '-' && i == 0:
		default:
			return 0, false
		}
	}
	if dot < 0 {
		return 0, s != "" && s != "-"
	}
	return len(s) - dot - 1, true
}

// alignPoints pads the numbers of a row so that their points line up.
func alignPoints(cells []table.Cell, pts []int) {
	for i, p := range pts {
		if p <= 0 || i >= len(cells) || cells[i].Text == "" {
			continue
		}
		f, ok := fraction(cells[i].Text)
		if !ok || f >= p {
			continue
		}
		pad := p - f
		if f == 0 && !strings.Contains(cells[i].Text, ".") {
			pad++ // the point the number does not have
		}
		cells[i].Text += blank(pad)
	}
}
