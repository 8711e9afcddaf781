//go:build unix

package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/khive-ai/khive-pretty/table"
)

// ptyRun is the binary running with stdout and stderr on a pseudo-terminal
// of a given size (and stdin too, unless the test feeds it).
type ptyRun struct {
	t    *testing.T
	cmd  *exec.Cmd
	ptmx *os.File
	mu   sync.Mutex
	out  bytes.Buffer
	read chan struct{} // closed when the terminal has nothing more to say
	exit chan int
}

func startInPTY(t *testing.T, bin string, rows, cols uint16, env []string, stdin io.Reader, args ...string) *ptyRun {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skip("no pty:", err)
	}
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: rows, Cols: cols}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr, cmd.Stdin = tty, tty, tty
	if stdin != nil {
		cmd.Stdin = stdin
	}
	// Its own session, with the terminal as the controlling one (fd 1), so
	// that Ctrl-C typed on it reaches the program and its pager.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 1}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	r := &ptyRun{t: t, cmd: cmd, ptmx: ptmx, read: make(chan struct{}), exit: make(chan int, 1)}
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			r.mu.Lock()
			r.out.Write(buf[:n])
			r.mu.Unlock()
			if err != nil { // EIO once every holder of the terminal has gone
				close(r.read)
				return
			}
		}
	}()
	go func() {
		err := cmd.Wait()
		var ee *exec.ExitError
		switch {
		case err == nil:
			r.exit <- 0
		case errors.As(err, &ee):
			r.exit <- ee.ExitCode()
		default:
			r.exit <- -1
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		ptmx.Close()
	})
	return r
}

// output is what the terminal has received so far, with its line endings
// made \n again.
func (r *ptyRun) output() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.ReplaceAll(r.out.String(), "\r\n", "\n")
}

// wait returns the exit code, failing the test after timeout.
func (r *ptyRun) wait(timeout time.Duration) int {
	r.t.Helper()
	select {
	case code := <-r.exit:
		select {
		case <-r.read:
		case <-time.After(2 * time.Second):
		}
		return code
	case <-time.After(timeout):
		r.t.Fatalf("still running after %v; terminal so far:\n%s", timeout, r.output())
		return 0
	}
}

// running reports whether the process is still running after d.
func (r *ptyRun) running(d time.Duration) bool {
	select {
	case code := <-r.exit:
		r.exit <- code
		return false
	case <-time.After(d):
		return true
	}
}

