package recognise

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/protocol"
	"github.com/khive-ai/khive-pretty/internal/value"
	"github.com/khive-ai/khive-pretty/internal/view"
)

func mustDecode(t *testing.T, doc string) Value {
	t.Helper()
	v, err := input.NewDecoder(strings.NewReader(doc), "t").Next()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// A server's recogniser that meets a value it did not expect gives way to
// the generic view of the same document, whole, and says why.
func TestBrokenRecogniserFallsBackToGeneric(t *testing.T) {
	// Matches the graphiti nodes recogniser, but a name is a number.
	v := mustDecode(t, `{"message": "Nodes retrieved successfully", "nodes": [{"name": "ok", "summary": "fine"}, {"name": 42, "summary": "not fine"}]}`)
	if findShape(v, Classify(v), "") != &graphitiNodes {
		t.Fatal("the test document does not reach the recogniser it is meant to break")
	}
	d := Doc(protocol.Part{Kind: protocol.ValuePart, Value: v}, Options{})
	want := []view.Block{*builder{}.record(v, 0, false, false)}
	if !reflect.DeepEqual(d.Blocks, want) {
		t.Errorf("fallback view:\n%#v\nwant the generic record:\n%#v", d.Blocks, want)
	}
	if len(d.Problems) != 1 || d.Problems[0] != "the graphiti nodes view failed (name is not a string); showing the generic form" {
		t.Errorf("problems: %q", d.Problems)
	}
}

// A panicking recogniser is caught the same way.
func TestPanickingRecogniserFallsBack(t *testing.T) {
	r := &Recogniser{Name: "test", View: func(builder, Value) ([]view.Block, error) { panic("boom") }}
	var d view.Doc
	blocks, ok := builder{}.special(r, Value{Kind: Object}, &d)
	if ok || blocks != nil || len(d.Problems) != 1 || !strings.Contains(d.Problems[0], "panic: boom") {
		t.Errorf("ok = %v, blocks %v, problems %q", ok, blocks, d.Problems)
	}
}

func TestRelationWords(t *testing.T) {
	for in, want := range map[string]string{
		"USES_AS_BACKEND": "uses as backend", "usesAsBackend": "uses as backend", "Maintains": "maintains",
		"depends-on": "depends on", "HAS_HTTP2_SUPPORT": "has http2 support", "": "",
	} {
		if got := RelationWords(in); got != want {
			t.Errorf("RelationWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// The tones of view and glyphs are the same list: a status's tone is
// passed from one to the other as it is.
func TestTonesAgree(t *testing.T) {
	for word, want := range map[string]view.Tone{"next": view.Accent, "done": view.Good, "waiting": view.Warn, "failed": view.Bad, "someday": view.Muted, "inbox": view.Neutral, "whatever": view.Neutral} {
		if got := StatusTone(word); got != want {
			t.Errorf("StatusTone(%q) = %d, want %d", word, got, want)
		}
	}
}

// A shape's Keys leave out only objects its Match is false of: every
// object in the test data (and in the JSON texts they carry) that a shape
// matches has one of its Keys.
func TestShapeKeysLeaveOutNoMatch(t *testing.T) {
	matched := map[string]int{}
	var walk func(v Value)
	walk = func(v Value) {
		switch v.Kind {
		case Object:
			for _, s := range recognisers {
				if s.Arrays || len(s.Keys) == 0 || !s.Match(v) {
					continue
				}
				matched[s.Name]++
				if !slices.ContainsFunc(s.Keys, v.Has) {
					t.Errorf("%s matches an object with none of its Keys %q: %s", s.Name, s.Keys, value.Compact(v))
				}
			}
			for _, m := range v.Members {
				walk(m.Value)
			}
		case Array:
			for _, it := range v.Items {
				walk(it)
			}
		case String:
			if s := strings.TrimSpace(v.Text); strings.HasPrefix(s, "{") || strings.HasPrefix(s, "[") {
				decodeAll(s, walk)
			}
		}
	}
	err := filepath.WalkDir("../../testdata", func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		decodeAll(string(data), walk)
		for _, line := range strings.Split(string(data), "\n") {
			if s, ok := strings.CutPrefix(line, "data:"); ok {
				decodeAll(s, walk)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("matched: %v", matched)
}

// decodeAll gives each whole document of text to f, until the first
// error.
func decodeAll(text string, f func(Value)) {
	dec := input.NewDecoder(strings.NewReader(text), "t")
	for {
		v, err := dec.Next()
		if err == nil {
			v, err = value.Whole(v)
		}
		if err != nil {
			return
		}
		f(v)
	}
}
