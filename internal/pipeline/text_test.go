package pipeline

import (
	"github.com/charmbracelet/colorprofile"

	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/asciijson"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// textItems is a list envelope of n rows of even width, as JSON, with text
// that needs escaping in a string: quotes, a backslash, accents, an emoji
// (a surrogate pair when escaped), tabs and newlines.
func textItems(n int) string {
	var b strings.Builder
	b.WriteString("{\n  \"items\": [")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n    {\"id\": \"%08x-7cef-4aa3-aaed-cf4a4599a084\", \"name\": \"Task %05d \\\"q\\\" café 😀\", \"note\": \"a\\\\b\\tc\", \"status\": \"next\"}", i, i)
	}
	b.WriteString("\n  ],\n  \"has_more\": false\n}")
	return b.String()
}

// quote is s as a JSON string; ascii escapes every non-ASCII character,
// as some servers do (Python's json.dumps).
func quote(s string, ascii bool) string {
	q := value.Compact(value.Text(s))
	if !ascii {
		return q
	}
	return asciijson.Escape(q)
}

// A long text block holding JSON is decoded as it is read: its long list
// streams, and the reply is shown as the held one is, byte for byte, with
// what comes around the text (the reply's id, a later block, isError,
// _meta) in its place.
func TestTextBlockStreamsLikeAHeldOne(t *testing.T) {
	t.Parallel() // large inputs: alongside the others, on a second core
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	docs := map[string]string{}
	for _, ascii := range []bool{false, true}[:short(2, 1)] {
		text := quote(textItems(1100), ascii)
		sfx := fmt.Sprintf(" (ascii %v)", ascii)
		docs["JSON-RPC reply"+sfx] = `{"jsonrpc": "2.0", "id": 7, "result": {"content": [{"type": "text", "text": ` + text + `}]}}`
		docs["tool result"+sfx] = `{"content": [{"type": "text", "text": ` + text + `}], "isError": false}`
		docs["more blocks"+sfx] = `{"jsonrpc": "2.0", "id": 7, "result": {"content": [{"type": "text", "text": ` + text + `, "annotations": {"audience": ["user"]}}, {"type": "text", "text": "and a note"}], "_meta": {"progressToken": 3}}}`
		docs["two documents"+sfx] = `{"content": [{"type": "text", "text": ` + quote(textItems(1200)+"\n"+`{"ok": true, "tool": "count", "result": 3}`, ascii) + `}]}`
		docs["a document first"+sfx] = `{"content": [{"type": "text", "text": ` + quote(`{"ok": true, "tool": "count", "result": 3}`+"\n"+textItems(1200), ascii) + `}]}`
		docs["is an error"+sfx] = `{"jsonrpc": "2.0", "id": 7, "result": {"content": [{"type": "text", "text": ` + text + `}], "isError": true}}`
	}
	opts := map[string]Options{
		"plain":            {Output: Plain},
		"human":            {Output: Human, Width: 140, Now: now},
		"verbose":          {Output: Human, Verbose: true, Now: now},
		"markdown":         {Output: Markdown},
		"markdown-verbose": {Output: Markdown, Verbose: true},
	}
	if testing.Short() {
		// short: the two outputs with most of their own code
		opts = map[string]Options{"plain": opts["plain"], "human": opts["human"]}
	}
	for name, doc := range docs {
		for oname, opt := range opts {
			var out strings.Builder
			rn := NewRenderer(&out, opt)
			res, err := rn.Stream(strings.NewReader(doc), "t")
			if err != nil {
				t.Fatalf("%s, %s: %v", name, oname, err)
			}
			if rn.longLists != 1 {
				t.Errorf("%s, %s: %d lists streamed, want 1", name, oname, rn.longLists)
			}
			held := heldString(t, doc, opt)
			if got := out.String(); got != held {
				t.Errorf("%s, %s: streamed output differs from held output\n%s", name, oname, firstDiff(got, held))
			}
			if res.Failed != strings.HasPrefix(name, "is an error") {
				t.Errorf("%s, %s: failed is %v", name, oname, res.Failed)
			}
		}
	}
}

