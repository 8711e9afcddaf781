package pretty

import (
	"io"
	"strings"
	"testing"
	"time"
)

type chanWriter chan string

func (c chanWriter) Write(p []byte) (int, error) {
	c <- string(p)
	return len(p), nil
}

// A document is shown as soon as it is complete: the first one reaches the
// output while the writer of the stream has not sent the second.
func TestStreamRendersEachDocumentWhenComplete(t *testing.T) {
	pr, pw := io.Pipe()
	out := make(chanWriter, 16)
	done := make(chan error, 1)
	go func() {
		_, err := NewRenderer(out, Options{Output: Plain}).Stream(pr, "pipe")
		done <- err
	}()
	if _, err := io.WriteString(pw, `{"ok": true, "tool": "first", "result": 1}`+"\n"); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-out:
		if !strings.Contains(s, "tool: first") {
			t.Fatalf("first output = %q", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the first document was not rendered before the second was written")
	}
	io.WriteString(pw, `{"ok": true, "tool": "second", "result": 2}`)
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	close(out)
	var rest strings.Builder
	for s := range out {
		rest.WriteString(s)
	}
	if !strings.Contains(rest.String(), "tool: second") {
		t.Errorf("second document missing: %q", rest.String())
	}
}
