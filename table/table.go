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
}

// LowValue is the Keep below which a column gives way to free text that
// is narrower than it wants to be.
const LowValue = 65

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
// columns wide at most. With a width limit the layout never exceeds it:
// when even the narrowest floors (a sliver of free text, up to 3 columns of
// anything else) do not fit, essential columns drop too, from the right but
// never the first, and a last column that still does not fit is cut to
// what is left.
//
// It takes O(n log n) for n columns: candidates are sorted once into the
// order they would drop, and the total is kept as columns go.
func Fit(cols []Column, natural []int, opt Options) Layout {
	if opt.Width <= 0 {
		vis := make([]int, 0, len(cols))
		for i := range cols {
			vis = append(vis, i)
		}
		return Layout{Cols: vis, Widths: pick(natural, vis)}
	}
	avail := opt.Width - opt.Indent
	minWidth := func(i int) int {
		if cols[i].Flex && cols[i].Min < natural[i] {
			return max(cols[i].Min, 1)
		}
		return natural[i]
	}
	wantWidth := func(i int) int {
		if cols[i].Flex && cols[i].Want > cols[i].Min {
			return min(cols[i].Want, natural[i])
		}
		return minWidth(i)
	}
	// floor is how narrow shrinking below makes a column at the most: a
	// sliver of free text, up to 3 columns of anything else.
	floor := func(i int) int {
		if cols[i].Flex {
			return min(natural[i], 1)
		}
		return min(natural[i], 3)
	}
	shown := make([]bool, len(cols))
	count := len(cols)
	// The columns that may drop, in the order they go: least valuable
	// first; of equals, the rightmost first.
	type cand struct{ keep, i int }
	var order []cand
	for i := range cols {
		shown[i] = true
		if cols[i].Keep < Essential {
			order = append(order, cand{cols[i].Keep, i})
		}
	}
	slices.SortFunc(order, func(a, b cand) int {
		if c := cmp.Compare(a.keep, b.keep); c != 0 {
			return c
		}
		return cmp.Compare(b.i, a.i)
	})
	total := func(width func(int) int) int {
		t := opt.Gap * max(count-1, 0)
		for i, ok := range shown {
			if ok {
				t += width(i)
			}
		}
		return t
	}
	drop := func(i int) {
		shown[i] = false
		count--
	}
	// Drop the least valuable columns until the rest fit at their minimums,
	// then low-value ones until free text has the room it wants. Both passes
	// take from the same order: the second goes on where the first stopped.
	next := 0
	dropUntilFits := func(width func(int) int, below int) {
		t := total(width)
		for t > avail && count > 1 && next < len(order) && order[next].keep < below {
			i := order[next].i
			next++
			drop(i)
			t -= width(i) + opt.Gap // count was > 1, so a gap went too
		}
	}
	dropUntilFits(minWidth, Essential)
	dropUntilFits(wantWidth, LowValue)
	// If even the floors do not fit, the first pass ran out of columns to
	// drop (or is down to one), so only essential columns are left: they go
	// from the right, never the first.
	if t := total(floor); t > avail {
		for i := len(cols) - 1; i >= 0 && t > avail && count > 1; i-- {
			if shown[i] {
				drop(i)
				t -= floor(i) + opt.Gap
			}
		}
	}
	vis := make([]int, 0, count)
	for i, ok := range shown {
		if ok {
			vis = append(vis, i)
		}
	}
	widths := pick(natural, vis)
	over := total(func(i int) int { return natural[i] }) - avail
	var flex, all []int
	for k, i := range vis {
		if cols[i].Flex {
			flex = append(flex, k)
		}
		all = append(all, k)
	}
	// Free text gives way first, the least valuable first, each down to its
	// readable minimum (equals share the cut, widest first); then, when
	// nothing is left to drop, everything gives way down to a sliver.
	sort.SliceStable(flex, func(a, b int) bool { return cols[vis[flex[a]]].Keep < cols[vis[flex[b]]].Keep })
	for start := 0; start < len(flex); {
		end := start
		for end < len(flex) && cols[vis[flex[end]]].Keep == cols[vis[flex[start]]].Keep {
			end++
		}
		over = shrink(widths, flex[start:end], func(k int) int { return minWidth(vis[k]) }, over)
		start = end
	}
	over = shrink(widths, flex, func(int) int { return 1 }, over)
	over = shrink(widths, all, func(k int) int { return floor(vis[k]) }, over)
	// Last resort: the one column left is wider at its floor than the room
	// (or there is no room at all); it is cut to what is left.
	shrink(widths, all, func(int) int { return 0 }, over)
	return Layout{Cols: vis, Widths: widths}
}

