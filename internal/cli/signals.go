package cli

import (
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/khive-ai/khive-pretty/internal/pager"
)

// handleSignals decides what Ctrl-C (SIGINT) and SIGTERM do.
//
// While a pager is on the screen, Ctrl-C belongs to it (less uses it to
// stop waiting for input): khive-pretty ignores it, as git and gh do, and
// ends when the pager does. Otherwise it exits 130 (143 for SIGTERM); with
// reset (coloured output), it first writes a reset of all attributes to
// w, as output is written in chunks and one may end inside a style. A
// closed pipe is left to Go's default (a quiet exit on SIGPIPE; noticed
// between writes too: watchReader). pw, the pager, may be nil; Ctrl-C
// on it is said to it (Interrupted: if it exits with a failure status
// now, less -K, the user quit it). It returns the function that
// uninstalls the handler.
//
// A signal ignored when the program started (a background job of a
// non-interactive shell, `trap "" INT`) stays ignored: no handler is
// installed for it, as installing one would undo the ignoring. (Go itself
// keeps an inherited SIG_IGN only for SIGINT and SIGHUP, so the check on
// SIGTERM holds only if that changes.)
func handleSignals(w io.Writer, reset bool, pw *pager.Writer) (stop func()) {
	var sigs []os.Signal
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		if !signal.Ignored(sig) {
			sigs = append(sigs, sig)
		}
	}
	if len(sigs) == 0 {
		return func() {}
	}
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case sig := <-ch:
				up := pw != nil && pw.Paging()
				if sig == os.Interrupt && up {
					pw.Interrupted()
					continue
				}
				if reset && !up {
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
