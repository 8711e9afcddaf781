package table

import (
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// randomTable is a random column set: Keeps drawn from a few values (so
// equals are common) around LowValue and Essential, free text with and
// without Min and Want, natural widths from empty to huge, and widths,
// indents and gaps from none to roomy.
func randomTable(r *rand.Rand) ([]Column, []int, Options) {
	keeps := []int{-1, 0, 10, 30, 45, LowValue - 1, LowValue, 70, Essential - 1, Essential, Essential + 20}
	n := r.IntN(9)
	if r.IntN(8) == 0 {
		n = r.IntN(40)
	}
	cols := make([]Column, n)
	natural := make([]int, n)
	for i := range cols {
		c := Column{Keep: keeps[r.IntN(len(keeps))], Align: Align(r.IntN(2))}
		if r.IntN(4) == 0 {
			c.Keep = r.IntN(130) - 5
		}
		if r.IntN(2) == 0 {
			c.Flex = true
			c.Min = r.IntN(30)
			c.Want = r.IntN(70)
		}
		cols[i] = c
		switch r.IntN(10) {
		case 0:
			natural[i] = r.IntN(4)
		case 1:
			natural[i] = 1_000 + r.IntN(1_000_000)
		default:
			natural[i] = r.IntN(80)
		}
	}
	opt := Options{Width: r.IntN(160), Indent: r.IntN(4) * r.IntN(4), Gap: r.IntN(4)}
	if r.IntN(3) == 0 {
		opt.Width = r.IntN(24) // where floors stop fitting
	}
	return cols, natural, opt
}

// spread is how wide a layout's lines are at most, indent excluded.
func spread(lay Layout, gap int) int {
	t := gap * max(len(lay.Cols)-1, 0)
	for _, w := range lay.Widths {
		t += w
	}
	return t
}

// TestFitProperties: on random tables, at every width, the layout is never
// wider than the width nor a column wider than its content; the column
// that names the rows is always there; everything is shown whole when it
// fits; a low-value column is shown only once free text is whole; and one
// more column of width never shows less (every column shown stays, at
// least as wide).
// cases is n random cases, a fifth under -short (the loop people run
// while they work).
func cases(n int) int {
	if testing.Short() {
		return n / 5
	}
	return n
}

func TestFitProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var dropped, cut, lowShown int
	for range cases(5_000) {
		cols, natural, opt := randomTable(r)
		var prev Layout
		for w := 1; w <= 200; w++ {
			opt.Width = w
			lay := Fit(cols, natural, opt)
			fail := func(why string) {
				t.Helper()
				t.Fatalf("Fit(%+v, %v, %+v) = %+v: %s (at width %d: %+v)", cols, natural, opt, lay, why, w-1, prev)
			}
			avail := max(w-opt.Indent, 0)
			if spread(lay, opt.Gap) > avail && len(lay.Cols) > 0 {
				fail("wider than the width")
			}
			if len(cols) > 0 && len(lay.Cols) == 0 {
				fail("no column at all")
			}
			whole, text := true, true
			for k, i := range lay.Cols {
				if lay.Widths[k] > natural[i] {
					fail("wider than its content")
				}
				if lay.Widths[k] < natural[i] {
					whole = false
					text = text && !(cols[i].Flex && cols[i].Keep >= LowValue)
				}
			}
			total := opt.Gap * max(len(cols)-1, 0)
			for _, n := range natural {
				total += n
			}
			if total <= avail && (len(lay.Cols) != len(cols) || !whole) {
				fail("everything fits, but something is left out or cut")
			}
			for _, i := range lay.Cols {
				if cols[i].Keep < LowValue && !text && slices.ContainsFunc(lay.Cols, func(j int) bool { return cols[j].Keep >= LowValue }) {
					fail("a low-value column is shown while free text is cut")
				}
				if cols[i].Keep < LowValue {
					lowShown++
				}
			}
			for k, i := range prev.Cols {
				at := slices.Index(lay.Cols, i)
				if at < 0 {
					fail("a column shown one column narrower is gone")
				}
				if lay.Widths[at] < prev.Widths[k] {
					fail("a column is narrower than one column narrower")
				}
			}
			if len(lay.Cols) < len(cols) {
				dropped++
			}
			if !whole {
				cut++
			}
			prev = lay
		}
	}
	// The generator must reach every branch, or this test proves little.
	t.Logf("%d layouts with columns dropped, %d with some cut, %d low-value columns shown", dropped, cut, lowShown)
	if dropped < 1000 || cut < 1000 || lowShown < 1000 {
		t.Error("weak generator: some branch of Fit is barely reached")
	}
}