// waitFor waits until cond holds, failing the test after timeout.
func waitFor(t *testing.T, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// fakePager writes a pager script into a new directory: it records its
// arguments, LESS, the size of its terminal, and what it is given, then
// runs tail (shell code) before exiting. It does not draw anything, so the
// test does not depend on less's screen handling.
func fakePager(t *testing.T, tail string) (script, dir string) {
	dir = t.TempDir()
	script = filepath.Join(dir, "pager")
	body := "#!/bin/sh\n" +
		"d='" + dir + "'\n" +
		"printf '%s\\n' \"$@\" > \"$d/argv\"\n" +
		"printf '%s' \"${LESS-(unset)}\" > \"$d/less\"\n" +
		"stty size < /dev/tty > \"$d/size\" 2>&1\n" +
		tail + "\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script, dir
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// tallList is a list of n records with titles long enough to be cut to
// any terminal's width.
func tallList(n int) string {
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		status := "next" // statuses that differ, so that they stay a column
		if i%2 == 1 {
			status = "active"
		}
		b.WriteString(`{"id": "row-` + itoa(i) + `", "status": "` + status + `", "title": "Row ` + itoa(i) +
			` has a title long enough to be cut to the width of any terminal it is shown on, however wide"}`)
	}
	b.WriteString("]\n")
	return b.String()
}

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Output taller than the terminal goes through the pager, laid out at the
// terminal's width, with LESS=FRX; shorter output, or --pager never, is
// written directly.
func TestEndToEndPagerStartsForTallOutputOnly(t *testing.T) {
	bin := buildBinary(t)
	tall := writeTemp(t, "tall.json", tallList(40))
	script, dir := fakePager(t, `cat > "$d/stdin"`)
	env := cleanEnv("KHIVE_PRETTY_PAGER="+script, "NO_COLOR=1")

	// The same output without a pager, to compare with what the pager gets.
	direct := startInPTY(t, bin, 24, 70, env, nil, "--pager", "never", tall)
	if code := direct.wait(20 * time.Second); code != 0 || exists(dir+"/argv") {
		t.Fatalf("--pager never: exit %d, pager started: %v", code, exists(dir+"/argv"))
	}
	want := direct.output()

	short := startInPTY(t, bin, 24, 70, env, nil, "testdata/khive_gtd_transition.json")
	if code := short.wait(20 * time.Second); code != 0 || exists(dir+"/argv") || !strings.Contains(short.output(), "gtd.transition") {
		t.Fatalf("short output: exit %d, pager started: %v, terminal:\n%s", code, exists(dir+"/argv"), short.output())
	}

	paged := startInPTY(t, bin, 24, 70, env, nil, tall)
	if code := paged.wait(20 * time.Second); code != 0 {
		t.Fatalf("exit %d:\n%s", code, paged.output())
	}
	if !exists(dir + "/argv") {
		t.Fatalf("no pager for %d lines on a 24-line terminal; terminal got:\n%s", strings.Count(want, "\n"), paged.output())
	}
	got := readFile(t, dir+"/stdin")
	if got != want {
		t.Errorf("the pager got other output than the terminal would have:\n%s\n---\n%s", got, want)
	}
	widest := 0
	for _, line := range strings.Split(got, "\n") {
		widest = max(widest, table.Width(line))
	}
	if widest > 70 || widest < 60 {
		t.Errorf("paged output is %d wide on a terminal 70 wide:\n%s", widest, got)
	}
	if size := readFile(t, dir+"/size"); size != "24 70\n" {
		t.Errorf("the pager's terminal is %q", size)
	}
	if less := readFile(t, dir+"/less"); less != "FRX" {
		t.Errorf("LESS=%q for the pager, want FRX", less)
	}
	if argv := readFile(t, dir+"/argv"); argv != "\n" {
		t.Errorf("the pager got arguments %q", argv)
	}
	if strings.Contains(paged.output(), "Row 1 ") {
		t.Error("paged output was also written to the terminal")
	}
}

// Which pager, and with what LESS.
func TestEndToEndPagerChoice(t *testing.T) {
	bin := buildBinary(t)
	tall := writeTemp(t, "tall.json", tallList(40))
	script, dir := fakePager(t, `cat > "$d/stdin"`)
	tests := []struct {
		name  string
		env   []string
		args  []string
		paged bool
		less  string
	}{
		{"PAGER", []string{"PAGER=" + script}, nil, true, "FRX"},
		{"LESS of the user kept", []string{"PAGER=" + script, "LESS=-S"}, nil, true, "-S"},
		{"KHIVE_PRETTY_PAGER set but empty", []string{"PAGER=" + script, "KHIVE_PRETTY_PAGER="}, nil, false, ""},
		{"KHIVE_PRETTY_PAGER=cat", []string{"PAGER=" + script, "KHIVE_PRETTY_PAGER=cat"}, nil, false, ""},
		{"--pager always, short output", []string{"PAGER=" + script}, []string{"--pager", "always", "testdata/khive_gtd_transition.json"}, true, "FRX"},
	}
	for _, tt := range tests {
		os.Remove(dir + "/argv")
		args := tt.args
		if args == nil {
			args = []string{tall}
		}
		r := startInPTY(t, bin, 24, 80, cleanEnv(tt.env...), nil, args...)
		if code := r.wait(20 * time.Second); code != 0 {
			t.Errorf("%s: exit %d", tt.name, code)
		}
		if exists(dir+"/argv") != tt.paged {
			t.Errorf("%s: paged %v, want %v", tt.name, !tt.paged, tt.paged)
			continue
		}
		if tt.paged {
			if less := readFile(t, dir+"/less"); less != tt.less {
				t.Errorf("%s: LESS=%q, want %q", tt.name, less, tt.less)
			}
		}
	}
}

// --pager always pages when piped, too.
func TestEndToEndPagerAlwaysWhenPiped(t *testing.T) {
	bin := buildBinary(t)
	script, dir := fakePager(t, `cat > "$d/stdin"`)
	cmd := exec.Command(bin, "--pager", "always", "testdata/khive_gtd_transition.json")
	cmd.Env = cleanEnv("KHIVE_PRETTY_PAGER=" + script)
	out, err := cmd.Output()
	if err != nil || len(out) != 0 || !strings.Contains(readFile(t, dir+"/stdin"), "tool: gtd.transition") {
		t.Errorf("%v; stdout %q", err, out)
	}
}

// A slow stream (SSE progress) shows as it comes, and no pager starts for
// it afterwards, however long it grows.
func TestEndToEndSlowStreamIsNotHeldForAPager(t *testing.T) {
	bin := buildBinary(t)
	script, dir := fakePager(t, `cat > "$d/stdin"`)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	run := startInPTY(t, bin, 24, 80, cleanEnv("KHIVE_PRETTY_PAGER="+script), r)
	r.Close()
	io.WriteString(w, `{"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": 1, "progress": 1, "total": 3, "message": "indexing"}}`+"\n")
	start := time.Now()
	waitFor(t, "the first progress line", 10*time.Second, func() bool { return strings.Contains(run.output(), "indexing") })
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the first line took %v", d)
	}
	io.WriteString(w, tallList(40))
	w.Close()
	if code := run.wait(20 * time.Second); code != 0 {
		t.Errorf("exit %d", code)
	}
	if exists(dir + "/argv") {
		t.Error("a pager started after output had been written directly")
	}
	if !strings.Contains(run.output(), "Row 39 ") {
		t.Errorf("the list did not reach the terminal:\n%s", run.output())
	}
}

