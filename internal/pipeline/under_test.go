package pipeline

import (
	"fmt"
	"strings"
	"testing"
)

// A list of records inside each row (ip -j addr's addr_info) is shown
// under its row as a table, never as "N items", in a held table and in a
// streamed one alike; a list a key of khive names (blocked_by) keeps its
// cell.
func TestListOfRecordsShownUnderItsRow(t *testing.T) {
	t.Parallel()
	row := func(i int) string {
		return fmt.Sprintf(`{"ifindex": %d, "ifname": "eth%d", "mtu": 1500, "addr_info": [{"family": "inet", "local": "10.0.%d.%d", "prefixlen": 24}]}`, i, i, i/250, i%250)
	}
	for _, n := range []int{3, 3000} {
		rows := make([]string, n)
		for i := range rows {
			rows[i] = row(i)
		}
		doc := "[" + strings.Join(rows, ",") + "]"
		md := renderString(t, doc, Options{Output: Markdown})
		for _, i := range []int{0, n - 1} {
			if !strings.Contains(md, "**addr info of ") || !strings.Contains(md, fmt.Sprintf("| 10.0.%d.%d |", i/250, i%250)) {
				t.Errorf("%d rows, Markdown: row %d's list not after the table", n, i)
			}
		}
		out, opened := renderOpened(t, doc, Options{Output: Human, Width: 80})
		if n > 1000 && !opened {
			t.Fatalf("%d rows: not streamed", n)
		}
		if strings.Contains(out, " item") && !strings.HasSuffix(out, " items\n") {
			t.Errorf("%d rows: a list counted, not shown:\n%s", n, out[:min(len(out), 600)])
		}
		for _, i := range []int{0, n - 1} {
			ip := fmt.Sprintf("10.0.%d.%d ", i/250, i%250)
			at := strings.Index(out, fmt.Sprintf("eth%d ", i))
			if at < 0 {
				at = strings.Index(out, fmt.Sprintf("eth%d\n", i))
			}
			if at < 0 || !strings.Contains(out[at:min(len(out), at+200)], ip) {
				t.Errorf("%d rows: row %d's address %s not under it", n, i, ip)
			}
		}
	}
}

// A later row whose value in a column of lists of records is something
// else (a string, a list of scalars) says it under the row: the column is
// not shown, so nothing else would.
func TestUnderColumnKeepsOtherValues(t *testing.T) {
	var rows []string
	for i := range 1100 {
		v := `[{"a": 1}]`
		if i == 1099 {
			v = `"LOST-string"`
		}
		rows = append(rows, fmt.Sprintf(`{"id": %d, "name": "n%d", "list": %s}`, i, i, v))
	}
	if got := renderString(t, "["+strings.Join(rows, ",")+"]", Options{Output: Human, Width: 80}); !strings.Contains(got, "LOST-string") {
		t.Error("a later row's value of an under column dropped")
	}
}

// Records of one kind whose keys vary (go test -json's events, some with
// Test, Output or Elapsed) are one table, not a block and a table in
// turn; a column empty on most rows gives its room to those filled.
func TestRunOfVaryingRecordsIsOneTable(t *testing.T) {
	events := `{"Time":"2026-11-28T16:57:15Z","Action":"start","Package":"m"}
{"Time":"2026-11-28T16:57:15Z","Action":"run","Package":"m","Test":"TestAdd"}
{"Time":"2026-11-28T16:57:15Z","Action":"output","Package":"m","Test":"TestAdd","Output":"=== RUN   TestAdd\n"}
{"Time":"2026-11-28T16:57:15Z","Action":"pass","Package":"m","Test":"TestAdd","Elapsed":0}
`
	got := renderString(t, events, Options{Output: Human, Width: 80})
	if strings.Count(got, "ACTION") != 1 || strings.Contains(got, "Action ") || !strings.Contains(got, "4 items") {
		t.Errorf("not one table:\n%s", got)
	}
}
