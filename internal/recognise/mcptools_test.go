package recognise

import (
	"reflect"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/view"
)

// captureDoc is the view of a capture's n-th document, its wrappers taken off:
// the blocks of every part.
func captureDoc(t *testing.T, file string, n int, opt Options) view.Doc {
	t.Helper()
	var d view.Doc
	for _, p := range protocol.Unwrap(capture(t, file)[n], Failed) {
		pd := Doc(p, opt)
		d.Blocks = append(d.Blocks, pd.Blocks...)
		d.Problems = append(d.Problems, pd.Problems...)
	}
	if len(d.Problems) > 0 {
		t.Errorf("%s: %q", file, d.Problems)
	}
	return d
}

// definitions are the definitions among blocks.
func definitions(blocks []view.Block) []view.Definition {
	var out []view.Definition
	for _, b := range blocks {
		if d, ok := b.(view.Definition); ok {
			out = append(out, d)
		}
	}
	return out
}

// A tools/list is counted, each tool a definition: its hints as the
// server declares them (true ones only), its title only when it says more
// than its name.
func TestToolsListView(t *testing.T) {
	d := captureDoc(t, "filesystem_tools_list.json", 0, Options{})
	if h, ok := d.Blocks[0].(view.Heading); !ok || h.Text != "14 tools" {
		t.Fatalf("first block: %#v", d.Blocks[0])
	}
	defs := definitions(d.Blocks)
	if len(defs) != 14 {
		t.Fatalf("%d definitions", len(defs))
	}
	readOnly := view.Hint{Kind: view.ReadOnly, Text: "read-only", Tone: view.Good}
	destructive := view.Hint{Kind: view.Destructive, Text: "destructive", Tone: view.Warn}
	idempotent := view.Hint{Kind: view.Idempotent, Text: "idempotent"}
	for i, want := range map[int]view.Definition{
		0: {Name: "read_file", Title: "Read File (Deprecated)", Hints: []view.Hint{readOnly}, Returns: "{content: string}"},
		4: {Name: "write_file", Hints: []view.Hint{destructive, idempotent}, Returns: "{content: string}"},
		5: {Name: "edit_file", Hints: []view.Hint{destructive}, Returns: "{content: string}"},
	} {
		got := defs[i]
		got.Description, got.Params = "", nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("tool %d:\n%#v\nwant\n%#v", i, got, want)
		}
	}
	// Nothing declared, nothing shown: create_entities is neither
	// read-only nor destructive by its own word.
	if m := definitions(captureDoc(t, "memory_tools_list.json", 0, Options{}).Blocks); m[0].Hints != nil || m[0].Title != "" {
		t.Errorf("create_entities: %#v", m[0])
	}
	// A task-only tool says so.
	e := definitions(captureDoc(t, "everything_tools_list.json", 0, Options{}).Blocks)
	if last := e[len(e)-1]; !reflect.DeepEqual(last.Hints, []view.Hint{{Text: "task only", Tone: view.Accent}}) {
		t.Errorf("simulate-research-query hints: %#v", last.Hints)
	}
}

// Under --verbose every field is there: the title, and the raw schemas,
// annotations and execution as they came.
func TestToolsListVerboseKeepsEverything(t *testing.T) {
	defs := definitions(captureDoc(t, "memory_tools_list.json", 0, Options{Verbose: true}).Blocks)
	d := defs[0]
	if d.Title != "Create Entities" || d.Extra == nil {
		t.Fatalf("create_entities: %#v", d)
	}
	var keys []string
	for _, f := range d.Extra.Fields {
		keys = append(keys, f.Key)
	}
	if want := []string{"inputSchema", "outputSchema", "annotations", "execution"}; !reflect.DeepEqual(keys, want) {
		t.Errorf("extra: %q, want %q", keys, want)
	}
}

