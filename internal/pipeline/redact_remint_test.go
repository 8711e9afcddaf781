package pipeline

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/khive-ai/khive-pretty/internal/redact"
)

// Real answers with a placeholder wherever a server mints something anew
// each run: @<form><n>, the n-th value of a form (docs/scripting.md's
// list): U a UUID, V the same in upper case, Z the same with its hyphens
// escaped (\u002d), P its first eight digits (a short id after its UUID),
// S a short id under an id's key (digits alone, or read as a number,
// too), H and X 32 hex digits, T t Q O RFC 3339 times (any case, comma or
// dot fractions of any digits, offsets), W an HTTP date (every weekday),
// C a cookie's, D date(1)'s, K compact ISO, E a URL-encoded time, B a
// session id in base32, R a request id in any alphabet.
var remintAnswers = []string{
	// khive: a list envelope, short ids beside full ones.
	`{"ok": true, "tool": "list", "result": {"items": [` +
		`{"id": "@S0", "full_id": "@U0", "kind": "task", "title": "Draft ADR", "status": "next", "created_at": "@T0", "updated_at": "@Q1", "dependencies": ["@U1"], "note": "after @P1, see req_@U1 at @t2", "log": "@U0_log.txt"},` +
		`{"id": "@S1", "full_id": "@U1", "kind": "task", "title": "Wire recall", "status": "active", "created_at": "@T3", "updated_at": "@Q4", "dependencies": [], "note": "blocked by @P0 since @O5", "log": "@V1_log.txt"},` +
		`{"id": "@S2", "full_id": "@U2", "kind": "task", "title": "Close out", "status": "done", "created_at": "@T6", "updated_at": "@Q7", "dependencies": ["@Z0", "@U1"], "note": "session @H0", "log": "%2F@U2"}` +
		`], "has_more": true, "next_cursor": {"id": "@U2", "after": "@T6"}}}`,
	// An MCP tool result whose text blocks hold a tool's log and JSON.
	`{"jsonrpc": "2.0", "id": 7, "result": {"content": [` +
		`{"type": "text", "text": "@T0 INFO start @U0\n@O1 - root - INFO - task @P0 ready\n\t@K2 done, request @X0\nnext: since=@E3"},` +
		`{"type": "text", "text": "{\"id\": \"@S0\", \"entity\": \"@U0\", \"at\": \"@T4\", \"logs\": \"@T5 ok\\n@W0 retry\"}"}],` +
		`"structuredContent": {"id": "@S0", "entity": "@U0", "at": "@T4", "logs": "@T5 ok\n@W0 retry"}, "isError": false}}`,
	// curl -i of a Streamable HTTP reply.
	"HTTP/1.1 200 OK\r\nDate: @W0\r\nMcp-Session-Id: @B0\r\nX-Request-Id: @R0\r\nSet-Cookie: sid=@H0; expires=@C0; path=/\r\nContent-Type: application/json\r\n\r\n" +
		`{"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": "built at @D0 as @U0"}], "isError": false}}`,
	// Server-Sent Events: an endpoint with its session, a log, a reply.
	"event: endpoint\ndata: /message?sessionid=@B0\n\n" +
		"event: message\nid: @U3\ndata: {\"jsonrpc\": \"2.0\", \"method\": \"notifications/message\", \"params\": {\"level\": \"info\", \"data\": \"started at @T0 for @U0\"}}\n\n" +
		"event: message\nid: @U4\ndata: {\"jsonrpc\": \"2.0\", \"id\": 1, \"result\": {\"content\": [{\"type\": \"text\", \"text\": \"ok @U1 %2F@U1 since=@E1, expires=@C1\"}], \"structuredContent\": {\"id\": \"@S1\", \"at\": \"@K2\"}}}\n\n",
}

var placeholder = regexp.MustCompile(`@([A-Za-z])(\d+)`)

