package pager

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Program is the pager to run.
type Program struct {
	Argv []string // the command, split into words
	Env  []string // its whole environment
	// Explicit is set when the user named the pager (KHIVE_PRETTY_PAGER or
	// PAGER): if it cannot start, say so. The default, less, may simply
	// be missing (Windows), and then output is written directly.
	Explicit bool
}

// Find returns the pager for the environment environ: KHIVE_PRETTY_PAGER,
// else PAGER, else less, except on a dumb terminal (TERM=dumb, as in an
// Emacs shell buffer), where less cannot draw, as git does. (main makes
// an unset or empty TERM dumb before it calls Find.) Set but empty, or
// cat, means no pager (Argv is nil). The value is split into words as a
// shell would, honouring quotes, without expansions.
//
// LESS=FRX is added when LESS is unset: quit when the output fits one
// screen, let colours through, leave the screen as it was. Less is given
// -R on its command line (unless the command line already lets control
// characters through), so that colours show whatever LESS holds, as bat
// does. LESSCHARSET=utf-8 is added unless LESSCHARSET or LESSCHARDEF is
// set: the output is UTF-8, whatever the locale says, and less would show
// the bytes of every glyph in a locale that does not say UTF-8.
func Find(environ []string) (Program, error) {
	p := Program{Env: environ}
	cmdline, name := "less", ""
	for _, k := range []string{"KHIVE_PRETTY_PAGER", "PAGER"} {
		if v, ok := Lookup(environ, k); ok {
			cmdline, name, p.Explicit = v, k, true
			break
		}
	}
	if !p.Explicit {
		if term, _ := Lookup(environ, "TERM"); term == "dumb" {
			return Program{}, nil
		}
	}
	argv, err := Split(cmdline)
	if err != nil {
		return Program{}, fmt.Errorf("%s: %w", name, err)
	}
	if len(argv) == 0 || (len(argv) == 1 && strings.TrimSuffix(filepath.Base(argv[0]), ".exe") == "cat") {
		return Program{}, nil
	}
	if isLess(argv[0]) && !rawControl(argv[1:]) {
		argv = append(argv, "-R")
	}
	p.Argv = argv
	env := environ[:len(environ):len(environ)]
	if _, ok := Lookup(environ, "LESS"); !ok {
		env = append(env, "LESS=FRX")
	}
	set, _ := Lookup(environ, "LESSCHARSET")
	def, _ := Lookup(environ, "LESSCHARDEF")
	if set == "" && def == "" {
		// Less takes a variable set but empty for unset.
		env = append(without(env, "LESSCHARSET"), "LESSCHARSET=utf-8")
	}
	p.Env = env
	return p, nil
}

// lessArgOptions are less's short options that take a value, which may
// follow in the same word (-P"prompt", -xR): the rest of the word is
// theirs.
const lessArgOptions = "bhjkoOpPtTxyzD#"

// rawControl reports whether less's arguments already say how to show
// control characters: -r, -R, or a word of short options holding one
// (-SR), --raw-control-chars or --RAW-CONTROL-CHARS.
func rawControl(args []string) bool {
	for _, a := range args {
		switch {
		case a == "--":
			return false
		case a == "--raw-control-chars" || a == "--RAW-CONTROL-CHARS":
			return true
		case strings.HasPrefix(a, "--") || !strings.HasPrefix(a, "-"):
			continue
		}
		for _, c := range a[1:] {
			if c == 'r' || c == 'R' {
				return true
			}
			if strings.ContainsRune(lessArgOptions, c) {
				break
			}
		}
	}
	return false
}

// without returns environ with no entry for key, in a new slice.
func without(environ []string, key string) []string {
	out := make([]string, 0, len(environ)+1)
	for _, kv := range environ {
		if k, _, _ := strings.Cut(kv, "="); k != key {
			out = append(out, kv)
		}
	}
	return out
}

// Lookup is os.LookupEnv over environ: the first entry wins, as in
// os.Getenv.
func Lookup(environ []string, key string) (string, bool) {
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && k == key {
			return v, true
		}
	}
	return "", false
}

// Split splits a command line into words: white space separates words,
// single quotes keep everything, double quotes keep everything but a
// backslash before " or \, and outside quotes a backslash keeps the
// next space, quote or backslash. Any other backslash is literal, so a
// Windows path (C:\Tools\less.exe) survives.
func Split(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	in := false // inside a word
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case ' ', '\t', '\n':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
			continue
		case '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("unterminated ' in the pager command")
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case '"':
			j := i + 1
			for ; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' && j+1 < len(s) && (s[j+1] == '"' || s[j+1] == '\\') {
					j++
				}
				w.WriteByte(s[j])
			}
			if j == len(s) {
				return nil, errors.New("unterminated \" in the pager command")
			}
			i = j
		case '\\':
			if i+1 < len(s) && strings.IndexByte(" \t\n'\"\\", s[i+1]) >= 0 {
				i++
			}
			w.WriteByte(s[i])
		default:
			w.WriteByte(c)
		}
		in = true
	}
	if in {
		words = append(words, w.String())
	}
	return words, nil
}

// Start runs p with a pipe as its standard input and stdout and stderr
// as its own. header > 0 asks less to keep that many lines at the top
// while scrolling, when the installed less has --header (version 600 and
// later). exited receives how the pager ended once it has exited, and is
// then closed: nil when it exited with status 0 (the user quit it) or was
// ended by a signal (the user's Ctrl-C reaches it too), else an error
// naming it and its exit status: pager "false" failed (exit status 1).
func Start(p Program, header int, stdout, stderr *os.File) (in io.WriteCloser, exited <-chan error, err error) {
	argv := p.Argv
	if header > 0 && isLess(argv[0]) && lessVersion(argv[0], p.Env) >= 600 {
		argv = append(argv[:len(argv):len(argv)], "--header="+strconv.Itoa(header))
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr, cmd.Env = r, stdout, stderr, p.Env
	err = cmd.Start()
	r.Close()
	if err != nil {
		w.Close()
		return nil, nil, fmt.Errorf("pager: %w", err)
	}
	done := make(chan error, 1)
	go func() {
		done <- exitError(p.Argv[0], cmd.Wait())
		close(done)
	}()
	return w, done, nil
}

// exitError is how the pager name ended, from cmd.Wait's err: nil unless
// it failed.
func exitError(name string, err error) error {
	var ee *exec.ExitError
	if err == nil || errors.As(err, &ee) && !ee.Exited() {
		return nil // status 0, or ended by a signal
	}
	return fmt.Errorf("pager %q failed (%w)", name, err)
}

func isLess(name string) bool {
	return strings.TrimSuffix(filepath.Base(name), ".exe") == "less"
}

// lessVersion is the version of the less at name (590 for "less 590
// (GNU regular expressions)"), or 0 when it does not say.
func lessVersion(name string, env []string) int {
	cmd := exec.Command(name, "--version")
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		return 0
	}
	return parseLessVersion(string(out))
}

func parseLessVersion(s string) int {
	rest, ok := strings.CutPrefix(s, "less ")
	if !ok {
		return 0
	}
	end := 0
	for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' {
		end++
	}
	n, _ := strconv.Atoi(rest[:end])
	return n
}