// manyColumns is a record with n flat keys rendered as a table row: an
// essential id, then keys of the kinds a record holds (text, numbers,
// flags, lists), so many columns share a Keep. Natural widths are 5–30.
func manyColumns(n int) ([]Column, []int) {
	cols := make([]Column, n)
	natural := make([]int, n)
	x := uint32(1)
	for i := range cols {
		x = x*1664525 + 1013904223
		natural[i] = 5 + int(x>>16)%26
		switch {
		case i == 0:
			cols[i] = Column{Header: "ID", Keep: Essential}
		case i%4 == 0:
			cols[i] = Column{Keep: 45, Flex: true, Min: 10}
		case i%4 == 1:
			cols[i] = Column{Keep: 40, Align: Right}
		case i%4 == 2:
			cols[i] = Column{Keep: 40}
		default:
			cols[i] = Column{Keep: 30, Flex: true, Min: 8}
		}
	}
	return cols, natural
}

func BenchmarkFitManyColumns(b *testing.B) {
	cols, natural := manyColumns(60_000)
	opt := Options{Width: 120, Gap: 2, Ellipsis: "…"}
	b.ReportAllocs()
	for b.Loop() {
		Fit(cols, natural, opt)
	}
}

func TestFitNeverExceedsTheWidth(t *testing.T) {
	natural := []int{8, 8, 60, 10, 9}
	// ID and TITLE are essential. The first column has its width first
	// (cut to the room, if that is less); TITLE joins as a sliver once
	// there is room for it and a gap, and grows from there.
	for _, tt := range []struct {
		width, indent int
		cols          string
		widths        []int
	}{
		{24, 0, "ID TITLE", []int{8, 14}},
		{11, 0, "ID TITLE", []int{8, 1}},
		{10, 0, "ID", []int{8}},
		{6, 0, "ID", []int{6}},
		{5, 0, "ID", []int{5}},
		{3, 0, "ID", []int{3}},
		{2, 0, "ID", []int{2}},
		{1, 0, "ID", []int{1}},
		{8, 4, "ID", []int{4}},
		{4, 4, "ID", []int{0}},
		{2, 4, "ID", []int{0}},
	} {
		lay := Fit(taskCols, natural, Options{Width: tt.width, Indent: tt.indent, Gap: 2})
		if got := headers(lay); got != tt.cols || !slices.Equal(lay.Widths, tt.widths) {
			t.Errorf("width %d indent %d: %q %v, want %q %v", tt.width, tt.indent, got, lay.Widths, tt.cols, tt.widths)
		}
	}
}

