package pipeline

import (
	"bytes"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
)

// listEnvelope builds a khive list envelope of n task rows shaped like
// testdata/khive_list_tasks.json.
func listEnvelope(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"ok": true, "tool": "list", "result": {"items": [`)
	statuses := []string{"inbox", "next", "active", "waiting", "done"}
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id": "%08x-7cef-4aa3-aaed-cf4a4599a084", "kind": "task", "title": "Task number %d: wire the recall pipeline into the daemon", "status": %q, "priority": "p%d", "assignee": "agent:core", "created_at": "2026-05-20T09:12:44.000000Z", "updated_at": "2026-05-23T11:02:09.500000Z", "completed_at": null, "due_at": null, "tags": ["retrieval", "v1"], "dependencies": [], "result": null, "namespace": "local"}`,
			i, i, statuses[i%len(statuses)], i%4)
	}
	b.WriteString(`], "requested_limit": 1000, "effective_limit": 1000, "limit_clamped": false, "has_more": true}}`)
	return b.Bytes()
}

func benchRender(b *testing.B, opt Options) {
	data := listEnvelope(2000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewRenderer(io.Discard, opt).Stream(bytes.NewReader(data), "bench"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecode(b *testing.B) {
	data := listEnvelope(2000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewDecoder(bytes.NewReader(data), "bench").Next(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPlain(b *testing.B) { benchRender(b, Options{Output: Plain}) }

// BenchmarkJSON is -o json, written token by token as it is read.
func BenchmarkJSON(b *testing.B) { benchRender(b, Options{Output: JSON}) }

func BenchmarkHuman(b *testing.B) {
	benchRender(b, Options{Output: Human, Width: 120, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)})
}

func BenchmarkHumanColor(b *testing.B) {
	benchRender(b, Options{Output: Human, Width: 120, Color: colorprofile.ANSI, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)})
}

// Rows whose nested keys are all different: each one a new column. Adding
// a column must not cost a scan of the others (it took 37 s for 944 KB).
func BenchmarkPlainUniqueNestedKeys(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString("[")
	for i := 0; i < 1000; i++ {
		if i > 0 {
			buf.WriteByte(',')
		}
		fmt.Fprintf(&buf, `{"id": %d, "a": {`, i)
		for j := 0; j < 30; j++ {
			if j > 0 {
				buf.WriteByte(',')
			}
			fmt.Fprintf(&buf, `"k%d_%d": %d`, i, j, j)
		}
		buf.WriteString("}}")
	}
	buf.WriteString("]")
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := NewRenderer(io.Discard, Options{Output: Plain}).Stream(bytes.NewReader(data), "bench"); err != nil {
			b.Fatal(err)
		}
	}
}

// A record of 60,000 keys as a table: fitting it to the width must not
// drop one column per pass (8-10 s before).
func BenchmarkHumanManyColumns(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString("[")
	for r := 0; r < 2; r++ {
		if r > 0 {
			buf.WriteByte(',')
		}
		buf.WriteByte('{')
		for j := 0; j < 60000; j++ {
			if j > 0 {
				buf.WriteByte(',')
			}
			fmt.Fprintf(&buf, `"c%d": %d`, j, j)
		}
		buf.WriteByte('}')
	}
	buf.WriteString("]")
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := NewRenderer(io.Discard, Options{Output: Human, Width: 120}).Stream(bytes.NewReader(data), "bench"); err != nil {
			b.Fatal(err)
		}
	}
}

// sseFrames is n MCP messages as Server-Sent Events, one per frame, as a
// streamable-HTTP server sends them.
// framed false gives the same messages as NDJSON.
func sseFrames(n int, framed bool) []byte {
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		if framed {
			fmt.Fprintf(&b, "event: message\nid: %d\ndata: ", i)
		}
		fmt.Fprintf(&b, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":%d,\"progress\":%d,\"total\":%d,\"message\":\"step %d of the import\"}}\n", i, i, n, i)
		if framed {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// SSE against the same documents unframed: the frames should cost little
// more than the JSON in them.
func BenchmarkSSE(b *testing.B) {
	for _, f := range []struct {
		name string
		data []byte
	}{{"framed", sseFrames(2000, true)}, {"ndjson", sseFrames(2000, false)}} {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(len(f.data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := NewRenderer(io.Discard, Options{Output: Plain}).Stream(bytes.NewReader(f.data), "bench"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Documents that stream other than as a long list: an object of many
// members, a graph's entries, a list in a text block of a JSON-RPC reply.
// The memory each costs must not grow with its size (B/op per MB stays
// flat); time, against Human and Plain of a bare list.
func BenchmarkStreamedShapes(b *testing.B) {
	shapes := []struct {
		name string
		data []byte
	}{
		{"object", []byte(largeObject(20000, false, ""))},
		{"graph", []byte(`{"message": "ok", "nodes": ` + graphNodes(5000) + `}`)},
		{"textblock", []byte(`{"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": ` + quote(textItems(5000), false) + `}]}}`)},
	}
	for _, s := range shapes {
		for _, o := range []struct {
			name string
			opt  Options
		}{{"plain", Options{Output: Plain}}, {"human", Options{Output: Human, Width: 120}}, {"markdown", Options{Output: Markdown}}} {
			b.Run(s.name+"/"+o.name, func(b *testing.B) {
				b.SetBytes(int64(len(s.data)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := NewRenderer(io.Discard, o.opt).Stream(bytes.NewReader(s.data), "bench"); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// mcpSession is the first n lines bench/benchdata's sse-ndjson kind writes
// (bench/out/in-sse.ndjson), byte for byte: JSON-RPC lines of an MCP
// session, in turn a progress notification, a log message, a tool result
// whose text block holds a small khive search envelope, and one whose
// structuredContent lists one task.
func mcpSession(n int) []byte {
	var b bytes.Buffer
	words := []string{"Wire", "the", "recall", "pipeline", "into", "daemon", "and", "measure", "p99", "latency", "under", "concurrent", "agent", "load", "Draft", "ADR-045", "migrate", "schema", "index", "BM25"}
	title := func(i int) string {
		s := words[(i*7)%len(words)]
		for k := 1; k < 3+i%9; k++ {
			s += " " + words[(i*7+k*3)%len(words)]
		}
		return s
	}
	uuid := func(i int) string {
		return fmt.Sprintf("%08x-%04x-4%03x-a%03x-%012x", uint32(i*2654435761), i&0xffff, i&0xfff, (i>>4)&0xfff, (uint64(i)*0x9e3779b1)&(1<<48-1))
	}
	steps := []string{"opening index", "ranking candidates", "fusing results"}
	statuses := []string{"inbox", "next", "active", "waiting", "someday", "done", "cancelled"}
	assignees := []string{"agent:docs", "agent:core", "operator", "", "agent:triage"}
	for i := 0; i < n; i++ {
		call := i / 4
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"call-%d","progress":%d,"total":3,"message":"%s"}}`, call, 1+call%3, steps[call%3])
		case 1:
			fmt.Fprintf(&b, `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"indexer","data":{"files":%d,"skipped":%d,"elapsed_ms":%d}}}`, 1000+call%5000, call%7, 10+call%900)
		case 2:
			text := fmt.Sprintf(`{"ok": true, "tool": "search", "result": [{"id": "%s", "title": "%s", "score": 0.%010d}, {"id": "%s", "title": "%s", "score": 0.%010d}]}`,
				uuid(2*call), title(2*call), (call*2654435761)%10000000000, uuid(2*call+1), title(2*call+1), (call*40503)%10000000000)
			fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":%s}],"isError":false}}`, 2*call+1, quote(text, false))
		case 3:
			status, completed, result, due, deps := statuses[call%len(statuses)], "null", "null", "null", "[]"
			if status == "done" {
				completed = fmt.Sprintf(`"2026-05-%02dT10:30:00Z"`, 1+call%22)
				result = fmt.Sprintf(`"migrated %d tables"`, call%50)
			}
			if call%3 == 0 {
				due = fmt.Sprintf(`"2026-06-%02dT17:00:00Z"`, 1+call%28)
			}
			if call%4 == 1 {
				deps = fmt.Sprintf(`[%q]`, uuid(call-1))
			}
			fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"1 task"}],"structuredContent":{"items":[{"id":"%s","kind":"task","title":"%s","status":"%s","priority":"p%d","assignee":"%s","created_at":"2026-05-%02dT09:12:44.000000Z","updated_at":"2026-05-23T%02d:%02d:09.500000Z","completed_at":%s,"due_at":%s,"tags":["retrieval","v%d"],"dependencies":%s,"result":%s,"namespace":"agent:core"}]},"isError":false}}`,
				2*call+2, uuid(call), title(call), status, call%4, assignees[call%len(assignees)], 1+call%22, call%16, call%60, completed, due, 1+call%3, deps, result)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// BenchmarkSSEHuman is many small MCP replies in colour, as issue 47
// measures them against gojq -C: the cost is per document, not per byte.
func BenchmarkSSEHuman(b *testing.B) {
	data := mcpSession(20000)
	opt := Options{Output: Human, Width: 120, Color: colorprofile.ANSI256, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewRenderer(io.Discard, opt).Stream(bytes.NewReader(data), "bench"); err != nil {
			b.Fatal(err)
		}
	}
}
