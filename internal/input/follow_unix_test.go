//go:build unix

package input

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A FIFO has no top to come back to: followed, it is read to its end.
func TestFollowReadsAFIFOToItsEnd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip(err)
	}
	go func() {
		w, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err == nil {
			w.WriteString("{}\n")
			w.Close()
		}
	}()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := io.ReadAll(Follow(f, time.Millisecond))
	if err != nil || string(got) != "{}\n" {
		t.Errorf("%q, %v", got, err)
	}
}