// TestHeaderFitsEveryWidth renders only a header, at every width from 1:
// the header line is never wider than the width, and at a few widths it is
// exactly what the rule gives.
func TestHeaderFitsEveryWidth(t *testing.T) {
	cols := []Column{
		{Header: "IDENTIFIER", Keep: Essential},
		{Header: "STATUS", Keep: 95},
		{Header: "TITLE OF THE TASK", Keep: Essential, Flex: true, Min: 20},
		{Header: "漢字のヘッダー", Keep: Essential},
	}
	exact := map[int]string{
		1:  "…",
		4:  "IDE…",
		10: "IDENTIFIER",             // the first column has its width first
		20: "IDENTIFIER  TI…  漢…",    // the other essentials at their floors, grown evenly
		24: "IDENTIFIER  TITL…  漢字…", // STATUS waits for the essentials to be whole
		60: "IDENTIFIER  STATUS  TITLE OF THE TASK  漢字のヘッダー",
	}
	for w := 1; w <= 60; w++ {
		var sb strings.Builder
		if err := Render(&sb, cols, nil, Options{Width: w, Gap: 2, Ellipsis: "…"}); err != nil {
			t.Fatal(err)
		}
		line := strings.TrimSuffix(sb.String(), "\n")
		if strings.Contains(line, "\n") {
			t.Fatalf("width %d: more than a header: %q", w, sb.String())
		}
		if Width(line) > w {
			t.Errorf("width %d: header %q is %d wide", w, line, Width(line))
		}
		if want, ok := exact[w]; ok && line != want {
			t.Errorf("width %d: header %q, want %q", w, line, want)
		}
	}
}

// TestWriterCutsLaterRowsToTheWidth: the layout comes from the first rows,
// even at a width where essential columns had to go; a later, longer row is
// cut to it. Without a width limit nothing is cut.
func TestWriterCutsLaterRowsToTheWidth(t *testing.T) {
	cols := []Column{{Header: "ID", Keep: Essential}, {Header: "TITLE", Keep: Essential, Flex: true, Min: 5}, {Header: "N", Keep: 40}}
	first := [][]Cell{{{Text: "a1"}, {Text: "short"}, {Text: "1"}}}
	later := []Cell{{Text: "identifier-that-is-long"}, {Text: "a much longer title than before"}, {Text: "12345"}}
	for _, tt := range []struct {
		width int
		want  string
	}{
		{0, "ID  TITLE  N\na1  short  1\nidentifier-that-is-long  a much longer title than before  12345\n"},
		{14, "ID  TITLE  N\na1  short  1\ni…  a mu…  …\n"},
		{9, "ID  TITLE\na1  short\ni…  a mu…\n"},
		{6, "ID  T…\na1  s…\ni…  a…\n"},
		{4, "ID\na1\ni…\n"},
		{1, "…\n…\n…\n"},
	} {
		var sb strings.Builder
		tw, err := NewWriter(&sb, cols, first, Options{Width: tt.width, Gap: 2, Ellipsis: "…"})
		if err != nil {
			t.Fatal(err)
		}
		if err := tw.Row(later); err != nil {
			t.Fatal(err)
		}
		if sb.String() != tt.want {
			t.Errorf("width %d: got\n%s\nwant\n%s", tt.width, sb.String(), tt.want)
		}
		for _, line := range strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n") {
			if tt.width > 0 && Width(line) > tt.width {
				t.Errorf("width %d: %q is %d wide", tt.width, line, Width(line))
			}
		}
	}
}

func TestLayoutHidden(t *testing.T) {
	natural := []int{8, 8, 60, 10, 9}
	lay := Fit(taskCols, natural, Options{Width: 60, Gap: 2})
	if got := lay.Hidden(len(taskCols)); !slices.Equal(got, []int{4}) {
		t.Errorf("hidden at 60 = %v, want [4] (NAMESPACE)", got)
	}
	lay = Fit(taskCols, natural, Options{Width: 24, Gap: 2})
	if got := lay.Hidden(len(taskCols)); !slices.Equal(got, []int{1, 3, 4}) {
		t.Errorf("hidden at 24 = %v, want [1 3 4]", got)
	}
	lay = Fit(taskCols, natural, Options{Width: 200, Gap: 2})
	if got := lay.Hidden(len(taskCols)); len(got) != 0 {
		t.Errorf("hidden at 200 = %v, want none", got)
	}
	// Random layouts: shown and hidden partition the columns, each in order.
	r := rand.New(rand.NewPCG(3, 4))
	for range 10_000 {
		cols, natural, opt := randomTable(r)
		lay := Fit(cols, natural, opt)
		hidden := lay.Hidden(len(cols))
		all := append(slices.Clone(lay.Cols), hidden...)
		slices.Sort(all)
		if !slices.IsSorted(hidden) || len(all) != len(cols) || (len(all) > 0 && (all[0] != 0 || all[len(all)-1] != len(cols)-1)) || len(slices.Compact(all)) != len(cols) {
			t.Fatalf("cols %v hidden %v of %d", lay.Cols, hidden, len(cols))
		}
	}
}

