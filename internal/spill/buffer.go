package spill

// A Buffer is what a writer holds back for a while: plain output holds a
// request's ops so (it heads each with their number, known at their end),
// and the parts of an MCP reply whose order is known only at its end.

import (
	"bytes"
	"io"
	"os"
)

// Bound is how much a Buffer holds in memory before it spills to a file.
const Bound = 1 << 20

// Error is a failure to write or read a temporary file: a full disk, a
// directory that cannot be written to.
type Error struct {
	Op  string // "create", "write" or "read"
	Err error
}

func (e *Error) Error() string { return "temporary file: " + e.Op + ": " + e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Output marks it as no fault of the input's, for the decoder.
func (e *Error) Output() {}

// Buffer holds bytes in memory up to Bound, then in a temporary file in
// dir ("" is os.TempDir). Its first error sticks: every later Write
// returns it, and Err reports it.
type Buffer struct {
	dir string
	mem []byte
	f   *os.File
	n   int64
	err error
}

// New is an empty buffer whose file, if it needs one, goes in dir.
func New(dir string) *Buffer { return &Buffer{dir: dir} }

// Usable reports whether a buffer's file can be made in dir.
func Usable(dir string) bool {
	f, err := temp(dir)
	drop(f)
	return err == nil
}

// Write appends p.
func (b *Buffer) Write(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if b.f == nil && len(b.mem)+len(p) <= Bound {
		b.mem = append(b.mem, p...)
		b.n += int64(len(p))
		return len(p), nil
	}
	if b.f == nil {
		f, err := temp(b.dir)
		if err != nil {
			b.err = &Error{Op: "create", Err: err}
			return 0, b.err
		}
		b.f = f
		if _, err := f.Write(b.mem); err != nil {
			b.err = &Error{Op: "write", Err: err}
			return 0, b.err
		}
		b.mem = nil
	}
	n, err := b.f.Write(p)
	b.n += int64(n)
	if err != nil {
		b.err = &Error{Op: "write", Err: err}
	}
	return n, b.err
}

// Len is how many bytes were written.
func (b *Buffer) Len() int64 { return b.n }

// Err is the buffer's first error, if any.
func (b *Buffer) Err() error { return b.err }

// Section reads the bytes written from off to off+n; its read errors are
// *Errors.
func (b *Buffer) Section(off, n int64) io.Reader {
	if b.f == nil {
		return bytes.NewReader(b.mem[off : off+n])
	}
	return sectionReader{io.NewSectionReader(b.f, off, n)}
}

// Reader reads every byte written so far.
func (b *Buffer) Reader() io.Reader { return b.Section(0, b.n) }

// Close lets the buffer go: its file is closed and removed.
func (b *Buffer) Close() error {
	b.mem = nil
	if b.f == nil {
		return nil
	}
	err := b.f.Close()
	os.Remove(b.f.Name()) // where the system kept it while open
	b.f = nil
	return err
}

// sectionReader reads a section of the file, its errors said to be the file's.
type sectionReader struct{ r io.Reader }

func (r sectionReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if err != nil && err != io.EOF {
		err = &Error{Op: "read", Err: err}
	}
	return n, err
}
