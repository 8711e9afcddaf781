// Command benchdata writes the inputs of the performance comparison
// (bench/compare.sh), so that no large file is committed:
//
//	benchdata -kind list -rows 200000 > big.json     a khive list envelope, ~111 MiB
//	benchdata -kind stream -rows 100000 > s.ndjson   one small envelope per line
//	benchdata -kind small > small.json               a ~1 KB response
//	benchdata -kind sse -rows 100000 > m.sse         MCP/JSON-RPC messages as SSE frames
//	benchdata -kind sse-ndjson -rows 100000          the same messages, one per line
//	benchdata -kind code -rows 50000                 a code-search result, 50,000 hits
//	benchdata -kind keys -rows 1000000               one object with 1,000,000 keys, ~17 MB
//	benchdata -kind graph -rows 100000               a graph-memory search, 100,000 nodes
//	benchdata -kind scalars -rows 1000000            an array of 1,000,000 numbers, ~6.9 MB
//	benchdata -kind wrapped -rows 24000              a list envelope inside a JSON-RPC
//	                                                 MCP tool result, as text and as
//	                                                 structuredContent, ~27 MB
//	benchdata -kind structured -rows 200000          list's envelope as the structuredContent
//	                                                 of a JSON-RPC MCP tool result whose text
//	                                                 is one line, ~117 MB
//	benchdata -kind string -rows 100000000           one object holding a single string of
//	                                                 100,000,000 bytes (lines of text), ~102 MB
//
// Without -rows each kind has the size above (list: 200,000 rows; string:
// -rows is the string's length in bytes, once decoded). Rows are
// shaped like ../shared/corpus/khive_list_tasks.json and written indented as
// khive writes them; the other kinds follow the testdata files of the same
// shape (codebase_search_code.json, graphiti_search_nodes.json,
// sse_progress_then_result.sse). The output is the same on every run.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
)

var defaultRows = map[string]int{
	"list": 200000, "stream": 100000, "small": 2, "sse": 100000, "sse-ndjson": 100000,
	"code": 50000, "keys": 1000000, "graph": 100000, "scalars": 1000000, "wrapped": 24000,
	"structured": 200000, "string": 100000000, "dense": 1000, "result": 200000,
}

const kinds = "list, stream, small, sse, sse-ndjson, code, keys, graph, scalars, wrapped, structured, string, dense or result"

func main() {
	kind := flag.String("kind", "list", kinds)
	rows := flag.Int("rows", 0, "rows, documents, frames, hits, keys, nodes, numbers or the string's bytes (0: the kind's default)")
	flag.Parse()
	n, known := defaultRows[*kind]
	if !known {
		fmt.Fprintln(os.Stderr, "benchdata: -kind must be "+kinds)
		os.Exit(2)
	}
	if *rows > 0 && *kind != "small" {
		n = *rows
	}
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	switch *kind {
	case "list", "small":
		list(w, n)
	case "stream":
		for i := 0; i < n; i++ {
			fmt.Fprintf(w, `{"ok": true, "tool": "gtd.transition", "result": {"id": "%s", "from": "next", "to": "active", "transitioned": true, "is_terminal": false, "audit_persisted": true}}`+"\n", uuid(i))
		}
	case "sse":
		for i := 0; i < n; i++ {
			w.WriteString("event: message\ndata: ")
			rpcMessage(w, i)
			w.WriteString("\n\n")
		}
	case "sse-ndjson":
		for i := 0; i < n; i++ {
			rpcMessage(w, i)
			w.WriteByte('\n')
		}
	case "code":
		codeSearch(w, n)
	case "keys":
		keys(w, n)
	case "graph":
		graph(w, n)
	case "scalars":
		scalars(w, n)
	case "wrapped":
		wrapped(w, n)
	case "structured":
		structured(w, n)
	case "string":
		longString(w, n)
	case "dense":
		dense(w, n, 2000)
	case "result":
		result(w, n)
	}
}

// dense writes a list of rows records of cols numbers each: a dense, wide
// table (a query of every column, a metrics export), which a list of a
// thousand rows of it holds in memory, held whole, many times over.
func dense(w *bufio.Writer, rows, cols int) {
	w.WriteByte('[')
	for i := 0; i < rows; i++ {
		if i > 0 {
			w.WriteString(",\n")
		}
		w.WriteByte('{')
		for j := 0; j < cols; j++ {
			if j > 0 {
				w.WriteByte(',')
			}
			fmt.Fprintf(w, `"c%d":%d`, j, (i*7+j)%1000)
		}
		w.WriteByte('}')
	}
	w.WriteString("]\n")
}

