package pretty

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// renderPlain renders every document of a file in plain output, stopping
// at the first input error as the command does.
func renderPlain(t *testing.T, data []byte) (string, []Value) {
	t.Helper()
	var out bytes.Buffer
	rn := NewRenderer(&out, Options{Output: Plain})
	dec := NewDecoder(bytes.NewReader(data), "test")
	var docs []Value
	for {
		v, err := dec.Next()
		if err != nil {
			break
		}
		docs = append(docs, v)
		if err := rn.Document(v, &Result{}); err != nil {
			t.Fatal(err)
		}
	}
	return out.String(), docs
}

// Plain output shows every non-empty value of the input: each string (as
// escaped for plain output) and each number literal, exactly as written.
func TestPlainLosesNoValue(t *testing.T) {
	var files []string
	// Only bare documents: wrappers (JSON-RPC, MCP) are framing, whose own
	// fields are not content and are not shown.
	for _, pat := range []string{"../testdata/khive_*", "../testdata/[a-ik-ln-z]*.json", "../testdata/[a-ik-ln-z]*.ndjson", "../../shared/corpus/khive_*"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) < 20 {
		t.Fatalf("only %d input files", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out, docs := renderPlain(t, data)
		for _, doc := range docs {
			eachLeaf("", doc, false, func(key string, v Value) {
				want := plainScalar(v)
				if v.Kind == String && strings.Contains(want, ", ") {
					want = plainText(v.Text) // may be quoted inside an inline list
				}
				if !strings.Contains(out, want) {
					t.Errorf("%s: value %q of %q is missing from plain output", f, want, key)
				}
			})
		}
	}
}

// eachLeaf calls fn for every string and number that is not filler.
func eachLeaf(key string, v Value, inProps bool, fn func(string, Value)) {
	if isFiller(key, v, inProps) {
		return
	}
	switch v.Kind {
	case Object:
		for _, m := range v.Members {
			eachLeaf(m.Key, m.Value, inProps || m.Key == "properties", fn)
		}
	case Array:
		for _, it := range v.Items {
			eachLeaf(key, it, inProps, fn)
		}
	case String, Number:
		fn(key, v)
	}
}

func TestPlainIsDeterministic(t *testing.T) {
	data, err := os.ReadFile("../testdata/khive_batch_partial.json")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := renderPlain(t, data)
	b, _ := renderPlain(t, data)
	if a != b {
		t.Error("two renders of the same input differ")
	}
}

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
	}
	for _, tt := range tests {
		v, err := NewDecoder(strings.NewReader(tt.in), "t").Next()
		if err != nil {
			t.Fatal(err)
		}
		if got := classify(v); got != tt.want {
			t.Errorf("classify(%s) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestFormatting(t *testing.T) {
	for lit, want := range map[string]string{
		"0.8112345": "0.811", "18.375": "18.4", "0.0325224749": "0.0325", "1.0": "1", "0": "0",
		"1234.5": "1235", "0.00001234": "1.23e-05", "1e400": "1e400", "-0.5": "-0.5",
	} {
		if got := sig3(lit); got != want {
			t.Errorf("sig3(%s) = %s, want %s", lit, got, want)
		}
	}
	for _, tt := range []struct{ lit, key, want string }{
		{"95", "duration_us", "95µs"}, {"1234", "duration_us", "1.23ms"}, {"15022", "duration_us", "15ms"},
		{"999999", "duration_us", "1s"}, {"999400", "duration_us", "999ms"}, {"245", "latency_ms", "245ms"}, {"61.48213", "duration_seconds", "1m1s"}, {"59.4", "duration_seconds", "59.4s"},
		{"93784", "uptime_seconds", "26h3m4s"}, {"0.5", "duration_ns", "0ns"},
	} {
		unit, ok := durationUnit(tt.key)
		got, ok2 := humanDuration(tt.lit, unit, "µs")
		if !ok || !ok2 || got != tt.want {
			t.Errorf("%s=%s: got %q, want %q", tt.key, tt.lit, got, tt.want)
		}
	}
	if _, ok := humanDuration("-5", 1, "µs"); ok {
		t.Error("negative duration accepted")
	}
	for n, want := range map[int]string{0: "0 tasks", 1: "1 task", 2: "2 tasks"} {
		if got := count(n, "task"); got != want {
			t.Errorf("count(%d) = %q", n, got)
		}
	}
	if count(2, "entity") != "2 entities" || count(2, "entry") != "2 entries" || count(3, "match") != "3 matches" {
		t.Error("plural forms")
	}
}

// A repeated key gives a column of the same name, at any depth, each in
// its own place (the README's rule): a.x twice, not a.x and a1.x.
func TestDuplicateNestedKeysShareTheirName(t *testing.T) {
	out := renderString(t, `[{"a": {"x": 1}, "a": {"x": 2, "y": 3}}, {"a": {"x": 4}}]`, Options{Output: Plain})
	want := "a.x\ta.x\ta.y\n1\t2\t3\n4\t\t\n"
	if out != want {
		t.Errorf("got\n%q\nwant\n%q", out, want)
	}
}
