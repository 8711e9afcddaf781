package pretty

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/khive-ai/khive-pretty/sanitize"
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

// quote escapes what sanitize escapes, in JSON's spelling, and keeps what
// sanitize keeps in context.
func TestQuote(t *testing.T) {
	const (
		family   = "\U0001F468\u200D\U0001F469\u200D\U0001F467"
		scotland = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"
	)
	tests := []struct{ in, want string }{
		{"plain \"quoted\" C:\\dir", `"plain \"quoted\" C:\\dir"`},
		{"\b\f\n\r\t\x00\x1f\x7f", `"\b\f\n\r\t\u0000\u001f\u007f"`},
		{"zero\u200bwidth \ufeffBOM \u00ad", `"zero\u200bwidth \ufeffBOM \u00ad"`},
		{"hidden \U000E0041\U000E0042", `"hidden \udb40\udc41\udb40\udc42"`},
		{"bad \xff byte \xc0\xaf", "\"bad \ufffd byte \ufffd\ufffd\""},
		{family + " \u2764\uFE0F " + scotland, "\"" + family + " \u2764\uFE0F " + scotland + "\""},
		{"a\uFE0F\uFE0F \u200D", "\"a\uFE0F" + `\ufe0f \u200d"`},
		{"\U0001BCA0", `"\ud82f\udca0"`},
	}
	var j jsonWriter
	for _, tt := range tests {
		if got := j.quote(tt.in); got != tt.want {
			t.Errorf("quote(%+q) = %+q, want %+q", tt.in, got, tt.want)
		}
	}
}

// FuzzQuote: quote's output is valid JSON that decodes to the input (each
// invalid byte read as U+FFFD), and holds nothing sanitize would escape.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{
		"plain", "a\"b\\c\n", "\x1b]0;x\x07\u009b\u202e\u2028\x7f", "\xff\xc3\xed\xa0\x80",
		"\u200b\ufeff\U000E0041 \U0001F468\u200D\U0001F469 \u2764\uFE0F\uFE0F \u0645\u06CC\u200C\u062E",
		"\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var j jsonWriter
		q := j.quote(s)
		got, err := jsontext.AppendUnquote(nil, q)
		if err != nil {
			t.Fatalf("quote(%+q) = %+q: not a JSON string: %v", s, q, err)
		}
		var want strings.Builder
		for _, r := range s { // one U+FFFD an invalid byte
			want.WriteRune(r)
		}
		if string(got) != want.String() {
			t.Fatalf("quote(%+q) = %+q reads back as %+q", s, q, got)
		}
		if safe := sanitize.String(q, 0); safe != q {
			t.Fatalf("quote(%+q) = %+q holds what sanitize escapes: %+q", s, q, safe)
		}
	})
}

func BenchmarkQuote(b *testing.B) {
	for _, tc := range []struct{ name, s string }{
		{"clean", "Task number 17: wire the recall pipeline into the daemon — résumé"},
		{"hostile", strings.Repeat("a\u202eb\u009bc\u2028d\"e", 200)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var j jsonWriter
			b.SetBytes(int64(len(tc.s)))
			for b.Loop() {
				_ = j.quote(tc.s)
			}
		})
	}
}
