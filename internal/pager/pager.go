// Package pager shows output taller than the terminal a screen at a time,
// as gh, git and bat do, without delaying output that arrives slowly.
//
// A Writer holds output until it knows what to do with it: once the
// output is taller than the terminal it starts the pager, hands it what
// was held and streams the rest into it; when the output ends first, or
// when some is held and no more has come for a moment (a slow stream, such
// as server-sent progress from `curl -N`), it writes directly and stops
// considering a pager.
//
// A pager that fails (exits with a non-zero status: PAGER=false, a
// misspelt option) has shown nothing the user can use, so the Writer keeps
// a copy of what it gave the pager, up to a bound: when the copy is whole
// the output is then written directly after all, and the failure said. A
// pager the user quits (q: status 0; Ctrl-C) ends the run quietly.
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
	// view, and returns its input and a channel that receives how it
	// ended once it has exited: nil when the user left it (exit status 0,
	// or ended by a signal), else why it failed (a non-zero exit status).
	// A closed channel reads as nil.
	Start func(header int) (io.WriteCloser, <-chan error, error)
	// OnQuit is called when the pager exits before the output ends (the
	// user pressed q), also while the program waits for input. It is not
	// called for a pager that failed while the output could still be
	// written directly.
	OnQuit func()
	// Warn receives the error of a pager that could not start; the output
	// is then written directly.
	Warn func(error)
	// Failed receives the failure of a pager that started and exited with
	// a non-zero status, saying what happens to the output: written
	// directly, or, when more than the copy's bound went into the pager,
	// not shown.
	Failed func(error)
	// OnFail is called, instead of OnQuit, when a pager failed before the
	// output ended and what it was given cannot be shown again (more than
	// the copy keeps): the output is lost, which is no success. nil: OnQuit.
	OnFail func()
}

// ErrFailed is what Close returns when the pager failed after the output
// ended and what it was given could not be shown again; Failed has said so.
var ErrFailed = errors.New("pager: failed, output lost")

// keepSent bounds the copy of what went into the pager. A pager that dies
// at once leaves unread the screenful it was started with and what the
// pipe buffer took (64 KiB on Linux); a few MiB covers that with room to
// spare, and bounds the memory a long run through a pager keeps.
const keepSent = 4 << 20

// interruptGrace is how long a pager's failure waits for a Ctrl-C to be
// reported: the terminal sends SIGINT to the pager and to this process
// together, and a pager may exit non-zero on it (less -K exits 2), which
// is the user leaving it, not a failure.
const interruptGrace = 50 * time.Millisecond

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

	interrupted atomic.Bool // Ctrl-C reached the pager
	// interrupt is closed by the first Interrupted, ending watch's wait
	// for it (grace, interruptGrace but in tests) early.
	interrupt     chan struct{}
	interruptOnce sync.Once
	grace         time.Duration

	mu sync.Mutex
	// held is the output not yet written to out: before the pager starts,
	// what waits for a decision; while it runs, the copy of what it was
	// given, kept while it is at most keep bytes (lost is then false).
	held     []byte
	keep     int
	lost     bool
	errs     []note // stderr lines held in order with the output
	meter    meter
	timer    *time.Timer
	in       io.WriteCloser
	exited   <-chan error
	done     chan struct{} // closed once watch has dealt with the pager's exit
	err      error         // the first error writing out, from the timer
	quit     bool
	fellBack bool // the pager failed and its output was written directly
	lostOut  bool // the pager failed and its output could not be shown again
}

// note is a piece of stderr held at offset at of the held output (the
// copy, while the pager runs), or held until the pager exits.
type note struct {
	at int
	b  []byte
	e  io.Writer
}

func (n note) write() { n.e.Write(n.b) }

// New returns a Writer onto out (the terminal).
func New(out io.Writer, cfg Config) *Writer {
	return &Writer{out: out, cfg: cfg, meter: meter{cols: cfg.Cols}, keep: keepSent,
		interrupt: make(chan struct{}), grace: interruptGrace}
}

