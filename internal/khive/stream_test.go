package khive

import (
	"bufio"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/render/jsonout"
	"github.com/khive-ai/khive-pretty/internal/value"
)

// A document shown around its long list, row by row, is what it is shown
// as held, the list standing in it as a streamed array: whatever the
// fields around the list, even one that spells what once marked it. (Not
// so for an object that has a page's rows but is no page: taken to be one
// while its rows are read, it keeps a null next_after before them.)
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
			i := len(obj.Members) - 1
			for obj.Members[i].Key != key {
				i--
			}
			levels = append(levels, Level{Obj: Value{Kind: Object, Members: obj.Members[:i]}, Key: key})
			obj = obj.Members[i].Value
			at.Members[i].Value = copyObject(obj)
			at = &at.Members[i].Value
		}
		*at = Value{Kind: Array, Open: &value.Open{N: len(obj.Items)}}

		var b strings.Builder
		w := bufio.NewWriter(&b)
		l := jsonout.NewList(w, NewAgentList(khiveNow, levels), obj.Items[:1])
		for _, r := range obj.Items[1:] {
			l.Row(r)
		}
		l.Finish(streamed)
		jsonout.Write(w, Agent(doc, khiveNow), false, jsonout.Theme{})
		w.Flush()
		got, held, _ := strings.Cut(b.String(), "\n")
		if held = strings.TrimSuffix(held, "\n"); got != held {
			t.Errorf("%s:\n streamed %s\n held     %s", tt.doc, got, held)
		}
	}
}
