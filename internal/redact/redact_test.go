package redact

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// The reader gives what replacing the whole input at once gives, however
// the input is cut into reads: on one long line (a match across a read's
// end) and on many.
func TestReaderIsTheWholeReplaced(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"items": [`)
	for i := range 6000 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id": "%08x-0000-4000-8000-%012x", "at": "2026-05-%02dT10:00:00Z", "took": %d, "text": "{\"took\": %d}"}`, i%97, i%89, 1+i%28, i, i)
	}
	b.WriteString("]}")
	for _, in := range []string{b.String(), strings.ReplaceAll(b.String(), ",{", ",\n{")} {
		want := string(New([]string{"took"}).replace(nil, []byte(in)))
		for name, r := range map[string]io.Reader{
			"whole":    strings.NewReader(in),
			"one byte": iotest.OneByteReader(strings.NewReader(in)),
			"halves":   iotest.HalfReader(strings.NewReader(in)),
		} {
			got, err := io.ReadAll(New([]string{"took"}).Reader(r))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != want {
				t.Errorf("%s: the reader's output differs from the whole replaced", name)
			}
		}
		if strings.Contains(want, "-0000-4000-") || strings.Contains(want, "2026-05-") || strings.Contains(want, `"took": 1`) {
			t.Errorf("not all replaced: %.300s", want)
		}
	}
}

// One ID keeps its label; labels count from 1 by first appearance; a key's
// value of any type becomes a string, escaped inside a string of JSON.
func TestLabels(t *testing.T) {
	in := `{"a": "0587212a-56b7-4cfe-8d9d-ff9714f60b7a", "b": "x 41f60be0-7cef-4aa3-aaed-cf4a4599a084 y", "c": ["0587212a-56b7-4cfe-8d9d-ff9714f60b7a"],
"t": "2026-05-23T16:18:15.234567Z", "d": "Tue, 24 Nov 2026 15:31:39 GMT", "took": null, "s": "{\"took\": \"3 s\", \"k\": 1}", "h": "26e75ca442846a65cc15322d7d0acb2b"}`
	want := `{"a": "<id-1>", "b": "x <id-2> y", "c": ["<id-1>"],
"t": "<time-1>", "d": "<time-2>", "took": "<took>", "s": "{\"took\": \"<took>\", \"k\": 1}", "h": "<id-3>"}`
	if got := string(New([]string{"took"}).replace(nil, []byte(in))); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// What looks like an ID but is a number stays (a label would break the
// JSON); an escaped value that ends in a backslash ends where it ends.
func TestLabelsKeepTheJSONValid(t *testing.T) {
	in := `{"n": 12345678901234567890123456789012, "e": 1.234567e8, "f": 123456e7, "t": "{\"path\": \"C:\\\\dir\\\\\", \"keep\": \"visible\"}",
"a": "0190a1b2-0000-7000-8000-000000000001", "b": "0190a1b2-1111-7000-8000-000000000001", "id": "0190a1b2"}`
	want := `{"n": 12345678901234567890123456789012, "e": 1.234567e8, "f": 123456e7, "t": "{\"path\": \"<path>\", \"keep\": \"visible\"}",
"a": "<id-1>", "b": "<id-2>", "id": "<id-3>"}`
	if got := string(New([]string{"path"}).replace(nil, []byte(in))); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
