package pipeline

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// levelLine is a notification's line as human output writes it: its level in
// brackets first.
var levelLine = regexp.MustCompile(`^\s*\[(debug|info|notice|warning|error|critical|alert|emergency)\]`)

// Every capture of a real server reads as a person wants at 80 and 120
// columns (issue 44): no notification shows raw JSON, no tool's
// description is empty where the server gave one, and no tab is shown
// as \t.
func TestCapturesReadRight(t *testing.T) {
	t.Parallel()
	var files []string
	for _, pat := range []string{"*.json", "*.ndjson", "*.txt", "*.sse", "*.http"} {
		m, _ := filepath.Glob(filepath.Join("../../testdata/mcp", pat))
		files = append(files, m...)
	}
	if len(files) < 200 {
		t.Fatalf("only %d captures", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{80, 120} {
			var out strings.Builder
			NewRenderer(&out, Options{Output: Human, Width: w, Now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}).Stream(bytes.NewReader(data), f)
			got := out.String()
			name := filepath.Base(f)
			for _, ln := range strings.Split(got, "\n") {
				// A field's value may be an object (task={"id":4,…}),
				// the line itself not.
				if levelLine.MatchString(ln) && strings.Contains(strings.ReplaceAll(ln, `={"`, ""), `{"`) {
					t.Errorf("%s at %d: a notification shows raw JSON:\n%s", name, w, ln)
				}
				if strings.Contains(ln, `\t`) && !strings.Contains(string(data), `\\t`) {
					t.Errorf("%s at %d: a tab shown as \\t:\n%s", name, w, ln)
				}
			}
			for _, d := range captureDocs(t, data) {
				res, _ := d.Get("result")
				tools, _ := res.Get("tools")
				for _, tool := range tools.Items {
					desc := strings.Fields(tool.Str("description"))
					if len(desc) > 0 && !strings.Contains(got, desc[0]) {
						t.Errorf("%s at %d: tool %s shows no description (%q)", name, w, tool.Str("name"), desc[0])
					}
				}
			}
		}
	}
}

// A log message that ends in a JSON object (task-master's "… with args:
// {…}") shows the object's fields as the rest of a log line does; plain
// output keeps the message as written.
func TestLogMessageJSONTail(t *testing.T) {
	doc := `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":{"message":"Adding subtask with args: {\"id\":\"3\",\"title\":\"Hide no column\"}"}}}`
	if got := renderString(t, doc, Options{Output: Human, Width: 100}); !strings.Contains(got, "[info] Adding subtask with args: id=3  title=Hide no column\n") {
		t.Errorf("human:\n%s", got)
	}
	if got := renderString(t, doc, Options{Output: Plain}); !strings.Contains(got, `Adding subtask with args: {\"id\":\"3\"`) && !strings.Contains(got, `Adding subtask with args: {"id":"3"`) {
		t.Errorf("plain:\n%s", got)
	}
}

// A batch taller than the terminal says which ops failed in a line at the
// top too, where a person (or less) starts reading; one that fits, or one
// with nothing failed, does not.
func TestTallBatchSaysFailuresFirst(t *testing.T) {
	batch := func(n int, failed ...int) string {
		var ops []string
		for i := range n {
			op := fmt.Sprintf(`{"ok": true, "tool": "create", "result": {"id": "a63cdd5c-1126-4f65-8b0e-b3be7110f0%02d", "name": "n%d"}}`, i, i)
			if slices.Contains(failed, i) {
				op = fmt.Sprintf(`{"ok": false, "tool": "get", "error": {"kind": "not_found", "message": "no entity %d"}}`, i)
			}
			ops = append(ops, op)
		}
		return `{"results": [` + strings.Join(ops, ",") + fmt.Sprintf(`], "status": "partial", "summary": {"succeeded": %d, "failed": %d, "aborted": 0, "total": %d}}`, n-len(failed), len(failed), n)
	}
	opt := Options{Output: Human, Width: 80, Height: 30}
	got := renderString(t, batch(20, 7, 13), opt)
	if !strings.HasPrefix(got, "✗ #7 get · ✗ #13 get\n\n#0 ✓ create") {
		t.Errorf("tall batch:\n%s", got)
	}
	for _, doc := range []string{batch(3, 1), batch(20)} {
		if got := renderString(t, doc, opt); strings.HasPrefix(got, "✗ #") {
			t.Errorf("a line at the top of a short or successful batch:\n%s", got)
		}
	}
	opt.Height = 0 // not a terminal
	if got := renderString(t, batch(20, 7), opt); strings.HasPrefix(got, "✗ #") {
		t.Errorf("a line at the top with no terminal:\n%s", got)
	}
}

// A Markdown table in a tool's text is drawn as a table fitted to the
// width, a row whose cell holds a line break the server did not escape
// joined, a column left out said; not pipe rows cut at the edge.
func TestMarkdownTableInToolText(t *testing.T) {
	data, err := os.ReadFile("../../testdata/mcp/taskmgr_get_next_task.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{50, 80, 120} {
		got := renderString(t, string(data), Options{Output: Human, Width: w})
		if strings.Contains(got, "|---") || strings.Contains(got, "| task-") || !strings.Contains(got, "Task ID  ") || !strings.Contains(got, "task-3  ") {
			t.Errorf("at %d:\n%s", w, got)
		}
	}
	data, err = os.ReadFile("../../testdata/mcp/taskmgr_list_requests.json")
	if err != nil {
		t.Fatal(err)
	}
	if got := renderString(t, string(data), Options{Output: Human, Width: 50}); !strings.Contains(got, "1 column hidden: Approved (-w)\n") {
		t.Errorf("a column left out unsaid:\n%s", got)
	}
}

// mcp-taskmanager answers a missing task with {"status": "task_not_found",
// "message": …} and no isError: its own vocabulary (glyphs) says it
// failed, so it is shown as a failure and exits 1.
func TestServerVocabularyFailure(t *testing.T) {
	data, err := os.ReadFile("../../testdata/mcp/taskmgr_task_not_found.json")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	res, err := NewRenderer(&out, Options{Output: Human, Width: 80}).Stream(bytes.NewReader(data), "t")
	if err != nil || !res.Failed || !strings.HasPrefix(out.String(), "✗ task_not_found\n") {
		t.Errorf("failed %v, %v:\n%s", res.Failed, err, out.String())
	}
}

// A notification no shape of ours knows shows its fields as a log's data
// are, not a line of JSON: resources/updated names its uri.
func TestNotificationFieldsNotJSON(t *testing.T) {
	doc := `{"jsonrpc": "2.0", "method": "notifications/resources/updated", "params": {"uri": "demo://resource/static/document/features.md"}}`
	if got := renderString(t, doc, Options{Output: Human, Width: 100}); got != "notifications/resources/updated  uri=demo://resource/static/document/features.md\n" {
		t.Errorf("%q", got)
	}
}

// desktop-commander's get_file_info writes its dates as JSON strings
// (created: "2026-11-28T17:36:41.827Z"): they are times, not text in
// quotes, as the filesystem server's are.
func TestQuotedFileInfoTimes(t *testing.T) {
	data, err := os.ReadFile("../../testdata/mcp/desktop_get_file_info.json")
	if err != nil {
		t.Fatal(err)
	}
	got := renderString(t, string(data), Options{Output: Human, Width: 80, Now: time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC)})
	if strings.Contains(got, `"2026`) || !strings.Contains(got, "created         2h ago\n") {
		t.Errorf("%s", got)
	}
}

