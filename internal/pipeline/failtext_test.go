package pipeline

import (
	"encoding/json"
	"io"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
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

// A Result says what failed, in every output: each failed op of a batch
// with its number, a JSON-RPC error with its code and the reply's id, an
// isError result, an HTTP status.
func TestResultSaysWhatFailed(t *testing.T) {
	batch := `{"results": [{"ok": true, "tool": "create", "result": {"id": "a"}}, {"ok": false, "tool": "get", "error": {"kind": "not_found", "message": "no entity"}}, {"ok": false, "tool": "link", "aborted": true, "message": "an earlier op failed"}], "summary": {"succeeded": 1, "failed": 1, "aborted": 1}}`
	rpc := `{"jsonrpc": "2.0", "id": 7, "error": {"code": -32601, "message": "Method not found"}}`
	tool := `{"jsonrpc": "2.0", "id": 8, "result": {"content": [{"type": "text", "text": "disk full"}], "isError": true}}`
	http := "HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\n\r\n{\"error\": \"no such thing\"}"
	outs := []Output{Human, Plain, Agent, Markdown, JSON, TSV, CSV}
	for _, out := range outs[:short(len(outs), 3)] {
		for _, tt := range []struct {
			doc  string
			want []Failure
		}{
			{batch, []Failure{{Op: 1, Kind: "not_found", Message: "no entity"}, {Op: 2, Kind: "aborted", Message: "an earlier op failed"}}},
			{rpc, []Failure{{Op: -1, Kind: "-32601 method not found", Message: "Method not found", ID: "7"}}},
			{tool, []Failure{{Op: -1, Kind: "tool error", Message: "disk full", ID: "8"}}},
		} {
			var sb strings.Builder
			res, err := NewRenderer(&sb, Options{Output: out, Width: 80, Now: time.Now()}).Stream(strings.NewReader(tt.doc), "t")
			if err != nil {
				t.Fatal(err)
			}
			if !res.Failed || !reflect.DeepEqual(res.Failures, tt.want) {
				t.Errorf("%v: %s:\n got %+v\nwant %+v", out, tt.doc[:30], res.Failures, tt.want)
			}
		}
		var sb strings.Builder
		res, _ := NewRenderer(&sb, Options{Output: out, Width: 80, Now: time.Now()}).Stream(strings.NewReader(http), "t")
		if len(res.Failures) == 0 || res.Failures[0].Status != 404 {
			t.Errorf("%v: HTTP: %+v", out, res.Failures)
		}
	}
}

// A failure is recorded once, with the reply's id, whatever the size of
// the reply and the output: a structured content long enough to be held
// back is judged on its skeleton and again whole. A failed HTTP response
// is one failure, the body's, with its status.
func TestFailuresRecordedOnce(t *testing.T) {
	t.Parallel()
	var ops []string
	for i := range 20000 { // past what a reply's structured content holds in memory
		op := `{"ok": true, "tool": "create", "result": {"id": "n` + strconv.Itoa(i) + `"}}`
		if i == 3 {
			op = `{"ok": false, "tool": "get", "error": {"kind": "not_found", "message": "no entity"}}`
		}
		ops = append(ops, op)
	}
	reply := `{"jsonrpc": "2.0", "id": 42, "result": {"content": [{"type": "text", "text": "ran"}], "structuredContent": {"results": [` + strings.Join(ops, ",") + `], "status": "partial", "summary": {"succeeded": 19999, "failed": 1}}}}`
	http := "HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\n\r\n" + `{"jsonrpc": "2.0", "id": 1, "error": {"code": -32001, "message": "Session not found"}}`
	outputs := []Output{Human, Plain, JSON, Agent, TSV, Markdown, CSV}
	if testing.Short() {
		outputs = outputs[:5] // one of each way it is read: Markdown as human, CSV as TSV
	}
	for _, out := range outputs {
		opt := Options{Output: out, Width: 80, Now: time.Now(), TempDir: t.TempDir()}
		res, err := NewRenderer(io.Discard, opt).Stream(strings.NewReader(reply), "t")
		if err != nil {
			t.Fatal(err)
		}
		if want := []Failure{{Op: 3, Kind: "not_found", Message: "no entity", ID: "42"}}; !reflect.DeepEqual(res.Failures, want) {
			t.Errorf("%v: %+v", out, res.Failures)
		}
		res, _ = NewRenderer(io.Discard, opt).Stream(strings.NewReader(http), "t")
		if len(res.Failures) != 1 || res.Failures[0].Status != 404 || res.Failures[0].Message != "Session not found" {
			t.Errorf("%v: HTTP: %+v", out, res.Failures)
		}
	}
}

// A failure with no kind is of kind "failed"; a string id keeps its
// quotes, so that a program tells "7" from 7.
func TestFailureKindAndID(t *testing.T) {
	for doc, want := range map[string]Failure{
		`{"ok": false}`:                  {Op: -1, Kind: "failed"},
		`{"ok": false, "error": "boom"}`: {Op: -1, Kind: "failed", Message: "boom"},
		`{"jsonrpc": "2.0", "id": "7", "error": {"code": -32601, "message": "nope"}}`: {Op: -1, Kind: "-32601 method not found", Message: "nope", ID: `"7"`},
	} {
		res, _ := NewRenderer(io.Discard, Options{Output: Plain}).Stream(strings.NewReader(doc), "t")
		if len(res.Failures) != 1 || res.Failures[0] != want {
			t.Errorf("%s: %+v, want %+v", doc, res.Failures, want)
		}
	}
}
