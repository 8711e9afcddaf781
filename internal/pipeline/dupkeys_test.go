package pipeline

import (
	"strings"
	"testing"
)

// A document's keys that say whether it failed are read as serde_json
// (khive), Python and JavaScript read them: the last of duplicate keys
// wins, in every output, so a snapshot's exit code is what the server
// meant.
func TestLastDuplicateKeyDecidesFailure(t *testing.T) {
	t.Parallel()
	batch := func(first, last string) string {
		return `{"results": [{"ok": ` + first + `, "tool": "gtd.next", "result": {"items": []}, "ok": ` + last + `},` +
			`{"ok": true, "tool": "gtd.list", "result": {"items": []}}], "status": "success", "summary": {"succeeded": 2, "failed": 0}}`
	}
	for _, c := range []struct {
		doc    string
		failed bool
	}{
		{`{"ok": true, "tool": "list", "result": {"a": 1}, "ok": false}`, true},
		{`{"ok": false, "tool": "list", "error": {"kind": "e", "message": "m"}, "ok": true}`, false},
		{`{"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": "hi"}], "isError": false, "isError": true}}`, true},
		{`{"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": "hi"}], "isError": true, "isError": false}}`, false},
		{`{"success": false, "message": "gone", "success": true}`, false},
		{`{"success": true, "message": "gone", "success": false}`, true},
		{batch("true", "false"), true},
		{batch("false", "true"), false},
	} {
		for _, o := range []Output{Plain, Human, Markdown, JSON, Agent, TSV, CSV} {
			var out strings.Builder
			res, err := NewRenderer(&out, Options{Output: o, Width: 100}).Stream(strings.NewReader(c.doc), "t")
			if err != nil && o != TSV && o != CSV {
				t.Fatalf("output %d: %v\n%s", o, err, c.doc)
			}
			if res.Failed != c.failed {
				t.Errorf("output %d: failed %v, want %v (the last key decides)\n%s\n%s", o, res.Failed, c.failed, c.doc, out.String())
			}
		}
	}
}
