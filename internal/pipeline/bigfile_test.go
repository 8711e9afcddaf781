package pipeline

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"testing"
	"time"
)

// BenchmarkBigFile renders the file named by $KHIVE_PRETTY_BENCH_FILE (made
// by internal/benchdata), for profiling the large-input path:
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
// 100,000 MCP replies). Memory held, not time.
func TestStreamHoldsNoPastDocument(t *testing.T) {
	var b bytes.Buffer
	for i := range 20000 {
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
		t.Errorf("%d MiB live after 20,000 documents (%d MB of input), want at most 4", ms.HeapAlloc>>20, len(data)>>20)
	}
}
