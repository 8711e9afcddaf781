// Command khive-pretty shows the JSON that khive, MCP servers and other
// agent servers answer with in a form a person can read, and as stable
// plain text when piped.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/urfave/cli/v3"

	"github.com/khive-ai/khive-pretty/pipeline"
	"github.com/khive-ai/khive-pretty/sanitize"
	"github.com/khive-ai/khive-pretty/terminal"
)

// Exit codes, documented in the README.
const (
	exitOK         = 0
	exitErrorReply = 1 // rendered, and the input reported a failure (error envelope, JSON-RPC error, isError, HTTP 4xx/5xx)
	exitUsage      = 2 // usage error, unreadable file, or input that is not JSON
)

const usageHint = "usage: khive-pretty [flags] [FILE ...]   (reads standard input when no FILE is given)\n" +
	"       curl … | khive-pretty      khive-pretty --help for the flags\n"

// usageError is a mistake on the command line.
type usageError struct{ error }

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}

func run(args []string, stdin, stdout, stderr *os.File, getenv terminal.Getenv) int {
	code := exitOK
	cmd := &cli.Command{
		Name:      "khive-pretty",
		Usage:     "pretty-print khive and agent-server JSON",
		ArgsUsage: "[FILE ...]",
		Description: "Reads JSON documents from the FILEs (or standard input, or \"-\") and shows them for a\n" +
			"person on a terminal, or as stable plain text when piped.\n\n" +
			"Exit status: 0 rendered; 1 rendered, and the input reported a failure (ok: false, a JSON-RPC\nerror, an MCP isError result, an HTTP 4xx/5xx status);\n" +
			"2 usage error, unreadable file, or input that is not JSON.",
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: true,
		// Return errors to run instead of exiting inside the library.
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
		OnUsageError: func(_ context.Context, _ *cli.Command, err error, _ bool) error {
			return usageError{err}
		},
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Value: "auto", Usage: "auto, human, plain, markdown, json or agent; auto is human on a terminal, plain otherwise"},
			&cli.StringFlag{Name: "color", Value: "auto", Usage: "auto, always or never"},
			&cli.StringFlag{Name: "now", Usage: "the clock for relative times (RFC 3339)", Sources: cli.EnvVars("KHIVE_PRETTY_NOW")},
			&cli.IntFlag{Name: "width", Aliases: []string{"w"}, Usage: "target width of human output", DefaultText: "$COLUMNS, else the terminal's, else 80"},
			&cli.BoolFlag{Name: "ascii", Usage: "ASCII glyphs instead of Unicode"},
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "human output without shortening: full IDs, exact timestamps, no truncation"},
			&cli.BoolFlag{Name: "stats", Usage: "after rendering, print the input and output sizes and the saving to stderr"},
		},
		Action: func(_ context.Context, cmd *cli.Command) error {
			opt, err := options(cmd, stdout, getenv)
			if err != nil {
				return err
			}
			opt.Log = stderr
			files := cmd.Args().Slice()
			if len(files) == 0 {
				if terminal.IsTerminal(stdin) {
					fmt.Fprint(stderr, usageHint)
					code = exitUsage
					return nil
				}
				files = []string{"-"}
			}
			if terminal.WasClosed(stdout) {
				complain(stderr, errors.New("write error: standard output is closed"))
				code = exitUsage
				return nil
			}
			if opt.Output == pipeline.Human && opt.Color >= colorprofile.ANSI {
				defer resetOnInterrupt(stdout)()
			}
			code = render(files, stdin, stdout, stderr, opt, cmd.Bool("stats"))
			return nil
		},
	}
	if err := cmd.Run(context.Background(), args); err != nil {
		complain(stderr, err)
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprint(stderr, usageHint)
		}
		return exitUsage
	}
	return code
}