// The user quits the pager (q) while the input is still open: the run
// ends at once, quietly, with exit 0.
func TestEndToEndQuittingThePagerEndsTheRun(t *testing.T) {
	bin := buildBinary(t)
	script, dir := fakePager(t, `head -n 3 > "$d/stdin"`)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	run := startInPTY(t, bin, 24, 80, cleanEnv("KHIVE_PRETTY_PAGER="+script, "NO_COLOR=1"), r)
	r.Close()
	io.WriteString(w, tallList(40)) // and then nothing: the input stays open
	if code := run.wait(20 * time.Second); code != 0 {
		t.Errorf("exit %d after the pager quit", code)
	}
	if out := run.output(); strings.Contains(out, "khive-pretty") || strings.Contains(out, "Row") {
		t.Errorf("the terminal got %q", out)
	}
	if got := readFile(t, dir+"/stdin"); !strings.HasPrefix(got, "ID") {
		t.Errorf("the pager got %q", got)
	}

	// The same with a pager that quits while khive-pretty is still writing.
	big := writeTemp(t, "big.json", tallList(20000))
	run = startInPTY(t, bin, 24, 80, cleanEnv("KHIVE_PRETTY_PAGER="+script, "NO_COLOR=1"), nil, big)
	if code := run.wait(20 * time.Second); code != 0 || strings.Contains(run.output(), "khive-pretty") {
		t.Errorf("exit %d, terminal %q", code, run.output())
	}
}

// Ctrl-C while the pager is up belongs to the pager: khive-pretty keeps
// running until the pager exits, then exits 0.
func TestEndToEndCtrlCWhilePaging(t *testing.T) {
	bin := buildBinary(t)
	script, dir := fakePager(t, `trap 'echo INT >> "$d/signals"' INT
cat > "$d/stdin"
touch "$d/read"
while [ ! -e "$d/quit" ]; do sleep 0.05; done`)
	tall := writeTemp(t, "tall.json", tallList(40))
	run := startInPTY(t, bin, 24, 80, cleanEnv("KHIVE_PRETTY_PAGER="+script), nil, tall)
	// The user reads the last screen; khive-pretty waits for the pager.
	waitFor(t, "the pager to read the output", 10*time.Second, func() bool { return exists(dir + "/read") })
	run.ptmx.Write([]byte{3}) // Ctrl-C on the terminal: SIGINT to both
	waitFor(t, "the pager to see SIGINT", 10*time.Second, func() bool { return exists(dir + "/signals") })
	if !run.running(300 * time.Millisecond) {
		t.Fatalf("khive-pretty exited on Ctrl-C while the pager was up:\n%s", run.output())
	}
	os.WriteFile(dir+"/quit", nil, 0o644)
	if code := run.wait(20 * time.Second); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
	if got := readFile(t, dir+"/stdin"); !strings.Contains(got, "Row 39 ") {
		t.Errorf("the pager did not get all the output:\n%s", got)
	}
}

