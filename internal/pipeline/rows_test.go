package pipeline

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/render/plain"
	"github.com/khive-ai/khive-pretty/internal/steer"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// randomRows is a table of random records: scalars of every kind (texts
// with tabs, line breaks, commas, quotes, escapes), empties, nested
// objects, lists of scalars and of objects.
func (g *gen) randomRows(n int) Value {
	rows := Value{Kind: Array}
	for range n {
		row := Value{Kind: Object}
		for k := range 6 {
			if g.r.IntN(4) == 0 {
				continue // a key some rows lack
			}
			var v Value
			switch g.r.IntN(8) {
			case 0:
				v = Value{Kind: Object}
				for j := range g.r.IntN(3) {
					v.Members = append(v.Members, Member{Key: "n" + strconv.Itoa(j), Value: g.scalar()})
				}
			case 1:
				v = Value{Kind: Array}
				for range g.r.IntN(3) {
					v.Items = append(v.Items, g.str())
				}
			case 2:
				v = Value{Kind: Array, Items: []Value{{Kind: Object, Members: []Member{{Key: "x", Value: g.num()}}}}}
			default:
				v = g.scalar()
			}
			row.Members = append(row.Members, Member{Key: "k" + strconv.Itoa(k), Value: v})
		}
		rows.Items = append(rows.Items, row)
	}
	return rows
}

// cellsOf is a row as columns and cells: each leaf at its dotted path, as
// plain output writes a value, or with csv the cells CSV holds: the
// values, an empty string or a null none.
func cellsOf(row Value, csv bool) map[string]string {
	out := map[string]string{}
	var walk func(path string, v Value)
	walk = func(path string, v Value) {
		switch {
		case v.Kind == Object && len(v.Members) > 0:
			for _, m := range v.Members {
				walk(path+"."+m.Key, m.Value)
			}
		case v.Kind == Object:
			out[path] = "{}"
		case v.Kind == Array && len(v.Items) == 0:
			out[path] = "[]"
		case v.Kind == Array && value.AllScalars(v.Items):
			parts := make([]string, len(v.Items))
			for i, it := range v.Items {
				parts[i] = plain.Scalar(it)
				if strings.ContainsAny(parts[i], `,"`) || strings.TrimSpace(parts[i]) != parts[i] {
					parts[i] = plain.Quote(it.Text)
				}
			}
			out[path] = strings.Join(parts, ", ")
		case v.Kind == Array:
			out[path] = plain.Text(value.Compact(v))
		case csv && (v.Kind == Null || v.Kind == String && v.Text == ""):
		default:
			out[path] = plain.Scalar(v)
		}
	}
	for _, m := range row.Members {
		walk(m.Key, m.Value)
	}
	if csv {
		for k, c := range out {
			out[k] = csvCell(c) // a list's and JSON's cells unescaped too
		}
	}
	return out
}

// readTables reads rows output back: blocks separated by a blank line,
// each a header line and rows, split by split.
func readTables(t *testing.T, out string, split func(block string) [][]string) []map[string]string {
	t.Helper()
	var rows []map[string]string
	for _, block := range strings.Split(strings.TrimSuffix(out, "\n"), "\n\n") {
		recs := split(block)
		if len(recs) == 0 {
			continue
		}
		header := recs[0]
		for _, rec := range recs[1:] {
			rows = append(rows, rowUnder(t, header, rec))
		}
	}
	return rows
}

// readCSVTables is readTables for CSV, whose quoted fields may hold blank
// lines: a table starts after a blank line outside any field.
func readCSVTables(t *testing.T, out string) []map[string]string {
	t.Helper()
	r := csv.NewReader(strings.NewReader(out))
	r.FieldsPerRecord = -1
	var rows []map[string]string
	var header []string
	for {
		start := r.InputOffset()
		rec, err := r.Read()
		if err == io.EOF {
			return rows
		}
		if err != nil {
			t.Fatalf("not CSV: %v\n%s", err, out)
		}
		if header == nil || start > 0 && strings.HasPrefix(out[start:], "\n") {
			header = rec
			continue
		}
		rows = append(rows, rowUnder(t, header, rec))
	}
}

