package pipeline

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/spill"
)

// liveReader reads r, and every every bytes collects garbage and notes the
// heap still in use: the most a rendering held at once while it read.
type liveReader struct {
	r           io.Reader
	every, read int
	peak        uint64
	// after: no sample before this many bytes are read.
	after, total int
}

func (l *liveReader) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	l.read += n
	l.total += n
	if l.read >= l.every && l.total >= l.after {
		l.read = 0
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		l.peak = max(l.peak, ms.HeapAlloc)
	}
	return n, err
}

// peakLive renders doc and returns the most heap it held at once, as
// sampled while it read (every 256 KiB), and its output.
func peakLive(t *testing.T, doc string, opt Options) (uint64, string, Result) {
	t.Helper()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	var out strings.Builder
	in := &liveReader{r: strings.NewReader(doc), every: 256 << 10}
	res, err := NewRenderer(&out, opt).Stream(in, "t")
	if err != nil {
		t.Fatal(err)
	}
	if in.peak < base {
		return 0, out.String(), res
	}
	return in.peak - base, out.String(), res
}

// A request whose first op's list is long is written as it is read in
// plain output: the op's section is held back (past spill.Bound, in a
// temporary file) until the ops are counted, as each is headed "op #N of
// M". The output is the held one's, ops after it, a failed one included,
// and the temporary file is gone after.
func TestRequestOpsHeldBackInPlain(t *testing.T) {
	t.Parallel() // large inputs: alongside the others, on a second core
	failedOp := `{"ok": false, "tool": "get", "error": {"kind": "not_found", "message": "no entity 1234"}}`
	for _, tc := range []struct {
		name   string
		doc    string
		failed bool
	}{
		{"one op", requestEnvelope(1500, false, ""), false},
		{"tool after result", requestEnvelope(1500, true, ""), false},
		{"a failed op after", requestEnvelope(1500, true, failedOp), true},
		{"an op after", requestEnvelope(1500, false, `{"ok": true, "tool": "count", "result": 3}`), false},
	} {
		dir := t.TempDir()
		opt := Options{Output: Plain, TempDir: dir}
		var out strings.Builder
		rn := NewRenderer(&out, opt)
		res, err := rn.Stream(strings.NewReader(tc.doc), "t")
		if err != nil {
			t.Fatal(err)
		}
		if rn.longLists != 1 {
			t.Errorf("%s: %d lists streamed, want 1", tc.name, rn.longLists)
		}
		if held := heldString(t, tc.doc, opt); out.String() != held {
			t.Errorf("%s: output differs from held output\n%s", tc.name, firstDiff(out.String(), held))
		}
		if res.Failed != tc.failed {
			t.Errorf("%s: failed %v", tc.name, res.Failed)
		}
		if left, _ := os.ReadDir(dir); len(left) > 0 {
			t.Errorf("%s: %d temporary files left", tc.name, len(left))
		}
	}
}

// What plain output holds at once of a request's long op is a few MiB
// however long its list (73 MiB for 15 MiB of input when the list was
// held). In a process of its own (alone): the heap measured is the
// process's.
func TestRequestOpsHeldBackInConstantMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("measures memory: the full run")
	}
	if alone(t) {
		return
	}
	doc := requestEnvelope(short(40000, 15000), false, "")
	peak, _, _ := peakLive(t, doc, Options{Output: Plain})
	if peak > 8<<20 {
		t.Errorf("%d MiB held at once for %d MiB of input, want at most 8", peak>>20, len(doc)>>20)
	}
}

// A temporary file that cannot be made is an error of the output's,
// reported (the output is not cut short silently), and no input's.
func TestTempFileErrorIsReported(t *testing.T) {
	t.Parallel()
	req := requestEnvelope(short(15000, 8000), false, "")
	reply := `{"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": ` + quote(req, false) + `}], "structuredContent": ` + req + `}}`
	for _, tc := range []struct {
		doc string
		out Output
	}{{req, Plain}, {reply, Plain}, {reply, Agent}} {
		opt := Options{Output: tc.out, TempDir: filepath.Join(t.TempDir(), "missing")}
		_, err := NewRenderer(io.Discard, opt).Stream(strings.NewReader(tc.doc), "t")
		var se *spill.Error
		var ie *InputError
		if !errors.As(err, &se) || errors.As(err, &ie) {
			t.Errorf("output %d, %.20s…: error %v, want a temporary file's", tc.out, tc.doc, err)
		}
	}
}

