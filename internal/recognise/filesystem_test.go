package recognise

import (
	"reflect"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// docOf is the view of every part of a document, as human output makes
// them.
func docOf(t *testing.T, doc string, opt Options) []view.Block {
	t.Helper()
	var blocks []view.Block
	for _, p := range protocol.Unwrap(mustDecode(t, doc), Failed) {
		d := Doc(p, opt)
		if len(d.Problems) > 0 {
			t.Errorf("problems: %q", d.Problems)
		}
		blocks = append(blocks, d.Blocks...)
	}
	return blocks
}

// A lone content string is the filesystem server's; a record that also
// has other fields, or a content that is no string, is not.
func TestFileTextIsALoneContentString(t *testing.T) {
	for doc, want := range map[string]bool{
		`{"content": "[FILE] a"}`:             true,
		`{"content": "[FILE] a", "id": 1}`:    false,
		`{"content": 5}`:                      false,
		`{"title": "x", "content": "a note"}`: false,
	} {
		v := mustDecode(t, doc)
		if got := findShape(v, Classify(v), "") == &fileText; got != want {
			t.Errorf("%s: filesystem text = %v, want %v", doc, got, want)
		}
	}
}

// Each form of text becomes its view; a text that only starts like one
// is a document of the whole text, every line of it.
func TestFileTextForms(t *testing.T) {
	tests := []struct {
		text string
		want []view.Block
	}{
		{"[FILE] a\n[DIR] b", []view.Block{view.Tree{Nodes: []view.TreeNode{{Name: "a"}, {Name: "b", Dir: true}}}}},
		{"[FILE] a\nnot a listing", []view.Block{view.Document{Text: "[FILE] a\nnot a listing"}}},
		{"No matches found", []view.Block{view.Note{Fields: []string{"No matches found"}}}},
		{"/a/b.go\n/a/c.go", []view.Block{view.Tree{Nodes: []view.TreeNode{{Name: "/a/b.go"}, {Name: "/a/c.go"}}}}},
		{"Successfully wrote to /a/b", []view.Block{view.Footer{Kind: view.Result, Parts: []view.Part{{Mark: view.OK, Tone: view.Good, Text: "Successfully wrote to /a/b"}}}}},
		{"Successfully wrote to /a/b\nand more", []view.Block{view.Document{Text: "Successfully wrote to /a/b\nand more"}}},
		{"", []view.Block{view.Note{Fields: []string{"empty"}}}},
		{"a\tb\n", []view.Block{view.Document{Text: "a\tb\n"}}},
	}
	for _, tt := range tests {
		got := builder{}.fileText(tt.text, true)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("fileText(%q):\n%#v\nwant\n%#v", tt.text, got, tt.want)
		}
	}
}

// Without structuredContent (older servers), or repeated under --verbose,
// the same text comes as prose: its strict forms are recognised, any other
// text stays prose.
func TestProseInAFilesystemForm(t *testing.T) {
	prose := func(text string) []view.Block {
		return Doc(protocol.Part{Kind: protocol.ProsePart, Text: text}, Options{}).Blocks
	}
	if b := prose("[DIR] docs\n[FILE] README.md"); len(b) != 1 || !isA[view.Tree](b[0]) {
		t.Errorf("a listing as prose: %#v", b)
	}
	if b := prose("```diff\n--- a\n+++ b\n@@ -1 +1 @@\n-x\n+y\n```\n"); len(b) != 1 || !isA[view.Diff](b[0]) {
		t.Errorf("a diff as prose: %#v", b)
	}
	for _, text := range []string{"Successfully wrote to /a", "/a/b.go", "No matches found", "Hello\tworld"} {
		if b := prose(text); len(b) != 1 || !isA[view.Prose](b[0]) {
			t.Errorf("%q as prose: %#v", text, b)
		}
	}
}

func isA[T view.Block](b view.Block) bool {
	_, ok := b.(T)
	return ok
}

// directory_tree's JSON is a tree wherever it comes from: structured
// content's string or a text block; a list with other fields is not one.
func TestFileTree(t *testing.T) {
	tree := `[{"name": "src", "type": "directory", "children": [{"name": "a.go", "type": "file"}, {"name": "empty", "type": "directory", "children": []}]}, {"name": "README.md", "type": "file"}]`
	want := []view.Block{view.Tree{Nodes: []view.TreeNode{
		{Name: "src", Dir: true, Children: []view.TreeNode{{Name: "a.go"}, {Name: "empty", Dir: true, Children: []view.TreeNode{}}}},
		{Name: "README.md"},
	}}}
	for _, doc := range []string{
		`{"content": ` + quoteJSON(tree) + `}`,
		`{"content": [{"type": "text", "text": ` + quoteJSON(tree) + `}]}`,
	} {
		if got := docOf(t, doc, Options{}); !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n%#v\nwant\n%#v", doc, got, want)
		}
	}
	for _, doc := range []string{
		`[{"name": "a", "type": "file", "size": 3}]`,
		`[{"name": "a", "type": "socket"}]`,
		`[{"name": "a", "type": "directory", "children": [1]}]`,
		`[]`,
	} {
		if v := mustDecode(t, doc); findShape(v, Classify(v), "") != nil {
			t.Errorf("%s is taken for a file tree", doc)
		}
	}
}

func quoteJSON(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`)
	return `"` + r.Replace(s) + `"`
}

// read_multiple_files: a document for each file (JSON as its value), an
// error for each failure.
func TestMultipleFiles(t *testing.T) {
	text := "/d/data.json:\n{\"a\": 1}\n\n\n---\n/d/guide.md:\n# Guide\n\n\n---\n/d/missing.txt: Error - ENOENT"
	got := builder{}.fileText(text, true)
	want := []view.Block{
		view.Document{Title: "/d/data.json", Fields: []string{"9 B"}},
		view.Record{Fields: []view.Field{{Key: "a", Cell: view.Cell{Kind: view.Number, Text: "1"}}}, Stamps: true},
		view.Gap{},
		view.Document{Title: "/d/guide.md", Fields: []string{"8 B"}, Text: "# Guide\n", Language: "markdown"},
		view.Gap{},
		view.Error{Tool: "/d/missing.txt", Message: "ENOENT"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read_multiple_files:\n%#v\nwant\n%#v", got, want)
	}
}
