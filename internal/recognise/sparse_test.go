package recognise

import (
	"strconv"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/steer"
	"github.com/khive-ai/khive-pretty/internal/view"
)

func TestSparse(t *testing.T) {
	for _, tt := range []struct {
		columns, rows, cells int
		want                 bool
	}{
		{64, 6000, 6000, false},     // narrow enough whatever the rows
		{65, 6000, 6000, true},      // one cell a row of 65 columns
		{80, 4, 80, false},          // filled a quarter: a table
		{81, 4, 80, true},           // under a quarter
		{60000, 6000, 60000, true},  // issue 22
		{60000, 1, 60000, false},    // one record that wide: every cell filled
		{1 << 20, 1 << 20, 1, true}, // no overflow
	} {
		if got := Sparse(tt.columns, tt.rows, tt.cells); got != tt.want {
			t.Errorf("Sparse(%d, %d, %d) = %v, want %v", tt.columns, tt.rows, tt.cells, got, tt.want)
		}
	}
}

// sparseRows is rows objects of width keys each: shared keys every row
// has (c0 …), the others its own (k…).
func sparseRows(rows, width, shared int) string {
	var b strings.Builder
	b.WriteString("[")
	for i := 0; i < rows; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("{")
		for j := 0; j < width; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			k := "c" + strconv.Itoa(j)
			if j >= shared {
				k = "k" + strconv.Itoa(i*width+j)
			}
			b.WriteString(`"` + k + `": "v` + strconv.Itoa(i) + `"`)
		}
		b.WriteString("}")
	}
	b.WriteString("]")
	return b.String()
}

// Rows that would fill a table under a quarter, with more than 64 columns,
// are shown as records under their index, wherever the list is; the count
// is under them as under a table. Rows filled a quarter and more, or of 64
// columns at most, stay a table.
func TestSparseRowsAreRecords(t *testing.T) {
	for name, tt := range map[string]struct {
		doc   string
		table bool
	}{
		"disjoint":            {sparseRows(90, 10, 0), false},
		"five keys shared":    {sparseRows(90, 10, 5), false},
		"in an envelope":      {`{"ok": true, "tool": "list", "result": {"items": ` + sparseRows(90, 10, 0) + `, "has_more": false}}`, false},
		"an envelope's array": {`{"ok": true, "tool": "list", "result": ` + sparseRows(90, 10, 5) + `}`, false},
		"in a record":         {`{"id": "x", "rows": ` + sparseRows(90, 10, 0) + `}`, false},
		"in an error":         {`{"ok": false, "tool": "list", "error": {"kind": "k", "message": "m", "rows": ` + sparseRows(90, 10, 0) + `}}`, false},
		"64 columns":          {sparseRows(55, 10, 9), true},  // 9 + 55: each row fills 10
		"filled a quarter":    {sparseRows(4, 20, 0), true},   // 80 columns
		"under a quarter":     {sparseRows(5, 20, 0), false},  // 100 columns, a fifth filled
		"one wide row":        {sparseRows(1, 500, 0), true},  // every cell filled
		"dense":               {sparseRows(90, 10, 10), true}, // 10 columns
	} {
		blocks := docOf(t, tt.doc, Options{})
		var tables, records int
		var walk func([]view.Block)
		walk = func(bs []view.Block) {
			for _, b := range bs {
				switch b := b.(type) {
				case view.Table:
					tables++
				case view.Error:
					if b.Details != nil {
						walk([]view.Block{*b.Details})
					}
				case view.Record:
					for _, f := range b.Fields {
						if strings.HasPrefix(f.Key, "[") {
							records++
						}
						if f.Block != nil {
							walk([]view.Block{f.Block})
						}
					}
				}
			}
		}
		walk(blocks)
		switch {
		case tt.table && (tables != 1 || records != 0):
			t.Errorf("%s: %d tables, %d records by index; want a table", name, tables, records)
		case !tt.table && (tables != 0 || records == 0):
			t.Errorf("%s: %d tables, %d records by index; want records", name, tables, records)
		}
	}
}

// The rows by index are those --where keeps, under their place in the
// input. The rule is judged on them: rows it leaves few enough are a table.
func TestSparseRowsSteered(t *testing.T) {
	rows := mustDecode(t, sparseRows(90, 10, 5))
	where := `c1!=v7`
	c, err := steer.ParseWhere(where)
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Steer: steer.Spec{Where: []steer.Cond{c}}}
	b := builder{opt: opt}
	blk, n := b.table(rows.Items, 0, false)
	r, ok := blk.(view.Record)
	if !ok || n != 89 || len(r.Fields) != 89 || r.Fields[6].Key != "[6]" || r.Fields[7].Key != "[8]" {
		t.Fatalf("--where %s: %d rows, %T", where, n, blk)
	}
	if c, err = steer.ParseWhere("c1=v7"); err != nil {
		t.Fatal(err)
	}
	b.opt.Steer.Where = []steer.Cond{c}
	if blk, n := b.table(rows.Items, 0, false); n != 1 || !isA[view.Table](blk) {
		t.Fatalf("--where c1=v7: %d rows, %T", n, blk)
	}
}

// A run's table is planned as a list's: rows too sparse for one are no
// run (the pipeline shows them one by one).
func TestSparseRunIsNoRun(t *testing.T) {
	rows := mustDecode(t, sparseRows(90, 10, 0))
	if r, _ := NewRun(rows.Items, Options{}); r != nil {
		t.Error("a run of sparse rows has a table")
	}
	rows = mustDecode(t, sparseRows(90, 10, 10))
	if r, _ := NewRun(rows.Items, Options{}); r == nil {
		t.Error("a run of rows of one shape has no table")
	}
}
