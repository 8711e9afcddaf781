package pipeline

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"
)

// A list of few large rows (a dense, wide table) is shown as it is read
// once its first rows hold input.StreamValues values, not only after a
// thousand rows: held whole, a thousand rows of two thousand cells took
// 500 MiB. It reads as the held list does, in every output, a row that
// is wider after the first ones included.
func TestDenseListStreamsLikeAHeldOne(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("[")
	rows := short(500, 420) // past the 198 the window holds
	for i := range rows {
		if i > 0 {
			b.WriteString(",\n")
		}
		id := fmt.Sprintf("r%d", i)
		if i == rows-5 {
			id += strings.Repeat("-wide", 6) // past the rows the layout was measured on
		}
		fmt.Fprintf(&b, `{"id": %q`, id)
		for j := range 250 {
			v := fmt.Sprintf("v%d-%d", i, j)
			fmt.Fprintf(&b, `, "k%d": %q`, j, v)
		}
		b.WriteString("}")
	}
	b.WriteString("]")
	doc := b.String()
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	outputs := map[string]Options{
		"plain": {Output: Plain}, "human": {Output: Human, Width: 120, Now: now},
		"markdown": {Output: Markdown}, "tsv": {Output: TSV},
	}
	if testing.Short() {
		delete(outputs, "markdown")
		delete(outputs, "tsv")
	}
	for name, opt := range outputs {
		got, opened := renderOpened(t, doc, opt)
		if !opened {
			t.Errorf("%s: the list was held whole", name)
		}
		if held := heldString(t, doc, opt); got != held {
			t.Errorf("%s: streamed differs from held:\n%s", name, firstDiff(got, held))
		}
	}
}

// A result that is a long list under "result" alone ({"result": [...]},
// how the Go SDK and FastMCP put a result that is no object), bare or in
// a reply's text block, is read as it is shown in human and Markdown
// output, and reads as the held one: held, 200,000 rows took 230 MiB,
// and 1 GiB as a reply's text beside its structured content.
func TestResultListStreamsInViews(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`{"result": [`)
	for i := range 2500 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id": "r%d", "title": "task %d", "n": %d}`, i, i, i)
	}
	b.WriteString(`]`)
	list := b.String()
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	for _, doc := range []string{list + `}`, list + `, "x": 1, "a longer key": "hi"}`} {
		for name, opt := range map[string]Options{"human": {Output: Human, Width: 100, Now: now}, "markdown": {Output: Markdown}} {
			var out strings.Builder
			rn := NewRenderer(&out, opt)
			if _, err := rn.Stream(strings.NewReader(doc), "t"); err != nil {
				t.Fatal(err)
			}
			if rn.longLists != 1 {
				t.Errorf("%s: the list was held (%d lists shown as read)", name, rn.longLists)
			}
			if held := heldString(t, doc, opt); out.String() != held {
				t.Errorf("%s: streamed differs from held:\n%s", name, firstDiff(out.String(), held))
			}
		}
	}
}

// Agent output writes such a {"result": [...]} list row by row too, as
// khive's transform of the held document has it, whatever follows the
// list: it was held (249 MiB for 200,000 rows). A result after an "ok"
// is an op's, as before.
func TestAgentResultListStreams(t *testing.T) {
	t.Parallel()
	rows := strings.Repeat(`{"id": "r", "created_at": "2026-01-01T00:00:00Z", "x": null, "tags": [], "props": {"a": null, "b": 1}}, `, 1500) + `{"id": "last"}`
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	for _, doc := range []string{
		`{"result": [` + rows + `]}`,
		`{"result": [` + rows + `], "next_cursor": null, "note": "x"}`,
		`{"result": [` + rows + `], "ok": true, "tool": "list"}`,
		`{"ok": true, "tool": "list", "result": [` + rows + `]}`,
	} {
		var out strings.Builder
		rn := NewRenderer(&out, Options{Output: Agent, Now: now})
		if _, err := rn.Stream(strings.NewReader(doc), "t"); err != nil {
			t.Fatal(err)
		}
		if rn.agentLists != 1 {
			t.Errorf("%.40s…: held, not written row by row", doc)
		}
		if held := heldString(t, doc, Options{Output: Agent, Now: now}); out.String() != held {
			t.Errorf("%.40s…: streamed differs from held:\n%s", doc, firstDiff(out.String(), held))
		}
	}
}