// rowUnder is a record's cells by their column's header, its empty cells
// left out.
func rowUnder(t *testing.T, header, rec []string) map[string]string {
	t.Helper()
	if len(rec) != len(header) {
		t.Fatalf("a row of %d cells under %d columns: %q", len(rec), len(header), rec)
	}
	row := map[string]string{}
	for i, h := range header {
		if rec[i] != "" {
			row[h] = rec[i]
		}
	}
	return row
}

func tsvSplit(block string) [][]string {
	var out [][]string
	for _, ln := range strings.Split(block, "\n") {
		out = append(out, strings.Split(ln, "\t"))
	}
	return out
}

func csvSplit(t *testing.T) func(string) [][]string {
	return func(block string) [][]string {
		r := csv.NewReader(strings.NewReader(block))
		r.FieldsPerRecord = -1
		recs, err := r.ReadAll()
		if err != nil {
			t.Fatalf("not CSV: %v\n%s", err, block)
		}
		return recs
	}
}

// -o tsv and -o csv write the table's rows and nothing else: as many rows
// as the table has, each with every value under its column, and no cell
// where the row has no value; held, and streamed past input.StreamAfter
// rows, bare and in a khive list page.
func TestRowsAreTheTablesRows(t *testing.T) {
	t.Parallel()
	g := newGen(26)
	for i := range 60 {
		n := 1 + g.r.IntN(40)
		if i%20 == 19 {
			n = 1500 // streamed
		}
		rows := g.randomRows(n)
		doc := rows
		if i%2 == 1 {
			doc = Value{Kind: Object, Members: []Member{
				{Key: "ok", Value: Value{Kind: Bool, Text: "true"}}, {Key: "tool", Value: str("list")},
				{Key: "result", Value: Value{Kind: Object, Members: []Member{{Key: "items", Value: rows}, {Key: "has_more", Value: Value{Kind: Bool, Text: "false"}}}}}}}
		}
		text := compactJSON(doc)
		for _, o := range []Output{TSV, CSV} {
			out := renderString(t, text, Options{Output: o})
			var got []map[string]string
			if o == CSV {
				got = readCSVTables(t, out)
			} else {
				got = readTables(t, out, tsvSplit)
			}
			if len(got) != len(rows.Items) {
				t.Fatalf("case %d, output %d: %d rows, want %d", i, o, len(got), len(rows.Items))
			}
			for r, row := range rows.Items {
				want := cellsOf(row, o == CSV)
				for col, cell := range want {
					if got[r][col] != cell {
						t.Fatalf("case %d, output %d, row %d, column %s: %q, want %q", i, o, r, col, got[r][col], cell)
					}
				}
				for col, cell := range got[r] {
					if _, ok := want[col]; !ok {
						t.Fatalf("case %d, output %d, row %d: a cell %q under %s, which the row does not have", i, o, r, cell, col)
					}
				}
			}
		}
	}
}

