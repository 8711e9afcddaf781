//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"
)

// runBinary runs the binary with stdin empty and returns stdout, stderr
// and the exit code.
func runBinary(t *testing.T, bin string, env []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.Stdin = strings.NewReader("")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	code := 0
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), code
}

// helpWords are the words of --help, without the backslashes that
// continue a command line; they must not depend on the width.
func helpWords(help string) []string {
	var words []string
	for _, w := range strings.Fields(help) {
		if w != "\\" && w != "#" {
			words = append(words, w)
		}
	}
	return words
}

// checkHelpFits fails for a line of help wider than width, unless it is
// one unbreakable word (a quoted shell word counts as one).
func checkHelpFits(t *testing.T, help string, width int) {
	t.Helper()
	for _, line := range strings.Split(help, "\n") {
		if utf8.RuneCountInString(line) <= width {
			continue
		}
		word := strings.TrimSuffix(strings.TrimSpace(line), " \\")
		word = strings.TrimPrefix(word, "-H ")
		if strings.Contains(word, " ") && !strings.HasPrefix(word, "'") {
			t.Errorf("help line wider than %d: %q", width, line)
		}
	}
}

// --help fits the terminal, breaks no word, and has the sections people
// look for; the width comes from COLUMNS or the terminal.
func TestEndToEndHelpFitsTheWidth(t *testing.T) {
	bin := buildBinary(t)
	wide, _, code := runBinary(t, bin, cleanEnv("COLUMNS=100"), "--help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"USAGE", "OPTIONS", "EXAMPLES", "ENVIRONMENT", "EXIT STATUS",
		"--output MODE", "--pager WHEN", "curl", "mcp", "inspector", "git diff --exit-code", "NO_COLOR", "CLICOLOR_FORCE",
		"FORCE_COLOR", "COLUMNS", "TERM", "KHIVE_PRETTY_NOW", "KHIVE_PRETTY_PAGER", "PAGER", "130", "--completion SHELL"} {
		if !strings.Contains(wide, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	if strings.Contains(wide, "GLOBAL") {
		t.Errorf("help says GLOBAL OPTIONS:\n%s", wide)
	}
	for _, width := range []int{80, 40} {
		help, _, _ := runBinary(t, bin, cleanEnv("COLUMNS="+itoa(width)), "-h")
		checkHelpFits(t, help, width)
		if got, want := helpWords(help), helpWords(wide); !reflect.DeepEqual(got, want) {
			t.Errorf("at %d columns the words of help differ from those at 100 (a word was split?):\n%q\n%q", width, got, want)
		}
	}
	// No COLUMNS: the terminal's width.
	run := startInPTY(t, bin, 24, 60, cleanEnv(), nil, "--help")
	run.wait(20 * time.Second)
	help := run.output()
	checkHelpFits(t, help, 60)
	widest := 0
	for _, line := range strings.Split(help, "\n") {
		widest = max(widest, utf8.RuneCountInString(line))
	}
	if widest < 50 {
		t.Errorf("help on a terminal 60 wide is only %d wide", widest)
	}
}

// -h shows the help wherever it stands, files beside it or not (urfave/cli
// looked for a "help topic" named after the file), and a flag that does
// not exist, or lacks its value, is an error whether it comes before -h
// or after (as in gh: the command line is read before help is shown).
func TestEndToEndHelpBesideFilesAndErrors(t *testing.T) {
	bin := buildBinary(t)
	env := cleanEnv("COLUMNS=80")
	want, _, _ := runBinary(t, bin, env, "--help")
	for _, args := range [][]string{{"-h", "reply.json"}, {"reply.json", "--help"}, {"--help", "--", "x"}, {"-o", "plain", "-h"}} {
		got, stderr, code := runBinary(t, bin, env, args...)
		if got != want || stderr != "" || code != 0 {
			t.Errorf("%q: exit %d, stderr %q, help shown: %v", args, code, stderr, got == want)
		}
	}
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"--help", "--bogus"}, "unknown flag --bogus"},
		{[]string{"--bogus", "--help"}, "unknown flag --bogus"},
		{[]string{"-h", "--output"}, "--output"},
	} {
		stdout, stderr, code := runBinary(t, bin, env, tc.args...)
		if stdout != "" || code != 2 || !strings.Contains(stderr, tc.says) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", tc.args, code, stdout, stderr)
		}
	}
}

