package pipeline

import (
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

// A server's view that meets a value it did not expect gives way to the
// generic form, and --verbose says why on the log.
func TestBrokenRecogniserIsNotedUnderVerbose(t *testing.T) {
	doc := `{"message": "Nodes retrieved successfully", "nodes": [{"name": "ok", "summary": "fine"}, {"name": 42, "summary": "not fine"}]}`
	got, log := renderHuman(t, doc, false)
	if log != "" || strings.Contains(got, "1. ok") || !strings.Contains(got, "not fine") {
		t.Errorf("log %q, output:\n%s", log, got)
	}
	_, log = renderHuman(t, doc, true)
	if log != "khive-pretty: the graphiti nodes view failed (name is not a string); showing the generic form\n" {
		t.Errorf("verbose note: %q", log)
	}
}

// The renderer is chosen by the envelope's tool name when there is one.
func TestRendererChosenByToolName(t *testing.T) {
	got, _ := renderHuman(t, `{"ok": true, "tool": "get_status", "result": {"status": "ok", "episode_count": 3}}`, false)
	if !strings.HasPrefix(got, "✓ get_status\n✓ ok · 3 episodes") {
		t.Errorf("got:\n%s", got)
	}
}

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

// A value cut short says so, and how to see the rest: a text of many
// lines counts the lines left, a long one-line text ends in "(-v)"; under
// --verbose both are whole.
func TestCutValueSaysHowToSeeTheRest(t *testing.T) {
	var steps []string
	for i := range 12 {
		steps = append(steps, "step "+strings.Repeat("x", i))
	}
	doc := `{"id": "t1", "steps": "` + strings.Join(steps, `\n`) + `", "note": "` + strings.Repeat("word ", 200) + `"}`
	got, _ := renderHuman(t, doc, false)
	for _, want := range []string{"step xxxxxx\n", "… 5 more lines (-v)\n", "wo… (-v)\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "step xxxxxxx\n") {
		t.Errorf("a line past the cut shown:\n%s", got)
	}
	got, _ = renderHuman(t, doc, true)
	if !strings.Contains(got, "step xxxxxxxxxxx") || strings.Contains(got, "(-v)") {
		t.Errorf("--verbose cut:\n%s", got)
	}
}

// A unified diff in a record shows its changes, not only its headers and
// context: a short diff's + lines were past the eight lines a text gets.
func TestDiffShowsItsChanges(t *testing.T) {
	diff := `diff --git a/todo.tsv b/todo.tsv\nindex 4ce75f1..18164bf 100644\n--- a/todo.tsv\n+++ b/todo.tsv\n@@ -1,2 +1,4 @@\n name\n parser\n+parser done\n+printer open\n`
	got, _ := renderHuman(t, `{"success": true, "diff": "`+diff+`", "insertions": 2}`, false)
	if !strings.Contains(got, "+printer open\n") || strings.Contains(got, "more line") || strings.Contains(got, "open\n\n") {
		t.Errorf("diff:\n%s", got)
	}
}
