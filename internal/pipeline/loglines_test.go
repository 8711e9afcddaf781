package pipeline

import (
	"strings"
	"testing"
	"time"
)

// Log lines before and between documents are notes in every output: a
// line is a document only when it is JSON to its end (or opens an object
// or an array that goes on). Every document after them is shown, and a
// banner line longer than any buffer is a note as a short one is.
func TestLogLinesAreNotesInEveryOutput(t *testing.T) {
	logs := []string{"2026-11-28 13:46:52,123 - root - INFO - ready", "123 items", "-1 retries", "true story",
		"null pointer", "- item", "192.168.1.1 connected", strings.Repeat("x", 100_000)}
	var in strings.Builder
	for i, l := range logs {
		in.WriteString(l + "\n" + `{"ok": true, "tool": "get", "result": {"id": "d` + strings.Repeat("0", i) + `"}}` + "\n")
	}
	for _, o := range []Output{Plain, Human, Markdown, JSON, Agent, TSV, CSV} {
		var out strings.Builder
		res, err := NewRenderer(&out, Options{Output: o, Width: 80, Now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}).Stream(strings.NewReader(in.String()), "t")
		if err != nil || res.Failed {
			t.Fatalf("%v: %v, failed %v", o, err, res.Failed)
		}
		if !strings.Contains(out.String(), "d"+strings.Repeat("0", len(logs)-1)) {
			t.Errorf("%v: the last document not shown:\n%.400s", o, out.String())
		}
	}
}
