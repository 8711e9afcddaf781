package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urfave/cli/v3"

	"github.com/khive-ai/khive-pretty/internal/steer"
)

// flags are the values of the command line's flags, which urfave/cli
// fills in as it parses (Destination): read as fields, not looked up by
// name, as each lookup walks the names of every flag (a fifth of a small
// run's own time).
type flags struct {
	output, color, pager, hyperlinks, linkFormat, now, width  string
	columns, sort, table, redactKey, completion               string
	where                                                     []string
	noHeaders, redact, ascii, verbose, follow, stats, version bool
	csvSafe                                                   bool
	// args is the command line as typed, for a usage message to name a
	// flag as it was written.
	args []string
	help helpWanted
}

// newCommand is the command line: its flags, whose values go to f, and
// the texts of --help and the man page. --help is the Action's to show
// (see helpFlag).
func newCommand(stdout, stderr io.Writer, f *flags) *cli.Command {
	return &cli.Command{
		Writer:    stdout,
		ErrWriter: stderr,
		Name:      "khive-pretty",
		Usage:     "pretty-print khive and agent-server JSON",
		ArgsUsage: "[FILE ...]",
		Description: "Reads JSON documents from the FILEs (or standard input, or \"-\") and shows them for " +
			"a person on a terminal, or as stable plain text when piped. It sees through the wrappers " +
			"agent servers put around their answers: MCP tool results, JSON-RPC, Server-Sent Events " +
			"and curl -i headers.\n\n" +
			"Output taller than the terminal goes through a pager (see --pager and ENVIRONMENT). " +
			"Flags may come before or after the files.",
		HideHelp:        true,
		HideHelpCommand: true,
		// Return errors to run instead of exiting inside the library.
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
		OnUsageError: func(_ context.Context, cmd *cli.Command, err error, _ bool) error {
			return usageMessage(err, cmd.VisibleFlags(), f.args)
		},
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Destination: &f.output, Aliases: []string{"o"}, Value: "auto", DefaultText: "auto",
				Usage: "auto, human, plain, markdown, json, agent, tsv or csv; auto is human on a terminal, plain otherwise"},
			&cli.StringFlag{Name: "color", Destination: &f.color, Value: "auto", DefaultText: "auto",
				Usage: "auto, always or never; auto colours human and json output on a terminal, unless the environment says otherwise"},
			&cli.StringFlag{Name: "pager", Destination: &f.pager, Value: "auto", DefaultText: "auto",
				Usage: "auto, always or never; auto pages output taller than the terminal"},
			&cli.StringFlag{Name: "hyperlinks", Destination: &f.hyperlinks, Value: "auto", DefaultText: "auto",
				Usage: "auto, always or never; links to files and web addresses on terminals that follow them (auto: known terminals), never when piped or without colour"},
			&cli.StringFlag{Name: "hyperlink-format", Destination: &f.linkFormat, Value: "default", DefaultText: "default",
				Usage: "where a file link points: default, file, kitty, vscode, vscode-insiders, vscodium, cursor, macvim, textmate, none, or a template of {path}, {line}, {column} and {host}"},
			&cli.StringFlag{Name: "now", Destination: &f.now, Sources: cli.EnvVars("KHIVE_PRETTY_NOW"),
				Usage: "the clock for relative times (RFC 3339), e.g. 2026-05-23T16:20:00Z"},
			&cli.StringFlag{Name: "width", Destination: &f.width, Aliases: []string{"w"}, DefaultText: "$COLUMNS, else the terminal's, else 80",
				Usage: "target width of human output in columns"},
			&cli.StringFlag{Name: "columns", Destination: &f.columns, Aliases: []string{"c"},
				Usage: "the columns of tables: names as headers show them, comma-separated (id,status,title); +name adds one, -name leaves one out"},
			&cli.StringFlag{Name: "sort", Destination: &f.sort,
				Usage: "sort table rows by columns, comma-separated, -name descending: priorities p0 first, statuses in workflow order, times and numbers by value, empty last"},
			&cli.StringSliceFlag{Name: "where", Destination: &f.where,
				Usage: "keep the rows for which NAME OP VALUE holds (OP: = != < <= > >= ~ !~); repeat to require several"},
			&cli.BoolFlag{Name: "no-headers", Destination: &f.noHeaders, Usage: "leave out the header lines of tables (human, plain, tsv and csv output)"},
			&cli.StringFlag{Name: "table", Destination: &f.table,
				Usage: "the table -o tsv and -o csv write, where the answer holds several: its key (relations) or path (results[1].items)"},
			&cli.BoolFlag{Name: "csv-safe", Destination: &f.csvSafe,
				Usage: "in -o csv, put a ' before a cell a spreadsheet would run as a formula (=, +, -, @); off by default, as it changes values"},
			&cli.BoolFlag{Name: "redact", Destination: &f.redact, Usage: "replace IDs and timestamps with <id-1>, <time-1> … numbered by first appearance, for snapshots that do not change every run"},
			&cli.StringFlag{Name: "redact-key", Destination: &f.redactKey,
				Usage: "also replace the values of these keys or paths with <KEY>, comma-separated (latency_ms,meta.took); implies --redact"},
			&cli.BoolFlag{Name: "ascii", Destination: &f.ascii, Usage: "ASCII glyphs and borders instead of Unicode"},
			&cli.BoolFlag{Name: "verbose", Destination: &f.verbose, Aliases: []string{"v"},
				Usage: "human output without shortening: full IDs, exact timestamps, no truncation"},
			&cli.BoolFlag{Name: "follow", Destination: &f.follow, Aliases: []string{"f"},
				Usage: "keep reading FILE as it grows, as tail -f does; records of the same shape grow one table"},
			&cli.BoolFlag{Name: "stats", Destination: &f.stats, Usage: "after rendering, print the input and output sizes and the saving to stderr"},
			&cli.BoolFlag{Name: "version", Destination: &f.version, Aliases: []string{"V"}, Usage: "print the version, commit and Go version, and exit"},
			&helpFlag{Name: "help", Destination: &f.help, Aliases: []string{"h"}, Usage: "show this help"},
			&cli.StringFlag{Name: "completion", Destination: &f.completion,
				Usage: "print the completion script for bash, zsh or fish (see docs/usage.md)"},
		},
	}
}