// Typos get a guess; errors name flags with two dashes and hide Go's
// internals; words that look like commands are files.
func TestEndToEndUsageErrorsExplain(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"--colour", "never"}, "khive-pretty: unknown flag --colour (did you mean --color?)\n"},
		{[]string{"--verbos"}, "(did you mean --verbose?)"},
		{[]string{"-o", "mardown"}, `khive-pretty: --output must be auto, human, plain, markdown, json, agent, tsv or csv, not "mardown" (did you mean markdown?)` + "\n"},
		{[]string{"--color", "alwyas"}, `--color must be auto, always or never, not "alwyas" (did you mean always?)`},
		{[]string{"--pager", "nevr"}, `--pager must be auto, always or never, not "nevr" (did you mean never?)`},
		{[]string{"--completion", "bsh"}, `--completion must be bash, zsh or fish, not "bsh" (did you mean bash?)`},
		{[]string{"-w", "abc"}, `khive-pretty: --width must be a positive number of columns, not "abc"` + "\n"},
		{[]string{"--ascii=maybe"}, `khive-pretty: --ascii takes no value (or true or false), not "maybe"` + "\n"},
		{[]string{"-o"}, "khive-pretty: --output needs a value: auto, human, plain, markdown, json, agent, tsv or csv\n"},
		{[]string{"--now"}, "khive-pretty: --now needs a value (TIME)\n"},
	}
	for _, tt := range tests {
		_, stderr, code := runBinary(t, bin, cleanEnv(), tt.args...)
		if code != 2 || !strings.Contains(stderr, tt.stderr) || strings.Contains(stderr, "strconv") || strings.Contains(stderr, " -colour") {
			t.Errorf("%q: exit %d, stderr:\n%s", tt.args, code, stderr)
		}
	}
	// No guess when nothing is close.
	if _, stderr, _ := runBinary(t, bin, cleanEnv(), "--zzzzzz"); strings.Contains(stderr, "did you mean") {
		t.Errorf("a guess for --zzzzzz: %s", stderr)
	}
	// `khive-pretty help` where there is no such file says what to do ...
	cmd := exec.Command(bin, "help")
	cmd.Dir = dir
	cmd.Env = cleanEnv()
	if out, _ := cmd.CombinedOutput(); string(out) != "khive-pretty: open help: no such file or directory (khive-pretty has no commands: khive-pretty --help shows the usage)\n" {
		t.Errorf("khive-pretty help: %q", out)
	}
	// ... and where there is one, renders it.
	cmd = exec.Command(bin, "help")
	cmd.Dir = dir
	cmd.Env = cleanEnv()
	os.WriteFile(filepath.Join(dir, "help"), []byte(`{"ok": true, "tool": "help", "result": 1}`), 0o644)
	if out, err := cmd.Output(); err != nil || !strings.Contains(string(out), "tool: help") {
		t.Errorf("a file called help: %v\n%s", err, out)
	}
}

func TestEndToEndVersion(t *testing.T) {
	bin := buildBinary(t)
	for _, flag := range []string{"--version", "-V"} {
		out, _, code := runBinary(t, bin, cleanEnv(), flag)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != 0 || !strings.HasPrefix(lines[0], "khive-pretty ") || !strings.HasPrefix(lines[len(lines)-1], "go1.") {
			t.Errorf("%s: exit %d:\n%s", flag, code, out)
		}
	}
	// -v is still --verbose.
	out, _, code := runBinary(t, bin, cleanEnv(), "-v", "-o", "human", "testdata/khive_list_tasks.json")
	if code != 0 || !strings.Contains(out, "41f60be0-7cef-4aa3-aaed-cf4a4599a084") {
		t.Errorf("-v: exit %d:\n%s", code, out)
	}
}

// binDirEnv is cleanEnv with the binary's directory first on PATH, so
// that completion scripts find khive-pretty by name.
func binDirEnv(bin string) []string {
	env := cleanEnv()
	for i, kv := range env {
		if strings.HasPrefix(kv, "PATH=") {
			env[i] = "PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + kv[len("PATH="):]
		}
	}
	return env
}

// The bash script loads (also without the bash-completion package) and
// completes flags and the values of -o, --color and --pager.
func TestEndToEndBashCompletion(t *testing.T) {
	bin := buildBinary(t)
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	complete := func(words ...string) []string {
		t.Helper()
		script := `source <(khive-pretty --completion bash) || exit 1
complete -p khive-pretty || exit 1
COMP_WORDS=(` + strings.Join(quoteAll(words), " ") + `)
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMP_LINE="${COMP_WORDS[*]}"
COMP_POINT=${#COMP_LINE}
__khive-pretty_bash_autocomplete
printf '%s\n' "${COMPREPLY[@]}"`
		cmd := exec.Command("bash", "--norc", "--noprofile", "-c", script)
		cmd.Env = binDirEnv(bin)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if !strings.HasPrefix(lines[0], "complete ") || !strings.HasSuffix(lines[0], " khive-pretty") {
			t.Fatalf("complete -p: %q", lines[0])
		}
		return lines[1:]
	}
	if got := complete("khive-pretty", "-o", ""); !reflect.DeepEqual(got, []string{"auto", "human", "plain", "markdown", "json", "agent", "tsv", "csv"}) {
		t.Errorf("-o: %q", got)
	}
	if got := complete("khive-pretty", "file.json", "--color", "a"); !reflect.DeepEqual(got, []string{"auto", "always"}) {
		t.Errorf("--color a: %q", got)
	}
	if got := complete("khive-pretty", "--pager", ""); !reflect.DeepEqual(got, []string{"auto", "always", "never"}) {
		t.Errorf("--pager: %q", got)
	}
	if got := complete("khive-pretty", "--col"); !reflect.DeepEqual(got, []string{"--color", "--columns"}) {
		t.Errorf("--col: %q", got)
	}
	if got := complete("khive-pretty", "--ver"); !reflect.DeepEqual(got, []string{"--verbose", "--version"}) {
		t.Errorf("--ver: %q", got)
	}
	if got := complete("khive-pretty", "--comp"); !reflect.DeepEqual(got, []string{"--completion"}) {
		t.Errorf("--comp: %q", got)
	}
}

