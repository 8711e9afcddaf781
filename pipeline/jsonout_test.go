package pipeline

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// -o json is lossless: over every input, its output decodes to the same
// documents as the input — keys in the same order, duplicates included,
// numbers with the same text, strings with the same value.
func TestJSONOutputParsesBackToTheInput(t *testing.T) {
	var files []string
	for _, pat := range []string{"../testdata/*.json", "../testdata/*.ndjson", "../../shared/corpus/*.json", "../../shared/corpus/*.ndjson"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) < 30 {
		t.Fatalf("only %d files", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in := decodeAllValues(data)
		if len(in) == 0 {
			continue // not JSON at all (a test of errors)
		}
		var out bytes.Buffer
		NewRenderer(&out, Options{Output: JSON}).Stream(bytes.NewReader(data), f)
		back := decodeAllValues(out.Bytes())
		if len(back) != len(in) {
			t.Errorf("%s: %d documents in, %d back", f, len(in), len(back))
			continue
		}
		for i := range in {
			if !sameValue(in[i], back[i]) {
				t.Errorf("%s: document %d does not survive -o json:\n%s", f, i+1, out.String())
			}
		}
	}
}

// decodeAllValues decodes the documents before the first error.
func decodeAllValues(data []byte) []Value {
	d := NewDecoder(bytes.NewReader(data), "t")
	var vs []Value
	for {
		v, err := d.Next()
		if err == io.EOF || err != nil {
			return vs
		}
		vs = append(vs, v)
	}
}

func sameValue(a, b Value) bool {
	if a.Kind != b.Kind || a.Text != b.Text || len(a.Members) != len(b.Members) || len(a.Items) != len(b.Items) {
		return false
	}
	for i := range a.Members {
		if a.Members[i].Key != b.Members[i].Key || !sameValue(a.Members[i].Value, b.Members[i].Value) {
			return false
		}
	}
	for i := range a.Items {
		if !sameValue(a.Items[i], b.Items[i]) {
			return false
		}
	}
	return true
}

// Terminal-unsafe characters are \u-escaped in JSON output: still the same
// string, but nothing raw reaches the terminal.
func TestJSONOutputEscapesTerminalHazards(t *testing.T) {
	var out bytes.Buffer
	doc := "{\"k\u202e\": \"a\u009bb\u2028c\\u001bd\x7f\"}"
	NewRenderer(&out, Options{Output: JSON}).Stream(bytes.NewReader([]byte(doc)), "t")
	want := "{\n  \"k\\u202e\": \"a\\u009bb\\u2028c\\u001bd\\u007f\"\n}\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}
