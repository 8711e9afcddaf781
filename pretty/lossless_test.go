package pretty

import (
	"strings"
	"testing"
	"time"
)

// wantedLeaves calls fn with every value of a document that output must
// show: each string and number that is not filler. The framing that a
// wrapper's shape already says is left out: the "2.0" of "jsonrpc" and the
// type of an MCP content block. A text block that holds JSON is checked for
// the values of the JSON it holds.
//
// Human output never shows the base64 of a blob (media): skipBlobs.
func wantedLeaves(doc Value, skipBlobs bool, fn func(key string, v Value)) {
	var walk func(key string, v Value, inProps bool)
	walk = func(key string, v Value, inProps bool) {
		if isFiller(key, v, inProps) {
			return
		}
		switch v.Kind {
		case Object:
			rpc := isJSONRPC(v)
			// A known notification's line names its method.
			known := rpc && (v.str("method") == "notifications/progress" || v.str("method") == "notifications/message")
			block := v.str("type") != "" && (v.Has("text") || v.Has("data") || v.Has("resource") || v.Has("uri"))
			for _, m := range v.Members {
				media := block && (v.str("type") == "image" || v.str("type") == "audio") && m.Key == "data"
				if skipBlobs && (media || m.Key == "blob") {
					continue
				}
				if (rpc && m.Key == "jsonrpc") || (known && m.Key == "method") || (block && m.Key == "type") {
					continue
				}
				walk(m.Key, m.Value, inProps || m.Key == "properties")
			}
		case Array:
			for _, it := range v.Items {
				walk(key, it, inProps)
			}
		case String:
			if docs, ok := parseJSONText(v.Text); ok {
				for _, d := range docs {
					walk("", d, false)
				}
				return
			}
			fn(key, v)
		case Number:
			fn(key, v)
		}
	}
	walk("", doc, false)
}

func renderString(t *testing.T, doc string, opt Options) string {
	t.Helper()
	var out strings.Builder
	if _, err := NewRenderer(&out, opt).Stream(strings.NewReader(doc), "t"); err != nil {
		t.Fatalf("%v\ninput: %s", err, doc)
	}
	return out.String()
}

// Plain output shows every value of every shape: error envelopes whose
// kind or message is a number or an object (or repeated), batches with odd
// tools and summaries, JSON-RPC replies and notifications, MCP tool results
// with every kind of content block. Random documents, unique values.
func TestPlainLosesNoValueOfAnyShape(t *testing.T) {
	g := newGen(1)
	for i := 0; i < 3000; i++ {
		doc := g.document(2)
		text := compactJSON(doc)
		out := renderString(t, text, Options{Output: Plain})
		missing := 0
		wantedLeaves(doc, false, func(key string, v Value) {
			want, quoted := plainScalar(v), ""
			if v.Kind == String {
				// As a value, or quoted as an item of an inline list.
				want, quoted = plainText(v.Text), quote(v.Text)
			}
			found := strings.Contains(out, want) || (quoted != "" && strings.Contains(out, quoted))
			if !found && v.Kind == String && strings.Contains(v.Text, "\n") {
				// Prose is written a line at a time.
				found = true
				for _, ln := range strings.Split(v.Text, "\n") {
					found = found && strings.Contains(out, plainText(ln))
				}
			}
			if !found && missing < 3 {
				missing++
				t.Errorf("value %q (key %q) is missing from plain output\ninput: %s\noutput:\n%s", want, key, text, out)
			}
		})
		if t.Failed() {
			return
		}
	}
}

// Human output under --verbose shows every value too: verbose means
// nothing shortened or dropped (values are as human output writes them:
// control characters escaped, line breaks as separate lines or ↵).
func TestVerboseHumanLosesNoValueOfAnyShape(t *testing.T) {
	g := newGen(2)
	opt := Options{Output: Human, Verbose: true, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}
	for i := 0; i < 3000; i++ {
		doc := g.document(2)
		text := compactJSON(doc)
		out := renderString(t, text, opt)
		missing := 0
		wantedLeaves(doc, true, func(key string, v Value) {
			for _, line := range strings.Split(v.Text, "\n") {
				// Spaces at the ends of a line are not visible, and trimmed.
				want := strings.TrimSpace(newHuman(nil, opt, newStyle(opt)).text(line))
				// A value inside compact JSON (a log message's data) is
				// there JSON-quoted.
				quoted := compactJSON(str(v.Text))
				quoted = quoted[1 : len(quoted)-1]
				if !strings.Contains(out, want) && !strings.Contains(out, quoted) && missing < 3 {
					missing++
					t.Errorf("value %q (key %q) is missing from verbose human output\ninput: %s\noutput:\n%s", want, key, text, out)
				}
			}
		})
		if t.Failed() {
			return
		}
	}
}
