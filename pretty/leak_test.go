package pretty

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"
)

// A long-running program that renders many inputs keeps no goroutine
// behind: the decoder reads a document in a coroutine, which every way out
// of a render stops (an event stream's frames, an input broken inside a
// long list, output that failed).
func TestRenderLeavesNoGoroutine(t *testing.T) {
	long := `{"items": [` + strings.Repeat(`{"id": "a", "n": 1},`, 1500)
	inputs := map[string]string{
		"event stream":         "event: message\ndata: {\"a\":1}\n\nevent: message\ndata: {\"b\":2}\n\n",
		"broken in a list":     long,
		"whole":                long + `{"id": "z"}], "has_more": false}`,
		"stream broken inside": "event: message\ndata: {\"a\":1}\n\ndata: " + long + "\n\n",
	}
	settle := func() int {
		runtime.GC()
		time.Sleep(20 * time.Millisecond)
		return runtime.NumGoroutine()
	}
	before := settle()
	runs := 20 // a goroutine left by each would be 20 more
	if testing.Short() {
		runs = 5
	}
	for name, in := range inputs {
		for _, f := range []Format{Plain, Human, Markdown, Agent} {
			for range runs {
				Render(io.Discard, strings.NewReader(in), Options{Format: f})
			}
			if after := settle(); after > before+2 {
				t.Fatalf("%s, format %v: goroutines %d, were %d", name, f, after, before)
			}
		}
	}
}

// failingWriter fails once it has taken n bytes.
type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.n -= len(p); w.n < 0 {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

// A write that fails in the middle of a long list read ahead on another
// goroutine stops that goroutine too: agent output left it blocked for
// good, holding the decoder and the rows it had read.
func TestFailedWriteLeavesNoGoroutine(t *testing.T) {
	long := `{"items": [` + strings.Repeat(`{"id": "a", "n": 1, "title": "a row of a long list"},`, 5000) + `{"id": "z"}], "has_more": false}`
	settle := func() int {
		runtime.GC()
		time.Sleep(20 * time.Millisecond)
		return runtime.NumGoroutine()
	}
	before := settle()
	for _, f := range []Format{Plain, Human, Markdown, Agent} {
		for range 5 {
			if _, err := Render(&failingWriter{n: 20 << 10}, strings.NewReader(long), Options{Format: f, ReadAhead: true}); err == nil {
				t.Fatalf("format %v: no error from a writer that failed", f)
			}
		}
		if after := settle(); after > before+2 {
			t.Fatalf("format %v: goroutines %d, were %d", f, after, before)
		}
	}
}
