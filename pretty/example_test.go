package pretty_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/khive-ai/khive-pretty/pretty"
)

// A khive answer for a person: a transition in one line.
func ExampleRender() {
	answer := `{"ok": true, "tool": "gtd.transition",
	  "result": {"id": "f4d26f48-1e22-410b-8ec2-d5ef48aa69a3", "from": "next", "to": "active", "transitioned": true}}`
	res, err := pretty.Render(os.Stdout, strings.NewReader(answer), pretty.Options{Format: pretty.Human, Width: 80})
	fmt.Println(res.Failed, err)
	// Output:
	// ✓ gtd.transition
	//   id            f4d26f48
	//   from          ▶ next
	//   to            ● active
	//   transitioned  ✓
	// false <nil>
}

// The same for a script: every leaf, as written.
func ExampleRender_plain() {
	answer := `{"ok": true, "tool": "gtd.transition",
	  "result": {"id": "f4d26f48-1e22-410b-8ec2-d5ef48aa69a3", "from": "next", "to": "active", "transitioned": true}}`
	pretty.Render(os.Stdout, strings.NewReader(answer), pretty.Options{Format: pretty.Plain})
	// Output:
	// ok: true
	// tool: gtd.transition
	//
	// id: f4d26f48-1e22-410b-8ec2-d5ef48aa69a3
	// from: next
	// to: active
	// transitioned: true
}

// An MCP tool result that reports an error: rendered, and Failed.
func ExampleRender_failure() {
	reply := `{"jsonrpc": "2.0", "id": 3, "result": {"isError": true,
	  "content": [{"type": "text", "text": "no such table: tasks"}]}}`
	res, _ := pretty.Render(os.Stdout, strings.NewReader(reply), pretty.Options{Format: pretty.Human, Width: 60})
	fmt.Println("failed:", res.Failed)
	// Output:
	// ✗ error  tool error
	//   no such table: tasks
	// failed: true
}

// Inputs in a row through one Renderer, tables steered as --columns
// does (here two pages of a khive list, for a script: plain output).
func ExampleNew() {
	r, err := pretty.New(os.Stdout, pretty.Options{Format: pretty.Plain, Columns: "id,title", NoHeaders: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	pages := []string{
		`{"ok": true, "tool": "list", "result": {"items": [
		  {"id": "41f60be0-7cef-4aa3-aaed-cf4a4599a084", "kind": "task", "title": "Draft ADR-045", "status": "next"}], "has_more": true}}`,
		`{"ok": true, "tool": "list", "result": {"items": [
		  {"id": "0587212a-56b7-4cfe-8d9d-ff9714f60b7a", "kind": "task", "title": "Wire the recall pipeline", "status": "active"}], "has_more": false}}`,
	}
	for i, page := range pages {
		if _, err := r.Render(strings.NewReader(page), fmt.Sprintf("page-%d.json", i+1)); err != nil {
			fmt.Println(err)
		}
	}
	if err := r.Unmatched(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// ok: true
	// tool: list
	//
	// 41f60be0-7cef-4aa3-aaed-cf4a4599a084	Draft ADR-045
	//
	// has_more: true
	//
	// ok: true
	// tool: list
	//
	// 0587212a-56b7-4cfe-8d9d-ff9714f60b7a	Wire the recall pipeline
	//
	// has_more: false
}

// Bad input: an *InputError that says where, and nothing of the bad
// document written.
func ExampleInputError() {
	_, err := pretty.Render(os.Stdout, strings.NewReader(`{"ok": true, "items": [1, 2`), pretty.Options{Format: pretty.JSON})
	fmt.Println(err)
	// Output:
	// <input>:1:28: unexpected end of input: the JSON value is incomplete (in /items)
}

// Relative times are measured against Now.
func ExampleOptions_now() {
	event := `{"ok": true, "tool": "get", "result": {"id": "e1", "title": "deploy", "created_at": "2026-05-23T16:00:00Z"}}`
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	pretty.Render(os.Stdout, strings.NewReader(event), pretty.Options{Format: pretty.Human, Width: 60, Now: now})
	// Output:
	// ✓ get
	//   id       e1
	//   title    deploy
	//   created  20m ago
}

// The rows of an answer's table and nothing else, with what a server mints
// anew every call (IDs, times) labelled: a snapshot that is the same every
// run.
func ExampleRender_tsv() {
	page := `{"ok": true, "tool": "list", "result": {"items": [
	  {"id": "0587212a-56b7-4cfe-8d9d-ff9714f60b7a", "title": "Wire recall", "blocked_by": "41f60be0-7cef-4aa3-aaed-cf4a4599a084", "updated_at": "2026-05-23T11:02:09Z"},
	  {"id": "41f60be0-7cef-4aa3-aaed-cf4a4599a084", "title": "Draft ADR", "blocked_by": null, "updated_at": "2026-05-23T16:18:15Z"}],
	  "has_more": false}}`
	pretty.Render(os.Stdout, strings.NewReader(page), pretty.Options{Format: pretty.TSV, Redact: true})
	// Output:
	// id	title	blocked_by	updated_at
	// <id-1>	Wire recall	<id-2>	<time-1>
	// <id-2>	Draft ADR	null	<time-2>
}

// What failed, for a program: each failure's kind, message and where it
// came from (here the op of a khive batch, numbered as khive numbers it).
func ExampleResult_failures() {
	batch := `{"results": [
	  {"ok": true, "tool": "create", "result": {"id": "3575b06c"}},
	  {"ok": false, "tool": "get", "error": {"kind": "not_found", "message": "no entity fe19dbb5"}}],
	 "summary": {"succeeded": 1, "failed": 1}}`
	res, _ := pretty.Render(io.Discard, strings.NewReader(batch), pretty.Options{Format: pretty.Plain})
	for _, f := range res.Failures {
		fmt.Printf("op %d: %s: %s\n", f.Op, f.Kind, f.Message)
	}
	// Output:
	// op 1: not_found: no entity fe19dbb5
}

// Input that is not JSON, named: the *InputError's fields say where, as a
// compiler's do.
func ExampleInputError_fields() {
	_, err := pretty.Render(io.Discard, strings.NewReader(`{"ok": true,`+"\n"+`  "tool": }`), pretty.Options{Name: "reply.json"})
	var ie *pretty.InputError
	if errors.As(err, &ie) {
		fmt.Println(ie.Name, ie.Line, ie.Col)
		fmt.Println(err)
	}
	// Output:
	// reply.json 2 11
	// reply.json:2:11: missing value after object name (in /tool)
}

// A -o flag of a program's own, as the command reads it.
func ExampleParseFormat() {
	f, err := pretty.ParseFormat("md")
	fmt.Println(f, err)
	_, err = pretty.ParseFormat("yaml")
	fmt.Println(err)
	// Output:
	// markdown <nil>
	// "yaml" is no format: human, plain, markdown, json, agent, tsv or csv
}

// Options for standard output as the command decides them: Human on a
// terminal, its size, colour by NO_COLOR and CLICOLOR_FORCE; Plain when
// piped (as when the Examples run).
func ExampleForTerminal() {
	opt := pretty.ForTerminal(os.Stdout, os.Getenv)
	opt.Verbose = true // the program's own choices on top
	fmt.Println(opt.Format)
	// Output:
	// plain
}
