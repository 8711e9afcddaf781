package human

import (
	"bufio"
	"strconv"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/render/lines"
	"github.com/khive-ai/khive-pretty/internal/view"
	"github.com/khive-ai/khive-pretty/table"
)

// render writes blocks at a width, without colour.
func render(t *testing.T, width int, g glyphs.Set, blocks ...view.Block) string {
	t.Helper()
	var b strings.Builder
	w := bufio.NewWriter(&b)
	o := lines.New(w, width, g.Ellipsis, nil)
	if err := New(o, Options{Width: width, Glyphs: g}).Doc(view.Doc{Blocks: blocks}); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	return b.String()
}

// A tab moves on to the next multiple of 8 columns, counted as the text
// is shown: a wide character takes two, an escape its own width.
func TestUntab(t *testing.T) {
	for in, want := range map[string]string{
		"a\tb":       "a       b",
		"\tx":        "        x",
		"12345678\t": "12345678        ",
		"漢字\tx":      "漢字    x",
		"\x1b\tx":    `\x1b    x`,
		"no tabs":    "no tabs",
	} {
		if got := Untab(in, 0); got != want {
			t.Errorf("Untab(%q) = %q, want %q", in, got, want)
		}
	}
}

// A document's lines wrap at the width, hanging under where they start;
// none is cut.
func TestDocumentWrapsItsLines(t *testing.T) {
	text := "  " + strings.Repeat("word ", 12) + "end\n\tdeep"
	out := render(t, 24, glyphs.Unicode(), view.Document{Title: "/a/very/long/path/to/a/file.txt", Fields: []string{"12 B"}, Text: text})
	for _, ln := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if table.Width(ln) > 24 {
			t.Errorf("%q is wider than 24", ln)
		}
	}
	if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, strings.Join(strings.Fields(text), " ")) ||
		!strings.Contains(strings.ReplaceAll(out, "\n", ""), "/a/very/long/path/to/a/file.txt") {
		t.Errorf("something was cut:\n%s", out)
	}
	if !strings.Contains(out, "\n        deep\n") {
		t.Errorf("the tab is not expanded:\n%s", out)
	}
}

// A tree draws its lines with the set's glyphs, directories with a "/",
// sizes in a right-aligned column; a name too long is cut, not its size.
func TestTreeLines(t *testing.T) {
	tree := view.Tree{Heading: "Files", Nodes: []view.TreeNode{
		{Name: "src", Dir: true, Children: []view.TreeNode{
			{Name: "a.go", Size: "1 B"},
			{Name: "pkg", Dir: true, Children: []view.TreeNode{{Name: "b.go", Size: "1.50 KB"}}},
		}},
		{Name: "README.md", Size: "12 B"},
	}}
	for _, tt := range []struct {
		width int
		g     glyphs.Set
		want  string
	}{
		{80, glyphs.ASCII(), "Files\n" +
			"src/\n" +
			"|-- a.go          1 B\n" +
			"`-- pkg/\n" +
			"    `-- b.go  1.50 KB\n" +
			"README.md        12 B\n"},
		{20, glyphs.Unicode(), "Files\n" +
			"src/\n" +
			"├── a.go         1 B\n" +
			"└── pkg/\n" +
			"    └── b.…  1.50 KB\n" +
			"README.md       12 B\n"},
	} {
		if got := render(t, tt.width, tt.g, tree); got != tt.want {
			t.Errorf("at %d columns:\n%s\nwant:\n%s", tt.width, got, tt.want)
		}
	}
}

// A record inside a record shows at most 24 fields whole; past that its
// first 12 and how many more, held or streamed alike. A list by index is
// shown whole.
func TestLongNestedRecordShowsItsFirstFields(t *testing.T) {
	fields := func(n int, key func(int) string) []view.Field {
		var fs []view.Field
		for i := range n {
			fs = append(fs, view.Field{Key: key(i), Cell: view.Cell{Kind: view.Text, Text: "v" + strconv.Itoa(i)}})
		}
		return fs
	}
	name := func(i int) string { return "k" + strconv.Itoa(i) }
	outer := func(inner view.Record) view.Record {
		return view.Record{Fields: []view.Field{{Key: "time", Block: inner}, {Key: "after", Cell: view.Cell{Kind: view.Text, Text: "shown"}}}}
	}
	held := render(t, 80, glyphs.Unicode(), outer(view.Record{Fields: fields(30, name)}))
	if !strings.Contains(held, "  k11  v11\n  … 18 more fields (-v)\nafter  shown\n") || strings.Contains(held, "k12") {
		t.Errorf("held:\n%s", held)
	}
	rest := fields(30, name)[5:]
	streamed := render(t, 80, glyphs.Unicode(), outer(view.Record{Fields: fields(5, name), Measured: 5, Stream: func() (view.Field, bool, error) {
		if len(rest) == 0 {
			return view.Field{}, false, nil
		}
		f := rest[0]
		rest = rest[1:]
		return f, true, nil
	}}))
	if streamed != held {
		t.Errorf("streamed:\n%s\nheld:\n%s", streamed, held)
	}
	if got := render(t, 80, glyphs.Unicode(), outer(view.Record{Fields: fields(24, name)})); strings.Contains(got, "more field") {
		t.Errorf("24 fields were cut:\n%s", got)
	}
	index := func(i int) string { return "[" + strconv.Itoa(i) + "]" }
	if got := render(t, 80, glyphs.Unicode(), outer(view.Record{Fields: fields(30, index)})); strings.Contains(got, "more field") || !strings.Contains(got, "[29]") {
		t.Errorf("a list by index was cut:\n%s", got)
	}
}
