package human

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/view"
)

func text(s string) view.Cell { return view.Cell{Kind: view.Text, Text: s} }

func foldTable(rows ...[]view.Cell) view.Table {
	return view.Table{
		Columns: []view.Column{
			{Key: "id", Header: "ID", Keep: view.Essential},
			{Key: "title", Header: "TITLE", Keep: view.Essential, Flex: true, Min: 10},
			{Key: "namespace", Header: "NAMESPACE", Keep: 25},
		},
		Rows: rows,
	}
}

// A column with one value on every row of three is said once, under the
// table; with two rows it stays a column; asked for by name, it stays.
func TestConstantColumnIsSaidOnce(t *testing.T) {
	row := func(id, title string) []view.Cell { return []view.Cell{text(id), text(title), text("local")} }
	three := foldTable(row("a", "one"), row("b", "two"), row("c", "three"))
	got := render(t, 80, glyphs.Unicode(), three)
	if want := "ID  TITLE\na   one\nb   two\nc   three\nall: namespace local\n"; got != want {
		t.Errorf("three rows:\n%s\nwant\n%s", got, want)
	}
	two := foldTable(row("a", "one"), row("b", "two"))
	if got := render(t, 80, glyphs.Unicode(), two); !strings.HasPrefix(got, "ID  TITLE  NAMESPACE\n") {
		t.Errorf("two rows:\n%s", got)
	}
	three.Columns[2].Named = true
	if got := render(t, 80, glyphs.Unicode(), three); !strings.HasPrefix(got, "ID  TITLE  NAMESPACE\n") {
		t.Errorf("named column:\n%s", got)
	}
}

// A column equal to an earlier one is shown once and named beside it.
func TestEqualColumnIsShownOnce(t *testing.T) {
	tb := view.Table{Columns: []view.Column{
		{Header: "ID", Keep: view.Essential},
		{Header: "SCORE", Keep: 80, Align: view.Right},
		{Header: "RANK SCORE", Keep: 48, Align: view.Right},
	}}
	for i, s := range []string{"0.5", "0.25", "0.125"} {
		n := view.Cell{Kind: view.Number, Text: s}
		tb.Rows = append(tb.Rows, []view.Cell{text("r" + strconv.Itoa(i)), n, n})
	}
	got := render(t, 80, glyphs.Unicode(), tb)
	if want := "ID  SCORE\nr0  0.5\nr1  0.25\nr2  0.125\nall: rank score = score\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// Rows read after the layout was decided (a streamed table) that differ
// in a column said once say so under the row, and the line under the
// table counts them: "all" of it would be false (it was).
func TestStreamedRowThatDiffersSaysSo(t *testing.T) {
	row := func(id, ns string) []view.Cell { return []view.Cell{text(id), text("title " + id), text(ns)} }
	tb := foldTable(row("a", "local"), row("b", "local"), row("c", "local"))
	later := [][]view.Cell{row("d", "local"), row("e", "team")}
	tb.Stream = func() ([]view.Cell, *view.Record, bool, error) {
		if len(later) == 0 {
			return nil, nil, false, nil
		}
		r := later[0]
		later = later[1:]
		return r, nil, true, nil
	}
	got := render(t, 80, glyphs.Unicode(), tb)
	want := "ID  TITLE\na   title a\nb   title b\nc   title c\nd   title d\ne   title e\n  namespace team\nall: namespace local but 1 row\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// Numbers in a column line up on their decimal points.
func TestNumbersAlignOnThePoint(t *testing.T) {
	tb := view.Table{Columns: []view.Column{{Header: "ID", Keep: view.Essential}, {Header: "SCORE", Keep: 80, Align: view.Right}}}
	for i, s := range []string{"0.0328", "0.032", "12", "-1.5"} {
		tb.Rows = append(tb.Rows, []view.Cell{text("r" + strconv.Itoa(i)), {Kind: view.Score, Text: s}})
	}
	got := render(t, 80, glyphs.Unicode(), tb)
	want := "ID    SCORE\nr0   0.0328\nr1   0.032\nr2  12\nr3  -1.5\n"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// Property: in random tables of three rows or more, a column that shows
// one value on every row is never a column of the table.
func TestConstantColumnsNeverAColumn(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	values := []string{"local", "concept", "rrf", "x", "a longer value here"}
	for range 2_000 {
		ncols, nrows := 2+r.IntN(5), 3+r.IntN(5)
		tb := view.Table{}
		constant := make([]bool, ncols)
		for c := range ncols {
			tb.Columns = append(tb.Columns, view.Column{Header: "C" + strconv.Itoa(c), Keep: 30 + r.IntN(80)})
			constant[c] = c > 0 && r.IntN(2) == 0
		}
		for n := range nrows {
			row := []view.Cell{text("row" + strconv.Itoa(n))}
			for c := 1; c < ncols; c++ {
				v := values[r.IntN(len(values))]
				if constant[c] {
					v = values[c%len(values)]
				}
				row = append(row, text(v))
			}
			tb.Rows = append(tb.Rows, row)
		}
		got := render(t, 200, glyphs.Unicode(), tb)
		header := strings.Fields(strings.SplitN(got, "\n", 2)[0])
		for c := 1; c < ncols; c++ {
			shown := false
			for _, h := range header {
				shown = shown || h == "C"+strconv.Itoa(c)
			}
			if constant[c] && shown {
				t.Fatalf("column C%d has one value on every row, but is a column:\n%s", c, got)
			}
		}
	}
}

// A streamed table's column of whole numbers has room for one more digit
// than its first rows: ids past 999 after the first thousand keep their
// gap and column, where they ate the gap (1000 y), and one more digit
// pushed the rest of their row.
func TestStreamedNumbersHaveRoomForADigitMore(t *testing.T) {
	rows := make([][]view.Cell, 0, 3)
	for _, n := range []string{"7", "98", "999"} {
		rows = append(rows, []view.Cell{{Kind: view.Number, Text: n}, {Kind: view.Text, Text: "x" + n}})
	}
	more := [][]view.Cell{{{Kind: view.Number, Text: "1000"}, {Kind: view.Text, Text: "y"}}}
	tb := view.Table{
		Columns: []view.Column{{Key: "id", Header: "ID", Align: view.Right}, {Key: "t", Header: "T"}},
		Rows:    rows,
		Stream: func() ([]view.Cell, *view.Record, bool, error) {
			if len(more) == 0 {
				return nil, nil, false, nil
			}
			r := more[0]
			more = more[1:]
			return r, nil, true, nil
		},
	}
	got := render(t, 40, glyphs.Unicode(), tb)
	lines := strings.Split(strings.TrimRight(got, "\n"), "\n")
	last := lines[len(lines)-1]
	if strings.Index(last, "y") != strings.Index(lines[1], "x") || !strings.Contains(last, "1000  y") {
		t.Errorf("the row after the first ones is pushed, or squeezed:\n%s", got)
	}
	if testing.Verbose() {
		t.Log("\n" + got)
	}
}
