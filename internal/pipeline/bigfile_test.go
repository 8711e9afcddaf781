package pipeline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"

	"github.com/khive-ai/khive-pretty/internal/render/plain"
)

// BenchmarkBigFile renders the file named by $KHIVE_PRETTY_BENCH_FILE (made
// by bench/benchdata), for profiling the large-input path:
//
//	KHIVE_PRETTY_BENCH_FILE=big.json go test -bench BigFile -cpuprofile cpu.prof ./pipeline
func BenchmarkBigFile(b *testing.B) {
	path := os.Getenv("KHIVE_PRETTY_BENCH_FILE")
	if path == "" {
		b.Skip("KHIVE_PRETTY_BENCH_FILE is not set")
	}
	for _, tc := range []struct {
		name string
		opt  Options
	}{
		{"plain", Options{Output: Plain}},
		{"human", Options{Output: Human, Width: 120, Color: 4, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}},
		// as the command runs on more than one core
		{"human-ahead", Options{Output: Human, Width: 120, Color: 4, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC), ReadAhead: true}},
		{"markdown", Options{Output: Markdown}},
		{"json", Options{Output: JSON}},
		{"agent", Options{Output: Agent, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			st, err := os.Stat(path)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(st.Size())
			b.ReportAllocs()
			for b.Loop() {
				f, err := os.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := NewRenderer(io.Discard, tc.opt).Stream(f, path); err != nil {
					b.Fatal(err)
				}
				f.Close()
			}
		})
	}
}

// A stream of small documents keeps none of them once shown: 20,000 MCP
// replies leave the Renderer and its decoders holding a heap of a
// few hundred kilobytes, not one growing with the stream (values cut from
// a shared slab once kept every document before them alive: 290 MB on
// 100,000 MCP replies). Memory held, not time; in a process of its own
// (alone), as what other tests left alive is in the heap measured (it
// failed once in fifteen runs beside them).
func TestStreamHoldsNoPastDocument(t *testing.T) {
	if alone(t) {
		return
	}
	var b bytes.Buffer
	n := short(20000, 6000) // kept, 6,000 would be 17 MB
	for i := range n {
		// nested objects and arrays, which finish before what holds them
		fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"done"}],"structuredContent":{"rows":[{"id":%d,"meta":{"a":[1,2],"b":{"c":"d"}}},{"id":2,"meta":{"a":[3],"b":{"c":"e"}}}]}}}`+"\n", i, i)
	}
	data := b.Bytes()
	rn := NewRenderer(io.Discard, Options{Output: Plain})
	if _, err := rn.Stream(bytes.NewReader(data), "t"); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	runtime.KeepAlive(rn)
	if ms.HeapAlloc > 4<<20 {
		t.Errorf("%d MiB live after %d documents (%d MB of input), want at most 4", ms.HeapAlloc>>20, n, len(data)>>20)
	}
}

// A long string is held once, and no output holds it again: a document
// with a 20 MB text (the filesystem server's content, a member of a
// record, an MCP text block of prose) allocates at most twice the text
// (what the decoder needs to hold it: input's
// TestLongStringCostsTwiceItsText) and 8 MiB more in every output. Plain
// output escaped the text whole before writing it, human and Markdown
// output split it into lines for the filesystem server's forms and made
// prose a line view of every line, agent output quoted it whole (growing
// the quote as it went), and the decoder took 6 × the text: 8 × in all,
// 14 × in agent output. (Allocation, not time.)
func TestLongStringIsHeldOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("short: a measure of memory over a large string")
	}
	if alone(t) {
		return
	}
	const n = 12 << 20 // a third copy (36 MiB) is past the limit (32 MiB)
	line := "1. a line — naïve \"quoted\" \\ path\tend 😀\n"
	text := strings.Repeat(line, n/len(line)+1)[:n]
	q, _ := json.Marshal(text)
	now := time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)
	outputs := map[string]Options{
		"plain":    {Output: Plain},
		"human":    {Output: Human, Width: 120, Color: colorprofile.ANSI256, Now: now},
		"markdown": {Output: Markdown, Now: now},
		"json":     {Output: JSON, Color: colorprofile.ANSI256},
		"agent":    {Output: Agent, Now: now},
	}
	for name, doc := range map[string]string{
		"content": `{"content": ` + string(q) + `}`,
		"record":  `{"ok": true, "result": {"id": 1, "body": ` + string(q) + `, "tags": ["a"]}}`,
		"prose":   `{"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": ` + string(q) + `}]}}`,
	} {
		for oname, opt := range outputs {
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			if _, err := NewRenderer(io.Discard, opt).Stream(strings.NewReader(doc), "t"); err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			if alloc, limit := after.TotalAlloc-before.TotalAlloc, uint64(2*n+8<<20); alloc > limit {
				t.Errorf("%s, %s: %d MiB allocated for a %d MiB string, want at most %d", name, oname, alloc>>20, n>>20, limit>>20)
			}
			if name == "content" && oname == "plain" && renderString(t, doc, opt) != "content: "+plain.Text(text)+"\n" {
				t.Errorf("content, plain: not the text, escaped, after its key")
			}
		}
	}
}
