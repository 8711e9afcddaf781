// Package stack grows a goroutine's stack ahead of its use.
//
// A goroutine starts with a small stack that doubles each time a call
// needs more, copied with every frame on it looked up in the runtime's
// tables. In a process that lives a few milliseconds those lookups read
// pages of the binary for the first time (on a virtual machine, a page
// fault costs tens of microseconds): growing once, early, while the stack
// holds a frame or two, is cheaper. The frame reserved here is not
// written (on arm64 the prologue saves two registers at its bottom, a
// page), so the pages a stack does not use are not touched.
//
// It imports nothing of the project.
package stack

// Reserve grows the calling goroutine's stack to 16 KiB, if smaller.
//
//go:noinline
func Reserve() { reserve(-1) }

// ReserveLarge grows the calling goroutine's stack to 32 KiB, if smaller:
// a run's, which a small answer takes past 16 KiB.
//
//go:noinline
func ReserveLarge() { reserve(-2) }

// reserve has a frame of 8 KiB; the array in it is declared in a branch
// never taken (i < 0), so never zeroed: the frame is only claimed. A
// stack of 2 or 4 KiB that must fit it, the runtime's guard and the
// caller's frames doubles to 16 KiB at once; a larger frame would take it
// to 32 KiB where the guard is larger (under -race, on Windows).
//
//go:noinline
func reserve(i int) byte {
	if i >= 0 {
		var b [8 << 10]byte
		b[i%len(b)] = 1
		return b[(i/2)%len(b)]
	}
	if i == -2 {
		// A second frame on the first does not fit in 16 KiB.
		return reserve(-1)
	}
	return 0
}
