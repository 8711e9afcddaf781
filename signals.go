package main

import (
	"io"
	"os"
	"os/signal"
	"syscall"
)

// resetOnInterrupt makes Ctrl-C (or SIGTERM) leave the terminal clean when
// output is coloured: output is written in chunks, and one may end inside a
// style, so before exiting the handler writes a reset of all attributes.
// A closed pipe is left to Go's default (a quiet exit on SIGPIPE). It
// returns the function that uninstalls it.
func resetOnInterrupt(w io.Writer) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			w.Write([]byte("\x1b[0m"))
			code := 130 // 128 + SIGINT, as shells report it
			if sig == syscall.SIGTERM {
				code = 143
			}
			os.Exit(code)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}
