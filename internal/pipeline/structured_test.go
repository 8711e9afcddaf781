package pipeline

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/spill"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// scReplies are MCP replies whose structuredContent is too long to hold
// and whose text block is not (a one-line summary, or none): each form
// a reply takes, and each that a first attempt at streaming such a list
// got wrong (a field of the tool result's own beside it, a failure said
// inside it after its rows, isError and _meta after it, an id after the
// result, text blocks beside it, a text block that says the same JSON
// after a U+00A0). The second value says the reply is read back whole
// in plain output (a rarer form) rather than shown from its buffers.
func scReplies(rows int) map[string]struct {
	doc      string
	readBack bool
} {
	env := string(listEnvelope(rows))
	// A structured content long only by its white space: a text block
	// short enough to be held in the reply may say the same JSON.
	pad := strings.Repeat(" ", 70<<10)
	small := `{"items": [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}],` + pad + `"has_more": true}`
	smallJSON := value.Compact(mustDecode(small))
	row := `{"id": "x", "title": "Task number 1: wire the recall pipeline into the daemon", "n": 1}, `
	failing := `{"tool": "list", "result": {"items": [` + strings.Repeat(row, rows) + `{"id": "y"}]}, "ok": false, "error": {"kind": "timeout", "message": "cut short"}}`
	listFailing := `{"items": [` + strings.Repeat(row, rows) + `{"id": "y", "n": 2}], "error": {"kind": "timeout", "message": "cut short"}}`
	graph := `{"entities": [` + strings.Repeat(`{"name": "Alice", "entityType": "person", "observations": ["likes tea"]}, `, rows) + `{"name": "Bob", "entityType": "person", "observations": []}], "relations": [{"from": "Alice", "to": "Bob", "relationType": "knows"}]}`
	records := `[` + strings.Repeat(row, rows) + `{"id": "y", "n": 2}]`
	req := requestEnvelope(rows, false, "")
	sortedFailing := requestEnvelope(rows, true, `{"ok": false, "tool": "get", "error": {"kind": "not_found", "message": "no entity 1234"}}`)
	prose := `[{"type": "text", "text": "list: many tasks, more available"}]`
	text := func(s string) string { return `[{"type": "text", "text": ` + quote(s, false) + `}]` }
	rpc := func(result string) string { return `{"jsonrpc": "2.0", "id": 7, "result": ` + result + `}` }
	type form = struct {
		doc      string
		readBack bool
	}
	return map[string]form{
		"the bench's form":                {rpc(`{"content": ` + prose + `, "structuredContent": ` + env + `, "isError": false}`), false},
		"isError true":                    {rpc(`{"content": ` + prose + `, "structuredContent": ` + env + `, "isError": true}`), false},
		"isError first":                   {rpc(`{"isError": false, "content": ` + prose + `, "structuredContent": ` + env + `}`), false},
		"isError true first":              {rpc(`{"isError": true, "content": ` + prose + `, "structuredContent": ` + env + `}`), false},
		"no isError":                      {rpc(`{"content": ` + prose + `, "structuredContent": ` + env + `}`), false},
		"structured content first":        {rpc(`{"structuredContent": ` + env + `, "content": ` + prose + `}`), false},
		"a field of its own beside":       {rpc(`{"content": ` + prose + `, "structuredContent": ` + env + `, "nextCursor": "abc"}`), true},
		"_meta after":                     {rpc(`{"content": ` + prose + `, "structuredContent": ` + env + `, "isError": false, "_meta": {"progressToken": 3}}`), false},
		"_meta first":                     {rpc(`{"_meta": {"progressToken": 3}, "content": ` + prose + `, "structuredContent": ` + env + `}`), false},
		"the id after the result":         {`{"jsonrpc": "2.0", "result": {"content": ` + prose + `, "structuredContent": ` + env + `}, "id": 7}`, false},
		"no id":                           {`{"jsonrpc": "2.0", "result": {"content": ` + prose + `, "structuredContent": ` + env + `}}`, false},
		"a field of the reply's own":      {`{"jsonrpc": "2.0", "id": "a", "result": {"content": ` + prose + `, "structuredContent": ` + env + `}, "extra": 1}`, false},
		"bare, isError and _meta after":   {`{"content": ` + prose + `, "structuredContent": ` + env + `, "isError": true, "_meta": {"a": 1}}`, false},
		"bare":                            {`{"content": ` + prose + `, "structuredContent": ` + env + `}`, false},
		"a failure after the rows":        {rpc(`{"content": ` + prose + `, "structuredContent": ` + failing + `}`), false},
		"a list's failure after its rows": {rpc(`{"content": ` + prose + `, "structuredContent": ` + listFailing + `, "isError": false}`), false},
		"a request":                       {rpc(`{"content": ` + prose + `, "structuredContent": ` + req + `}`), false},
		"a request, a failed op after":    {rpc(`{"content": ` + prose + `, "structuredContent": ` + sortedFailing + `}`), false},
		"records":                         {rpc(`{"content": ` + prose + `, "structuredContent": ` + records + `}`), false},
		"a graph (its rows first)":        {rpc(`{"content": ` + prose + `, "structuredContent": ` + graph + `}`), false},
		"the text says the same":          {rpc(`{"content": ` + text(smallJSON) + `, "structuredContent": ` + small + `}`), false},
		"the text says the same, isError": {rpc(`{"content": ` + text(smallJSON) + `, "structuredContent": ` + small + `, "isError": true}`), false},
		"the text says something else":    {rpc(`{"content": ` + text(`{"ok": true, "tool": "count", "result": 3}`) + `, "structuredContent": ` + env + `}`), false},
		"the text says a failure":         {rpc(`{"content": ` + text(`{"ok": false, "error": {"kind": "x", "message": "y"}}`) + `, "structuredContent": ` + env + `, "isError": true}`), false},
		"U+00A0, then the same":           {rpc(`{"content": ` + text("\u00a0"+smallJSON) + `, "structuredContent": ` + small + `}`), true},
		"the same, then U+00A0":           {rpc(`{"content": ` + text(smallJSON+"\u00a0") + `, "structuredContent": ` + small + `}`), true},
		"a long text after, the same":     {rpc(`{"structuredContent": ` + env + `, "content": ` + text(value.Compact(mustDecode(env))) + `}`), false},
		"a long prose text":               {rpc(`{"content": ` + text(strings.Repeat("words and more words ", 5000)) + `, "structuredContent": ` + env + `}`), false},
		"SDK result, the same":            {rpc(`{"content": ` + text(smallJSON) + `, "structuredContent": {"result": ` + small + `}}`), false},
		"SDK result, the same, isError":   {rpc(`{"content": ` + text(smallJSON) + `, "structuredContent": {"result": ` + small + `}, "isError": true}`), true},
		"SDK result, prose":               {rpc(`{"content": ` + prose + `, "structuredContent": {"result": ` + env + `}}`), false},
		"a JSON block after":              {rpc(`{"content": [{"type": "text", "text": "a summary"}, {"type": "text", "text": "{\"a\": 1}"}], "structuredContent": ` + env + `}`), true},
		"two prose blocks":                {rpc(`{"content": [{"type": "text", "text": "a summary"}, {"type": "text", "text": "and a note"}], "structuredContent": ` + env + `}`), false},
		"annotations":                     {rpc(`{"content": [{"type": "text", "text": "a summary", "annotations": {"audience": ["user"]}}], "structuredContent": ` + env + `}`), false},
		"an image first":                  {rpc(`{"content": [{"type": "image", "data": "aGVsbG8=", "mimeType": "image/png"}], "structuredContent": ` + env + `}`), false},
		"no content blocks":               {rpc(`{"content": [], "structuredContent": ` + env + `}`), false},
		"no content":                      {rpc(`{"structuredContent": ` + env + `}`), true},
		"two structured contents":         {rpc(`{"content": ` + prose + `, "structuredContent": ` + env + `, "structuredContent": {"n": 2}}`), false},
		"a wrapper":                       {rpc(`{"content": ` + prose + `, "structuredContent": {"content": [{"type": "text", "text": "hi"}], "_meta": ` + env + `}}`), true},
		"a list of its own after":         {`{"structuredContent": ` + env + `, "items": ` + records + `}`, true},
		"a reply in its text":             {rpc(`{"content": ` + text(benchForm(rows)) + `}`), false},
		"empty":                           {rpc(`{"content": ` + prose + `, "structuredContent": {` + pad + `}}`), true},
	}
}

