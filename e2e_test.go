package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/creack/pty"

	"github.com/khive-ai/khive-pretty/table"
)

// binary is the command built once for the end-to-end tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "khive-pretty-e2e")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "khive-pretty")
	// -short runs no binary (buildBinary): no build to load the machine
	// the other packages' tests run on.
	flag.Parse()
	if testing.Short() {
		binary = ""
	} else if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		binary = ""
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// buildBinary returns the command built by TestMain.
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the binary")
	}
	if binary == "" {
		t.Fatal("go build failed (see above)")
	}
	return binary
}

// cleanEnv is the environment without the variables that steer output, so
// that the developer's or CI's own settings cannot change the result. No
// pager unless a test asks for one (a later entry wins).
func cleanEnv(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		switch strings.SplitN(kv, "=", 2)[0] {
		case "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "FORCE_COLOR", "COLUMNS", "TERM", "KHIVE_PRETTY_NOW", "KHIVE_PRETTY_COLORS",
			"KHIVE_PRETTY_PAGER", "PAGER", "LESS":
			continue
		}
		env = append(env, kv)
	}
	return append(append(env, "TERM=xterm-256color", "KHIVE_PRETTY_NOW=2026-05-23T16:20:00Z", "PAGER=cat"), extra...)
}

// runInPTY runs the binary with stdout (and stdin) on a pseudo-terminal of
// the given width and returns what the terminal received.
func runInPTY(t *testing.T, bin string, cols uint16, env []string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: cols})
	if err != nil {
		t.Fatal(err)
	}
	defer ptmx.Close()
	var buf bytes.Buffer
	_, err = io.Copy(&buf, ptmx) // ends with EIO when the child exits
	var pe *os.PathError
	if err != nil && !errors.As(err, &pe) {
		t.Fatal(err)
	}
	code := 0
	if err := cmd.Wait(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatal(err)
		}
		code = ee.ExitCode()
	}
	return strings.ReplaceAll(buf.String(), "\r\n", "\n"), code
}