// Fixes from the review of the day's changes, each as found.
func TestReviewedEdges(t *testing.T) {
	// A table cell's object holding a list of records keeps its value
	// under --verbose (it read errors="").
	got := renderString(t, `[{"id":1,"x":{"errors":[{"a":1,"b":"bad"}],"n":2}},{"id":2,"x":{"n":1}}]`, Options{Output: Human, Width: 100, Verbose: true})
	if strings.Contains(got, `errors=""`) || !strings.Contains(got, "bad") {
		t.Errorf("verbose object cell:\n%s", got)
	}
	// A Markdown table with cells past its header's is not drawn (they
	// would be lost).
	got = renderString(t, `{"text": "|ID|Name|Status|\n|---|---|---|\n| 2 | x | y | extra | more |"}`, Options{Output: Human, Width: 80})
	if !strings.Contains(got, "extra") || !strings.Contains(got, "more") {
		t.Errorf("cells lost:\n%s", got)
	}
	// A Markdown table in an error's fields is its text, never cut.
	long := strings.Repeat("some value here that is long and should never be cut ", 2)
	got = renderString(t, `{"ok": false, "error": {"kind": "bad", "message": "m", "details": {"why": "| Key | Value |\n|---|---|\n| alpha | `+long+` |"}}}`, Options{Output: Human, Width: 60})
	if strings.Contains(got, "…") || !strings.Contains(noSpace(got), noSpace(long)) {
		t.Errorf("an error's table cut:\n%s", got)
	}
	// A tall batch's top line counts the failures it does not name, in
	// the output's own glyphs.
	var ops []string
	for i := range 40 {
		ops = append(ops, `{"ok": false, "tool": "get", "error": {"kind": "not_found", "message": "no entity `+strconv.Itoa(i)+`"}}`)
	}
	got = renderString(t, `{"results": [`+strings.Join(ops, ",")+`], "summary": {"succeeded": 0, "failed": 40}}`, Options{Output: Human, Width: 80, Height: 20, ASCII: true})
	first, _, _ := strings.Cut(got, "\n\n")
	if !strings.Contains(first, "32 more") || strings.Contains(first, "…") {
		t.Errorf("top line: %q", first)
	}
}

