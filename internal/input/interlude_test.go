package input

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/khive-ai/khive-pretty/internal/value"
)

// interluded decodes in with an Interlude hook, and returns the documents
// (compact) and interludes ("L<line>: text") in the order they came, and
// the error that ended the input (nil at its end).
func interluded(t *testing.T, r io.Reader) ([]string, error) {
	t.Helper()
	d := NewDecoder(r, "in.json")
	defer d.Close()
	var got []string
	d.Interlude = func(line int, text string) error {
		got = append(got, fmt.Sprintf("L%d: %s", line, text))
		return nil
	}
	for {
		v, err := d.Next()
		if err == io.EOF {
			return got, nil
		}
		if err != nil {
			return got, err
		}
		got = append(got, compact(v))
	}
}

func compact(v value.Value) string {
	switch v.Kind {
	case value.Object:
		var parts []string
		for _, m := range v.Members {
			parts = append(parts, m.Key+":"+compact(m.Value))
		}
		return "{" + strings.Join(parts, ",") + "}"
	case value.Array:
		var parts []string
		for _, it := range v.Items {
			parts = append(parts, compact(it))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	return v.Text
}

func TestInterludesBetweenDocumentsAreGivenWithTheirLine(t *testing.T) {
	long := strings.Repeat("x", 200_000) // longer than any buffer
	in := "{\"a\":1}\nPRAGMA journal_mode = WAL\r\n  notification received: x\n\n{\"b\":\n  2}\n" +
		"[My-Server] ready\n2026/11/24 10:00:00 listening\n" + long + "\n[3]\nbye"
	want := []string{"{a:1}", "L2: PRAGMA journal_mode = WAL", "L3: notification received: x", "{b:2}",
		"L7: [My-Server] ready", "L8: 2026/11/24 10:00:00 listening", "L9: " + long, "[3]", "L11: bye"}
	for name, r := range map[string]io.Reader{
		"settled":      strings.NewReader(in),
		"byte by byte": iotest.OneByteReader(strings.NewReader(in)),
	} {
		got, err := interluded(t, r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s:\n got  %.300q\n want %.300q", name, got, want)
		}
	}
}

// A line is a document only when it is JSON to its end (or opens an
// object or an array that goes on): the log lines of Python's default
// format, counts, literals in prose, list items and addresses are notes,
// and the documents after them are read.
func TestCommonLogLinesAreNotes(t *testing.T) {
	logs := []string{"2026-11-28 13:46:52,123 - root - INFO - ready", "123 items", "-1 retries", "true story",
		"null pointer", "- item", "192.168.1.1 connected", "42 is the answer", "\"quoted\" said the server", "[2026-05-01 10:00:00] INFO ready", "[0] listening on :8080"}
	for _, l := range logs {
		got, err := interluded(t, strings.NewReader("{\"a\":1}\n"+l+"\n{\"b\":2}\n7\n[1,\n2]\n"))
		want := []string{"{a:1}", "L2: " + l, "{b:2}", "7", "[1,2]"}
		if err != nil || strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%q: %q, %v", l, got, err)
		}
	}
}

// A byte-order mark before a document in the middle of the input (cat
// a.json b.json) is not part of it, nor a log line.
func TestByteOrderMarkBetweenDocuments(t *testing.T) {
	got, err := interluded(t, strings.NewReader("{\"a\":1}\n\xef\xbb\xbf{\"b\":2}\n\xef\xbb\xbf[3]"))
	if err != nil || strings.Join(got, " ") != "{a:1} {b:2} [3]" {
		t.Errorf("%q, %v", got, err)
	}
}

// A log line longer than noteMax is its first noteMax bytes and a count
// of the rest, read in constant memory; the documents around it are
// read, and so is the line after it.
func TestLongLogLineIsCountedNotHeld(t *testing.T) {
	long := strings.Repeat("é", noteMax) // two bytes each: the cut falls inside none
	in := "{\"a\":1}\n" + long + "\n{\"b\":2}\nafter\n[3]"
	for name, r := range map[string]io.Reader{"settled": strings.NewReader(in), "halves": iotest.HalfReader(strings.NewReader(in))} {
		got, err := interluded(t, r)
		if err != nil || len(got) != 5 {
			t.Fatalf("%s: %d parts, %v", name, len(got), err)
		}
		want := "L2: " + long[:noteMax] + " … (1048576 more bytes of this line)"
		if got[1] != want || got[2] != "{b:2}" || got[3] != "L4: after" || got[4] != "[3]" {
			t.Errorf("%s: %.60q … %q %q %q", name, got[1], got[2], got[3], got[4])
		}
	}
}

// A line is read to its end whatever the read boundaries: a long first
// line of exactly the bytes of a read is one note, counted, and nothing
// in it is taken for a document; a byte-order mark split across reads is
// skipped; the error of an input of no document is at its first line's
// start, however long the line.
func TestLongLinesAtReadBoundaries(t *testing.T) {
	long := strings.Repeat("x", 4095) + "\n" + strings.Repeat("y", 3<<20) + `{"hidden":1}` + "\n{\"a\":1}\n"
	got, err := interluded(t, strings.NewReader(long))
	if err != nil || len(got) != 3 || !strings.Contains(got[1], "more bytes of this line") || got[2] != "{a:1}" {
		t.Errorf("%d parts, %v: %.80q", len(got), err, got)
	}
	bom := io.MultiReader(strings.NewReader("{\"a\":1}\n\xef"), strings.NewReader("\xbb\xbf{\"b\":2}\n"))
	if got, err := interluded(t, iotest.OneByteReader(bom)); err != nil || strings.Join(got, " ") != "{a:1} {b:2}" {
		t.Errorf("split mark: %q, %v", got, err)
	}
	_, err = interluded(t, strings.NewReader(strings.Repeat("z", 3<<20)+"\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "in.json:1:1: ") {
		t.Errorf("no document: %v", err)
	}
}

func TestInterludesKeepErrorsPositioned(t *testing.T) {
	// After skipped lines, an error is still at its own line and column;
	// a line that starts as a document does is the error it is.
	for in, want := range map[string]string{
		"{\"a\":1}\n[1, 2,, 3]\n":                           "in.json:2:7: invalid character ',' at start of value (in /2)",
		"{\"a\":1}\nlog one\nlog two\n{\"b\":\n  x}":        "in.json:5:3: invalid character 'x' at start of value (in /b)",
		"{\"a\":1}\nlog\n{\"oops\" 1}":                      "in.json:3:9: invalid character '1' after object name (expecting ':') (in /oops)",
		"{\"a\":1} trailing\n":                              "in.json:1:9: \"trailing\" is not JSON (expecting an object, array, string, number, true, false or null)",
		"not json\nnor this\n":                              "in.json:1:1: \"not\" is not JSON (expecting an object, array, string, number, true, false or null)",
		"{\"a\":1}\n" + strings.Repeat("y", 70_000) + "\n[": "in.json:3:2: unexpected end of input: the JSON value is incomplete",
	} {
		_, err := interluded(t, strings.NewReader(in))
		var ie *InputError
		if !errors.As(err, &ie) || err.Error() != want {
			t.Errorf("%.30q:\n got  %v\n want %s", in, err, want)
		}
	}
}

func TestNoInterludeHookLeavesTheLineAnError(t *testing.T) {
	_, err := decodeAll(t, "{\"a\":1}\nPRAGMA x\n")
	if err == nil || !strings.HasPrefix(err.Error(), "in.json:2:1: ") {
		t.Errorf("err = %v", err)
	}
}

// A line that starts with a JSON value is read as documents, however much
// it looks like a bracketed log tag; a log line's lone quote does not make
// what follows it a string (whose long runs of spaces would be cut).
func TestInterludesLeaveDocumentsAlone(t *testing.T) {
	spaces := strings.Repeat(" ", 3000)
	in := "{\"a\":1}\n[1] [2]\n[0] listening on :8080\nlog: he said \"hi\n{\"s\":\"x" + spaces + "y\"}\n"
	got, err := interluded(t, strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"{a:1}", "[1]", "[2]", "L3: [0] listening on :8080", "L4: log: he said \"hi", "{s:x" + spaces + "y}"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %.200q\nwant %.200q", got, want)
	}
}