func pick(natural []int, idx []int) []int {
	w := make([]int, len(idx))
	for k, i := range idx {
		w[k] = natural[i]
	}
	return w
}

// shrink takes up to over columns away from widths[idx...], widest first
// (water-filling: the widest come down to a common level), never below
// floor. It returns what could not be taken.
func shrink(widths []int, idx []int, floor func(int) int, over int) int {
	if over <= 0 || len(idx) == 0 {
		return over
	}
	taken := func(level int) int {
		t := 0
		for _, k := range idx {
			if lim := max(level, floor(k)); widths[k] > lim {
				t += widths[k] - lim
			}
		}
		return t
	}
	top := 0
	for _, k := range idx {
		top = max(top, widths[k])
	}
	if taken(0) < over { // cannot make it: shrink all to their floors
		got := taken(0)
		for _, k := range idx {
			widths[k] = min(widths[k], floor(k))
		}
		return over - got
	}
	// The highest level that frees enough.
	level := sort.Search(top+1, func(l int) bool { return taken(l) < over }) - 1
	extra := taken(level) - over
	for _, k := range idx {
		if lim := max(level, floor(k)); widths[k] > lim {
			widths[k] = lim
			if extra > 0 && lim == level {
				widths[k]++ // give back what was taken beyond need
				extra--
			}
		}
	}
	return 0
}

// Writer writes a table whose layout is decided from its first rows, so
// that a long list can stream: later rows are cut and padded to the same
// widths.
type Writer struct {
	w      io.Writer
	cols   []Column
	opt    Options
	lay    Layout
	buf    bytes.Buffer
	widths map[string]int // widths of non-ASCII texts seen, which repeat (glyphs)
}

// NewWriter fits the columns to the first rows and writes the header and
// those rows.
func NewWriter(w io.Writer, cols []Column, first [][]Cell, opt Options) (*Writer, error) {
	natural := make([]int, len(cols))
	for i, c := range cols {
		natural[i] = Width(c.Header)
	}
	for _, row := range first {
		for i := range cols {
			if i < len(row) {
				natural[i] = max(natural[i], Width(row[i].Text))
			}
		}
	}
	t := &Writer{w: w, cols: cols, opt: opt, lay: Fit(cols, natural, opt), widths: map[string]int{}}
	if !opt.NoHeader {
		hdr := make([]Cell, len(cols))
		for i, c := range cols {
			hdr[i] = Cell{Text: c.Header, Style: opt.Header}
		}
		if err := t.Row(hdr); err != nil {
			return nil, err
		}
	}
	for _, row := range first {
		if err := t.Row(row); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// Layout is the layout the first rows decided, which every row follows.
func (t *Writer) Layout() Layout {
	return Layout{Cols: slices.Clone(t.lay.Cols), Widths: slices.Clone(t.lay.Widths)}
}

// Row writes one row; cells beyond the row's length are empty.
func (t *Writer) Row(row []Cell) error {
	buf := &t.buf
	buf.Reset()
	pad(buf, t.opt.Indent)
	for k, i := range t.lay.Cols {
		if k > 0 {
			pad(buf, t.opt.Gap)
		}
		var c Cell
		if i < len(row) {
			c = row[i]
		}
		text := c.Text
		tw := t.width(text)
		// A column cut to nothing shows nothing, not even text of no width
		// (a combining mark), which would follow an indent wider than the
		// width.
		if t.opt.Width > 0 && (tw > t.lay.Widths[k] || t.lay.Widths[k] == 0) {
			text, tw = CutWidth(text, t.lay.Widths[k], t.opt.Ellipsis)
		}
		// Without a width limit nothing is cut: a streamed row wider than
		// the first rows overflows its column rather than lose text.
		n := max(t.lay.Widths[k]-tw, 0)
		if t.cols[i].Align == Right {
			pad(buf, n)
			buf.WriteString(c.Style.Render(text))
		} else {
			buf.WriteString(c.Style.Render(text))
			pad(buf, n)
		}
	}
	// Trailing padding is noise in a terminal and in copied text.
	out := bytes.TrimRight(buf.Bytes(), " ")
	out = append(out, '\n')
	_, err := t.w.Write(out)
	return err
}

const spaces = "                                                                "

func pad(b *bytes.Buffer, n int) {
	for n > len(spaces) {
		b.WriteString(spaces)
		n -= len(spaces)
	}
	if n > 0 {
		b.WriteString(spaces[:n])
	}
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
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			if w, ok := t.widths[s]; ok {
				return w
			}
			w := Width(s)
			if len(t.widths) < 4096 {
				t.widths[s] = w
			}
			return w
		}
	}
	return len(s)
}
