package pager

import (
	"bytes"
	"errors"
	"io"
	"os"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// fakePager records what a pager would have been given.
type fakePager struct {
	mu      sync.Mutex
	started int
	header  int
	got     bytes.Buffer
	closed  bool
	exited  chan error
	broken  bool // the user quit: writes fail
}

func newFake() *fakePager { return &fakePager{exited: make(chan error, 1)} }

func (f *fakePager) start(header int) (io.WriteCloser, <-chan error, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.started++
	f.header = header
	return f, f.exited, nil
}

func (f *fakePager) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.broken {
		return 0, syscall.EPIPE
	}
	return f.got.Write(p)
}

func (f *fakePager) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.closed {
		f.closed = true
		close(f.exited) // the user leaves at once
	}
	return nil
}

// quit is the user pressing q before the output ends.
func (f *fakePager) quit() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.broken, f.closed = true, true
	close(f.exited)
}

// fail is the pager exiting with a failure status (PAGER=false).
func (f *fakePager) fail(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return
	}
	f.broken, f.closed = true, true
	f.exited <- err
	close(f.exited)
}

func (f *fakePager) state() (started, header int, got string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.started, f.header, f.got.String()
}

// syncBuffer is the terminal, written from the timer's goroutine too.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func lines(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("line ")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString("\n")
	}
	return b.String()
}

