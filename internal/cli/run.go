// Package cli is the khive-pretty command line: flags and environment
// into pretty.Options (decided once, here), inputs opened, output paged,
// signals, exit codes, --help, the man page and shell completion. main
// calls Run; everything it shows is rendered by pretty.
//
// It may import pretty and the internal packages that decide about the
// environment (terminal, pager, theme, steer, render/human's link formats).
package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/khive-ai/khive-pretty/internal/input"
	"github.com/khive-ai/khive-pretty/internal/pager"
	humanw "github.com/khive-ai/khive-pretty/internal/render/human"
	"github.com/khive-ai/khive-pretty/internal/sanitize"
	"github.com/khive-ai/khive-pretty/internal/stack"
	"github.com/khive-ai/khive-pretty/internal/steer"
	"github.com/khive-ai/khive-pretty/internal/terminal"
	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/khive-ai/khive-pretty/pretty"
)

// Exit codes, documented in the README.
const (
	ExitOK         = 0
	ExitErrorReply = 1 // rendered, and the input reported a failure (error envelope, JSON-RPC error, isError, HTTP 4xx/5xx)
	ExitUsage      = 2 // usage error, unreadable file, or input that is not JSON
)

// usageHint fits 80 columns: a terminal wraps what does not.
const usageHint = "usage: khive-pretty [options] [FILE ...]   (no FILE: reads standard input)\n" +
	"       curl … | khive-pretty      khive-pretty --help for the options\n"

// holdOutput is how long output on a terminal waits for more before it is
// shown without a pager: long enough for a document to be rendered whole,
// short enough that a slow stream still looks live.
const holdOutput = 200 * time.Millisecond

// followEvery is how often a followed file is looked at for more.
const followEvery = 250 * time.Millisecond

// usageError is a mistake on the command line.
type usageError struct{ error }

// Run runs the command with the process's arguments, streams and
// environment (environ, as main decided it) and returns the exit code.
func Run(args []string, stdin, stdout, stderr *os.File, environ []string) int {
	// A run's stack passes 16 KiB (a 1 KiB answer's does): grown now,
	// while it holds three frames, it is not copied later deep in a
	// render, each frame looked up in tables that a fresh process reads
	// from disk pages for the first time.
	stack.ReserveLarge()
	return run(args, stdin, stdout, stderr, environ)
}

// Render renders the files as the command does once its options are
// decided, without a pager, and returns the exit code: what the golden
// tests run. With stats, a last line on stderr compares the sizes of
// input and output.
//
// It opens files with os.Open, which go test's cache watches; a process
// opens them without the poller (openInput).
func Render(files []string, stdin io.Reader, stdout, stderr io.Writer, opt pretty.Options, stats bool) int {
	return renderThrough(files, stdin, stdout, stderr, opt, stats, nil, os.Open)
}