// Write writes p to the terminal, holds it, or writes it to the pager.
// Once the user has quit the pager it fails; Quit then reports true. Once
// a pager has failed, it writes to the terminal.
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
		return w.sendLocked(p, false)
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
		end := min(max(n.at, at), len(held))
		if err := w.writeOut(held[at:end]); err != nil {
			return err
		}
		at = end
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
	w.in, w.exited, w.done = in, exited, make(chan struct{})
	w.state.Store(paging)
	w.up.Store(true)
	go w.watch()
	// What was held becomes the start of the copy, and notes held so far
	// keep their places in it.
	_, err = w.sendLocked(w.held, true)
	return err
}

// sendLocked writes p into the pager and keeps a copy of it; kept says p
// is already in the copy. A write fails only once the pager has gone: it
// then waits, without the lock, to learn from watch whether the user quit
// (the write fails) or the pager failed (p has been written directly with
// the copy).
func (w *Writer) sendLocked(p []byte, kept bool) (int, error) {
	n, err := w.in.Write(p)
	// All of p, written or not: if the pager failed, the copy is what is
	// written directly.
	if !kept {
		w.keepLocked(p)
	} else if len(w.held) > w.keep {
		w.loseLocked()
	}
	if err == nil {
		return n, nil
	}
	w.mu.Unlock()
	<-w.done
	w.mu.Lock()
	if w.fellBack {
		return len(p), w.err
	}
	w.quit = true
	return n, fmt.Errorf("pager: %w", err)
}

// keepLocked adds p to the copy of what went into the pager, while the
// copy stays within its bound.
func (w *Writer) keepLocked(p []byte) {
	if w.lost {
		return
	}
	if len(w.held)+len(p) > w.keep {
		w.loseLocked()
		return
	}
	w.held = append(w.held, p...)
}

// loseLocked gives up the copy: more went into the pager than it keeps.
func (w *Writer) loseLocked() {
	w.lost = true
	w.held = nil
	for i := range w.errs {
		w.errs[i].at = 0
	}
}

// size is n bytes for a person: 4 MiB, 100 bytes.
func size(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Interrupted tells the Writer that Ctrl-C reached the pager on the
// screen: an exit with a failure status after it (less -K exits 2) is the
// user leaving the pager, not a failure. The signal handler calls it; it
// does not wait for a write in progress.
func (w *Writer) Interrupted() {
	w.interrupted.Store(true)
	w.interruptOnce.Do(func() { close(w.interrupt) })
}

// watch waits for the pager. One that exits with status 0 before Close was
// called was quit by the user: the program has nothing more to show. One
// that fails has its output written directly, when the copy of it is whole.
func (w *Writer) watch() {
	err := <-w.exited
	if err != nil && !w.interrupted.Load() {
		t := time.NewTimer(w.grace)
		select {
		case <-t.C:
		case <-w.interrupt:
		}
		t.Stop()
	}
	failed := err != nil && !w.interrupted.Load()
	w.up.Store(false)
	w.mu.Lock()
	st := w.state.Load()
	early := st != closed
	switch {
	case failed && !w.lost:
		// Nothing is lost: as if there had been no pager.
		w.in.Close()
		w.fellBack = true
		early = false
		w.directLocked()
		if st == closed {
			w.state.Store(closed)
		}
		if w.cfg.Failed != nil {
			w.cfg.Failed(fmt.Errorf("%w; the output is shown without it", err))
		}
	case failed:
		w.lostOut = true
		if w.cfg.Failed != nil {
			w.cfg.Failed(fmt.Errorf("%w after more than %s of output, which is not shown again", err, size(w.keep)))
		}
		fallthrough
	default:
		if early {
			w.quit = true
		}
		w.loseLocked() // the copy is of no more use
	}
	w.mu.Unlock()
	close(w.done)
	switch {
	case early && failed && w.cfg.OnFail != nil:
		w.cfg.OnFail()
	case early && w.cfg.OnQuit != nil:
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
		<-w.done
		w.mu.Lock()
		errs := w.errs
		w.errs = nil
		if w.fellBack {
			err = w.err
		}
		if w.lostOut {
			err = ErrFailed
		}
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