// result writes {"result": [rows]}: how the Go SDK and FastMCP put a
// tool's result that is no object in its structured content, here as a
// document of its own.
func result(w *bufio.Writer, rows int) {
	w.WriteString(`{"result":[`)
	for i := 0; i < rows; i++ {
		if i > 0 {
			w.WriteByte(',')
		}
		w.Write(compactRow(i))
	}
	w.WriteString("]}\n")
}

var (
	statuses   = []string{"inbox", "next", "active", "waiting", "someday", "done", "cancelled"}
	assignees  = []string{"agent:docs", "agent:core", "operator", "", "agent:triage"}
	titleWords = []string{"Wire", "the", "recall", "pipeline", "into", "daemon", "and", "measure", "p99", "latency", "under", "concurrent", "agent", "load", "Draft", "ADR-045", "migrate", "schema", "index", "BM25"}
)

func uuid(i int) string {
	return fmt.Sprintf("%08x-%04x-4%03x-a%03x-%012x", uint32(i*2654435761), i&0xffff, i&0xfff, (i>>4)&0xfff, (uint64(i)*0x9e3779b1)&(1<<48-1))
}

func title(i int) string {
	n := 3 + i%9
	s := ""
	for k := 0; k < n; k++ {
		if k > 0 {
			s += " "
		}
		s += titleWords[(i*7+k*3)%len(titleWords)]
	}
	return s
}

// list writes a khive list envelope of rows tasks, indented as khive writes
// it, and a newline.
func list(w *bufio.Writer, rows int) {
	listEnvelope(w, rows)
	w.WriteByte('\n')
}

// listEnvelope writes list's envelope without the newline after it.
func listEnvelope(w *bufio.Writer, rows int) {
	fmt.Fprint(w, "{\n  \"ok\": true,\n  \"tool\": \"list\",\n  \"result\": {\n    \"items\": [")
	for i := 0; i < rows; i++ {
		if i > 0 {
			w.WriteByte(',')
		}
		row(w, i)
	}
	fmt.Fprintf(w, "\n    ],\n    \"requested_limit\": %d,\n    \"effective_limit\": %d,\n    \"limit_clamped\": false,\n    \"has_more\": true\n  }\n}", rows, rows)
}

// row writes task i of a list, indented for its place in list's items.
func row(w *bufio.Writer, i int) {
	completed, result := "null", "null"
	status := statuses[i%len(statuses)]
	if status == "done" {
		completed = fmt.Sprintf("\"2026-05-%02dT10:30:00Z\"", 1+i%22)
		result = fmt.Sprintf("\"migrated %d tables\"", i%50)
	}
	due := "null"
	if i%3 == 0 {
		due = fmt.Sprintf("\"2026-06-%02dT17:00:00Z\"", 1+i%28)
	}
	deps := "[]"
	if i%4 == 1 {
		deps = fmt.Sprintf("[\n          \"%s\"\n        ]", uuid(i-1))
	}
	fmt.Fprintf(w, `
      {
        "id": "%s",
        "kind": "task",
        "title": "%s",
        "status": "%s",
        "priority": "p%d",
        "assignee": "%s",
        "created_at": "2026-05-%02dT09:12:44.000000Z",
        "updated_at": "2026-05-23T%02d:%02d:09.500000Z",
        "completed_at": %s,
        "due_at": %s,
        "tags": [
          "retrieval",
          "v%d"
        ],
        "dependencies": %s,
        "result": %s,
        "namespace": "agent:core"
      }`, uuid(i), title(i), status, i%4, assignees[i%len(assignees)], 1+i%22, i%16, i%60, completed, due, 1+i%3, deps, result)
}

// compactRow is row i as one line of JSON.
func compactRow(i int) []byte {
	var b bytes.Buffer
	rw := bufio.NewWriter(&b)
	row(rw, i)
	rw.Flush()
	var c bytes.Buffer
	if err := json.Compact(&c, b.Bytes()); err != nil {
		panic(err)
	}
	return c.Bytes()
}

// jsonString writes s as a JSON string, escaping only what JSON requires.
func jsonString(w *bufio.Writer, s string) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(err)
	}
	w.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// rpcMessage writes message i of an MCP session over JSON-RPC, on one line:
// progress and log notifications, and tool results carrying a khive envelope
// as text or a list as structuredContent. Every message reports success.
func rpcMessage(w *bufio.Writer, i int) {
	call := i / 4
	switch i % 4 {
	case 0:
		msgs := []string{"opening index", "ranking candidates", "fusing results"}
		fmt.Fprintf(w, `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"call-%d","progress":%d,"total":3,"message":"%s"}}`, call, 1+call%3, msgs[call%3])
	case 1:
		fmt.Fprintf(w, `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"indexer","data":{"files":%d,"skipped":%d,"elapsed_ms":%d}}}`, 1000+call%5000, call%7, 10+call%900)
	case 2:
		text := fmt.Sprintf(`{"ok": true, "tool": "search", "result": [{"id": "%s", "title": "%s", "score": 0.%010d}, {"id": "%s", "title": "%s", "score": 0.%010d}]}`,
			uuid(2*call), title(2*call), (call*2654435761)%10000000000, uuid(2*call+1), title(2*call+1), (call*40503)%10000000000)
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":`, 2*call+1)
		jsonString(w, text)
		w.WriteString(`}],"isError":false}}`)
	case 3:
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"1 task"}],"structuredContent":{"items":[`, 2*call+2)
		w.Write(compactRow(call))
		w.WriteString(`]},"isError":false}}`)
	}
}

var codeTemplates = []struct{ path, before, content, after string }{
	{"src/auth/login_%d.py", "import hashlib\nfrom ..models import User\n\n",
		"def authenticate_user_%d(username: str, password: str) -> User:\n    \"\"\"Authenticate user with username and password.\"\"\"\n    hashed_pw = hashlib.sha256(password.encode()).hexdigest()\n    user = User.get_by_username(username)\n    if user and user.password_hash == hashed_pw:\n        return user\n    raise AuthenticationError(\"Invalid credentials\")",
		"\n    return user\n"},
	{"internal/store/cache_%d.go", "package store\n\nimport \"sync\"\n\n",
		"func (c *Cache) Get%d(key string) (Value, bool) {\n\tc.mu.RLock()\n\tdefer c.mu.RUnlock()\n\tv, ok := c.items[key]\n\tif !ok || v.expired(c.now()) {\n\t\treturn Value{}, false\n\t}\n\treturn v, true\n}",
		"\n\n// Put stores v under key.\n"},
	{"web/src/hooks/useSearch%d.ts", "import { useEffect, useState } from 'react';\n",
		"export function useSearch%d(query: string) {\n  const [hits, setHits] = useState<Hit[]>([]);\n  useEffect(() => {\n    if (!query) return;\n    fetch(`/api/search?q=${encodeURIComponent(query)}`)\n      .then((r) => r.json())\n      .then((body) => setHits(body.results));\n  }, [query]);\n  return hits;\n}",
		""},
	{"crates/index/src/bm25_%d.rs", "use std::collections::HashMap;\n\n",
		"pub fn score_%d(tf: f32, df: u32, n: u32, len: f32, avg: f32) -> f32 {\n    let idf = ((n as f32 - df as f32 + 0.5) / (df as f32 + 0.5) + 1.0).ln();\n    let k1 = 1.2;\n    let b = 0.75;\n    idf * tf * (k1 + 1.0) / (tf + k1 * (1.0 - b + b * len / avg))\n}",
		"\n#[cfg(test)]\nmod tests {\n"},
}

// codeSearch writes a code-search result of hits results, shaped like
// testdata/codebase_search_code.json.
func codeSearch(w *bufio.Writer, hits int) {
	w.WriteString("{\n  \"results\": [")
	for i := 0; i < hits; i++ {
		if i > 0 {
			w.WriteByte(',')
		}
		t := codeTemplates[i%len(codeTemplates)]
		start := 1 + (i*37)%900
		fmt.Fprintf(w, "\n    {\n      \"chunk_id\": \"%s\",\n      \"file_path\": \"%s\",\n      \"content\": ", uuid(i), fmt.Sprintf(t.path, i%997))
		jsonString(w, strings.Replace(t.content, "%d", fmt.Sprint(i), 1))
		fmt.Fprintf(w, ",\n      \"start_line\": %d,\n      \"end_line\": %d,\n      \"similarity_score\": 0.%04d,\n      \"context_before\": ", start, start+6+i%12, 9999-(i*9999/hits))
		jsonString(w, t.before)
		w.WriteString(",\n      \"context_after\": ")
		jsonString(w, t.after)
		w.WriteString("\n    }")
	}
	fmt.Fprintf(w, "\n  ],\n  \"total_count\": %d,\n  \"project_id\": \"my-project\",\n  \"database_name\": \"cb_proj_my_project_abc123\",\n  \"latency_ms\": 245\n}\n", hits)
}

// keys writes one object of n keys, compact, with numbers, strings and
// literals as values.
func keys(w *bufio.Writer, n int) {
	w.WriteByte('{')
	for i := 0; i < n; i++ {
		if i > 0 {
			w.WriteByte(',')
		}
		fmt.Fprintf(w, `"k%06d":`, i)
		switch i % 4 {
		case 0, 2:
			fmt.Fprint(w, (i*7919)%1000000)
		case 1:
			fmt.Fprintf(w, `"v%03d"`, i%1000)
		case 3:
			w.WriteString([]string{"true", "false", "null"}[(i/4)%3])
		}
	}
	w.WriteString("}\n")
}

var (
	entityTypes = []string{"Framework", "Database", "Person", "Project", "Concept", "Document"}
	nodeWords   = []string{"Graphiti", "Neo4j", "temporal", "knowledge", "graph", "agent", "memory", "episode", "edge", "hybrid", "search", "backend", "incremental", "update", "summary", "entity"}
)

// graph writes a graph-memory node search of n nodes, shaped like
// testdata/graphiti_search_nodes.json.
func graph(w *bufio.Writer, n int) {
	w.WriteString("{\n  \"message\": \"Nodes retrieved successfully\",\n  \"nodes\": [")
	for i := 0; i < n; i++ {
		if i > 0 {
			w.WriteByte(',')
		}
		name := nodeWords[i%len(nodeWords)] + fmt.Sprintf(" %d", i)
		et := entityTypes[i%len(entityTypes)]
		var s strings.Builder
		for k := 0; k < 8+i%14; k++ {
			if k > 0 {
				s.WriteByte(' ')
			}
			s.WriteString(nodeWords[(i*5+k*3)%len(nodeWords)])
		}
		s.WriteByte('.')
		fmt.Fprintf(w, `
    {
      "uuid": "%s",
      "name": "%s",
      "entity_type": "%s",
      "summary": "%s",
      "created_at": "2026-01-%02dT%02d:%02d:%02dZ",
      "labels": [
        "Entity",
        "%s"
      ],
      "group_id": "main",
      "attributes": {}
    }`, uuid(i), name, et, s.String(), 1+i%28, i%24, i%60, (i/60)%60, et)
	}
	w.WriteString("\n  ]\n}\n")
}

// scalars writes an array of n numbers, compact: integers and some decimals.
func scalars(w *bufio.Writer, n int) {
	w.WriteByte('[')
	for i := 0; i < n; i++ {
		if i > 0 {
			w.WriteByte(',')
		}
		if i%5 == 4 {
			fmt.Fprintf(w, "%d.%02d", (i*31)%1000, i%100)
		} else {
			fmt.Fprint(w, (i*7919)%1000000)
		}
	}
	w.WriteString("]\n")
}

// wrapped writes a khive batch envelope with one list result of rows tasks,
// inside an MCP tool result of a JSON-RPC response: once as the text of its
// content (the envelope indented, as khive writes it) and once as its
// structuredContent (compact).
func wrapped(w *bufio.Writer, rows int) {
	var env bytes.Buffer
	ew := bufio.NewWriter(&env)
	ew.WriteString(`{"results":[{"ok":true,"tool":"list","result":{"items":[`)
	for i := 0; i < rows; i++ {
		if i > 0 {
			ew.WriteByte(',')
		}
		ew.Write(compactRow(i))
	}
	fmt.Fprintf(ew, `],"requested_limit":%d,"effective_limit":%d,"limit_clamped":false,"has_more":true}}],"status":"success","summary":{"succeeded":1,"failed":0,"aborted":0}}`, rows, rows)
	ew.Flush()
	var indented bytes.Buffer
	if err := json.Indent(&indented, env.Bytes(), "", "  "); err != nil {
		panic(err)
	}
	w.WriteString(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":`)
	jsonString(w, indented.String())
	w.WriteString(`}],"structuredContent":`)
	w.Write(env.Bytes())
	w.WriteString(`,"isError":false}}` + "\n")
}