// A stream of records is one table: sorted as a list is, its columns
// those of all its records, and a record after another table's rows is
// under its own header again.
func TestRowsOfAStreamOfRecords(t *testing.T) {
	for _, tt := range []struct {
		in   string
		opt  Options
		want string
	}{
		{"{\"id\":\"a\",\"n\":3}\n{\"id\":\"b\",\"n\":1}\n{\"id\":\"c\",\"n\":2,\"x\":true}\n", Options{Output: TSV},
			"id\tn\tx\na\t3\t\nb\t1\t\nc\t2\ttrue\n"},
		{"{\"id\":\"a\",\"n\":3}\n{\"id\":\"b\",\"n\":1}\n", Options{Output: TSV, Steer: mustSpec(t, "", "n")}, "id\tn\nb\t1\na\t3\n"},
		{"{\"a\":1}\n{\"a\":2,\"b\":5}\n", Options{Output: TSV, Steer: mustSpec(t, "b", "")}, "b\n\n5\n"},
		{"{\"a\":1}\n[{\"b\":10}]\n{\"a\":2}\n", Options{Output: TSV}, "a\n1\n\nb\n10\n\na\n2\n"},
		{"[]", Options{Output: TSV, Steer: mustSpec(t, "id,title", "")}, "id\ttitle\n"},
		// An empty list that is not the answer's list is a cell.
		{"{\"id\":1,\"tags\":[\"x\"]}\n{\"id\":2,\"tags\":[],\"deps\":[]}\n", Options{Output: TSV}, "id\ttags\tdeps\n1\tx\t\n2\t[]\t[]\n"},
	} {
		if got := renderString(t, tt.in, tt.opt); got != tt.want {
			t.Errorf("%q:\ngot  %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

// In plain output a top-level error that says there is none is not a
// line `grep '^error:'` finds.
func TestPlainEmptyErrorIsNoErrorLine(t *testing.T) {
	got := renderString(t, `{"jsonrpc":"2.0","id":1,"result":{"a":1,"error":null}}`, Options{Output: Plain})
	if strings.Contains("\n"+got, "\nerror:") || !strings.Contains(got, `"error": null`) {
		t.Errorf("got %q", got)
	}
}

// mustSpec is what --columns and --sort ask.
func mustSpec(t *testing.T, columns, sort string) steer.Spec {
	t.Helper()
	var spec steer.Spec
	var err error
	if columns != "" {
		if spec.Columns, spec.Exact, err = steer.ParseColumns(columns); err != nil {
			t.Fatal(err)
		}
	}
	if sort != "" {
		if spec.Sort, err = steer.ParseSort(sort); err != nil {
			t.Fatal(err)
		}
	}
	return spec
}

// A name the decoder makes anew (an invalid byte, an escape) is the same
// column in the rows streamed past input.StreamAfter as in those held:
// one header, every row's cells under it. (Streamed, the invalid byte
// made a second header block from row 1,000 on, its cells moved there.)
func TestRowsNamesMadeAnewStayOneColumn(t *testing.T) {
	t.Parallel()
	doc := "[" + items(1500, func(i int) string {
		return `{"id": "r` + itoa(i) + `", "na` + "\xff" + `me": "n` + itoa(i) + `", "o\u0077ner": "w` + itoa(i) + `"}`
	}) + "]"
	for _, out := range []struct {
		o     Output
		split func(string) [][]string
	}{{TSV, tsvSplit}, {CSV, csvSplit(t)}} {
		recs := out.split(strings.TrimSuffix(renderString(t, doc, Options{Output: out.o}), "\n"))
		if len(recs) != 1501 || strings.Join(recs[0], ",") != "id,na\uFFFDme,owner" {
			t.Fatalf("output %d: %d lines, header %q", out.o, len(recs), recs[0])
		}
		for i, rec := range recs[1:] {
			if want := []string{"r" + itoa(i), "n" + itoa(i), "w" + itoa(i)}; strings.Join(rec, ",") != strings.Join(want, ",") {
				t.Fatalf("output %d, row %d: %q, want %q", out.o, i, rec, want)
			}
		}
	}
}

// Records whose keys differ row to row are too sparse for a table of
// columns: -o tsv and -o csv write them in long form, a line a cell (row,
// key, value), linear in the input however many keys there are, held or
// streamed, from the first rows or from where a long list turns sparse.
// (Each new key wrote a header of every key so far: 10,000 such records,
// 148 KB, gave 337 MB.)
func TestSparseRowsAreLongAndLinear(t *testing.T) {
	t.Parallel()
	sparse := func(from, to int) string {
		var b strings.Builder
		for i := from; i < to; i++ {
			if i > from {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"id": %d, "k%d": "v%d"}`, i, i, i)
		}
		return b.String()
	}
	dense := items(1200, func(i int) string { return `{"id": ` + itoa(i) + `, "name": "n` + itoa(i) + `"}` })
	for name, c := range map[string]struct {
		doc   string
		first int // the first row in long form
	}{
		"held":           {"[" + sparse(0, 900) + "]", 0},
		"streamed":       {"[" + sparse(0, 5000) + "]", 0},
		"records":        {strings.ReplaceAll("["+sparse(0, 3000)+"]", "},{", "}\n{")[1:len("["+sparse(0, 3000)+"]")-1] + "\n", 0},
		"turns sparse":   {"[" + dense + "," + sparse(1200, 5000) + "]", -1},
		"in an envelope": {`{"ok": true, "tool": "list", "result": {"items": [` + sparse(0, 3000) + `]}}`, 0},
	} {
		for _, o := range []Output{TSV, CSV} {
			out := renderString(t, c.doc, Options{Output: o})
			if len(out) > 3*len(c.doc) {
				t.Fatalf("%s, output %d: %d bytes for %d of input", name, o, len(out), len(c.doc))
			}
			sep := "\t"
			if o == CSV {
				sep = ","
			}
			at := strings.Index(out, "row"+sep+"key"+sep+"value\n")
			if at < 0 {
				t.Fatalf("%s, output %d: no long form\n%.500s", name, o, out)
			}
			long := out[at:]
			for _, i := range []int{4999, 2999, 1500, 899} {
				if !strings.Contains(c.doc, fmt.Sprintf(`"k%d"`, i)) {
					continue
				}
				if !strings.Contains(long, fmt.Sprintf("%d%sk%d%sv%d\n", i, sep, i, sep, i)) {
					t.Fatalf("%s, output %d: row %d's cell is not in long form\n%.300s", name, o, i, long)
				}
			}
		}
	}
}

// A record of any number of keys is a table of one row (one of 1,001 keys
// was "no table", read as a large object that streams).
func TestWideRecordIsOneRow(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("{")
	for i := range 1500 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"k%d": %d`, i, i)
	}
	b.WriteString("}")
	for _, o := range []Output{TSV, CSV} {
		out := renderString(t, b.String(), Options{Output: o})
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "k0") || !strings.HasSuffix(lines[1], "1499") {
			t.Fatalf("output %d: %d lines\n%.300s", o, len(lines), out)
		}
	}
}

// -o tsv finds the table human output shows below a wrapper or in a page
// at any depth ({"data": {"tasks": […]}}, a task manager's reply), by
// --table's key or path too; a record's own list of records (a server's
// icons in its info) is still a cell of the one-row table.
func TestRowsFindNestedTables(t *testing.T) {
	t.Parallel()
	tasks := `[{"id": 1, "title": "Set up", "status": "done"}, {"id": 2, "title": "Parse", "status": "pending"}]`
	for _, c := range []struct {
		doc, table, want string
	}{
		{`{"data": {"tasks": ` + tasks + `, "stats": {"total": 2}}, "version": "0.19.0"}`, "", "id\ttitle\tstatus\n1\tSet up\tdone\n2\tParse\tpending\n"},
		{`{"data": {"tasks": ` + tasks + `, "stats": {"total": 2}}, "version": "0.19.0"}`, "tasks", "id\ttitle\tstatus\n1\tSet up\tdone\n2\tParse\tpending\n"},
		{`{"data": {"tasks": ` + tasks + `, "stats": {"total": 2}}, "version": "0.19.0"}`, "data.tasks", "id\ttitle\tstatus\n1\tSet up\tdone\n2\tParse\tpending\n"},
		{`{"data": {"items": ` + tasks + `, "total": 2, "next_cursor": null}}`, "", "id\ttitle\tstatus\n1\tSet up\tdone\n2\tParse\tpending\n"},
		{`{"name": "srv", "info": {"version": "1", "icons": [{"src": "a.png"}]}}`, "", "name\tinfo.version\tinfo.icons\nsrv\t1\t" + `[{"src":"a.png"}]` + "\n"},
	} {
		got := renderString(t, c.doc, Options{Output: TSV, Table: c.table})
		if got != c.want {
			t.Errorf("--table %q\n%s\ngot:\n%s\nwant:\n%s", c.table, c.doc, got, c.want)
		}
	}
	got := renderString(t, `{"data": {"tasks": `+tasks+`}}`, Options{Output: TSV, Steer: mustSpec(t, "id,status", "")})
	if got != "id\tstatus\n1\tdone\n2\tpending\n" {
		t.Errorf("-c id,status:\n%s", got)
	}
}

// A tools/list's table in -o tsv starts with the tool's name (its title
// and description after it), and a schema is one cell of JSON, as human
// output's overview shows it: it was every property flattened, 200
// columns for one server, name last for another.
func TestRowsOfToolsList(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../../testdata/mcp/*tools_list*.json")
	if len(files) < 5 {
		t.Fatalf("%d tools/list captures", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out := renderString(t, string(b), Options{Output: CSV})
		recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		header := recs[0]
		if header[0] != "name" || strings.Contains(strings.Join(header, ","), "inputSchema.") {
			t.Errorf("%s: header %q", f, header)
		}
		if i := slices.Index(header, "inputSchema"); i >= 0 {
			var schema map[string]any
			if err := json.Unmarshal([]byte(recs[1][i]), &schema); err != nil {
				t.Errorf("%s: the schema cell is not JSON: %v\n%s", f, err, recs[1][i])
			}
		}
	}
}

// --columns names a table's columns in plain output as -o tsv and -o csv
// do, the columns plain output writes: a nested field by its dotted path,
// and an unknown name refused with those columns, the same message in
// each (plain checked them against human output's columns before, and
// refused sig.x, which it writes).
func TestPlainNamesColumnsAsTSV(t *testing.T) {
	doc := `[{"id":"a1","sig":{"x":1,"y":"q"}},{"id":"a2","sig":{"x":2,"y":"r"}}]`
	for _, out := range []Output{Plain, TSV} {
		got := renderString(t, doc, Options{Output: out, Steer: mustSpec(t, "id,sig.x", "")})
		if got != "id\tsig.x\na1\t1\na2\t2\n" {
			t.Errorf("%v -c id,sig.x: %q", out, got)
		}
	}
	var msgs []string
	for _, out := range []Output{Plain, TSV, CSV} {
		var b strings.Builder
		_, err := NewRenderer(&b, Options{Output: out, Steer: mustSpec(t, "id,nope", "")}).Stream(strings.NewReader(doc), "t")
		if err == nil {
			t.Fatalf("%v -c id,nope: no error; wrote %q", out, b.String())
		}
		if b.Len() > 0 {
			t.Errorf("%v -c id,nope wrote %q", out, b.String())
		}
		msgs = append(msgs, err.Error())
	}
	if msgs[0] != msgs[1] || msgs[1] != msgs[2] || !strings.Contains(msgs[0], "sig.x, sig.y") {
		t.Errorf("the messages differ or do not name the columns written:\n%s", strings.Join(msgs, "\n"))
	}
}

// --where and --sort steer in plain output the tables every output finds
// (recognise.Tables), at any depth: a task list two levels down, as a
// task-manager server wraps it, was written whole, --where ignored, and
// the run exited 0.
func TestPlainSteersNestedTables(t *testing.T) {
	doc := `{"data":{"tasks":[{"id":"t1","status":"todo","sig":{"x":1}},{"id":"t2","status":"done","sig":{"x":2}}],"stats":{"n":2}},"version":"1"}`
	where, err := steer.ParseWhere("sig.x=2")
	if err != nil {
		t.Fatal(err)
	}
	got := renderString(t, doc, Options{Output: Plain, Steer: steer.Spec{Where: []steer.Cond{where}}})
	if strings.Contains(got, "t1") || !strings.Contains(got, "data.tasks[1].id: t2\n") || !strings.Contains(got, "data.stats.n: 2\n") {
		t.Errorf("--where sig.x=2:\n%s", got)
	}
	got = renderString(t, doc, Options{Output: Plain, Steer: mustSpec(t, "", "-id")})
	if i, j := strings.Index(got, "t2"), strings.Index(got, "t1"); i < 0 || j < i {
		t.Errorf("--sort -id:\n%s", got)
	}
	got = renderString(t, doc, Options{Output: Plain, Steer: mustSpec(t, "id,sig.x", "")})
	if !strings.Contains(got, "id\tsig.x\nt1\t1\nt2\t2\n") {
		t.Errorf("-c id,sig.x:\n%s", got)
	}
}

// A nested field named by its path in --columns (sig.x, as plain output
// and -o tsv head its column) is a column of its own in human and
// Markdown output too: in a held table, a long list read as it comes,
// and a run of NDJSON records. They said "did you mean sig?".
func TestColumnsNameNestedFieldsInEveryOutput(t *testing.T) {
	var long strings.Builder
	long.WriteString(`{"items":[`)
	for i := range 3000 {
		if i > 0 {
			long.WriteString(",")
		}
		fmt.Fprintf(&long, `{"id":"r%d","sig":{"x":%d,"y":"q"}}`, i, i)
	}
	long.WriteString(`]}`)
	docs := map[string]string{
		"held":   `[{"id":"a1","sig":{"x":1,"y":"q"}},{"id":"a2","sig":{"x":2,"y":"r"}}]`,
		"long":   long.String(),
		"ndjson": "{\"id\":\"a1\",\"sig\":{\"x\":1}}\n{\"id\":\"a2\",\"sig\":{\"x\":2}}\n",
	}
	for name, doc := range docs {
		for _, out := range []Output{Human, Markdown, TSV} {
			var b strings.Builder
			rn := NewRenderer(&b, Options{Output: out, Width: 80, Steer: mustSpec(t, "id,sig.x", "")})
			if _, err := rn.Stream(strings.NewReader(doc), "t"); err != nil {
				t.Fatalf("%s %v: %v", name, out, err)
			}
			if err := rn.Unmatched(); err != nil {
				t.Errorf("%s %v: %v", name, out, err)
			}
			got := b.String()
			if !strings.Contains(strings.ToLower(got), "sig.x") || strings.Contains(got, "x=") || strings.Contains(got, "SIG ") {
				t.Errorf("%s %v: no column sig.x alone:\n%.300s", name, out, got)
			}
		}
	}
}

// Faults a review of the table changes found, each fixed:
func TestTableNamingReview(t *testing.T) {
	run := func(doc string, opt Options) (string, error) {
		var b strings.Builder
		_, err := NewRenderer(&b, opt).Stream(strings.NewReader(doc), "t")
		return b.String(), err
	}
	// A key with a dot in it is a key, not a path: -c app names app alone.
	k8s := `[{"app":"web","app.kubernetes.io/name":"nginx","x":1},{"app":"db","app.kubernetes.io/name":"pg","x":2}]`
	if out, err := run(k8s, Options{Output: Human, Width: 80, Steer: mustSpec(t, "app", "")}); err != nil || strings.Contains(out, "NGINX") || strings.Contains(out, "nginx") {
		t.Errorf("-c app: %v\n%s", err, out)
	}
	// An object and a field of it named both, or the field left out.
	sig := `[{"id":1,"sig":{"x":3,"y":"a"}},{"id":2,"sig":{"y":"b"}}]`
	for _, c := range []string{"sig,sig.x", "-sig.x"} {
		if _, err := run(sig, Options{Output: Human, Width: 80, Steer: mustSpec(t, c, "")}); err != nil {
			t.Errorf("human -c %s: %v", c, err)
		}
	}
	// A nested list too sparse for a table keeps its path, by index.
	var sparse strings.Builder
	sparse.WriteString(`{"data":{"tasks":[`)
	for i := range 10 {
		if i > 0 {
			sparse.WriteString(",")
		}
		fmt.Fprintf(&sparse, `{"id":%d`, i)
		for j := range 20 {
			fmt.Fprintf(&sparse, `,"f%d_%d":%d`, i, j, j)
		}
		sparse.WriteString("}")
	}
	sparse.WriteString(`]}}`)
	if out, err := run(sparse.String(), Options{Output: Plain, Steer: mustSpec(t, "-f0_0", "")}); err != nil || !strings.Contains(out, "data.tasks[1].id: 1\n") {
		t.Errorf("plain -c -f0_0: %v\n%.200s", err, out)
	}
	// The row that turns a table into long form is written.
	var golong strings.Builder
	golong.WriteString(`[`)
	for i := range 1010 {
		if i > 0 {
			golong.WriteString(",")
		}
		if i < 1000 {
			fmt.Fprintf(&golong, `{"id":%d,"a":%d}`, i, i)
			continue
		}
		fmt.Fprintf(&golong, `{"id":%d`, i)
		for j := range 10 {
			fmt.Fprintf(&golong, `,"k%d_%d":1`, i, j)
		}
		golong.WriteString("}")
	}
	golong.WriteString(`]`)
	out, _ := run(golong.String(), Options{Output: TSV})
	for i := 1000; i < 1010; i++ {
		if !strings.Contains(out, fmt.Sprintf("\tk%d_0\t", i)) {
			t.Errorf("tsv: row %d lost", i)
		}
	}
	// A path under a column the shape writes as one cell is no column.
	tools := `{"tools":[{"name":"a","description":"d","inputSchema":{"type":"object"}}]}`
	if _, err := run(tools, Options{Output: TSV, Steer: mustSpec(t, "name,inputSchema.type", "")}); err == nil {
		t.Error("tsv -c inputSchema.type: accepted, and dropped")
	}
}

// Plain output, the one a pipe gets, steers a stream of records (NDJSON
// log lines) as -o tsv does: --where keeps, --sort orders, --columns picks,
// a table of them; an unknown name fails before anything is written. It
// wrote every record, then said "no table" and exited 2.
func TestPlainSteersRecordStreams(t *testing.T) {
	logs := `{"level":"info","msg":"start","n":1}
{"level":"error","msg":"gave up","n":2}
{"level":"info","msg":"bye","n":3}
`
	where, err := steer.ParseWhere("level=error")
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		spec steer.Spec
		want string
	}{
		"where":   {steer.Spec{Where: []steer.Cond{where}}, "level\tmsg\tn\nerror\tgave up\t2\n"},
		"sort":    {mustSpec(t, "", "-n"), "level\tmsg\tn\ninfo\tbye\t3\nerror\tgave up\t2\ninfo\tstart\t1\n"},
		"columns": {mustSpec(t, "msg", ""), "msg\nstart\ngave up\nbye\n"},
	} {
		var b strings.Builder
		rn := NewRenderer(&b, Options{Output: Plain, Steer: c.spec})
		if _, err := rn.Stream(strings.NewReader(logs), "t"); err != nil {
			t.Fatal(err)
		}
		if err := rn.Unmatched(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if b.String() != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", name, b.String(), c.want)
		}
	}
	var b strings.Builder
	rn := NewRenderer(&b, Options{Output: Plain, Steer: mustSpec(t, "nope", "")})
	if _, err = rn.Stream(strings.NewReader(logs), "t"); err == nil {
		err = rn.Unmatched()
	}
	if err == nil || b.Len() > 0 {
		t.Errorf("-c nope: %v, wrote %q", err, b.String())
	}
}

// CSV from a slow producer keeps one header: its first records wait for
// their columns however the input pauses (a header line again in the
// middle is no CSV a reader takes for one table), where TSV writes what
// it has on a pause and a header again for new columns.
func TestCSVWaitsForItsColumnsOnAPause(t *testing.T) {
	t.Parallel() // it waits on pauses and pipes: alongside the others
	pr, pw := io.Pipe()
	go func() {
		io.WriteString(pw, `{"a": 1}`+"\n")
		time.Sleep(3 * runPause)
		io.WriteString(pw, `{"a": 2, "b": 3}`+"\n")
		pw.Close()
	}()
	var b strings.Builder
	if _, err := NewRenderer(&b, Options{Output: CSV}).Stream(pr, "t"); err != nil {
		t.Fatal(err)
	}
	if b.String() != "a,b\n1,\n2,3\n" {
		t.Errorf("got %q", b.String())
	}
}

// A nested field left out (-c -meta.owner) is left out of its object's
// cell in human and Markdown output too, as TSV leaves out its column.
func TestColumnsLeaveOutANestedField(t *testing.T) {
	doc := `[{"id":1,"meta":{"owner":"alice","team":"core"}},{"id":2,"meta":{"owner":"bob","team":"web"}}]`
	for _, out := range []Output{Human, Markdown, TSV, Plain} {
		got := renderString(t, doc, Options{Output: out, Width: 80, Steer: mustSpec(t, "-meta.owner", "")})
		if strings.Contains(got, "alice") || !strings.Contains(got, "core") {
			t.Errorf("output %d:\n%s", out, got)
		}
	}
}

// A key may be empty: a list of records under "" is a table like any
// other, in every output (TSV took it for a server shape's entries, whose
// shape there was none, and crashed).
func TestEmptyKeyListIsATable(t *testing.T) {
	t.Parallel()
	for _, doc := range []string{`{"": [{"a": 1}], "x": 2}`, `{"": [], "x": 2}`, `{"": [{"": 1}]}`} {
		for o := Human; o <= CSV; o++ {
			got := renderString(t, doc, Options{Output: o, Width: 80})
			if o == TSV && strings.HasPrefix(doc, `{"": [{"a"`) && got != "a\n1\n" {
				t.Errorf("%s, TSV: got %q, want the table's header and row", doc, got)
			}
		}
	}
}
