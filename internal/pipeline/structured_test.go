package pipeline

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A long list in an MCP tool result's structuredContent, beside a text
// block of prose, is shown as it is read, as the same reply held whole
// is: the reply's id, the structured content's rows as they come, then
// the text blocks and _meta; bare or in JSON-RPC, a list or a khive
// envelope. A text block holding JSON may be the same JSON again (said
// once, known only of the whole): such a reply is held.
func TestStructuredContentStreamsLikeAHeldOne(t *testing.T) {
	t.Parallel() // large inputs: alongside the others
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	var rows strings.Builder
	for i := range 1500 {
		if i > 0 {
			rows.WriteByte(',')
		}
		fmt.Fprintf(&rows, `{"id":"%08x-0000-4000-a000-000000000000","title":"row %d","status":"%s","score":0.%d}`, i, i, []string{"open", "done"}[i%2], i%97)
	}
	list := `{"items":[` + rows.String() + `],"requested_limit":1500,"has_more":true}`
	envelope := `{"ok":true,"tool":"list","result":` + list + `}`
	prose := `[{"type":"text","text":"1,500 rows, more available"}]`
	docs := map[string]struct {
		doc    string
		stream bool
	}{
		"reply":              {`{"jsonrpc":"2.0","id":7,"result":{"content":` + prose + `,"structuredContent":` + list + `,"isError":false}}`, true},
		"reply, _meta after": {`{"jsonrpc":"2.0","id":7,"result":{"content":` + prose + `,"structuredContent":` + list + `,"_meta":{"took_ms":12}}}`, true},
		"reply, an envelope": {`{"jsonrpc":"2.0","id":"a","result":{"content":` + prose + `,"structuredContent":` + envelope + `}}`, true},
		"tool result":        {`{"content":` + prose + `,"structuredContent":` + list + `}`, true},
		"text holds JSON":    {`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"{\"items\": []}"}],"structuredContent":` + list + `}}`, false},
		"failed before":      {`{"jsonrpc":"2.0","id":7,"result":{"isError":true,"content":` + prose + `,"structuredContent":` + list + `}}`, false},
	}
	opts := map[string]Options{
		"plain": {Output: Plain}, "human": {Output: Human, Width: 100, Now: now}, "verbose": {Output: Human, Width: 100, Now: now, Verbose: true},
		"markdown": {Output: Markdown}, "agent": {Output: Agent, Now: now}, "tsv": {Output: TSV},
	}
	for name, c := range docs {
		for oname, opt := range opts {
			var out strings.Builder
			rn := NewRenderer(&out, opt)
			if _, err := rn.Stream(strings.NewReader(c.doc), "t"); err != nil {
				t.Fatalf("%s, %s: %v", name, oname, err)
			}
			if held := heldString(t, c.doc, opt); out.String() != held {
				t.Errorf("%s, %s: streamed differs from held: %s", name, oname, firstDiff(out.String(), held))
			}
			if want := c.stream && oname != "agent"; oname != "tsv" && (rn.longLists > 0) != want {
				t.Errorf("%s, %s: %d lists streamed, want streamed %v", name, oname, rn.longLists, want)
			}
		}
	}
}

// A reply that says only after its structured content's rows that it
// failed (isError) has the rows shown as they came, then its failure: it
// exits as failed, and the failure is written.
func TestStructuredContentFailedAfterItsRows(t *testing.T) {
	var rows strings.Builder
	for i := range 1200 {
		if i > 0 {
			rows.WriteByte(',')
		}
		fmt.Fprintf(&rows, `{"id":%d,"name":"n%d"}`, i, i)
	}
	doc := `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"the scan timed out"}],"structuredContent":{"items":[` + rows.String() + `]},"isError":true}}`
	for _, opt := range []Options{{Output: Plain}, {Output: Human, Width: 100}, {Output: Markdown}} {
		var out strings.Builder
		rn := NewRenderer(&out, opt)
		res, err := rn.Stream(strings.NewReader(doc), "t")
		if err != nil {
			t.Fatal(err)
		}
		if !res.Failed || rn.longLists != 1 {
			t.Errorf("output %d: failed %v, %d lists streamed; want failed, 1", opt.Output, res.Failed, rn.longLists)
		}
		if s := out.String(); !strings.Contains(s, "the scan timed out") || strings.Index(s, "the scan timed out") < strings.Index(s, "n1199") {
			t.Errorf("output %d: the failure is not after the rows:\n%s", opt.Output, s[max(0, len(s)-400):])
		}
	}
}
