package pipeline

import (
	"github.com/khive-ai/khive-pretty/internal/value"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/render/plain"
	"github.com/khive-ai/khive-pretty/table"
)

// wantedLeaves calls fn with every value of a document that output must
// show: each string and number that is not filler. The framing that a
// wrapper's shape already says is left out: the "2.0" of "jsonrpc" and the
// type of an MCP content block. A text block that holds JSON is checked for
// the values of the JSON it holds.
//
// Human output never shows the base64 of a blob (media): skipBlobs.
func wantedLeaves(doc Value, skipBlobs, empties bool, fn func(key string, v Value)) {
	var walk func(key string, v Value, inProps bool)
	walk = func(key string, v Value, inProps bool) {
		if empty := v.Kind == Null || v.Kind == String && v.Text == "" || v.Kind == Object && len(v.Members) == 0 || v.Kind == Array && len(v.Items) == 0; empty && empties {
			fn(key, v)
			return
		}
		if recognise.IsFiller(key, v, inProps) {
			return
		}
		switch v.Kind {
		case Object:
			rpc := protocol.IsJSONRPC(v)
			// A known notification's line names its method.
			known := rpc && (v.Str("method") == "notifications/progress" || v.Str("method") == "notifications/message")
			block := v.Str("type") != "" && (v.Has("text") || v.Has("data") || v.Has("resource") || v.Has("uri"))
			for _, m := range v.Members {
				media := block && (v.Str("type") == "image" || v.Str("type") == "audio") && m.Key == "data"
				if skipBlobs && (media || m.Key == "blob") {
					continue
				}
				if (rpc && m.Key == "jsonrpc") || (known && m.Key == "method") || (block && m.Key == "type") {
					continue
				}
				walk(m.Key, m.Value, inProps || m.Key == "properties")
			}
		case Array:
			table := value.AllObjects(v.Items) && !value.Empty(v)
			for _, it := range v.Items {
				if table && it.Kind == Object && len(it.Members) == 0 {
					continue // a row with no fields: a row of empty cells
				}
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

// tabsAsSpace reports whether out holds a line with tabs in it as prose
// shows one, the tabs expanded to white space.
func tabsAsSpace(out, line string) bool {
	if !strings.Contains(line, "\t") {
		return false
	}
	spaced := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	return strings.Contains(spaced(out), spaced(humanText(strings.ReplaceAll(line, "\t", " "))))
}

// Plain output shows every value of every shape: error envelopes whose
// kind or message is a number or an object (or repeated), batches with odd
// tools and summaries, JSON-RPC replies and notifications, MCP tool results
// with every kind of content block. Random documents, unique values.
func TestPlainLosesNoValueOfAnyShape(t *testing.T) {
	t.Parallel()
	g := newGen(1)
	for i := 0; i < short(3000, 600); i++ {
		doc := g.document(2)
		text := compactJSON(doc)
		out := renderString(t, text, Options{Output: Plain})
		missing := 0
		empties := map[string]int{} // "null", `""`, "{}", "[]": how many the document has
		wantedLeaves(doc, false, true, func(key string, v Value) {
			switch {
			case v.Kind == Object:
				empties["{}"]++
				return
			case v.Kind == Array:
				empties["[]"]++
				return
			case v.Kind == Null || v.Kind == String && v.Text == "":
				empties[plain.Scalar(v)]++
				return
			}
			want, quoted := plain.Scalar(v), ""
			if v.Kind == String {
				// As a value, or quoted as an item of an inline list.
				want, quoted = plain.Text(v.Text), plain.Quote(v.Text)
			}
			found := strings.Contains(out, want) || (quoted != "" && strings.Contains(out, quoted))
			if !found && v.Kind == String && strings.Contains(v.Text, "\n") {
				// Prose is written a line at a time.
				found = true
				for _, ln := range strings.Split(v.Text, "\n") {
					found = found && strings.Contains(out, plain.Text(ln))
				}
			}
			if !found && missing < 3 {
				missing++
				t.Errorf("value %q (key %q) is missing from plain output\ninput: %s\noutput:\n%s", want, key, text, out)
			}
		})
		// An empty value is written as it is: each one, as a value or a
		// cell of its own (or an item of an inline list).
		for tok, n := range empties {
			if got := emptiesIn(out, tok); got < n {
				t.Errorf("%d of the %d %s of the document are missing from plain output\ninput: %s\noutput:\n%s", n-got, n, tok, text, out)
			}
		}
		if t.Failed() {
			return
		}
	}
}

// emptiesIn counts tok written as a value of its own: after "key: ", as a
// cell, an inline item (`""` in a list) or a line.
func emptiesIn(out, tok string) int {
	n := 0
	for _, line := range strings.Split(out, "\n") {
		summary := strings.HasPrefix(line, "summary: ")
		if _, v, ok := strings.Cut(line, ": "); ok && !strings.Contains(line, "\t") {
			line = v
		}
		for _, cell := range strings.Split(line, "\t") {
			for _, it := range strings.Split(cell, ", ") {
				if summary {
					it, _, _ = strings.Cut(it, " ") // "null succeeded"
				}
				if it == tok {
					n++
				}
			}
		}
	}
	return n
}

// Human output under --verbose shows every value too: verbose means
// nothing shortened or dropped (values are as human output writes them:
// control characters escaped, line breaks as separate lines or ↵).
func TestVerboseHumanLosesNoValueOfAnyShape(t *testing.T) {
	t.Parallel()
	g := newGen(2)
	opt := Options{Output: Human, Verbose: true, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}
	for i := 0; i < short(3000, 600); i++ {
		doc := g.document(2)
		text := compactJSON(doc)
		out := renderString(t, text, opt)
		missing := 0
		wantedLeaves(doc, true, false, func(key string, v Value) {
			for _, line := range strings.Split(v.Text, "\n") {
				// Spaces at the ends of a line are not visible, and trimmed.
				want := strings.TrimSpace(verboseText(line))
				// A value inside compact JSON (a log message's data) is
				// there JSON-quoted.
				quoted := compactJSON(str(v.Text))
				quoted = quoted[1 : len(quoted)-1]
				if !strings.Contains(out, want) && !strings.Contains(out, quoted) && !tabsAsSpace(out, line) && missing < 3 {
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

// Human output fits its width: no line is wider than -w, whatever the
// document (long tool names, kinds, keys, strings, notes, prose), at any
// width from the narrowest to the widest. Errors are never cut: they wrap.
func TestHumanLinesFitTheWidth(t *testing.T) {
	t.Parallel()
	g := newGen(4)
	g.texts = append(append([]string(nil), genTexts...),
		strings.Repeat("a_very_long_tool_name_", 6), strings.Repeat("wide 漢字 ", 20),
		strings.Repeat("word ", 40)+"\nsecond line "+strings.Repeat("x", 150))
	for i := 0; i < short(3000, 600); i++ {
		doc := g.document(2)
		width := 10 + g.r.IntN(111)
		opt := Options{Output: Human, Width: width, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC), ASCII: g.r.IntN(4) == 0}
		out := renderString(t, compactJSON(doc), opt)
		for _, line := range strings.Split(out, "\n") {
			if w := table.Width(line); w > width {
				t.Fatalf("a line is %d wide at -w %d:\n%s\ninput: %s\noutput:\n%s", w, width, line, compactJSON(doc), out)
			}
		}
	}
}

// noSpace is s without white space: wrapping only moves line breaks and
// indents.
func noSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' {
			return -1
		}
		return r
	}, s)
}

// An error is never shortened to fit the width, nor is a tool's prose:
// they wrap. Every value of an error envelope (and every line of prose) is
// in the output at any width, once line breaks and indents are ignored.
func TestErrorsAndProseWrapInsteadOfBeingCut(t *testing.T) {
	t.Parallel()
	g := newGen(5)
	g.texts = append(append([]string(nil), genTexts...), strings.Repeat("a_very_long_error_kind_", 5),
		strings.Repeat("because ", 30), strings.Repeat("漢字", 40))
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	for i := 0; i < short(2000, 400); i++ {
		var doc Value
		if i%2 == 0 {
			doc = g.errorEnvelope()
		} else {
			doc = obj(mem("content", Value{Kind: Array, Items: []Value{obj(mem("type", str("text")), mem("text", g.str()))}}))
		}
		width := 16 + g.r.IntN(80)
		opt := Options{Output: Human, Width: width, Now: now}
		out := renderString(t, compactJSON(doc), opt)
		flat := noSpace(out)
		wantedLeaves(doc, true, false, func(key string, v Value) {
			if v.Kind == Number {
				return // a detail's number may be a score, rounded outside errors
			}
			for _, line := range strings.Split(v.Text, "\n") {
				want := noSpace(humanText(line))
				if !strings.Contains(flat, want) && !tabsAsSpace(out, line) {
					t.Fatalf("%q (key %q) is not whole at -w %d\ninput: %s\noutput:\n%s", want, key, width, compactJSON(doc), out)
				}
			}
		})
	}
}

// A key wider than the width is cut; its value still shows.
func TestLongKeyDoesNotBlankItsValues(t *testing.T) {
	key := strings.Repeat("k", 70)
	out := renderString(t, `{"`+key+`": "value one", "short": "value two"}`, Options{Output: Human, Width: 40})
	for _, want := range []string{"value one", "value two"} {
		if !strings.Contains(out, want) {
			t.Errorf("%q missing:\n%s", want, out)
		}
	}
}
