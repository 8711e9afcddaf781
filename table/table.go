// Package table lays out rows of cells in columns that fit a width.
//
// It decides which columns are shown and how wide each is, cuts free text
// with an ellipsis, and pads by display width, so wide characters (CJK,
// emoji) keep columns aligned. It knows nothing of JSON or of what a column
// means: callers say how much each column is worth and which ones are free
// text that may shrink. A cell's Style (its colour) is applied after the
// layout, which is measured on the text alone.
//
// It imports nothing of this module.
package table

import (
	"bytes"
	"cmp"
	"io"
	"slices"
	"sort"
)

// Align is a column's alignment.
type Align uint8

const (
	Left Align = iota
	Right
)

// Essential is the Keep value from which a column is dropped only as a last
// resort, when nothing else makes the table fit its width.
const Essential = 100

// Column describes one column.
type Column struct {
	Header string
	Align  Align
	// Keep is what the column is worth. When the table is too wide, columns
	// are dropped lowest Keep first (the rightmost of equals first), but
	// one with Keep >= Essential only when even the narrowest floors of the
	// columns left do not fit the width.
	Keep int
	// Flex marks free text, which shrinks with an ellipsis before any column
	// is dropped, but not below Min. Low-value columns (Keep < LowValue)
	// also drop to give it Want columns.
	Flex bool
	Min  int
	Want int
	// CutStart cuts the column's cells at their start: paths, which begin
	// alike (/root/go/pkg/mod/…) and which their ends tell apart.
	CutStart bool
}

// LowValue is the Keep below which a column gives way to free text that
// is not yet whole; HighValue, the Keep from which a column is shown before
// free text is widened to what it wants.
const (
	LowValue  = 65
	HighValue = 80
)

// Cell is one cell: sanitised single-line text and the style to draw it in.
type Cell struct {
	Text  string
	Style Style
}

// Options control the layout.
type Options struct {
	Width    int // columns available, indent included; 0 means no limit
	Indent   int
	Gap      int // spaces between columns
	Ellipsis string
	Header   Style
	NoHeader bool
	// Widths, when set, keeps the widths of the non-ASCII texts measured
	// from one table to the next, as each table does its own (a stream
	// of small tables repeats its glyphs and bars). A Writer adds to it.
	Widths map[string]int
	// Room is how many of the last of the first rows Start is given only
	// lay the table out (room for wider rows to come) and are never
	// written: the rows after the others are then the streamed ones.
	Room int
}

// Layout is the outcome of fitting: the columns shown, in order, and their widths.
type Layout struct {
	Cols   []int
	Widths []int
}

// Hidden lists, in input order, the columns of n that the layout leaves
// out, so that a caller can say what it does not show.
func (l Layout) Hidden(n int) []int {
	shown := make([]bool, n)
	for _, i := range l.Cols {
		if i >= 0 && i < n {
			shown[i] = true
		}
	}
	var hidden []int
	for i, ok := range shown {
		if !ok {
			hidden = append(hidden, i)
		}
	}
	return hidden
}

// Fit chooses the columns and widths for columns whose content is natural[i]
// columns wide at most. With a width limit the layout never exceeds it,
// and a wider limit never shows less: a column shown at one width is shown
// at every width above it, at least as wide. So the room is handed out in
// one fixed order, each step taken whole or not at all (only widening may
// stop half way), and the first step that does not fit ends the layout:
//
//  1. the first essential column (Keep >= Essential) at its minimum, cut
//     to the width if it must be; the other essential ones, left to
//     right, at their floors (a sliver of free text, up to 3 columns of
//     anything else);
//  2. essential columns widened to their minimums (free text to Min);
//  3. columns worth at least HighValue (a status, a priority, a score),
//     most valuable first (of equals, the leftmost), each at its minimum;
//  4. free text widened to Want: the text that explains a row is readable
//     before the columns worth less are shown;
//  5. columns worth at least LowValue (times, who), likewise;
//  6. free text widened to its whole width: the text has the room before
//     low-value columns;
//  7. low-value columns, then their free text widened.
//
// Widening is water-filling: the narrowest grow first, to a common level.
// The room left when a step does not fit stays unused; giving it to a
// later step would take it back from that step at the next width.
//
// It takes O(n log n) for n columns and width w: one sort, and each
// widening a search over levels.
func Fit(cols []Column, natural []int, opt Options) Layout {
	return fit(cols, natural, opt, nil)
}

