package pipeline

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// renderAll renders data in opt, and says what came of it: the output,
// the result and the error.
func renderAll(data []byte, opt Options) (string, Result, string) {
	var out bytes.Buffer
	res, err := NewRenderer(&out, opt).Stream(bytes.NewReader(data), "in")
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	return out.String(), res, msg
}

// Reading ahead changes when a document is read, not what is shown: every
// sample, alone and all of them in one stream (with log lines between
// documents, and a bad document at the end), in every output, is written
// the same, with the same result and the same error, as read serially.
func TestReadAheadShowsWhatSerialReadingShows(t *testing.T) {
	t.Parallel()
	var files []string
	for _, pat := range []string{"../../testdata/*.json", "../../testdata/*.ndjson", "../../testdata/*.sse", "../../testdata/*.http", "../../testdata/mcp/*", "../../testdata/khive/*.json", "../../testdata/graphiti/*.json"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	var all, events bytes.Buffer
	inputs := map[string][]byte{}
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs[filepath.Base(f)] = data
		if strings.HasSuffix(f, ".sse") || strings.HasSuffix(f, ".http") {
			continue
		}
		all.Write(bytes.TrimSpace(data))
		all.WriteByte('\n')
		if i%7 == 0 {
			all.WriteString("server: a log line between documents\n")
			events.WriteString("event: endpoint\ndata: /messages?session=1\n\n")
		}
		// The sample as one event's data, a line a data field.
		for _, l := range strings.Split(string(bytes.TrimSpace(data)), "\n") {
			events.WriteString("data: " + l + "\n")
		}
		events.WriteString("\n")
	}
	inputs["all"] = all.Bytes()
	inputs["all, then a bad document"] = append(append([]byte(nil), all.Bytes()...), `{"ok": tru}`...)
	inputs["all as events"] = events.Bytes()
	inputs["all as events, then a bad one"] = append(append([]byte(nil), events.Bytes()...), "data: {\"ok\": tru}\n\n"...)
	outputs := map[string]Options{
		"plain":    {Output: Plain},
		"human":    {Output: Human, Width: 100, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)},
		"markdown": {Output: Markdown},
		"json":     {Output: JSON},
		"agent":    {Output: Agent, Now: time.Date(2026, 5, 23, 16, 20, 0, 0, time.UTC)},
		"tsv":      {Output: TSV},
	}
	for name, data := range inputs {
		for oname, opt := range outputs {
			if testing.Short() && (!strings.HasPrefix(name, "all") || oname != "human") {
				continue
			}
			serial, sres, serr := renderAll(data, opt)
			opt.ReadAhead = true
			ahead, ares, aerr := renderAll(data, opt)
			if ahead != serial || !reflect.DeepEqual(ares, sres) || aerr != serr {
				t.Errorf("%s, %s: read ahead differs\n%.300s\n%+v %q\nserially\n%.300s\n%+v %q", name, oname, ahead, ares, aerr, serial, sres, serr)
			}
		}
	}
}

// blockingReader gives its data, then blocks until released.
type blockingReader struct {
	data    *strings.Reader
	release chan struct{}
}

func (b *blockingReader) Read(p []byte) (int, error) {
	if b.data.Len() > 0 {
		return b.data.Read(p)
	}
	<-b.release
	return 0, io.EOF
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("gone") }

// Output that fails ends the stream at once, though the goroutine reading
// ahead waits for input that has not come: it is left to end when its
// read returns.
func TestReadAheadEndsOnAWriteErrorWhileInputWaits(t *testing.T) {
	for _, o := range []Output{Human, Plain} { // read ahead, and not (plain output diverts)
		// One document: shown, then flushed (and failed) before the
		// second is waited for.
		r := &blockingReader{data: strings.NewReader(`{"ok": true, "tool": "t", "result": 1}` + "\n"), release: make(chan struct{})}
		done := make(chan error, 1)
		go func() {
			_, err := NewRenderer(failWriter{}, Options{Output: o, ReadAhead: true}).Stream(r, "in")
			done <- err
		}()
		select {
		case err := <-done:
			var we *WriteError
			if !errors.As(err, &we) {
				t.Errorf("output %d: error %v, want a write error", o, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("output %d: the stream did not end on a write error while its input waited", o)
		}
		close(r.release)
	}
}

// slowReader gives one document a read, and after the first n waits
// until released: a stream whose writer has paused.
type slowReader struct {
	docs    []string
	n       int
	release chan struct{}
}

func (s *slowReader) Read(p []byte) (int, error) {
	if len(s.docs) == 0 {
		return 0, io.EOF
	}
	if s.n == 0 {
		<-s.release
	}
	s.n--
	d := s.docs[0]
	s.docs = s.docs[1:]
	return copy(p, d), nil
}

// Read ahead, every document read is shown while the input waits for
// more, however many came in a row before the wait (they are handed over
// in batches when the input comes fast).
func TestReadAheadShowsWhatWasReadBeforeTheInputWaits(t *testing.T) {
	var docs []string
	for i := range 40 {
		docs = append(docs, `{"ok": true, "tool": "t`+itoa(i)+`", "result": 1}`+"\n")
	}
	r := &slowReader{docs: docs, n: 37, release: make(chan struct{})}
	out := make(chanWriter, 64)
	done := make(chan error, 1)
	go func() {
		_, err := NewRenderer(out, Options{Output: Markdown, ReadAhead: true}).Stream(r, "in")
		done <- err
	}()
	shownBefore(t, out, "t36", "the 37 documents read before the input waited were not all shown")
	close(r.release)
	for {
		select {
		case <-out:
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			return
		}
	}
}