// A recorded session in a small file, on a terminal, taller than it and
// with failed replies, starts with a line naming them (its closing line
// counts them a screen or more down); piped, or short, or with nothing
// failed, it does not.
func TestTallSessionSaysFailuresFirst(t *testing.T) {
	f, err := os.Open("../../testdata/mcp/taskmaster_stdout_with_logs.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out strings.Builder
	if _, err := NewRenderer(&out, Options{Output: Human, Width: 80, Height: 30}).Stream(f, "f"); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "✗ #2 -32601 method not found · ✗ #3 ") {
		t.Errorf("%.300s", out.String())
	}
	data, _ := os.ReadFile("../../testdata/mcp/taskmaster_stdout_with_logs.txt")
	if got := renderString(t, string(data), Options{Output: Human, Width: 80, Height: 30}); strings.HasPrefix(got, "✗ #") {
		t.Errorf("a pipe held for a top line:\n%.200s", got)
	}
}

// A session's replies that repeat what the reply before said at their top
// level (task-master's version and tag after every answer) say it once;
// a value that changed is shown; documents that are no replies, and
// Markdown, keep everything.
func TestRepliesSayRepeatedFieldsOnce(t *testing.T) {
	reply := func(id int, data, version string) string {
		text := fmt.Sprintf(`{"data": {"n": %s}, "version": {"version": %q, "name": "tm"}, "tag": "master"}`, data, version)
		return fmt.Sprintf(`{"jsonrpc": "2.0", "id": %d, "result": {"content": [{"type": "text", "text": %q}]}}`, id, text)
	}
	session := reply(1, "1", "0.43.1") + "\n" + reply(2, "2", "0.43.1") + "\n" + reply(3, "3", "0.44.0") + "\n"
	got := renderString(t, session, Options{Output: Human, Width: 80})
	if strings.Count(got, "version, tag as before") != 1 || strings.Count(got, "tag as before") != 2 || !strings.Contains(got, "0.44.0") {
		t.Errorf("%s", got)
	}
	docs := `{"data": 1, "tag": "master"}` + "\n" + `{"data": 2, "tag": "master"}` + "\n"
	if got := renderString(t, docs, Options{Output: Human, Width: 80}); strings.Contains(got, "as before") {
		t.Errorf("documents that are no replies:\n%s", got)
	}
	if got := renderString(t, session, Options{Output: Markdown}); strings.Contains(got, "as before") {
		t.Errorf("Markdown:\n%s", got)
	}
}
