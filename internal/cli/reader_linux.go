package cli

import (
	"os"

	"golang.org/x/sys/unix"
)

// watchReader ends the run as its next write would (a quiet exit on
// SIGPIPE), as soon as the reader of stdout, a pipe, has gone: a write
// long in coming (plain output holds an MCP reply back until it ends; a
// stream may pause) would otherwise keep `khive-pretty … | head -1`
// waiting. It returns the function that stops watching.
func watchReader(stdout *os.File) (stop func()) {
	st, err := stdout.Stat()
	if err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		return func() {}
	}
	conn, err := stdout.SyscallConn()
	if err != nil {
		return func() {}
	}
	var fd int32 = -1
	conn.Control(func(f uintptr) { fd = int32(f) })
	// A pipe of its own, closed to stop the watch.
	r, w, err := os.Pipe()
	if err != nil || fd < 0 {
		return func() {}
	}
	go func() {
		defer r.Close()
		fds := []unix.PollFd{{Fd: fd}, {Fd: int32(r.Fd()), Events: unix.POLLIN}}
		for {
			// No events asked of stdout: poll says only that its reader
			// has gone (POLLERR).
			if _, err := unix.Poll(fds, -1); err == unix.EINTR {
				continue
			} else if err != nil || fds[1].Revents != 0 || fds[0].Revents&unix.POLLNVAL != 0 {
				return
			}
			if fds[0].Revents&unix.POLLERR != 0 {
				// Nothing can reach a reader: the write fails, and Go
				// ends the program as it ends one whose write to stdout
				// found the pipe closed.
				stdout.Write([]byte{'\n'})
				return
			}
		}
	}()
	return func() { w.Close() }
}
