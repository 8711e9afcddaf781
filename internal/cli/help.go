package cli

import (
	"runtime"
	"runtime/debug"
	"strings"
	"unicode/utf8"

	"github.com/khive-ai/khive-pretty/internal/theme"
	"github.com/urfave/cli/v3"
)

// helpTemplate lays out --help: one call of helpText, so that showing
// help parses no template of any size and reflects on nothing (most of
// --help's time in a fresh process was urfave/cli's template machinery).
// urfave/cli's own wrap function has no width; helpText fits the text to
// the width decided once (see helpFuncs).
const helpTemplate = `{{call .Metadata.help .}}`

// seeAlso is the SEE ALSO section's text.
const seeAlso = "man khive-pretty (man -l doc/khive-pretty.1 in a clone); the repository's README.md and docs/: usage.md (every option and output), scripting.md (plain output, tsv and csv, --redact), servers.md (khive, MCP and other servers), performance.md, library.md (the pretty Go package), design.md."

// helpFuncs are the template's functions: help, fitting the text to
// width(), which is asked once, when help is shown.
func helpFuncs(width func() int) map[string]any {
	return map[string]any{
		"help": func(cmd *cli.Command) string { return helpText(cmd, max(20, min(width(), 100))) }, // long lines are hard to read
	}
}

// helpText is --help at cols columns.
func helpText(cmd *cli.Command, cols int) string {
	var b strings.Builder
	b.WriteString(fill(cmd.Name+" - "+cmd.Usage, 0, cols))
	b.WriteString("\n\nUSAGE\n")
	b.WriteString(fill(cmd.Name+" [options] "+cmd.ArgsUsage, 2, cols))
	b.WriteString("\n\n")
	b.WriteString(fill(cmd.Description, 2, cols))
	b.WriteString("\n\nOPTIONS\n")
	b.WriteString(defList(flagItems(cmd.VisibleFlags()), 2, cols))
	b.WriteString("\nEXAMPLES\n")
	for i, e := range examples() {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(wrap(e.what, "  # ", "  # ", cols))
		b.WriteString(shellLines(e.command, 2, cols))
	}
	b.WriteString("\nENVIRONMENT\n")
	b.WriteString(defList(environment(), 2, cols))
	b.WriteString("\nEXIT STATUS\n")
	b.WriteString(defList(exitCodes(), 2, cols))
	b.WriteString("\nSEE ALSO\n")
	b.WriteString(fill(seeAlso, 2, cols))
	b.WriteString("\n")
	return b.String()
}

// item is a term and its definition: a flag, a variable, an exit code.
type item struct{ term, text string }

// flagItems lists flags as in gh: "-o, --output MODE", long names aligned.
func flagItems(flags []cli.Flag) []item {
	var items []item
	for _, f := range flags {
		names, arg, text := flagDoc(f)
		term := names
		if !strings.HasPrefix(names, "-") || strings.HasPrefix(names, "--") {
			term = "    " + names
		}
		if arg != "" {
			term += " " + arg
		}
		items = append(items, item{term, text})
	}
	return items
}

// flagDoc is what --help and the man page say of a flag: its names
// ("-o, --output"), the placeholder of its value, and its description with
// the default and the environment variable.
func flagDoc(f cli.Flag) (names, arg, text string) {
	all := f.Names()
	names = "--" + all[0]
	if len(all) > 1 {
		names = "-" + all[1] + ", " + names
	}
	if d, ok := f.(cli.DocGenerationFlag); ok {
		text = d.GetUsage()
		if def := d.GetDefaultText(); def != "" {
			text += " (default: " + def + ")"
		}
		if env := d.GetEnvVars(); len(env) > 0 {
			text += "; env " + strings.Join(env, ", ")
		}
	}
	return names, placeholder(all[0]), text
}

// example is a command line worth copying, and what it does.
type example struct{ what, command string }

func examples() []example {
	return []example{
		{"A khive server's answer, for a person on a terminal (plain text when piped)",
			"curl -s localhost:8080/api/list | khive-pretty"},
		{"An MCP tool call streamed as Server-Sent Events: progress shows as it arrives",
			`curl -sN http://localhost:8000/mcp -H 'Accept: application/json, text/event-stream' -H 'Content-Type: application/json' -d @call.json | khive-pretty`},
		{"A tool call through the MCP inspector",
			"npx @modelcontextprotocol/inspector --cli node server.js --method tools/call --tool-name list | khive-pretty"},
		{"A CI snapshot: plain output is stable, and --redact labels the IDs and times a server mints anew each run",
			"khive-pretty --redact reply.json > reply.txt && git diff --exit-code reply.txt"},
		{"The rows of the answer's table alone, for a script",
			"khive-pretty tasks.json -o tsv -c id,title --no-headers | cut -f1"},
		{"Errors in a stream of replies",
			"khive-pretty replies.ndjson | grep '^error:'"},
		{"Human output in colour through a pager of your own",
			"khive-pretty -o human --color always big.json | less -R"},
	}
}