// mint fills an answer's placeholders with values made anew.
func mint(r *rand.Rand, tmpl string) string {
	uuids := map[string]string{}
	uuid := func(n string) string {
		if u, ok := uuids[n]; ok {
			return u
		}
		u := fmt.Sprintf("%08x-%04x-4%03x-a%03x-%012x", r.Uint32(), r.IntN(1<<16), r.IntN(1<<12), r.IntN(1<<12), r.Uint64()&(1<<48-1))
		uuids[n] = u
		return u
	}
	hex := func(n int) string {
		const digits = "0123456789abcdef"
		b := make([]byte, n)
		for i := range b {
			b[i] = digits[r.IntN(16)]
		}
		return string(b)
	}
	at := func() time.Time {
		return time.Date(2020+r.IntN(10), time.Month(1+r.IntN(12)), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60), r.IntN(1e9), time.UTC)
	}
	// A fraction of one to six digits: a server may trim its zeros.
	fraction := func() string { return fmt.Sprint(r.IntN([]int{10, 1000, 1000000}[r.IntN(3)])) }
	return placeholder.ReplaceAllStringFunc(tmpl, func(p string) string {
		m := placeholder.FindStringSubmatch(p)
		form, n := m[1], m[2]
		switch form {
		case "U":
			return uuid(n)
		case "V":
			return strings.ToUpper(uuid(n))
		case "Z":
			return strings.ReplaceAll(uuid(n), "-", `\u002d`)
		case "P":
			return uuid(n)[:8]
		case "S":
			switch r.IntN(4) {
			case 0:
				return fmt.Sprintf("%08d", r.IntN(1e8))
			case 1:
				return fmt.Sprintf("%03de%04d", r.IntN(1000), r.IntN(10000))
			}
			return hex(8)
		case "H":
			return hex(32)
		case "X":
			return strings.ToUpper(hex(32))
		case "T":
			return at().Format("2006-01-02T15:04:05.") + fraction() + "Z"
		case "t":
			return strings.ToLower(at().Format("2006-01-02T15:04:05Z"))
		case "Q":
			return at().Format("2006-01-02T15:04:05") + "," + fraction() + []string{"+01:00", "-0500", "Z"}[r.IntN(3)]
		case "O":
			return at().Format("2006-01-02 15:04:05") + "," + fraction()
		case "W":
			return at().Format(time.RFC1123)
		case "C":
			return at().Format("Mon, 02-Jan-2006 15:04:05 MST")
		case "D":
			return at().Format(time.UnixDate)
		case "K":
			return at().Format("20060102T150405Z")
		case "E":
			return strings.ReplaceAll(at().Format(time.RFC3339), ":", "%3A")
		case "B":
			const b32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
			b := make([]byte, 26)
			for i := range b {
				b[i] = b32[r.IntN(32)]
			}
			return string(b)
		case "R":
			const any = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
			b := make([]byte, 4+r.IntN(20))
			for i := range b {
				b[i] = any[r.IntN(len(any))]
			}
			return string(b)
		}
		panic("no form " + form)
	})
}

// runAll renders in with o and says what it wrote, and its error.
func runAll(in string, o Output, red *redact.Redactor) string {
	var out strings.Builder
	opt := Options{Output: o, Width: 100, Now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC), Redact: red}
	_, err := NewRenderer(&out, opt).Stream(strings.NewReader(in), "t")
	if err != nil {
		out.WriteString("\nerror: " + err.Error())
	}
	return out.String()
}

// Two runs of a server that differ only in what it minted give the same
// bytes under --redact, in all seven outputs, every time.
func TestRedactedSnapshotsNeverDiffer(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(41, 28))
	outputs := []Output{Plain, Human, Markdown, JSON, Agent, TSV, CSV}
	for i := 0; i < short(150, 30); i++ {
		tmpl := remintAnswers[i%len(remintAnswers)]
		a, b := mint(r, tmpl), mint(r, tmpl)
		for _, o := range outputs {
			x, y := runAll(a, o, redact.New(nil)), runAll(b, o, redact.New(nil))
			if x != y {
				t.Fatalf("answer %d, output %d: two runs differ\n%s\nfirst input:\n%s\nsecond:\n%s", i%len(remintAnswers), o, firstDiff(x, y), a, b)
			}
		}
	}
}

// What is not minted is the same with --redact as without, in every
// output: hashes, versions, colours, words, dates, numbers.
func TestRedactKeepsWhatIsNotMinted(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(41, 29))
	hex := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "0123456789abcdef"[r.IntN(16)]
		}
		return string(b)
	}
	for i := 0; i < short(150, 30); i++ {
		doc := fmt.Sprintf(`{"ok": true, "tool": "list", "result": {"items": [{"id": "task-%d", "sha": "%s", "commit": "%s", "version": "1.%d.0-rc.1+build.%s",`+
			` "color": "#%s", "path": "src/%s/x.go", "md5": "%s", "checksum": "%s", "count": %d, "due": "2026-%02d-%02d", "title": "fix %s in %s",`+
			` "text": "line one\nline %d of %d: %s"}]}}`,
			r.IntN(100), hex(8), hex(40), r.IntN(9), hex(8), hex(8), hex(8), hex(32), strings.ToUpper(hex(32)), r.IntN(1e9), 1+r.IntN(12), 1+r.IntN(28),
			hex(8), hex(40), r.IntN(50), r.IntN(50), hex(8))
		for _, o := range []Output{Plain, Human, Markdown, JSON, Agent, TSV, CSV} {
			if x, y := runAll(doc, o, nil), runAll(doc, o, redact.New(nil)); x != y {
				t.Fatalf("output %d: --redact changed what is not minted\n%s\ninput: %s", o, firstDiff(x, y), doc)
			}
		}
	}
}

// An SSE event whose JSON is split over data lines at a key named by
// --redact-key is shown, its value replaced (it exited 2, showing
// nothing, when the replacement ran into the next line's field).
func TestRedactKeySplitOverSSEDataLines(t *testing.T) {
	in := "event: message\ndata: {\"jsonrpc\": \"2.0\", \"id\": 1, \"result\": {\"token\":\ndata: \"SECRET\", \"n\": 1}}\n\n"
	for _, o := range []Output{Plain, Human, JSON, Agent} {
		out := runAll(in, o, redact.New([]string{"token"}))
		if strings.Contains(out, "error:") || strings.Contains(out, "SECRET") || !strings.Contains(out, "<token>") {
			t.Errorf("output %d:\n%s", o, out)
		}
	}
}