// heldResult renders doc decoded whole, with no list streamed, and says
// whether it failed.
func heldResult(t *testing.T, doc string, opt Options) (string, bool) {
	t.Helper()
	v, err := NewDecoder(strings.NewReader(doc), "t").Next()
	if err != nil {
		t.Fatal(err)
	}
	var held strings.Builder
	var res Result
	if err := NewRenderer(&held, opt).Document(v, &res); err != nil {
		t.Fatal(err)
	}
	return held.String(), res.Failed
}

// mcpReplies are MCP replies whose text block holds a long JSON text,
// with and without the same JSON again as structuredContent after it, in
// the forms a reply takes: each is shown as the held reply is.
func mcpReplies() map[string]string {
	req := requestEnvelope(1500, false, "")
	sorted := requestEnvelope(1200, true, `{"ok": false, "tool": "get", "error": {"kind": "not_found", "message": "no entity 1234"}}`)
	other := strings.Replace(req, `"status": "success"`, `"status": "partial"`, 1)
	list := textItems(1300)
	// Its rows first, then no list field: held when read back.
	graph := `{"entities": [` + strings.Repeat(`{"name": "Alice", "entityType": "person", "observations": ["likes tea"]}, `, 1300) + `{"name": "Bob", "entityType": "person", "observations": []}], "relations": [{"from": "Alice", "to": "Bob", "relationType": "knows"}]}`
	failing := sorted // a failed op after the first: the request failed
	rpc := func(result string) string { return `{"jsonrpc": "2.0", "id": 7, "result": ` + result + `}` }
	tool := func(text, rest string) string {
		return `{"content": [{"type": "text", "text": ` + quote(text, false) + `}]` + rest + `}`
	}
	return map[string]string{
		"request, the same again":         rpc(tool(req, `, "structuredContent": `+req+`, "isError": false`)),
		"request, something else":         rpc(tool(req, `, "structuredContent": `+other+`, "isError": false`)),
		"request alone":                   rpc(tool(req, ``)),
		"sorted request, the same again":  rpc(tool(sorted, `, "structuredContent": `+sorted)),
		"list, the same again":            rpc(tool(list, `, "structuredContent": `+list)),
		"graph, the same again":           rpc(tool(graph, `, "structuredContent": `+graph)),
		"list, something else":            rpc(tool(list, `, "structuredContent": {"items": [{"id": 1}], "has_more": true}`)),
		"list, the same, isError":         rpc(tool(list, `, "structuredContent": `+list+`, "isError": true`)),
		"list, something else, isError":   rpc(tool(list, `, "structuredContent": {"n": 1}, "isError": true`)),
		"failing list, isError":           rpc(tool(failing, `, "isError": true`)),
		"failing list, the same, isError": rpc(tool(failing, `, "structuredContent": `+failing+`, "isError": true`)),
		"list alone, isError":             rpc(tool(list, `, "isError": true`)),
		"SDK result, the same":            rpc(tool(list, `, "structuredContent": {"result": `+list+`}`)),
		"SDK result, the same, isError":   rpc(tool(list, `, "structuredContent": {"result": `+list+`}, "isError": true`)),
		"SDK result, something else":      rpc(tool(list, `, "structuredContent": {"result": {"n": 1}}`)),
		"two documents, the first again":  rpc(tool(req+"\n"+`{"ok": true, "tool": "count", "result": 3}`, `, "structuredContent": `+req)),
		"not JSON after all":              rpc(tool(list+" and words", `, "structuredContent": `+list)),
		"white space at its end":          rpc(tool(list+"\u00a0", `, "structuredContent": `+list)),
		"empty structured content":        rpc(tool(list, `, "structuredContent": {}`)),
		"structured content is a wrapper": rpc(tool(list, `, "structuredContent": {"content": [{"type": "text", "text": "hi"}]}`)),
		"a prose block after":             rpc(`{"content": [{"type": "text", "text": ` + quote(list, false) + `}, {"type": "text", "text": "and a note"}], "structuredContent": ` + list + `}`),
		"a JSON block after":              rpc(`{"content": [{"type": "text", "text": ` + quote(list, false) + `}, {"type": "text", "text": ` + quote(list, false) + `}], "structuredContent": ` + list + `}`),
		"annotations":                     rpc(`{"content": [{"type": "text", "text": ` + quote(list, false) + `, "annotations": {"audience": ["user"]}}], "structuredContent": ` + list + `}`),
		"_meta and more":                  `{"jsonrpc": "2.0", "id": "a", "result": ` + tool(req, `, "structuredContent": `+req+`, "_meta": {"progressToken": 3}`) + `, "extra": 1}`,
		"two structured contents":         rpc(tool(list, `, "structuredContent": `+list+`, "structuredContent": {"n": 2}`)),
		"a bare tool result":              tool(req, `, "structuredContent": `+req+`, "isError": false`),
		"ASCII-escaped, the same again":   rpc(`{"content": [{"type": "text", "text": ` + quote(list, true) + `}], "structuredContent": ` + list + `}`),
		"structured content first":        rpc(`{"structuredContent": ` + list + `, "content": [{"type": "text", "text": ` + quote(list, false) + `}]}`),
		"no tool result after all":        rpc(tool(req, `, "structuredContent": `+req+`, "extra": {"a": null}`)),
	}
}