func TestEndToEndTerminalGetsHumanOutput(t *testing.T) {
	bin := buildBinary(t)
	out, code := runInPTY(t, bin, 100, cleanEnv(), "testdata/khive_list_tasks.json")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, want := range []string{"ID", "TITLE", "▶ next", "3 tasks", "more available", "41f60be0"} {
		if !strings.Contains(out, want) {
			t.Errorf("terminal output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "\x1b[") {
		t.Error("no colour on a colour terminal")
	}
	if strings.Contains(out, "41f60be0-7cef") {
		t.Error("full UUID on a terminal without --verbose")
	}
}

func TestEndToEndWidthComesFromTheTerminal(t *testing.T) {
	bin := buildBinary(t)
	for _, cols := range []uint16{50, 120} {
		out, _ := runInPTY(t, bin, cols, cleanEnv("NO_COLOR=1"), "testdata/long_titles.json")
		if strings.Contains(out, "\x1b[") {
			t.Errorf("NO_COLOR=1: colour in output:\n%s", out)
		}
		widest := 0
		for _, line := range strings.Split(out, "\n") {
			widest = max(widest, table.Width(line))
		}
		if widest > int(cols) || widest < int(cols)-10 {
			t.Errorf("terminal %d wide: widest line is %d:\n%s", cols, widest, out)
		}
	}
}

func TestEndToEndPipeGetsPlainOutput(t *testing.T) {
	bin := buildBinary(t)
	cmd := exec.Command(bin, "testdata/khive_list_tasks.json")
	cmd.Env = cleanEnv("FORCE_COLOR=1") // forcing colour must not turn a pipe human
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	if strings.Contains(s, "\x1b") {
		t.Error("escape codes in piped output")
	}
	if !strings.HasPrefix(s, "ok: true\ntool: list\n\nid\tkind\ttitle\t") || !strings.Contains(s, "41f60be0-7cef-4aa3-aaed-cf4a4599a084\t") {
		t.Errorf("piped output is not plain:\n%s", s)
	}
}

func TestEndToEndColorAlwaysWhenPiped(t *testing.T) {
	bin := buildBinary(t)
	cmd := exec.Command(bin, "--color", "always", "testdata/khive_list_tasks.json")
	cmd.Env = cleanEnv()
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "\x1b[") || !strings.Contains(string(out), "3 tasks") {
		t.Errorf("--color always piped is not coloured human output:\n%s", out)
	}
}

func TestEndToEndTerminalStdinWithoutFilesPrintsUsage(t *testing.T) {
	bin := buildBinary(t)
	out, code := runInPTY(t, bin, 80, cleanEnv())
	if code != 2 || !strings.Contains(out, "usage: khive-pretty") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}

func TestEndToEndExitCodesAndErrors(t *testing.T) {
	bin := buildBinary(t)
	tests := []struct {
		args   []string
		stdin  string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"testdata/khive_gtd_transition.json"}, "", 0, "tool: gtd.transition", ""},
		{[]string{"testdata/khive_batch_partial.json"}, "", 1, "op #1 of 3: get: error", ""},
		{nil, "{\"ok\": true, \"tool\": \"x\", \"result\": 1}\n{bad", 2, "result: 1", "khive-pretty: <stdin>:2:2: "},
		{[]string{"-"}, "", 2, "", "khive-pretty: <stdin>:1:1: empty input: no JSON document"},
		{[]string{"testdata"}, "", 2, "", "khive-pretty: testdata: is a directory, not a file of JSON\n"},
		{[]string{"--width", "0", "-o", "human"}, "{}", 2, "", "--width must be a positive number"},
		{[]string{"--width", "abc", "-o", "human"}, "{}", 2, "", "--width must be a positive number"},
		{[]string{"no/such/file.json", "testdata/khive_gtd_transition.json"}, "", 2, "tool: gtd.transition", "no/such/file.json"},
		{[]string{"--output", "fancy"}, "", 2, "", "--output must be auto, human, plain, markdown, json, agent, tsv or csv"},
		{[]string{"--now", "yesterday", "-o", "human"}, "{}", 2, "", "--now (or KHIVE_PRETTY_NOW) \"yesterday\" is not an RFC 3339 time"},
		{[]string{"--now", "yesterday"}, "{}", 2, "", "is not an RFC 3339 time"}, // checked for plain output too
		{[]string{"--width", "-5", "-o", "human"}, "{}", 2, "", "--width must be a positive number"},
		{[]string{"--no-such-flag"}, "", 2, "", "usage: khive-pretty"},
		{[]string{"-xyz"}, "", 2, "", "unknown flag -xyz\n"},                  // named as typed
		{[]string{"-ojson", "-w80"}, "{\"a\": 1}", 0, "{\n  \"a\": 1\n}", ""}, // glued, as kubectl and gh users type
		{[]string{"-w", "100"}, "{\"a\": 1}", 0, "a: 1", "--width has no effect on plain output"},
		{[]string{"testdata/khive_list_tasks.json", "--columns", "id,titel"}, "", 2, "", `no column named "titel" (did you mean title?); the columns were: id, kind, title`},
		{[]string{"testdata/khive_list_tasks.json", "--where", "status"}, "", 2, "", `--where "status" has no comparison`},
		{[]string{"testdata/khive_list_tasks.json", "-o", "json", "--sort", "title"}, "", 2, "", "--columns, --sort, --where and --no-headers act on tables, which -o json does not have"},
		{[]string{"testdata/khive_gtd_transition.json", "-o", "human", "--width", "50"}, "", 0, "✓ gtd.transition", ""}, // flags after files
		// Rows for scripts: the table alone, or why there is none.
		{[]string{"testdata/khive_list_tasks.json", "-o", "tsv", "-c", "id", "--no-headers"}, "", 0, "1d6608f7-02d3-4789-bbf8-322a12847494\n", ""},
		{[]string{"testdata/mcp/memory_read_graph.json", "-o", "csv"}, "", 2, "", "the answer holds 2 tables (entities, relations): pick one with --table NAME"},
		{[]string{"testdata/mcp/memory_read_graph.json", "-o", "plain", "--table", "entities"}, "", 2, "", "--table picks the table of -o tsv and -o csv, not of -o plain"},
		{[]string{"testdata/khive_error_search_incomplete.json", "-o", "tsv"}, "", 1, "", "the answer reports a failure: error: search_incomplete"},
		// A failed test event has no error line: what failed, not its Time.
		{[]string{"testdata/everyday/go_test_json_pass_fail.ndjson", "-o", "tsv"}, "", 1, "", "the answer reports a failure: fail: example.com/testdemo TestSub\n"},
		{[]string{"testdata/everyday/go_build_json_error.ndjson", "-o", "csv"}, "", 1, "", "the answer reports a failure: build-fail: example.com/builddemo\n"},
	}
	for _, tt := range tests {
		cmd := exec.Command(bin, tt.args...)
		cmd.Env = cleanEnv()
		cmd.Stdin = strings.NewReader(tt.stdin)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		}
		if code != tt.code || !strings.Contains(stdout.String(), tt.stdout) || !strings.Contains(stderr.String(), tt.stderr) {
			t.Errorf("%v: exit %d (want %d)\nstdout:\n%s\nstderr:\n%s", tt.args, code, tt.code, stdout.String(), stderr.String())
		}
	}
}

