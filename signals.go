package main

import (
	"io"
	"os"
	"os/signal"
	"syscall"
)

// handleSignals decides what Ctrl-C (SIGINT) and SIGTERM do.
//
// While a pager is on the screen, Ctrl-C belongs to it (less uses it to
// stop waiting for input): khive-pretty ignores it, as git and gh do, and
// ends when the pager does. Otherwise it exits 130 (143 for SIGTERM); with
// reset (coloured output), it first writes a reset of all attributes to
// w, as output is written in chunks and one may end inside a style. A
// closed pipe is left to Go's default (a quiet exit on SIGPIPE). paging
// may be nil. It returns the function that uninstalls the handler.
func handleSignals(w io.Writer, reset bool, paging func() bool) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case sig := <-ch:
				pagerUp := paging != nil && paging()
				if sig == os.Interrupt && pagerUp {
					continue
				}
				if reset && !pagerUp {
					w.Write([]byte("\x1b[0m"))
				}
				code := 130 // 128 + SIGINT, as shells report it
				if sig == syscall.SIGTERM {
					code = 143
				}
				os.Exit(code)
			case <-done:
				return
			}
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}