// fit is Fit in ints, 5 for each column, when given (the layout's
// columns and widths are in them).
func fit(cols []Column, natural []int, opt Options, ints []int) Layout {
	if opt.Width <= 0 {
		vis := make([]int, 0, len(cols))
		for i := range cols {
			vis = append(vis, i)
		}
		return Layout{Cols: vis, Widths: pick(natural, vis)}
	}
	// One allocation for the widths, the order, shownOf's scratch and
	// the layout's columns and widths: a table of a few rows is fitted
	// for each of many documents.
	n := len(cols)
	if ints == nil {
		ints = make([]int, 5*n)
	}
	f := fitter{cols: cols, natural: natural, gap: opt.Gap, room: max(opt.Width-opt.Indent, 0),
		width: ints[:n:n], shown: make([]bool, n), idx: ints[2*n : 2*n : 3*n]}
	minWidth := func(i int) int {
		if cols[i].Flex && cols[i].Min < natural[i] {
			return max(cols[i].Min, 1)
		}
		return natural[i]
	}
	wantWidth := func(i int) int {
		if cols[i].Flex && cols[i].Want > cols[i].Min {
			return max(min(cols[i].Want, natural[i]), minWidth(i))
		}
		return minWidth(i)
	}
	whole := func(i int) int { return natural[i] }
	floor := func(i int) int {
		if cols[i].Flex {
			return min(natural[i], 1)
		}
		return min(natural[i], 3)
	}
	// Columns by worth: most valuable first; of equals, the leftmost.
	order := ints[n : 2*n : 2*n]
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(cols[b].Keep, cols[a].Keep) })
	var essential, high, medium, low []int
	for _, i := range order {
		switch k := cols[i].Keep; {
		case k >= Essential:
			essential = append(essential, i)
		case k >= HighValue:
			high = append(high, i)
		case k >= LowValue:
			medium = append(medium, i)
		default:
			low = append(low, i)
		}
	}
	slices.Sort(essential)
	if len(essential) == 0 && len(order) > 0 {
		// Nothing is essential: the most valuable column stands in for
		// what names the rows, which is always shown.
		first := order[0]
		essential = order[:1]
		high, medium, low = without(high, first), without(medium, first), without(low, first)
	}
	flex := func(i int) bool { return cols[i].Flex }
	_ = f.add(essential[:min(1, len(essential))], minWidth, true) &&
		f.add(essential[min(1, len(essential)):], floor, false) &&
		f.grow(essential, minWidth) &&
		f.add(high, minWidth, false) &&
		f.grow(f.shownOf(flex), wantWidth) &&
		f.add(medium, minWidth, false) &&
		f.grow(f.shownOf(flex), wantWidth) &&
		f.grow(f.shownOf(flex), whole) &&
		f.add(low, minWidth, false) &&
		f.grow(f.shownOf(flex), wantWidth) &&
		f.grow(f.shownOf(flex), whole)
	lay := Layout{Cols: ints[3*n : 3*n : 4*n], Widths: ints[4*n : 4*n : 5*n]}
	for i, ok := range f.shown {
		if ok {
			lay.Cols = append(lay.Cols, i)
			lay.Widths = append(lay.Widths, f.width[i])
		}
	}
	return lay
}

// fitter is the state of one Fit: the columns shown so far, their widths
// and the room they take, gaps included.
type fitter struct {
	cols    []Column
	natural []int
	gap     int
	room    int
	used    int
	count   int
	width   []int
	shown   []bool
	idx     []int // shownOf's result, used again by each call
}

// add shows the columns idx in turn, each at its width, while they fit. A
// first column that does not fit is cut to the room when cut is set.
func (f *fitter) add(idx []int, width func(int) int, cut bool) bool {
	for _, i := range idx {
		w, cost := width(i), width(i)
		if f.count > 0 {
			cost += f.gap
		}
		if f.used+cost > f.room {
			if !cut || f.count > 0 {
				return false
			}
			w, cost = max(f.room, 0), max(f.room, 0)
		}
		f.shown[i], f.width[i] = true, w
		f.used += cost
		f.count++
	}
	return true
}

