package table

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestWidthAndCut(t *testing.T) {
	tests := []struct {
		in   string
		w    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"a long title here", 10, "a long ti…"},
		{"漢字漢字漢字", 6, "漢字漢字漢字"[:6] + "…"}, // 2 wide chars + … = 5 columns: the third would straddle
		{"漢字漢字漢字", 7, "漢字漢…"},
		{"emoji 🎉🎉🎉 party", 9, "emoji 🎉…"},
		{"abc", 1, "…"},
		{"abc", 0, ""},
	}
	for _, tt := range tests {
		got := Cut(tt.in, tt.w, "…")
		if got != tt.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", tt.in, tt.w, got, tt.want)
		}
		if Width(got) > tt.w {
			t.Errorf("Cut(%q, %d) is %d wide", tt.in, tt.w, Width(got))
		}
	}
	if Width("漢字") != 4 || Width("abc") != 3 || Width("✓ done") != 6 {
		t.Error("Width is wrong for wide, ASCII or symbol text")
	}
	if got := Cut("abcdef", 4, "..."); got != "a..." {
		t.Errorf("multi-char tail: %q", got)
	}
	if got := Cut("abcdef", 2, "..."); got != "ab" {
		t.Errorf("tail wider than room should be dropped: %q", got)
	}
}

var taskCols = []Column{
	{Header: "ID", Keep: Essential},
	{Header: "STATUS", Keep: 95},
	{Header: "TITLE", Keep: Essential, Flex: true, Min: 20},
	{Header: "ASSIGNEE", Keep: 70},
	{Header: "NAMESPACE", Keep: 30},
}

func TestFitKeepsEverythingWhenWide(t *testing.T) {
	natural := []int{8, 8, 40, 10, 10}
	lay := Fit(taskCols, natural, Options{Width: 200, Gap: 2})
	if len(lay.Cols) != 5 || lay.Widths[2] != 40 {
		t.Errorf("got %+v", lay)
	}
}

func TestFitTextBeforeLowValueColumns(t *testing.T) {
	natural := []int{8, 8, 60, 10, 9}
	// 8+8+60+10+9 + 4*2 = 103 in 80: NAMESPACE, of low value, waits for
	// the title to be whole, which it is not: the title gets the 48 left.
	lay := Fit(taskCols, natural, Options{Width: 80, Gap: 2})
	if got := headers(lay); got != "ID STATUS TITLE ASSIGNEE" || lay.Widths[2] != 48 {
		t.Errorf("columns %q widths %v, want the title 48 wide and no NAMESPACE", got, lay.Widths)
	}
}

func TestFitDropsLowValueColumnsBeforeTitleBecomesUnreadable(t *testing.T) {
	natural := []int{8, 8, 60, 10, 9}
	// At 60: all columns at minimum = 8+8+20+10+9+8 = 63 > 60, so NAMESPACE
	// (lowest Keep) drops; 8+8+20+10+6 = 52 fits, title gets 60-(8+8+10+6) = 28.
	lay := Fit(taskCols, natural, Options{Width: 60, Gap: 2})
	got := headers(lay)
	if got != "ID STATUS TITLE ASSIGNEE" {
		t.Fatalf("columns = %q", got)
	}
	if lay.Widths[2] != 28 {
		t.Errorf("title width = %d, want 28", lay.Widths[2])
	}
}

func TestFitNarrowKeepsEssentialsAndCutsTitleLast(t *testing.T) {
	natural := []int{8, 8, 60, 10, 9}
	lay := Fit(taskCols, natural, Options{Width: 24, Gap: 2})
	if got := headers(lay); got != "ID TITLE" {
		t.Fatalf("columns = %q", got)
	}
	if lay.Widths[0]+2+lay.Widths[1] != 24 {
		t.Errorf("widths %v do not fill 24", lay.Widths)
	}
}

func TestFitTwoFlexColumnsShareTheCut(t *testing.T) {
	cols := []Column{{Header: "A", Flex: true, Min: 5, Keep: Essential}, {Header: "B", Flex: true, Min: 5, Keep: Essential}}
	lay := Fit(cols, []int{50, 30}, Options{Width: 42, Gap: 2})
	// 40 columns for both: the wider comes down first, then both share.
	if lay.Widths[0]+lay.Widths[1] != 40 || lay.Widths[0] != 20 || lay.Widths[1] != 20 {
		t.Errorf("widths = %v, want [20 20]", lay.Widths)
	}
	lay = Fit(cols, []int{50, 10}, Options{Width: 42, Gap: 2})
	if lay.Widths[0] != 30 || lay.Widths[1] != 10 {
		t.Errorf("widths = %v, want [30 10]: the narrow one keeps its natural width", lay.Widths)
	}
}

