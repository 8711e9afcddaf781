package pipeline

import (
	"fmt"
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

// A stream of JSON-RPC replies (a session) ends on their count and how
// many failed, in human and Markdown output; one reply alone, and the
// outputs for scripts, say nothing more.
func TestSessionEndsOnItsRepliesAndFailures(t *testing.T) {
	session := `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"hi"}]}}
{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}
{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found"}}
{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"bad"}],"isError":true}}
`
	for o, want := range map[Output]string{Human: "3 replies · 2 failed", Markdown: "3 replies · 2 failed", Plain: ""} {
		got := renderString(t, session, Options{Output: o, Width: 80})
		if want != "" && !strings.HasSuffix(strings.TrimRight(got, "_\n"), want) || want == "" && strings.Contains(got, "replies") {
			t.Errorf("%v: %q", o, got)
		}
	}
	if got := renderString(t, `{"jsonrpc":"2.0","id":1,"result":{}}`, Options{Output: Human, Width: 80}); strings.Contains(got, "repl") {
		t.Errorf("one reply: %q", got)
	}
}

// {"result": [...]}, as the Go SDK and FastMCP wrap a result that is no
// object, streams its list like a khive envelope's, and shows what the
// held document shows.
func TestWrappedResultListStreams(t *testing.T) {
	var rows []string
	for i := range 3000 {
		rows = append(rows, fmt.Sprintf(`{"id": %d, "name": "item %d"}`, i, i))
	}
	doc := `{"result": [` + strings.Join(rows, ",") + `]}`
	out, opened := renderOpened(t, doc, Options{Output: Plain})
	if !opened {
		t.Error("held, not streamed")
	}
	if held := heldString(t, doc, Options{Output: Plain}); out != held {
		t.Errorf("streamed differs from held:\n%s", firstDiff(out, held))
	}
}
