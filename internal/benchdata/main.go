// Command benchdata writes the inputs of the performance comparison
// (bench/compare.sh), so that no large file is committed:
//
//	benchdata -kind list -rows 200000 > big.json    a khive list envelope, ~110 MB
//	benchdata -kind stream -rows 100000 > s.ndjson  one small envelope per line
//	benchdata -kind small > small.json              a ~1 KB response
//
// Rows are shaped like ../shared/corpus/khive_list_tasks.json and written
// indented as khive writes them. The output is the same on every run.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
)

func main() {
	kind := flag.String("kind", "list", "list, stream or small")
	rows := flag.Int("rows", 200000, "rows (list) or documents (stream)")
	flag.Parse()
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	switch *kind {
	case "list":
		list(w, *rows)
	case "stream":
		for i := 0; i < *rows; i++ {
			fmt.Fprintf(w, `{"ok": true, "tool": "gtd.transition", "result": {"id": "%s", "from": "next", "to": "active", "transitioned": true, "is_terminal": false, "audit_persisted": true}}`+"\n", uuid(i))
		}
	case "small":
		list(w, 2)
	default:
		fmt.Fprintln(os.Stderr, "benchdata: -kind must be list, stream or small")
		os.Exit(2)
	}
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

func list(w *bufio.Writer, rows int) {
	fmt.Fprint(w, "{\n  \"ok\": true,\n  \"tool\": \"list\",\n  \"result\": {\n    \"items\": [")
	for i := 0; i < rows; i++ {
		if i > 0 {
			w.WriteByte(',')
		}
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
	fmt.Fprintf(w, "\n    ],\n    \"requested_limit\": %d,\n    \"effective_limit\": %d,\n    \"limit_clamped\": false,\n    \"has_more\": true\n  }\n}\n", rows, rows)
}