// A name of --columns, --sort or --where that names no column fails before
// the table is written: nothing on stdout, in every output, whether the
// list is held or read as it comes.
func TestUnknownColumnWritesNothing(t *testing.T) {
	bin := buildBinary(t)
	long := filepath.Join(t.TempDir(), "long.json")
	var b strings.Builder
	b.WriteString(`{"ok":true,"tool":"list","result":{"items":[`)
	for i := range 3000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"%08x","title":"task %d","status":"next"}`, i, i)
	}
	b.WriteString(`],"has_more":false}}`)
	if err := os.WriteFile(long, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"testdata/khive_list_tasks.json", long} {
		for _, out := range []string{"human", "markdown", "plain"} {
			for _, flag := range [][]string{{"-c", "titel"}, {"--sort", "-nope"}, {"--where", "nope=3"}} {
				args := append([]string{file, "-o", out, "--pager", "never"}, flag...)
				cmd := exec.Command(bin, args...)
				cmd.Env = cleanEnv()
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				err := cmd.Run()
				var ee *exec.ExitError
				if !errors.As(err, &ee) || ee.ExitCode() != 2 || stdout.Len() > 0 || !strings.Contains(stderr.String(), "no column named") {
					t.Errorf("%v: %v\nstdout:\n%.300s\nstderr:\n%s", args, err, stdout.String(), stderr.String())
				}
			}
		}
	}
}

func TestEndToEndTermDumbGivesHumanLayoutWithoutColour(t *testing.T) {
	bin := buildBinary(t)
	env := cleanEnv()
	for i, kv := range env {
		if strings.HasPrefix(kv, "TERM=") {
			env[i] = "TERM=dumb"
		}
	}
	out, code := runInPTY(t, bin, 100, env, "testdata/khive_list_tasks.json")
	if code != 0 || strings.Contains(out, "\x1b") || !strings.Contains(out, "3 tasks") || !strings.Contains(out, "▶ next") {
		t.Errorf("exit %d, TERM=dumb output:\n%q", code, out)
	}
}

// A reader that goes away ends the process quietly, although its input is
// still open: it does not keep rendering into a dead pipe.
func TestEndToEndClosedPipeExitsQuietly(t *testing.T) {
	// A long list, and then nothing: stdin stays open, so only the closed
	// pipe can end the process.
	closedPipeEnds(t, "ok: true\n", func(stdin io.Writer) {
		io.WriteString(stdin, `{"ok": true, "tool": "list", "result": {"items": [`)
		for i := 0; i < 20000; i++ {
			if i > 0 {
				io.WriteString(stdin, ",")
			}
			io.WriteString(stdin, `{"id": "row-`+itoa(i)+`", "title": "a title long enough to fill the output buffer quickly"}`)
		}
	})
}

// The reader of a pipe going away ends the run at once on Linux, even
// while nothing is being written: plain output holds an MCP reply whose
// text block is long back until the reply ends, and `| head -1` has its
// first line (the reply's id) long before.
func TestEndToEndClosedPipeNoticedWhileNothingIsWritten(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("only Linux tells a pipe's reader has gone without a write")
	}
	// A reply whose text block is long, and then nothing: stdin stays
	// open, and nothing more is written until the reply ends.
	closedPipeEnds(t, "id: 1\n", func(stdin io.Writer) {
		io.WriteString(stdin, `{"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": "{\"items\": [`)
		for i := 0; i < 2000; i++ {
			if i > 0 {
				io.WriteString(stdin, ",")
			}
			io.WriteString(stdin, `{\"id\": \"row-`+itoa(i)+`\", \"title\": \"a title long enough to make the text long\"}`)
		}
	})
}

// closedPipeEnds runs the binary (-o plain) on what write writes to its
// stdin, which stays open, reads the first line of its output (want), then
// closes the pipe, as `| head -1` does: the process must end quietly, by
// the broken-pipe signal.
func closedPipeEnds(t *testing.T, want string, write func(stdin io.Writer)) {
	t.Helper()
	bin := buildBinary(t)
	cmd := exec.Command(bin, "-o", "plain")
	cmd.Env = cleanEnv()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = w
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	go write(stdin)
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil || line != want {
		t.Fatalf("first line %q, %v", line, err)
	}
	r.Close() // like `| head -1`
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if stderr.Len() > 0 {
			t.Errorf("wrote to stderr: %q", stderr.String())
		}
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Errorf("exit: %v, want the broken-pipe signal", err)
		}
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("still running after its reader went away")
	}
	stdin.Close()
}