// A text block is held, and shown as it always was, when nothing in it
// streams or it is not JSON after all; in plain output too.
func TestTextBlockHeldUnlessItStreams(t *testing.T) {
	t.Parallel() // large inputs: alongside the others, on a second core
	long := strings.Repeat("word ", 30000)
	docs := map[string]string{
		"short list":    `{"content": [{"type": "text", "text": ` + quote(textItems(500), false) + `}]}`,
		"not JSON":      `{"content": [{"type": "text", "text": ` + quote("{ not JSON, "+long, false) + `}]}`,
		"broken late":   `{"content": [{"type": "text", "text": ` + quote(textItems(600)+", trailing words "+long, false) + `}]}`,
		"second block":  `{"content": [{"type": "text", "text": "first"}, {"type": "text", "text": ` + quote(textItems(1500), false) + `}]}`,
		"structured":    `{"structuredContent": {"a": 1}, "content": [{"type": "text", "text": ` + quote(textItems(1500), false) + `}]}`,
		"resource text": `{"content": [{"type": "resource", "resource": {"uri": "file:///a.json", "text": ` + quote(textItems(1500), false) + `}}]}`,
		"not MCP":       `{"text": ` + quote(textItems(1500), false) + `}`,
	}
	for name, doc := range docs {
		for _, opt := range []Options{{Output: Plain}, {Output: Human, Width: 120}, {Output: Markdown}}[:short(3, 2)] {
			var out strings.Builder
			rn := NewRenderer(&out, opt)
			if _, err := rn.Stream(strings.NewReader(doc), "t"); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if rn.longLists != 0 {
				t.Errorf("%s, output %d: streamed", name, opt.Output)
			}
			if held := heldString(t, doc, opt); out.String() != held {
				t.Errorf("%s, output %d: output differs from held output\n%s", name, opt.Output, firstDiff(out.String(), held))
			}
		}
	}
}

// The input around a text block read as it streams is read as before:
// a document after it is shown, an error after it is located where it is,
// and a string cut short is the input's error, not a panic.
func TestTextBlockThenMoreInput(t *testing.T) {
	t.Parallel()
	doc := `{"content": [{"type": "text", "text": ` + quote(textItems(1500), false) + `}]}`
	got := renderString(t, doc+"\n"+`{"after": "the reply"}`, Options{Output: Plain})
	if !strings.HasSuffix(got, "\nafter: the reply\n") {
		t.Errorf("the document after the reply: %q", got[len(got)-100:])
	}
	for _, bad := range []string{
		doc[:len(doc)-2] + `, "x": nope}`,                                            // a bad token after the text
		doc + "\n" + `{"a": 1,}`,                                                     // a bad document after it
		doc[:len(doc)/2],                                                             // cut inside the text
		strings.Replace(doc, `Task 01400`, "Task\x01", 1),                            // a control character in the string
		strings.Replace(doc, `Task 01400`, `Task \x`, 1),                             // a bad escape
		strings.Replace(doc, `Task 01400`, "Task\n01400", 1),                         // a raw newline inside the text
		strings.Replace(doc, `}]}`, `}], "structuredContent": {"a": [1, nope]}}`, 1), // a bad token in structuredContent, held back
	} {
		for _, opt := range []Options{{Output: Plain}, {Output: Agent}} {
			_, err := NewRenderer(&strings.Builder{}, opt).Stream(strings.NewReader(bad), "t")
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Errorf("output %d, %.40s…: error %v, want an input error", opt.Output, bad[len(bad)-40:], err)
				continue
			}
			// Where the held decoder says the error is, or in the text.
			_, herr := NewDecoder(strings.NewReader(bad), "t").Next()
			var he *InputError
			if errors.As(herr, &he) && (he.Line != ie.Line || he.Col != ie.Col) && !strings.Contains(ie.Error(), "text block") {
				t.Errorf("output %d: error at %d:%d (%v), the held decoder says %d:%d (%v)", opt.Output, ie.Line, ie.Col, ie, he.Line, he.Col, he)
			}
		}
	}
}

// requestEnvelope is khive's answer to a request of ops: results first,
// then status and summary, keys sorted (tool after result) or not.
func requestEnvelope(rows int, sorted bool, more string) string {
	list := string(listEnvelope(rows))
	result := list[strings.Index(list, `"result": `)+len(`"result": `) : len(list)-1]
	op := `{"ok": true, "tool": "list", "result": ` + result + `}`
	if sorted {
		op = `{"ok": true, "result": ` + result + `, "tool": "list"}`
	}
	n := 1
	if more != "" {
		op += ", " + more
		n = 2
	}
	return fmt.Sprintf(`{"results": [%s], "status": "success", "summary": {"aborted": 0, "failed": 0, "succeeded": %d, "total": %d}, "usage": {"db_round_trips": 2}}`, op, n, n)
}

