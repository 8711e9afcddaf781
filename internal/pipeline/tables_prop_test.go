package pipeline

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"
)

// A list of records at a random depth of wrappers and pages is the table
// -o tsv writes, each record a row holding its values (cellsOf), as human
// output shows it as a table.
func TestRowsFindTablesAtAnyDepth(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(42, 2))
	for i := 0; i < short(300, 60); i++ {
		n := 1 + r.IntN(6)
		var rows []string
		var vals []Value
		for j := range n {
			id, title := fmt.Sprintf("r%d-%d", i, j), fmt.Sprintf("title %d", r.IntN(1000))
			row := fmt.Sprintf(`{"id": %q, "title": %q, "n": %d}`, id, title, j)
			rows = append(rows, row)
			vals = append(vals, obj(mem("id", str(id)), mem("title", str(title)), mem("n", Value{Kind: Number, Text: itoa(j)})))
		}
		doc := "[" + strings.Join(rows, ", ") + "]"
		key := []string{"items", "tasks", "results", "rows"}[r.IntN(4)]
		for range r.IntN(4) {
			switch r.IntN(3) {
			case 0: // a wrapper of containers alone
				doc = fmt.Sprintf(`{"data": {%q: %s, "stats": {"total": %d}}}`, key, doc, n)
			case 1: // a page, of a list
				if strings.HasPrefix(doc, "[") {
					doc = fmt.Sprintf(`{"page": {"items": %s, "total": %d, "next_cursor": null}}`, doc, n)
				}
			default: // a wrapper of wrappers
				doc = fmt.Sprintf(`{"response": {"body": %s}}`, wrapIfList(doc, key))
			}
		}
		out := renderString(t, doc, Options{Output: TSV})
		got := readTables(t, out, tsvSplit)
		if len(got) != n {
			t.Fatalf("%d rows, want %d\n%s\n%s", len(got), n, doc, out)
		}
		for j, v := range vals {
			for col, cell := range cellsOf(v, false) {
				if got[j][col] != cell {
					t.Fatalf("row %d, %s: %q, want %q\n%s\n%s", j, col, got[j][col], cell, doc, out)
				}
			}
		}
	}
}

// wrapIfList is doc under key in an object when it is a list (a list is
// no wrapper's member on its own: it needs a key).
func wrapIfList(doc, key string) string {
	if strings.HasPrefix(doc, "[") {
		return fmt.Sprintf(`{%q: %s}`, key, doc)
	}
	return doc
}

// A stream of records arriving slowly, in pieces, with pauses longer
// than a run's and keys that later records bring, shows every value the
// whole file shows, in every output: nothing is dropped or held back by
// when the records came.
func TestSlowStreamShowsWhatTheFileShows(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(42, 3))
	for i := 0; i < short(8, 2); i++ {
		var b strings.Builder
		var want []string
		for j := range 4 + r.IntN(6) {
			fmt.Fprintf(&b, `{"id": "v%d-%d", "level": "info"`, i, j)
			want = append(want, fmt.Sprintf("v%d-%d", i, j))
			if j >= 2 && r.IntN(3) == 0 {
				extra := fmt.Sprintf("x%d-%d", i, j)
				fmt.Fprintf(&b, `, "detail": %q`, extra)
				want = append(want, extra)
			}
			b.WriteString("}\n")
		}
		doc := b.String()
		pauses := make([]bool, strings.Count(doc, "\n"))
		for k := range pauses {
			pauses[k] = r.IntN(3) == 0
		}
		var wg sync.WaitGroup
		for _, o := range []Output{Human, Markdown, Plain, TSV, CSV, JSON} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				opt := Options{Output: o, Width: 300, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}
				whole, _, _ := renderAll([]byte(doc), opt)
				pr, pw := io.Pipe()
				go func() {
					for k, line := range strings.SplitAfter(doc, "\n") {
						for len(line) > 0 { // in pieces
							n := min(len(line), 1+len(line)/3)
							io.WriteString(pw, line[:n])
							line = line[n:]
						}
						if k < len(pauses) && pauses[k] {
							time.Sleep(runPause + 20*time.Millisecond)
						}
					}
					pw.Close()
				}()
				var slow strings.Builder
				NewRenderer(&slow, opt).Stream(pr, "pipe")
				for _, v := range want {
					if strings.Contains(whole, v) && !strings.Contains(slow.String(), v) {
						t.Errorf("output %d: %s is in the whole file's output, not the slow stream's\nwhole:\n%s\nslow:\n%s", o, v, whole, slow.String())
					}
					if !strings.Contains(whole, v) {
						t.Errorf("output %d: %s is not shown\n%s", o, v, whole)
					}
				}
			}()
		}
		wg.Wait()
	}
}
