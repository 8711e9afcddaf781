package recognise

import (
	"reflect"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// resources/read: the header, then the text; JSON as its value; a text
// blob decoded; another blob named with its size only.
func TestResourceContents(t *testing.T) {
	tests := []struct {
		doc  string
		want []view.Block
	}{
		{`{"contents": [{"uri": "demo://a.md", "mimeType": "text/markdown", "text": "# A\n"}]}`,
			[]view.Block{view.Document{Title: "demo://a.md", Fields: []string{"text/markdown", "4 B"}, Text: "# A\n", Language: "markdown"}}},
		{`{"contents": [{"uri": "demo://b", "mimeType": "text/plain", "blob": "aGkK"}]}`,
			[]view.Block{view.Document{Title: "demo://b", Fields: []string{"text/plain", "3 B"}, Text: "hi\n"}}},
		{`{"contents": [{"uri": "demo://c.gz", "mimeType": "application/gzip", "blob": "H4sIAAAAAAAAA/NIzcnJ11FIr8osUOQCAAUUpvMNAAAA"}]}`,
			[]view.Block{view.Document{Title: "demo://c.gz", Fields: []string{"application/gzip", "33 B"}}}},
		{`{"contents": [{"uri": "demo://d", "mimeType": "application/json", "text": "{\"n\": 2}"}, {"uri": "demo://e", "text": ""}]}`,
			[]view.Block{
				view.Document{Title: "demo://d", Fields: []string{"application/json", "8 B"}},
				view.Record{Fields: []view.Field{{Key: "n", Cell: view.Cell{Kind: view.Number, Text: "2"}}}},
				view.Gap{},
				view.Document{Title: "demo://e", Fields: []string{"0 B"}},
			}},
	}
	for _, tt := range tests {
		if got := docOf(t, tt.doc, Options{}); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s:\n%#v\nwant\n%#v", tt.doc, got, tt.want)
		}
	}
	// A content of another shape is shown as it is, and the reason said.
	v := mustDecode(t, `{"contents": [{"uri": "demo://x", "text": 5}]}`)
	d := Doc(protocol.Part{Kind: protocol.ValuePart, Value: v}, Options{})
	if len(d.Problems) != 1 || !reflect.DeepEqual(d.Blocks, []view.Block{*builder{}.record(v, 0, false, false)}) {
		t.Errorf("a text that is a number: %#v, %q", d.Blocks, d.Problems)
	}
}

// A resource embedded in a tool result is the same document; its text is
// shown once, in it, and plain output keeps its line and text parts.
func TestEmbeddedResource(t *testing.T) {
	doc := `{"content": [{"type": "resource", "resource": {"uri": "demo://r", "mimeType": "text/plain", "text": "hello"}, "annotations": {"priority": 1}}]}`
	want := []view.Block{view.Document{Title: "demo://r", Fields: []string{"text/plain", "5 B"}, Text: "hello"}}
	if got := docOf(t, doc, Options{}); !reflect.DeepEqual(got, want) {
		t.Errorf("embedded resource:\n%#v\nwant\n%#v", got, want)
	}
	got := docOf(t, doc, Options{Verbose: true})
	if d, ok := got[0].(view.Document); !ok || d.Extra == nil || d.Extra.Fields[0].Key != "annotations" {
		t.Errorf("under --verbose the annotations follow the document: %#v", got)
	}
	parts := protocol.Unwrap(mustDecode(t, doc), Failed)
	if len(parts) != 2 || parts[0].Kind != protocol.NotePart || parts[1].Kind != protocol.ProsePart || !parts[1].ShownBefore {
		t.Errorf("parts for plain output: %#v", parts)
	}
}