func run(args []string, stdin, stdout, stderr *os.File, environ []string) int {
	getenv := func(key string) string {
		v, _ := pager.Lookup(environ, key)
		return v
	}
	columns := func() int { return terminal.Columns(stdout, stderr) }
	code := ExitOK
	// The command's own texts (--help, --version, a completion script, a
	// usage message of urfave/cli's) go out in one write, not a system
	// call each piece.
	text := bufio.NewWriter(stdout)
	var f flags
	cmd := newCommand(text, stderr, &f)
	// The completion scripts end the command line with the marker; only
	// then is completion on, so that no `completion` subcommand hides a
	// file of that name (see completionScript).
	cmd.EnableShellCompletion = len(args) > 1 && args[len(args)-1] == completionMarker
	cmd.ShellComplete = func(_ context.Context, c *cli.Command) { complete(stdout, c.Args().Slice(), c.Flags) }
	cmd.Action = func(_ context.Context, cmd *cli.Command) error {
		if f.help {
			// Long lines are hard to read: at most 100 columns.
			_, err := io.WriteString(text, helpText(cmd, max(20, min(terminal.Width(0, getenv, columns), 100))))
			return err
		}
		if f.version {
			bi, _ := debug.ReadBuildInfo()
			fmt.Fprint(text, versionText(bi))
			return nil
		}
		if shell := f.completion; shell != "" {
			if err := checkChoice("completion", shell); err != nil {
				return err
			}
			script, err := completionScript(shell)
			if err != nil {
				return err
			}
			_, err = io.WriteString(text, script)
			return err
		}
		s, err := parseSettings(&f, stdout, getenv, columns)
		if err != nil {
			return err
		}
		for _, w := range s.warnings {
			complain(stderr, errors.New(w))
		}
		files := cmd.Args().Slice()
		if len(files) == 0 {
			if terminal.IsTerminal(stdin) {
				fmt.Fprint(stderr, usageHint)
				code = ExitUsage
				return nil
			}
			files = []string{"-"}
		}
		if s.opt.Follow && (len(files) != 1 || files[0] == "-") {
			return usageError{errors.New("--follow reads one FILE as it grows (standard input streams already)")}
		}
		code = show(files, stdin, stdout, stderr, s, environ)
		return nil
	}
	f.args = args
	var err error
	if len(args) == 2 && (args[1] == "--help" || args[1] == "-h") {
		// Alone, the usual way to ask, it is answered without urfave/cli
		// parsing the command line: its setting up of every flag is a
		// twentieth of the run.
		f.help = true
		err = cmd.Action(context.Background(), cmd)
	} else {
		err = cmd.Run(context.Background(), shortFlags(args, cmd.Flags))
	}
	if ferr := text.Flush(); ferr != nil {
		complain(stderr, fmt.Errorf("write error: %w", ferr))
		return ExitUsage
	}
	if err != nil {
		complain(stderr, err)
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprint(stderr, usageHint)
		}
		return ExitUsage
	}
	return code
}

// settings are the decisions made from the flags and the environment.
type settings struct {
	opt      pretty.Options
	pager    string // auto, always or never
	stats    bool
	tty      bool     // stdout is a terminal
	warnings []string // about the environment: said, but no reason to stop
}

