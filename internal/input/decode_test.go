package input

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/value"
)

func decodeAll(t *testing.T, in string) ([]value.Value, error) {
	t.Helper()
	return nextAll(NewDecoder(strings.NewReader(in), "in.json"))
}

// nextAll is every document d reads, whole, up to the first error.
func nextAll(d *Decoder) ([]value.Value, error) {
	defer d.Close()
	var out []value.Value
	for {
		v, err := d.Next()
		if err == nil && v.IsOpen() {
			v, err = value.Force(v)
		}
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, v)
	}
}

func TestDecodeKeepsOrderNumbersAndDuplicates(t *testing.T) {
	docs, err := decodeAll(t, `{"z":1,"a":12345678901234567890123,"a":1e400,"n":-0,"f":1.10}`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range docs[0].Members {
		got = append(got, m.Key+"="+m.Value.Text)
	}
	want := "z=1 a=12345678901234567890123 a=1e400 n=-0 f=1.10"
	if strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", strings.Join(got, " "), want)
	}
}

func TestDecodeStreamsSeveralDocuments(t *testing.T) {
	docs, err := decodeAll(t, "\xef\xbb\xbf{\"a\":1}\n{\"b\":2}{\"c\":3}  [1,2] \"s\" null\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 6 {
		t.Fatalf("got %d documents, want 6", len(docs))
	}
	if docs[0].Members[0].Key != "a" {
		t.Error("byte-order mark not skipped")
	}
}

func TestDecodeInvalidUTF8BecomesReplacementChar(t *testing.T) {
	docs, err := decodeAll(t, "\"bad \xff byte\"")
	if err != nil {
		t.Fatal(err)
	}
	if docs[0].Text != "bad \ufffd byte" {
		t.Errorf("got %q", docs[0].Text)
	}
}

func TestDecodeErrorsArePositioned(t *testing.T) {
	tests := []struct {
		in, want string
		docs     int
	}{
		{"{\"a\":1}\n{\"b\":\n  x}", "in.json:3:3: invalid character 'x' at start of value (in /b)", 1},
		{"[1,\n 2,\n]", "in.json:2:3: trailing comma before ']'", 0},
		{`{"a" 1}`, "in.json:1:6: invalid character '1' after object name (expecting ':') (in /a)", 0},
		{"{\"a\":\"é\"\n  \"b\":2}", "in.json:2:3: invalid character '\"' after object value (expecting ',' or '}')", 0},
		{"{\"a\": [1, 2", "in.json:1:12: unexpected end of input: the JSON value is incomplete (in /a)", 0},
		{"\"\\x01\"", "in.json:1:2: invalid escape sequence `\\x` in string", 0},
		{"", "in.json:1:1: empty input: no JSON document", 0},
		{"  \n\t ", "in.json:2:3: empty input: no JSON document", 0},
		{"[\x00]", `in.json:1:2: invalid character '\x00' at start of value (in /0)`, 0},
		{"[1],", "in.json:1:4: invalid character ',' at start of value", 0},
		{"{\"a\":1}#", "in.json:1:8: invalid character '#' at start of value", 0},
		{"not json", `in.json:1:1: "not" is not JSON (expecting an object, array, string, number, true, false or null)`, 0},
		{"{\"ok\": tru}", "in.json:1:11: invalid character '}' in literal true (expecting 'e') (in /ok)", 0},
		{"{\"a\": 1,\n}", "in.json:1:8: trailing comma before '}'", 0},
	}
	for _, tt := range tests {
		docs, err := decodeAll(t, tt.in)
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Errorf("%q: err = %v, want an InputError", tt.in, err)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("%q:\n got  %s\n want %s", tt.in, err, tt.want)
		}
		if len(docs) != tt.docs {
			t.Errorf("%q: %d documents before the error, want %d", tt.in, len(docs), tt.docs)
		}
	}
}

func TestDecodeDeepNestingIsAnErrorNotACrash(t *testing.T) {
	_, err := decodeAll(t, strings.Repeat("[", 100_000)+strings.Repeat("]", 100_000))
	if err == nil || !strings.Contains(err.Error(), "nesting is deeper than 10000 levels") {
		t.Fatalf("err = %v", err)
	}
	if !strings.HasPrefix(err.Error(), "in.json:1:10001: ") {
		t.Errorf("position: %v", err)
	}
}

func TestPositionsStayRightPastTheWindow(t *testing.T) {
	// Over 3 MiB of valid lines, then an error: line counting must survive
	// the window being forgotten.
	var b strings.Builder
	for i := 0; i < 100_000; i++ {
		b.WriteString("{\"k\": \"a value that pads out the line\"}\n")
	}
	b.WriteString("  {\"k\": ?}\n")
	docs, err := decodeAll(t, b.String())
	if len(docs) != 100_000 {
		t.Errorf("%d documents before the error", len(docs))
	}
	if err == nil || !strings.HasPrefix(err.Error(), "in.json:100001:9: ") {
		t.Errorf("err = %v", err)
	}
}

// The column counts characters even when the start of a long line has left
// the window of recent reads: 100,000 two-byte characters, then an error.
func TestColumnCountsCharactersOnALongLine(t *testing.T) {
	in := `["` + strings.Repeat("é", 100_000) + `", ?]`
	_, err := decodeAll(t, in)
	if err == nil || !strings.HasPrefix(err.Error(), "in.json:1:100006: ") {
		t.Errorf("err = %v, want the error at 1:100006", err)
	}
	// A split character between two reads is one character.
	in = "\n" + strings.Repeat("日本", 70_000) + "?"
	_, err = decodeAll(t, `"`+in[1:]+`"`+"\n  ?")
	if err == nil || !strings.HasPrefix(err.Error(), "in.json:2:3: ") {
		t.Errorf("err = %v, want the error at 2:3", err)
	}
}

