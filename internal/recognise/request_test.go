package recognise

import (
	"reflect"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/view"
)

func asks(method, id string) view.Heading {
	return view.Heading{Mark: view.Asks, Tone: view.Accent, Text: "server asks: " + method, Aside: "#" + id}
}

// A message with a method and an id is a request: protocol says so, with
// its method, id and params; jsonrpc is framing, other fields are kept.
func TestRequestPart(t *testing.T) {
	v := mustDecode(t, `{"method": "roots/list", "jsonrpc": "2.0", "id": 0, "x": 1}`)
	parts := protocol.Unwrap(v, Failed)
	if len(parts) != 2 || parts[0].Kind != protocol.RequestPart || parts[0].Request.Method != "roots/list" ||
		parts[0].Request.ID.Text != "0" || parts[0].Request.Params.Kind != Null {
		t.Fatalf("parts: %#v", parts)
	}
	if parts[1].Kind != protocol.ValuePart || len(parts[1].Value.Members) != 1 || parts[1].Value.Members[0].Key != "x" {
		t.Errorf("the rest: %#v", parts[1])
	}
	// A method that is not text is not a request it can name: the message
	// is shown as it is.
	v = mustDecode(t, `{"method": 7, "jsonrpc": "2.0", "id": 1}`)
	if parts := protocol.Unwrap(v, Failed); len(parts) != 1 || parts[0].Kind != protocol.ValuePart || !reflect.DeepEqual(parts[0].Value, v) {
		t.Errorf("odd method: %#v", parts)
	}
}

// sampling/createMessage: the system prompt and the messages as a
// conversation, then the limits in one line; a task's ttl is a duration.
func TestSamplingRequestView(t *testing.T) {
	d := captureDoc(t, "everything_http_sampling.sse", 0, Options{})
	want := []view.Block{
		asks("sampling/createMessage", "1"),
		view.Messages{Indent: 2, Messages: []view.Message{
			{Role: "system", Text: "You are a helpful test server."},
			{Role: "user", Text: "Resource trigger-sampling-request context: Say hello in Finnish"},
		}},
		view.Footer{Kind: view.Meta, Indent: 2, Parts: []view.Part{{Text: "max 50 tokens"}, {Text: "temperature 0.7"}}},
	}
	if !reflect.DeepEqual(d.Blocks, want) {
		t.Errorf("sampling:\n%#v\nwant\n%#v", d.Blocks, want)
	}
	d = captureDoc(t, "everything_http_sampling_async.sse", 0, Options{})
	f := d.Blocks[2].(view.Footer)
	wantParts := []view.Part{{Text: "max 60 tokens"}, {Text: "temperature 0.7"}, {Text: "as a task"},
		{Text: "ttl ", Cell: &view.Cell{Kind: view.Duration, Text: "300000", Unit: time.Millisecond}}}
	if !reflect.DeepEqual(f.Parts, wantParts) {
		t.Errorf("async sampling: %#v", f.Parts)
	}
	// What the captures do not hold: model preferences, context, stops.
	v := mustDecode(t, `{"jsonrpc": "2.0", "id": "s-1", "method": "sampling/createMessage", "params": {
		"messages": [{"role": "user", "content": {"type": "text", "text": "hi"}}],
		"modelPreferences": {"hints": [{"name": "claude-3-sonnet"}, {"name": "claude"}], "costPriority": 0.3, "speedPriority": 0.8, "intelligencePriority": 0.5},
		"includeContext": "thisServer", "stopSequences": ["\n\n", "END"], "maxTokens": 9, "metadata": {"k": "v"}}}`)
	d = Doc(protocol.Unwrap(v, Failed)[0], Options{})
	var texts []string
	for _, p := range d.Blocks[2].(view.Footer).Parts {
		texts = append(texts, p.Text)
	}
	wantTexts := []string{"model claude-3-sonnet, claude", "cost 0.3", "speed 0.8", "intelligence 0.5", "context thisServer", `stop at "\n\n", END`}
	if !reflect.DeepEqual(texts, append([]string{"max 9 tokens"}, wantTexts...)) {
		t.Errorf("limits: %q", texts)
	}
	if h := d.Blocks[0].(view.Heading); h.Aside != "#s-1" {
		t.Errorf("heading: %#v", h)
	}
	// Under --verbose, what the line summed up is there as it came.
	d = Doc(protocol.Unwrap(v, Failed)[0], Options{Verbose: true})
	r, ok := d.Blocks[len(d.Blocks)-1].(view.Record)
	if !ok || len(r.Fields) != 4 || r.Fields[0].Key != "modelPreferences" || r.Fields[3].Key != "metadata" {
		t.Errorf("verbose rest: %#v", d.Blocks[len(d.Blocks)-1])
	}
}