// parseSettings turns flags and the environment into the values the
// renderers take. This is the only place the clock, the terminal and the
// environment are consulted.
func parseSettings(f *flags, stdout *os.File, getenv terminal.Getenv, columns func() int) (settings, error) {
	var s settings
	s.tty = terminal.IsTerminal(stdout)
	s.stats = f.stats
	color, links := f.color, f.hyperlinks
	s.pager = f.pager
	for _, c := range [...][2]string{{"color", color}, {"pager", s.pager}, {"hyperlinks", links}} {
		if err := checkChoice(c[0], c[1]); err != nil {
			return s, err
		}
	}
	linkFormat := f.linkFormat
	if !humanw.ValidLinkFormat(linkFormat) {
		msg := fmt.Sprintf("--hyperlink-format must be %s, or a template with {path}, not %q", orList(humanw.LinkFormats()), linkFormat)
		if g := steer.Suggest(linkFormat, humanw.LinkFormats()); g != "" {
			msg += " (did you mean " + g + "?)"
		}
		return s, usageError{errors.New(msg)}
	}
	o := f.output
	if err := checkChoice("output", o, "md"); err != nil {
		return s, err
	}
	opt := &s.opt
	switch o {
	default:
		opt.Format, _ = pretty.ParseFormat(o) // checkChoice took it
	case "auto":
		// Asking for colour is asking for the human view, e.g. `| less -R`.
		// Forcing colour from the environment is not: CI systems set
		// FORCE_COLOR, and piped output stays the plain interface.
		opt.Format = pretty.Plain
		if s.tty || color == "always" {
			opt.Format = pretty.Human
		}
	}
	// Flags are checked whatever the output, so a mistake shows up at once
	// rather than the day the output goes to a terminal.
	if v := f.now; v != "" {
		t, err := time.Parse(time.RFC3339Nano, v)
		if err != nil {
			return s, usageError{fmt.Errorf("--now (or KHIVE_PRETTY_NOW) %q is not an RFC 3339 time such as 2026-05-23T16:20:00Z", v)}
		}
		opt.Now = t
	}
	width := 0
	if v := f.width; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return s, usageError{fmt.Errorf("--width must be a positive number of columns, not %q", v)}
		}
		width = n
	}
	if err := steerFlags(f, opt, o); err != nil {
		return s, err
	}
	opt.TempDir = getenv("TMPDIR") // "" is the system's own
	// A second core decodes the next document while one is shown.
	opt.ReadAhead = runtime.GOMAXPROCS(0) > 1
	opt.ASCII = f.ascii
	opt.Verbose = f.verbose
	opt.Follow = f.follow
	if opt.Follow {
		s.pager = "never" // output that never ends is not paged
	}
	// Plain, Markdown and agent output depend on the input (and agent on
	// the clock: pretty takes it when Now is unset) alone: nothing else to ask.
	if opt.Format != pretty.Human && opt.Format != pretty.JSON {
		if width > 0 && o == "auto" {
			// README's first example passes -w; copied into a pipe, it
			// would be silently ignored.
			s.warnings = append(s.warnings, "--width has no effect on plain output, which a pipe gets; -o human lays out to it")
		}
		return s, nil
	}
	// A Windows console shows colours only once asked to.
	if terminal.Color(color, s.tty && terminal.VirtualTerminal(stdout), getenv) {
		// The theme uses the 16 basic colours, which every colour terminal
		// has, so there is nothing to detect beyond on or off.
		opt.Color = true
		if v := getenv("KHIVE_PRETTY_COLORS"); v != "" {
			var problems []string
			opt.Colors, problems = theme.ParseColors(v)
			for _, p := range problems {
				s.warnings = append(s.warnings, "KHIVE_PRETTY_COLORS: "+p)
			}
		}
	}
	if opt.Format == pretty.JSON {
		return s, nil
	}
	opt.Width = terminal.Width(width, getenv, columns)
	if s.tty {
		_, opt.Height = terminal.Size(stdout)
	}
	// Links only where they can be followed: on a terminal, in colour (a
	// terminal without colour may not know escapes at all).
	if s.tty && opt.Color && (links == "always" || links == "auto" && terminal.Hyperlinks(getenv)) {
		dir, _ := os.Getwd()
		host, _ := os.Hostname()
		opt.Links = &pretty.Links{Format: linkFormat, Dir: dir, Host: host}
	}
	return s, nil
}

// steerFlags puts what the table flags ask into opt and checks it, in the
// words of the flags.
func steerFlags(f *flags, opt *pretty.Options, output string) error {
	opt.Columns, opt.Sort, opt.Where = f.columns, f.sort, f.where
	opt.NoHeaders = f.noHeaders
	opt.Table = f.table
	opt.CSVSafe = f.csvSafe
	opt.Redact = f.redact
	if keys := f.redactKey; keys != "" {
		opt.RedactKeys = strings.Split(keys, ",")
	}
	if opt.CSVSafe && opt.Format != pretty.CSV {
		return usageError{fmt.Errorf("--csv-safe guards -o csv's cells, not -o %s's", output)}
	}
	if opt.Table != "" && opt.Format != pretty.TSV && opt.Format != pretty.CSV {
		return usageError{fmt.Errorf("--table picks the table of -o tsv and -o csv, not of -o %s", output)}
	}
	err := opt.Check()
	var oe *pretty.OptionError
	if !errors.As(err, &oe) {
		return err
	}
	switch oe.Field {
	case "Columns":
		return usageError{fmt.Errorf("--columns %q: %v", opt.Columns, oe.Err)}
	case "Sort":
		return usageError{fmt.Errorf("--sort %q: %v", opt.Sort, oe.Err)}
	case "Where":
		return usageError{fmt.Errorf("--where %v", oe.Err)}
	case "Format":
		return usageError{fmt.Errorf("--columns, --sort, --where and --no-headers act on tables, which -o %s does not have", output)}
	}
	return usageError{err}
}

