//go:build unix

package cli

import (
	"os"
	"syscall"
)

// openInput opens a file named on the command line, to be read to its end.
//
// os.Open would register it with the runtime's poller: that fails for a
// regular file (epoll takes none), but only after starting the poller,
// an epoll instance and an eventfd, and setting the file non-blocking and
// back: eight system calls, and the poller's code and memory touched for
// the first time, in a run that is mostly start-up (a small answer, a
// file of a few KiB). A descriptor opened here and handed to os.NewFile
// is read with blocking reads, as os.Stdin is: the same for a regular
// file, and for a FIFO or a device, which the reading goroutine waits on
// as it waits on a piped stdin.
func openInput(name string) (*os.File, error) {
	for {
		fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue // a signal while a FIFO waited for its writer
		}
		if err != nil {
			return nil, &os.PathError{Op: "open", Path: name, Err: err}
		}
		return os.NewFile(uintptr(fd), name), nil
	}
}