// The list of a one-op request envelope streams where the op's title is
// quiet, or its tool came before its result (khive sorts it after: then
// Markdown and --verbose, which show the title first, hold it); plain
// output, which heads the op with the number of ops, holds back what it
// writes of the ops until that is known. Streamed or held, the output is
// the same.
func TestRequestEnvelopeListStreams(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	opts := map[string]Options{
		"plain":    {Output: Plain},
		"human":    {Output: Human, Width: 100, Now: now},
		"verbose":  {Output: Human, Verbose: true, Now: now},
		"markdown": {Output: Markdown},
	}
	for _, sorted := range []bool{false, true} {
		doc := requestEnvelope(2500, sorted, "")
		for oname, opt := range quickOutputs(opts, "plain", "human") {
			var out strings.Builder
			rn := NewRenderer(&out, opt)
			if _, err := rn.Stream(strings.NewReader(doc), "t"); err != nil {
				t.Fatal(err)
			}
			want := 1
			if sorted && oname != "human" && oname != "plain" {
				want = 0
			}
			if rn.longLists != want {
				t.Errorf("sorted %v, %s: %d lists streamed, want %d", sorted, oname, rn.longLists, want)
			}
			if want == 1 && oname == "verbose" {
				// Widths come from the first rows, so later, wider rows
				// overflow their column, but nothing is cut.
				if strings.Contains(out.String(), "…") || !strings.Contains(out.String(), "Task number 2499: wire the recall pipeline into the daemon") {
					t.Errorf("sorted %v, verbose: a streamed row was cut", sorted)
				}
				continue
			}
			if held := heldString(t, doc, opt); out.String() != held {
				t.Errorf("sorted %v, %s: output differs from held output\n%s", sorted, oname, firstDiff(out.String(), held))
			}
		}
	}
}

// When a request's first op streamed as a one-op request's, ops after it
// are still shown, numbered, with the request's totals, and a failed one
// fails the run.
func TestRequestEnvelopeMoreOpsAfterAStreamedOne(t *testing.T) {
	doc := requestEnvelope(1500, true, `{"ok": false, "tool": "get", "error": {"kind": "not_found", "message": "no entity 1234"}}`)
	doc = strings.Replace(doc, `"status": "success"`, `"status": "partial"`, 1)
	var out strings.Builder
	rn := NewRenderer(&out, Options{Output: Human, Width: 120})
	res, err := rn.Stream(strings.NewReader(doc), "t")
	if err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if rn.longLists != 1 || !res.Failed {
		t.Errorf("streamed %d, failed %v", rn.longLists, res.Failed)
	}
	for _, want := range []string{"Task number 1499", "#1 ✗ get", "no entity 1234", "succeeded · partial", "db round trips"} {
		if !strings.Contains(got, want) {
			t.Errorf("lost %q:\n%s", want, got[len(got)-400:])
		}
	}
}

// An MCP reply with both a text block and structuredContent (the same
// JSON, as MCP asks): held, a person sees the structured content; when the
// text was shown as it was read, the structured content is not read at
// all, and the output is the same. Plain shows it once too: the text
// block says nothing the structured content does not.
func TestTextBlockThenStructuredContent(t *testing.T) {
	t.Parallel() // large inputs: alongside the others, on a second core
	env := requestEnvelope(1100, false, "")
	doc := `{"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": ` + quote(env, false) + `}], "structuredContent": ` + env + `, "isError": false}}`
	for _, opt := range []Options{{Output: Human, Width: 100}, {Output: Markdown}}[:short(2, 1)] {
		var out strings.Builder
		rn := NewRenderer(&out, opt)
		if _, err := rn.Stream(strings.NewReader(doc), "t"); err != nil {
			t.Fatal(err)
		}
		if rn.longLists != 1 {
			t.Errorf("output %d: %d lists streamed", opt.Output, rn.longLists)
		}
		if held := heldString(t, doc, opt); out.String() != held {
			t.Errorf("output %d: output differs from held output\n%s", opt.Output, firstDiff(out.String(), held))
		}
	}
	// (--verbose, which holds a text block this long as it reads it,
	// still shows both.)
	for _, opt := range []Options{{Output: Plain}} {
		got := renderString(t, doc, opt)
		if n := strings.Count(got, "Task number 1099"); n != 1 {
			t.Errorf("output %d, verbose %v: the last row %d times, want 1 (the same JSON twice is said once)", opt.Output, opt.Verbose, n)
		}
	}
}

// A text block cut short, whose list an output holds rather than shows as
// it comes (--verbose and Markdown show the tool, which comes after it),
// writes nothing of the reply before the error: the text is held too.
func TestTextBlockCutShortWhereTheListIsHeld(t *testing.T) {
	inner := `{"ok": true, "result": ` + textItems(1500) + `, "tool": "list"}`
	doc := `{"jsonrpc": "2.0", "id": 3, "result": {"content": [{"type": "text", "text": ` + quote(inner, false) + `}]}}`
	cut := doc[:len(doc)*3/4]
	for _, opt := range []Options{{Output: Human, Width: 100, Verbose: true}, {Output: Markdown}} {
		var out strings.Builder
		_, err := NewRenderer(&out, opt).Stream(strings.NewReader(cut), "t")
		var ie *InputError
		if !errors.As(err, &ie) || out.Len() > 0 {
			t.Errorf("output %d, verbose %v: %q written, error %v", opt.Output, opt.Verbose, out.String(), err)
		}
	}
}