// A page of a longer list ends with where the next one starts; fields
// the view does not know are kept, _meta under --verbose only.
func TestToolsListCursorAndRest(t *testing.T) {
	v := mustDecode(t, `{"tools": [{"name": "a", "inputSchema": {"type": "object"}}], "nextCursor": "page-2", "_meta": {"x": 1}, "extra": "kept"}`)
	for _, verbose := range []bool{false, true} {
		d := Doc(protocol.Part{Kind: protocol.ValuePart, Value: v}, Options{Verbose: verbose})
		var footer *view.Footer
		var rest []string
		for _, b := range d.Blocks {
			switch b := b.(type) {
			case view.Footer:
				footer = &b
			case view.Record:
				for _, f := range b.Fields {
					rest = append(rest, f.Key)
				}
			}
		}
		if footer == nil || footer.Parts[0].Text != "more after " || footer.Parts[0].Cell.Text != "page-2" {
			t.Errorf("verbose %v: footer %#v", verbose, footer)
		}
		want := []string{"extra"}
		if verbose {
			want = []string{"_meta", "extra"}
		}
		if !reflect.DeepEqual(rest, want) {
			t.Errorf("verbose %v: rest %q, want %q", verbose, rest, want)
		}
	}
}

// A prompt's arguments are params without a type; "required" absent is
// optional.
func TestPromptsListView(t *testing.T) {
	for _, file := range []string{"everything_prompts_list.json", "everything_http_prompts_list.sse"} {
		d := captureDoc(t, file, 0, Options{})
		if h := d.Blocks[0].(view.Heading); h.Text != "4 prompts" {
			t.Errorf("%s: heading %q", file, h.Text)
		}
		defs := definitions(d.Blocks)
		want := view.Definition{Name: "args-prompt", Title: "Arguments Prompt",
			Description: "A prompt with two arguments, one required and one optional",
			Params:      []view.Param{{Name: "city", Required: true, Description: "Name of the city"}, {Name: "state"}}}
		if len(defs) != 4 || !reflect.DeepEqual(defs[1], want) {
			t.Errorf("%s: %#v", file, defs)
		}
		if defs[0].Params != nil || defs[0].Title != "" {
			t.Errorf("%s: simple-prompt %#v", file, defs[0])
		}
	}
}

// prompts/get: each message by its role, text as prose, an embedded
// resource named by URI, MIME type and size, its text (or a text/* blob,
// decoded) under that line, whole; its base64 never.
func TestPromptMessagesView(t *testing.T) {
	msgs := func(file string, opt Options) []view.Message {
		d := captureDoc(t, file, 0, opt)
		if len(d.Blocks) != 1 {
			t.Fatalf("%s: %#v", file, d.Blocks)
		}
		return d.Blocks[0].(view.Messages).Messages
	}
	m := msgs("everything_prompts_get_resource_text.json", Options{})
	want := []view.Message{
		{Role: "user", Text: "This prompt includes the Text resource with id: 3. Please analyze the following resource:"},
		{Role: "user", Note: []string{"resource demo://resource/dynamic/text/3", "text/plain", "62 B"}, Text: "Resource 3: This is a plaintext resource created at 2:17:46 AM"},
	}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("text resource:\n%#v\nwant\n%#v", m, want)
	}
	m = msgs("everything_prompts_get_resource_text.json", Options{Verbose: true})
	if m[1].Extra != nil {
		t.Errorf("verbose extra repeats the text: %#v", m[1].Extra)
	}
	m = msgs("everything_prompts_get_resource_blob.json", Options{Verbose: true})
	if !reflect.DeepEqual(m[1].Note, []string{"resource demo://resource/dynamic/blob/4", "text/plain", "55 B"}) || m[1].Extra != nil ||
		!strings.HasPrefix(m[1].Text, "Resource 4: This is a base64 blob") {
		t.Errorf("blob resource: %#v", m[1])
	}
	// Several content blocks, an image, a link, and a chat API's string.
	v := mustDecode(t, `{"messages": [
		{"role": "assistant", "content": [{"type": "text", "text": "look"}, {"type": "image", "mimeType": "image/png", "data": "iVBORw0KGgo="}]},
		{"role": "user", "content": {"type": "resource_link", "name": "spec", "uri": "file:///spec.md", "mimeType": "text/markdown"}},
		{"role": "user", "content": "plain words"}]}`)
	d := Doc(protocol.Part{Kind: protocol.ValuePart, Value: v}, Options{})
	want = []view.Message{
		{Role: "assistant", Text: "look"},
		{Role: "assistant", Note: []string{"image", "image/png", "8 B"}},
		{Role: "user", Note: []string{"link spec <file:///spec.md>", "text/markdown"}},
		{Role: "user", Text: "plain words"},
	}
	if got := d.Blocks[0].(view.Messages).Messages; !reflect.DeepEqual(got, want) {
		t.Errorf("contents:\n%#v\nwant\n%#v", got, want)
	}
}