// Once a wide table's first rows are shown, the values they were read
// into are let go while the rest stream: held to the end, they kept 10
// to 15 MiB live; what stays is the columns' plan. In a process of its
// own (alone): the heap measured is the process's.
func TestWideRowsLetGoOfTheirWindow(t *testing.T) {
	if testing.Short() {
		t.Skip("measures memory: the full run")
	}
	if alone(t) {
		return
	}
	var b strings.Builder
	b.WriteString("[")
	for i := range 400 {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString("{")
		for j := range 1000 {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"c%d":%d`, j, i*j)
		}
		b.WriteString("}")
	}
	b.WriteString("]")
	doc := b.String()
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	for name, opt := range map[string]Options{
		"human": {Output: Human, Width: 120, Now: now}, "markdown": {Output: Markdown}, "agent": {Output: Agent, Now: now},
	} {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		in := &liveReader{r: strings.NewReader(doc), every: 256 << 10, after: len(doc) / 2}
		if _, err := NewRenderer(io.Discard, opt).Stream(in, "t"); err != nil {
			t.Fatal(err)
		}
		if live := int64(in.peak) - int64(ms.HeapAlloc); live > 6<<20 {
			t.Errorf("%s: %.1f MiB live in the second half of %d MiB, want at most 6", name, float64(live)/(1<<20), len(doc)>>20)
		}
	}
}

// A long list whose first item alone fills the window (thousands of keys)
// and whose later items each have a few of them is not a table for long
// in plain output: rows that add no column made it no sparser to the
// check, and each carried every column's tab (66.7 MB out for 1.1 MB in
// with 60,000 keys).
func TestWideFirstRowDoesNotMakeEveryRowWide(t *testing.T) {
	t.Parallel()
	doc := wideFirst(1, 60000, 1100, "k0") // past the window (input.StreamValues) alone
	got, opened := renderOpened(t, doc, Options{Output: Plain})
	if !opened {
		t.Fatal("the list was held whole")
	}
	if len(got) > 2*len(doc) {
		t.Errorf("%d bytes out for %d in, want at most twice", len(got), len(doc))
	}
	if !strings.HasSuffix(got, "[1100].k0: 1099\n") {
		t.Errorf("the last row is not shown by index:\n%s", got[max(0, len(got)-200):])
	}
}

// In human and Markdown output too, a table whose later rows leave the
// columns of its wide first ones empty ends once its rows are too sparse
// for one (recognise.Sparse, checked on every row), and the rest are
// records under their index, as the held list's all are. Each row
// carried every column, and Markdown wrote the table's 25,000-column
// header again under every row, whose key it has no column for.
func TestWideFirstRowsGoOnByIndexInViews(t *testing.T) {
	t.Parallel()
	doc := wideFirst(2, 25000, 300, "a") // past the window together
	for name, opt := range map[string]Options{"human": {Output: Human, Width: 120}, "markdown": {Output: Markdown}} {
		if testing.Short() && name == "human" {
			continue // the quick run: Markdown, which wrote 140 MB
		}
		got, opened := renderOpened(t, doc, opt)
		if !opened {
			t.Fatalf("%s: the list was held whole", name)
		}
		if len(got) > 8*len(doc) {
			t.Errorf("%s: %d bytes out for %d in, want at most 8 times", name, len(got), len(doc))
		}
		held := heldString(t, doc, opt) // too sparse for a table: by index
		if tail := held[len(held)-2000:]; !strings.HasSuffix(got, tail) || !strings.Contains(got, "K1") {
			t.Errorf("%s: not a table, then the held list's records; ends:\n%s", name, got[max(0, len(got)-300):])
		}
	}
}

// A {"result": [...]} list too sparse for a table, whose rows are records
// under their index in its field, is shown to its end in Markdown too,
// as held: the rows after the window were left out.
func TestSparseResultListStreamsToItsEnd(t *testing.T) {
	t.Parallel()
	viewsAsHeld(t, `{"result": `+wideFirst(1, 2000, 1100, "a")+`, "z": 1}`) // a window of 1,000 rows
}

// A list whose first row alone fills the window, with more columns than
// a sparse table may have, reads as the held list does in human and
// Markdown output, bare or as a result: a record under its index, then
// the others, not a table laid out on that one row (26 of its 60,000
// cells shown), whose plan of 60,000 columns took 150 MB.
func TestOneRowPastTheWindowIsARecordInViews(t *testing.T) {
	t.Parallel()
	list := wideFirst(1, 60000, 1100, "a")
	viewsAsHeld(t, list)  // quick: Markdown, whose fault this was (1.2 GB)
	if !testing.Short() { // the held list's plan of 60,000 columns: 0.3 s a form
		viewsAsHeld(t, `{"result": `+list+`}`)
	}
}

// viewsAsHeld checks that doc, its list streamed, reads in human output
// (and under --verbose) and in Markdown as it does held.
func viewsAsHeld(t *testing.T, doc string) {
	t.Helper()
	for name, opt := range map[string]Options{
		"human": {Output: Human, Width: 120}, "verbose": {Output: Human, Verbose: true}, "markdown": {Output: Markdown},
	} {
		if testing.Short() && name != "markdown" {
			continue // the quick run: the output of the faults these found
		}
		got, opened := renderOpened(t, doc, opt)
		if !opened {
			t.Fatalf("%s: the list was held whole", name)
		}
		if held := heldString(t, doc, opt); got != held {
			t.Errorf("%s: streamed differs from held:\n%s", name, firstDiff(got, held))
		}
	}
}

// wideFirst is a list of wide rows of keys k0, k1 … (keys of them each),
// then small ones of one key each.
func wideFirst(wide, keys, small int, key string) string {
	var b strings.Builder
	b.WriteString("[")
	for i := range wide {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("{")
		for j := range keys {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"k%d":%d`, j, j)
		}
		b.WriteString("}")
	}
	for i := range small {
		fmt.Fprintf(&b, `,{%q:%d}`, key, i)
	}
	return b.String() + "]"
}