// options turns flags and the environment into the values the renderers
// take. This is the only place the clock, the terminal and the environment
// are consulted.
func options(cmd *cli.Command, stdout *os.File, getenv terminal.Getenv) (pipeline.Options, error) {
	var opt pipeline.Options
	tty := terminal.IsTerminal(stdout)
	color := cmd.String("color")
	switch color {
	case "auto", "always", "never":
	default:
		return opt, usageError{fmt.Errorf("--color must be auto, always or never, not %q", color)}
	}
	switch o := cmd.String("output"); o {
	case "human":
		opt.Output = pipeline.Human
	case "plain":
		opt.Output = pipeline.Plain
	case "markdown", "md":
		opt.Output = pipeline.Markdown
	case "json":
		opt.Output = pipeline.JSON
	case "agent":
		opt.Output = pipeline.Agent
	case "auto":
		// Asking for colour is asking for the human view, e.g. `| less -R`.
		opt.Output = pipeline.Plain
		if tty || color == "always" {
			opt.Output = pipeline.Human
		}
	default:
		return opt, usageError{fmt.Errorf("--output must be auto, human, plain, markdown, json or agent, not %q", o)}
	}
	// Flags are checked whatever the output, so a mistake shows up at once
	// rather than the day the output goes to a terminal.
	var now time.Time
	if s := cmd.String("now"); s != "" {
		t, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			return opt, usageError{fmt.Errorf("--now (or KHIVE_PRETTY_NOW) %q is not an RFC 3339 time such as 2026-05-23T16:20:00Z", s)}
		}
		now = t
	}
	width := int(cmd.Int("width"))
	if width < 0 {
		return opt, usageError{fmt.Errorf("--width must be a positive number of columns, not %d", width)}
	}
	opt.ASCII = cmd.Bool("ascii")
	opt.Verbose = cmd.Bool("verbose")
	switch opt.Output {
	case pipeline.Plain, pipeline.Markdown, pipeline.Agent:
		return opt, nil // these depend on the input alone: nothing else to ask
	}
	opt.Color = colorprofile.NoTTY
	if terminal.Color(color, tty, getenv) {
		// The theme uses the 16 basic colours, which every colour terminal
		// has, so there is nothing to detect beyond on or off.
		opt.Color = colorprofile.ANSI
	}
	if opt.Output == pipeline.JSON {
		return opt, nil
	}
	opt.Now = now
	if now.IsZero() {
		opt.Now = time.Now()
	}
	opt.Width = terminal.Width(width, getenv, stdout, tty)
	return opt, nil
}

// render streams every input through one renderer and returns the exit
// code. With stats, a last line on stderr compares the sizes of input and
// output.
func render(files []string, stdin io.Reader, stdout, stderr io.Writer, opt pipeline.Options, stats bool) int {
	var in, out counter
	if stats {
		out.w = stdout
		stdout = &out
	}
	code, ok := renderFiles(files, stdin, stdout, stderr, opt, &in.n, stats)
	// A run whose output failed has nothing to compare: no claim is made.
	if stats && ok {
		fmt.Fprintln(stderr, statsLine(in.n, out.n))
	}
	return code
}

// renderFiles renders each file in turn; ok is false when output failed,
// which ends the run at once.
func renderFiles(files []string, stdin io.Reader, stdout, stderr io.Writer, opt pipeline.Options, read *int64, stats bool) (code int, ok bool) {
	rn := pipeline.NewRenderer(stdout, opt)
	code = exitOK
	for _, name := range files {
		var r io.Reader = stdin
		display := "<stdin>"
		if name != "-" {
			f, err := os.Open(name)
			if err != nil {
				complain(stderr, err)
				code = exitUsage
				continue
			}
			r, display = f, name
			defer f.Close()
		}
		if stats {
			r = &countingReader{r: r, n: read}
		}
		res, err := rn.Stream(r, display)
		if res.Failed && code == exitOK {
			code = exitErrorReply
		}
		if err != nil {
			complain(stderr, err)
			var ie *pipeline.InputError
			if !errors.As(err, &ie) {
				// Output failed (a full disk, a closed stdout): nothing
				// more can be shown.
				return exitUsage, false
			}
			code = exitUsage
		}
	}
	return code, true
}

// complain writes an error for the person at the terminal. Its text may
// hold file names, flag names and JSON pointers from the command line or
// the input, so it is escaped like any untrusted text.
func complain(stderr io.Writer, err error) {
	fmt.Fprintf(stderr, "khive-pretty: %s\n", sanitize.String(err.Error(), 0))
}

// counter counts the bytes written through it.
type counter struct {
	w io.Writer
	n int64
}

func (c *counter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

type countingReader struct {
	r io.Reader
	n *int64
}

func (c *countingReader) Read(p []byte) (int, error) {
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