// Ctrl-C while coloured output is under way leaves the terminal clean: the
// last thing written is a reset of all attributes, and the exit is 130.
func TestEndToEndInterruptResetsTheTerminal(t *testing.T) {
	bin := buildBinary(t)
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer ptmx.Close()
	cmd := exec.Command(bin, "-o", "human", "--color", "always")
	cmd.Env = cleanEnv()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = tty, tty
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	io.WriteString(stdin, `{"ok": true, "tool": "gtd.transition", "result": {"from": "next", "to": "done"}}`+"\n")
	var out bytes.Buffer
	buf := make([]byte, 4096)
	for !strings.Contains(out.String(), "done") {
		n, err := ptmx.Read(buf)
		if err != nil {
			t.Fatalf("read: %v (so far %q)", err, out.String())
		}
		out.Write(buf[:n])
	}
	cmd.Process.Signal(os.Interrupt) // stdin is still open: it is waiting for more
	io.Copy(&out, ptmx)
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Errorf("exit: %v, want 130", err)
	}
	if !strings.HasSuffix(out.String(), "\x1b[0m") {
		t.Errorf("output does not end with a reset: %q", out.String()[max(0, out.Len()-40):])
	}
	stdin.Close()
}

// -o json is coloured on a terminal and not when piped; markdown and agent
// output are the same either way (they depend on the input alone).
func TestEndToEndOtherOutputsOnATerminal(t *testing.T) {
	bin := buildBinary(t)
	tty, _ := runInPTY(t, bin, 100, cleanEnv(), "-o", "json", "testdata/khive_gtd_transition.json")
	if !strings.Contains(tty, "\x1b[") || !strings.Contains(tty, `"gtd.transition"`) {
		t.Errorf("-o json on a terminal:\n%q", tty)
	}
	for _, format := range []string{"json", "markdown", "agent"} {
		cmd := exec.Command(bin, "-o", format, "testdata/khive_list_tasks.json")
		cmd.Env = cleanEnv()
		piped, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(piped, []byte("\x1b")) {
			t.Errorf("-o %s piped holds escapes", format)
		}
		if format == "json" {
			continue
		}
		onTTY, _ := runInPTY(t, bin, 100, cleanEnv(), "-o", format, "testdata/khive_list_tasks.json")
		if onTTY != string(piped) {
			t.Errorf("-o %s differs between a terminal and a pipe:\n%s\n---\n%s", format, onTTY, piped)
		}
	}
}

// A write error is said on stderr and ends the run with exit 2: a full
// disk, also in the middle of a streamed list and under --stats (which then
// claims nothing).
func TestEndToEndOutputFaultsAreReported(t *testing.T) {
	bin := buildBinary(t)
	var rows strings.Builder
	rows.WriteString(`{"items": [`)
	for i := 0; i < 50000; i++ {
		if i > 0 {
			rows.WriteString(",")
		}
		rows.WriteString(`{"id": "row-` + itoa(i) + `", "title": "a title long enough to fill the output buffer"}`)
	}
	rows.WriteString(`], "has_more": false}`)
	run := func(stdin string, stdout *os.File, args ...string) (int, string) {
		cmd := exec.Command(bin, args...)
		cmd.Env = cleanEnv()
		cmd.Stdin = strings.NewReader(stdin)
		cmd.Stdout = stdout
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		done := make(chan error, 1)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				return ee.ExitCode(), stderr.String()
			}
			return 0, stderr.String()
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("%v: still running after its output failed", args)
		}
		return 0, ""
	}
	if full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0); err == nil {
		defer full.Close()
		for _, args := range [][]string{{"-o", "plain"}, {"-o", "human"}, {"-o", "json"}, {"-o", "plain", "--stats"}} {
			for _, in := range []string{`{"a": 1}`, rows.String()} {
				code, stderr := run(in, full, args...)
				if code != 2 || !strings.HasPrefix(stderr, "khive-pretty: write error: ") || strings.Contains(stderr, "bytes in") {
					t.Errorf("%v to /dev/full (%d bytes in): exit %d, stderr %q", args, len(in), code, stderr)
				}
			}
		}
		// The command's own texts too.
		for _, args := range [][]string{{"--help"}, {"--version"}, {"--completion", "bash"}} {
			if code, stderr := run("", full, args...); code != 2 || !strings.HasPrefix(stderr, "khive-pretty: write error: ") {
				t.Errorf("%v to /dev/full: exit %d, stderr %q", args, code, stderr)
			}
		}
	}
	// >/dev/null is a place to write to, not a closed stdout.
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if code, stderr := run(`{"a": 1}`, null); code != 0 || stderr != "" {
		t.Errorf(">/dev/null: exit %d, stderr %q", code, stderr)
	}
}

