package recognise

import (
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/glyphs"
	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/view"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		in   string
		want Shape
	}{
		{`{"ok": true, "tool": "get", "result": {}}`, ShapeEnvelope},
		{`{"ok": false, "tool": "get", "error": "x"}`, ShapeError},
		{`{"ok": false, "aborted": true, "message": "x"}`, ShapeError},
		{`{"results": [{"ok": true}], "summary": {"succeeded": 1}}`, ShapeBatch},
		{`{"results": [{"id": 1}], "summary": {"n": 1}}`, ShapeRecord}, // results that are not envelopes
		{`{"items": [], "requested_limit": 1}`, ShapeList},
		{`{"neighbors": [{"id": "a"}], "next_after": null}`, ShapeList},
		{`{"items": [{"id": "a"}]}`, ShapeRecord}, // no limit or cursor field
		{`[{"a": 1}, {"b": 2}]`, ShapeRecords},
		{`[1, "a", null]`, ShapeScalars},
		{`[]`, ShapeScalars},
		{`[1, {"a": 1}]`, ShapeArray},
		{`{"a": 1}`, ShapeRecord},
		{`"s"`, ShapeScalar},
		{`{"error": {"code": "tool_not_found", "message": "Tool 'nope' not found on server."}}`, ShapeError},
		{`{"error": {"code": "invalid_params", "message": "x"}, "invocation": {"started": false}}`, ShapeError},
		{`{"error": "quota exceeded"}`, ShapeError},
		{`{"error": null, "items": []}`, ShapeRecord},
		{`{"error": "", "name": "x"}`, ShapeRecord},
		{`{"success": true, "error": "ignored"}`, ShapeRecord},
	}
	for _, tt := range tests {
		v, err := input.NewDecoder(strings.NewReader(tt.in), "t").Next()
		if err != nil {
			t.Fatal(err)
		}
		if got := Classify(v); got != tt.want {
			t.Errorf("Classify(%s) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestBoolTone(t *testing.T) {
	for _, tt := range []struct {
		key  string
		b    bool
		want view.Tone
	}{
		{"ok", true, view.Good}, {"ok", false, view.Bad}, {"isError", true, view.Bad}, {"isError", false, view.Neutral},
		{"partial", true, view.Warn}, {"partial", false, view.Neutral}, {"is_terminal", false, view.Neutral},
		{"retryable", true, view.Neutral}, {"auditPersisted", false, view.Bad},
	} {
		if got := BoolTone(tt.key, tt.b); got != tt.want {
			t.Errorf("BoolTone(%q, %v) = %d, want %d", tt.key, tt.b, got, tt.want)
		}
	}
}

// IDs that begin alike are shown as long as it takes to tell them apart,
// like git's short hashes, and never shorter than 8 characters.
func TestUniquePrefixes(t *testing.T) {
	v := mustDecode(t, `[
		{"id": "41f60be0-7cef-4aa3-aaed-cf4a4599a084", "parent_id": "41f60be0-7ce0-4aa3-aaed-cf4a4599a084"},
		{"id": "0587212a-56b7-4cfe-8d9d-ff9714f60b7a", "parent_id": "41f60be0-7cef-4aa3-aaed-cf4a4599a084"},
		{"id": "1d6608f7-02d3-4789-bbf8-322a12847494", "parent_id": null}
	]`)
	d := Doc(protocol.Part{Kind: protocol.ValuePart, Value: v}, Options{})
	tb := d.Blocks[0].(view.Table)
	var got []string
	for _, row := range tb.Rows {
		for _, c := range row {
			if c.Kind == view.ID {
				got = append(got, c.Short())
			}
		}
	}
	want := "41f60be0-7cef 41f60be0-7ce0 0587212a 41f60be0-7cef 1d6608f7"
	if strings.Join(got, " ") != want {
		t.Errorf("short IDs %q, want %q", strings.Join(got, " "), want)
	}
	if n := prefixLengths([]string{"abc", "abcdefghij", "abcdefghik"}); n["abc"] != 3 || n["abcdefghij"] != 10 {
		t.Errorf("lengths %v", n)
	}
}

// A warning is told by its key in any case (Warning, CAUTION), and only
// by the whole key, with something to say.
func TestIsWarningKeys(t *testing.T) {
	say := Value{Kind: String, Text: "backend down"}
	for key, want := range map[string]bool{"warning": true, "Warning": true, "WARNINGS": true, "caution": true,
		"Caution": true, "warn": false, "warnings_x": false, "cautions": false, "forewarning": false} {
		if got := isWarning(Member{Key: key, Value: say}); got != want {
			t.Errorf("isWarning(%q) = %v", key, got)
		}
	}
	if isWarning(Member{Key: "warning", Value: Value{Kind: String}}) {
		t.Error("an empty warning is a warning")
	}
}

// IsListKey names the keys of ListKeys, as they are written.
func TestIsListKey(t *testing.T) {
	for _, k := range ListKeys {
		if !IsListKey(k) || IsListKey(k+"s") || IsListKey(strings.ToUpper(k)) {
			t.Errorf("IsListKey(%q) is not ListKeys'", k)
		}
	}
}

// A count's noun comes from the rows' shape, a kind of one word, or the
// list's key, never from a kind that says what happened ("2
// note_updateds").
func TestNounIsNeverAnEvent(t *testing.T) {
	rows := func(kind string, extra ...Member) []Value {
		r := Value{Kind: Object, Members: append([]Member{{Key: "kind", Value: Value{Kind: String, Text: kind}}}, extra...)}
		return []Value{r, r}
	}
	for _, c := range []struct {
		rows []Value
		key  string
		want string
	}{
		{rows("task"), "items", "task"},
		{rows("note_updated"), "", "item"},
		{rows("note_updated"), "events", "event"},
		{rows("search_executed", Member{Key: "outcome", Value: Value{Kind: String, Text: "success"}}, Member{Key: "verb", Value: Value{Kind: String, Text: "search"}}), "", "event"},
	} {
		if got := Noun(c.rows, c.key); got != c.want {
			t.Errorf("%s under %q: %q, want %q", c.rows[0].Str("kind"), c.key, got, c.want)
		}
	}
}

// alarming asks the vocabularies for a tone as a glyph set's marks do:
// for every word of every vocabulary, under each key it reads, it agrees
// with the mark the writers show.
func TestAlarmingAgreesWithTheMarks(t *testing.T) {
	g := glyphs.Unicode()
	for _, v := range glyphs.All() {
		for _, w := range v.Words {
			for _, word := range []string{w.Word, strings.ToUpper(w.Word)} {
				for key, mark := range map[string]func(string) (glyphs.Mark, bool){
					"outcome": g.Outcome, "dependency_state": g.Dependency, "status": g.Status,
				} {
					m, ok := mark(word)
					if want := ok && m.Tone == glyphs.Bad; alarming(key, false, IsStatusKey(key), word) != want {
						t.Errorf("alarming(%q, %q) = %v, the mark says %v", key, word, !want, want)
					}
				}
			}
		}
	}
}

// Early holds back go test -json's first events, boundedly, and nothing
// else: go build -json's events (no Test, ever) were held to the input's
// end, and -f showed nothing.
func TestEarlyHoldsOnlyTestEventsAndNotForLong(t *testing.T) {
	ev := func(s string) Value {
		v, err := input.NewDecoder(strings.NewReader(s), "t").Next()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	start := ev(`{"Time":"2026-11-28T08:00:00Z","Action":"start","Package":"m"}`)
	run := ev(`{"Time":"2026-11-28T08:00:00Z","Action":"run","Package":"m","Test":"TestA"}`)
	pass := ev(`{"Time":"2026-11-28T08:00:00Z","Action":"pass","Package":"m","Test":"TestA","Elapsed":0}`)
	build := ev(`{"ImportPath":"m","Action":"build-output","Output":"# m\n"}`)
	var many []Value
	for range earlyMax {
		many = append(many, run)
	}
	for _, tc := range []struct {
		name   string
		first  []Value
		pauses int
		want   bool
	}{
		{"a lone start", []Value{start}, 0, true},
		{"no Elapsed yet", []Value{start, run}, 1, true},
		{"a test's and an Elapsed", []Value{start, run, pass}, 1, false},
		{"after three pauses", []Value{start}, earlyPauses, false},
		{"after earlyMax events", many, 0, false},
		{"go build events", []Value{build}, 0, false},
	} {
		if got := Early(tc.first, tc.pauses); got != tc.want {
			t.Errorf("%s: Early = %v, want %v", tc.name, got, tc.want)
		}
	}
}
