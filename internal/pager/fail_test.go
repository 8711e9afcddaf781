package pager

import (
	"errors"
	"io"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var errFalse = errors.New(`pager "false" failed (exit status 1)`)

// failures records what Config.Failed was given.
type failures struct {
	mu   sync.Mutex
	errs []error
}

func (f *failures) add(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.errs = append(f.errs, err)
}

func (f *failures) get() []error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]error(nil), f.errs...)
}

// A pager that fails (PAGER=false) before the output ends: the output
// held for it and the output after are written directly, the failure is
// said, and the run goes on as without a pager.
func TestFailingPagerFallsBackToTheTerminal(t *testing.T) {
	var term syncBuffer
	var failed failures
	f := newFake()
	quit := false
	w := New(&term, Config{Rows: 5, Hold: time.Hour, Start: f.start, Failed: failed.add, OnQuit: func() { quit = true }})
	io.WriteString(w, lines(6))
	if !w.Paging() {
		t.Fatal("no pager for 6 lines on a 5-line terminal")
	}
	f.fail(errFalse)
	// The write finds the pager gone, and waits to learn why.
	if n, err := io.WriteString(w, "more\n"); n != 5 || err != nil {
		t.Errorf("write after the pager failed: %d, %v", n, err)
	}
	io.WriteString(w, "and more\n")
	if err := w.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if want := lines(6) + "more\nand more\n"; term.String() != want {
		t.Errorf("terminal got %q, want %q", term.String(), want)
	}
	errs := failed.get()
	if len(errs) != 1 || !errors.Is(errs[0], errFalse) || !strings.Contains(errs[0].Error(), "shown without it") {
		t.Errorf("Failed got %v", errs)
	}
	if w.Quit() || quit || w.Paging() {
		t.Errorf("Quit() = %v, OnQuit called %v, Paging() = %v", w.Quit(), quit, w.Paging())
	}
}

// The failure is noticed with no write under way, too: the output goes
// straight to the terminal from then on.
func TestFailingPagerNoticedBetweenWrites(t *testing.T) {
	var term syncBuffer
	var failed failures
	f := newFake()
	w := New(&term, Config{Rows: 5, Hold: time.Hour, Start: f.start, Failed: failed.add})
	io.WriteString(w, lines(6))
	f.fail(errFalse)
	// The output is written before the failure is said: wait for both.
	waitUntil(t, "the output written directly and the failure said", func() bool {
		return term.String() == lines(6) && len(failed.get()) > 0
	})
	if w.Paging() || len(failed.get()) != 1 {
		t.Errorf("Paging() = %v, failures %v", w.Paging(), failed.get())
	}
	io.WriteString(w, "more\n")
	if term.String() != lines(6)+"more\n" {
		t.Errorf("terminal got %q", term.String())
	}
	w.Close()
}

// A pager that fails once its input is closed (--pager always with short
// output, PAGER=false still starting): Close writes the output.
func TestPagerFailingAfterTheEnd(t *testing.T) {
	var term syncBuffer
	var failed failures
	f := newFake()
	start := func(h int) (io.WriteCloser, <-chan error, error) {
		_, exited, err := f.start(h)
		return failAtEnd{f, errFalse}, exited, err
	}
	w := New(&term, Config{Always: true, Hold: time.Hour, Start: start, Failed: failed.add})
	io.WriteString(w, "one line\n")
	if term.String() != "" {
		t.Fatal("written to the terminal while paging")
	}
	if err := w.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if term.String() != "one line\n" || len(failed.get()) != 1 || w.Quit() {
		t.Errorf("terminal got %q; failures %v; Quit() %v", term.String(), failed.get(), w.Quit())
	}
	if _, err := io.WriteString(w, "x"); !errors.Is(err, ErrClosed) {
		t.Errorf("write after Close: %v", err)
	}
}

type failAtEnd struct {
	*fakePager
	err error
}

func (c failAtEnd) Close() error {
	c.fail(c.err)
	return nil
}

// Messages on stderr keep their places in the output written after a
// pager failed, and the failure is said after it.
func TestFailingPagerKeepsStderrInPlace(t *testing.T) {
	var term syncBuffer
	f := newFake()
	w := New(&term, Config{Rows: 5, Hold: time.Hour, Start: f.start,
		Failed: func(err error) { io.WriteString(&term, "FAILED\n") }})
	errw := w.Stderr(&term)
	io.WriteString(w, "a\n")
	io.WriteString(errw, "early\n")
	io.WriteString(w, lines(6))
	io.WriteString(errw, "late\n")
	io.WriteString(w, "b\n")
	f.fail(errFalse)
	w.Close()
	if want := "a\nearly\n" + lines(6) + "late\nb\nFAILED\n"; term.String() != want {
		t.Errorf("terminal got %q, want %q", term.String(), want)
	}
	io.WriteString(errw, "after\n")
	if !strings.HasSuffix(term.String(), "FAILED\nafter\n") {
		t.Errorf("stderr after the pager failed: %q", term.String())
	}
}