// The real less, if there is one: it shows the first screen and q ends
// the run with exit 0.
func TestEndToEndRealLess(t *testing.T) {
	bin := buildBinary(t)
	if _, err := exec.LookPath("less"); err != nil {
		t.Skip("no less")
	}
	tall := writeTemp(t, "tall.json", tallList(40))
	run := startInPTY(t, bin, 24, 80, cleanEnv("PAGER=less", "NO_COLOR=1"), nil, tall)
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(run.output(), "row-5 ") {
		if time.Now().After(deadline) {
			t.Fatalf("less did not show the first screen:\n%q", run.output())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if strings.Contains(run.output(), "row-39 ") {
		t.Error("less showed more than one screen")
	}
	run.ptmx.Write([]byte("q"))
	if code := run.wait(20 * time.Second); code != 0 {
		t.Errorf("exit %d after q", code)
	}
}

// Quitting less with q exits as the run would without a pager once the
// output is all written: 1 for an answer that reports a failure (a tall
// batch whose op failed, which says so on its first screen), 0 for one
// that does not.
func TestEndToEndRealLessQuitExitsAsTheAnswer(t *testing.T) {
	bin := buildBinary(t)
	if _, err := exec.LookPath("less"); err != nil {
		t.Skip("no less")
	}
	var ops []string
	for i := range 30 {
		op := `{"ok": true, "tool": "create", "result": {"id": "op-` + itoa(i) + `"}}`
		if i == 17 {
			op = `{"ok": false, "tool": "get", "error": {"kind": "not_found", "message": "no entity"}}`
		}
		ops = append(ops, op)
	}
	failed := writeTemp(t, "batch.json", `{"results": [`+strings.Join(ops, ",")+`], "summary": {"succeeded": 29, "failed": 1}}`)
	for _, tt := range []struct {
		file, first string
		code        int
	}{{failed, "✗ #17 get", 1}, {writeTemp(t, "tall.json", tallList(40)), "row-5 ", 0}} {
		run := startInPTY(t, bin, 24, 80, cleanEnv("PAGER=less", "NO_COLOR=1", "LANG=C.UTF-8"), nil, tt.file)
		deadline := time.Now().Add(10 * time.Second)
		for !strings.Contains(run.output(), tt.first) {
			if time.Now().After(deadline) {
				t.Fatalf("less did not show %q on its first screen:\n%q", tt.first, run.output())
			}
			time.Sleep(10 * time.Millisecond)
		}
		run.ptmx.Write([]byte("q"))
		if code := run.wait(20 * time.Second); code != tt.code {
			t.Errorf("%s: exit %d after q, want %d", filepath.Base(tt.file), code, tt.code)
		}
	}
}

// Human output piped (`| less -R`) is as wide as the terminal it will be
// seen on: stderr's, else the controlling terminal's; else 80.
func TestEndToEndWidthWhenPiped(t *testing.T) {
	bin := buildBinary(t)
	tall := writeTemp(t, "tall.json", tallList(3))
	widest := func(out []byte) int {
		w := 0
		for _, line := range strings.Split(string(out), "\n") {
			w = max(w, table.Width(line))
		}
		return w
	}
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skip("no pty:", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	go io.Copy(io.Discard, ptmx)
	pty.Setsize(ptmx, &pty.Winsize{Rows: 24, Cols: 50})

	// stderr on the terminal
	cmd := exec.Command(bin, "-o", "human", tall)
	cmd.Env = cleanEnv()
	cmd.Stderr = tty
	out, err := cmd.Output()
	if err != nil || widest(out) > 50 || widest(out) < 40 {
		t.Errorf("stderr on a terminal 50 wide: %v, output %d wide:\n%s", err, widest(out), out)
	}

	// stdout and stderr piped; the terminal is the controlling one
	pty.Setsize(ptmx, &pty.Winsize{Rows: 24, Cols: 60})
	cmd = exec.Command(bin, "-o", "human", tall)
	cmd.Env = cleanEnv()
	cmd.Stdin = tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	out, err = cmd.Output()
	if err != nil || widest(out) > 60 || widest(out) < 50 {
		t.Errorf("/dev/tty 60 wide: %v, output %d wide:\n%s", err, widest(out), out)
	}

	// no terminal at all
	cmd = exec.Command(bin, "-o", "human", tall)
	cmd.Env = cleanEnv()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	out, err = cmd.Output()
	if err != nil || widest(out) > 80 || widest(out) < 70 {
		t.Errorf("no terminal: %v, output %d wide:\n%s", err, widest(out), out)
	}

	// COLUMNS still wins
	cmd = exec.Command(bin, "-o", "human", tall)
	cmd.Env = cleanEnv("COLUMNS=45")
	cmd.Stderr = tty
	out, err = cmd.Output()
	if err != nil || widest(out) > 45 || widest(out) < 35 {
		t.Errorf("COLUMNS=45: %v, output %d wide:\n%s", err, widest(out), out)
	}
}

// FORCE_COLOR and CLICOLOR_FORCE colour human and json output when piped,
// and leave -o auto plain: the stable interface for scripts and CI (many
// CI systems set FORCE_COLOR).
func TestEndToEndForcedColourWhenPiped(t *testing.T) {
	bin := buildBinary(t)
	for _, force := range []string{"FORCE_COLOR=1", "CLICOLOR_FORCE=1"} {
		for _, o := range []string{"human", "json", "auto", "plain"} {
			cmd := exec.Command(bin, "-o", o, "testdata/khive_gtd_transition.json")
			cmd.Env = cleanEnv(force, "NO_COLOR=1")
			out, err := cmd.Output()
			if err != nil {
				t.Fatal(err)
			}
			coloured := bytes.Contains(out, []byte("\x1b["))
			if want := o == "human" || o == "json"; coloured != want {
				t.Errorf("%s -o %s piped: coloured %v, want %v", force, o, coloured, want)
			}
			if o == "auto" && !strings.HasPrefix(string(out), "ok: true\n") {
				t.Errorf("%s -o auto piped is not plain:\n%s", force, out)
			}
		}
	}
}