// shownOf is the shown columns for which keep holds, valid until the
// next call (each is grown at once).
func (f *fitter) shownOf(keep func(int) bool) []int {
	idx := f.idx[:0]
	for i, ok := range f.shown {
		if ok && keep(i) {
			idx = append(idx, i)
		}
	}
	return idx
}

// grow widens the shown columns idx toward target, the narrowest first, as
// far as the room allows. It reports whether all of them got there.
func (f *fitter) grow(idx []int, target func(int) int) bool {
	left := f.room - f.used
	// need is the room it takes to bring every column below level up to
	// it (or to its target, if that is lower).
	need := func(level int) int {
		n := 0
		for _, i := range idx {
			if lim := min(level, target(i)); f.width[i] < lim {
				n += lim - f.width[i]
			}
		}
		return n
	}
	top := 0
	for _, i := range idx {
		top = max(top, target(i))
	}
	if n := need(top); n <= left {
		for _, i := range idx {
			f.width[i] = max(f.width[i], target(i))
		}
		f.used += n
		return true
	}
	// The highest level the room reaches; what is left over goes a column
	// each to those that stop below their target, left to right, so that
	// one more column of room never narrows any.
	level := sort.Search(top+1, func(l int) bool { return need(l) > left }) - 1
	spare := left - need(level)
	for _, i := range idx {
		if lim := min(level, target(i)); f.width[i] < lim {
			f.width[i] = lim
		}
		if spare > 0 && f.width[i] == level && level < target(i) {
			f.width[i]++
			spare--
		}
	}
	f.used = f.room - spare
	return false
}

// slack gives the room a layout leaves unused to the free text it cuts,
// short of making any cut cell whole: a cell whole at one width must be
// whole at every width above, and the room left here is what a column
// takes at a wider one. A cut text still shows more of itself.
// It widens lay's widths in place, with 2 ints of scratch for each column
// shown.
func slack(lay Layout, cols []Column, rows [][]Cell, opt Options, scratch []int) {
	left := max(opt.Width-opt.Indent, 0) - linesWidth(lay.Widths, opt.Gap)
	if left <= 0 {
		return
	}
	n := len(lay.Cols)
	caps := scratch[:n:n]
	any := false
	for k, i := range lay.Cols {
		caps[k] = lay.Widths[k]
		if !cols[i].Flex {
			continue
		}
		// The narrowest cell that is cut, header included: the column
		// may grow to one column short of it.
		next := Width(cols[i].Header)
		if next <= lay.Widths[k] {
			next = int(^uint(0) >> 1)
		}
		for _, row := range rows {
			if i < len(row) {
				if w := Width(row[i].Text); w > lay.Widths[k] && w < next {
					next = w
				}
			}
		}
		if next != int(^uint(0)>>1) && next-1 > lay.Widths[k] {
			caps[k], any = next-1, true
		}
	}
	if !any {
		return
	}
	f := fitter{room: left, width: lay.Widths} // grow asks only these
	idx := scratch[n : 2*n : 2*n]
	for k := range idx {
		idx[k] = k
	}
	f.grow(idx, func(k int) int { return caps[k] })
}

// linesWidth is how wide columns of widths are with gaps between them.
func linesWidth(widths []int, gap int) int {
	t := gap * max(len(widths)-1, 0)
	for _, w := range widths {
		t += w
	}
	return t
}

func without(s []int, x int) []int {
	return slices.DeleteFunc(slices.Clone(s), func(v int) bool { return v == x })
}

func pick(natural []int, idx []int) []int {
	w := make([]int, len(idx))
	for k, i := range idx {
		w[k] = natural[i]
	}
	return w
}

// Writer writes a table whose layout is decided from its first rows, so
// that a long list can stream: later rows are cut and padded to the same
// widths.
type Writer struct {
	w      io.Writer
	header bool // the header row is being written (cut)
	cols   []Column
	opt    Options
	lay    Layout
	buf    []byte // the line being written
	tw     []int  // the widths of the cells of the row being written
	// streamed: the rows the layout was fitted on are written; those
	// after them may be wider than it (Row).
	streamed bool
	fitted   int            // how many rows the layout was fitted on, to be written first
	widths   map[string]int // widths of non-ASCII texts seen, which repeat (glyphs)
}