// More went into the pager than its copy keeps: the failure is said, and
// the run stops (OnFail: the output is lost, which is no success).
func TestFailingPagerAfterMoreThanTheCopyKeeps(t *testing.T) {
	var term syncBuffer
	var failed failures
	f := newFake()
	quit := make(chan struct{})
	w := New(&term, Config{Rows: 5, Hold: time.Hour, Start: f.start, Failed: failed.add, OnFail: func() { close(quit) },
		OnQuit: func() { t.Error("OnQuit for a pager that failed") }})
	w.keep = 100
	io.WriteString(w, lines(6))
	io.WriteString(w, lines(20))
	f.fail(errFalse)
	select {
	case <-quit:
	case <-time.After(5 * time.Second):
		t.Fatal("OnFail not called")
	}
	if _, err := io.WriteString(w, "more\n"); !errors.Is(err, syscall.EPIPE) {
		t.Errorf("write after the pager failed: %v", err)
	}
	w.Close()
	errs := failed.get()
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "more than 100 bytes") || !w.Quit() || term.String() != "" {
		t.Errorf("failures %v; Quit() %v; terminal %q", errs, w.Quit(), term.String())
	}
}

// Ctrl-C reached the pager and it exited with a failure status (less -K
// exits 2): the user left it, quietly, as with q.
func TestPagerExitingOnCtrlCIsAQuit(t *testing.T) {
	var term syncBuffer
	var failed failures
	f := newFake()
	quit := make(chan struct{})
	w := New(&term, Config{Rows: 5, Hold: time.Hour, Start: f.start, Failed: failed.add, OnQuit: func() { close(quit) }})
	io.WriteString(w, lines(6))
	w.Interrupted()
	f.fail(errors.New(`pager "less" failed (exit status 2)`))
	select {
	case <-quit:
	case <-time.After(5 * time.Second):
		t.Fatal("OnQuit not called")
	}
	w.Close()
	if !w.Quit() || term.String() != "" || len(failed.get()) != 0 {
		t.Errorf("Quit() %v; terminal %q; failures %v", w.Quit(), term.String(), failed.get())
	}
}

// The same with the signal reported just after the pager's exit, as the
// two race: within the grace (an hour here, so that a slow machine does
// not make it late), the exit is still a quit, and it is told at once.
func TestPagerExitingOnCtrlCReportedLate(t *testing.T) {
	var term syncBuffer
	f := newFake()
	quit := make(chan struct{})
	w := New(&term, Config{Rows: 5, Hold: time.Hour, Start: f.start, OnQuit: func() { close(quit) }})
	w.grace = time.Hour
	io.WriteString(w, lines(6))
	f.fail(errors.New(`pager "less" failed (exit status 2)`))
	time.Sleep(10 * time.Millisecond)
	w.Interrupted()
	select {
	case <-quit:
	case <-time.After(5 * time.Second):
		t.Fatal("OnQuit not called")
	}
	w.Close()
	if term.String() != "" {
		t.Errorf("terminal got %q", term.String())
	}
}

// A real pager that fails at once, with output written into its pipe
// before and after it has gone.
func TestFalseAsThePager(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	p, err := Find([]string{"PAGER=false", "PATH=" + os.Getenv("PATH")})
	if err != nil {
		t.Fatal(err)
	}
	var term syncBuffer
	var failed failures
	w := New(&term, Config{Always: true, Hold: time.Hour, Failed: failed.add,
		Start: func(h int) (io.WriteCloser, <-chan error, error) { return Start(p, h, null, null) }})
	if _, err := io.WriteString(w, "first\n"); err != nil {
		t.Fatal(err)
	}
	if !w.Paging() {
		t.Skip("no false")
	}
	want := "first\n"
	for i := 0; i < 2000; i++ {
		if _, err := io.WriteString(w, lines(20)); err != nil {
			t.Fatalf("write %d: %v", i, err)
		}
		want += lines(20)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if term.String() != want {
		t.Errorf("terminal got %d bytes, want %d", len(term.String()), len(want))
	}
	errs := failed.get()
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), `pager "false" failed (exit status 1)`) {
		t.Errorf("failures %v", errs)
	}
}

// How a pager ended: a failure only for a non-zero exit status; ended by
// a signal is the user's Ctrl-C.
func TestStartReportsHowThePagerEnded(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	for _, tt := range []struct {
		script, want string
	}{
		{"cat >/dev/null", ""},
		{"exit 3", `pager "sh" failed (exit status 3)`},
		{"kill -TERM $$", ""},
	} {
		in, exited, err := Start(Program{Argv: []string{"sh", "-c", tt.script}}, 0, null, null)
		if err != nil {
			t.Skip("no sh:", err)
		}
		in.Close()
		got := ""
		if err := <-exited; err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("sh -c %q: %q, want %q", tt.script, got, tt.want)
		}
		if _, ok := <-exited; ok {
			t.Errorf("sh -c %q: exited not closed", tt.script)
		}
	}
}

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// The pager fails once the output has ended, after more than its copy
// keeps: Close says so (ErrFailed), so that the run does not end as a
// success.
func TestFailingPagerAfterCloseWithTheCopyLost(t *testing.T) {
	var term syncBuffer
	var failed failures
	f := newFake()
	start := func(h int) (io.WriteCloser, <-chan error, error) {
		_, exited, err := f.start(h)
		return failAtEnd{f, errFalse}, exited, err
	}
	w := New(&term, Config{Rows: 5, Hold: time.Hour, Start: start, Failed: failed.add,
		OnQuit: func() { t.Error("OnQuit after Close") }, OnFail: func() { t.Error("OnFail after Close") }})
	w.keep = 100
	io.WriteString(w, lines(30))
	closed := make(chan error, 1)
	// It fails as Close closes its input, as a pager given its end does
	// (failAtEnd): failed before Close, it would be an early failure.
	go func() { closed <- w.Close() }()
	select {
	case err := <-closed:
		if !errors.Is(err, ErrFailed) || len(failed.get()) != 1 || w.Quit() {
			t.Errorf("Close: %v; failures %v; Quit() %v", err, failed.get(), w.Quit())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not return")
	}
}