// A streamed row none of whose keys the table has is a record under its
// index, as an item that is not a record is: it was an empty row (in
// Markdown "|  |  |  |", a table header again after it) with its fields
// under it and no index to tell which item they were.
func TestRowOfNewKeysIsARecordOfItsOwn(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("[")
	for i := range 1050 {
		fmt.Fprintf(&b, `{"id": %d, "status": "todo", "title": "t%d"},`, i, i)
	}
	b.WriteString(`{"n_0": 0, "n_1": 1}, {"id": 1051, "status": "done", "title": "last"}]`)
	where, err := whereSpec("id!=3")
	if err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		opt       Options
		want, not string
	}{
		"human":          {Options{Output: Human, Width: 80}, "[1050]\n  n 0  0\n  n 1  1\n1051  last", "\n\n"},
		"human, --where": {Options{Output: Human, Width: 80, Steer: where}, "[1050]\n", "\n\n"},
		"markdown":       {Options{Output: Markdown}, "- **\\[1050\\]**:\n  - **n_0**: 0\n", "|  |  |  |"},
	} {
		got, opened := renderOpened(t, b.String(), tc.opt)
		if !opened {
			t.Fatalf("%s: the list was held whole", name)
		}
		if !strings.Contains(got, tc.want) || strings.Contains(got, tc.not) {
			t.Errorf("%s: want %q and no %q in\n%s", name, tc.want, tc.not, got[max(0, len(got)-600):])
		}
	}
}
