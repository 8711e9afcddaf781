package human

import (
	"slices"
	"strconv"
	"strings"

	"github.com/khive-ai/khive-pretty/internal/format"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/table"
)

// table writes rows fitted to the width by the table package: columns
// chosen by what they are worth, free text cut first.
//
// An exact table (inside an error), which is never cut, becomes its rows
// one after another as key/value blocks that wrap when it is too wide for
// the terminal.
//
// A streamed table is laid out from its first rows; each further row is
// written as it is read. A stream that ends in a record (the rest of its
// list, another way) has it written after the table.
func (h *Writer) table(t view.Table, indent int) (err error) {
	if t.Exact && t.Records != nil && h.width > 0 {
		if cols, grid := h.grid(t, &memo{}); !fitsWhole(cols, grid, h.width-indent) {
			h.record(*t.Records, indent)
			return nil
		}
	}
	if len(t.Rows) == 1 && t.Stream == nil && h.width > 0 && !t.Exact && !t.InRow && !slices.ContainsFunc(t.Columns, func(c view.Column) bool { return c.Identity }) {
		// One row of fields no shape of ours names, too many for the
		// terminal (stat's): one under another they say all of it, where
		// a table would hide what the row is, leaving columns out.
		if cols, grid := h.grid(t, &memo{}); len(table.Fit(cols, natural(cols, grid), h.tableOptions(indent)).Cols) < len(cols) {
			return h.tableRecords(t, indent)
		}
	}
	if h.opt.Verbose && h.opt.Width > 0 {
		// --verbose shortens nothing: a table wider than the terminal,
		// which a pager would wrap into a wall of half-headers, is its
		// rows one record after another.
		if cols, grid := h.grid(t, &memo{}); !fitsWhole(cols, grid, h.opt.Width-indent) {
			return h.tableRecords(t, indent)
		}
	}
	ot, err := h.open(t, indent, false)
	if err != nil {
		return err
	}
	var then *view.Record
	defer func() {
		ot.Close()
		if then != nil {
			h.o.Gap()
			err = h.record(*then, indent)
		}
	}()
	for t.Stream != nil {
		row, other, ok, err := t.Stream()
		if err != nil || !ok {
			then = other
			return err
		}
		if row == nil && other != nil {
			h.record(*other, indent)
		} else if err := ot.Row(row); err != nil {
			return err
		} else if other != nil {
			h.record(*other, indent+2) // fields no column holds, under their row
		}
		if err := h.o.Err(); err != nil {
			return err
		}
	}
	return nil
}

// tableRecords writes a table's rows as records, a blank line between
// them: each cell under its column's key, a cell the row lacks left out.
func (h *Writer) tableRecords(t view.Table, indent int) error {
	n := 0
	one := func(row []view.Cell, other *view.Record) {
		if n > 0 {
			h.o.Line("")
		}
		n++
		if row == nil && other != nil {
			h.record(*other, indent)
			return
		}
		r := view.Record{Indent: indent, Fields: make([]view.Field, 0, len(row))}
		if other != nil {
			defer h.record(*other, indent) // fields no column holds, after the row's
		}
		for i, c := range row {
			switch {
			case c.Kind == view.None || t.Columns[i].Bar:
			case c.Sub != nil && c.Sub.Block != nil:
				r.Fields = append(r.Fields, view.Field{Key: t.Columns[i].Key, Block: c.Sub.Block})
			case c.Kind == view.Object && len(c.Fields()) > 0:
				// An object a table showed inline: its fields under its key.
				r.Fields = append(r.Fields, view.Field{Key: t.Columns[i].Key,
					Block: view.Record{Indent: indent + 2, Fields: c.Fields()}})
			default:
				r.Fields = append(r.Fields, view.Field{Key: t.Columns[i].Key, Cell: c})
			}
		}
		h.record(r, indent)
	}
	for _, row := range t.Rows {
		one(row, nil)
	}
	for t.Stream != nil {
		row, other, ok, err := t.Stream()
		if !ok && other != nil {
			h.o.Line("")
			return h.record(*other, indent) // the rest of its list, records
		}
		if err != nil || !ok {
			return err
		}
		one(row, other)
		if err := h.o.Err(); err != nil {
			return err
		}
	}
	return nil
}

