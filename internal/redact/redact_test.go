package redact

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
)

// redacted is in redacted whole by a new Redactor.
func redacted(keys []string, in string) string {
	b, err := io.ReadAll(New(keys).Reader(strings.NewReader(in)))
	if err != nil {
		panic(err)
	}
	return string(b)
}

// Each form the issue of 2026-11-28 found left as it was, or labelled
// though not minted, with what it is now.
func TestWhatIsMinted(t *testing.T) {
	const u = "0190a1b2-0000-7000-8000-000000000001"
	for _, c := range []struct{ name, in, want string }{
		{"short id of digits under id", `{"id": "12345678", "x": 1}`, `{"id": "<id-1>", "x": 1}`},
		{"short id read as a number", `{"id": "123e4567"}`, `{"id": "<id-1>"}`},
		{"short id under *_id and *Id", `{"parent_id": "0a1b2c3d", "taskId": "99999999"}`, `{"parent_id": "<id-1>", "taskId": "<id-2>"}`},
		{"short id after its UUID", `{"full": "` + u + `", "text": "task 0190a1b2 done"}`, `{"full": "<id-1>", "text": "task <id-2> done"}`},
		{"Friday's HTTP date", `{"d": "Fri, 27 Nov 2026 10:00:00 GMT"}`, `{"d": "<time-1>"}`},
		{"every weekday", `["Mon, 23 Nov 2026 10:00:00 GMT", "Tue, 24 Nov 2026 10:00:00 GMT", "Wed, 25 Nov 2026 10:00:00 GMT", "Thu, 26 Nov 2026 10:00:00 GMT", "Sat, 28 Nov 2026 10:00:00 GMT", "Sun, 29 Nov 2026 10:00:00 GMT"]`,
			`["<time-1>", "<time-2>", "<time-3>", "<time-4>", "<time-5>", "<time-6>"]`},
		{"after an escape", `{"text": "a\n2026-11-28T10:00:00Z b\t` + u + `"}`, `{"text": "a\n<time-1> b\t<id-1>"}`},
		{"joined by _", `["req_` + u + `", "` + u + `_log.txt"]`, `["req_<id-1>", "<id-1>_log.txt"]`},
		{"URL-encoded", `["%2F` + u + `", "since=2026-11-28T13%3A46%3A52Z"]`, `["%2F<id-1>", "since=<time-1>"]`},
		{"hyphens escaped", `["0190a1b2\u002d0000\u002d7000\u002d8000\u002d000000000001", "` + u + `"]`, `["<id-1>", "<id-1>"]`},
		{"cookie date", `"expires=Sat, 28-Nov-2026 13:46:52 GMT; path=/"`, `"expires=<time-1>; path=/"`},
		{"RFC 850 date", `"Saturday, 28-Nov-26 13:46:52 GMT"`, `"<time-1>"`},
		{"date(1) and asctime", `["Sat Nov 28 13:46:52 UTC 2026", "Sun Nov  6 08:49:37 1994"]`, `["<time-1>", "<time-2>"]`},
		{"compact ISO", `["20261128T134652Z", "20261128T134652.123Z"]`, `["<time-1>", "<time-2>"]`},
		{"lower-case t and z", `"2026-11-28t13:46:52z"`, `"<time-1>"`},
		{"comma fraction", `"2026-11-28T18:00:00,123Z"`, `"<time-1>"`},
		{"offsets", `["2026-11-28T18:00:00+01:00", "2026-11-28T18:00:00.5-0500", "2026-11-28 18:00"]`, `["<time-1>", "<time-2>", "<time-3>"]`},
		{"upper-case 32 hex", `"ABCDEF0123456789ABCDEF0123456789"`, `"<id-1>"`},
		{"an ID in either case is one", `["` + u + `", "` + strings.ToUpper(u) + `"]`, `["<id-1>", "<id-1>"]`},
		{"session header", "HTTP/1.1 200 OK\r\nMcp-Session-Id: Q5ZAGKG3V4WHX7UNJ4DC6EMQ2O\r\nX-Request-Id: req-77\r\ntraceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\r\n\r\n{}",
			"HTTP/1.1 200 OK\r\nMcp-Session-Id: <id-1>\r\nX-Request-Id: <id-2>\r\ntraceparent: <id-3>\r\n\r\n{}"},
		{"SSE endpoint's session", "event: endpoint\ndata: /message?sessionid=Q5ZAGKG3V4WHX7UNJ4DC6EMQ2O\n\n", "event: endpoint\ndata: /message?sessionid=<id-1>\n\n"},
		{"session key, any alphabet", `{"sessionId": "Q5ZAGKG3V4WHX7UNJ4DC6EMQ2O", "request_id": "r-1"}`, `{"sessionId": "<id-1>", "request_id": "<id-2>"}`},
		{"a log line's time", "2026-11-28 13:46:52,123 - root - INFO - ready\n{}\n", "<time-1> - root - INFO - ready\n{}\n"},
		{"JSON in a string", `{"text": "{\"id\": \"0a1b2c3d\", \"at\": \"2026-11-28T10:00:00Z\"}"}`, `{"text": "{\"id\": \"<id-1>\", \"at\": \"<time-1>\"}"}`},
		{"after a byte-order mark", "\xef\xbb\xbf{\"id\": \"12345678\"}", "\xef\xbb\xbf{\"id\": \"<id-1>\"}"},
		{"a key that is an ID", `{"` + u + `": 1}`, `{"<id-1>": 1}`},
	} {
		if got := redacted(nil, c.in); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// What is not minted stays as it is, by its form or its key.
func TestWhatIsNotMinted(t *testing.T) {
	for _, in := range []string{
		`{"sha": "abc12345", "commit": "abc12345", "text": "fixed in abc12345"}`,
		`{"version": "1.0.0-rc.1+build.1a2b3c4d", "color": "#a1b2c3d4", "path": "src/abc12345/x.go"}`,
		`{"md5": "26e75ca442846a65cc15322d7d0acb2b", "etag": "W/\"26e75ca442846a65cc15322d7d0acb2b\"", "checksum": "ABCDEF0123456789ABCDEF0123456789"}`,
		`{"git": "4bf92f3577b34da6a3ce929d0e0e4736a1b2c3d4", "count": 12345678, "n": 12345678901234567890123456789012, "e": 1.234567e8}`,
		`{"due": "2026-11-28", "id": "task-1", "id2": "gtd.next", "word": "deadline", "digits": "12345678901234567890123456789012"}`,
		`{"id": 12345678, "jsonrpc": "2.0", "title": "Mon Tue Wed", "when": "on Fri, the 27th"}`,
		"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nETag: \"26e75ca442846a65cc15322d7d0acb2b\"\r\n\r\n{}",
	} {
		if got := redacted(nil, in); got != in {
			t.Errorf("changed:\n got %s\nwant %s", got, in)
		}
	}
}

// --redact-key names keys and paths as --columns does, on decoded keys, in
// JSON held in strings, in headers; a line break between a key and its
// value does not matter.
func TestKeys(t *testing.T) {
	for _, c := range []struct {
		keys     []string
		in, want string
	}{
		{[]string{"token"}, "{\"token\":\n\"SECRET\"}", "{\"token\":\n\"<token>\"}"},
		{[]string{"token"}, `{"\u0074oken": "SECRET"}`, `{"\u0074oken": "<token>"}`},
		{[]string{"token"}, `{"s": "{\"token\": \"S\", \"in\": \"{\\\"token\\\": \\\"S\\\"}\"}"}`, `{"s": "{\"token\": \"<token>\", \"in\": \"{\\\"token\\\": \\\"<token>\\\"}\"}"}`},
		{[]string{"latency_ms"}, `{"LATENCY_MS": 3, "latency-ms": 4, "latencyMs": 5}`, `{"LATENCY_MS": "<LATENCY_MS>", "latency-ms": "<latency-ms>", "latencyMs": "<latencyMs>"}`},
		{[]string{"meta.took"}, `{"took": 1, "meta": {"took": 2}, "r": {"meta": {"took": 3}}}`, `{"took": 1, "meta": {"took": "<took>"}, "r": {"meta": {"took": "<took>"}}}`},
		{[]string{"results[].usage"}, `{"results": [{"usage": {"in": 5, "out": [1, 2]}}, {"usage": 7}], "usage": 1}`,
			`{"results": [{"usage": {"in": "<in>", "out": ["<out>", "<out>"]}}, {"usage": "<usage>"}], "usage": 1}`},
		{[]string{"x-request-id"}, "HTTP/1.1 200 OK\r\nX-Request-Id: abc\r\n\r\n{}", "HTTP/1.1 200 OK\r\nX-Request-Id: <X-Request-Id>\r\n\r\n{}"},
		{[]string{"token"}, "data: {\"token\":\ndata: \"SECRET\"}\n\n", "data: {\"token\":\ndata: \"<token>\"}\n\n"},
	} {
		if got := redacted(c.keys, c.in); got != c.want {
			t.Errorf("%v:\n got %s\nwant %s", c.keys, got, c.want)
		}
		// A byte a read, as a slow pipe gives them: a key's value after a
		// line break at a read's end is still the key's.
		got, _ := io.ReadAll(New(c.keys).Reader(iotest.OneByteReader(strings.NewReader(c.in))))
		if string(got) != c.want {
			t.Errorf("%v, a byte a read:\n got %s\nwant %s", c.keys, got, c.want)
		}
	}
	r := New([]string{"took", "meta.nothing", "absent"})
	io.ReadAll(r.Reader(strings.NewReader(`{"took": 1, "meta": {"x": 1}}`)))
	if got := fmt.Sprint(r.Unmatched()); got != "[meta.nothing absent]" {
		t.Errorf("Unmatched: %s", got)
	}
}

// The reader gives what redacting the whole input at once gives, however
// the input is cut into reads, on its own or on a goroutine of its own.
func TestReaderIsTheWholeRedacted(t *testing.T) {
	var b strings.Builder
	b.WriteString("HTTP/1.1 200 OK\r\nMcp-Session-Id: 0A1B2C3D4E\r\nDate: Fri, 27 Nov 2026 10:00:00 GMT\r\n\r\n")
	b.WriteString(`{"items": [`)
	for i := range 3000 {
		if i > 0 {
			b.WriteString(",")
			if i%3 == 0 {
				b.WriteString("\n")
			}
		}
		fmt.Fprintf(&b, `{"id": "%08x-0000-4000-8000-%012x", "short_id": "%08x", "at": "2026-05-%02dT10:00:00Z", "took": %d, "text": "{\"took\": %d, \"log\": \"ok\\n2026-05-01T10:00:%02dZ done\"}"}`,
			i%97, i%89, i%97, 1+i%28, i, i, i%60)
	}
	b.WriteString("]}\n2026-11-28 13:46:52,123 - root - INFO - done\n")
	in := b.String()
	want := redacted([]string{"took"}, in)
	if strings.Contains(want, "-0000-4000-") || strings.Contains(want, "2026-05-") || strings.Contains(want, `"took": 1`) {
		t.Fatalf("not all replaced: %.300s", want)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for name, src := range map[string]func() io.Reader{
		"one byte": func() io.Reader { return iotest.OneByteReader(strings.NewReader(in)) },
		"halves":   func() io.Reader { return iotest.HalfReader(strings.NewReader(in)) },
		"random":   func() io.Reader { return &chunky{s: in, r: r} },
	} {
		for _, ahead := range []bool{false, true} {
			red := New([]string{"took"})
			var rd io.Reader = red.Reader(src())
			if ahead {
				a := red.Ahead(src())
				defer a.Close()
				rd = a
			}
			got, err := io.ReadAll(rd)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != want {
				t.Errorf("%s (ahead %v): differs from the whole redacted", name, ahead)
			}
		}
	}
}

// chunky reads s in pieces of random sizes.
type chunky struct {
	s string
	r *rand.Rand
}

func (c *chunky) Read(p []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), 1+c.r.IntN(700))], c.s)
	c.s = c.s[n:]
	return n, nil
}

