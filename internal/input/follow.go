package input

import (
	"io"
	"os"
	"time"
)

// Follow reads f as it grows, as tail -f does: at its end it waits for
// more instead of ending, and starts again from the top when the file is
// truncated (a log rotated in place). It never returns io.EOF: the run
// ends when the person interrupts it.
func Follow(f *os.File, every time.Duration) io.Reader {
	return &follower{f: f, every: every}
}

type follower struct {
	f     *os.File
	every time.Duration
	off   int64
}

func (r *follower) Read(p []byte) (int, error) {
	for {
		n, err := r.f.Read(p)
		r.off += int64(n)
		if n > 0 || err != nil && err != io.EOF {
			return n, err
		}
		time.Sleep(r.every)
		if st, err := r.f.Stat(); err == nil && st.Size() < r.off {
			if _, err := r.f.Seek(0, io.SeekStart); err != nil {
				return 0, err
			}
			r.off = 0
		}
	}
}