// grid is a table's columns and its rows' cells, as the table package
// takes them.
func (h *Writer) grid(t view.Table, m *memo) ([]table.Column, [][]table.Cell) {
	cols := make([]table.Column, len(t.Columns))
	for i, c := range t.Columns {
		cols[i] = table.Column{Header: h.text(c.Header), Align: table.Align(c.Align), Keep: c.Keep, Flex: c.Flex, Min: c.Min, Want: c.Want, CutStart: c.Paths}
		if c.Bar {
			cols[i].Header = ""
		}
	}
	h.clocks(m, t)
	n := 0
	for _, row := range t.Rows {
		n += len(row)
	}
	cells := make([]table.Cell, n) // every row's, in one allocation
	grid := make([][]table.Cell, len(t.Rows))
	for r, row := range t.Rows {
		grid[r] = h.rowInto(cells[:len(row):len(row)], m, row)
		cells = cells[len(row):]
	}
	return cols, grid
}

// rowInto is row into out, which has a cell for each column.
func (h *Writer) rowInto(out []table.Cell, m *memo, row []view.Cell) []table.Cell {
	clear(out)
	for i := range row {
		if row[i].Kind == view.None {
			continue // a member the row lacks, or filler
		}
		out[i] = h.tableCell(m, i, &row[i])
	}
	return out
}

// natural is each column's width with nothing cut: its header's or its
// widest cell's.
func natural(cols []table.Column, grid [][]table.Cell) []int {
	w := make([]int, len(cols))
	for i, c := range cols {
		w[i] = table.Width(c.Header)
		for _, row := range grid {
			w[i] = max(w[i], table.Width(row[i].Text))
		}
	}
	return w
}

// fitsWhole reports whether a table fits in avail columns with nothing cut.
func fitsWhole(cols []table.Column, grid [][]table.Cell, avail int) bool {
	total := 2 * max(len(cols)-1, 0)
	for _, w := range natural(cols, grid) {
		total += w
	}
	return total <= avail
}

func (h *Writer) tableOptions(indent int) table.Options {
	if h.widths == nil {
		h.widths = make(map[string]int) // measure's, which the tables share
	}
	return table.Options{Width: h.width, Indent: indent, Gap: 2, Ellipsis: h.g.Ellipsis, Header: h.th.Header, NoHeader: h.opt.NoHeaders, Widths: h.widths}
}

// hidden says, under a table, which columns it left out to fit the width:
// people should know what they are not seeing, and how to see it.
func (h *Writer) hidden(t view.Table, f folding, tw *table.Writer, indent int) {
	if tw == nil {
		return
	}
	var names []string
	for _, k := range tw.Hidden(len(f.show)) {
		if i := f.show[k]; !t.Columns[i].Bar {
			names = append(names, h.header(t, i))
		}
	}
	if len(names) > 0 {
		note := format.Count(len(names), "column") + " hidden: " + strings.Join(names, ", ") + " (-w or --columns)"
		for i, ln := range wrapText(note, h.width-indent-2) {
			pad := blank(indent + 2*min(i, 1))
			h.o.Line(pad + h.th.Faint.Render(ln))
		}
	}
}

// OpenTable is a table being written a row at a time, as rows come: its
// layout is decided from the rows it was opened with.
type OpenTable struct {
	h      *Writer
	t      view.Table
	f      folding
	other  []int // later rows that differ, by column said once (differs)
	pts    []int // digits after the point, by column (points)
	tw     *table.Writer
	m      memo
	full   []table.Cell // a row's cells, every column
	buf    []table.Cell // the cells of the columns shown
	indent int
}

// Open writes a table's header and rows and keeps it open for more. The
// layout, the columns said once and the decimal points are decided on
// the rows it measures (Measured), as they are for a streamed table.
func (h *Writer) Open(t view.Table, indent int) (*OpenTable, error) { return h.open(t, indent, true) }

