//go:build unix

package terminal

import (
	"os"

	"golang.org/x/sys/unix"
)

// WasClosed reports whether f (a standard stream) was closed when the
// program started. The Go runtime then puts /dev/null there, opened
// read-write, so writes would succeed and vanish; a shell's `>/dev/null`
// opens it write-only, and `>&-` is the only common way to get this one.
func WasClosed(f *os.File) bool {
	fd := int(f.Fd())
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	if err != nil || fl&unix.O_ACCMODE != unix.O_RDWR {
		return false
	}
	var st, null unix.Stat_t
	if unix.Fstat(fd, &st) != nil || unix.Stat("/dev/null", &null) != nil {
		return false
	}
	return st.Mode&unix.S_IFMT == unix.S_IFCHR && st.Rdev == null.Rdev
}
