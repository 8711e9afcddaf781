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

// khive's partial outcomes are failures: a non-atomic op whose result says
// some items failed (failed > 0, or errors listed) exits 1 in every output
// and is headed so, its errors first; a validation report with a failed
// rule of severity error exits 1, one of severity warning does not. (A
// bulk link where 2 of 4 links failed was headed ✓ link and exited 0.)
func TestPartialOutcomesFail(t *testing.T) {
	t.Parallel()
	link := `{"ok": true, "tool": "link", "result": {"attempted": 4, "created": 1, "skipped": 1, "failed": 2, "errors": [{"index": 1, "error": "target not found"}, {"index": 3, "error": "relation not allowed"}]}}`
	for _, c := range []struct {
		doc    string
		failed bool
	}{
		{link, true},
		{`{"ok": true, "tool": "link", "result": {"attempted": 4, "created": 4, "failed": 0, "errors": []}}`, false},
		{`{"ok": true, "tool": "merge", "result": {"errors": [{"error": "x"}]}}`, true},
		{`{"rules": [{"id": "r1", "passed": false, "severity": "error", "violations": [{"entity": "e1", "message": "m"}]}], "summary": {"passed": false}}`, true},
		{`{"rules": [{"id": "r1", "passed": false, "severity": "warning"}], "summary": {"passed": true}}`, false},
	} {
		for _, o := range []Output{Plain, Human, Markdown, JSON, Agent, TSV, CSV} {
			var out strings.Builder
			res, _ := NewRenderer(&out, Options{Output: o, Width: 100}).Stream(strings.NewReader(c.doc), "t")
			if res.Failed != c.failed {
				t.Errorf("output %d: failed %v, want %v\n%s", o, res.Failed, c.failed, c.doc)
			}
		}
	}
	got := renderString(t, link, Options{Output: Human, Width: 100})
	if !strings.HasPrefix(got, "! link  2 of 4 failed\n  failed     2\n  errors") {
		t.Errorf("not headed as partial, errors first:\n%s", got)
	}
}