// benchForm is the form of bench/compare.sh's structured case: a list
// envelope of rows in a JSON-RPC reply's structuredContent, beside a text
// block that says how many.
func benchForm(rows int) string {
	return `{"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": "list: many tasks"}], "structuredContent": ` + string(listEnvelope(rows)) + `, "isError": false}}`
}

func mustDecode(s string) value.Value {
	v, err := NewDecoder(strings.NewReader(s), "t").Next()
	if err != nil {
		panic(err)
	}
	return v
}

// An MCP reply whose structuredContent is long and whose text is not is
// shown in plain and agent output as the held reply is, byte for byte,
// with the held one's exit status, whatever its form; its structured
// content held back in a temporary file, gone after.
func TestStructuredContentIsShownAsTheHeldOne(t *testing.T) {
	t.Parallel() // large inputs: alongside the others, on a second core
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	outputs := map[string]Options{"plain": {Output: Plain}, "agent": {Output: Agent, Now: now},
		"human": {Output: Human, Width: 100, Now: now}, "human, read ahead": {Output: Human, Width: 100, Now: now, ReadAhead: true},
		"markdown": {Output: Markdown}, "markdown, read ahead": {Output: Markdown, ReadAhead: true}}
	if testing.Short() {
		// The quick run: one output of each kind.
		for _, o := range []string{"agent", "human", "markdown", "markdown, read ahead"} {
			delete(outputs, o)
		}
	}
	// 1,100 rows: past input.StreamAfter and the 64 KiB past which a
	// structuredContent is held back, in every form; more rows cross no
	// other bound.
	for name, tc := range someWhenShort(scReplies(1100), 5) {
		for oname, opt := range outputs {
			if opt.Output == Human || opt.Output == Markdown {
				// These show a text block beside the structured content as
				// the held reply does, never compared: a reply whose text
				// may be JSON is read back whole, or not held back at all
				// (its text is shown instead, as it is read).
				showsAsHeldViews(t, name+", "+oname, tc.doc, opt)
				continue
			}
			// Agent output reads back whole only what is no tool result.
			back := tc.readBack && (oname == "plain" || name == "a field of its own beside" || name == "no content" || name == "a list of its own after")
			showsAsHeld(t, name+", "+oname, tc.doc, opt, back)
		}
	}
}