// stderr is a terminal too: what the command line and the input put into
// an error message (a flag's name, a file's name) is escaped there.
func TestEndToEndErrorsOnStderrAreEscaped(t *testing.T) {
	bin := buildBinary(t)
	for _, args := range [][]string{
		{"--co\x1b]0;pwned\x07lour"},
		{"no/such/\x1b[2J\u202efile.json"},
		{"-o", "\x9b31m\u2066x"},
	} {
		cmd := exec.Command(bin, args...)
		cmd.Env = cleanEnv()
		cmd.Stdin = strings.NewReader("{}")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		cmd.Run()
		s := stderr.String()
		// 0x9B, the one-byte CSI, is matched as a byte: in ContainsAny's
		// set it would be read as U+FFFD (staticcheck SA1011). As a byte it
		// also finds U+009B, whose UTF-8 ends in it.
		if s == "" || strings.ContainsAny(s, "\x1b\x07\u202e\u2066") || strings.Contains(s, "\x9b") || strings.ContainsRune(s, utf8.RuneError) {
			t.Errorf("%q: stderr holds raw controls: %q", args, s)
		}
	}
}

// KHIVE_PRETTY_COLORS recolours roles of the theme; a role it does not
// know is said on stderr, and the rest still applies.
func TestEndToEndColoursCanBeOverridden(t *testing.T) {
	bin := buildBinary(t)
	cmd := exec.Command(bin, "--color", "always", "-o", "human", "testdata/khive_get_entity.json")
	cmd.Env = cleanEnv("KHIVE_PRETTY_COLORS=id=35;key=1;34:nope=3")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatal(err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "\x1b[1;34mid\x1b[m") || !strings.Contains(stdout.String(), "\x1b[35m083c2879\x1b[m") {
		t.Errorf("roles not recoloured:\n%q", stdout.String())
	}
	if !strings.HasPrefix(stderr.String(), `khive-pretty: KHIVE_PRETTY_COLORS: no colour role "nope"`) {
		t.Errorf("stderr: %q", stderr.String())
	}
}

// Hyperlinks reach a terminal known to follow them, and never a pipe,
// whatever the flag says.
func TestEndToEndHyperlinksOnlyOnATerminal(t *testing.T) {
	bin := buildBinary(t)
	out, _ := runInPTY(t, bin, 100, cleanEnv("TERM_PROGRAM=iTerm.app"), "testdata/links.json")
	if !strings.Contains(out, "\x1b]8;;https://github.com/BurntSushi/ripgrep/blob/master/FAQ.md#hyperlinks\x1b\\") {
		t.Errorf("a known terminal got no link:\n%q", out)
	}
	if out, _ := runInPTY(t, bin, 100, cleanEnv(), "testdata/links.json"); strings.Contains(out, "\x1b]8;;") {
		t.Errorf("an unknown terminal got a link:\n%q", out)
	}
	if out, _ := runInPTY(t, bin, 100, cleanEnv("TERM_PROGRAM=iTerm.app"), "--color", "never", "testdata/links.json"); strings.Contains(out, "\x1b]8;;") {
		t.Errorf("a link without colour:\n%q", out)
	}
	cmd := exec.Command(bin, "-o", "human", "--color", "always", "--hyperlinks", "always", "testdata/links.json")
	cmd.Env = cleanEnv("TERM_PROGRAM=iTerm.app")
	piped, err := cmd.Output()
	if err != nil || strings.Contains(string(piped), "\x1b]8;;") {
		t.Errorf("a pipe got a link (%v):\n%q", err, piped)
	}
}