func quoteAll(words []string) []string {
	var q []string
	for _, w := range words {
		q = append(q, "'"+w+"'")
	}
	return q
}

// zsh and fish load their scripts and complete values too.
func TestEndToEndZshAndFishCompletion(t *testing.T) {
	bin := buildBinary(t)
	if _, err := exec.LookPath("zsh"); err == nil {
		cmd := exec.Command("zsh", "-f", "-c", `autoload -Uz compinit && compinit -u -D && source <(khive-pretty --completion zsh) && print -r -- $_comps[khive-pretty]`)
		cmd.Env = binDirEnv(bin)
		if out, err := cmd.CombinedOutput(); err != nil || strings.TrimSpace(string(out)) != "_khive-pretty" {
			t.Errorf("zsh: %v: %q", err, out)
		}
	}
	if _, err := exec.LookPath("fish"); err == nil {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "reply.json"), []byte("{}"), 0o644)
		cmd := exec.Command("fish", "--no-config", "-c", `khive-pretty --completion fish | source
complete -C 'khive-pretty -o '
echo ---
complete -C 'khive-pretty rep'`)
		cmd.Dir = dir
		cmd.Env = binDirEnv(bin)
		out, err := cmd.CombinedOutput()
		values, files, _ := strings.Cut(string(out), "---\n")
		if err != nil || !strings.Contains(values, "markdown\t") || strings.Contains(values, "reply.json") || !strings.Contains(files, "reply.json") {
			t.Errorf("fish: %v:\n%s", err, out)
		}
	}
}

// --completion is a flag, not a command: a file called completion renders.
func TestEndToEndFileCalledCompletion(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "completion"), []byte(`{"ok": true, "tool": "completion", "result": 1}`), 0o644)
	cmd := exec.Command(bin, "completion", "bash")
	cmd.Dir = dir
	cmd.Env = cleanEnv()
	out, err := cmd.CombinedOutput()
	if !strings.Contains(string(out), "tool: completion") || !strings.Contains(string(out), "open bash") {
		t.Errorf("%v:\n%s", err, out)
	}
	for _, shell := range []string{"bash", "zsh", "fish"} {
		script, _, code := runBinary(t, bin, cleanEnv(), "--completion", shell)
		if code != 0 || !strings.Contains(script, "khive-pretty") || !slices.Contains([]int{0}, code) {
			t.Errorf("--completion %s: exit %d", shell, code)
		}
	}
}

// A file named on the command line is opened without the runtime's
// poller (open_unix.go): a FIFO is still read as it is written, each
// document shown before the writer has finished, and to its end.
func TestEndToEndFileArgumentFIFO(t *testing.T) {
	bin := buildBinary(t)
	fifo := filepath.Join(t.TempDir(), "replies")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	cmd := exec.Command(bin, "-o", "plain", fifo)
	cmd.Env = cleanEnv()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill() // if the test fails before the end
	// Opened without waiting: ENXIO until the reader has it open, so a
	// binary that never opens it fails the test instead of hanging it.
	var w *os.File
	for deadline := time.Now().Add(20 * time.Second); ; {
		w, err = os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err == nil {
			break
		}
		if !errors.Is(err, syscall.ENXIO) || time.Now().After(deadline) {
			t.Fatal("the FIFO was not opened for reading:", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	out := bufio.NewReader(stdout)
	w.WriteString(`{"ok": true, "tool": "first", "result": 1}` + "\n")
	// The first document is shown while the FIFO is still open.
	got := make(chan string, 1)
	go func() {
		line, _ := out.ReadString('\n')
		got <- line
	}()
	select {
	case line := <-got:
		if line != "ok: true\n" {
			t.Errorf("first line %q, want %q", line, "ok: true\n")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the first document was not shown while the FIFO stayed open")
	}
	w.WriteString(`{"ok": true, "tool": "second", "result": 2}` + "\n")
	w.Close()
	rest, _ := io.ReadAll(out)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v; output after the first line:\n%s", err, rest)
	}
	if !strings.Contains(string(rest), "tool: second") {
		t.Errorf("the second document is missing:\n%s", rest)
	}
}