// showsAsHeldViews checks, in human or Markdown output, that doc is shown
// as the held document is, with its exit status, and no temporary file
// left; the bench's form is held back and shown from its buffer.
func showsAsHeldViews(t *testing.T, name, doc string, opt Options) {
	t.Helper()
	opt.TempDir = t.TempDir()
	var out strings.Builder
	rn := NewRenderer(&out, opt)
	res, err := rn.Stream(strings.NewReader(doc), "t")
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if strings.HasPrefix(name, "the bench's form") && rn.heldReplies != 1 {
		t.Errorf("%s: %d held back and shown from their buffers, want 1", name, rn.heldReplies)
	}
	held, failed := heldResult(t, doc, opt)
	if out.String() != held {
		t.Errorf("%s: output differs from held output\n%s", name, firstDiff(out.String(), held))
	}
	if res.Failed != failed {
		t.Errorf("%s: failed %v, held %v", name, res.Failed, failed)
	}
	if left, _ := os.ReadDir(opt.TempDir); len(left) > 0 {
		t.Errorf("%s: %d temporary files left", name, len(left))
	}
}

// Such a reply among other documents, in an event stream and in a JSON-RPC
// batch: each shown as the held one, a reply's id counted once (from the
// second reply on each says its id); one in a batch (an array) is held, as
// before.
func TestStructuredContentAmongOthers(t *testing.T) {
	t.Parallel()
	forms := scReplies(1100)
	long := forms["the bench's form"].doc
	failed := forms["a failure after the rows"].doc
	shortOne := `{"jsonrpc": "2.0", "id": 8, "result": {"content": [{"type": "text", "text": "1 task"}], "structuredContent": {"items": [{"id": 1}]}}}`
	docs := long + "\n" + shortOne + "\n" + failed + "\n" + `{"ok": true, "tool": "count", "result": 3}` + "\n"
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	for oname, opt := range quickOutputs(map[string]Options{"plain": {Output: Plain}, "agent": {Output: Agent, Now: now},
		"human": {Output: Human, Width: 100, Now: now}, "human, read ahead": {Output: Human, Width: 100, Now: now, ReadAhead: true},
		"markdown, read ahead": {Output: Markdown, ReadAhead: true}}, "plain", "agent", "human, read ahead") {
		var out strings.Builder
		rn := NewRenderer(&out, opt)
		res, err := rn.Stream(strings.NewReader(docs), "t")
		if err != nil {
			t.Fatal(err)
		}
		if rn.heldReplies != 2 {
			t.Errorf("%s: %d replies held back, want 2", oname, rn.heldReplies)
		}
		if held := heldStrings(t, docs, opt); out.String() != held {
			t.Errorf("%s: output differs from held output\n%s", oname, firstDiff(out.String(), held))
		}
		if !res.Failed {
			t.Errorf("%s: a failed reply did not fail the run", oname)
		}

		sse := "event: message\ndata: " + long + "\n\nevent: message\ndata: " + shortOne + "\n\n"
		out.Reset()
		rn = NewRenderer(&out, opt)
		if _, err := rn.Stream(strings.NewReader(sse), "t"); err != nil {
			t.Fatal(err)
		}
		if rn.heldReplies != 1 {
			t.Errorf("%s, event stream: %d replies held back, want 1", oname, rn.heldReplies)
		}
		if held := heldStrings(t, long+"\n"+shortOne, opt); out.String() != held {
			t.Errorf("%s, event stream: output differs from held output\n%s", oname, firstDiff(out.String(), held))
		}

		batch := "[" + long + ", " + shortOne + "]"
		out.Reset()
		rn = NewRenderer(&out, opt)
		if _, err := rn.Stream(strings.NewReader(batch), "t"); err != nil {
			t.Fatal(err)
		}
		if rn.heldReplies+rn.readBack != 0 {
			t.Errorf("%s, batch: %d replies held back, want none", oname, rn.heldReplies+rn.readBack)
		}
		if held, _ := heldResult(t, batch, opt); out.String() != held {
			t.Errorf("%s, batch: output differs from held output\n%s", oname, firstDiff(out.String(), held))
		}
	}
}

