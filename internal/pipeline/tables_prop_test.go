package pipeline

import (
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
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

// What human output shows in a table's row is in the TSV row of the same
// record: for random tables of words and numbers, at a random depth of
// wrappers, held and streamed, each cell of a human row that is shown
// whole (split at the gaps between columns, two spaces or more) is one of
// the values TSV writes for that record, under the column of the same
// name. The two outputs render one table.
func TestHumanRowsAreInTheTSVRows(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(42, 4))
	words := []string{"alpha", "beta", "gamma", "delta", "fix the build", "ann", "bob", "x"}
	keys := []string{"title", "owner", "n", "note", "size", "group"}
	for i := 0; i < short(120, 30); i++ {
		n := 2 + r.IntN(12)
		if i%30 == 29 {
			n = 1200 // past input.StreamAfter: streamed
		}
		var rows []string
		for j := range n {
			fields := []string{fmt.Sprintf(`"id": "r%d-%d"`, i, j)}
			for _, k := range keys {
				switch r.IntN(5) {
				case 0: // missing
				case 1:
					fields = append(fields, fmt.Sprintf(`%q: %d`, k, r.IntN(5000)))
				default:
					fields = append(fields, fmt.Sprintf(`%q: %q`, k, words[r.IntN(len(words))]))
				}
			}
			rows = append(rows, "{"+strings.Join(fields, ", ")+"}")
		}
		doc := "[" + strings.Join(rows, ", ") + "]"
		key := []string{"items", "tasks", "results"}[r.IntN(3)]
		for range r.IntN(3) {
			doc = fmt.Sprintf(`{"data": {%q: %s, "stats": {"total": %d}}}`, key, doc, n)
			key = "data"
		}
		tsv := readTables(t, renderString(t, doc, Options{Output: TSV}), tsvSplit)
		byID := map[string]map[string]string{}
		for _, row := range tsv {
			byID[row["id"]] = row
		}
		if len(byID) != n {
			t.Fatalf("case %d: %d TSV rows, want %d\n%s", i, len(byID), n, doc)
		}
		human := renderString(t, doc, Options{Output: Human, Width: 300, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)})
		shown := 0
		for _, line := range strings.Split(human, "\n") {
			cells := regexp.MustCompile(`\s{2,}`).Split(strings.TrimSpace(line), -1)
			row, ok := byID[cells[0]]
			if !ok {
				continue // not a row: a header, a title, a footer
			}
			shown++
			for _, c := range cells[1:] {
				if strings.HasSuffix(c, "…") {
					continue // cut to its column's width
				}
				found := false
				for _, v := range row {
					found = found || v == c
				}
				if !found {
					t.Fatalf("case %d: row %s shows %q, which its TSV row does not hold: %v\n%s", i, cells[0], c, row, human)
				}
			}
		}
		if shown != n {
			t.Fatalf("case %d: %d rows shown, want %d\n%s", i, shown, n, human)
		}
	}
}
