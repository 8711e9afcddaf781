//go:build unix

package main

import (
	"bufio"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Terminals and pagers (issue 22): a pager that fails, a terminal with no
// TERM, a LESS without -R, a locale that does not say UTF-8, and signals
// ignored by whoever started khive-pretty.

// envWithout is env with no entry for any of keys.
func envWithout(env []string, keys ...string) []string {
	var out []string
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		keep := true
		for _, key := range keys {
			keep = keep && k != key
		}
		if keep {
			out = append(out, kv)
		}
	}
	return out
}

// fakeLess writes a program named less into a new directory, to be put
// first on PATH: it records its arguments and the variables less reads,
// and what it is given. It answers --version as a less too old for
// --header.
func fakeLess(t *testing.T) (dir string) {
	dir = t.TempDir()
	body := "#!/bin/sh\n" +
		"d='" + dir + "'\n" +
		"case \"$1\" in --version) echo 'less 1'; exit 0;; esac\n" +
		"printf '%s\\n' \"$@\" > \"$d/argv\"\n" +
		"printf '%s' \"${LESS-(unset)}\" > \"$d/LESS.var\"\n" +
		"printf '%s' \"${LESSCHARSET-(unset)}\" > \"$d/charset\"\n" +
		"cat > \"$d/stdin\"\n"
	if err := os.WriteFile(filepath.Join(dir, "less"), []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// withPath puts dir first on env's PATH.
func withPath(env []string, dir string) []string {
	return append(envWithout(env, "PATH"), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// A pager that fails having read nothing (PAGER=false): the failure is
// said, naming the pager and its exit status, the output reaches the
// terminal after all, and the exit code is that of a run without a pager.
func TestEndToEndFailingPagerFallsBackToTheTerminal(t *testing.T) {
	bin := buildBinary(t)
	tall := writeTemp(t, "tall.json", tallList(40))
	env := cleanEnv("KHIVE_PRETTY_PAGER=false", "NO_COLOR=1")

	run := startInPTY(t, bin, 24, 80, env, nil, tall)
	code := run.wait(20 * time.Second)
	out := run.output()
	if code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
	first, last := strings.Index(out, "Row 0 "), strings.Index(out, "Row 39 ")
	msg := strings.Index(out, `khive-pretty: pager "false" failed (exit status 1)`)
	if first < 0 || last < 0 || msg < 0 {
		t.Fatalf("the output or the failure is missing from the terminal:\n%s", out)
	}
	if strings.Count(out, "Row 39 ") != 1 || msg < last {
		t.Errorf("the output is not written once, then the failure:\n%s", out)
	}

	// The exit code and the messages are those of a run without a pager.
	run = startInPTY(t, bin, 24, 80, env, nil, tall, "no-such-file.json")
	code = run.wait(20 * time.Second)
	out = run.output()
	if code != 2 || !strings.Contains(out, "Row 39 ") || !strings.Contains(out, "no-such-file.json") {
		t.Errorf("exit %d (want 2), terminal:\n%s", code, out)
	}
}

// The pager fails while the input is still coming: what it was given and
// all that follows reach the terminal.
func TestEndToEndPagerFailingWhileTheInputStreams(t *testing.T) {
	bin := buildBinary(t)
	script, _ := fakePager(t, "exit 3")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	run := startInPTY(t, bin, 24, 80, cleanEnv("KHIVE_PRETTY_PAGER="+script, "NO_COLOR=1"), r)
	r.Close()
	io.WriteString(w, tallList(40))
	waitFor(t, "the output held for the pager", 10*time.Second, func() bool { return strings.Contains(run.output(), "Row 39 ") })
	if !run.running(100 * time.Millisecond) {
		t.Fatalf("exited while the input is open:\n%s", run.output())
	}
	io.WriteString(w, `{"ok": true, "tool": "second.document", "result": {"from": "next", "to": "done"}}`+"\n")
	waitFor(t, "the next document", 10*time.Second, func() bool { return strings.Contains(run.output(), "second.document") })
	w.Close()
	if code := run.wait(20 * time.Second); code != 0 {
		t.Errorf("exit %d", code)
	}
	if out := run.output(); !strings.Contains(out, "(exit status 3)") {
		t.Errorf("the failure was not said:\n%s", out)
	}
}

// A pager that exits with a failure status on Ctrl-C (as less -K exits 2)
// was left by the user: the run ends quietly, nothing written again.
func TestEndToEndPagerExitingOnCtrlCIsAQuit(t *testing.T) {
	bin := buildBinary(t)
	script, dir := fakePager(t, `trap 'exit 2' INT
cat > "$d/stdin"
touch "$d/read"
while :; do sleep 0.05; done`)
	tall := writeTemp(t, "tall.json", tallList(40))
	run := startInPTY(t, bin, 24, 80, cleanEnv("KHIVE_PRETTY_PAGER="+script, "NO_COLOR=1"), nil, tall)
	waitFor(t, "the pager to read the output", 10*time.Second, func() bool { return exists(dir + "/read") })
	run.ptmx.Write([]byte{3})
	if code := run.wait(20 * time.Second); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
	if out := run.output(); strings.Contains(out, "Row") || strings.Contains(out, "khive-pretty") {
		t.Errorf("the terminal got:\n%s", out)
	}
}

// The real less with -K (quit on Ctrl-C, exit status 2): the same.
func TestEndToEndPagerRealLessQuitOnCtrlC(t *testing.T) {
	bin := buildBinary(t)
	if _, err := exec.LookPath("less"); err != nil {
		t.Skip("no less")
	}
	tall := writeTemp(t, "tall.json", tallList(40))
	run := startInPTY(t, bin, 24, 80, cleanEnv("PAGER=less", "LESS=-K", "NO_COLOR=1"), nil, tall)
	waitFor(t, "less to show the first screen", 10*time.Second, func() bool { return strings.Contains(run.output(), "row-5 ") })
	// less draws its screen and only then marks itself as reading the
	// terminal (os.c, iread: flush(); reading = TRUE; read(...)): a SIGINT
	// between the two is noted but does not end the read, and less waits
	// for a key. A person who sees no effect presses Ctrl-C again, so the
	// test does too, first after a pause such a person would leave, then
	// while less has not left its screen (the rmcup sequence it writes on
	// quitting), never after it has.
	time.Sleep(200 * time.Millisecond)
	for i := 0; i < 10 && !strings.Contains(run.output(), "\x1b[?1049l"); i++ {
		run.ptmx.Write([]byte{3})
		if !run.running(2 * time.Second) {
			break
		}
	}
	if code := run.wait(20 * time.Second); code != 0 {
		t.Errorf("exit %d after Ctrl-C in less -K", code)
	}
	if out := run.output(); strings.Contains(out, "row-39 ") || strings.Contains(out, "khive-pretty") {
		t.Errorf("the terminal got more than less's screen:\n%s", out)
	}
}

// A terminal that does not say what it is (TERM unset or empty) is dumb:
// no less by default, no colour under --color auto.
func TestEndToEndTerminalWithoutTERMIsDumb(t *testing.T) {
	bin := buildBinary(t)
	tall := writeTemp(t, "tall.json", tallList(40))
	dir := fakeLess(t)
	base := withPath(envWithout(cleanEnv(), "TERM", "PAGER"), dir)
	for _, tt := range []struct {
		name  string
		env   []string
		paged bool
	}{
		{"TERM unset", base, false},
		{"TERM empty", append(base[:len(base):len(base)], "TERM="), false},
		{"TERM set", append(base[:len(base):len(base)], "TERM=xterm-256color"), true},
	} {
		os.Remove(dir + "/argv")
		run := startInPTY(t, bin, 24, 80, tt.env, nil, tall)
		code := run.wait(20 * time.Second)
		out := run.output()
		if code != 0 || exists(dir+"/argv") != tt.paged {
			t.Errorf("%s: exit %d, paged %v, want %v", tt.name, code, !tt.paged, tt.paged)
			continue
		}
		if tt.paged {
			continue
		}
		if !strings.Contains(out, "Row 39 ") || strings.Contains(out, "\x1b") {
			t.Errorf("%s: the terminal got:\n%q", tt.name, out)
		}
	}
	// --color always still colours.
	run := startInPTY(t, bin, 24, 80, base, nil, "--color", "always", "testdata/khive_gtd_transition.json")
	if code := run.wait(20 * time.Second); code != 0 || !strings.Contains(run.output(), "\x1b[") {
		t.Errorf("--color always without TERM: exit %d, %q", code, run.output())
	}
}

// Less is given -R on its command line, whatever LESS holds, unless the
// command line already says how to show control characters; and
// LESSCHARSET=utf-8 unless the user chose a character set.
func TestEndToEndPagerLessGetsRawColoursAndUTF8(t *testing.T) {
	bin := buildBinary(t)
	tall := writeTemp(t, "tall.json", tallList(40))
	dir := fakeLess(t)
	base := withPath(envWithout(cleanEnv(), "PAGER", "LESSCHARSET", "LESSCHARDEF"), dir)
	tests := []struct {
		name             string
		env              []string
		argv, less, char string
	}{
		{"default", nil, "-R\n", "FRX", "utf-8"},
		{"LESS without -R", []string{"LESS=-i"}, "-R\n", "-i", "utf-8"},
		{"less -r asked for", []string{"PAGER=less -r"}, "-r\n", "FRX", "utf-8"},
		{"--RAW-CONTROL-CHARS asked for", []string{"KHIVE_PRETTY_PAGER=less -S --RAW-CONTROL-CHARS"}, "-S\n--RAW-CONTROL-CHARS\n", "FRX", "utf-8"},
		{"LESSCHARSET kept", []string{"LESSCHARSET=latin1", "LANG=C"}, "-R\n", "FRX", "latin1"},
		{"LESSCHARDEF kept", []string{"LESSCHARDEF=8bcccbcc18b95.b"}, "-R\n", "FRX", "(unset)"},
	}
	for _, tt := range tests {
		os.Remove(dir + "/argv")
		run := startInPTY(t, bin, 24, 80, append(base[:len(base):len(base)], tt.env...), nil, tall)
		if code := run.wait(20 * time.Second); code != 0 || !exists(dir+"/argv") {
			t.Errorf("%s: exit %d, paged %v\n%s", tt.name, code, exists(dir+"/argv"), run.output())
			continue
		}
		argv, less, char := readFile(t, dir+"/argv"), readFile(t, dir+"/LESS.var"), readFile(t, dir+"/charset")
		if argv != tt.argv || less != tt.less || char != tt.char {
			t.Errorf("%s: argv %q LESS=%q LESSCHARSET=%q; want %q, %q, %q", tt.name, argv, less, char, tt.argv, tt.less, tt.char)
		}
	}
}

// The real less, with a LESS of the user's that has no -R, in a locale
// that does not say UTF-8: colours and glyphs show as such, not as
// ESC[1m and <E2><96><B6>.
func TestEndToEndPagerRealLessShowsColoursAndGlyphs(t *testing.T) {
	bin := buildBinary(t)
	if _, err := exec.LookPath("less"); err != nil {
		t.Skip("no less")
	}
	tall := writeTemp(t, "tall.json", tallList(40))
	env := append(envWithout(cleanEnv(), "LANG", "LC_ALL", "LC_CTYPE", "LESSCHARSET", "LESSCHARDEF"),
		"PAGER=less", "LESS=-i", "LANG=C")
	run := startInPTY(t, bin, 24, 80, env, nil, "--color", "always", tall)
	waitFor(t, "less to show the first screen", 10*time.Second, func() bool { return strings.Contains(run.output(), "row-5") })
	time.Sleep(100 * time.Millisecond)
	out := run.output()
	run.ptmx.Write([]byte("q"))
	if code := run.wait(20 * time.Second); code != 0 {
		t.Errorf("exit %d after q", code)
	}
	if strings.Contains(out, "ESC") || strings.Contains(out, "<E2>") || !strings.Contains(out, "…") || !strings.Contains(out, "\x1b[1m") {
		t.Errorf("less showed escapes or bytes:\n%q", out)
	}
}

// Started with SIGINT ignored (`trap "" INT`, a background job of a
// non-interactive shell), khive-pretty leaves it ignored, colour or not:
// SIGINT does not end it.
func TestEndToEndIgnoredSignalStaysIgnored(t *testing.T) {
	bin := buildBinary(t)
	cmd := exec.Command("sh", "-c", `trap '' INT; exec "$0" --color always -o human`, bin)
	cmd.Env = cleanEnv()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		exited <- cmd.Wait()
	}()
	waitLine := func(what string) {
		t.Helper()
		awaitLine(t, lines, what, func(l string) bool { return strings.Contains(l, what) })
	}
	io.WriteString(stdin, `{"ok": true, "tool": "first.document", "result": {"from": "next", "to": "done"}}`+"\n")
	waitLine("first.document")
	cmd.Process.Signal(os.Interrupt)
	time.Sleep(200 * time.Millisecond)
	io.WriteString(stdin, `{"ok": true, "tool": "second.document", "result": {"from": "next", "to": "done"}}`+"\n")
	waitLine("second.document")
	stdin.Close()
	for range lines {
	}
	select {
	case err := <-exited:
		var ee *exec.ExitError
		if errors.As(err, &ee) || err != nil {
			t.Errorf("exit: %v, want 0", err)
		}
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("still running after its input ended")
	}
}