func TestFitHugeTextIsFast(t *testing.T) {
	cols := []Column{{Header: "ID", Keep: Essential}, {Header: "TEXT", Flex: true, Min: 10, Keep: Essential}}
	lay := Fit(cols, []int{8, 50_000_000}, Options{Width: 80, Gap: 2})
	if lay.Widths[1] != 70 {
		t.Errorf("widths = %v", lay.Widths)
	}
}

func headers(lay Layout) string {
	var hs []string
	for _, i := range lay.Cols {
		hs = append(hs, taskCols[i].Header)
	}
	return strings.Join(hs, " ")
}

func TestRenderAlignsWideCharacters(t *testing.T) {
	cols := []Column{
		{Header: "ID", Keep: Essential},
		{Header: "TITLE", Keep: Essential, Flex: true, Min: 6},
		{Header: "N", Align: Right, Keep: 80},
	}
	rows := [][]Cell{
		{{Text: "a1"}, {Text: "漢字のタイトルはとても長い"}, {Text: "7"}},
		{{Text: "b2"}, {Text: "plain title that is long"}, {Text: "123"}},
		{{Text: "c3"}, {Text: "🎉 party"}, {Text: ""}},
	}
	var sb strings.Builder
	if err := Render(&sb, cols, rows, Options{Width: 20, Gap: 2, Ellipsis: "…"}); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"ID  TITLE          N\n" +
		"a1  漢字のタイ…    7\n" +
		"b2  plain titl…  123\n" +
		"c3  🎉 party\n"
	if sb.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", sb.String(), want)
	}
	for i, line := range strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n") {
		if Width(line) > 20 {
			t.Errorf("line %d is %d wide: %q", i, Width(line), line)
		}
	}
}

func TestRenderIndentAndNoLimit(t *testing.T) {
	cols := []Column{{Header: "K"}, {Header: "VALUE", Flex: true, Min: 3}}
	rows := [][]Cell{{{Text: "a"}, {Text: strings.Repeat("x", 100)}}}
	var sb strings.Builder
	if err := Render(&sb, cols, rows, Options{Indent: 2, Gap: 2, Ellipsis: "…", NoHeader: true}); err != nil {
		t.Fatal(err)
	}
	if want := "  a  " + strings.Repeat("x", 100) + "\n"; sb.String() != want {
		t.Errorf("got %q", sb.String())
	}
}

func TestFitLowValueColumnsMakeRoomForWantedWidth(t *testing.T) {
	cols := []Column{
		{Header: "ID", Keep: Essential},
		{Header: "TITLE", Keep: Essential, Flex: true, Min: 20, Want: 40},
		{Header: "SCORE", Keep: 80},
		{Header: "RANK", Keep: 45},
	}
	// 8+2+60+2+6+2+6 = 86 > 60. Minimums fit (8+20+6+6+6 = 46), so nothing
	// must drop; but the title would get 34 < 40, so RANK (low value) goes.
	lay := Fit(cols, []int{8, 60, 6, 6}, Options{Width: 60, Gap: 2})
	var got []string
	for _, i := range lay.Cols {
		got = append(got, cols[i].Header)
	}
	if strings.Join(got, " ") != "ID TITLE SCORE" || lay.Widths[1] != 42 {
		t.Errorf("columns %v widths %v", got, lay.Widths)
	}
	// SCORE is not low value: it stays even though the title is below Want.
	lay = Fit(cols, []int{8, 60, 6, 6}, Options{Width: 50, Gap: 2})
	if len(lay.Cols) != 3 || lay.Widths[1] != 32 {
		t.Errorf("widths %v cols %v", lay.Widths, lay.Cols)
	}
}