// completion/complete: the values inline, then how many of how many, and
// whether there are more.
func TestCompletionView(t *testing.T) {
	d := captureDoc(t, "everything_http_completion_complete.sse", 0, Options{})
	if len(d.Blocks) != 2 || len(d.Blocks[0].(view.Inline).Items) != 3 {
		t.Fatalf("blocks: %#v", d.Blocks)
	}
	if f := d.Blocks[1].(view.Footer); len(f.Parts) != 1 || f.Parts[0].Text != "3 values" {
		t.Errorf("footer: %#v", f)
	}
	v := mustDecode(t, `{"completion": {"values": ["a", "b"], "total": 10, "hasMore": true}}`)
	d = Doc(protocol.Part{Kind: protocol.ValuePart, Value: v}, Options{})
	f := d.Blocks[1].(view.Footer)
	if len(f.Parts) != 2 || f.Parts[0].Text != "2 of 10" || f.Parts[1].Text != "more available" {
		t.Errorf("footer: %#v", f)
	}
}

// A description written in source code (a Go raw string, a docstring)
// reads as meant: its first line was a line break and indent, which the
// tools overview showed as empty, and its tabs showed as \t.
func TestDedent(t *testing.T) {
	for in, want := range map[string]string{
		"\n\t\tRead the file.\n\t\tReturns\tits text.\n\t": "Read the file.\nReturns    its text.",
		"plain": "plain",
		"\n    Lists tools.\n      - nested\n\n    End.\n": "Lists tools.\n  - nested\n\nEnd.",
		"  one line  ": "one line",
	} {
		if got := Dedent(in); got != want {
			t.Errorf("Dedent(%q) = %q, want %q", in, got, want)
		}
	}
}

// A long tools/list is a signature a tool, name first, with what each
// declares it may do (destructive, read-only, open-world), and the first
// line of its description: the parameters no longer a column the width
// hid first.
func TestToolsOverviewSignaturesAndHints(t *testing.T) {
	var tools []string
	for i := range 9 {
		ann := `{"destructiveHint": true, "idempotentHint": true, "openWorldHint": false}`
		if i == 8 {
			ann = `{"readOnlyHint": true}` // hints that differ: a column of them
		}
		tools = append(tools, `{"name": "tool`+string(rune('a'+i))+`", "description": "Does a thing.\nMore.", "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}, "limit": {"type": "number"}}, "required": ["path"]}, "annotations": `+ann+`}`)
	}
	v := mustDecode(t, `{"tools": [`+strings.Join(tools, ",")+`]}`)
	d := Doc(protocol.Part{Kind: protocol.ValuePart, Value: v}, Options{Fold: true})
	var tb view.Table
	for _, b := range d.Blocks {
		if x, ok := b.(view.Table); ok {
			tb = x
		}
	}
	if len(tb.Rows) != 9 || len(tb.Columns) != 3 {
		t.Fatalf("table: %#v", tb)
	}
	if r := tb.Rows[0]; r[0].Text != "toola(path:str, limit?:num)" || r[1].Kind != view.Hints || len(r[1].Sub.Hints) != 1 ||
		r[1].Sub.Hints[0].Kind != view.Destructive || r[2].Text != "Does a thing." {
		t.Errorf("row: %+v", r)
	}
}

// Hints every tool of an overview declares alike are said once, under
// the table, not on every row.
func TestToolsOverviewSameHintsSaidOnce(t *testing.T) {
	var tools []string
	for i := range 9 {
		tools = append(tools, `{"name": "tool`+string(rune('a'+i))+`", "description": "Does a thing.", "inputSchema": {"type": "object"}, "annotations": {"destructiveHint": true, "openWorldHint": true}}`)
	}
	v := mustDecode(t, `{"tools": [`+strings.Join(tools, ",")+`]}`)
	d := Doc(protocol.Part{Kind: protocol.ValuePart, Value: v}, Options{Fold: true})
	var said bool
	for _, b := range d.Blocks {
		switch x := b.(type) {
		case view.Table:
			if len(x.Columns) != 2 {
				t.Errorf("columns: %+v", x.Columns)
			}
		case view.Footer:
			said = said || len(x.Parts) == 2 && x.Parts[0].Hint != nil && x.Parts[1].Text == "open-world (every tool)"
		}
	}
	if !said {
		t.Errorf("the hints not said once: %#v", d.Blocks)
	}
}