// A label stands for what it labels, for --sort and --where.
func TestOriginal(t *testing.T) {
	r := New(nil)
	r.Keep()
	io.ReadAll(r.Reader(strings.NewReader(`["0190A1B2-0000-7000-8000-000000000001", "2026-11-28T10:00:00Z"]`)))
	if got := r.Original("a <id-1> b <time-1> <id-2> <time-x>"); got != "a 0190A1B2-0000-7000-8000-000000000001 b 2026-11-28T10:00:00Z <id-2> <time-x>" {
		t.Errorf("Original: %s", got)
	}
}

// plainRun stops where a byte at a time stops, wherever the stop falls in
// a word.
func TestPlainRun(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = "ab\"\\\n\r \x00\xff"[r.IntN(9)]
			if r.IntN(3) > 0 {
				b[i] = 'a' + byte(r.IntN(26))
			}
		}
		want := 0
		for want < len(b) && !stringStop[b[want]] {
			want++
		}
		if got := plainRun(b); got != want {
			t.Fatalf("%q: %d, want %d", b, got, want)
		}
	}
}

// What a review found, each a case that failed: a number is never
// changed; a string with a lone surrogate is written back valid; a name
// with eight hex digits is looked at again in the next record; a hash's
// key holds in a line of a string too; a stack past maxDepth is counted.
func TestReviewedCases(t *testing.T) {
	const u = "0190a1b2-0000-7000-8000-000000000001"
	for _, c := range []struct{ in, want string }{
		{`{"score": 1.5e000000000000000000000000000000}`, `{"score": 1.5e000000000000000000000000000000}`},
		{`["` + u + `", 99999.01900a1b2, 99999.12345678]`, `["<id-1>", 99999.01900a1b2, 99999.12345678]`},
		{"1e000000000000000000000000000000\n2 -3.5e10 true\n", "1e000000000000000000000000000000\n2 -3.5e10 true\n"},
		{`["\ud800 ` + u + `"]`, `["` + "\uFFFD" + ` <id-1>"]`},
		{`["{\"at\": \"2026-11-28T10:00:00Z\"} \udc00"]`, `["{\"at\": \"<time-1>\"} ` + "\uFFFD" + `"]`},
		{`["\q ` + u + `"]`, `["\q ` + u + `"]`},
		{`[{"0190a1b2": 1, "u": "` + u + `"}, {"0190a1b2": 2}]`, `[{"0190a1b2": 1, "u": "<id-1>"}, {"<id-2>": 2}]`},
		{`{"sha": "a: 26e75ca442846a65cc15322d7d0acb2b\nb: 1"}`, `{"sha": "a: 26e75ca442846a65cc15322d7d0acb2b\nb: 1"}`},
	} {
		if got := redacted(nil, c.in); got != c.want {
			t.Errorf("\n  in %s\n got %s\nwant %s", c.in, got, c.want)
		}
	}
	lx := &lexer{r: New(nil), line: true}
	deep := strings.Repeat("[", 3*maxDepth) + `"` + u + `"` + strings.Repeat("]", 3*maxDepth)
	out, _ := lx.run(nil, []byte(deep), true)
	if cap(lx.stack) > 2*maxDepth || lx.deep != 0 || !strings.Contains(string(out), `"<id-1>"`) {
		t.Errorf("a deep document: %d frames, %d deep", cap(lx.stack), lx.deep)
	}
}

