// Package viewtest is a small example of every kind of view block, and
// Check, which every writer's tests give them to: a writer that has no
// case for a kind fails them. Its own test checks that each kind with a
// block method in package view has an example here, so that a new kind
// fails the tests of every writer until each writes it. Walk visits every
// cell of a view, for the tests that check a full view loses nothing.
//
// It imports view only, and only tests import it.
package viewtest

import (
	"bufio"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/view"
)

// Streamed is the text of the last thing each stream of Streaming yields,
// which no example of Held shows: a writer that reads the stream shows it.
const Streamed = "streamed"

// errRead is the input's failure that Check's failing streams end with.
var errRead = errors.New("viewtest: the input failed")

// Check writes every example, concise and verbose, each in a document of
// its own, with write (a writer's Doc to w), and fails t where write
// returns an error (a writer's for a block it has no case for), writes
// nothing for a block but a Gap, or leaves out what a stream yields last;
// and where it does not return the error of a stream that fails.
func Check(t *testing.T, write func(w *bufio.Writer, d view.Doc, verbose bool) error) {
	t.Helper()
	run := func(b view.Block, verbose bool) (string, error) {
		var out strings.Builder
		w := bufio.NewWriter(&out)
		err := write(w, view.Doc{Blocks: []view.Block{b}}, verbose)
		w.Flush()
		return out.String(), err
	}
	for _, verbose := range []bool{false, true} {
		held := Held()
		for i, b := range append(held, Streaming(nil)...) {
			out, err := run(b, verbose)
			_, gap := b.(view.Gap)
			switch {
			case err != nil:
				t.Errorf("%T (verbose %t): %v", b, verbose, err)
			case out == "" && !gap:
				t.Errorf("%T (verbose %t): nothing written", b, verbose)
			case i >= len(held) && !strings.Contains(out, Streamed):
				t.Errorf("streamed %T (verbose %t): %q, its stream's last, not written:\n%s", b, verbose, Streamed, out)
			}
		}
		for _, b := range Streaming(errRead) {
			if _, err := run(b, verbose); !errors.Is(err, errRead) {
				t.Errorf("streamed %T (verbose %t): error %v, not its input's", b, verbose, err)
			}
		}
	}
}

func text(s string) view.Cell { return view.Cell{Kind: view.Text, Text: s} }

// Held is an example of every kind of block, whole: made anew at each call.
func Held() []view.Block {
	id := view.Cell{Kind: view.ID, Text: "0191c0de-7a3b-4c1e", ShortLen: 8}
	score := view.Cell{Kind: view.Score, Text: "0.923", Frac: 0.923}
	at := view.Cell{Kind: view.Time, Text: "2026-05-23T16:00:00Z", At: time.Date(2026, 5, 23, 16, 0, 0, 0, time.UTC)}
	rec := view.Record{Fields: []view.Field{
		{Key: "name", Cell: text("graphiti")},
		{Key: "id", Cell: id},
		{Key: "nested", Block: view.Record{Fields: []view.Field{{Key: "ok", Cell: view.Cell{Kind: view.Bool, Text: "true", Tone: view.Good}}}}},
	}}
	return []view.Block{
		view.Title{Mark: view.OK, Text: "search", Value: &score},
		view.Heading{Mark: view.Asks, Text: "server asks: roots/list", Aside: "#0"},
		rec,
		table(),
		view.Inline{Items: []view.Cell{text("alpha"), text("beta")}},
		view.Scalar{Cell: text("done")},
		view.Error{Tool: "get", Kind: "not_found", Message: "no such entity",
			Details: &view.Record{Fields: []view.Field{{Key: "id", Cell: id}}, Exact: true}},
		view.Footer{Kind: view.Meta, Parts: []view.Part{{Text: "3 tasks"}, {Text: "more after ", Cell: &id}}},
		view.Items{Heading: "entities", Entries: []view.Entry{entry("Graphiti")}},
		view.Relations{Heading: "relations", Relations: []view.Relation{
			{From: "Graphiti", Rel: "uses", To: "Neo4j", Score: &score, Invalid: &at, Detail: "as its backend"},
		}},
		view.Timeline{Heading: "timeline", Events: []view.Event{{At: &at, Name: "standup", Source: "notes", Content: "planned the week"}}},
		view.Code{Path: "main.go", Lines: ":1-2", Line: 1, Score: &score, Text: "package main\n\nfunc main() {}", Language: "go"},
		view.Bullets{Items: []view.Cell{text("one"), text("two")}, Mark: view.OK, Tone: view.Good},
		view.Prose{Lines: []view.ProseLine{
			{Kind: view.Tagged, Tag: "[done]", Tone: view.Good, Text: "[done] the index is built"},
			{Kind: view.NextHint, Tag: "→ next:", Text: "→ next: search | stats"},
		}},
		view.Note{Fields: []string{"progress", "50%"}},
		view.Gap{},
		view.Definition{Name: "search", Title: "Search", Hints: []view.Hint{{Kind: view.ReadOnly, Text: "read-only", Tone: view.Good}},
			Description: "Finds entities.", Returns: "hits",
			Params: []view.Param{{Name: "query", Type: "string", Required: true, Description: "what to find",
				Facts: []view.Fact{{Label: "default", Values: []view.Literal{{Text: "*"}}}}}}},
		view.Messages{Messages: []view.Message{{Role: "user", Text: "hello"}, {Role: "assistant", Note: []string{"image", "image/png"}}}},
		view.Document{Title: "file:///notes.txt", Fields: []string{"text/plain", "6 B"}, Text: "hello\n"},
		view.Tree{Heading: "files", Nodes: []view.TreeNode{{Name: "src", Dir: true, Children: []view.TreeNode{{Name: "main.go", Size: "1 KB"}}}}},
		view.Diff{Lines: []view.DiffLine{
			{Kind: view.DiffHeader, Text: "--- a/main.go"},
			{Kind: view.DiffHunk, Text: "@@ -1 +1 @@"},
			{Kind: view.DiffRemoved, Text: "-old"},
			{Kind: view.DiffAdded, Text: "+new"},
		}},
	}
}

