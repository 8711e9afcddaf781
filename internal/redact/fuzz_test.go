package redact

import (
	"encoding/json"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// The redacted input is the same however it is read, and JSON stays JSON:
// what a decoder takes before, it takes after.
func FuzzReader(f *testing.F) {
	for _, s := range []string{
		`{"id": "12345678", "full_id": "0190a1b2-0000-7000-8000-000000000001", "at": "2026-11-28T10:00:00Z"}`,
		`{"text": "{\"token\": \"S\", \"log\": \"2026-11-28T10:00:00Z ok\\n\"}", "n": 1.5e000000000000000000000000000000}`,
		"HTTP/1.1 200 OK\r\nMcp-Session-Id: Q5ZAGKG3\r\n\r\ndata: {\"a\":\n\ndata: \"b\"}\n\n",
		`["\ud800 0190a1b2-0000-7000-8000-000000000001", "Fri, 27 Nov 2026 10:00:00 GMT"]`,
	} {
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, in string, cut uint8) {
		keys := []string{"token", "meta.took"}
		whole := redacted(keys, in)
		n := 1 + int(cut)%len(in+"x")
		r := io.MultiReader(strings.NewReader(in[:min(n, len(in))]), iotest.OneByteReader(strings.NewReader(in[min(n, len(in)):])))
		got, err := io.ReadAll(New(keys).Reader(r))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != whole {
			t.Fatalf("read in pieces:\n%q\nwhole:\n%q", got, whole)
		}
		if json.Valid([]byte(in)) && !json.Valid([]byte(whole)) {
			t.Fatalf("JSON made invalid:\n%q\n%q", in, whole)
		}
	})
}
