package pipeline

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/khive-ai/khive-pretty/internal/spill"
)

// liveReader reads r, and every every bytes collects garbage and notes the
// heap still in use: the most a rendering held at once while it read.
type liveReader struct {
	r           io.Reader
	every, read int
	peak        uint64
}

func (l *liveReader) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	l.read += n
	if l.read >= l.every {
		l.read = 0
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		l.peak = max(l.peak, ms.HeapAlloc)
	}
	return n, err
}

// peakLive renders doc and returns the most heap it held at once, as
// sampled while it read (every 256 KiB), and its output.
func peakLive(t *testing.T, doc string, opt Options) (uint64, string, Result) {
	t.Helper()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	var out strings.Builder
	in := &liveReader{r: strings.NewReader(doc), every: 256 << 10}
	res, err := NewRenderer(&out, opt).Stream(in, "t")
	if err != nil {
		t.Fatal(err)
	}
	if in.peak < base {
		return 0, out.String(), res
	}
	return in.peak - base, out.String(), res
}

// A request whose first op's list is long is written as it is read in
// plain output: the op's section is held back (past spill.Bound, in a
// temporary file) until the ops are counted, as each is headed "op #N of
// M". The output is the held one's, ops after it, a failed one included,
// and the temporary file is gone after.
func TestRequestOpsHeldBackInPlain(t *testing.T) {
	t.Parallel() // large inputs: alongside the others, on a second core
	failedOp := `{"ok": false, "tool": "get", "error": {"kind": "not_found", "message": "no entity 1234"}}`
	for _, tc := range []struct {
		name   string
		doc    string
		failed bool
	}{
		{"one op", requestEnvelope(1500, false, ""), false},
		{"tool after result", requestEnvelope(1500, true, ""), false},
		{"a failed op after", requestEnvelope(1500, true, failedOp), true},
		{"an op after", requestEnvelope(1500, false, `{"ok": true, "tool": "count", "result": 3}`), false},
	} {
		dir := t.TempDir()
		opt := Options{Output: Plain, TempDir: dir}
		var out strings.Builder
		rn := NewRenderer(&out, opt)
		res, err := rn.Stream(strings.NewReader(tc.doc), "t")
		if err != nil {
			t.Fatal(err)
		}
		if rn.longLists != 1 {
			t.Errorf("%s: %d lists streamed, want 1", tc.name, rn.longLists)
		}
		if held := heldString(t, tc.doc, opt); out.String() != held {
			t.Errorf("%s: output differs from held output\n%s", tc.name, firstDiff(out.String(), held))
		}
		if res.Failed != tc.failed {
			t.Errorf("%s: failed %v", tc.name, res.Failed)
		}
		if left, _ := os.ReadDir(dir); len(left) > 0 {
			t.Errorf("%s: %d temporary files left", tc.name, len(left))
		}
	}
}

// What plain output holds at once of a request's long op is a few MiB
// however long its list (73 MiB for 15 MiB of input when the list was
// held). Not parallel: the heap measured is the process's.
func TestRequestOpsHeldBackInConstantMemory(t *testing.T) {
	doc := requestEnvelope(short(40000, 15000), false, "")
	peak, _, _ := peakLive(t, doc, Options{Output: Plain})
	if peak > 8<<20 {
		t.Errorf("%d MiB held at once for %d MiB of input, want at most 8", peak>>20, len(doc)>>20)
	}
}

// A temporary file that cannot be made is an error of the output's,
// reported (the output is not cut short silently), and no input's.
func TestTempFileErrorIsReported(t *testing.T) {
	doc := requestEnvelope(short(15000, 8000), false, "")
	opt := Options{Output: Plain, TempDir: filepath.Join(t.TempDir(), "missing")}
	_, err := NewRenderer(io.Discard, opt).Stream(strings.NewReader(doc), "t")
	var se *spill.Error
	var ie *InputError
	if !errors.As(err, &se) || errors.As(err, &ie) {
		t.Fatalf("error %v, want a temporary file's", err)
	}
}