// structured writes a JSON-RPC response whose MCP tool result carries list's
// envelope of rows tasks (the same bytes: indented, as khive writes it) as
// its structuredContent. MCP asks a server to send the same JSON as text too;
// here the text block is a one-line summary, so the list is only in
// structuredContent.
func structured(w *bufio.Writer, rows int) {
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"list: %d tasks, more available"}],"structuredContent":`, rows)
	listEnvelope(w, rows)
	w.WriteString(`,"isError":false}}` + "\n")
}

// longString writes {"content": S}, S a string of n bytes: numbered lines of
// text, some indented with a tab, some holding non-ASCII letters, ended by
// ASCII filler to make up n exactly. No quotation marks, so that the case
// measures a long string alone: escaped quotes in a long string cost time
// of their own (wrapped's text block has them).
func longString(w *bufio.Writer, n int) {
	var s strings.Builder
	s.Grow(n)
	for i := 0; ; i++ {
		var line strings.Builder
		if i%5 == 4 {
			line.WriteByte('\t')
		}
		fmt.Fprintf(&line, "%d. %s", i+1, title(i))
		if i%7 == 3 {
			fmt.Fprintf(&line, " (see %s)", titleWords[i%len(titleWords)])
		}
		if i%11 == 6 {
			line.WriteString(" — naïve résumé → done")
		}
		line.WriteByte('\n')
		if s.Len()+line.Len() > n {
			break
		}
		s.WriteString(line.String())
	}
	s.WriteString(strings.Repeat(".", n-s.Len()))
	w.WriteString(`{"content": `)
	jsonString(w, s.String())
	w.WriteString("}\n")
}