// elicitation/create in form mode: the message, then the form's fields;
// in URL mode the message, then the URL and id, never shortened.
func TestElicitationRequestView(t *testing.T) {
	d := captureDoc(t, "everything_http_elicitation_async.sse", 0, Options{})
	if len(d.Blocks) != 3 || d.Blocks[0] != any(asks("elicitation/create", "8")) {
		t.Fatalf("blocks: %#v", d.Blocks)
	}
	form := d.Blocks[1].(view.Definition)
	if form.Name != "" || form.Indent != 2 || form.Description != "Please provide inputs for the following fields (async task demo):" || len(form.Params) != 3 {
		t.Errorf("form: %#v", form)
	}
	want := view.Param{Name: "favoriteColor", Type: "string", Description: "What is your favorite color?",
		Facts: []view.Fact{fact("one of", "Red", "Blue", "Green", "Yellow", "Purple")}}
	if !reflect.DeepEqual(form.Params[1], want) || !form.Params[0].Required {
		t.Errorf("fields: %#v", form.Params)
	}
	if f := d.Blocks[2].(view.Footer); f.Parts[0].Text != "as a task" {
		t.Errorf("task: %#v", f)
	}

	d = captureDoc(t, "everything_http_url_elicitation.sse", 0, Options{})
	if len(d.Blocks) != 3 {
		t.Fatalf("url blocks: %#v", d.Blocks)
	}
	if form := d.Blocks[1].(view.Definition); form.Description != "Please open the link to complete this action." || form.Params != nil {
		t.Errorf("url form: %#v", form)
	}
	r := d.Blocks[2].(view.Record)
	if !r.Exact || len(r.Fields) != 2 || r.Fields[0].Cell.Text != "https://example.org/connect" || r.Fields[1].Cell.Text != "kp-elicit-11" || !r.Fields[0].Cell.Exact {
		t.Errorf("url: %#v", r)
	}

	// Protocol detail (_meta, a related task) only under --verbose.
	for _, verbose := range []bool{false, true} {
		d = captureDoc(t, "everything_http_tasks_result_elicitation.sse", 0, Options{Verbose: verbose})
		_, hasRest := d.Blocks[len(d.Blocks)-1].(view.Record)
		if hasRest != verbose {
			t.Errorf("verbose %v: last block %#v", verbose, d.Blocks[len(d.Blocks)-1])
		}
	}
}

// Other requests: the line alone (roots/list), or their params as
// key/value lines; a request a client sends is not the server asking.
func TestOtherRequests(t *testing.T) {
	d := captureDoc(t, "everything_http_get_stream.sse", 7, Options{})
	if !reflect.DeepEqual(d.Blocks, []view.Block{asks("roots/list", "0")}) {
		t.Errorf("roots/list: %#v", d.Blocks)
	}
	d = captureDoc(t, "everything_http_sampling_async.sse", 1, Options{})
	if h := d.Blocks[0].(view.Heading); h.Text != "request: tasks/get" || h.Aside != "#6" {
		t.Errorf("tasks/get: %#v", h)
	}
	if r := d.Blocks[1].(view.Record); r.Indent != 2 || r.Fields[0].Key != "taskId" || r.Fields[0].Cell.Text != "client-sampling-1" {
		t.Errorf("tasks/get params: %#v", r)
	}
	v := mustDecode(t, `{"jsonrpc": "2.0", "id": [1], "method": "custom/thing", "params": [1, 2]}`)
	d = Doc(protocol.Unwrap(v, Failed)[0], Options{})
	if h := d.Blocks[0].(view.Heading); h.Text != "request: custom/thing" || h.Aside != "#[1]" {
		t.Errorf("custom: %#v", h)
	}
	if r := d.Blocks[1].(view.Record); r.Fields[0].Key != "params" {
		t.Errorf("positional params: %#v", r)
	}
}

// A request of a known method whose params are not as expected is shown
// by the line and its params as they are, and says why.
func TestBrokenRequestFallsBack(t *testing.T) {
	v := mustDecode(t, `{"jsonrpc": "2.0", "id": 3, "method": "sampling/createMessage", "params": {"messages": "hello", "maxTokens": 5}}`)
	d := Doc(protocol.Unwrap(v, Failed)[0], Options{})
	if len(d.Blocks) != 2 || d.Blocks[0] != any(asks("sampling/createMessage", "3")) {
		t.Fatalf("blocks: %#v", d.Blocks)
	}
	if r := d.Blocks[1].(view.Record); len(r.Fields) != 2 || r.Fields[0].Cell.Text != "hello" {
		t.Errorf("params: %#v", r)
	}
	if len(d.Problems) != 1 || d.Problems[0] != "the sampling request view failed (messages is not a list); showing the generic form" {
		t.Errorf("problems: %q", d.Problems)
	}
}
