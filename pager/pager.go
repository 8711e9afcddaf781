// Package pager shows output taller than the terminal a screen at a time,
// as gh, git and bat do, without delaying output that arrives slowly.
//
// A Writer holds output until it knows what to do with it: once the
// output is taller than the terminal it starts the pager, hands it what
// was held and streams the rest into it; when the output ends first, or
// when some is held and no more has come for a moment (a slow stream, such
// as server-sent progress from `curl -N`), it writes directly and stops
// considering a pager.
package pager

import (
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// Config says when to page and how.
type Config struct {
	// Always starts the pager with the first output, whatever its height.
	Always bool
	// Rows and Cols are the terminal's size; output needing Rows lines or
	// more (leaving no line for the shell's prompt) is paged. With Rows 0
	// (unknown) only Always pages.
	Rows, Cols int
	// Hold is how long output may wait for more before it is written
	// directly.
	Hold time.Duration
	// Start starts the pager, asking it to keep the first header lines in
	// view, and returns its input and a channel closed when it exits.
	Start func(header int) (io.WriteCloser, <-chan struct{}, error)
	// OnQuit is called when the pager exits before the output ends (the
	// user pressed q), also while the program waits for input.
	OnQuit func()
	// Warn receives the error of a pager that could not start; the output
	// is then written directly.
	Warn func(error)
}

const (
	holding int32 = iota
	direct
	paging
	closed
)

// ErrClosed is returned by writes after Close.
var ErrClosed = errors.New("pager: write after close")

// Writer is the output of the program, paged or not. It is safe for use
// by one writer goroutine alongside its own timer and the signal handler.
type Writer struct {
	out   io.Writer
	cfg   Config
	state atomic.Int32
	up    atomic.Bool // the pager is running: read without the lock by Paging

	mu     sync.Mutex
	held   []byte
	errs   []note // stderr lines held in order with the output
	meter  meter
	timer  *time.Timer
	in     io.WriteCloser
	exited <-chan struct{}
	err    error // the first error writing out, from the timer
	quit   bool
}

// note is a piece of stderr held at offset at of the held output, or
// held until the pager exits.
type note struct {
	at int
	b  []byte
	e  io.Writer
}

func (n note) write() { n.e.Write(n.b) }

// New returns a Writer onto out (the terminal).
func New(out io.Writer, cfg Config) *Writer {
	return &Writer{out: out, cfg: cfg, meter: meter{cols: cfg.Cols}}
}

// Write writes p to the terminal, holds it, or writes it to the pager.
// Once the pager has exited it fails; Quit then reports true.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch w.state.Load() {
	case direct:
		if w.err != nil {
			return 0, w.err
		}
		return w.out.Write(p)
	case paging:
		n, err := w.in.Write(p)
		if err != nil {
			// A pipe fails only once its reader is gone.
			w.quit = true
			return n, fmt.Errorf("pager: %w", err)
		}
		return n, nil
	case closed:
		return 0, ErrClosed
	}
	w.held = append(w.held, p...)
	w.meter.add(p)
	if w.cfg.Always || (w.cfg.Rows > 0 && w.meter.lines() >= w.cfg.Rows) {
		return len(p), w.startLocked()
	}
	if w.timer == nil {
		// From the first output held, not the last: a stream that trickles
		// in is shown after Hold at most.
		w.timer = time.AfterFunc(w.cfg.Hold, w.timeout)
	}
	return len(p), nil
}

func (w *Writer) timeout() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.state.Load() == holding {
		w.directLocked()
	}
}

// directLocked writes what was held and lets all further output through.
func (w *Writer) directLocked() error {
	if w.timer != nil {
		w.timer.Stop()
	}
	w.state.Store(direct)
	held, errs := w.held, w.errs
	w.held, w.errs = nil, nil
	at := 0
	for _, n := range errs {
		if err := w.writeOut(held[at:n.at]); err != nil {
			return err
		}
		at = n.at
		n.write()
	}
	return w.writeOut(held[at:])
}

func (w *Writer) writeOut(p []byte) error {
	if w.err != nil || len(p) == 0 {
		return w.err
	}
	_, w.err = w.out.Write(p)
	return w.err
}

func (w *Writer) startLocked() error {
	if w.timer != nil {
		w.timer.Stop()
	}
	in, exited, err := w.cfg.Start(tableHeader(w.held))
	if err != nil {
		if w.cfg.Warn != nil {
			w.cfg.Warn(err)
		}
		return w.directLocked()
	}
	w.in, w.exited = in, exited
	w.state.Store(paging)
	w.up.Store(true)
	go w.watch()
	held := w.held
	w.held = nil
	// Notes held so far wait for the pager to exit, with those to come.
	for i := range w.errs {
		w.errs[i].at = 0
	}
	if _, err := in.Write(held); err != nil {
		w.quit = true
		return fmt.Errorf("pager: %w", err)
	}
	return nil
}

// watch waits for the pager. One that exits before Close was called was
// quit by the user: the program has nothing more to show.
func (w *Writer) watch() {
	<-w.exited
	w.up.Store(false)
	w.mu.Lock()
	early := w.state.Load() != closed
	if early {
		w.quit = true
	}
	w.mu.Unlock()
	if early && w.cfg.OnQuit != nil {
		w.cfg.OnQuit()
	}
}

// Close ends the output: what is held is written directly, or the pager's
// input is closed and Close waits for the user to leave it. Then the
// stderr notes held meanwhile are written.
func (w *Writer) Close() error {
	w.mu.Lock()
	prev := w.state.Load()
	var err error
	if prev == holding {
		err = w.directLocked()
	}
	w.state.Store(closed)
	if w.timer != nil {
		w.timer.Stop()
	}
	if prev == paging {
		w.in.Close()
	}
	w.mu.Unlock()
	if prev == paging {
		<-w.exited
		w.mu.Lock()
		errs := w.errs
		w.errs = nil
		w.mu.Unlock()
		for _, n := range errs {
			n.write()
		}
	}
	return err
}

// Quit reports whether the pager exited before the output ended.
func (w *Writer) Quit() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.quit
}

// Paging reports whether the pager is on the screen, also after Close
// while the user reads; it does not wait for a write in progress.
func (w *Writer) Paging() bool { return w.up.Load() }

// Stderr returns a writer onto e for messages: they keep their place
// among held output, and while the pager runs they wait until it exits
// instead of scribbling over its screen.
func (w *Writer) Stderr(e io.Writer) io.Writer { return stderr{w, e} }

type stderr struct {
	w *Writer
	e io.Writer
}

func (s stderr) Write(p []byte) (int, error) {
	w := s.w
	w.mu.Lock()
	if st := w.state.Load(); st == holding || st == paging || w.up.Load() {
		w.errs = append(w.errs, note{at: len(w.held), b: append([]byte(nil), p...), e: s.e})
		w.mu.Unlock()
		return len(p), nil
	}
	w.mu.Unlock()
	return s.e.Write(p)
}
