package pipeline

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// Property: a failure's text is never cut. Whatever the width, every word
// of the message of a failed op, a failed document or a failure listed in
// a manifest of saved results is on the screen, in order; the message
// wraps, it never ends in an ellipsis.
func TestFailureTextNeverCut(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 24))
	words := strings.Fields("invalid input task is in terminal state done no further transitions allowed " +
		"backend timed out after retrying the storage layer twice /home/ocean/.khive/exports/triage-2026-05-23.jsonl " +
		"valid: inbox, next, waiting, someday, active, cancelled (aliases: in_progress, todo, blocked)")
	message := func() string {
		n := 3 + rng.IntN(40)
		ws := make([]string, n)
		for i := range ws {
			ws[i] = words[rng.IntN(len(words))]
		}
		return strings.Join(ws, " ")
	}
	enc := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for i := range 300 {
		msg := message()
		errObj := map[string]any{"kind": "runtime_error", "message": msg}
		var doc string
		switch i % 4 {
		case 0: // a failed document
			doc = enc(map[string]any{"ok": false, "tool": "gtd.complete", "error": errObj})
		case 1: // a failed op in a batch
			doc = enc(map[string]any{
				"results": []any{
					map[string]any{"ok": true, "tool": "get", "result": map[string]any{"id": "x"}},
					map[string]any{"ok": false, "tool": "gtd.complete", "error": errObj},
				},
				"summary": map[string]any{"total": 2, "succeeded": 1, "failed": 1, "aborted": 0},
			})
		case 2: // a failure a manifest lists
			doc = enc(map[string]any{"checksum": "ab", "path": "/x.jsonl", "rows": 2, "schema_fingerprint": "cd",
				"per_column_null_counts": map[string]any{}, "summary": map[string]any{"failed": 1, "succeeded": 1},
				"failures": []any{map[string]any{"op_index": 1, "tool": "gtd.complete", "error": errObj}}})
		case 3: // an error string
			doc = enc(map[string]any{"ok": false, "tool": "search", "error": msg})
		}
		width := 30 + rng.IntN(170)
		got := renderString(t, doc, Options{Output: Human, Width: width})
		// Wrapping only breaks lines (a word wider than a line, inside
		// it): without white space the message is in the output whole.
		if !strings.Contains(strings.Join(strings.Fields(got), ""), strings.Join(strings.Fields(msg), "")) {
			t.Fatalf("width %d: the message is not shown whole\nmessage: %s\n%s", width, msg, got)
		}
		for _, ln := range strings.Split(got, "\n") {
			if strings.HasSuffix(ln, "…") {
				t.Fatalf("width %d: a cut line:\n%s", width, got)
			}
		}
	}
}