func environment() []item {
	return []item{
		{"NO_COLOR", "set (to anything): no colour under --color auto (no-color.org)"},
		{"CLICOLOR", "0: no colour under --color auto"},
		{"CLICOLOR_FORCE", "set, and not 0: colour under --color auto even when piped, also over NO_COLOR; " +
			"colour only: -o auto still gives plain output when piped"},
		{"FORCE_COLOR", "as CLICOLOR_FORCE"},
		{"TERM", "dumb, unset or empty (not on Windows): no colour under --color auto, and no less by default"},
		{"COLUMNS", "the width of human output, before the terminal's (stdout, stderr, then /dev/tty)"},
		{"KHIVE_PRETTY_NOW", "the clock for relative times, as --now"},
		{"KHIVE_PRETTY_COLORS", "recolour parts of the theme, as ROLE=SGR entries separated by : or ; " +
			"(id=2;key=34;bad=1;31); roles: " + strings.Join(theme.RoleNames(), ", ")},
		{"KHIVE_PRETTY_PAGER", "the pager, before PAGER; empty or cat: no pager"},
		{"PAGER", "the pager when KHIVE_PRETTY_PAGER is unset; else less"},
		{"LESS", "options of less; FRX when unset (quit if one screen, raw colours, no init); less gets -R either way"},
		{"LESSCHARSET", "less's character set; utf-8 unless LESSCHARSET or LESSCHARDEF is set"},
	}
}

func exitCodes() []item {
	return []item{
		{"0", "everything rendered"},
		{"1", "everything rendered, and the input reported a failure: ok: false, a JSON-RPC error, " +
			"an MCP isError result, an HTTP 4xx/5xx status"},
		{"2", "usage error, unreadable file, empty input, input that is not JSON, or a write error"},
		{"130, 143", "interrupted by Ctrl-C (SIGINT) or SIGTERM while not paging; quitting the pager early exits 0"},
	}
}

// fill wraps text to width at spaces, each line indented; paragraphs are
// separated by a blank line. A word wider than the line is not broken.
func fill(text string, indent, width int) string {
	var b strings.Builder
	for i, para := range strings.Split(text, "\n\n") {
		if i > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(wrap(para, strings.Repeat(" ", indent), strings.Repeat(" ", indent), width))
	}
	return b.String()
}

// wrap fills one paragraph: the first line starts with first, the others
// with rest.
func wrap(para, first, rest string, width int) string {
	var b strings.Builder
	b.WriteString(first)
	col, start := utf8.RuneCountInString(first), true
	for _, word := range strings.Fields(para) {
		n := utf8.RuneCountInString(word)
		if !start && col+1+n > width {
			b.WriteString("\n" + rest)
			col, start = utf8.RuneCountInString(rest), true
		}
		if !start {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(word)
		col += n
		start = false
	}
	return b.String()
}

// defList lays out terms and their definitions in two columns, the
// definitions wrapped beside the terms; when the terminal is too narrow
// for that, each definition goes under its term.
func defList(items []item, indent, width int) string {
	termWidth := 0
	for _, it := range items {
		termWidth = max(termWidth, utf8.RuneCountInString(it.term))
	}
	col := indent + termWidth + 2
	beside := width-col >= 30
	pad := strings.Repeat(" ", indent)
	var b strings.Builder
	for _, it := range items {
		if !beside {
			b.WriteString(pad + strings.TrimLeft(it.term, " ") + "\n")
			b.WriteString(wrap(it.text, pad+"    ", pad+"    ", width) + "\n")
			continue
		}
		first := pad + it.term + strings.Repeat(" ", termWidth-utf8.RuneCountInString(it.term)+2)
		b.WriteString(wrap(it.text, first, strings.Repeat(" ", col), width) + "\n")
	}
	return b.String()
}

// shellLines writes a command line fitted to width, continued with
// backslashes so that it can still be copied. Quoted words stay whole, and
// an option stays with its value where it can.
func shellLines(command string, indent, width int) string {
	pad := strings.Repeat(" ", indent)
	var b strings.Builder
	b.WriteString("\n" + pad)
	col := indent
	for i, unit := range shellUnits(shellWords(command), width-indent-4) {
		n := utf8.RuneCountInString(unit)
		if i > 0 && col+1+n+2 > width {
			b.WriteString(" \\\n" + pad + "  ")
			col = indent + 2
		} else if i > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(unit)
		col += n
	}
	return b.String() + "\n"
}

// shellUnits joins an option to the word after it ("-H 'Accept: …'"),
// unless that is an option or an operator too, or the two are wider than
// max.
func shellUnits(words []string, max int) []string {
	var units []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if strings.HasPrefix(w, "-") && i+1 < len(words) && !strings.ContainsAny(words[i+1][:1], "-|>&") &&
			utf8.RuneCountInString(w)+1+utf8.RuneCountInString(words[i+1]) <= max {
			w += " " + words[i+1]
			i++
		}
		units = append(units, w)
	}
	return units
}

// shellWords splits a command line at spaces outside quotes.
func shellWords(s string) []string {
	var words []string
	var quote rune
	start := -1
	for i, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == ' ':
			if start >= 0 {
				words = append(words, s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		words = append(words, s[start:])
	}
	return words
}

// versionText is --version: the module version, the commit it was built
// from (and whether the tree had changes), and the Go toolchain, all from
// the build information Go records in the binary.
func versionText(bi *debug.BuildInfo) string {
	if bi == nil {
		return "khive-pretty (unknown version)\n"
	}
	var rev, when, modified string
	goos, goarch := runtime.GOOS, runtime.GOARCH
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		case "GOOS":
			goos = s.Value
		case "GOARCH":
			goarch = s.Value
		}
	}
	version := bi.Main.Version
	if version == "" {
		version = "(devel)"
	}
	s := "khive-pretty " + version + "\n"
	if rev != "" {
		s += "commit " + rev[:min(12, len(rev))]
		if when != "" {
			s += " (" + when + ")"
		}
		s += modified + "\n"
	}
	return s + bi.GoVersion + " " + goos + "/" + goarch + "\n"
}