// A reply whose input breaks off inside its structuredContent, or after
// it, is the input error it was held (nothing of it written, the same
// message), and leaves no temporary file; one whose temporary file cannot
// be made is an error of the output's.
func TestStructuredContentErrors(t *testing.T) {
	t.Parallel()
	doc := benchForm(1100)
	// A list that comes open after the structured content is held.
	after := `{"structuredContent": ` + string(listEnvelope(1100)) + `, "items": [` + strings.Repeat(`{"id": 1}, `, 1500) + `{"id": 2}]}`
	for _, in := range []string{doc[:len(doc)/2], doc[:len(doc)-3], after[:len(after)-200]} {
		cut := len(in)
		_, want := NewDecoder(strings.NewReader(in), "t").Next()
		for _, out := range []Output{Plain, Agent, Human, Markdown} {
			dir := t.TempDir()
			var b strings.Builder
			_, err := NewRenderer(&b, Options{Output: out, TempDir: dir}).Stream(strings.NewReader(in), "t")
			var ie *InputError
			if !errors.As(err, &ie) || want == nil || err.Error() != want.Error() {
				t.Errorf("cut at %d, output %d: error %v, want %v", cut, out, err, want)
			}
			if b.Len() > 0 {
				t.Errorf("cut at %d, output %d: wrote %.80q", cut, out, b.String())
			}
			if left, _ := os.ReadDir(dir); len(left) > 0 {
				t.Errorf("cut at %d, output %d: %d temporary files left", cut, out, len(left))
			}
		}
	}
	big := benchForm(4000) // past spill.Bound
	for _, out := range []Output{Plain, Agent} {
		opt := Options{Output: out, TempDir: filepath.Join(t.TempDir(), "missing")}
		_, err := NewRenderer(io.Discard, opt).Stream(strings.NewReader(big), "t")
		var se *spill.Error
		var ie *InputError
		if !errors.As(err, &se) || errors.As(err, &ie) {
			t.Errorf("output %d: error %v, want a temporary file's", out, err)
		}
	}
	// Human and Markdown output, where no temporary file can be made,
	// hold the reply, as they did before holding it back.
	for _, out := range []Output{Human, Markdown} {
		opt := Options{Output: out, Width: 100, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC), TempDir: filepath.Join(t.TempDir(), "missing")}
		var b strings.Builder
		rn := NewRenderer(&b, opt)
		if _, err := rn.Stream(strings.NewReader(big), "t"); err != nil {
			t.Errorf("output %d, no temporary directory: %v", out, err)
		}
		if held := heldString(t, big, opt); b.String() != held || rn.heldReplies != 0 {
			t.Errorf("output %d, no temporary directory: %d held back; output differs from the held reply\n%s", out, rn.heldReplies, firstDiff(b.String(), held))
		}
	}
}

