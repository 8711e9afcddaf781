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
	// A pipe of its own, closed to stop the watch. Plain descriptors, not
	// os.Pipe's files, which would start the runtime's poller (an epoll
	// instance, an eventfd, ten system calls) before the first line is
	// written, for a pipe only ever waited on here.
	var p [2]int
	if fd < 0 || unix.Pipe2(p[:], unix.O_CLOEXEC) != nil {
		return func() {}
	}
	r, w := p[0], p[1]
	go func() {
		defer unix.Close(r)
		fds := []unix.PollFd{{Fd: fd}, {Fd: int32(r), Events: unix.POLLIN}}
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
	return func() { unix.Close(w) }
}