// An MCP reply whose text block holds a long JSON text is shown in plain
// and agent output as the held reply is, byte for byte, whatever follows
// the text (the same JSON as structuredContent, other JSON, isError, a
// second block), its failure said as the held one's; the text and
// structured content held back in temporary files, gone after.
func TestHeldReplyIsShownAsTheHeldOne(t *testing.T) {
	t.Parallel() // large inputs: alongside the others, on a second core
	// Rarer forms, read back whole: in plain output, isError with a
	// structured content shown for the text's JSON, a second text block
	// that may say the same, a structured content that says nothing or is
	// a wrapper, a text that is no JSON (to a JSON decoder); in both, a
	// reply that is no tool result after all.
	readBack := map[string]map[string]bool{
		"plain": {"SDK result, the same, isError": true, "a JSON block after": true, "empty structured content": true,
			"not JSON after all": true, "structured content is a wrapper": true, "white space at its end": true,
			"no tool result after all": true},
		"agent": {"no tool result after all": true},
	}
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	outputs := map[string]Options{"plain": {Output: Plain}, "agent": {Output: Agent, Now: now}}
	if testing.Short() {
		delete(outputs, "agent") // the quick run: one output of two
	}
	for name, doc := range someWhenShort(mcpReplies(), 5) {
		for oname, opt := range outputs {
			back := readBack[oname][name]
			showsAsHeld(t, name+", "+oname, doc, opt, back)
		}
	}
}

// showsAsHeld renders doc, an MCP reply whose parts are held back in
// temporary files, and checks that it was shown from its buffers (or, when
// back, read back whole), as the held reply is, byte for byte, with its
// exit status, and that no temporary file is left.
func showsAsHeld(t *testing.T, name, doc string, opt Options, back bool) {
	t.Helper()
	dir := t.TempDir()
	opt.TempDir = dir
	var out strings.Builder
	rn := NewRenderer(&out, opt)
	res, err := rn.Stream(strings.NewReader(doc), "t")
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if back && rn.readBack != 1 || !back && rn.heldReplies != 1 {
		t.Errorf("%s: %d held back and shown from their buffers, %d read back whole", name, rn.heldReplies, rn.readBack)
	}
	held, failed := heldResult(t, doc, opt)
	if out.String() != held {
		t.Errorf("%s: output differs from held output\n%s", name, firstDiff(out.String(), held))
	}
	if res.Failed != failed {
		t.Errorf("%s: failed %v, held %v", name, res.Failed, failed)
	}
	if left, _ := os.ReadDir(dir); len(left) > 0 {
		t.Errorf("%s: %d temporary files left", name, len(left))
	}
}

// What plain and agent output hold at once of a JSON-RPC reply whose text
// block holds a long request, and whose structuredContent says it again,
// is a few MiB however long its list (the reply was held: 20 times the
// input).
// In a process of its own (alone): the heap measured is the process's.
func TestHeldReplyInConstantMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("measures memory: the full run")
	}
	if alone(t) {
		return
	}
	req := requestEnvelope(short(15000, 6000), false, "")
	doc := `{"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": ` + quote(req, false) + `}], "structuredContent": ` + req + `, "isError": false}}`
	for _, opt := range []Options{{Output: Plain}, {Output: Agent, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}} {
		peak, out, _ := peakLive(t, doc, opt)
		if want := map[Output]string{Plain: "id: 1\n\nop #0 of 1: list: ok\n", Agent: `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\"results\": [{\"ok\": true`}[opt.Output]; !strings.HasPrefix(out, want) {
			t.Errorf("output %d starts %q", opt.Output, out[:min(len(out), 80)])
		}
		if peak > 8<<20 {
			t.Errorf("output %d: %d MiB held at once for %d MiB of input, want at most 8", opt.Output, peak>>20, len(doc)>>20)
		}
	}
}