// An error message is read on a terminal: whatever the input puts in it
// (file names, keys quoted in the JSON pointer) is escaped, and the cut of
// a long pointer never splits a character.
func TestInputErrorIsSafeForATerminal(t *testing.T) {
	key := strings.Repeat("é", 30) + `\u001b]0;pwned\u0007\u202e`
	_, err := decodeAll(t, `{"`+key+`": {"`+strings.Repeat("ü", 50)+`": x}}`)
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Fatalf("err = %v", err)
	}
	ie.Name = "evil\x1b[2J\u202ename.json"
	msg := ie.Error()
	for _, r := range msg {
		if r < 0x20 || (r >= 0x7f && r <= 0x9f) || r == 0x202e || r == 0xfffd {
			t.Errorf("error message holds %U: %q", r, msg)
		}
	}
	if !strings.Contains(msg, `evil\x1b[2J\u202ename.json:1:`) || !strings.Contains(msg, "...)") {
		t.Errorf("message: %q", msg)
	}
}

// UTF-16 and UTF-32 input is recognised, so that it can be named with
// the fix instead of "invalid character".
func TestWideEncodingsAreNamed(t *testing.T) {
	for in, want := range map[string]string{
		"\xff\xfe{\x00}\x00":            "UTF-16",
		"\xfe\xff\x00{\x00}":            "UTF-16",
		"{\x00\"\x00a\x00\"\x00":        "UTF-16",
		"\x00[\x001\x00]":               "UTF-16",
		"\xff\xfe\x00\x00{\x00\x00\x00": "UTF-32",
		"{\x00\x00\x00}\x00\x00\x00":    "UTF-32",
		"1":                             "",
		"{\"a\": 1}":                    "",
	} {
		if got := WideEncoding(NewReader(strings.NewReader(in))); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

// Long runs of white space, between documents or inside one, cost no
// memory (the decoder would keep each run whole), and errors after them
// are still placed on the input's own line and column.
func TestWhiteSpaceStreamsInConstantMemory(t *testing.T) {
	spaces := strings.Repeat(" ", 1<<20)
	var b strings.Builder
	b.WriteString(`{"a": "keep   ` + strings.Repeat(" ", 5000) + `inside strings"}`)
	for i := 0; i < 32; i++ {
		b.WriteString(spaces)
		b.WriteString("\n")
	}
	b.WriteString(`{"b":` + spaces + `2}` + "\n" + spaces + `  {"c": ?}`)
	in := b.String()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	docs, err := decodeAll(t, in)
	runtime.ReadMemStats(&after)
	if len(docs) != 2 || docs[0].Members[0].Value.Text != "keep   "+strings.Repeat(" ", 5000)+"inside strings" {
		t.Fatalf("documents: %d, first %q", len(docs), docs[0].Members[0].Value.Text[:20])
	}
	if err == nil || !strings.HasPrefix(err.Error(), "in.json:34:1048585: ") {
		t.Errorf("err = %v, want the error at 34:1048585", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
		t.Errorf("decoding 34 MB of white space allocated %d MB", alloc>>20)
	}
}

// A followed file is read as it grows, and from the top again when it is
// truncated; its end is never the end.
func TestFollowReadsWhatIsAppended(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log.ndjson")
	if err := os.WriteFile(path, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := Follow(f, time.Millisecond)
	read := func(want string) {
		t.Helper()
		buf := make([]byte, 64)
		got := ""
		for len(got) < len(want) {
			n, err := r.Read(buf)
			if err != nil {
				t.Fatal(err)
			}
			got += string(buf[:n])
		}
		if got != want {
			t.Errorf("read %q, want %q", got, want)
		}
	}
	read("one\n")
	go func() {
		time.Sleep(20 * time.Millisecond)
		w, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		w.WriteString("two\n")
		w.Close()
	}()
	read("two\n")
	// Truncated and written anew: read from the top.
	os.WriteFile(path, []byte("new\n"), 0o644)
	read("new\n")
	// Written anew longer than what was read: from the top too.
	os.WriteFile(path, []byte("rewritten, longer\n"), 0o644)
	read("rewritten, longer\n")
}

// A reset decoder reads a new input as a new decoder would: its values,
// its document count, and an error's line and column in the new input,
// whatever the last one left behind (a half-read document, a long line,
// a byte-order mark).
func TestResetIsANewDecoder(t *testing.T) {
	inputs := []string{
		`{"a": [1, 2, {"b": "c"}]} [3]`,
		"\xef\xbb\xbf{\"bom\": true}",
		"{\"x\":\n  [1,\n   2,,]}",
		`{"half": [1, 2`,
		strings.Repeat(" ", 5000) + `{"after": "a long run of spaces"}` + "\n" + `{"bad" 1}`,
		`"only"`,
	}
	reused := NewDecoder(strings.NewReader(""), "first")
	reused.Next()
	for _, in := range inputs {
		reused.Reset(strings.NewReader(in), "t")
		fresh := NewDecoder(strings.NewReader(in), "t")
		for {
			a, errA := reused.Next()
			b, errB := fresh.Next()
			if value.Compact(a) != value.Compact(b) || fmt.Sprint(errA) != fmt.Sprint(errB) || reused.Documents() != fresh.Documents() {
				t.Fatalf("%q: reset decoder read %s, %v; a new one %s, %v", in, value.Compact(a), errA, value.Compact(b), errB)
			}
			if errA != nil {
				break
			}
		}
	}
}