func TestWriterLayout(t *testing.T) {
	var sb strings.Builder
	tw, err := NewWriter(&sb, taskCols, [][]Cell{{{Text: "41f60be0"}, {Text: "▶ next"}, {Text: strings.Repeat("x", 60)}, {Text: "agent:core"}, {Text: "khive"}}}, Options{Width: 60, Gap: 2})
	if err != nil {
		t.Fatal(err)
	}
	lay := tw.Layout()
	if got := headers(lay); got != "ID STATUS TITLE ASSIGNEE" {
		t.Errorf("columns %q", got)
	}
	if got := lay.Hidden(len(taskCols)); !slices.Equal(got, []int{4}) {
		t.Errorf("hidden %v", got)
	}
	// The Writer's layout is its own: changing the copy changes no row.
	lay.Widths[0] = 1
	if tw.Layout().Widths[0] != 8 {
		t.Error("Layout shares its slices with the Writer")
	}
}

// TestWiderNeverShowsLess: a table of random rows, written at every width:
// a cell (or header) shown whole at one width is shown whole at every
// width above it, though the room a layout leaves unused goes to the text
// it cuts.
func TestWiderNeverShowsLess(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	grew := 0
	for range cases(2_000) {
		cols, _, opt := randomTable(r)
		rows := make([][]Cell, 1+r.IntN(5))
		for k := range rows {
			rows[k] = make([]Cell, len(cols))
			for i := range cols {
				rows[k][i] = Cell{Text: strings.Repeat("x", r.IntN(60))}
			}
		}
		whole := func(w int) (map[[2]int]bool, Layout) {
			opt.Width = w
			tw, err := NewWriter(io.Discard, cols, rows, opt)
			if err != nil {
				t.Fatal(err)
			}
			lay := tw.Layout()
			out := map[[2]int]bool{}
			for k, i := range lay.Cols {
				for n, row := range rows {
					if Width(row[i].Text) <= lay.Widths[k] {
						out[[2]int{n, i}] = true
					}
				}
			}
			return out, lay
		}
		prev, prevLay := whole(1)
		for w := 2; w <= 160; w++ {
			now, lay := whole(w)
			for cell := range prev {
				if !now[cell] {
					t.Fatalf("cols %+v rows %v indent %d gap %d: row %d column %d whole at width %d (%+v), cut at %d (%+v)",
						cols, rows, opt.Indent, opt.Gap, cell[0], cell[1], w-1, prevLay, w, lay)
				}
			}
			if len(lay.Cols) > 0 && linesWidth(lay.Widths, opt.Gap) > max(w-opt.Indent, 0) {
				t.Fatalf("layout %+v is wider than %d", lay, w)
			}
			if !slices.Equal(lay.Widths, Fit(cols, naturalOf(cols, rows), opt).Widths) {
				grew++
			}
			prev, prevLay = now, lay
		}
	}
	if grew < 1000 {
		t.Errorf("weak test: the unused room went to cut text only %d times", grew)
	}
}

func naturalOf(cols []Column, rows [][]Cell) []int {
	natural := make([]int, len(cols))
	for i, c := range cols {
		natural[i] = Width(c.Header)
		for _, row := range rows {
			natural[i] = max(natural[i], Width(row[i].Text))
		}
	}
	return natural
}