// NewWriter fits the columns to the first rows and writes the header and
// those rows.
func NewWriter(w io.Writer, cols []Column, first [][]Cell, opt Options) (*Writer, error) {
	t, err := Start(w, cols, first, opt)
	if err != nil {
		return nil, err
	}
	for _, row := range first {
		if err := t.Row(row); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// Start fits the columns to the first rows and writes the header alone:
// the caller writes the rows (Row), and whatever goes between them.
func Start(w io.Writer, cols []Column, first [][]Cell, opt Options) (*Writer, error) {
	// natural, needed only here, the row widths Row keeps (as many
	// columns as the layout shows, at most) and fit's, the layout's
	// among them, in one allocation.
	n := len(cols)
	ints := make([]int, 7*n)
	natural := ints[:n:n]
	t := &Writer{w: w, cols: cols, opt: opt, tw: ints[n : n : 2*n], widths: opt.Widths}
	for i, c := range cols {
		natural[i] = t.width(c.Header)
	}
	for _, row := range first {
		for i := range cols {
			if i < len(row) {
				natural[i] = max(natural[i], t.width(row[i].Text))
			}
		}
	}
	t.lay = fit(cols, natural, opt, ints[2*n:])
	if opt.Width > 0 {
		// fit's scratch (the widths, the order), done with.
		slack(t.lay, cols, first, opt, ints[2*n:4*n])
		// A line's room, escapes and all, at once: not grown from 64
		// bytes for each table.
		t.buf = make([]byte, 0, 2*opt.Width)
	}
	if !opt.NoHeader {
		// On the stack for a table of up to 16 columns (the most): Row
		// keeps nothing of it.
		var onStack [16]Cell
		hdr := onStack[:0]
		for _, c := range cols {
			hdr = append(hdr, Cell{Text: c.Header, Style: opt.Header})
		}
		t.header = true
		err := t.Row(hdr)
		t.header = false
		if err != nil {
			return nil, err
		}
	}
	t.fitted = max(len(first)-opt.Room, 0)
	t.streamed = t.fitted == 0
	return t, nil
}

// Hidden is Layout().Hidden(n), without copying the layout.
func (t *Writer) Hidden(n int) []int { return t.lay.Hidden(n) }

// Layout is the layout the first rows decided, which every row follows.
func (t *Writer) Layout() Layout {
	return Layout{Cols: slices.Clone(t.lay.Cols), Widths: slices.Clone(t.lay.Widths)}
}

// Row writes one row; cells beyond the row's length are empty.
//
// A cell of a row after those the layout was fitted on that is wider than
// its column (an ID or a count one digit longer) is not cut while the
// line has room: it takes the room of the gap after it, keeping one
// space, so that the columns after it stay where they were, or else moves
// them on by a whole gap. Only a line that would then be wider than the
// width is cut to the layout. (The rows fitted on are cut as the layout
// decided: their columns line up.) Without a width limit nothing is cut.
func (t *Writer) Row(row []Cell) error {
	t.tw = t.tw[:0]
	over := false
	for k, i := range t.lay.Cols {
		w := 0
		if i < len(row) {
			w = t.width(row[i].Text)
		}
		t.tw = append(t.tw, w)
		// Free text (Flex) is cut as the layout cut the first rows', but
		// in the last column, where the line's room is its own.
		over = over || w > t.lay.Widths[k] && t.lay.Widths[k] > 0 && (!t.cols[i].Flex || t.lastRoom(k, i))
	}
	if over && t.streamed && t.overflow(row) {
		return t.flush()
	}
	if !t.streamed {
		// The rows fitted on are written first; those after them are
		// streamed.
		t.fitted--
		t.streamed = t.fitted <= 0
	}
	buf := pad(t.buf[:0], t.opt.Indent)
	for k, i := range t.lay.Cols {
		if k > 0 {
			buf = pad(buf, t.opt.Gap)
		}
		var c Cell
		if i < len(row) {
			c = row[i]
		}
		text, tw := c.Text, t.tw[k]
		// A column cut to nothing shows nothing, not even text of no width
		// (a combining mark), which would follow an indent wider than the
		// width.
		if t.opt.Width > 0 && (tw > t.lay.Widths[k] || t.lay.Widths[k] == 0) {
			text, tw = t.cut(i, text, t.lay.Widths[k])
		}
		n := max(t.lay.Widths[k]-tw, 0)
		if t.cols[i].Align == Right {
			buf = styled(pad(buf, n), c.Style, text)
		} else {
			buf = pad(styled(buf, c.Style, text), n)
		}
	}
	t.buf = buf
	return t.flush()
}

// cut shortens a cell of column i to w columns, at the end the column cuts.
func (t *Writer) cut(i int, text string, w int) (string, int) {
	if t.cols[i].CutStart && !t.header { // a header reads from its start
		return CutStartWidth(text, w, t.opt.Ellipsis)
	}
	return CutWidth(text, w, t.opt.Ellipsis)
}

// lastRoom reports the last column of the layout (k, column i), left
// aligned: the rest of the line is its room. A right-aligned one keeps
// its place, or its numbers would jump to the edge.
func (t *Writer) lastRoom(k, i int) bool {
	return k == len(t.lay.Cols)-1 && t.cols[i].Align != Right
}

// overflow lays a row with a cell wider than its column (Row) out in buf,
// its cells whole, and reports whether the line fits the width; if not,
// Row cuts it.
func (t *Writer) overflow(row []Cell) bool {
	t.buf = pad(t.buf[:0], t.opt.Indent)
	at, end := t.opt.Indent, t.opt.Indent // where the column starts, where the line is
	for k, i := range t.lay.Cols {
		w := t.lay.Widths[k]
		if k > 0 {
			at += t.lay.Widths[k-1] + t.opt.Gap
		}
		if w == 0 && t.opt.Width > 0 {
			continue // cut to nothing, as Row cuts it
		}
		var c Cell
		if i < len(row) {
			c = row[i]
		}
		text, tw := c.Text, t.tw[k]
		if tw == 0 && text == "" {
			continue // an empty cell holds no place of the line
		}
		if t.lastRoom(k, i) && t.opt.Width > 0 {
			w = max(w, t.opt.Width-at) // the rest of the line is the last column's
		}
		if t.cols[i].Flex && tw > w && t.opt.Width > 0 {
			text, tw = t.cut(i, text, w) // as Row cuts it
		}
		start := at
		if t.cols[i].Align == Right {
			start = at + w - tw
		}
		switch {
		case k == 0:
			start = max(start, end) // not into the indent
		case start < end+1:
			start = end + t.opt.Gap
		}
		t.buf = styled(pad(t.buf, start-end), c.Style, text)
		end = start + tw
		if t.opt.Width > 0 && end > t.opt.Width {
			return false
		}
	}
	return true
}

// flush writes the line in buf, without its trailing padding.
func (t *Writer) flush() error {
	// Trailing padding is noise in a terminal and in copied text.
	out := bytes.TrimRight(t.buf, " ")
	out = append(out, '\n')
	_, err := t.w.Write(out)
	return err
}

// styled appends text as its style renders it, in place: a string made
// for each styled cell of a long table was most of writing its row. The
// line is a slice appended to, not a bytes.Buffer, whose WriteString
// cost more than the appending.
func styled(b []byte, s Style, text string) []byte {
	if s.pre == "" || text == "" {
		return append(b, text...)
	}
	return append(append(append(b, s.pre...), text...), s.post...)
}

const spaces = "                                                                "

// pad appends n spaces.
func pad(b []byte, n int) []byte {
	for n > len(spaces) {
		b = append(b, spaces...)
		n -= len(spaces)
	}
	if n > 0 {
		b = append(b, spaces[:n]...)
	}
	return b
}

// Render writes the header and rows, fitted to opt.Width.
func Render(w io.Writer, cols []Column, rows [][]Cell, opt Options) error {
	_, err := NewWriter(w, cols, rows, opt)
	return err
}

// width is Width, remembering non-ASCII texts: measuring them takes
// grapheme segmentation, and in a long table the same glyph cells ("▶ next",
// "—") come back on every row.
func (t *Writer) width(s string) int {
	if ascii(s) {
		return len(s)
	}
	if w, ok := t.widths[s]; ok {
		return w
	}
	w := Width(s)
	if len(t.widths) < 4096 {
		if t.widths == nil {
			t.widths = make(map[string]int) // made once needed: most tables are ASCII
		}
		t.widths[s] = w
	}
	return w
}