// placeholders name the value of a flag in --help and the man page.
var placeholders = [...]struct{ flag, name string }{
	{"output", "MODE"}, {"color", "WHEN"}, {"pager", "WHEN"}, {"hyperlinks", "WHEN"}, {"hyperlink-format", "FORMAT"},
	{"now", "TIME"}, {"width", "N"}, {"columns", "NAMES"}, {"sort", "NAMES"}, {"table", "NAME"}, {"redact-key", "KEYS"},
	{"where", "COND"}, {"completion", "SHELL"},
}

// placeholder names the value of flag; "" for a flag that takes none.
func placeholder(flag string) string {
	for _, p := range placeholders {
		if p.flag == flag {
			return p.name
		}
	}
	return ""
}

// choice is a value a flag takes, with what it means (shown by shell
// completion).
type choice struct{ name, help string }

// flagChoices are the values of a flag, for checking, suggesting and
// completing them; nil for a flag whose value is free.
func flagChoices(flag string) []choice {
	switch flag {
	case "output":
		return []choice{
			{"auto", "human on a terminal, plain otherwise"},
			{"human", "for a person: tables, glyphs, relative times"},
			{"plain", "stable lossless text for scripts and snapshots"},
			{"markdown", "for a pull request, an issue or a prompt"},
			{"json", "the input re-indented, losslessly"},
			{"agent", "compact JSON with fewer tokens for an LLM"},
			{"tsv", "the rows of the answer's table, tab-separated"},
			{"csv", "the rows of the answer's table, as CSV"},
		}
	case "color":
		return []choice{
			{"auto", "on a terminal, unless the environment says otherwise"},
			{"always", "colour even when piped"},
			{"never", "no colour"},
		}
	case "pager":
		return []choice{
			{"auto", "page output taller than the terminal"},
			{"always", "page all output"},
			{"never", "never page"},
		}
	case "hyperlinks":
		return []choice{
			{"auto", "on terminals known to follow links"},
			{"always", "on any terminal"},
			{"never", "no links"},
		}
	case "completion":
		return []choice{{"bash", "Bash"}, {"zsh", "Zsh"}, {"fish", "fish"}}
	}
	return nil
}

// checkChoice accepts value for flag if it is one of its choices (or an
// alias in extra), else says what it must be and guesses what was meant.
func checkChoice(flag, value string, extra ...string) error {
	names := choiceNames(flag)
	if slices.Contains(names, value) || slices.Contains(extra, value) {
		return nil
	}
	msg := fmt.Sprintf("--%s must be %s, not %q", flag, orList(names), value)
	if s := steer.Suggest(value, names); s != "" {
		msg += " (did you mean " + s + "?)"
	}
	return usageError{errors.New(msg)}
}

// choiceNames are the names of flag's choices; nil for a free value.
func choiceNames(flag string) []string {
	var names []string
	for _, c := range flagChoices(flag) {
		names = append(names, c.name)
	}
	return names
}

// orList is "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// usageMessage rewrites the parser's errors for a person: flags named with
// two dashes, a guess at a mistyped flag, no Go internals.
func usageMessage(err error, flags []cli.Flag, args []string) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		s := "unknown flag " + typed(name, args)
		var names []string
		for _, f := range flags {
			names = append(names, f.Names()...)
		}
		if g := steer.Suggest(name, names); g != "" {
			s += " (did you mean " + dashed(g) + "?)"
		}
		return usageError{errors.New(s)}
	}
	if arg, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		name := longName(strings.TrimLeft(arg, "-"), flags)
		s := "--" + name + " needs a value"
		if names := choiceNames(name); names != nil {
			s += ": " + orList(names)
		} else if p := placeholder(name); p != "" {
			s += " (" + p + ")"
		}
		return usageError{errors.New(s)}
	}
	// invalid value "maybe" for flag -ascii: parse error
	if rest, ok := strings.CutPrefix(msg, "invalid value "); ok {
		if value, err := strconv.QuotedPrefix(rest); err == nil {
			if name, ok := strings.CutPrefix(rest[len(value):], " for flag -"); ok {
				name, _, _ = strings.Cut(name, ":")
				name = longName(name, flags)
				return usageError{fmt.Errorf("--%s takes no value (or true or false), not %s", name, value)}
			}
		}
	}
	return usageError{err}
}

// typed is flag name as the command line has it (-xyz, --xyz), or
// dashed when it is not there as such.
func typed(name string, args []string) string {
	for _, a := range args {
		if a == "--" {
			break
		}
		if flag, _, _ := strings.Cut(a, "="); strings.HasPrefix(flag, "-") && strings.TrimLeft(flag, "-") == name {
			return flag
		}
	}
	return dashed(name)
}

// dashed is a flag name as typed: -o, --output.
func dashed(name string) string {
	if utf8.RuneCountInString(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// longName is the first (long) name of the flag called name.
func longName(name string, flags []cli.Flag) string {
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return f.Names()[0]
			}
		}
	}
	return name
}
