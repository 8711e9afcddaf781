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

// streamFromPipe renders, in plain output, whatever is written to the
// returned pipe; each flush of output arrives on out, and done gets the
// stream's error once the pipe is closed.
func streamFromPipe() (pw *io.PipeWriter, out chanWriter, done chan error) {
	pr, pw := io.Pipe()
	out = make(chanWriter, 16)
	done = make(chan error, 1)
	go func() {
		_, err := NewRenderer(out, Options{Output: Plain}).Stream(pr, "pipe")
		done <- err
	}()
	return pw, out, done
}

// A document is shown as soon as it is complete: the first one reaches the
// output while the writer of the stream has not sent the second.
func TestStreamRendersEachDocumentWhenComplete(t *testing.T) {
	pw, out, done := streamFromPipe()
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

// Server-Sent Events are shown frame by frame: the first frame is rendered
// before the second is written, as a slow `curl -N` stream delivers them.
func TestSSEFramesRenderAsTheyArrive(t *testing.T) {
	pw, out, done := streamFromPipe()
	frames := []string{
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":1,\"total\":2}}\n\n",
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":2,\"total\":2}}\n\n",
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}\n\n",
	}
	wants := []string{"progress: 1/2", "progress: 2/2", "done"}
	for i, f := range frames {
		if _, err := io.WriteString(pw, f); err != nil {
			t.Fatal(err)
		}
		select {
		case s := <-out:
			if !strings.Contains(s, wants[i]) {
				t.Fatalf("frame %d rendered as %q, want %q", i+1, s, wants[i])
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("frame %d was not rendered before the next was written", i+1)
		}
	}
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