func TestShortOutputIsWrittenDirectlyAtTheEnd(t *testing.T) {
	var term syncBuffer
	f := newFake()
	w := New(&term, Config{Rows: 10, Cols: 80, Hold: time.Hour, Start: f.start})
	io.WriteString(w, lines(4))
	io.WriteString(w, lines(5))
	if term.String() != "" {
		t.Error("output written before it was known to be short")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if started, _, _ := f.state(); started != 0 {
		t.Error("pager started for 9 lines on a 10-line terminal")
	}
	if term.String() != lines(4)+lines(5) {
		t.Errorf("terminal got %q", term.String())
	}
}

func TestTallOutputGoesThroughThePager(t *testing.T) {
	var term syncBuffer
	f := newFake()
	w := New(&term, Config{Rows: 10, Cols: 80, Hold: time.Hour, Start: f.start})
	io.WriteString(w, lines(6))
	if started, _, _ := f.state(); started != 0 {
		t.Fatal("pager started early")
	}
	io.WriteString(w, lines(4)) // 10 lines: no room left for the prompt
	if !w.Paging() {
		t.Error("Paging() is false while the pager runs")
	}
	io.WriteString(w, "more\n")
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	started, header, got := f.state()
	if started != 1 || got != lines(6)+lines(4)+"more\n" || term.String() != "" {
		t.Errorf("started %d times; pager got %q; terminal got %q", started, got, term.String())
	}
	if header != 0 {
		t.Errorf("header %d for output that is not a table", header)
	}
	if w.Quit() {
		t.Error("Quit() after a pager that ran to the end")
	}
}

// A long line wraps on the terminal, so it counts for several.
func TestLongLinesCountAsTheLinesTheyTake(t *testing.T) {
	f := newFake()
	w := New(io.Discard, Config{Rows: 10, Cols: 20, Hold: time.Hour, Start: f.start})
	io.WriteString(w, strings.Repeat("x", 20*9)+"\n") // 9 lines
	if started, _, _ := f.state(); started != 0 {
		t.Fatal("9 wrapped lines started the pager")
	}
	// Colour sequences take no room.
	io.WriteString(w, "\x1b[1m"+strings.Repeat("é", 20)+"\x1b[0m")
	if started, _, _ := f.state(); started != 1 {
		t.Fatal("the 10th line did not start the pager")
	}
	w.Close()
}

// A slow stream is shown as it comes: once output has waited Hold for
// more, it is written, and no pager starts however long it grows.
func TestSlowOutputIsNotHeldBack(t *testing.T) {
	var term syncBuffer
	f := newFake()
	w := New(&term, Config{Rows: 10, Cols: 80, Hold: 20 * time.Millisecond, Start: f.start})
	io.WriteString(w, "progress 1/3\n")
	deadline := time.Now().Add(5 * time.Second)
	for term.String() == "" && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if term.String() != "progress 1/3\n" {
		t.Fatalf("terminal got %q after the hold", term.String())
	}
	io.WriteString(w, lines(30))
	w.Close()
	if started, _, _ := f.state(); started != 0 || term.String() != "progress 1/3\n"+lines(30) {
		t.Errorf("pager started %d times; terminal got %q", started, term.String())
	}
}

func TestAlwaysPagesAtOnce(t *testing.T) {
	f := newFake()
	w := New(io.Discard, Config{Always: true, Hold: time.Hour, Start: f.start})
	io.WriteString(w, "one line\n")
	if started, _, _ := f.state(); started != 1 {
		t.Error("--pager always did not start the pager")
	}
	w.Close()
	if _, _, got := f.state(); got != "one line\n" {
		t.Errorf("pager got %q", got)
	}
}

// The user quits the pager before the output ends: writes fail, Quit says
// so, and OnQuit is called, also when no write is under way.
func TestQuittingThePager(t *testing.T) {
	f := newFake()
	quit := make(chan struct{})
	w := New(io.Discard, Config{Rows: 5, Hold: time.Hour, Start: f.start, OnQuit: func() { close(quit) }})
	io.WriteString(w, lines(6))
	f.quit()
	select {
	case <-quit:
	case <-time.After(5 * time.Second):
		t.Fatal("OnQuit not called after the pager exited")
	}
	if _, err := io.WriteString(w, "more\n"); !errors.Is(err, syscall.EPIPE) {
		t.Errorf("write after the pager quit: %v", err)
	}
	if !w.Quit() || w.Paging() {
		t.Errorf("Quit() = %v, Paging() = %v", w.Quit(), w.Paging())
	}
	w.Close()
}

// A pager that exits after Close is the normal end: no OnQuit.
func TestPagerLeftAfterTheEndIsNotAQuit(t *testing.T) {
	f := newFake()
	called := false
	w := New(io.Discard, Config{Rows: 5, Hold: time.Hour, Start: f.start, OnQuit: func() { called = true }})
	io.WriteString(w, lines(6))
	w.Close()
	time.Sleep(10 * time.Millisecond)
	if called || w.Quit() {
		t.Error("OnQuit called for a pager that was closed normally")
	}
}

func TestPagerThatCannotStart(t *testing.T) {
	var term syncBuffer
	var warned error
	w := New(&term, Config{Rows: 5, Hold: time.Hour,
		Start: func(int) (io.WriteCloser, <-chan error, error) { return nil, nil, errors.New("no such pager") },
		Warn:  func(err error) { warned = err }})
	io.WriteString(w, lines(6))
	io.WriteString(w, "more\n")
	w.Close()
	if warned == nil || term.String() != lines(6)+"more\n" {
		t.Errorf("warned %v; terminal got %q", warned, term.String())
	}
}

// Messages on stderr keep their place among held output, and wait for
// the pager to exit instead of scribbling over its screen.
func TestStderrKeepsItsPlace(t *testing.T) {
	var term syncBuffer
	w := New(&term, Config{Rows: 10, Hold: time.Hour, Start: newFake().start})
	errw := w.Stderr(&term)
	io.WriteString(w, "first\n")
	io.WriteString(errw, "error: second\n")
	io.WriteString(w, "third\n")
	if term.String() != "" {
		t.Fatal("stderr written ahead of held output")
	}
	w.Close()
	if want := "first\nerror: second\nthird\n"; term.String() != want {
		t.Errorf("got %q, want %q", term.String(), want)
	}

	var out, errs syncBuffer
	f := newFake()
	w = New(&out, Config{Rows: 5, Hold: time.Hour, Start: f.start})
	errw = w.Stderr(&errs)
	io.WriteString(errw, "early\n")
	io.WriteString(w, lines(6))
	io.WriteString(errw, "late\n")
	if errs.String() != "" {
		t.Fatal("stderr written while the pager runs")
	}
	w.Close()
	if errs.String() != "early\nlate\n" {
		t.Errorf("stderr after the pager: %q", errs.String())
	}
}

func TestTableHeader(t *testing.T) {
	tests := []struct {
		out  string
		want int
	}{
		{"ID        STATUS    TITLE\n41f60be0  ▶ next    Draft\n", 1},
		{"\x1b[1mNOTE ID\x1b[0m   \x1b[1mCONTENT\x1b[0m\n6daacf24  x\n", 1},
		{"REPO      LAST COMMIT\nkhive     40m ago\n", 1},
		{"ID        STATUS\n", 0},                          // no rows yet
		{"✓ gtd.transition\n  id  f4d26f48\n", 0},          // an envelope
		{"service         recall-daemon\nhealthy  ✓\n", 0}, // a record
		{"HTTP/1.1 404 Not Found\nx\n", 0},
		{"  ID        STATUS\n  a  b\n", 0}, // indented: a table inside something
		{"0  1\n2  3\n", 0},
	}
	for _, tt := range tests {
		if got := tableHeader([]byte(tt.out)); got != tt.want {
			t.Errorf("tableHeader(%q) = %d, want %d", tt.out, got, tt.want)
		}
	}
	f := newFake()
	w := New(io.Discard, Config{Rows: 3, Hold: time.Hour, Start: f.start})
	io.WriteString(w, "ID  TITLE\na   b\nc   d\n")
	w.Close()
	if _, header, _ := f.state(); header != 1 {
		t.Errorf("the pager was asked for header %d, want 1", header)
	}
}

func TestSplit(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"less", []string{"less"}},
		{"  less  -R -S ", []string{"less", "-R", "-S"}},
		{`'/opt/my pager/bin/p' --flag`, []string{"/opt/my pager/bin/p", "--flag"}},
		{`less "--prompt=a \"b\" c"`, []string{"less", `--prompt=a "b" c`}},
		{`my\ pager -x`, []string{"my pager", "-x"}},
		{`C:\Tools\less.exe -R`, []string{`C:\Tools\less.exe`, "-R"}},
		{`a''b ""`, []string{"ab", ""}},
		{"", nil},
	}
	for _, tt := range tests {
		got, err := Split(tt.in)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Split(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{`less 'oops`, `less "oops`} {
		if _, err := Split(bad); err == nil {
			t.Errorf("Split(%q): no error", bad)
		}
	}
}

func TestFind(t *testing.T) {
	tests := []struct {
		name     string
		env      []string
		argv     []string
		less     string // LESS as the pager sees it; "-" for unset
		explicit bool
	}{
		{"default", nil, []string{"less", "-R"}, "FRX", false},
		{"PAGER", []string{"PAGER=most -s"}, []string{"most", "-s"}, "FRX", true},
		{"KHIVE_PRETTY_PAGER first", []string{"PAGER=most", "KHIVE_PRETTY_PAGER=less -S"}, []string{"less", "-S", "-R"}, "FRX", true},
		{"empty means none", []string{"KHIVE_PRETTY_PAGER=", "PAGER=most"}, nil, "", false},
		{"cat means none", []string{"PAGER=cat"}, nil, "", false},
		{"LESS kept", []string{"LESS=-R"}, []string{"less", "-R"}, "-R", false},
		{"LESS empty kept", []string{"LESS="}, []string{"less", "-R"}, "", false},
		{"LESS without -R", []string{"LESS=-i"}, []string{"less", "-R"}, "-i", false},
		{"less by its path", []string{"PAGER=/usr/bin/less -i"}, []string{"/usr/bin/less", "-i", "-R"}, "FRX", true},
		{"less -r kept", []string{"PAGER=less -r"}, []string{"less", "-r"}, "FRX", true},
		{"less -SR kept", []string{"PAGER=less -SR"}, []string{"less", "-SR"}, "FRX", true},
		{"less --RAW-CONTROL-CHARS kept", []string{"PAGER=less --RAW-CONTROL-CHARS"}, []string{"less", "--RAW-CONTROL-CHARS"}, "FRX", true},
		{"less --raw-control-chars kept", []string{"PAGER=less --raw-control-chars"}, []string{"less", "--raw-control-chars"}, "FRX", true},
		{"an R in a prompt is no -R", []string{"PAGER=less -PRows"}, []string{"less", "-PRows", "-R"}, "FRX", true},
		{"an R in a long option is no -R", []string{"PAGER=less --quit-at-eof --RAW"}, []string{"less", "--quit-at-eof", "--RAW", "-R"}, "FRX", true},
		{"no -R for another pager", []string{"PAGER=more"}, []string{"more"}, "FRX", true},
		{"no less on a dumb terminal", []string{"TERM=dumb"}, nil, "", false},
		{"a pager asked for on a dumb terminal", []string{"TERM=dumb", "PAGER=more"}, []string{"more"}, "FRX", true},
	}
	for _, tt := range tests {
		p, err := Find(tt.env)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !reflect.DeepEqual(p.Argv, tt.argv) || p.Explicit != tt.explicit {
			t.Errorf("%s: argv %q explicit %v", tt.name, p.Argv, p.Explicit)
		}
		if p.Argv == nil {
			continue
		}
		if less, ok := Lookup(p.Env, "LESS"); less != tt.less || !ok {
			t.Errorf("%s: LESS=%q (set %v), want %q", tt.name, less, ok, tt.less)
		}
	}
	// The output is UTF-8 whatever the locale: less is told so, unless the
	// user said otherwise.
	for _, tt := range []struct {
		env  []string
		want string
	}{
		{nil, "utf-8"},
		{[]string{"LANG=C"}, "utf-8"},
		{[]string{"LESSCHARSET="}, "utf-8"},
		{[]string{"LESSCHARSET=latin1"}, "latin1"},
		{[]string{"LESSCHARDEF=8bcccbcc18b95.b"}, "-"},
	} {
		p, err := Find(tt.env)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := Lookup(p.Env, "LESSCHARSET")
		if !ok {
			got = "-"
		}
		n := 0
		for _, kv := range p.Env {
			if strings.HasPrefix(kv, "LESSCHARSET=") {
				n++
			}
		}
		if got != tt.want || n > 1 {
			t.Errorf("%q: LESSCHARSET=%q (%d entries), want %q", tt.env, got, n, tt.want)
		}
	}
	if _, err := Find([]string{"PAGER=less 'x"}); err == nil || !strings.Contains(err.Error(), "PAGER") {
		t.Errorf("unbalanced quote: %v", err)
	}
}

func TestParseLessVersion(t *testing.T) {
	for in, want := range map[string]int{
		"less 590 (GNU regular expressions)\nCopyright": 590,
		"less 643x (PCRE2 regular expressions)\n":       643,
		"less 1234\n": 1234,
		"most 5.1\n":  0,
		"":            0,
	} {
		if got := parseLessVersion(in); got != want {
			t.Errorf("parseLessVersion(%q) = %d, want %d", in, got, want)
		}
	}
}

// Start runs a real program with the held output on its stdin.
func TestStart(t *testing.T) {
	dir := t.TempDir()
	out, err := os.Create(dir + "/out")
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	p, err := Find([]string{"PAGER=cat -n", "PATH=" + os.Getenv("PATH")})
	if err != nil {
		t.Fatal(err)
	}
	in, exited, err := Start(p, 1, out, os.Stderr)
	if err != nil {
		t.Skip("no cat:", err)
	}
	io.WriteString(in, "a\nb\n")
	in.Close()
	if err := <-exited; err != nil {
		t.Errorf("cat -n ended with %v", err)
	}
	got, _ := os.ReadFile(dir + "/out")
	if !strings.Contains(string(got), "1\ta\n") || !strings.Contains(string(got), "2\tb\n") {
		t.Errorf("the pager wrote %q", got)
	}
	if _, _, err := Start(Program{Argv: []string{dir + "/no-such-pager"}}, 0, out, os.Stderr); err == nil {
		t.Error("no error for a missing pager")
	}
}