// Identical notifications in a row are one line with a count in human
// and Markdown output, every one in plain; a different one in between
// breaks the run, and a warning log is not dimmed like a debug one.
func TestRepeatedNotificationsSaidOnce(t *testing.T) {
	same := `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}` + "\n"
	warn := `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"warning","data":"disk almost full"}}` + "\n"
	doc := same + same + same + warn + same
	got := renderString(t, doc, Options{Output: Human, Width: 80})
	want := "notifications/tools/list_changed ×3\n[warning] disk almost full\nnotifications/tools/list_changed\n"
	if got != want {
		t.Errorf("human:\n%s\nwant:\n%s", got, want)
	}
	sse := strings.ReplaceAll("data: "+strings.TrimSuffix(same+same, "\n"), "\n", "\n\ndata: ") + "\n\n"
	if got := renderString(t, sse, Options{Output: Human, Width: 80}); got != "notifications/tools/list_changed ×2\n" {
		t.Errorf("event stream: %q", got)
	}
	if got := renderString(t, doc, Options{Output: Plain}); strings.Count(got, "notification: notifications/tools/list_changed") != 4 {
		t.Errorf("plain output lost a notification:\n%s", got)
	}
	colour := renderString(t, warn+`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"debug","data":"x"}}`, Options{Output: Human, Width: 80, Color: colorprofile.ANSI})
	if lines := strings.Split(colour, "\n"); len(lines) < 2 || lines[0][:8] == lines[1][:8] {
		t.Errorf("a warning looks like a debug line: %q", colour)
	}
}

// An answer with nothing in it says so: never no output, never a bare [].
// A success only where a protocol says it is one (a JSON-RPC result, an
// MCP tool result); otherwise what it holds, its keys too.
func TestEmptyAnswersSaySo(t *testing.T) {
	for doc, want := range map[string]string{
		`[]`:                                   "0 items",
		`{}`:                                   "empty: {}",
		`{"a":null,"b":""}`:                    `empty: {"a":null,"b":""}`,
		`{"devices":[]}`:                       `empty: {"devices":`,
		`{"jsonrpc":"2.0","id":1,"result":{}}`: "✓ empty result",
		`{"jsonrpc":"2.0","id":1,"result":{"devices":[]}}`: `✓ empty result · {"devices":`,
		`{"content":[]}`:                        "✓ empty result",
		`{"ok":true,"tool":"list","result":[]}`: "0 results",
		`null`:                                  "null",
	} {
		for _, out := range []Output{Human, Markdown} {
			got := renderString(t, doc, Options{Output: out, Width: 80})
			if !strings.Contains(got, want) || strings.TrimSpace(got) == "[]" {
				t.Errorf("%s, output %d: %q, want %q", doc, out, got, want)
			}
		}
	}
}

// An HTTP body that is not JSON (a text error page) is shown as text after
// the headers, and its status decides the exit; a JSON body sent as text
// is still JSON.
func TestHTTPTextBody(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		failed   bool
	}{
		{"HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nmalformed payload\n", "malformed payload", true},
		{"HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\n\r\n404 page not found\n", "404 page not found", true},
		{"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n{\"a\": 1}\n", "a  1", false},
	} {
		var out strings.Builder
		res, err := NewRenderer(&out, Options{Output: Human, Width: 80}).Stream(strings.NewReader(tt.in), "t")
		if err != nil || !strings.Contains(out.String(), tt.want) || res.Failed != tt.failed {
			t.Errorf("%q: %v, failed %v\n%s", tt.in, err, res.Failed, out.String())
		}
	}
}

// codebase-mcp finding nothing says "0 results", and fastmcp's log
// records ({"msg": …, "extra": null}) show their message.
func TestCodebaseEmptyAndFastmcpLogs(t *testing.T) {
	got := renderString(t, `{"results":[],"total_count":0,"project_id":"p","database_name":"d","latency_ms":12}`, Options{Output: Human, Width: 80})
	if !strings.HasPrefix(got, "0 results") {
		t.Errorf("empty code search: %q", got)
	}
	log := `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"codebase","data":{"msg":"Searching for auth","extra":null}}}`
	if got := renderString(t, log, Options{Output: Human, Width: 80}); got != "[info] codebase: Searching for auth\n" {
		t.Errorf("fastmcp log: %q", got)
	}
}