// -f follows a file as it grows: records of the same shape are one table,
// and a row appears as soon as its line is appended.
func TestEndToEndFollowShowsRowsAsLinesAreAppended(t *testing.T) {
	bin := buildBinary(t)
	data, err := os.ReadFile("testdata/events_stream.ndjson")
	if err != nil {
		t.Fatal(err)
	}
	events := strings.SplitAfter(string(data), "\n")
	path := filepath.Join(t.TempDir(), "events.ndjson")
	if err := os.WriteFile(path, []byte(events[0]+events[1]), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-o", "human", "-w", "100", "-f", path)
	cmd.Env = cleanEnv()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string, 64)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	expect := func(prefix string) {
		t.Helper()
		awaitLine(t, lines, prefix, func(l string) bool { return strings.HasPrefix(l, prefix) })
	}
	expect("ID        OUTCOME")
	expect("5b461bc0  ✓ success")
	expect("056f89f8  ✓ success")
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(events[2])
	f.Close()
	expect("ef516257  ⊘ denied")
}

// Callers that throw output away open /dev/null for it, often read-write
// (Python's subprocess.DEVNULL, Node's stdio 'ignore', systemd, `1<>`), or
// close stdout (`>&-`, where Go's runtime opens /dev/null read-write in its
// place): the exit code follows the input whichever they do.
func TestEndToEndDiscardedOutputKeepsTheExitCode(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	files := map[string]string{"good.json": `{"ok": true, "tool": "x", "result": 1}`, "failed.json": `{"ok": false, "error": "boom"}`, "bad.json": "{\n  \"a\": [1,"}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]struct {
		code   int
		stderr string
	}{"good.json": {0, ""}, "failed.json": {1, ""}, "bad.json": {2, "bad.json:2:11: unexpected end of input"}}
	type caller struct {
		name string
		argv func(bin, file string) []string
	}
	callers := []caller{
		{"sh >/dev/null", func(b, f string) []string { return []string{"sh", "-c", `exec "$0" "$1" >/dev/null`, b, f} }},
		{"sh 1<>/dev/null", func(b, f string) []string { return []string{"sh", "-c", `exec "$0" "$1" 1<>/dev/null`, b, f} }},
		{"sh >&-", func(b, f string) []string { return []string{"sh", "-c", `exec "$0" "$1" >&-`, b, f} }},
	}
	if _, err := exec.LookPath("python3"); err == nil {
		callers = append(callers, caller{"python subprocess.DEVNULL", func(b, f string) []string {
			return []string{"python3", "-c", `import subprocess, sys
r = subprocess.run([sys.argv[1], sys.argv[2]], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
sys.stderr.write(r.stderr.decode()); sys.exit(r.returncode)`, b, f}
		}})
	}
	if _, err := exec.LookPath("node"); err == nil {
		callers = append(callers, caller{"node stdio ignore", func(b, f string) []string {
			return []string{"node", "-e", `const {spawnSync} = require('child_process');
const r = spawnSync(process.argv[1], [process.argv[2]], {stdio: ['ignore', 'ignore', 'pipe']});
process.stderr.write(r.stderr); process.exit(r.status);`, b, f}
		}})
	}
	for _, c := range callers {
		for name, w := range want {
			argv := c.argv(bin, filepath.Join(dir, name))
			cmd := exec.Command(argv[0], argv[1:]...)
			cmd.Env = cleanEnv()
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != w.code || (w.stderr == "") != (stderr.Len() == 0) || !strings.Contains(stderr.String(), w.stderr) {
				t.Errorf("%s, %s: exit %d, stderr %q; want exit %d, stderr with %q", c.name, name, code, stderr.String(), w.code, w.stderr)
			}
		}
	}
}

// awaitLine reads lines until one matches (what names it in a failure),
// failing when the output ends first or none comes within 10 s.
func awaitLine(t *testing.T, lines <-chan string, what string, match func(string) bool) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("output ended before %q", what)
			}
			if match(l) {
				return
			}
		case <-deadline:
			t.Fatalf("no line %q within 10 s", what)
		}
	}
}
