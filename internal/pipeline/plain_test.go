package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/recognise"
	"github.com/khive-ai/khive-pretty/internal/render/plain"
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
	for _, pat := range []string{"../../testdata/khive_*", "../../testdata/[a-ik-ln-z]*.json", "../../testdata/[a-ik-ln-z]*.ndjson", "../../../shared/corpus/khive_*", "../../testdata/graphiti/*.json"} {
		m, _ := filepath.Glob(pat)
		for _, f := range m {
			if !strings.HasSuffix(f, "_reply.json") { // graphiti's JSON-RPC replies are wrappers
				files = append(files, f)
			}
		}
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
				want := plain.Scalar(v)
				if v.Kind == String && strings.Contains(want, ", ") {
					want = plain.Text(v.Text) // may be quoted inside an inline list
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
	if recognise.IsFiller(key, v, inProps) {
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

// An empty list of rows is written as the empty value it is: a khive
// list that found nothing wrote nothing of its items, where plain output
// writes every value, [] included (a batch op's: the khive goldens).
func TestPlainWritesAnEmptyListOfRows(t *testing.T) {
	doc := `{"ok": true, "tool": "list", "result": {"items": [], "has_more": false}}`
	if got := renderString(t, doc, Options{Output: Plain}); !strings.Contains(got, "\nitems: []\n") {
		t.Errorf("want items: [] in\n%s", got)
	}
}

func TestPlainIsDeterministic(t *testing.T) {
	data, err := os.ReadFile("../../testdata/khive_batch_partial.json")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := renderPlain(t, data)
	b, _ := renderPlain(t, data)
	if a != b {
		t.Error("two renders of the same input differ")
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