// open is Open; live: rows neither its Stream nor its rows past Measured
// hold will be added (Row): a run of records shown on a pause.
func (h *Writer) open(t view.Table, indent int, live bool) (*OpenTable, error) {
	ot := &OpenTable{h: h, indent: indent}
	m := &ot.m // the table's, made with it
	var rest [][]view.Cell
	if t.Measured > 0 && t.Measured < len(t.Rows) {
		t.Rows, rest = t.Rows[:t.Measured], t.Rows[t.Measured:]
	}
	cols, grid := h.grid(t, m)
	f := h.fold(t, grid, live)
	pts := points(t, grid)
	for _, row := range grid {
		alignPoints(row, pts)
	}
	if len(f.show) < len(cols) {
		cols = pick(cols, f.show)
		for r := range grid {
			grid[r] = pick(grid[r], f.show)
		}
	}
	under := slices.ContainsFunc(t.Columns, func(c view.Column) bool { return c.Under })
	start := table.NewWriter
	fit := grid
	if grows := t.Stream != nil || len(rest) > 0; grows {
		// Rows to come are laid out on these: a column of whole numbers
		// has room for one more digit (ids past 999 after the first
		// thousand), where a longer one would push the rest of its row.
		if room, ok := digitRoom(cols, grid); ok {
			fit = append(slices.Clip(grid), room)
			start = table.Start
		}
	}
	if live && h.width > 0 {
		// Laid out on a few records (a log's first lines, shown on a
		// pause), its free text has the room the width leaves: a later
		// line's message ("boom failed" after "tick 4") is not cut to
		// the first ones' while the screen is mostly empty.
		if room, ok := flexRoom(cols, fit, h.width-indent); ok {
			fit = append(slices.Clip(fit), room)
			start = table.Start
		}
	}
	if under {
		start = table.Start // each row is followed by its lists (under)
	}
	topt := h.tableOptions(indent)
	topt.Room = len(fit) - len(grid)
	tw, err := start(h.o, cols, fit, topt)
	if err != nil {
		return nil, err
	}
	if under || len(fit) > len(grid) {
		for r, row := range grid {
			if err := tw.Row(row); err != nil {
				return nil, err
			}
			if under {
				h.under(t, t.Rows[r], indent)
			}
		}
	}
	ot.t, ot.f, ot.pts, ot.tw = t, f, pts, tw
	ot.other = make([]int, len(f.once))
	if t.Stream != nil && t.Shows != nil {
		t.Shows(ot.shows())
	}
	for _, row := range rest {
		if err := ot.Row(row); err != nil {
			return nil, err
		}
	}
	if t.Stream != nil {
		// The first rows are written: their cells, every column's (a
		// dense table's thousands), are let go while the rest stream.
		clear(t.Rows)
	}
	return ot, nil
}

// shows is the columns whose cells the table's rows show: those the
// layout shows, and those said once, which a row may differ in (differs).
func (ot *OpenTable) shows() []int {
	need := make([]bool, len(ot.t.Columns))
	for i, c := range ot.t.Columns {
		need[i] = c.Under // shown under each row
	}
	for _, k := range ot.tw.Layout().Cols {
		if k >= 0 && k < len(ot.f.show) {
			need[ot.f.show[k]] = true
		}
	}
	for _, o := range ot.f.once {
		need[o.col] = true
		if o.same >= 0 {
			need[o.same] = true
		}
	}
	var cols []int
	for i, ok := range need {
		if ok {
			cols = append(cols, i)
		}
	}
	return cols
}

// pick is the elements of s at idx, in place: idx is increasing.
func pick[T any](s []T, idx []int) []T {
	for k, i := range idx {
		s[k] = s[i]
	}
	return s[:len(idx)]
}