// Streaming is an example of every block that streams, each of whose
// streams yields Streamed last, then ends with end (nil: the input's end,
// else its failure), and a Stream of all of Held and of them: made anew at
// each call, as a stream is read once.
func Streaming(end error) []view.Block {
	bs := streaming(end)
	return append(bs, view.Stream{Next: each(end, append(Held(), streaming(end)...)...)})
}

func streaming(end error) []view.Block {
	t := table()
	t.Stream = rows(end,
		row{cells: []view.Cell{text("gamma"), text("0.5")}},
		row{other: &view.Record{Fields: []view.Field{{Key: "note", Cell: text("not a row")}}}},
		row{cells: []view.Cell{text(Streamed), text("0.1")}},
	)
	then := table() // its rows too sparse for a table after the first ones
	then.Stream = func() ([]view.Cell, *view.Record, bool, error) {
		return nil, &view.Record{Stream: each(end, view.Field{Key: "[2]", Cell: text(Streamed)})}, false, nil
	}
	return []view.Block{
		t,
		then,
		view.Inline{Items: []view.Cell{text("alpha")}, More: each(end, text(Streamed))},
		view.Items{Heading: "entities", Entries: []view.Entry{entry("Graphiti")}, Pad: 2, More: each(end, entry(Streamed))},
		view.Record{Fields: []view.Field{{Key: "name", Cell: text("graphiti")}}, Measured: 1,
			Stream: each(end, view.Field{Key: "last", Cell: text(Streamed)})},
		view.Later{Blocks: func() ([]view.Block, error) {
			if end != nil {
				return nil, end
			}
			return []view.Block{view.Footer{Parts: []view.Part{{Text: Streamed}}}}, nil
		}},
	}
}

func table() view.Table {
	return view.Table{
		Columns: []view.Column{
			{Key: "name", Header: "NAME", Identity: true, Keep: view.Essential},
			{Key: "score", Header: "SCORE", Align: view.Right, Keep: 50},
		},
		Rows: [][]view.Cell{{text("graphiti"), text("0.9")}, {text("neo4j"), text("0.7")}}, // as wide as Streamed
	}
}

func entry(name string) view.Entry {
	return view.Entry{Name: name, Tag: "Framework", Summary: "a temporal graph", Lines: []string{"uses Neo4j"}}
}

// row is what a table's stream yields.
type row struct {
	cells []view.Cell
	other *view.Record
}

// rows yields rs one at a time, then end, as a table's stream.
func rows(end error, rs ...row) func() ([]view.Cell, *view.Record, bool, error) {
	next := each(end, rs...)
	return func() ([]view.Cell, *view.Record, bool, error) {
		r, ok, err := next()
		return r.cells, r.other, ok, err
	}
}

// each yields xs one at a time, then end, in the shape of a stream's
// function.
func each[T any](end error, xs ...T) func() (T, bool, error) {
	return func() (T, bool, error) {
		var x T
		if len(xs) == 0 {
			return x, false, end
		}
		x, xs = xs[0], xs[1:]
		return x, true, nil
	}
}