// show renders the files to stdout, through a pager when one is wanted,
// and returns the exit code.
func show(files []string, stdin io.Reader, stdout, stderr *os.File, s settings, environ []string) int {
	pw := newPager(s, stdout, stderr, environ)
	colour := s.opt.Format == pretty.Human && s.opt.Color
	if colour || pw != nil {
		defer handleSignals(stdout, colour, pw)()
	}
	if pw == nil {
		defer watchReader(stdout)()
	}
	return renderThrough(files, stdin, stdout, stderr, s.opt, s.stats, pw, openInput)
}

// renderThrough streams every input through one renderer and returns the
// exit code, with output through the pager writer pw, when not nil:
// messages then wait for the pager to exit, and a pager the user quits
// ends the run quietly. open opens a file named.
func renderThrough(files []string, stdin io.Reader, stdout, stderr io.Writer, opt pretty.Options, stats bool, pw *pager.Writer, open func(string) (*os.File, error)) int {
	errs := stderr
	quit := func() bool { return false }
	if pw != nil {
		stdout, errs, quit = pw, pw.Stderr(stderr), pw.Quit
	}
	opt.Log = errs
	var in, out int64
	if stats {
		stdout = counter{w: stdout, n: &out}
	}
	code, ok := renderFiles(files, stdin, stdout, errs, opt, &in, stats, quit, open)
	if pw != nil {
		err := pw.Close()
		if errors.Is(err, pager.ErrFailed) {
			return ExitUsage // said by the pager's Failed
		}
		if pw.Quit() {
			return ExitOK // the user has seen enough
		}
		if err != nil && ok {
			complain(stderr, fmt.Errorf("write error: %w", err))
			return ExitUsage
		}
	}
	// A run whose output failed has nothing to compare: no claim is made.
	if stats && ok {
		fmt.Fprintln(stderr, statsLine(in, out))
	}
	return code
}

// newPager returns the pager writer for stdout, or nil when output is not
// to be paged: --pager never, auto when stdout is not a terminal, or no
// pager configured (environ has TERM=dumb for a terminal that does not say
// what it is: see terminal.Environ). A pager that fails is said, named,
// and the output written directly.
func newPager(s settings, stdout, stderr *os.File, environ []string) *pager.Writer {
	if s.pager == "never" || (s.pager == "auto" && !s.tty) {
		return nil
	}
	prog, err := pager.Find(environ)
	if err != nil {
		complain(stderr, err)
		return nil
	}
	if prog.Argv == nil {
		return nil
	}
	cols, rows := terminal.Size(stdout)
	if s.pager == "auto" && rows == 0 {
		return nil // no height to compare with
	}
	return pager.New(stdout, pager.Config{
		Always: s.pager == "always",
		Rows:   rows,
		Cols:   cols,
		Hold:   holdOutput,
		Start: func(header int) (io.WriteCloser, <-chan error, error) {
			return pager.Start(prog, header, stdout, stderr)
		},
		// The input may still be open (a stream): nothing more is wanted.
		OnQuit: func() { os.Exit(ExitOK) },
		// A pager that failed having lost output: said (Failed), and no
		// success.
		OnFail: func() { os.Exit(ExitUsage) },
		Warn: func(err error) {
			if prog.Explicit {
				complain(stderr, err)
			}
		},
		// Said whichever pager it is: one that starts and fails is broken.
		Failed: func(err error) { complain(stderr, err) },
	})
}

