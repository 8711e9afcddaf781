package pretty

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"
)

func renderHuman(t *testing.T, doc string, verbose bool) (string, string) {
	t.Helper()
	var out, log strings.Builder
	opt := Options{Output: Human, Width: 80, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC), Verbose: verbose, Log: &log}
	if _, err := NewRenderer(&out, opt).Stream(strings.NewReader(doc), "t"); err != nil {
		t.Fatal(err)
	}
	return out.String(), log.String()
}

// A specialised renderer that meets a value it did not expect gives way to
// the generic rendering of the same document, whole, and says why under
// --verbose.
func TestBrokenRendererFallsBackToGeneric(t *testing.T) {
	// Matches the graphiti nodes renderer, but a name is a number.
	doc := `{"message": "Nodes retrieved successfully", "nodes": [{"name": "ok", "summary": "fine"}, {"name": 42, "summary": "not fine"}]}`
	got, log := renderHuman(t, doc, false)
	if log != "" {
		t.Errorf("note without --verbose: %q", log)
	}
	if findRenderer(mustDecode(t, doc), "") != &graphitiNodes {
		t.Fatal("the test document does not reach the renderer it is meant to break")
	}
	// What the generic renderer alone makes of it.
	var want strings.Builder
	h := newHuman(&out{w: newBufio(&want)}, Options{Output: Human, Width: 80}, newStyle(Options{}))
	h.record(mustDecode(t, doc), 0, false, false)
	h.o.w.Flush()
	if got != want.String() {
		t.Errorf("fallback output:\n%s\nwant the generic form:\n%s", got, want.String())
	}
	if strings.Contains(got, "1. ok") {
		t.Error("part of the failed renderer's output leaked")
	}
	_, log = renderHuman(t, doc, true)
	if !strings.Contains(log, "the graphiti nodes renderer failed (name is not a string); showing the generic form") {
		t.Errorf("verbose note: %q", log)
	}
}

// A panicking renderer is caught the same way.
func TestPanickingRendererFallsBack(t *testing.T) {
	var buf strings.Builder
	o := &out{w: newBufio(&buf)}
	ok := special(o, Options{}, "test", func(o *out) error {
		o.line("half a rendering")
		panic("boom")
	})
	o.w.Flush()
	if ok || buf.Len() != 0 {
		t.Errorf("ok = %v, wrote %q", ok, buf.String())
	}
}

// The renderer is chosen by the envelope's tool name when there is one.
func TestRendererChosenByToolName(t *testing.T) {
	got, _ := renderHuman(t, `{"ok": true, "tool": "get_status", "result": {"status": "ok", "episode_count": 3}}`, false)
	if !strings.HasPrefix(got, "✓ get_status\n✓ ok · 3 episodes") {
		t.Errorf("got:\n%s", got)
	}
}

func TestRelationWords(t *testing.T) {
	for in, want := range map[string]string{
		"USES_AS_BACKEND": "uses as backend", "usesAsBackend": "uses as backend", "Maintains": "maintains",
		"depends-on": "depends on", "HAS_HTTP2_SUPPORT": "has http2 support", "": "",
	} {
		if got := relationWords(in); got != want {
			t.Errorf("relationWords(%q) = %q, want %q", in, got, want)
		}
	}
}

func mustDecode(t *testing.T, doc string) Value {
	t.Helper()
	v, err := NewDecoder(strings.NewReader(doc), "t").Next()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func newBufio(w io.Writer) *bufio.Writer { return bufio.NewWriter(w) }

// A failure is never drawn by a renderer made for a success, whatever
// fields it shares with that success: in human and Markdown output it
// reads as a failure, and the command exits 1.
func TestFailuresNeverReachSuccessRenderers(t *testing.T) {
	docs := []string{
		`{"ok": false, "error": {"kind": "unavailable", "message": "graph store down"}, "entities_extracted": 0, "facts_extracted": 0}`,
		`{"ok": false, "tool": "search_code", "error": "index missing", "results": [{"file_path": "a.py", "content": "x", "similarity_score": 0.9}]}`,
		`{"success": false, "message": "extraction failed", "entities_extracted": 0}`,
		`{"success": false, "status": "ok", "entity_count": 3, "episode_count": 1}`,
		`{"results": [{"ok": false, "tool": "add_memory", "error": "quota"}], "summary": {"failed": 1}, "nodes": [{"name": "A"}]}`,
	}
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	for _, doc := range docs {
		for _, opt := range []Options{{Output: Human, Width: 80, Now: now}, {Output: Markdown}} {
			var out strings.Builder
			res, err := NewRenderer(&out, opt).Stream(strings.NewReader(doc), "t")
			if err != nil {
				t.Fatal(err)
			}
			got := out.String()
			if !res.Failed {
				t.Errorf("%s: not counted as a failure", doc)
			}
			if strings.Contains(got, "✓") || !strings.Contains(got, "✗") {
				t.Errorf("output %d of %s reads as a success:\n%s", opt.Output, doc, got)
			}
		}
	}
}