// What plain and agent output hold at once of a JSON-RPC reply whose
// structuredContent holds a long list beside a one-line text is a few
// MiB however long the list (the reply was held: 6 times the input).
// In a process of its own (alone): the heap measured is the process's.
func TestStructuredContentInConstantMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("measures memory: the full run")
	}
	if alone(t) {
		return
	}
	doc := benchForm(short(30000, 12000))
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	for _, opt := range []Options{{Output: Plain}, {Output: Agent, Now: now},
		{Output: Human, Width: 100, Now: now, ReadAhead: true}, {Output: Markdown, ReadAhead: true}} {
		peak, out, _ := peakLive(t, doc, opt)
		want := map[Output]string{Plain: "id: 1\n\nok: true\ntool: list\n", Agent: `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"list: many tasks"}],"structuredContent":{`,
			Human: "ID        STATUS", Markdown: "**✓ list**\n\n| ID |"}
		if !strings.HasPrefix(out, want[opt.Output]) {
			t.Errorf("output %d starts %q", opt.Output, out[:min(len(out), 120)])
		}
		if peak > 8<<20 {
			t.Errorf("output %d: %d MiB held at once for %d MiB of input, want at most 8", opt.Output, peak>>20, len(doc)>>20)
		}
	}
}

// A long structuredContent after a list that came open before it (a
// tool result with a list of its own first) is read as part of that
// document, as it is shown, not held back: held back, it stood in the
// document as its skeleton, and plain output showed its first 1000 rows
// of 3000, saying nothing of the others.
func TestStructuredContentAfterAnOpenList(t *testing.T) {
	t.Parallel()
	records := `[` + strings.Repeat(`{"id": "x", "title": "a row of the result's own", "n": 1}, `, 1500) + `{"id": "y", "n": 2}]`
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	for name, doc := range map[string]string{
		"bare":       `{"items": ` + records + `, "structuredContent": ` + string(listEnvelope(1500)) + `}`,
		"in a reply": `{"jsonrpc": "2.0", "id": 1, "result": {"items": ` + records + `, "structuredContent": ` + string(listEnvelope(1500)) + `, "isError": false}}`,
	} {
		for _, opt := range []Options{{Output: Plain}, {Output: Agent, Now: now}, {Output: Human, Width: 100, Now: now, ReadAhead: true}, {Output: Markdown}} {
			out := renderString(t, doc, opt)
			for _, row := range []string{"Task number 0:", "Task number 1000:", "Task number 1499:"} {
				if !strings.Contains(out, row) {
					t.Errorf("%s, output %d: the structured content's row %q is not shown", name, opt.Output, row)
				}
			}
		}
	}
}

// Replies held back, one after another from a pipe, read ahead: each is
// shown from its buffer (its list read ahead on a goroutine of its own)
// while nothing more is read of the input, and the output is the one of
// the same input from a string. It lost or repeated rows when the
// documents read ahead went on reading the pipe meanwhile (the two
// goroutines handed over each other's batches), and showed a structured
// content as a one-row table when it joined a run of records that a
// pause then showed.
func TestStructuredContentRepliesFromAPipe(t *testing.T) {
	t.Parallel()
	// A list of its own: read back whole (held, shownAsHeld), its items
	// read ahead as it is.
	rows := string(listEnvelope(1200))
	rows = rows[strings.Index(rows, "[") : strings.LastIndex(rows, "]")+1]
	var b strings.Builder
	for i := range short(12, 3) {
		fmt.Fprintf(&b, `{"jsonrpc": "2.0", "id": %d, "result": {"content": [{"type": "text", "text": "1200 tasks"}], "structuredContent": {"items": %s}}}`+"\n", i, rows)
	}
	in := b.String()
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	for _, opt := range []Options{{Output: Human, Width: 100, Now: now, ReadAhead: true}, {Output: Markdown, ReadAhead: true}} {
		want := renderString(t, in, opt)
		for range short(3, 1) {
			pr, pw := io.Pipe()
			go func() {
				// In pieces, so that reading waits on the pipe.
				for s := in; len(s) > 0; {
					n := min(len(s), 4<<10)
					pw.Write([]byte(s[:n]))
					s = s[n:]
				}
				pw.Close()
			}()
			var out strings.Builder
			rn := NewRenderer(&out, opt)
			if _, err := rn.Stream(pr, "pipe"); err != nil {
				t.Fatal(err)
			}
			if out.String() != want {
				t.Logf("held %d, read back %d, opened %d", rn.heldReplies, rn.readBack, rn.opened)
				t.Fatalf("output %d from a pipe differs\n%s", opt.Output, firstDiff(out.String(), want))
			}
		}
	}
}