// Row writes one more row, and under it what it has that the columns said
// once do not.
func (ot *OpenTable) Row(row []view.Cell) error {
	if ot.full == nil {
		// Made for the first row after those Open wrote: most tables (an
		// answer's one or two rows) have none.
		n := len(ot.t.Columns)
		cells := make([]table.Cell, n+len(ot.f.show))
		ot.full, ot.buf = cells[:n:n], cells[n:]
	}
	full := ot.h.rowInto(ot.full, &ot.m, row)
	alignPoints(full, ot.pts)
	cells := full
	if len(ot.f.show) < len(full) {
		for k, i := range ot.f.show {
			ot.buf[k] = full[i]
		}
		cells = ot.buf
	}
	if err := ot.tw.Row(cells); err != nil {
		return err
	}
	ot.h.differs(ot.t, ot.f, row, full, ot.other, ot.indent)
	ot.h.under(ot.t, row, ot.indent)
	return ot.h.o.Err()
}

// flexReserve is what flexRoom leaves of the width; flexMost, how wide
// it makes a column at most (a log line's message: wider, the columns
// after it are far from the rows they belong to).
const flexReserve, flexMost = 4, 60

// flexRoom is a row that only lays a table out: in its widest free-text
// (Flex) column of words, the message of a log line, text as wide as the rows
// laid out on have and what the width leaves (but flexReserve) once
// every column has its widest cell and its gap; false when nothing is
// left.
func flexRoom(cols []table.Column, rows [][]table.Cell, width int) ([]table.Cell, bool) {
	widest := make([]int, len(cols))
	used, text := 2*(len(cols)-1), -1
	for i, c := range cols {
		widest[i] = table.Width(c.Header)
		words := false // a message's words, not a name ("a", "b")
		for _, row := range rows {
			if i < len(row) {
				widest[i] = max(widest[i], table.Width(row[i].Text))
				words = words || strings.Contains(row[i].Text, " ")
			}
		}
		used += widest[i]
		if c.Flex && words && (text < 0 || widest[i] > widest[text]) {
			text = i
		}
	}
	// A few columns are kept back: a later row's other cells (an age of
	// "56m ago" after "1h ago") overflow into them, as they may
	// where the table was not widened.
	spare := width - used - flexReserve
	if text < 0 || spare <= 0 {
		return nil, false
	}
	room := make([]table.Cell, len(cols))
	room[text] = table.Cell{Text: strings.Repeat("x", min(widest[text]+spare, max(widest[text], flexMost)))}
	return room, true
}

// digitRoom is a row that only lays a table out: in each column whose
// values end in whole numbers that count up row by row after the same
// text (ids 1, 2, 3; task-998, task-999), a value one digit longer than
// its longest; false when there is none. Numbers that go up and down
// (measurements), or stay the same (1.0e+10 on every row), keep their
// width.
func digitRoom(cols []table.Column, grid [][]table.Cell) ([]table.Cell, bool) {
	room := make([]table.Cell, len(cols))
	any := false
	for i := range cols {
		widest, counts, rises, prev, n, stem := 0, true, false, -1, 0, ""
		for _, row := range grid {
			if i >= len(row) || row[i].Text == "" {
				continue
			}
			text := row[i].Text
			digits := len(text)
			for digits > 0 && text[digits-1] >= '0' && text[digits-1] <= '9' {
				digits--
			}
			v, err := strconv.Atoi(text[digits:])
			if err != nil || v < prev || n > 0 && text[:digits] != stem {
				counts = false
				break
			}
			rises = rises || n > 0 && v > prev
			prev, n, stem = v, n+1, text[:digits]
			widest = max(widest, table.Width(text))
		}
		if counts && rises {
			room[i], any = table.Cell{Text: strings.Repeat("9", widest+1)}, true
		}
	}
	return room, any
}

// Extra writes, under the row before it, the fields no column holds.
func (ot *OpenTable) Extra(r view.Record) error {
	return ot.h.record(r, ot.indent+2)
}

// Close ends the table: it says the columns said once, and which it left
// out.
func (ot *OpenTable) Close() {
	ot.h.onceLine(ot.t, ot.f, ot.other, ot.indent)
	ot.h.hidden(ot.t, ot.f, ot.tw, ot.indent)
}
