package pipeline

import (
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"testing"
	"time"
)

type heapAt struct {
	r    io.Reader
	n    int
	at   int
	done bool
	path string
}

func (h *heapAt) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	h.n += n
	if !h.done && h.n >= h.at {
		h.done = true
		runtime.GC()
		f, _ := os.Create(h.path)
		pprof.WriteHeapProfile(f)
		f.Close()
	}
	return n, err
}

func TestZZHeapAt(t *testing.T) {
	file := os.Getenv("ZZ_FILE")
	if file == "" {
		t.Skip()
	}
	f, _ := os.Open(file)
	defer f.Close()
	out := map[string]Output{"human": Human, "markdown": Markdown, "agent": Agent}[os.Getenv("ZZ_OUT")]
	opt := Options{Output: out, Width: 120, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC), ReadAhead: true}
	h := &heapAt{r: f, at: 20 << 20, path: "/tmp/zzheap.prof"}
	NewRenderer(io.Discard, opt).Stream(h, "t")
}
