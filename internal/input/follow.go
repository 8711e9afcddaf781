package input

import (
	"bytes"
	"io"
	"os"
	"time"
)

// Follow reads f as it grows, as tail -f does: at its end it waits for
// more, and starts again from the top when the file is truncated or
// rewritten (a log rotated in place). It never returns io.EOF. Anything
// but a regular file is read to its end, as tail does a pipe.
func Follow(f *os.File, every time.Duration) io.Reader {
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return f
	}
	return &follower{f: f, every: every}
}

type follower struct {
	f     *os.File
	every time.Duration
	off   int64
	// last is the last bytes read, up to lastLen: read again where they
	// were, they tell a file rewritten since from one that grew.
	last []byte
	buf  []byte
}

const lastLen = 64

func (r *follower) Read(p []byte) (int, error) {
	for first := true; ; first = false {
		if !first {
			time.Sleep(r.every) // at the end: wait for more
		}
		// Looked at before each read, not only at the end: a file
		// rewritten while its reader was busy is read from the top, not
		// from where the old one ended.
		if r.rewritten() {
			if _, err := r.f.Seek(0, io.SeekStart); err != nil {
				return 0, err
			}
			r.off, r.last = 0, r.last[:0]
		}
		n, err := r.f.Read(p)
		r.off += int64(n)
		r.keep(p[:n])
		if n > 0 || err != nil && err != io.EOF {
			return n, err
		}
	}
}

// keep notes the last bytes of what was read.
func (r *follower) keep(b []byte) {
	r.last = append(r.last, b[max(0, len(b)-lastLen):]...)
	if over := len(r.last) - lastLen; over > 0 {
		r.last = append(r.last[:0], r.last[over:]...)
	}
}

// rewritten reports a file shorter than what was read of it, or whose
// bytes before where reading is are no longer those read.
func (r *follower) rewritten() bool {
	st, err := r.f.Stat()
	if err != nil {
		return false
	}
	if st.Size() < r.off {
		return true
	}
	if len(r.last) == 0 {
		return false
	}
	r.buf = append(r.buf[:0], make([]byte, len(r.last))...)
	n, _ := r.f.ReadAt(r.buf, r.off-int64(len(r.last)))
	return !bytes.Equal(r.buf[:n], r.last)
}
