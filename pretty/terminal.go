package pretty

import (
	"os"

	"github.com/khive-ai/khive-pretty/internal/terminal"
)

// ForTerminal is the Options the khive-pretty command decides, with no
// flags, for output to f: Human output on a terminal and Plain otherwise;
// the width ($COLUMNS, else the terminal's, else 80) and height of the
// terminal; colour on a terminal, where NO_COLOR, CLICOLOR=0 and TERM=dumb
// turn it off and CLICOLOR_FORCE and FORCE_COLOR turn it on (also for a
// pipe, but the output stays Plain there); hyperlinks on a terminal in
// colour that is known to follow them, relative to the working directory.
// getenv is os.Getenv, or a test's environment. Every other field is the
// caller's to set; Check and New check them as for any Options.
func ForTerminal(f *os.File, getenv func(string) string) Options {
	tty := terminal.IsTerminal(f)
	opt := Options{Format: Plain}
	opt.Color = terminal.Color("auto", tty && terminal.VirtualTerminal(f), getenv)
	if !tty {
		return opt
	}
	opt.Format = Human
	opt.Width = terminal.Width(0, getenv, func() int { w, _ := terminal.Size(f); return w })
	_, opt.Height = terminal.Size(f)
	if opt.Color && terminal.Hyperlinks(getenv) {
		dir, _ := os.Getwd()
		host, _ := os.Hostname()
		opt.Links = &Links{Format: "default", Dir: dir, Host: host}
	}
	return opt
}
