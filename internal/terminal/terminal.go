// Package terminal makes the decisions that depend on the environment:
// whether output goes to a terminal, whether to colour it, how wide it is.
// The command line (internal/cli) calls these once and passes the answers
// down as values; nothing below it looks at the environment.
package terminal

import (
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/mattn/go-isatty"
	"golang.org/x/term"
)

// IsTerminal reports whether f is a terminal.
func IsTerminal(f *os.File) bool {
	fd := f.Fd()
	return isatty.IsTerminal(fd) || isatty.IsCygwinTerminal(fd)
}

// Environ returns the environment environ with TERM=dumb in place of an
// unset or empty TERM, as git does: a terminal that does not say what it
// is gets no pager by default (less on it warns that it is not fully
// functional) and no colour under --color auto. Windows is left alone:
// its consoles have no TERM. main calls it once, on the process's
// environment, and every decision is made from the result.
func Environ(environ []string) []string { return environFor(runtime.GOOS, environ) }

func environFor(goos string, environ []string) []string {
	if goos == "windows" {
		return environ
	}
	// The first entry is the one os.Getenv reads.
	for _, kv := range environ {
		if k, v, _ := strings.Cut(kv, "="); k == "TERM" {
			if v != "" {
				return environ
			}
			break
		}
	}
	out := make([]string, 0, len(environ)+1)
	for _, kv := range environ {
		if k, _, _ := strings.Cut(kv, "="); k != "TERM" {
			out = append(out, kv)
		}
	}
	return append(out, "TERM=dumb")
}

// Getenv is how environment variables are read, so tests can supply their own.
type Getenv func(string) string

// Color decides colour for human and JSON output. mode is the --color
// flag: "always" and "never" win over everything; under "auto" colour is
// on for a terminal, except that NO_COLOR (any non-empty value,
// no-color.org), CLICOLOR=0 or TERM=dumb turn it off, and CLICOLOR_FORCE or
// FORCE_COLOR (non-empty, not "0") turn it on even when piped. Forcing wins
// over NO_COLOR, as in gh: it is the more specific request. Forcing is
// about colour only: whether output is human or plain is the command line's
// decision.
func Color(mode string, stdoutTTY bool, env Getenv) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if forced(env("CLICOLOR_FORCE")) || forced(env("FORCE_COLOR")) {
		return true
	}
	if env("NO_COLOR") != "" || env("CLICOLOR") == "0" || env("TERM") == "dumb" {
		return false
	}
	return stdoutTTY
}

func forced(v string) bool { return v != "" && v != "0" }

// Width decides the width of human output (and of --help): the --width
// flag if given (flag > 0), else $COLUMNS, else the terminal's width as
// columns reports it (0 for none), else 80. columns is called only when
// nothing else answered, as asking a terminal costs system calls.
func Width(flag int, env Getenv, columns func() int) int {
	if flag > 0 {
		return flag
	}
	if n, err := strconv.Atoi(env("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if columns != nil {
		if w := columns(); w > 0 {
			return w
		}
	}
	return 80
}

// Columns is the width of the first of files that is a terminal, else of
// the controlling terminal (/dev/tty), else 0. The command line passes
// stdout, then stderr: with `-o human | less -R` stdout is a pipe but stderr is still
// the terminal the output ends up on, and bash does not export COLUMNS.
// /dev/tty answers when both are redirected.
func Columns(files ...*os.File) int {
	for _, f := range files {
		if w, _ := Size(f); w > 0 {
			return w
		}
	}
	tty, err := os.Open("/dev/tty")
	if err != nil {
		return 0
	}
	defer tty.Close()
	w, _ := Size(tty)
	return w
}

// Size is the width and height of the terminal f, or zeros when f is not
// a terminal.
func Size(f *os.File) (cols, rows int) {
	if f == nil {
		return 0, 0
	}
	w, h, err := term.GetSize(int(f.Fd()))
	if err != nil || w <= 0 || h <= 0 {
		return 0, 0
	}
	return w, h
}

// Hyperlinks reports whether the terminal is known to follow OSC 8
// hyperlinks: terminals that do not, print them or garble the line, so
// links are on only for those that say who they are.
func Hyperlinks(env Getenv) bool {
	switch env("TERM_PROGRAM") {
	case "iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "Tabby", "rio", "WarpTerminal":
		return true
	}
	if env("WT_SESSION") != "" || env("KITTY_WINDOW_ID") != "" || env("DOMTERM") != "" {
		return true
	}
	if v, err := strconv.Atoi(env("VTE_VERSION")); err == nil && v >= 5000 {
		return true // GNOME Terminal, Tilix and other VTE terminals
	}
	if v, err := strconv.Atoi(env("KONSOLE_VERSION")); err == nil && v >= 201100 {
		return true
	}
	switch t := env("TERM"); {
	case t == "xterm-kitty", t == "xterm-ghostty", t == "wezterm", t == "alacritty", strings.HasPrefix(t, "foot"):
		return true
	}
	return false
}
