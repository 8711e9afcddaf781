package pipeline

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/colorprofile"

	"github.com/khive-ai/khive-pretty/internal/sanitize"
)

// sgr is the only kind of escape sequence output may hold: the theme's
// colours, in human output with colour on.
var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// FuzzPipeline feeds arbitrary bytes through the whole pipeline (framing,
// decoding, unwrapping, every renderer and output format) and checks what
// must hold for any
// input: no panic, nothing from the input reaches the terminal as a control
// character or escape sequence, plain output is the same on every run, and
// output ends with a newline.
func FuzzPipeline(f *testing.F) {
	pats := []string{"../../testdata/*.json", "../../testdata/*.ndjson", "../../testdata/*.sse", "../../testdata/*.http", "../../testdata/mcp/*.json", "../../testdata/mcp/*.sse", "../../../shared/corpus/*"}
	if testing.Short() {
		pats = pats[:4] // the loop while working: the captures only in the full run
	}
	for _, pat := range pats {
		files, _ := filepath.Glob(pat)
		for _, file := range files {
			if data, err := os.ReadFile(file); err == nil && len(data) < 1<<20 {
				f.Add(data)
			}
		}
	}
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	opts := []Options{
		{Output: Plain},
		{Output: Human, Width: 60, Now: now},
		{Output: Human, Width: 100, Now: now, Color: colorprofile.ANSI, ASCII: true},
		{Output: Human, Verbose: true, Now: now, Color: colorprofile.ANSI},
		{Output: Markdown},
		{Output: Markdown, Verbose: true},
		{Output: JSON, Color: colorprofile.ANSI},
		{Output: Agent},
	}
	// Hostile seeds: raw C1 bytes and invalid UTF-8 in a curl -i head, an
	// SSE event name and a long streamed list; invisible and direction
	// characters; tag characters that smuggle text to LLMs.
	f.Add([]byte("HTTP/1.1 200 OK\x9b31m\r\nX-Evil: a\xff\x9b2J\u202e\r\n\r\n{\"ok\": true}"))
	f.Add([]byte("event: up\x9bdate\u2066\ndata: not json\n\nevent: message\ndata: {\"a\": \"\u061c\u200e\u200f\"}\n\n"))
	// Files, a diff, a listing, a tree, a multi-file read and a resource
	// that hide escapes and wide characters in their lines, tabs and names.
	f.Add([]byte(`{"content": "a\u001b[2J\tb\u202e\tc\n\t漢字\u0007\td\n"}`))
	f.Add([]byte(`{"content": "` + "```" + `diff\n--- a\t\u009b\n+++ b\n@@ -1 +1 @@\n-\u001b]0;x\u0007\n+\t\u202e\n` + "```" + `\n"}`))
	f.Add([]byte(`{"content": "[DIR] \u001b[31md\n[FILE] \u202eevil\tname"}`))
	f.Add([]byte(`{"content": "[{\"name\": \"\\u001b[2J\", \"type\": \"directory\", \"children\": [{\"name\": \"a\\tb\", \"type\": \"file\"}]}]"}`))
	f.Add([]byte(`{"content": "/x\u009b/a.txt:\nbody\u0007\n\n---\n/y/b: Error - \u001b[2Jgone"}`))
	f.Add([]byte(`{"contents": [{"uri": "x\u202e", "mimeType": "text/plain", "blob": "G1sySgl4"}]}`))
	f.Add([]byte(`{"k\u200bey": "zero\u2060width \ufeff ` + "\U000e0041\U000e0042" + ` 🏴` + "\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f" + ` 👨‍👩‍👧 ❤️"}`))
	var long bytes.Buffer
	long.WriteString(`[`)
	for i := 0; i < 1100; i++ {
		if i > 0 {
			long.WriteString(",")
		}
		long.WriteString(`{"id": "r` + strconv.Itoa(i) + "\", \"t\": \"a\x9b\xff\u202eb\"}")
	}
	long.WriteString(`]`)
	f.Add(long.Bytes())
	// The other shapes that stream: a long text block holding JSON (taken
	// over by the decoder), a large object, a graph's entries, a long
	// string in -o json.
	f.Add([]byte(`{"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": ` + quote(textItems(1200), false) + `}], "isError": true}}`))
	f.Add([]byte(largeObject(1100, true, `, "ok": false`)))
	f.Add([]byte(`{"nodes": ` + graphNodes(1100) + `}`))
	f.Add([]byte(`{"a": "` + strings.Repeat("1️⃣‍", 20000) + `"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var first []byte
		for i, opt := range opts {
			var out, log bytes.Buffer
			opt.Log = &log
			_, err := NewRenderer(&out, opt).Stream(bytes.NewReader(data), "fuzz\x1b\u202e.json")
			got := out.Bytes()
			if i == 0 {
				first = append([]byte(nil), got...)
				var again bytes.Buffer
				NewRenderer(&again, opt).Stream(bytes.NewReader(data), "fuzz")
				if !bytes.Equal(got, again.Bytes()) {
					t.Fatalf("plain output differs between two runs")
				}
			}
			if (i == 1 || i == 4) && !testing.Short() {
				// Read ahead (on two cores), the same bytes and error; in
				// the full run (the quick one reads ahead elsewhere).
				ahead := opt
				ahead.ReadAhead, ahead.Log = true, io.Discard
				var aout bytes.Buffer
				_, aerr := NewRenderer(&aout, ahead).Stream(bytes.NewReader(data), "fuzz\x1b\u202e.json")
				if !bytes.Equal(aout.Bytes(), got) || fmt.Sprint(aerr) != fmt.Sprint(err) {
					t.Fatalf("output %d read ahead differs:\n%q %v\nserially:\n%q %v", i, aout.Bytes(), aerr, got, err)
				}
			}
			checkSafe(t, "output "+strconv.Itoa(i), got, opt.Color >= colorprofile.ANSI)
			// stderr is a terminal too: the error and the notes.
			if err != nil {
				checkSafe(t, "error", []byte(err.Error()), false)
			}
			checkSafe(t, "log", log.Bytes(), false)
			if len(got) > 0 && got[len(got)-1] != '\n' {
				t.Fatalf("output %d does not end with a newline: %q", i, got[max(0, len(got)-40):])
			}
		}
		_ = first
	})
}

// checkSafe fails if b, as raw bytes, holds invalid UTF-8 or anything
// sanitize would escape (a control character, an escape sequence other
// than the theme's colours, a bidi, invisible or tag character): nothing
// from the input may reach a terminal raw. Tabs are plain output's column
// separators.
func checkSafe(t *testing.T, what string, b []byte, colour bool) {
	t.Helper()
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			t.Fatalf("%s holds the invalid byte %#x at %d:\n%q", what, b[i], i, b)
		}
		i += n
	}
	text := string(b)
	if colour {
		text = sgr.ReplaceAllString(text, "")
	}
	for _, line := range strings.Split(text, "\n") {
		line = strings.ReplaceAll(line, "\t", " ")
		if safe := sanitize.String(line, 0); safe != line {
			t.Fatalf("%s holds what sanitize escapes:\n%q\nescaped: %q", what, line, safe)
		}
	}
}