// renderFiles renders each file in turn; ok is false when output failed,
// which ends the run at once. quit reports that the user quit the pager:
// then a failed write is no error to report.
func renderFiles(files []string, stdin io.Reader, stdout, stderr io.Writer, opt pretty.Options, read *int64, stats bool, quit func() bool, open func(string) (*os.File, error)) (code int, ok bool) {
	rn, err := pretty.New(stdout, opt)
	if err != nil {
		complain(stderr, err) // parseSettings checked them (Options.Check): not met
		return ExitUsage, true
	}
	code = ExitOK
	for _, name := range files {
		var r io.Reader = stdin
		display := "<stdin>"
		if name != "-" {
			f, err := open(name)
			if err != nil {
				complain(stderr, notACommand(err, name))
				code = ExitUsage
				continue
			}
			defer f.Close()
			if st, err := f.Stat(); err == nil && st.IsDir() {
				complain(stderr, fmt.Errorf("%s: is a directory, not a file of JSON", name))
				code = ExitUsage
				continue
			}
			r, display = f, name
			if opt.Follow {
				r = input.Follow(f, followEvery)
			}
		}
		if stats {
			r = counter{r: r, n: read}
		}
		res, err := rn.Render(r, display)
		if res.Failed && code == ExitOK {
			code = ExitErrorReply
		}
		if err != nil {
			var ce *pretty.ColumnError
			if errors.As(err, &ce) {
				// A table flag named no column of the first table: said
				// before that table, and nothing more is shown.
				complain(stderr, err)
				return ExitUsage, true
			}
			var ie *pretty.InputError
			if !errors.As(err, &ie) {
				// Output failed (a full disk, a closed stdout, a pager the
				// user quit): nothing more can be shown.
				if !quit() {
					complain(stderr, err)
				}
				return ExitUsage, false
			}
			complain(stderr, err)
			code = ExitUsage
		}
	}
	// A --redact-key name that met no key is said, once everything is
	// shown; the exit is what the answer made it.
	for _, name := range rn.UnmatchedRedactKeys() {
		complain(stderr, fmt.Errorf("--redact-key %q matched no key of the input", name))
	}
	// A name of the table flags that met no column is a usage error, said
	// once everything is shown, with the columns there were.
	if err := rn.Unmatched(); err != nil {
		complain(stderr, err)
		code = ExitUsage
	}
	return code, true
}

// notACommand adds to the error of a file that does not exist, when its
// name is a word people try as a subcommand, what they may have meant.
func notACommand(err error, name string) error {
	if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if flag, ok := commandWords[name]; ok {
		return fmt.Errorf("%w (khive-pretty has no commands: khive-pretty %s)", err, flag)
	}
	return err
}

// commandWords are the subcommands people try, and the flag each means.
var commandWords = map[string]string{
	"help":       "--help shows the usage",
	"version":    "--version shows the version",
	"completion": "--completion bash|zsh|fish prints a completion script",
}

// complain writes an error for the person at the terminal. Its text may
// hold file names, flag names and JSON pointers from the command line or
// the input, so it is escaped like any untrusted text.
func complain(stderr io.Writer, err error) {
	fmt.Fprintf(stderr, "khive-pretty: %s\n", sanitize.String(err.Error(), 0))
}

// counter counts into n the bytes read or written through it.
type counter struct {
	r io.Reader
	w io.Writer
	n *int64
}

func (c counter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	*c.n += int64(n)
	return n, err
}

func (c counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	*c.n += int64(n)
	return n, err
}

// statsLine is --stats' report: "khive-pretty: 1872 bytes in, 1027 bytes
// out, 45.1% smaller".
func statsLine(in, out int64) string {
	s := fmt.Sprintf("khive-pretty: %d bytes in, %d bytes out", in, out)
	if in > 0 {
		pct := float64(in-out) / float64(in) * 100
		if pct >= 0 {
			s += fmt.Sprintf(", %.1f%% smaller", pct)
		} else {
			s += fmt.Sprintf(", %.1f%% larger", -pct)
		}
	}
	return s
}