// A line longer than maxLine is read in parts of its own length, so what
// is minted in it is the same however the reads fall; and so is the line
// after it, and a token longer than a line.
func TestLongLinesReadAlikeHoweverRead(t *testing.T) {
	const u = "0190a1b2-0000-7000-8000-000000000001"
	line := strings.Repeat("word ", maxLine/5) + strings.Repeat("x", 64<<10) + " " + u + " " + strings.Repeat("y ", 1000) + "2026-11-28T10:00:00Z\n"
	in := line + `{"id": "0a1b2c3d", "sessionId": "abc"}` + "\n[" + strings.Repeat("1", maxLine+10) + "]\n"
	want := redacted(nil, in)
	if !strings.Contains(want, `"<id-`) || !strings.Contains(want, "<time-1>") || strings.Contains(want, u) {
		t.Fatalf("not redacted: %.200s", want[len(want)-400:])
	}
	for _, cut := range []int{len(line) - 1, len(line), maxLine, maxLine + 3, maxLine + 64<<10 + 20} {
		r := io.MultiReader(strings.NewReader(in[:cut]), strings.NewReader(in[cut:]))
		got, _ := io.ReadAll(New(nil).Reader(iotest.HalfReader(r)))
		if string(got) != want {
			t.Errorf("read cut at %d: differs from the whole read", cut)
		}
	}
}
