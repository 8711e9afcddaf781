//go:build windows

package terminal

import (
	"os"

	"golang.org/x/sys/windows"
)

// VirtualTerminal reports whether the terminal f shows escape sequences
// (colours) rather than printing them. A Windows console does only once
// virtual-terminal processing is on, so this turns it on; consoles too old
// to have it (before Windows 10) answer false and get no colour. A handle
// that is not a console (mintty's pipes, a file) is left alone: escapes
// pass through it unchanged.
func VirtualTerminal(f *os.File) bool {
	h := windows.Handle(f.Fd())
	var mode uint32
	if err := windows.GetConsoleMode(h, &mode); err != nil {
		return true
	}
	if mode&windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING != 0 {
		return true
	}
	return windows.SetConsoleMode(h, mode|windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING) == nil
}