func TestFitLessValuableTextWaits(t *testing.T) {
	cols := []Column{
		{Header: "TITLE", Keep: Essential, Flex: true, Min: 20},
		{Header: "NOTES", Keep: 40, Flex: true, Min: 10},
	}
	// 50+2+50 = 102 in 70: TITLE is whole first; NOTES gets the 18 left.
	lay := Fit(cols, []int{50, 50}, Options{Width: 70, Gap: 2})
	if lay.Widths[0] != 50 || lay.Widths[1] != 18 {
		t.Errorf("widths = %v, want [50 18]", lay.Widths)
	}
	// In 50, TITLE takes it all: NOTES is not cut into TITLE's room.
	lay = Fit(cols, []int{50, 50}, Options{Width: 50, Gap: 2})
	if !slices.Equal(lay.Cols, []int{0}) || lay.Widths[0] != 50 {
		t.Errorf("layout = %+v, want TITLE alone, 50 wide", lay)
	}
}

func BenchmarkRender(b *testing.B) {
	cols := []Column{
		{Header: "ID", Keep: Essential}, {Header: "STATUS", Keep: 95},
		{Header: "TITLE", Keep: Essential, Flex: true, Min: 20, Want: 40}, {Header: "UPDATED", Keep: 72},
	}
	rows := make([][]Cell, 5000)
	for i := range rows {
		rows[i] = []Cell{{Text: "41f60be0"}, {Text: "▶ next"}, {Text: "Wire the recall pipeline into the daemon and measure p99 latency"}, {Text: "5h ago"}}
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := Render(io.Discard, cols, rows, Options{Width: 80, Gap: 2, Ellipsis: "…"}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestWriterStreamsRowsToTheFirstRowsLayout(t *testing.T) {
	cols := []Column{{Header: "ID", Keep: Essential}, {Header: "TITLE", Keep: Essential, Flex: true, Min: 5}}
	var sb strings.Builder
	tw, err := NewWriter(&sb, cols, [][]Cell{{{Text: "a1"}, {Text: "short"}}}, Options{Width: 20, Gap: 2, Ellipsis: "…"})
	if err != nil {
		t.Fatal(err)
	}
	// A later row wider than the first ones is cut to the width: its last
	// column has the rest of the line, whatever the first rows left it.
	if err := tw.Row([]Cell{{Text: "b2"}, {Text: "a much longer title than before"}}); err != nil {
		t.Fatal(err)
	}
	want := "ID  TITLE\na1  short\nb2  a much longer t…\n"
	if sb.String() != want {
		t.Errorf("got %q, want %q", sb.String(), want)
	}
}

// A streamed cell wider than its column that is not free text (an ID, a
// count one digit longer than the first rows') is whole while the line
// has room: it takes the gap after it down to one space, so the columns
// after it stay in place, or else moves them on by a whole gap. A line
// that would not fit is cut to the layout, free text as before; free
// text in the last column takes the rest of the line.
func TestWriterStreamedCellWiderThanItsColumnIsWholeWhileTheLineHasRoom(t *testing.T) {
	cols := []Column{{Header: "ID", Keep: Essential}, {Header: "ST"}, {Header: "N", Align: Right}, {Header: "TITLE", Flex: true, Min: 3}}
	first := [][]Cell{{{Text: "r999"}, {Text: "v0"}, {Text: "999"}, {Text: "tiny"}}}
	for _, tt := range []struct {
		name  string
		width int
		row   []Cell
		want  string
	}{
		{"one digit more", 40, []Cell{{Text: "r1000"}, {Text: "v1"}, {Text: "1000"}, {Text: "tiny"}}, "r1000 v1 1000  tiny"},
		{"much longer", 40, []Cell{{Text: "r10000000"}, {Text: "v1"}, {Text: "1"}, {Text: "tiny"}}, "r10000000  v1  1  tiny"},
		{"free text last: the rest of the line", 40, []Cell{{Text: "r1000"}, {Text: "v1"}, {Text: "1"}, {Text: "a longer title"}}, "r1000 v1    1  a longer title"},
		{"free text last, cut at the width", 24, []Cell{{Text: "r1000"}, {Text: "v1"}, {Text: "1"}, {Text: "a longer title"}}, "r1000 v1    1  a longer…"},
		{"a number last keeps its place", 40, []Cell{{Text: "r1"}, {Text: "v1"}, {Text: "123456789012"}}, "r1    v1  123456789012"},
		{"no room: cut to the layout", 18, []Cell{{Text: "r1000000"}, {Text: "v1"}, {Text: "1"}, {Text: "tiny"}}, "r10…  v1    1  ti…"},
		{"no width limit", 0, []Cell{{Text: "r1000"}, {Text: "v1"}, {Text: "1000"}, {Text: "a longer title"}}, "r1000 v1 1000  a longer title"},
	} {
		if got, above := streamedLine(t, cols, first, tt.width, tt.row); got != tt.want {
			t.Errorf("%s: got\n%s\nwant\n%s\nunder\n%s", tt.name, got, tt.want, above)
		}
	}
}

// streamedLine is the line a table laid out on first writes for a row
// after them, and the lines before it.
func streamedLine(t *testing.T, cols []Column, first [][]Cell, width int, row []Cell) (line, above string) {
	t.Helper()
	var sb strings.Builder
	tw, err := NewWriter(&sb, cols, first, Options{Width: width, Gap: 2, Ellipsis: "…"})
	if err != nil {
		t.Fatal(err)
	}
	if err := tw.Row(row); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	return lines[len(lines)-1], strings.Join(lines[:len(lines)-1], "\n")
}

// An empty cell holds no place of a streamed row's line: a wider cell
// before it is whole if the text fits, and the cell after an empty one
// keeps its column.
func TestWriterEmptyCellHoldsNoPlace(t *testing.T) {
	cols := []Column{{Header: "ID", Keep: Essential}, {Header: "STATUS"}, {Header: "PRIORITY"}}
	for _, tt := range []struct {
		row  []Cell
		want string
	}{
		{[]Cell{{Text: "r100000000000"}, {Text: "✓ done"}, {}}, "r100000000000  ✓ done"},
		{[]Cell{{Text: "r1000000"}, {}, {Text: "p2"}}, "r1000000      p2"},
	} {
		if got, _ := streamedLine(t, cols, [][]Cell{{{Text: "r999"}, {Text: "✓ done"}, {Text: "p1"}}}, 22, tt.row); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

// A right-aligned first column's wider cell does not go into the indent.
func TestWriterWiderCellKeepsTheIndent(t *testing.T) {
	cols := []Column{{Header: "N", Align: Right}, {Header: "X"}}
	var sb strings.Builder
	tw, err := NewWriter(&sb, cols, [][]Cell{{{Text: "9"}, {Text: "a"}}}, Options{Width: 20, Indent: 2, Gap: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := tw.Row([]Cell{{Text: "1000"}, {Text: "b"}}); err != nil {
		t.Fatal(err)
	}
	if want := "  N  X\n  9  a\n  1000  b\n"; sb.String() != want {
		t.Errorf("got %q, want %q", sb.String(), want)
	}
}

func TestWriterWithoutWidthLimitNeverCuts(t *testing.T) {
	cols := []Column{{Header: "ID", Keep: Essential}, {Header: "TITLE", Keep: Essential, Flex: true, Min: 5}, {Header: "N"}}
	var sb strings.Builder
	tw, err := NewWriter(&sb, cols, [][]Cell{{{Text: "a1"}, {Text: "short"}, {Text: "1"}}}, Options{Gap: 2, Ellipsis: "…"})
	if err != nil {
		t.Fatal(err)
	}
	if err := tw.Row([]Cell{{Text: "b2"}, {Text: "a much longer title"}, {Text: "2"}}); err != nil {
		t.Fatal(err)
	}
	if want := "b2  a much longer title  2\n"; !strings.HasSuffix(sb.String(), want) {
		t.Errorf("got %q", sb.String())
	}
}

func TestCutWords(t *testing.T) {
	for _, tt := range []struct {
		in   string
		w    int
		want string
	}{
		{"Temporal knowledge graph framework for agents", 100, "Temporal knowledge graph framework for agents"},
		{"Temporal knowledge graph framework for agents", 30, "Temporal knowledge graph…"},
		{"Temporal knowledge graph framework for agents", 26, "Temporal knowledge graph…"},
		{"Temporal knowledge graph framework for agents", 25, "Temporal knowledge graph…"},
		{"Temporal knowledge graph framework for agents", 24, "Temporal knowledge…"},
		{"Supercalifragilisticexpialidocious", 10, "Supercali…"},
	} {
		got := CutWords(tt.in, tt.w, "…")
		if got != tt.want || Width(got) > tt.w {
			t.Errorf("CutWords(%q, %d) = %q, want %q", tt.in, tt.w, got, tt.want)
		}
	}
}

// CutWidth's width is the width of what it returns, measured.
func TestCutWidthMeasures(t *testing.T) {
	for _, s := range []string{"", "short", "a longer plain text to cut", "漢字のテキストを切る", "mixed 漢字 and ascii text", "e\u0301\u0301 combining"} {
		for w := 0; w < 12; w++ {
			for _, tail := range []string{"…", "...", ""} {
				cut, cw := CutWidth(s, w, tail)
				if cut != Cut(s, w, tail) || cw != Width(cut) {
					t.Errorf("CutWidth(%q, %d, %q) = %q, %d; Cut %q, Width %d", s, w, tail, cut, cw, Cut(s, w, tail), Width(cut))
				}
			}
		}
	}
}

// Width measures the ASCII before a text's first other character by its
// length: the same as measuring it all, whatever follows (combining marks,
// wide characters, emoji sequences, escape sequences).
func TestWidthIsStringWidth(t *testing.T) {
	parts := []string{"a", "ab ", "e\u0301", "\u0301", "漢", "😀", "👩\u200d💻", "🇫🇷", "\x1b[1m", "\x1b[0m", "·", "\u200b", " "}
	for i := 0; i < 2000; i++ {
		var b strings.Builder
		for j := 0; j < 1+i%7; j++ {
			b.WriteString(parts[(i*7+j*13+i/7)%len(parts)])
		}
		s := b.String()
		if got, want := Width(s), ansi.StringWidth(s); got != want {
			t.Fatalf("Width(%q) = %d, ansi.StringWidth = %d", s, got, want)
		}
	}
}

// Cut returns a text that fits as it is without measuring it; it is what
// CutWidth returns, for every width. CutStartWidth keeps a text's end
// within the width, its head before it when it cut, and measures what it
// returns, wide characters and all.
func TestCutIsCutWidth(t *testing.T) {
	parts := []string{"a", "ab ", "e\u0301", "漢", "😀", "👩\u200d💻", "·", "…", " ", "b/"}
	for i := 0; i < 3000; i++ {
		var b strings.Builder
		for j := 0; j < i%9; j++ {
			b.WriteString(parts[(i*5+j*11+i/9)%len(parts)])
		}
		s, w := b.String(), i%23
		want, _ := CutWidth(s, w, "…")
		if got := Cut(s, w, "…"); got != want {
			t.Fatalf("Cut(%q, %d) = %q, CutWidth gives %q", s, w, got, want)
		}
		got, gw := CutStartWidth(s, w, "…")
		switch {
		case gw != Width(got) || gw > w:
			t.Fatalf("CutStartWidth(%q, %d) = %q, %d: measured %d", s, w, got, gw, Width(got))
		case Width(s) <= w && got != s:
			t.Fatalf("CutStartWidth(%q, %d) = %q: it fits", s, w, got)
		case Width(s) > w && w > 1 && !strings.HasSuffix(s, strings.TrimPrefix(got, "…")):
			t.Fatalf("CutStartWidth(%q, %d) = %q: not its end", s, w, got)
		}
	}
}

// A path cut at its start keeps its end.
func TestCutStartWidthKeepsTheEnd(t *testing.T) {
	if got, w := CutStartWidth("/root/go/pkg/mod/github.com/x/ansi@v0.11.9", 16, "…"); got != "…/x/ansi@v0.11.9" || w != 16 {
		t.Errorf("got %q, %d", got, w)
	}
}

// A column cut at its start (paths) has its header cut at its end: a
// header reads from its start (…NIFEST PATH was MANIFEST PATH).
func TestCutStartKeepsTheHeadersStart(t *testing.T) {
	var b strings.Builder
	cols := []Column{{Header: "MANIFEST PATH", Flex: true, Min: 12, CutStart: true, Keep: Essential}}
	rows := [][]Cell{{{Text: "/root/.cargo/registry/src/index/serde-1.0.0/Cargo.toml"}}}
	if err := Render(&b, cols, rows, Options{Width: 12, Gap: 2, Ellipsis: "…"}); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); !strings.HasPrefix(got, "MANIFEST PA…\n") || !strings.Contains(got, "…/Cargo.toml") {
		t.Errorf("got\n%s", got)
	}
}
