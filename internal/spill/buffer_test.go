package spill

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// What is written is read back whole and in sections, from memory and,
// past the bound, from a file that is gone once the buffer is closed.
func TestBufferReadsBackWhatWasWritten(t *testing.T) {
	for _, size := range []int{0, 10, Bound, Bound + 1, 3*Bound + 7} {
		dir := t.TempDir()
		b := New(dir)
		want := make([]byte, size)
		for i := range want {
			want[i] = byte(i % 251)
		}
		for p := want; len(p) > 0; {
			n := min(len(p), 4096+len(p)%3)
			if _, err := b.Write(p[:n]); err != nil {
				t.Fatal(err)
			}
			p = p[n:]
		}
		if b.Len() != int64(size) {
			t.Errorf("size %d: Len %d", size, b.Len())
		}
		got, err := io.ReadAll(b.Reader())
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("size %d: read back %d bytes, %v", size, len(got), err)
		}
		if size > 10 {
			part, _ := io.ReadAll(b.Section(5, int64(size-10)))
			if !bytes.Equal(part, want[5:size-5]) {
				t.Errorf("size %d: a section differs", size)
			}
		}
		if err := b.Close(); err != nil {
			t.Error(err)
		}
		if left, _ := os.ReadDir(dir); len(left) > 0 {
			t.Errorf("size %d: %d files left in the temporary directory", size, len(left))
		}
	}
}

// A directory that cannot hold the file is an error the buffer keeps, a
// temporary file's, which says it is the output's fault.
func TestBufferError(t *testing.T) {
	b := New(filepath.Join(t.TempDir(), "missing"))
	if _, err := b.Write(make([]byte, Bound)); err != nil {
		t.Fatalf("within the bound: %v", err)
	}
	_, err := b.Write([]byte("x"))
	var se *Error
	if !errors.As(err, &se) || se.Op != "create" || !strings.HasPrefix(err.Error(), "temporary file: create: ") {
		t.Fatalf("error %v", err)
	}
	if _, err2 := b.Write([]byte("y")); err2 != err || b.Err() != err {
		t.Errorf("the error does not stick: %v, %v", err2, b.Err())
	}
	var oe interface{ Output() }
	if !errors.As(err, &oe) {
		t.Error("not marked as the output's")
	}
	b.Close()
}
