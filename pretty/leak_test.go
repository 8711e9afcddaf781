package pretty

import (
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
