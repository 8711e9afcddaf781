package pipeline

import (
	"encoding/csv"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// CSV carries the values: read back by a CSV reader, every string of
// every record is the string the input held (line breaks, tabs, quotes,
// commas and backslashes included, the text "" and "null" too), a number
// is as written, and an empty string, a null and a key a row lacks are an
// empty field.
func TestCSVReadsBackTheValues(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(42, 1))
	pieces := []string{"a", "b c", "\n", "\t", `\`, `"`, `""`, "null", ",", "é", "漢字", " ", "x\ny", `\n`, "''", "=1"}
	keys := []string{"id", "title", "note", "n", "tags"}
	for i := 0; i < short(200, 40); i++ {
		var rows []map[string]any
		for range 1 + r.IntN(5) {
			row := map[string]any{}
			for _, k := range keys {
				switch r.IntN(6) {
				case 0: // missing
				case 1:
					row[k] = nil
				case 2:
					row[k] = r.IntN(1000) - 500
				default:
					var b strings.Builder
					for range r.IntN(5) {
						b.WriteString(pieces[r.IntN(len(pieces))])
					}
					row[k] = b.String()
				}
			}
			rows = append(rows, row)
		}
		in, _ := json.Marshal(rows)
		out := runAll(string(in), CSV, nil)
		if strings.Contains(out, "\nerror: ") {
			continue // no table: every row empty
		}
		recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil {
			t.Fatalf("not CSV: %v\n%s", err, out)
		}
		header := recs[0]
		for ri, row := range rows {
			got := map[string]string{}
			for ci, h := range header {
				got[h] = recs[1+ri][ci]
			}
			for _, k := range keys {
				v, has := row[k]
				want := ""
				switch x := v.(type) {
				case string:
					want = x
				case int:
					want = strings.TrimSpace(string(must(json.Marshal(x))))
				}
				if _, ok := got[k]; !ok && !has {
					continue // a column no row has
				}
				if got[k] != want {
					t.Fatalf("row %d, %s: read back %q, the input held %q\ninput: %s\ncsv:\n%s", ri, k, got[k], want, in, out)
				}
			}
		}
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
