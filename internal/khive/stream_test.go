package khive

import (
	"bufio"
	"slices"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/render/jsonout"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// A document shown around its long list, row by row, is what it is shown
// as held, the list standing in it as a streamed array: whatever the
// fields around the list, even one that spells what once marked it; a
// request's first op's list, and an op's whose tool comes after it, when
// the document is known (read back: its skeleton says). (Not so for an
// object that has a page's rows but is no page: taken to be one while
// its rows are read, it keeps a null next_after before them.)
func TestAgentListIsAgentHeld(t *testing.T) {
	const rows = `[{"created_at":"2025-05-23T16:05:00+00:00","id":"` + uuid + `","namespace":"local","properties":{"items":[1]},"t":""},{"score":0.12345,"x":[]}]`
	tests := []struct {
		doc  string
		path []string
	}{
		{rows, nil},
		{`{"requested_limit":1,"properties":{"items":["\u0000list\u0000"],"a":1},"items":` + rows + `,"effective_limit":1,"limit_clamped":false}`, []string{"items"}},
		{`{"entities":[],"next_after":null,"items":` + rows + `,"limit_clamped":false,"requested_limit":1,"effective_limit":1}`, []string{"items"}},
		{`{"ok":true,"tool":"list","result":{"namespace":"local","items":` + rows + `,"z":""},"usage":{}}`, []string{"result", "items"}},
		{`{"ok":true,"tool":"get","result":{"namespace":"local","items":` + rows + `,"z":""},"usage":{}}`, []string{"result", "items"}},
		{`{"ok":true,"tool":"stream.batch","result":{"results":` + rows + `,"updated_at":"2025-05-23T16:05:00+00:00"}}`, []string{"result", "results"}},
		{`{"ok":true,"tool":"search","result":` + rows + `,"usage":{}}`, []string{"result"}},
		// A request's first op, its ops and summary around it: known to be
		// a request (its summary comes after the ops).
		{`{"results":[{"ok":true,"tool":"list","result":{"namespace":"local","items":` + rows + `,"has_more":false,"requested_limit":2,"effective_limit":2,"limit_clamped":false}},{"ok":true,"tool":"get","result":{"id":"` + uuid + `","v":null}},{"ok":false,"tool":"x","error":{"kind":"k"}}],"status":"partial","summary":{"succeeded":2,"failed":1}}`, []string{"results", "[]", "result", "items"}},
		{`{"results":[{"ok":true,"tool":"stream.batch","result":{"results":` + rows + `,"updated_at":"2025-05-23T16:05:00+00:00"}}],"summary":{"succeeded":1}}`, []string{"results", "[]", "result", "results"}},
		{`{"results":[{"ok":true,"tool":"get","result":` + rows + `}],"summary":{}}`, []string{"results", "[]", "result"}},
		// khive's own order: the tool after the result, known.
		{`{"results":[{"ok":true,"result":{"items":` + rows + `,"has_more":true,"requested_limit":2,"effective_limit":2,"limit_clamped":false},"tool":"list"}],"status":"success","summary":{"succeeded":1}}`, []string{"results", "[]", "result", "items"}},
		{`{"ok":true,"result":{"namespace":"local","items":` + rows + `},"tool":"get","usage":{}}`, []string{"result", "items"}},
	}
	for _, tt := range tests {
		doc, err := input.NewDecoder(strings.NewReader(tt.doc), "t").Next()
		if err != nil {
			t.Fatal(err)
		}
		// What the decoder hands over: the objects read up to the list, its
		// rows, and the document with the list as a streamed array.
		var levels []Level
		streamed := copyObject(doc)
		obj, at := doc, &streamed
		for _, key := range tt.path {
			if key == "[]" { // the first item of an array
				levels = append(levels, Level{Obj: value.Value{Kind: value.Array}})
				obj = obj.Items[0]
				at.Items = append([]value.Value{copyObject(obj)}, at.Items[1:]...)
				at = &at.Items[0]
				continue
			}
			i := len(obj.Members) - 1
			for obj.Members[i].Key != key {
				i--
			}
			levels = append(levels, Level{Obj: value.Value{Kind: value.Object, Members: obj.Members[:i]}, Key: key})
			obj = obj.Members[i].Value
			at.Members[i].Value = obj
			if obj.Kind == value.Object {
				at.Members[i].Value = copyObject(obj)
			} else if obj.Kind == value.Array && key == "results" && len(tt.path) > 1 && tt.path[1] == "[]" && at == &streamed {
				at.Members[i].Value = value.Value{Kind: value.Array, Items: append([]value.Value(nil), obj.Items...)}
			}
			at = &at.Members[i].Value
		}
		known := doc // what comes after the list, as a document read back knows it
		if !AgentStreams(levels, obj.Items[:1], known) {
			t.Errorf("%s: does not stream", tt.doc)
			continue
		}
		// Unknown (a document read from its input): a request may turn out
		// to be none, the tool after the list is not read yet.
		toolAfter := strings.Index(tt.doc, `"tool"`) > strings.Index(tt.doc, `"result"`)
		if AgentStreams(levels, obj.Items[:1], value.Value{}) == (slices.Contains(tt.path, "[]") || toolAfter && strings.HasPrefix(tt.doc, `{"ok"`)) {
			t.Errorf("%s: streams %v, not known", tt.doc, !slices.Contains(tt.path, "[]"))
		}
		*at = value.Value{Kind: value.Array, Open: &value.Open{N: len(obj.Items)}}

		var b strings.Builder
		w := bufio.NewWriter(&b)
		l := jsonout.NewList(w, NewAgentList(khiveNow, levels, known), obj.Items[:1])
		for _, r := range obj.Items[1:] {
			l.Row(r)
		}
		l.Finish(streamed)
		w.WriteByte('\n')
		jsonout.Write(w, Agent(doc, khiveNow), false, jsonout.Theme{})
		w.Flush()
		got, held, _ := strings.Cut(b.String(), "\n")
		if held = strings.TrimSuffix(held, "\n"); got != held {
			t.Errorf("%s:\n streamed %s\n held     %s", tt.doc, got, held)
		}
	}
}
