package pipeline

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/render/plain"
)

// Plain output of every real server's capture (and wrapped sample) keeps every value: each
// string (a line at a time where it has several) and each number, as
// written, inside the JSON a text block holds too. Only JSON-RPC's own
// "jsonrpc" and filler (recognise.IsFiller) are framing, not content.
func TestPlainKeepsEveryValueOfEveryCapture(t *testing.T) {
	t.Parallel()
	var files []string
	for _, pat := range []string{"*.json", "*.ndjson", "*.txt", "*.sse", "*.http"} {
		m, _ := filepath.Glob(filepath.Join("../../testdata/mcp", pat))
		files = append(files, m...)
	}
	// The samples of wrapped replies beside them, in every framing.
	for _, pat := range []string{"mcp_*.json", "jsonrpc_*", "*.sse", "*.http", "graphiti/*_reply.json"} {
		m, _ := filepath.Glob(filepath.Join("../../testdata", pat))
		files = append(files, m...)
	}
	if len(files) < 100 {
		t.Fatalf("only %d captures", len(files))
	}
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		NewRenderer(&out, Options{Output: Plain}).Stream(bytes.NewReader(data), f) // an input error ends it as the command does
		got := out.String()
		missing := 0
		for _, doc := range captureDocs(t, data) {
			captureLeaves("", doc, false, func(key, want string) {
				checked++
				if !strings.Contains(got, want) && missing < 3 {
					missing++
					t.Errorf("%s: value %q of %q is missing from plain output", filepath.Base(f), want, key)
				}
			})
		}
	}
	if checked < 3000 {
		t.Errorf("only %d values checked: the captures were not read", checked)
	}
}

// captureDocs is the JSON documents of a capture: its body after a
// `curl -i` head, the data of its events, or its documents between log
// lines.
func captureDocs(t *testing.T, data []byte) []Value {
	t.Helper()
	if bytes.HasPrefix(data, []byte("HTTP/")) {
		// The body follows the last head (a 100 Continue has one before).
		for bytes.HasPrefix(data, []byte("HTTP/")) {
			_, rest, ok := bytes.Cut(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\n\n"))
			if !ok {
				return nil
			}
			data = rest
		}
	}
	var texts [][]byte
	if bytes.HasPrefix(data, []byte("event:")) || bytes.HasPrefix(data, []byte("data:")) || bytes.HasPrefix(data, []byte("id:")) || bytes.HasPrefix(data, []byte(":")) {
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<24)
		var frame []byte
		for sc.Scan() {
			line := sc.Text()
			if d, ok := strings.CutPrefix(line, "data:"); ok {
				frame = append(frame, strings.TrimPrefix(d, " ")+"\n"...)
			} else if line == "" && frame != nil {
				texts, frame = append(texts, frame), nil
			}
		}
		if frame != nil {
			texts = append(texts, frame)
		}
	} else {
		texts = [][]byte{data}
	}
	var docs []Value
	for _, text := range texts {
		dec := NewDecoder(bytes.NewReader(text), "capture")
		dec.Interlude = func(int, string) error { return nil }
		for {
			v, err := dec.Next()
			if err != nil {
				break
			}
			docs = append(docs, v)
		}
	}
	return docs
}

// framing is a member of MCP's own framing that a view says by its form:
// a content block's type, a notification's method.
func framing(key string, v Value) bool {
	switch {
	case key == "type" && v.Kind == String:
		switch v.Text {
		case "text", "image", "audio", "resource", "resource_link":
			return true
		}
	case key == "method" && v.Kind == String:
		switch v.Text {
		case "notifications/message", "notifications/progress":
			return true
		}
	}
	return false
}

// captureLeaves calls fn with each value plain output must show, as it
// writes it: eachLeaf's, but for JSON-RPC's framing, and inside the JSON
// a text block holds.
func captureLeaves(key string, v Value, inProps bool, fn func(key, want string)) {
	eachLeaf(key, v, inProps, func(key string, v Value) {
		if key == "jsonrpc" || framing(key, v) {
			return
		}
		if v.Kind == Number {
			fn(key, plain.Scalar(v))
			return
		}
		if t := strings.TrimSpace(v.Text); strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
			if inner, err := NewDecoder(strings.NewReader(t), "text").Next(); err == nil {
				captureLeaves(key, inner, false, fn)
				return
			}
		}
		for _, line := range strings.Split(v.Text, "\n") {
			if strings.TrimSpace(line) != "" {
				fn(key, strings.TrimSpace(plain.Text(line)))
			}
		}
	})
}
