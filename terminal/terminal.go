// Package terminal makes the decisions that depend on the environment:
// whether output goes to a terminal, whether to colour it, how wide it is.
// main calls these once and passes the answers down as values; nothing
// below main looks at the environment.
package terminal

import (
	"os"
	"strconv"

	"github.com/mattn/go-isatty"
	"golang.org/x/term"
)

// IsTerminal reports whether f is a terminal.
func IsTerminal(f *os.File) bool {
	fd := f.Fd()
	return isatty.IsTerminal(fd) || isatty.IsCygwinTerminal(fd)
}

// Getenv is how environment variables are read, so tests can supply their own.
type Getenv func(string) string

// Color decides colour for human output. mode is the --color flag:
// "always" and "never" win over everything; under "auto" colour is on for
// a terminal, except that NO_COLOR (any non-empty value, no-color.org),
// CLICOLOR=0 or TERM=dumb turn it off, and CLICOLOR_FORCE or FORCE_COLOR
// (non-empty, not "0") turn it on even when piped. Forcing wins over NO_COLOR,
// as in gh: it is the more specific request.
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

// Width decides the width of human output: the --width flag if given
// (flag > 0), else $COLUMNS, else the terminal's width, else 80. The
// terminal is asked only when nothing else answered.
func Width(flag int, env Getenv, out *os.File, outTTY bool) int {
	if flag > 0 {
		return flag
	}
	if n, err := strconv.Atoi(env("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if outTTY && out != nil {
		if w, _, err := term.GetSize(int(out.Fd())); err == nil && w > 0 {
			return w
		}
	}
	return 80
}
