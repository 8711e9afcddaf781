package pipeline

// Cases found in review of the streaming of objects, text blocks and
// long strings: each failed before its fix.

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/recognise"
)

// A large object streams; a later "error" is judged on its own by Hold,
// without the "ok"/"success" that follow it, which the held view weighs.
func TestLargeObjectLateErrorThenOK(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := range 1200 {
		fmt.Fprintf(&b, `"key%04d": %d, `, i, i)
	}
	b.WriteString(`"error": "none, see ok", "ok": true}`)
	doc := b.String()
	v, err := NewDecoder(strings.NewReader(doc), "t").Next()
	if err != nil {
		t.Fatal(err)
	}
	held := recognise.Failed(v)
	res, err := NewRenderer(&strings.Builder{}, Options{Output: Human, Width: 100}).Stream(strings.NewReader(doc), "t")
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed != held {
		t.Errorf("streamed failed %v, held failed %v", res.Failed, held)
	}
}

// -o json: a long string of bytes that are not UTF-8 and none of which
// starts a character (continuation bytes, which the decoder allows and
// reads as U+FFFD) makes pieces.Write cut at -1: an empty piece, the buffer
// unchanged, forever.
func TestJSONLongStringOfInvalidBytes(t *testing.T) {
	doc := `{"a": "` + strings.Repeat("\x80", 70<<10) + `"}`
	done := make(chan error, 1)
	go func() {
		_, err := NewRenderer(io.Discard, Options{Output: JSON}).Stream(strings.NewReader(doc), "t")
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("-o json of a long string of continuation bytes did not finish in 5s")
	}
}

// -o json: a long text block holding a failure is decoded as it is copied
// only when its unescaped text starts with '{', '[', a space or a tab; a
// text that starts with a newline (pretty-printed JSON after a blank line,
// as json.dumps(..., indent=2) output often is written) keeps only its
// first 64 bytes in the skeleton, so its ok:false is never seen.
func TestJSONLongTextBlockFailsWhateverItsLead(t *testing.T) {
	inner := `{"ok": false, "error": {"kind": "boom", "message": "x"}, "pad": "` + strings.Repeat("p", 70<<10) + `"}`
	for _, lead := range []string{"", " ", "\n", "\r\n"} {
		doc := `{"content": [{"type": "text", "text": ` + quote(lead+inner, false) + `}]}`
		res, err := NewRenderer(io.Discard, Options{Output: JSON}).Stream(strings.NewReader(doc), "t")
		if err != nil {
			t.Fatal(err)
		}
		if !res.Failed {
			t.Errorf("text starting %q: -o json did not fail", lead)
		}
	}
}

// A piece of a long string is escaped on its own: a variation selector
// that starts a piece has no base character, so it is escaped, while the
// whole string keeps it.
func TestJSONPiecesKeepCharacterSequences(t *testing.T) {
	for _, c := range []struct{ name, s string }{
		{"keycap after the last ASCII byte", strings.Repeat("1\ufe0f\u20e3", 40000)},
		{"no ASCII (heart)", "\u00e9" + strings.Repeat("\u2764\ufe0f", 30000)},
		{"no ASCII (heart) 2", "\u6f22" + strings.Repeat("\u2764\ufe0f", 30000)},
		{"no ASCII (heart) 3", strings.Repeat("\u2764\ufe0f", 30000)},
	} {
		doc := `{"a": "` + c.s + `"}`
		a, b := jsonStreamedAndHeld(t, doc, Options{Output: JSON})
		if a != b {
			i := 0
			for i < len(a) && i < len(b) && a[i] == b[i] {
				i++
			}
			t.Errorf("%s: streamed and held differ at byte %d: streamed %q, held %q", c.name, i, a[max(0, i-8):min(len(a), i+16)], b[max(0, i-8):min(len(b), i+16)])
		}
	}
}

// A streamed table reads each row's object by tokens (rowReader), so the
// row is on the token decoder's stack but not in the decoder's frames; a
// shown member's value read with ReadValue that holds an MCP-like text
// block (path result / content / text) is handed to text(), whose
// partial() and resume() assume the two stacks match.
func TestTextBlockInsideAStreamedRow(t *testing.T) {
	long := quote(`{"x": "`+strings.Repeat("y", 70<<10)+`"}`, false)
	var b strings.Builder
	b.WriteString(`{"ok": true, "result": [`)
	for i := range 1100 {
		if i > 0 {
			b.WriteString(",")
		}
		text := `"short"`
		if i == 1050 {
			text = long
		}
		fmt.Fprintf(&b, `{"id": %d, "call": {"content": [{"type": "text", "text": %s}]}}`, i, text)
	}
	b.WriteString(`]}`)
	doc := b.String()
	for _, opt := range []Options{{Output: Human, Width: 120}, {Output: Plain}, {Output: Markdown}} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("output %d: panic: %v\n%s", opt.Output, r, debug.Stack())
				}
			}()
			var out strings.Builder
			if _, err := NewRenderer(&out, opt).Stream(strings.NewReader(doc), "t"); err != nil {
				t.Errorf("output %d: %v", opt.Output, err)
			}
		}()
	}
}

// The Skip hook is installed on the decoder of the text block's own
// documents too (rn.decoder), and asks only rn.textShown and the key: a
// member "structuredContent" of a document inside the text is skipped
// once the text streams, though it is no tool result's.
func TestSkipIsForTheReplyNotTheText(t *testing.T) {
	t.Parallel()
	inner := textItems(2500)
	inner = inner[:len(inner)-1] + `, "structuredContent": {"marker": "KEEP-ME"}}`
	doc := `{"content": [{"type": "text", "text": ` + quote(inner, false) + `}]}`
	for _, opt := range []Options{{Output: Human, Width: 140}, {Output: Markdown}} {
		var out strings.Builder
		rn := NewRenderer(&out, opt)
		if _, err := rn.Stream(strings.NewReader(doc), "t"); err != nil {
			t.Fatal(err)
		}
		held := heldString(t, doc, opt)
		if strings.Contains(held, "KEEP-ME") != strings.Contains(out.String(), "KEEP-ME") {
			t.Errorf("output %d: held shows the marker %v, streamed %v", opt.Output, strings.Contains(held, "KEEP-ME"), strings.Contains(out.String(), "KEEP-ME"))
		}
	}
}

// A tool result whose _meta comes before its content: the parts of the
// partial document (shown when the text block commits) end with _meta's
// part, which the whole document has after the content blocks' parts, so
// skipping the parts shown before the text drops the isError part instead.
func TestTextBlockWithMetaFirst(t *testing.T) {
	t.Parallel()
	text := quote(textItems(2500), false)
	docs := map[string]string{
		"meta first, isError after": `{"_meta": {"progressToken": 3}, "content": [{"type": "text", "text": ` + text + `}], "isError": true}`,
		"meta first, second block":  `{"_meta": {"progressToken": 3}, "content": [{"type": "text", "text": ` + text + `}, {"type": "text", "text": "and a note"}]}`,
	}
	for name, doc := range docs {
		for _, opt := range []Options{{Output: Human, Width: 140}, {Output: Markdown}} {
			var out strings.Builder
			rn := NewRenderer(&out, opt)
			res, err := rn.Stream(strings.NewReader(doc), "t")
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(name, "isError") && !res.Failed {
				t.Errorf("%s, output %d: isError true but the run did not fail", name, opt.Output)
			}
			if held := heldString(t, doc, opt); out.String() != held {
				t.Errorf("%s, output %d: output differs from held output\n%s", name, opt.Output, firstDiff(out.String(), held))
			}
		}
	}
}
